//! Adding shard records back up to a whole count, after checking that they cover it once.

use serde::Serialize;
use thiserror::Error;

use super::{Shard, ShardRecord, Subproblems, Tally};
use nqueens_core::Error;

/// Why shard records do not add up to a whole count.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MergeError {
    /// No records were given.
    #[error("no shard records to merge")]
    Empty,
    /// A record's [`check`](ShardRecord::check) does not match its numbers.
    #[error(
        "the record of shard {0} fails its check: its numbers were edited or damaged after \
         `count --shard` wrote it; count that shard again"
    )]
    Damaged(Shard),
    /// A record's [`tallies`](ShardRecord::tallies) are not one per subproblem of its slice, or
    /// do not add up to its totals.
    #[error(
        "the record of shard {0} is inconsistent: its per-subproblem counts do not add up to its \
         totals; count that shard again"
    )]
    Tallies(Shard),
    /// A record carries no check: an earlier version wrote it, or the field was removed.
    #[error(
        "the record of shard {0} has no check (an earlier version of nqueens wrote it, or it \
         was edited): count that shard again with this version"
    )]
    Unchecked(Shard),
    /// A record was made from a different list of subproblems (another version).
    #[error(
        "shard {shard} was made by a version that lists the subproblems differently (its plan \
         fingerprint is {found}, this version's is {expected}): count it again with this version"
    )]
    Fingerprint {
        /// The record's shard.
        shard: Shard,
        /// Its fingerprint (at most its first characters).
        found: String,
        /// This version's fingerprint for the same strategy and `n`.
        expected: String,
    },
    /// A record comes from another strategy.
    #[error("shard {shard} was counted by {found:?}, not {expected:?}")]
    Strategy {
        /// The record's shard.
        shard: Shard,
        /// Its strategy.
        found: String,
        /// The strategy expected.
        expected: String,
    },
    /// Records for different board sizes.
    #[error("shards of different sizes: n = {first} and n = {other}")]
    MixedSizes {
        /// The first record's size.
        first: usize,
        /// Another size found.
        other: usize,
    },
    /// Records cut the plan into different numbers of slices.
    #[error("shards of different splits: {first} and {other}")]
    MixedSplits {
        /// A record of the first split.
        first: Shard,
        /// A record of another split.
        other: Shard,
    },
    /// The same slice appears twice.
    #[error("shard {0} appears more than once")]
    Duplicate(Shard),
    /// Some slices are missing.
    #[error("missing shard(s) {} of {count}", list_some(missing))]
    Missing {
        /// The missing slice indices.
        missing: Vec<usize>,
        /// Slices in the split.
        count: usize,
    },
    /// A record was interrupted before it counted its whole slice.
    #[error("shard {0} is partial (its run was interrupted): rerun it")]
    Incomplete(Shard),
    /// A record does not match the size of this version's list of subproblems.
    #[error(
        "shard {shard} covers {found} of {plan} subproblems, but n = {n} has {expected_plan} and that slice {expected}: \
         count it again with this version"
    )]
    WrongPlan {
        /// The record's shard.
        shard: Shard,
        /// Board size.
        n: usize,
        /// Subproblems the record says it counted.
        found: usize,
        /// Plan size the record states.
        plan: usize,
        /// Subproblems of that slice in this version's plan.
        expected: usize,
        /// This version's plan size.
        expected_plan: usize,
    },
    /// The split has more slices than the list has subproblems.
    #[error("shard {shard} cuts n = {n} into more slices than its {plan} subproblems")]
    TooManySlices {
        /// A record of that split.
        shard: Shard,
        /// Board size.
        n: usize,
        /// Subproblems in this version's list.
        plan: usize,
    },
    /// The counts add up beyond a `u64`: the records were not made by `count --shard`.
    #[error("the shard counts add up beyond 2^64: the records are damaged")]
    Overflow,
    /// The records' list of subproblems cannot be made again.
    #[error("shard records of {strategy} for n = {n}: {source}")]
    Plan {
        /// The strategy the first record names.
        strategy: String,
        /// Its size.
        n: usize,
        /// Why its list could not be made.
        source: Error,
    },
}

