//! Splitting one count over processes or machines, and adding the pieces back up.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::Plan;

/// Slice `index` of `count` (0-based: `0/3`, `1/3`, `2/3`) of a [`Plan`]'s subproblems: those
/// whose position `i` has `i % count == index`, so every slice gets a fair mix of cheap and
/// expensive subproblems and the `count` slices cover the plan exactly once.
///
/// ```
/// use nqueens_symmetry::Shard;
///
/// let shard: Shard = "1/3".parse()?;
/// assert_eq!(shard.indices(8), vec![1, 4, 7]);
/// assert_eq!(shard.to_string(), "1/3");
/// assert!("3/3".parse::<Shard>().is_err());
/// # Ok::<(), nqueens_symmetry::ShardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    index: usize,
    count: usize,
}

/// Why a text is not a shard `I/K`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShardError {
    /// Not of the form `I/K` with two whole numbers.
    #[error("{0:?} is not a shard: write I/K, e.g. 0/4 for the first of 4 (0-based)")]
    Syntax(String),
    /// `K` is 0, or `I` is not below `K`.
    #[error("shard {index}/{count} does not exist: I counts from 0 to K - 1, and K is at least 1")]
    OutOfRange {
        /// The `I` given.
        index: usize,
        /// The `K` given.
        count: usize,
    },
}

impl Shard {
    /// Slice `index` of `count`; an error unless `index < count`.
    pub fn new(index: usize, count: usize) -> Result<Shard, ShardError> {
        if index < count {
            Ok(Shard { index, count })
        } else {
            Err(ShardError::OutOfRange { index, count })
        }
    }

    /// The whole plan as one slice (`0/1`).
    pub fn whole() -> Shard {
        Shard { index: 0, count: 1 }
    }

    /// Which slice (0-based).
    pub fn index(self) -> usize {
        self.index
    }

    /// Into how many slices the plan is cut.
    pub fn count(self) -> usize {
        self.count
    }

    /// The positions of this slice's subproblems in a plan of `len` subproblems.
    pub fn indices(self, len: usize) -> Vec<usize> {
        (self.index..len).step_by(self.count).collect()
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(text.to_string());
        let (index, count) = text.trim().split_once('/').ok_or_else(syntax)?;
        let index = index.trim().parse().map_err(|_| syntax())?;
        let count = count.trim().parse().map_err(|_| syntax())?;
        Shard::new(index, count)
    }
}

impl Serialize for Shard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Shard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Shard, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The result of counting one [`Shard`]: one JSON line of `nqueens count N --shard I/K`, and the
/// input of [`merge`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardRecord {
    /// The counting strategy (`symmetry`): records of other plans do not mix.
    pub strategy: String,
    /// Board size.
    pub n: usize,
    /// Which slice.
    pub shard: Shard,
    /// Subproblems in this slice.
    pub subproblems: usize,
    /// Subproblems in the whole plan.
    pub plan: usize,
    /// The plan's [`Plan::fingerprint`], in hexadecimal: records of a version that lists the
    /// subproblems differently do not merge.
    pub fingerprint: String,
    /// Solutions in this slice.
    pub count: u64,
    /// Classes of solutions up to rotation and reflection in this slice.
    pub unique: u64,
    /// Whether every subproblem of the slice was counted (false after an interruption).
    pub complete: bool,
    /// Wall time of the run, in seconds.
    pub elapsed: f64,
}

/// Why shard records do not add up to a whole count.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MergeError {
    /// No records were given.
    #[error("no shard records to merge")]
    Empty,
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
    /// A record does not match the plan this version of the counter makes for its `n`.
    #[error(
        "shard {shard} covers {found} of {plan} subproblems, but n = {n} has {expected_plan} and that slice {expected}, \
         or its plan lists them in another order: count it again with this version"
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
    /// The split has more slices than the plan has subproblems: not a split `count --shard`
    /// makes.
    #[error("shard {shard} cuts n = {n} into more slices than its {plan} subproblems")]
    TooManySlices {
        /// A record of that split.
        shard: Shard,
        /// Board size.
        n: usize,
        /// This version's plan size.
        plan: usize,
    },
    /// The counts add up beyond a `u64`: the records were not made by `count --shard`.
    #[error("the shard counts add up beyond 2^64: the records are damaged")]
    Overflow,
    /// The size is beyond the counter's limits.
    #[error("shard records for n = {0}: {1}")]
    Size(usize, nqueens_core::Error),
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
    /// Into how many slices the plan was cut.
    pub shards: usize,
    /// Subproblems counted (the whole plan).
    pub subproblems: usize,
    /// All solutions.
    pub count: u64,
    /// Classes of solutions up to rotation and reflection.
    pub unique: u64,
}

/// Checks that `records` are the complete slices `0/K`, ..., `K-1/K` of one plan for one `n`,
/// each exactly once, and adds them up.
///
/// ```
/// use nqueens_core::Config;
/// use nqueens_symmetry::{Plan, Shard, ShardRecord, merge};
///
/// let plan = Plan::new(8)?;
/// let records: Vec<ShardRecord> = (0..3)
///     .map(|i| plan.count_shard(Shard::new(i, 3).unwrap(), &Config::default()))
///     .collect::<Result<_, _>>()?;
/// let merged = merge(&records).unwrap();
/// assert_eq!((merged.count, merged.unique), (92, 12));
/// assert!(merge(&records[..2]).is_err());
/// # Ok::<(), nqueens_core::Error>(())
/// ```
pub fn merge(records: &[ShardRecord]) -> Result<Merged, MergeError> {
    let first = records.first().ok_or(MergeError::Empty)?;
    let n = first.n;
    let count = first.shard.count;
    let plan = Plan::new(n).map_err(|e| MergeError::Size(n, e))?;
    if count > plan.max_slices() {
        return Err(MergeError::TooManySlices {
            shard: first.shard,
            n,
            plan: plan.len(),
        });
    }
    let fingerprint = plan.fingerprint();
    let mut seen = vec![false; count];
    let (mut total, mut unique, mut subproblems) = (0u64, 0u64, 0usize);
    for record in records {
        if record.strategy != crate::NAME {
            return Err(MergeError::Strategy {
                shard: record.shard,
                found: record.strategy.clone(),
                expected: crate::NAME.to_string(),
            });
        }
        if record.n != n {
            return Err(MergeError::MixedSizes {
                first: n,
                other: record.n,
            });
        }
        if record.shard.count != count {
            return Err(MergeError::MixedSplits {
                first: first.shard,
                other: record.shard,
            });
        }
        if std::mem::replace(&mut seen[record.shard.index], true) {
            return Err(MergeError::Duplicate(record.shard));
        }
        if !record.complete {
            return Err(MergeError::Incomplete(record.shard));
        }
        let expected = record.shard.indices(plan.len()).len();
        if record.plan != plan.len()
            || record.subproblems != expected
            || record.fingerprint != fingerprint
        {
            return Err(MergeError::WrongPlan {
                shard: record.shard,
                n,
                found: record.subproblems,
                plan: record.plan,
                expected,
                expected_plan: plan.len(),
            });
        }
        total = total
            .checked_add(record.count)
            .ok_or(MergeError::Overflow)?;
        unique = unique
            .checked_add(record.unique)
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
        count: total,
        unique,
    })
}
