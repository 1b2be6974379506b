//! # nqueens-trace
//!
//! Watching a search: [`record`] runs one strategy with an observer and keeps its steps (the
//! [`Event`](nqueens_core::Event)s every strategy reports: queens placed and removed, dead ends,
//! swaps and moves, restarts, solutions found, subproblems done); a [`Trace`] is written as
//! JSON Lines ([`Trace::write_jsonl`], the schema below) and drawn, one frame per step, as an
//! animated SVG ([`svg`]), an animated GIF ([`gif`]) or a self-contained HTML player
//! ([`html`]).
//!
//! Replaying a trace is [`nqueens_run::Replay`]: the board and the counters the events imply,
//! which end on the strategy's solution and statistics (the workspace's trace tests check it for
//! every strategy). Recording costs the strategy nothing when it is not traced: the searches are
//! compiled with and without their observer calls.
//!
//! ## The JSON Lines schema (version 1)
//!
//! ```text
//! {"trace":"nqueens-trace","version":1,"n":8,"strategy":"vector","variant":null,"operation":"first","seed":null,"given":[],"max_steps":3000}
//! {"step":1,"event":"placed","row":0,"column":0}
//! {"step":2,"event":"placed","row":1,"column":2}
//! ...
//! {"step":113,"event":"found"}
//! {"end":"satisfied","cut":false,"steps":113,"solution":[0,4,7,5,2,6,1,3],"total":null,"stats":{...}}
//! ```
//!
//! Events: `placed` and `removed` (`row`, `column`), `assigned` (`row`, `column`: a queen set
//! without a search step), `moved` (`row`, `from`, `to`), `swapped` (`first`, `second`),
//! `conflict` (`row`: a dead end), `restarted` (the board is emptied), `found`, `started`
//! (`subproblems`), `subproblem-done`. The end line's `cut` is true when the run was stopped at
//! `max_steps`: the trace is then the start of the search, and says so.
//!
//! Pictures are refused above [`PICTURE_MAX_N`] and [`PICTURE_MAX_STEPS`]; JSON Lines has no
//! size limit and up to [`MAX_STEPS`] steps.

#![deny(missing_docs)]

mod frames;
pub mod gif;
pub mod html;
mod record;
pub mod svg;

pub use frames::{Frame, PICTURE_MAX_N, PICTURE_MAX_STEPS, caption, check_picture, frames};
pub use record::{DEFAULT_MAX_STEPS, End, Header, MAX_STEPS, Step, Trace, record};

use thiserror::Error;

/// Why a trace could not be recorded, read or drawn.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum TraceError {
    /// The strategy refused the run (unknown variant, size beyond its limits, ...).
    #[error(transparent)]
    Solver(#[from] nqueens_core::Error),
    /// The step cap is zero or too large.
    #[error("--max-steps {max_steps} is out of range: it must be 1 to {limit}")]
    MaxSteps {
        /// The cap asked for.
        max_steps: u64,
        /// The largest allowed.
        limit: u64,
    },
    /// The board is too large to draw.
    #[error(
        "n = {n} is too large for a readable picture (at most {limit}); trace it as JSON Lines (.jsonl) instead"
    )]
    PictureTooLarge {
        /// The board size.
        n: usize,
        /// The largest drawn.
        limit: usize,
    },
    /// A line of a JSON Lines trace could not be read.
    #[error("trace line {line}: {reason}")]
    Parse {
        /// 1-based line number (0: the end of the input).
        line: usize,
        /// What was wrong.
        reason: String,
    },
    /// The HTML player was given no trace, or more than [`html::MAX_TRACES`].
    #[error(
        "the HTML player shows one to {} traces side by side, not {count}",
        html::MAX_TRACES
    )]
    Traces {
        /// How many it was given.
        count: usize,
    },
    /// The output could not be written.
    #[error("cannot write the trace: {0}")]
    Io(#[from] std::io::Error),
}
