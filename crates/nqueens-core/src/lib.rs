//! # nqueens-core
//!
//! The shared vocabulary of the N-Queens workbench and the contract between strategies and
//! their callers, with no strategy and no run machinery in it:
//!
//! - [`Placement`] and [`Solution`]: one 0-based column per row (`1 3 0 2`), parsed from spaces
//!   or commas, printed with spaces;
//! - [`validate`]: the checker every strategy's output passes (like `qcheck` in Roger Hui's J
//!   essay), O(n) time and about 5n bits, naming the two clashing rows when it fails;
//! - [`Symmetry`]: the eight rotations and reflections, [`Solution::canonical`] and
//!   [`Solution::orbit_size`]; [`Turn`], the rotations a symmetric count asks for;
//! - [`Board`]: text pictures, ASCII or Unicode, written row by row;
//! - the contract between strategies and their callers, split as `rand` 0.10 splits `Rng` and
//!   `RngExt`: a strategy implements [`Strategy`] (a name, its [`Capabilities`] per [`Variant`],
//!   and at least one way to search); callers use [`Solver`], implemented for every strategy,
//!   whose entry points check the request first. Runs take a [`Config`] (seed, variant,
//!   threads, budget, [`StopFlag`], [`Observer`]) and end in one [`Ended`] with [`Stats`];
//! - [`Given`]: queens that must be on the board (N-Queens completion), parsed, checked and
//!   drawn at random reproducibly; variants that can keep them say so
//!   ([`Variant::keeps_given`]);
//! - [`Availability`]: whether a strategy can run on this machine (a GPU counter needs a GPU),
//!   which the registry's defaults and the callers that run every strategy ask first;
//! - [`split`]: counts in numbered subproblems ([`split::Subproblems`]), the contract that
//!   the run crate's threads count, resume and shard;
//! - [`Error`], the one error type, and [`Bytes`], the figures of its memory messages;
//! - [`known`]: the OEIS counts (A000170, A002562) everything is tested against;
//! - what the report and the bench say of one strategy, declared with its [`Capabilities`] so
//!   that their code names none: [`Tradeoffs`] (sentences against its rivals, a memory verdict,
//!   a published peer), [`BenchExtra`] (the C program it is timed beside, sizes run once) and
//!   [`Experiment`] (the literature its runs reproduce, with the published figures);
//!   [`TreeProfile`], Knuth's profile of a backtrack tree ([`Solver::profile`]).
//!
//! The machinery that runs strategies (the registry of names and default rules, timed runs,
//! shards, checkpoints and merging, replaying a run's events) is the `nqueens-run` crate; the
//! `nqueens` facade gathers both under `nqueens::core`.
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

mod availability;
mod bench;
mod capabilities;
mod columns;
mod config;
mod cost;
mod error;
mod given;
pub mod known;
mod literature;
mod operation;
mod render;
pub mod room;
mod run;
mod solution;
mod solver;
pub mod split;
mod stats;
mod strategy;
mod symmetry;
mod tradeoff;

pub use availability::{Availability, Unavailable};
pub use bench::{BenchExtra, Counterpart, OnceSweep};
pub use capabilities::{Capabilities, Showcase, Variant};
pub use columns::Columns;
pub use config::{Config, Event, Observer, StopFlag, fresh_seed};
pub use cost::{Cost, CostModel, Growth, REFERENCE_THREADS};
pub use error::{Bytes, Error, Estimate, Needed, quote};
pub use given::{Given, InvalidGiven};
pub use literature::{After, Claim, Experiment, Figure, Measure, Runs, Sizes, TreeProfile};
pub use operation::{Limit, Operation};
pub use render::{Board, BoardStyle};
pub use run::{CountRun, Details, Ended, FirstOutcome, FirstRun, VisitRun};
pub use solution::{
    Diagonal, InvalidPlacement, ParsePlacementError, Placement, Solution, SolutionFromStrError,
    attacking_pairs, validate, validate_size,
};
pub use solver::{Admitted, Solver};
pub use stats::{Budget, StatField, Stats};
pub use strategy::{Job, Strategy, Visitor};
pub use symmetry::{Symmetry, Turn};
pub use tradeoff::{MemoryTrade, Peer, Reading, SEARCH_FROM_N, Tradeoff, Tradeoffs};