/// The first few of `indices`, comma-separated, with how many more there are.
fn list_some(indices: &[usize]) -> String {
    const SHOWN: usize = 20;
    let mut text = indices
        .iter()
        .take(SHOWN)
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if indices.len() > SHOWN {
        text += &format!(" and {} more", indices.len() - SHOWN);
    }
    text
}

/// The whole count that shard records add up to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Merged {
    /// Board size.
    pub n: usize,
    /// Into how many slices the list was cut.
    pub shards: usize,
    /// Subproblems counted (the whole list).
    pub subproblems: usize,
    /// All solutions.
    pub count: u64,
    /// Classes up to rotation and reflection (zero for a strategy that does not count them).
    pub unique: u64,
}

/// Checks that `records` are the complete, intact slices `0/K`, ..., `K-1/K` of one list of
/// subproblems for one strategy and `n`, each exactly once, and adds them up. `plan_for` makes
/// the list again from the first record's strategy and size (typically
/// [`Solver::plan`](nqueens_core::Solver::plan)), so that records of another list are refused.
pub fn merge(
    records: &[ShardRecord],
    plan_for: impl FnOnce(&str, usize) -> Result<Box<dyn Subproblems>, Error>,
) -> Result<Merged, MergeError> {
    let first = records.first().ok_or(MergeError::Empty)?;
    let n = first.n;
    let count = first.shard.count();
    let plan = plan_for(&first.strategy, n).map_err(|source| MergeError::Plan {
        strategy: first.strategy.clone(),
        n,
        source,
    })?;
    if count > plan.max_slices() {
        return Err(MergeError::TooManySlices {
            shard: first.shard,
            n,
            plan: plan.len(),
        });
    }
    let fingerprint = plan.fingerprint();
    let mut seen = vec![false; count];
    let mut sum = Tally::default();
    let mut subproblems = 0usize;
    for record in records {
        record.verify()?;
        if !super::audit::tallies_add_up(record) {
            return Err(MergeError::Tallies(record.shard));
        }
        if record.strategy != plan.strategy() {
            return Err(MergeError::Strategy {
                shard: record.shard,
                found: record.strategy.clone(),
                expected: plan.strategy().to_string(),
            });
        }
        if record.n != n {
            return Err(MergeError::MixedSizes {
                first: n,
                other: record.n,
            });
        }
        if record.shard.count() != count {
            return Err(MergeError::MixedSplits {
                first: first.shard,
                other: record.shard,
            });
        }
        if std::mem::replace(&mut seen[record.shard.index()], true) {
            return Err(MergeError::Duplicate(record.shard));
        }
        if !record.is_complete() {
            return Err(MergeError::Incomplete(record.shard));
        }
        if record.fingerprint != fingerprint {
            return Err(MergeError::Fingerprint {
                shard: record.shard,
                found: nqueens_core::quote(&record.fingerprint, 20),
                expected: fingerprint,
            });
        }
        let expected = record.shard.indices(plan.len()).len();
        if record.plan != plan.len() || record.subproblems != expected {
            return Err(MergeError::WrongPlan {
                shard: record.shard,
                n,
                found: record.subproblems,
                plan: record.plan,
                expected,
                expected_plan: plan.len(),
            });
        }
        sum = sum
            .checked_add(record.tally())
            .ok_or(MergeError::Overflow)?;
        subproblems += record.subproblems;
    }
    let missing: Vec<usize> = (0..count).filter(|&i| !seen[i]).collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing { missing, count });
    }
    Ok(Merged {
        n,
        shards: count,
        subproblems,
        count: sum.total,
        unique: sum.unique,
    })
}
