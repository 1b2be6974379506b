//! # nqueens-core
//!
//! The shared vocabulary of the N-Queens workbench, with no strategy in it:
//!
//! - [`Placement`] and [`Solution`]: one 0-based column per row (`1 3 0 2`), parsed from spaces
//!   or commas, printed with spaces;
//! - [`validate`]: the checker every strategy's output passes (like `qcheck` in Roger Hui's J
//!   essay), O(n) time and about 5n bits, naming the two clashing rows when it fails;
//! - [`Symmetry`]: the eight rotations and reflections, [`Solution::canonical`] and
//!   [`Solution::orbit_size`];
//! - [`Board`]: text pictures, ASCII or Unicode, written row by row;
//! - [`Solver`]: the trait every strategy implements, with [`Config`], [`Stats`], [`Outcome`],
//!   [`Capabilities`] and the typed [`Error`];
//! - [`Registry`]: strategies by stable name;
//! - [`known`]: the OEIS counts (A000170, A002562) everything is tested against.
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

mod error;
pub mod known;
mod registry;
mod render;
mod solution;
mod solver;
mod symmetry;

pub use error::Error;
pub use registry::Registry;
pub use render::{Board, BoardStyle};
pub use solution::{
    Columns, Diagonal, InvalidPlacement, ParsePlacementError, Placement, Solution,
    SolutionFromStrError, validate, validate_size,
};
pub use solver::{
    Capabilities, Config, CountRun, FirstRun, Limit, Operation, Outcome, Progress, Solver, Stats,
    StopFlag, StopReason, VisitEnd, VisitRun, Visitor, first_of_stream, fresh_seed,
};
pub use symmetry::Symmetry;
