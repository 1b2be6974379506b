//! # nqueens-run
//!
//! The machinery that runs the strategies of the N-Queens workbench, built on the contract of
//! [`nqueens_core`] (and depending on nothing else of the workspace):
//!
//! - [`Registry`]: strategies by stable name, and one default rule per operation ([`Pick`]);
//!   the `nqueens` facade fills one with every strategy;
//! - [`run_with_deadline`] and [`with_deadline`]: the timed runs of `nqueens compare` and the
//!   bench, one engine that stops a run at its deadline ([`Timed`], [`Answer`]);
//! - [`split`]: shards `I/K` of a count's subproblems and their records, checkpoint files,
//!   merging, audits and keyed checks;
//! - [`Replay`]: the board and statistics a run's [`Event`](nqueens_core::Event)s imply, and
//!   [`EventLog`], the observer that keeps them (what `nqueens trace` records);
//! - with the `check` feature, the test harness: `check_events`, the test every strategy's
//!   events pass, and `StopAfter`, the observer that interrupts a split count part-way.
//!   Strategy crates take it in their dev-dependencies only
//!   (`nqueens-run = { workspace = true, features = ["check"] }`).
//!
//! The `nqueens` facade re-exports this crate with the core under one path, `nqueens::core`.
//! Strategy crates need only the core, which stays small while this machinery grows.
//!
//! ```
//! use std::time::Duration;
//! use nqueens_core::{Config, Operation};
//! use nqueens_run::{Pick, Registry, run_with_deadline};
//! # use nqueens_core::{Capabilities, Ended, Error, Job, Limit, Stats, Strategy, Variant, VisitRun, Visitor};
//! # struct Tiny;
//! # impl Strategy for Tiny {
//! #     fn name(&self) -> &'static str { "tiny" }
//! #     fn capabilities(&self) -> &'static Capabilities {
//! #         &const { Capabilities::new("", &[Variant { complete: true, first: Limit::UpTo(1),
//! #             list: Limit::UpTo(1), count: Limit::UpTo(1), ..Variant::BLANK }]) }
//! #     }
//! #     fn search_all(&self, _: &Job<'_>, v: &mut Visitor<'_>) -> Result<VisitRun, Error> {
//! #         let _ = v(&[0]);
//! #         Ok(VisitRun { ended: Ended::Exhausted, stats: Stats::default() })
//! #     }
//! # }
//!
//! // `Tiny` knows the one-queen board (see `nqueens_core::Solver` for how it is written).
//! let registry = Registry::new()
//!     .register(Tiny)
//!     .defaults(Operation::Count, &[Pick::new("tiny")]);
//! registry.check()?;
//! let counter = registry.default_for(Operation::Count, 1)?.solver;
//! let timed = run_with_deadline(counter, Operation::Count, 1, &Config::default(), Duration::from_secs(1));
//! assert_eq!(timed.result?.label(), "1");
//! let refused = run_with_deadline(counter, Operation::Count, 2, &Config::default(), Duration::from_secs(1));
//! assert!(refused.result.is_err());
//! # Ok::<(), Error>(())
//! ```

#![deny(missing_docs)]

#[cfg(feature = "check")]
mod check;
mod deadline;
mod registry;
mod replay;
pub mod split;

#[cfg(feature = "check")]
pub use check::{
    EventsCheckError, EventsCheckReason, RestartCounter, StopAfter, attacking_pairs, check_events,
};
pub use deadline::{Answer, Timed, run_with_deadline, with_deadline};
pub use registry::{Choice, Pick, Registry};
pub use replay::{EventLog, Replay, ReplayMismatch};
