//! What one run of a strategy's case is expected to take: its variant's cost model
//! ([`variant_cost`]), read by the bench's budget and by `compare`'s skip rule alike (the C
//! yardsticks' costs are [`Yardstick::cost`](super::Yardstick::cost)).

use nqueens_core::{CostModel, Operation, Variant};

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
