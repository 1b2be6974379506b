//! Slices of a list of subproblems (`I/K`), and the record of counting one.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use super::audit::TallyLog;
use super::{Subproblems, Tally, count_subproblems};
use nqueens_core::{Config, Ended, Error};

/// Slice `index` of `count` (0-based: `0/3`, `1/3`, `2/3`) of a list of [`Subproblems`]: those
/// whose position `i` has `i % count == index`, so every slice gets a fair mix of cheap and
/// expensive subproblems and the `count` slices cover the list exactly once.
///
/// ```
/// use nqueens_run::split::Shard;
///
/// let shard: Shard = "1/3".parse()?;
/// assert_eq!(shard.indices(8), vec![1, 4, 7]);
/// assert_eq!(shard.to_string(), "1/3");
/// assert!("3/3".parse::<Shard>().is_err());
/// # Ok::<(), nqueens_run::split::ShardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    index: usize,
    count: usize,
}

/// Why a text is not a shard `I/K`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShardError {
    /// Not of the form `I/K` with two whole numbers (the text's start).
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

    /// The whole list as one slice (`0/1`).
    pub fn whole() -> Shard {
        Shard { index: 0, count: 1 }
    }

    /// Which slice (0-based).
    pub fn index(self) -> usize {
        self.index
    }

    /// Into how many slices the list is cut.
    pub fn count(self) -> usize {
        self.count
    }

    /// The positions of this slice's subproblems in a list of `len` subproblems.
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
        let syntax = || ShardError::Syntax(nqueens_core::quote(text, 40));
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

/// The result of counting one [`Shard`]: one JSON line of `nqueens count N --shard I/K`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardRecord {
    /// The counting strategy ([`Subproblems::strategy`], e.g. `symmetry`).
    pub strategy: String,
    /// Board size.
    pub n: usize,
    /// Which slice.
    pub shard: Shard,
    /// Subproblems in this slice.
    pub subproblems: usize,
    /// Subproblems in the whole list.
    pub plan: usize,
    /// The list's [`Subproblems::fingerprint`]: records of another list do not merge.
    pub fingerprint: String,
    /// Solutions in this slice.
    pub count: u64,
    /// Classes in this slice (zero for a strategy that does not count them).
    pub unique: u64,
    /// How the count of the slice ended (`"complete": true` for [`Ended::Exhausted`]).
    #[serde(rename = "complete", with = "complete")]
    pub ended: Ended,
    /// Wall time of the run, in seconds.
    pub elapsed: f64,
    /// FNV-1a (16 hexadecimal digits) over the other fields but `elapsed` and the key's, which
    /// an edited or damaged record no longer matches; empty in those of older versions.
    #[serde(default)]
    pub check: String,
    /// What each subproblem of the slice counted, `[solutions, classes]`, in the slice's order
    /// ([`Shard::indices`]), for [`audit`](super::audit()); `None` in a partial record and in
    /// records of versions that wrote none (they merge, but cannot be audited).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tallies: Option<Vec<[u64; 2]>>,
    /// The [id](super::Key::id) of the key of [`mac`](ShardRecord::mac); empty without one.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub key: String,
    /// A keyed check (HMAC-SHA256, in hexadecimal) over what [`check`](ShardRecord::check)
    /// covers ([`Key::seal`](super::Key::seal)). Empty without a key.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub mac: String,
}

impl ShardRecord {
    /// The [`check`](ShardRecord::check) this record's fields call for.
    fn expected_check(&self) -> String {
        let text = self.checked_text();
        format!("{:016x}", super::fnv1a(super::FNV_OFFSET, text.as_bytes()))
    }

    /// The fields [`check`](ShardRecord::check) and [`mac`](ShardRecord::mac) cover, one a line.
    pub(super) fn checked_text(&self) -> String {
        let mut text = format!(
            "{}\n{}\n{}\n{}\n{}\n{}\n{}\n{}\n{}",
            self.strategy,
            self.n,
            self.shard,
            self.subproblems,
            self.plan,
            self.fingerprint,
            self.count,
            self.unique,
            self.is_complete()
        );
        if let Some(tallies) = &self.tallies {
            text.push('\n');
            text.push_str(&super::audit::tallies_text(tallies));
        }
        text
    }

