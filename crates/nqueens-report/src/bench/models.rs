//! What one run of a case is expected to take: a strategy's variant's cost model
//! ([`variant_cost`]), and the bench's own cases' ([`bench_model`]), read by the bench's
//! budget and by `compare`'s skip rule alike.

use nqueens_core::{Operation, Solver, Variant};

use super::plan::Case;
use crate::group::{COUNT_ALL, FIRST_SOLUTION, LITERATURE, ONCE, VALIDATE, YARDSTICK};

/// How one run's time grows past the last measured size.
#[derive(Clone, Copy, Debug)]
pub enum Growth {
    /// By this factor per extra row (exhaustive searches).
    PerRow(f64),
    /// As n to this power (constructions, local search).
    Power(f64),
    /// Not at all within any budget (a search in lexicographic order past its wall).
    Wall,
}

/// Expected seconds of one run on one thread against n: measured points, joined
/// geometrically, and the growth past the last. A randomized case's points are means over
/// seeds.
#[derive(Clone, Copy, Debug)]
pub struct CostModel {
    /// (n, seconds of one run), by increasing n.
    pub points: &'static [(usize, f64)],
    /// Growth past the last point.
    pub beyond: Growth,
}

impl CostModel {
    /// Expected seconds of one run at `n` (infinite past a wall); `None` without points.
    pub fn seconds(&self, n: usize) -> Option<f64> {
        let &(first_n, first_t) = self.points.first()?;
        if n <= first_n {
            return Some(first_t);
        }
        for pair in self.points.windows(2) {
            let ((n0, t0), (n1, t1)) = (pair[0], pair[1]);
            if n <= n1 {
                // Geometric in n between two measured sizes.
                let at =
                    ((n as f64).ln() - (n0 as f64).ln()) / ((n1 as f64).ln() - (n0 as f64).ln());
                return Some(t0 * (t1 / t0).powf(at));
            }
        }
        let (last_n, last_t) = self.points[self.points.len() - 1];
        Some(match self.beyond {
            Growth::PerRow(g) => last_t * g.powi((n - last_n) as i32),
            Growth::Power(k) => last_t * (n as f64 / last_n as f64).powf(k),
            Growth::Wall => f64::INFINITY,
        })
    }
}

const fn per_row(points: &'static [(usize, f64)], g: f64) -> CostModel {
    CostModel {
        points,
        beyond: Growth::PerRow(g),
    }
}

const fn power(points: &'static [(usize, f64)], k: f64) -> CostModel {
    CostModel {
        points,
        beyond: Growth::Power(k),
    }
}

const fn wall(points: &'static [(usize, f64)]) -> CostModel {
    CostModel {
        points,
        beyond: Growth::Wall,
    }
}

/// The expected cost of one run of a bench case: the cost model its strategy declares for
/// its variant ([`variant_cost`]).
pub fn strategy_model(case: &Case<'_>, operation: Operation) -> Option<&'static CostModel> {
    variant_cost(case.solver, case.variant, operation)
}

/// The cost model a strategy declares for one of its variants and `operation` (counting and
/// listing read its count model, a first solution its first); `None` when it declares none:
/// a bench case is then planned at every size and estimated at the cap, and `compare` scales
/// its times linearly.
pub fn variant_cost(
    solver: &dyn Solver,
    variant: &'static Variant,
    operation: Operation,
) -> Option<&'static CostModel> {
    let group = match operation {
        Operation::Count | Operation::List => COUNT_ALL,
        Operation::First => FIRST_SOLUTION,
    };
    let is_default = solver
        .capabilities()
        .variants
        .first()
        .is_some_and(|first| std::ptr::eq(first, variant));
    let label = super::label(solver.name(), variant, is_default);
    STRATEGY_MODELS
        .iter()
        .find(|(g, l, _)| *g == group && *l == label)
        .map(|(_, _, m)| m)
}

