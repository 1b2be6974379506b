//! # nqueens-core
//!
//! The shared vocabulary of the N-Queens workbench, with no strategy in it:
//!
//! - [`Placement`] and [`Solution`]: one 0-based column per row (`1 3 0 2`), parsed from spaces
//!   or commas, printed with spaces;
//! - [`validate`]: the checker every strategy's output passes (like `qcheck` in Roger Hui's J
//!   essay), O(n) time and about 5n bits, naming the two clashing rows when it fails;
//! - [`Symmetry`]: the eight rotations and reflections, [`Solution::canonical`] and
//!   [`Solution::orbit_size`]; [`Turn`], the rotations a symmetric count asks for;
//! - [`Board`]: text pictures, ASCII or Unicode, written row by row;
//! - the contract between strategies and their callers, split as `rand` splits `RngCore` and
//!   `Rng`: a strategy implements [`Strategy`] (a name, its [`Capabilities`] per [`Variant`],
//!   and at least one way to search); callers use [`Solver`], implemented for every strategy,
//!   whose entry points check the request first. Runs take a [`Config`] (seed, variant,
//!   threads, budget, [`StopFlag`], [`Observer`]) and end in one [`Ended`] with [`Stats`];
//! - [`Given`]: queens that must be on the board (N-Queens completion), parsed, checked and
//!   drawn at random reproducibly; strategies that can keep them say so
//!   ([`Strategy::honours_given`]);
//! - [`Replay`]: the board and statistics a run's [`Event`]s imply, [`EventLog`], the
//!   observer that keeps them (what `nqueens trace` records), and [`check_events`], the test
//!   every strategy's events pass;
//! - [`Registry`]: strategies by stable name, and one default rule per operation;
//! - [`split`]: counts in numbered subproblems, resumable and shardable;
//! - [`run_with_deadline`]: the timed runs of `nqueens compare` and the bench;
//! - [`format`](mod@format): durations, counts and bytes for people;
//! - [`known`]: the OEIS counts (A000170, A002562) everything is tested against;
//! - [`local`]: the start every seeded local search shares, and its uniform draw.
//!
//! ```
//! use nqueens_core::{Board, BoardStyle, Solution, Symmetry};
//!
//! let s: Solution = "1 3 5 0 2 4".parse()?;
//! assert_eq!(s.orbit_size(), 4);
//! assert_eq!(s.transformed(Symmetry::MirrorColumns).to_string(), "4 2 0 5 3 1");
//! print!("{}", Board::new(s.columns(), BoardStyle::Ascii));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod capabilities;
mod columns;
mod config;
mod deadline;
mod error;
pub mod format;
mod given;
pub mod known;
pub mod local;
mod operation;
mod registry;
mod render;
mod replay;
mod run;
mod solution;
mod solver;
pub mod split;
mod stats;
mod strategy;
mod symmetry;

pub use capabilities::{Capabilities, Variant};
pub use columns::Columns;
pub use config::{Config, Event, Observer, StopFlag, fresh_seed};
pub use deadline::{Answer, Timed, run_with_deadline, with_deadline};
pub use error::Error;
pub use given::{Given, InvalidGiven};
pub use operation::{Limit, Operation};
pub use registry::{Choice, Pick, Registry};
pub use render::{Board, BoardStyle};
pub use replay::{
    EventLog, EventsCheckError, EventsCheckReason, Replay, ReplayMismatch, check_events,
};
pub use run::{CountRun, Ended, FirstOutcome, FirstRun, VisitRun};
pub use solution::{
    Diagonal, InvalidPlacement, ParsePlacementError, Placement, Solution, SolutionFromStrError,
    validate, validate_size,
};
pub use solver::Solver;
pub use stats::{StatField, Stats};
pub use strategy::{Job, Strategy, Visitor};
pub use symmetry::{Symmetry, Turn};
