//! The criterion groups of the bench harness, named once: the bench writes its benchmarks and
//! statistics rows under these names, and the report reads them back by them. Criterion ids
//! are `group/label/n`; the label is the strategy's registry name (with its variant), a
//! yardstick program, or `validate`.

/// Every solution counted, per strategy and size.
pub const COUNT_ALL: &str = "count_all";

/// A first solution found, per strategy and size (randomized strategies cycle through seeds).
pub const FIRST_SOLUTION: &str = "first_solution";

/// The validator on one large solution per size (its only label is also `validate`): the
/// floor drawn under the first-solution times.
pub const VALIDATE: &str = "validate";

/// The C programs and the strategies timed against them.
pub const YARDSTICK: &str = "yardstick";

/// Completion instances (given queens), per strategy; parameters `n-k-seed`.
pub const COMPLETION: &str = "completion";

/// Goals too slow for criterion's samples, each run timed once: statistics rows only.
pub const ONCE: &str = "once";

/// Instructions executed by each kernel at a small size, counted by callgrind: statistics rows
/// only (column `instructions`).
pub const INSTRUCTIONS: &str = "instructions";

/// The figures of the report's *The literature, reproduced*: statistics rows only.
pub const LITERATURE: &str = "literature";