/// Until the strategies declare their cost beside their limits: the `count_all` and
/// `first_solution` medians of the full run on the 2-core reference machine (AMD EPYC,
/// `reports/README.md` of 2026-11-24/25; randomized cases: means over the seeds), rounded up.
#[rustfmt::skip]
const STRATEGY_MODELS: &[(&str, &str, CostModel)] = &[
    (COUNT_ALL, "vector", per_row(&[(4, 3e-7), (8, 1.3e-4), (12, 0.09), (14, 3.8)], 6.0)),
    (COUNT_ALL, "bitmask", per_row(&[(4, 1e-7), (8, 2.5e-6), (12, 2.3e-3), (14, 0.075), (16, 3.5)], 6.4)),
    (COUNT_ALL, "permutation", per_row(&[(4, 2e-7), (8, 1.2e-4), (11, 0.16), (12, 1.3)], 12.0)),
    (COUNT_ALL, "symmetry", per_row(&[(4, 2.5e-4), (11, 5e-4), (13, 4.3e-3), (15, 0.115), (16, 0.73)], 6.0)),
    (COUNT_ALL, "quadrants", per_row(&[(4, 2.5e-4), (10, 4.2e-4), (13, 4.3e-3), (15, 0.05), (16, 0.115)], 3.3)),
    (COUNT_ALL, "warnsdorff-faithful", per_row(&[(4, 1e-6), (8, 1.2e-4), (12, 0.056), (14, 1.6)], 5.3)),
    (COUNT_ALL, "breadth", per_row(&[(4, 2e-7), (8, 3.2e-5), (12, 0.027), (13, 0.155), (14, 1.35)], 7.0)),
    (COUNT_ALL, "dlx", per_row(&[(4, 4e-6), (8, 3.3e-4), (12, 0.086), (13, 0.37), (14, 1.8)], 5.0)),
    (COUNT_ALL, "sat", per_row(&[(4, 1e-3), (8, 0.012), (10, 0.103), (11, 0.39), (12, 2.2)], 5.0)),
    (COUNT_ALL, "sat-ladder", per_row(&[(4, 4e-4), (8, 0.016), (10, 0.21), (11, 0.65), (12, 5.4)], 6.0)),
    (COUNT_ALL, "sat-bitwise", per_row(&[(4, 4e-4), (8, 0.018), (10, 0.35), (11, 0.84), (12, 4.6)], 5.0)),
    (COUNT_ALL, "sat-commander", per_row(&[(4, 2e-3), (8, 9.5e-3), (10, 0.12), (11, 0.47), (12, 3.2)], 6.0)),
    (COUNT_ALL, "sat-bimander", per_row(&[(4, 4e-4), (8, 0.017), (10, 0.23), (11, 0.79), (12, 3.7)], 5.0)),
    (COUNT_ALL, "cp", per_row(&[(4, 6e-4), (6, 0.016), (7, 0.065), (8, 0.26), (9, 3.2)], 10.0)),
    (COUNT_ALL, "cp-first-fail", per_row(&[(4, 3e-4), (7, 7e-3), (8, 0.026), (9, 0.14), (10, 0.85)], 6.0)),
    (FIRST_SOLUTION, "vector", wall(&[(8, 1e-5), (16, 3.9e-3), (30, 25.0)])),
    (FIRST_SOLUTION, "bitmask", wall(&[(8, 2e-6), (16, 2e-4), (30, 1.12)])),
    (FIRST_SOLUTION, "permutation", per_row(&[(8, 1.4e-5)], 12.0)),
    (FIRST_SOLUTION, "warnsdorff-faithful", wall(&[(8, 7e-6), (30, 1.1e-5), (100, 5.8)])),
    (FIRST_SOLUTION, "breadth", wall(&[(8, 8.6e-5)])),
    (FIRST_SOLUTION, "dlx", power(&[(8, 1.5e-5), (16, 5.5e-5), (30, 1.1e-4)], 2.0)),
    (FIRST_SOLUTION, "sat", power(&[(8, 1.3e-3), (16, 0.02), (30, 0.11), (100, 4.8)], 3.0)),
    (FIRST_SOLUTION, "sat-ladder", power(&[(8, 1.1e-3), (16, 0.011), (30, 0.49), (100, 3.6)], 3.0)),
    (FIRST_SOLUTION, "sat-bitwise", power(&[(8, 2.4e-3), (16, 0.016), (30, 0.22), (100, 0.71)], 3.0)),
    (FIRST_SOLUTION, "sat-commander", power(&[(8, 5.2e-4), (16, 0.012), (30, 0.036), (100, 1.6)], 3.0)),
    (FIRST_SOLUTION, "sat-bimander", power(&[(8, 5.1e-4), (16, 8.2e-3), (30, 0.133), (100, 0.54)], 3.0)),
    (FIRST_SOLUTION, "cp", power(&[(8, 2.1e-4), (16, 4.1e-4), (30, 0.082)], 4.0)),
    (FIRST_SOLUTION, "cp-first-fail", power(&[(8, 6.6e-4), (16, 6.3e-4), (30, 7e-3)], 4.0)),
    (FIRST_SOLUTION, "warnsdorff", power(&[(8, 2e-5), (100, 6e-5), (300, 2e-4), (1_000, 5e-3), (3_000, 0.02), (10_000, 0.32), (30_000, 1.4)], 2.0)),
    (FIRST_SOLUTION, "astar", power(&[(8, 2e-5), (16, 1e-4), (30, 7e-4), (100, 0.055)], 3.5)),
    (FIRST_SOLUTION, "astar-row", wall(&[(8, 1.8e-5), (16, 2.9e-3)])),
    (FIRST_SOLUTION, "astar-square", wall(&[(8, 1.6e-3)])),
    (FIRST_SOLUTION, "construction", power(&[(8, 4e-7), (1_000, 1.2e-5), (100_000, 7.4e-4), (1_000_000, 0.013), (10_000_000, 0.195), (100_000_000, 1.85)], 1.1)),
    (FIRST_SOLUTION, "min-conflicts", power(&[(8, 4e-4), (16, 4e-4), (100, 5e-5), (1_000, 1.2e-4), (10_000, 1e-3), (100_000, 3.4e-3), (1_000_000, 0.04), (3_000_000, 0.1), (10_000_000, 0.4), (100_000_000, 4.0)], 1.1)),
    (FIRST_SOLUTION, "annealing", power(&[(8, 2.6e-5), (100, 7.3e-4), (1_000, 5.8e-3), (10_000, 0.08), (30_000, 0.38), (100_000, 2.1)], 1.5)),
    (FIRST_SOLUTION, "annealing-quench", power(&[(8, 5.2e-6), (100, 1.7e-4), (1_000, 2.8e-3), (10_000, 0.06), (30_000, 0.42), (100_000, 2.7)], 1.5)),
    (FIRST_SOLUTION, "genetic", power(&[(8, 5e-5), (16, 6.7e-4), (30, 5.1e-3), (100, 0.058), (300, 0.34), (1_000, 4.4)], 2.0)),
    (FIRST_SOLUTION, "genetic-mutation", power(&[(8, 4e-5), (16, 1.5e-3), (30, 1.9e-3), (100, 0.026), (300, 0.27), (1_000, 2.3)], 2.0)),
    (FIRST_SOLUTION, "hill-climbing", power(&[(8, 4.3e-5), (16, 7.2e-5), (30, 1.3e-4), (100, 1.2e-3), (300, 0.022), (1_000, 0.72)], 3.0)),
    (FIRST_SOLUTION, "hill-climbing-first-choice", power(&[(8, 3.8e-5), (16, 1.3e-4), (30, 6.5e-4), (100, 0.056), (1_000, 1.2)], 3.0)),
    (FIRST_SOLUTION, "hill-climbing-steepest", power(&[(8, 3.2e-5), (16, 3.2e-4), (30, 7.3e-3)], 4.0)),
];

