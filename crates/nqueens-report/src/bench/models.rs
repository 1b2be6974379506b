//! What one run of a case is expected to take: a strategy's variant's cost model
//! ([`variant_cost`]), and the bench's own cases' ([`bench_model`]), read by the bench's
//! budget and by `compare`'s skip rule alike.

use nqueens_core::{CostModel, Operation, Variant};

use crate::group::{ONCE, VALIDATE, YARDSTICK};

/// The cost model a variant declares for `operation` (counting and listing read its count
/// model, a first solution its first); `None` when it declares none: a bench case is then
/// planned at every size and estimated at the cap, and `compare` scales its times linearly.
pub fn variant_cost(variant: &'static Variant, operation: Operation) -> Option<&'static CostModel> {
    Some(variant.cost.of(operation)).filter(|model| model.is_known())
}

/// The cost model of a variant's completion of given queens (the bench's completion
/// instances), if it declares one.
pub fn completion_cost(variant: &'static Variant) -> Option<&'static CostModel> {
    Some(&variant.cost.completion).filter(|model| model.is_known())
}

/// Expected seconds of one run of the bench's own cases, by group and case label: the medians
/// of the full run on the 2-core reference machine (`reports/README.md`), rounded up. A case
/// without a line is planned at every size of its grid and estimated at the cap.
#[rustfmt::skip]
const BENCH_MODELS: &[(&str, &str, CostModel)] = &[
    (VALIDATE, "validate", CostModel::power(&[(1_000, 1.1e-5), (1_000_000, 0.01)], 1.0)),
    // The yardsticks: C programs timed as processes beside their Rust counterparts.
    (YARDSTICK, "count.c", CostModel::per_row(&[(12, 4e-3), (16, 3.75), (17, 29.5)], 8.0)),
    (YARDSTICK, "bitmask", CostModel::per_row(&[(12, 2.3e-3), (16, 3.4), (17, 25.5)], 7.5)),
    (YARDSTICK, "symmetry-t1", CostModel::per_row(&[(12, 2e-3), (16, 1.28), (17, 9.0)], 7.0)),
    (YARDSTICK, "symmetry-t2", CostModel::per_row(&[(12, 1.5e-3), (16, 0.64), (17, 4.7)], 7.0)),
    // n = 16 to 19: by hand on the same machine type (one thread, 2026-11-27, the avx2-pext
    // kernel), rounded up; two threads at n = 18 and 19: a little over half of one thread's,
    // as at n = 16 and 17, until a run measures them.
    (YARDSTICK, "quadrants-t1", CostModel::per_row(&[(12, 2e-3), (16, 0.15), (17, 1.4), (18, 4.2), (19, 32.0)], 8.0)),
    (YARDSTICK, "quadrants-t2", CostModel::per_row(&[(12, 1.5e-3), (16, 0.08), (17, 0.75), (18, 2.2), (19, 16.0)], 8.0)),
    (YARDSTICK, "permutations.c", CostModel::per_row(&[(10, 0.05), (12, 4.85)], 12.0)),
    (YARDSTICK, "permutation", CostModel::per_row(&[(10, 0.012), (12, 1.3)], 12.0)),
    // The once group: a sweep's sum, a goal's one run (with the validation).
    (ONCE, "warnsdorff", CostModel::wall(&[(1_000, 1.0)])),
    (ONCE, "min-conflicts", CostModel::power(&[(100_000_000, 8.0)], 1.1)),
];

/// The cost model of the bench's own case `label` in `group`, if it has one.
pub fn bench_model(group: &str, label: &str) -> Option<&'static CostModel> {
    BENCH_MODELS
        .iter()
        .find(|(g, l, _)| *g == group && *l == label)
        .map(|(_, _, m)| m)
}
