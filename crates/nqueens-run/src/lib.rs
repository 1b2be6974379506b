//! # nqueens-run
//!
//! The machinery that runs the strategies of the N-Queens workbench, built on the contract of
//! [`nqueens_core`] (and depending on nothing else of the workspace):
//!
//! - [`Registry`]: strategies by stable name, and one default rule per operation ([`Pick`]);
//!   the `nqueens` facade fills one with every strategy;
//! - [`run_with_deadline`] and [`with_deadline`]: the timed runs of `nqueens compare` and the
//!   bench, one engine that stops a run at its deadline ([`Timed`], [`Answer`]);
//! - [`split`]: a count's subproblems sliced into shards `I/K` ([`split::Shard`],
//!   [`split::count_shard`], whose [`split::ShardRecord`] is the JSON line of
//!   `nqueens count --shard`), finished subproblems saved to a locked, append-only checkpoint
//!   file ([`split::Checkpoint`]), and records checked and added back up ([`split::merge`]);
//! - [`Replay`]: the board and statistics a run's [`Event`](nqueens_core::Event)s imply, and
//!   [`EventLog`], the observer that keeps them (what `nqueens trace` records);
//! - with the `check` feature, `check_events`: the test every strategy's events pass, which
//!   strategy crates run from their tests (`nqueens-run = { workspace = true, features =
//!   ["check"] }` in their dev-dependencies).
//!
//! The `nqueens` facade re-exports this crate with the core under one path, `nqueens::core`.
//!
//! ```
//! use nqueens_core::{Config, Error, Operation};
//! use nqueens_run::Registry;
//!
//! let registry = Registry::new();
//! assert!(matches!(
//!     registry.default_for(Operation::Count, 8).map(|choice| choice.solver.name()),
//!     Err(Error::NoStrategy { .. })
//! ));
//! assert!(registry.get("bitmask").is_err());
//! # let _ = Config::default();
//! ```

#![deny(missing_docs)]

#[cfg(feature = "check")]
mod check;
mod deadline;
mod registry;
mod replay;
pub mod split;

#[cfg(feature = "check")]
pub use check::{EventsCheckError, EventsCheckReason, check_events};
pub use deadline::{Answer, Timed, run_with_deadline, with_deadline};
pub use registry::{Choice, Pick, Registry};
pub use replay::{EventLog, Replay, ReplayMismatch};
