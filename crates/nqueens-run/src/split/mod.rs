//! Shards, checkpoints and merging of counts split into numbered [`Subproblems`] (the core's
//! [`nqueens_core::split`], re-exported here with its runner [`count_subproblems`]):
//!
//! - [`Shard`] names one slice `I/K` of a plan (or reads it from a job array or MPI launcher:
//!   [`Shard::from_env`]) and [`count_shard`] counts it into a [`ShardRecord`], the JSON line
//!   of `nqueens count N --shard I/K`; [`merge`] checks that records cover the plan exactly
//!   once and adds them up;
//! - [`Checkpoint`] appends each finished subproblem to a file, so that an interrupted count
//!   resumes where it stopped;
//! - [`audit`] recounts a random [`sample`] of subproblems against the records' claims, and a
//!   [`Key`] adds a keyed check to records and checkpoint lines ([`check_record`]).
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