/// Expected seconds of one run of the bench's own cases (the validator, the yardsticks, the
/// `once` goals, the literature's batches), by group and case label: measured as above. A
/// case without a line is planned at every size of its grid and estimated at the cap, and
/// its probe (see `probe.rs` in the bench) still stops its series at the first run past the
/// budget.
#[rustfmt::skip]
const BENCH_MODELS: &[(&str, &str, CostModel)] = &[
    (VALIDATE, "validate", power(&[(1_000, 1.1e-5), (1_000_000, 0.01)], 1.0)),
    // The yardsticks: C programs timed as processes beside their Rust counterparts.
    (YARDSTICK, "count.c", per_row(&[(12, 4e-3), (16, 3.75), (17, 29.5)], 8.0)),
    (YARDSTICK, "bitmask", per_row(&[(12, 2.3e-3), (16, 3.4), (17, 25.5)], 7.5)),
    (YARDSTICK, "symmetry-t1", per_row(&[(12, 2e-3), (16, 1.28), (17, 9.0)], 7.0)),
    (YARDSTICK, "symmetry-t2", per_row(&[(12, 1.5e-3), (16, 0.64), (17, 4.7)], 7.0)),
    // n = 16 to 19: by hand on the same machine type (one thread, 2026-11-27, the avx2-pext
    // kernel), rounded up; two threads at n = 18 and 19: a little over half of one thread's,
    // as at n = 16 and 17, until a run measures them.
    (YARDSTICK, "quadrants-t1", per_row(&[(12, 2e-3), (16, 0.15), (17, 1.4), (18, 4.2), (19, 32.0)], 8.0)),
    (YARDSTICK, "quadrants-t2", per_row(&[(12, 1.5e-3), (16, 0.08), (17, 0.75), (18, 2.2), (19, 16.0)], 8.0)),
    (YARDSTICK, "permutations.c", per_row(&[(10, 0.05), (12, 4.85)], 12.0)),
    (YARDSTICK, "permutation", per_row(&[(10, 0.012), (12, 1.3)], 12.0)),
    // The once group: a sweep's sum, a goal's one run (with the validation).
    (ONCE, "warnsdorff", wall(&[(1_000, 1.0)])),
    (ONCE, "min-conflicts", power(&[(100_000_000, 8.0)], 1.1)),
    // The literature group, statistics only: a hill-climbing run is one batch of 200 seeds at
    // n = 8; a min-conflicts run is one seed.
    (LITERATURE, "hill-climbing", power(&[(8, 1.5e-3)], 1.0)),
    (LITERATURE, "hill-climbing-steepest", power(&[(8, 2.5e-3)], 1.0)),
    (LITERATURE, "hill-climbing-first-choice", power(&[(8, 1.5e-3)], 1.0)),
    (LITERATURE, "min-conflicts", power(&[(1_000, 1e-4), (1_000_000, 0.04), (3_000_000, 0.1)], 1.1)),
];

/// The cost model of the bench's own case `label` in `group`, if it has one.
pub fn bench_model(group: &str, label: &str) -> Option<&'static CostModel> {
    BENCH_MODELS
        .iter()
        .find(|(g, l, _)| *g == group && *l == label)
        .map(|(_, _, m)| m)
}
