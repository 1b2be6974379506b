//! The time budget of a run: what one run of each case is expected to take (a strategy's own
//! cost model, [`strategy_model`]; the bench's own cases', [`bench_model`]), which sizes each
//! series keeps under the profile's cap, what each planned case costs with criterion's
//! sampling, the total printed at the start, and the progress printed while the run goes on.

use std::time::Instant;

use nqueens_core::{Operation, Solver, Variant};
use nqueens_run::Registry;

use super::plan::{Case, Plan};
use crate::format_seconds;
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

/// Criterion's own work per case beyond the runs: the bootstrap of its estimates (and of the
/// comparison with the previous run's, when there is one) and the writing of its files.
pub const ANALYSIS_SECONDS: f64 = 0.12;

/// Expected wall time of one case whose run takes `run` seconds: `probes` probe runs, then
/// criterion's warm-up and samples (see `tune` in the bench's `groups.rs`) and its analysis.
pub fn case_seconds(plan: &Plan, run: f64, probes: usize) -> f64 {
    let s = plan.sampling;
    let measured = if is_fast(plan, run) {
        s.warm_up.as_secs_f64() + s.measurement.as_secs_f64()
    } else {
        // One run of warm-up, one run per sample.
        run + (s.slow_samples as f64 * run * 1.05).max(s.measurement.as_secs_f64())
    };
    run * probes as f64 + measured + ANALYSIS_SECONDS
}

/// Whether criterion's linear sampling (1 + 2 + ... + 10 = 55 runs at least) fits the
/// measurement window: else the case is sampled flat, one run per sample.
pub fn is_fast(plan: &Plan, run: f64) -> bool {
    run * 55.0 <= plan.sampling.measurement.as_secs_f64()
}

/// A case and the sizes the plan runs it at.
pub struct Series<'r> {
    /// The strategy variant.
    pub case: Case<'r>,
    /// Its sizes, increasing.
    pub sizes: Vec<usize>,
}

/// How far past the cap a search that hits a wall (lexicographic backtracking) may go: its
/// last size before the wall is where its family stops scaling, which the report shows.
const WALL_STRETCH: f64 = 4.0;

/// The sizes of `grid` a case runs at: those its variant accepts for `operation`, that the
/// filter selects, and whose expected run fits the cap (every size without a model; up to
/// [`WALL_STRETCH`] times the cap before a wall).
fn sizes(
    plan: &Plan,
    group: &str,
    case: &Case<'_>,
    operation: Operation,
    grid: &[usize],
) -> Vec<usize> {
    let model = strategy_model(case, operation);
    grid.iter()
        .copied()
        .filter(|&n| case.accepts(operation, n))
        .filter(|&n| plan.selected(group, &case.label, n))
        .filter(|&n| {
            model.is_none_or(|m| {
                let cap = match m.beyond {
                    Growth::Wall => plan.cap * WALL_STRETCH,
                    _ => plan.cap,
                };
                m.seconds(n).is_none_or(|seconds| seconds <= cap)
            })
        })
        .collect()
}

/// The `count_all` series: every variant that counts.
pub fn count_series<'r>(plan: &Plan, registry: &'r Registry) -> Vec<Series<'r>> {
    series(
        plan,
        registry,
        COUNT_ALL,
        Operation::Count,
        &plan.count_sizes,
    )
}

/// The `first_solution` series: every variant that finds.
pub fn first_series<'r>(plan: &Plan, registry: &'r Registry) -> Vec<Series<'r>> {
    series(
        plan,
        registry,
        FIRST_SOLUTION,
        Operation::First,
        &plan.first_sizes,
    )
}

fn series<'r>(
    plan: &Plan,
    registry: &'r Registry,
    group: &str,
    operation: Operation,
    grid: &[usize],
) -> Vec<Series<'r>> {
    plan.cases(registry)
        .into_iter()
        .map(|case| Series {
            sizes: sizes(plan, group, &case, operation, grid),
            case,
        })
        .filter(|s| !s.sizes.is_empty())
        .collect()
}

/// One planned case: its id and what it is expected to cost.
#[derive(Clone, Debug)]
struct Planned {
    /// `group/label/n` (or `group/label` for a case without a size).
    id: String,
    /// `group/label`: a series dropped after a run past the budget drops all its cases.
    series: String,
    /// Expected seconds.
    seconds: f64,
    /// Whether a cost model gave the estimate (else it is the cap).
    modelled: bool,
    state: State,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Pending,
    Done,
    Dropped,
}

/// The planned cases of a run, their estimated cost, and the progress through them.
pub struct Budget {
    planned: Vec<Planned>,
    started: Instant,
    /// Whether progress lines are printed (bench mode).
    verbose: bool,
}

impl Budget {
    /// An empty budget.
    pub fn new(verbose: bool) -> Self {
        Self {
            planned: Vec::new(),
            started: Instant::now(),
            verbose,
        }
    }

