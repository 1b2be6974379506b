//! What one run of a case is expected to take: a strategy's variant's cost model
//! ([`variant_cost`]), and the bench's own cases' ([`bench_model`]), read by the bench's
//! budget and by `compare`'s skip rule alike.

use nqueens_core::{CostModel, Operation, Variant};

use crate::group::{VALIDATE, YARDSTICK};

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
    // The yardsticks: C programs timed as processes beside their Rust counterparts (whose cost
    // is their variant's own).
    (YARDSTICK, "count.c", CostModel::per_row(&[(12, 4e-3), (16, 3.75), (17, 29.5)], 8.0)),
    (YARDSTICK, "permutations.c", CostModel::per_row(&[(10, 0.05), (12, 4.85)], 12.0)),
];

/// The cost model of the bench's own case `label` in `group`, if it has one.
pub fn bench_model(group: &str, label: &str) -> Option<&'static CostModel> {
    BENCH_MODELS
        .iter()
        .find(|(g, l, _)| *g == group && *l == label)
        .map(|(_, _, m)| m)
}
