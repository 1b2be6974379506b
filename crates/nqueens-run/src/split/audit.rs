//! Auditing shard records: [`audit`] recounts the subproblems [`sample`] picks and compares
//! them with the records' [`tallies`](ShardRecord::tallies). A forged or faulty record is
//! caught when the sample holds one of its wrong subproblems: with `f` wrong among `P`, a
//! sample of `K` misses them all with probability `C(P − f, K) / C(P, K)`, at most
//! `(1 − f/P)^K`.

use std::collections::BTreeMap;
use std::sync::Mutex;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use thiserror::Error;

use super::{Shard, ShardRecord, Subproblems, Tally, count_subproblems};
use nqueens_core::{Config, Ended, Error};

/// Why an audit failed.
#[derive(Debug, Error)]
pub enum AuditError {
    /// A record carries no per-subproblem counts (an earlier version wrote it).
    #[error(
        "the record of shard {0} carries no per-subproblem counts (an earlier version of \
         nqueens wrote it), so it cannot be audited: count that shard again with this version"
    )]
    NoTallies(Shard),
    /// The records do not hold the subproblem sampled (they were not merged first).
    #[error("no record holds subproblem {0}: merge the records before auditing them")]
    NotCovered(usize),
    /// A recount differs from what a record claims.
    #[error(
        "audit failed: the record of shard {shard} claims {} solutions ({} classes) for \
         subproblem {index}, a recount finds {} ({}): that record is wrong or forged; count \
         that shard again on a machine you trust",
        claimed.total, claimed.unique, recounted.total, recounted.unique
    )]
    Mismatch {
        /// The record's shard.
        shard: Shard,
        /// The subproblem (its index in the whole list).
        index: usize,
        /// What the record says.
        claimed: Tally,
        /// What the recount found.
        recounted: Tally,
    },
    /// The recount failed.
    #[error(transparent)]
    Count(#[from] Error),
}

/// What an audit checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Audited {
    /// Subproblems recounted and found as the records claim.
    pub checked: usize,
    /// [`Ended::Exhausted`] when the whole sample was recounted.
    pub ended: Ended,
}

/// `k` distinct subproblems of a list of `len` (all when `k >= len`), in increasing order,
/// drawn uniformly with Xoshiro256++ seeded by `seed`, so an audit can be repeated.
pub fn sample(len: usize, k: usize, seed: u64) -> Vec<usize> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut picked = rand::seq::index::sample(&mut rng, len, k.min(len)).into_vec();
    picked.sort_unstable();
    picked
}

/// A seed from the operating system's randomness, for an audit the forger cannot foresee.
pub fn random_seed() -> u64 {
    rand::random()
}

/// Recounts the subproblems `indices` of `plan` and compares each with the tally its record
/// claims; the first difference is [`AuditError::Mismatch`]. `records` must have passed
/// [`merge`](super::merge) for `plan`, and every one must carry tallies, so none is exempt.
pub fn audit(
    records: &[ShardRecord],
    plan: &dyn Subproblems,
    indices: &[usize],
    config: &Config,
) -> Result<Audited, AuditError> {
    let mut by_slice = BTreeMap::new();
    for record in records {
        let tallies = record
            .tallies
            .as_ref()
            .ok_or(AuditError::NoTallies(record.shard))?;
        by_slice.insert(record.shard.index(), (record.shard, tallies));
    }
    // merge() has checked that the records are the K slices of one split.
    let slices = records.first().map_or(1, |record| record.shard.count());
    let claimed = |index: usize| {
        let &(shard, tallies) = by_slice.get(&(index % slices))?;
        let [total, unique] = *tallies.get(index / slices)?;
        Some((shard, Tally { total, unique }))
    };
    if let Some(&missing) = indices.iter().find(|&&i| claimed(i).is_none()) {
        return Err(AuditError::NotCovered(missing));
    }
    let log = TallyLog::default();
    let run = count_subproblems(plan, indices, config, &|index, tally| {
        log.note(index, tally)
    })?;
    let recounted = log.into_map();
    for &index in indices {
        let (Some((shard, claimed)), Some(&recounted)) = (claimed(index), recounted.get(&index))
        else {
            continue;
        };
        if claimed != recounted {
            return Err(AuditError::Mismatch {
                shard,
                index,
                claimed,
                recounted,
            });
        }
    }
    Ok(Audited {
        checked: recounted.len(),
        ended: run.ended,
    })
}

