//! Shards, checkpoints and merging: the run machinery of counts split into numbered
//! subproblems ([`Subproblems`], from [`nqueens_core::split`] and re-exported here with the
//! rest of it), so that a count can be interrupted, resumed from a checkpoint and shared out
//! over processes or machines.
//!
//! A resumable strategy's list comes from [`Solver::plan`](nqueens_core::Solver::plan); then,
//! for any strategy alike:
//!
//! - [`count_subproblems`] counts any subset of the list on
//!   [`Config::threads`](nqueens_core::Config) threads, in an interleaved order, reporting
//!   progress to the observer, and [`count_plan`] the whole list: a resumable strategy's
//!   `search_count` calls it, so a plain count runs on the same runner as the rest;
//! - [`Shard`] names one slice `I/K` of the list (or reads it from a Slurm array, a
//!   Kubernetes Indexed Job or an MPI launcher: [`Shard::from_env`]) and [`count_shard`]
//!   counts it into a [`ShardRecord`], the JSON line of `nqueens count N --shard I/K`;
//! - [`merge`] checks that records cover the whole list exactly once and adds them up;
//! - [`Checkpoint`] appends each finished subproblem to a file, so that an interrupted count
//!   resumes where it stopped ([`Checkpoint::count_shard`]);
//! - [`audit`] recounts a random [`sample`] of subproblems and compares them with what the
//!   records claim, and a [`Key`] adds a keyed check to records and checkpoint lines
//!   ([`check_record`]), for counts spread over machines that should not be trusted blindly.
//!
//! ```
//! use nqueens_run::split::{Shard, Subproblems, Tally, count_shard, merge};
//! use nqueens_core::{Config, Ended, Error, StopFlag};
//!
//! /// A toy count of ten subproblems; subproblem `i` has `i` solutions.
//! struct Ramp;
//!
//! impl Subproblems for Ramp {
//!     fn strategy(&self) -> &'static str { "ramp" }
//!     fn n(&self) -> usize { 4 }
//!     fn len(&self) -> usize { 10 }
//!     fn fingerprint(&self) -> String { format!("{:016x}", 10) }
//!     fn count_one(&self, index: usize, stop: &StopFlag) -> Result<Option<Tally>, Error> {
//!         Ok((!stop.is_stopped()).then_some(Tally { total: index as u64, unique: 0 }))
//!     }
//! }
//!
//! // Three processes, or three machines, each count one slice...
//! let config = Config::default();
//! let records = (0..3)
//!     .map(|i| count_shard(&Ramp, Shard::new(i, 3)?, &config).map_err(Into::into))
//!     .collect::<Result<Vec<_>, Box<dyn std::error::Error>>>()?;
//! assert!(records.iter().all(|record| record.ended == Ended::Exhausted));
//! // ... and merge checks that the slices cover the list once, against the list it rebuilds
//! // from the records' strategy and size, and adds them up.
//! let merged = merge(&records, |_strategy, _n| Ok(Box::new(Ramp)))?;
//! assert_eq!((merged.count, merged.subproblems), (45, 10));
//! assert!(merge(&records[1..], |_, _| Ok(Box::new(Ramp))).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use nqueens_core::split::*;

mod audit;
mod checkpoint;
mod key;
mod launcher;
mod merge;
mod shard;

pub use audit::{AuditError, Audited, audit, random_seed, sample};
pub use checkpoint::{Checkpoint, CheckpointError};
pub use key::{Key, KeyError, check_record};
pub use launcher::{LauncherError, Remedy};
pub use merge::{MergeError, Merged, merge};
pub use shard::{Shard, ShardError, ShardRecord, count_shard};