    /// Plans one case of `group`: `label` at parameter `param` (a size; empty for a case
    /// without one), whose run takes `run` seconds (`None`: no model, estimated at the plan's
    /// cap), probed `probes` times, sampled by criterion or not.
    #[allow(clippy::too_many_arguments)]
    pub fn plan(
        &mut self,
        plan: &Plan,
        group: &str,
        label: &str,
        param: &str,
        run: Option<f64>,
        probes: usize,
        sampled: bool,
    ) {
        let seconds = run.unwrap_or(plan.cap.min(1.0));
        let cost = if sampled {
            case_seconds(plan, seconds, probes)
        } else {
            seconds * probes as f64
        };
        self.planned.push(Planned {
            id: case_id(group, label, param),
            series: format!("{group}/{label}"),
            seconds: cost,
            modelled: run.is_some(),
            state: State::Pending,
        });
    }

    /// Plans a count or first-solution series, each size costed by the case's model.
    pub fn plan_series(&mut self, plan: &Plan, group: &str, series: &[Series<'_>]) {
        let operation = if group == COUNT_ALL {
            Operation::Count
        } else {
            Operation::First
        };
        for s in series {
            let model = strategy_model(&s.case, operation);
            let probes = if group == FIRST_SOLUTION && s.case.variant.randomized {
                plan.seeds.len()
            } else {
                1
            };
            for &n in &s.sizes {
                let run = model.and_then(|m| m.seconds(n));
                self.plan(
                    plan,
                    group,
                    &s.case.label,
                    &n.to_string(),
                    run,
                    probes,
                    true,
                );
            }
        }
    }

    /// Expected seconds of everything still pending.
    fn pending(&self) -> f64 {
        self.planned
            .iter()
            .filter(|p| p.state == State::Pending)
            .map(|p| p.seconds)
            .sum()
    }

    /// The plan's total by group, printed at the start.
    pub fn print_total(&self, profile: &str) {
        let mut groups: Vec<(String, usize, f64, usize)> = Vec::new();
        for p in &self.planned {
            let group = p.id.split('/').next().unwrap_or("").to_string();
            match groups.iter_mut().find(|g| g.0 == group) {
                Some(g) => {
                    g.1 += 1;
                    g.2 += p.seconds;
                    g.3 += usize::from(!p.modelled);
                }
                None => groups.push((group, 1, p.seconds, usize::from(!p.modelled))),
            }
        }
        let total: f64 = groups.iter().map(|g| g.2).sum();
        eprintln!(
            "nqueens bench: {profile} profile: {} cases, estimated {} in all",
            self.planned.len(),
            minutes(total)
        );
        for (group, count, seconds, unmodelled) in groups {
            let note = if unmodelled > 0 {
                format!(" ({unmodelled} without a cost model, counted at the cap)")
            } else {
                String::new()
            };
            eprintln!(
                "  {group:<15} {count:>4} cases  {:>9}{note}",
                minutes(seconds)
            );
        }
    }

    /// The planned cases, `group/label/n` (or `group/label`), in plan order: what
    /// `cargo bench -- --list` prints.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.planned.iter().map(|p| p.id.as_str())
    }

    /// The estimate of the whole plan, in seconds.
    pub fn total(&self) -> f64 {
        self.planned.iter().map(|p| p.seconds).sum()
    }

    /// How many cases are planned, and how many are done.
    pub fn counts(&self) -> (usize, usize) {
        let done = self
            .planned
            .iter()
            .filter(|p| p.state == State::Done)
            .count();
        (self.planned.len(), done)
    }

    /// Marks a case started and prints where the run is: the case, how many are left, and the
    /// expected remaining time (the estimate, scaled by how the run has kept to it so far).
    pub fn start(&mut self, group: &str, label: &str, param: &str) {
        let id = case_id(group, label, param);
        // The case before it is done once the next one starts.
        let Some(at) = self
            .planned
            .iter()
            .position(|p| p.id == id && p.state == State::Pending)
        else {
            if self.verbose {
                eprintln!("nqueens bench: {id} (not in the plan)");
            }
            return;
        };
        let done_before: f64 = self
            .planned
            .iter()
            .filter(|p| p.state == State::Done)
            .map(|p| p.seconds)
            .sum();
        let elapsed = self.started.elapsed().as_secs_f64();
        let pace = if done_before > 20.0 {
            (elapsed / done_before).clamp(0.25, 8.0)
        } else {
            1.0
        };
        let left = self.pending() * pace;
        self.planned[at].state = State::Done;
        if self.verbose {
            let (total, done) = self.counts();
            let waiting = self
                .planned
                .iter()
                .filter(|p| p.state == State::Pending)
                .count();
            eprintln!(
                "nqueens bench: [{done}/{total}, {waiting} to go] {id} · est. {} · about {} left",
                format_seconds(self.planned[at].seconds),
                minutes(left)
            );
        }
    }

    /// Drops the pending cases of a series (its run went past the budget).
    pub fn drop_series(&mut self, group: &str, label: &str) {
        let series = format!("{group}/{label}");
        for p in &mut self.planned {
            if p.series == series && p.state == State::Pending {
                p.state = State::Dropped;
            }
        }
    }
}

/// `group/label/param`, or `group/label` without a parameter.
fn case_id(group: &str, label: &str, param: &str) -> String {
    if param.is_empty() {
        format!("{group}/{label}")
    } else {
        format!("{group}/{label}/{param}")
    }
}

/// `7 min 40 s`, `25 s`.
pub fn minutes(seconds: f64) -> String {
    let s = seconds.round() as u64;
    if s >= 60 {
        format!("{} min {:02} s", s / 60, s % 60)
    } else {
        format!("{s} s")
    }
}