/// The tallies of finished subproblems, by index, noted from the worker threads.
#[derive(Debug, Default)]
pub(super) struct TallyLog(Mutex<BTreeMap<usize, Tally>>);

impl TallyLog {
    /// A log that starts with `done` (a checkpoint's saved subproblems).
    pub(super) fn with(done: &BTreeMap<usize, Tally>) -> TallyLog {
        TallyLog(Mutex::new(done.clone()))
    }

    pub(super) fn note(&self, index: usize, tally: Tally) {
        // A worker that panicked while holding the lock left the map whole (one insert).
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(index, tally);
    }

    fn into_map(self) -> BTreeMap<usize, Tally> {
        self.0.into_inner().unwrap_or_else(|e| e.into_inner())
    }

    /// The tallies of `indices` in their order; `None` unless every one finished.
    pub(super) fn for_slice(self, indices: &[usize]) -> Option<Vec<[u64; 2]>> {
        let map = self.into_map();
        indices
            .iter()
            .map(|i| map.get(i).map(|t| [t.total, t.unique]))
            .collect()
    }
}

/// The tallies as the checks cover them: `total unique` pairs, comma-separated.
pub(super) fn tallies_text(tallies: &[[u64; 2]]) -> String {
    tallies
        .iter()
        .map(|[total, unique]| format!("{total} {unique}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Whether a record's tallies (if any) are one per subproblem of its slice and add up.
pub(super) fn tallies_add_up(record: &ShardRecord) -> bool {
    let Some(tallies) = &record.tallies else {
        return true;
    };
    let sum = tallies
        .iter()
        .try_fold(Tally::default(), |sum, &[total, unique]| {
            sum.checked_add(Tally { total, unique })
        });
    tallies.len() == record.subproblems && sum == Some(record.tally())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_is_distinct_sorted_and_the_same_for_the_same_seed() {
        let first = sample(1000, 25, 42);
        assert_eq!(first.len(), 25);
        assert!(first.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(first.iter().all(|&i| i < 1000));
        assert_eq!(first, sample(1000, 25, 42));
        assert_ne!(first, sample(1000, 25, 43));
        assert_eq!(sample(7, 100, 1), (0..7).collect::<Vec<_>>());
        assert!(sample(0, 5, 1).is_empty());
    }

    #[test]
    fn tallies_must_match_the_slice_and_its_totals() {
        let record = |tallies: Option<Vec<[u64; 2]>>, count, unique| ShardRecord {
            strategy: "toy".into(),
            n: 4,
            shard: Shard::whole(),
            subproblems: 2,
            plan: 2,
            fingerprint: "0000000000000002".into(),
            count,
            unique,
            ended: Ended::Exhausted,
            elapsed: 0.0,
            check: String::new(),
            tallies,
            key: String::new(),
            mac: String::new(),
        };
        assert!(tallies_add_up(&record(None, 5, 1)));
        assert!(tallies_add_up(&record(Some(vec![[2, 1], [3, 0]]), 5, 1)));
        assert!(!tallies_add_up(&record(Some(vec![[2, 1], [3, 0]]), 6, 1)));
        assert!(!tallies_add_up(&record(Some(vec![[2, 1], [3, 1]]), 5, 1)));
        assert!(!tallies_add_up(&record(Some(vec![[5, 1]]), 5, 1)));
        assert!(!tallies_add_up(&record(
            Some(vec![[u64::MAX, 0], [1, 0]]),
            0,
            0
        )));
    }
}