    /// The slice's solutions and classes.
    pub(super) fn tally(&self) -> Tally {
        let (total, unique) = (self.count, self.unique);
        Tally { total, unique }
    }

    /// Whether every subproblem of the slice was counted ([`Ended::Exhausted`]).
    pub fn is_complete(&self) -> bool {
        self.ended == Ended::Exhausted
    }

    /// Whether [`check`](ShardRecord::check) matches the other fields.
    pub fn is_intact(&self) -> bool {
        self.check == self.expected_check()
    }

    /// The refusal of a record that carries no check, or whose check does not match it.
    pub fn verify(&self) -> Result<(), super::MergeError> {
        match (self.check.is_empty(), self.is_intact()) {
            (true, _) => Err(super::MergeError::Unchecked(self.shard)),
            (false, false) => Err(super::MergeError::Damaged(self.shard)),
            (false, true) => Ok(()),
        }
    }

    /// Sets [`check`](ShardRecord::check) to match the other fields.
    pub fn seal(&mut self) {
        self.check = self.expected_check();
    }
}

/// Counts one slice of `plan` (all of it with [`Shard::whole`]) into its record for
/// [`merge`](super::merge); stopped by `config.stop`, the record ends as the flag says and
/// holds the subproblems that finished. A shard past [`Subproblems::max_slices`] is counted
/// but will not merge: callers refuse it first.
pub fn count_shard(
    plan: &dyn Subproblems,
    shard: Shard,
    config: &Config,
) -> Result<ShardRecord, Error> {
    count_rest(plan, shard, config, &BTreeMap::new(), &|_, _| {})
}

/// Counts the subproblems of `shard` that `saved` does not hold, calling `on_done` with each as
/// it finishes, into the sealed record of the whole slice (`saved` included).
pub(super) fn count_rest(
    plan: &dyn Subproblems,
    shard: Shard,
    config: &Config,
    saved: &BTreeMap<usize, Tally>,
    on_done: &(dyn Fn(usize, Tally) + Sync),
) -> Result<ShardRecord, Error> {
    let started = Instant::now();
    let indices = shard.indices(plan.len());
    let todo: Vec<usize> = indices
        .iter()
        .copied()
        .filter(|i| !saved.contains_key(i))
        .collect();
    let log = TallyLog::with(saved);
    let run = count_subproblems(plan, &todo, config, &|index, tally| {
        log.note(index, tally);
        on_done(index, tally);
    })?;
    // Checked sums: a count past u64::MAX is refused, never wrapped into a wrong answer.
    let counted = Tally {
        total: run.total,
        unique: run.unique,
    };
    let whole = indices
        .iter()
        .filter_map(|i| saved.get(i))
        .try_fold(counted, |sum, &saved| sum.checked_add(saved))
        .ok_or(Error::Overflow {
            strategy: plan.strategy(),
            n: plan.n(),
        })?;
    let mut record = ShardRecord {
        strategy: plan.strategy().to_string(),
        n: plan.n(),
        shard,
        subproblems: indices.len(),
        plan: plan.len(),
        fingerprint: plan.fingerprint(),
        count: whole.total,
        unique: whole.unique,
        ended: run.ended,
        elapsed: started.elapsed().as_secs_f64(),
        check: String::new(),
        tallies: log.for_slice(&indices),
        key: String::new(),
        mac: String::new(),
    };
    record.seal();
    Ok(record)
}

/// [`ShardRecord::ended`] as the JSON line's `"complete"` (`false` reads back as interrupted).
mod complete {
    use nqueens_core::Ended;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(ended: &Ended, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(*ended == Ended::Exhausted)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Ended, D::Error> {
        Ok(match bool::deserialize(deserializer)? {
            true => Ended::Exhausted,
            false => Ended::Interrupted,
        })
    }
}
