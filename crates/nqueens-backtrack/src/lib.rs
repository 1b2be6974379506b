//! # nqueens-backtrack
//!
//! Backtracking: place one queen per row, top to bottom, on a square no earlier queen attacks;
//! when a row has no such square, back up and move the previous queen on. Both strategies here
//! visit solutions in lexicographic order and are complete (they prove that n = 2 and 3 have no
//! solution).
//!
//! | registry name | board | safety test | counting |
//! |---|---|---|---|
//! | [`vector`](VectorSolver) | `board[row] = column` | scan of the placed rows, O(row) | every solution visited |
//! | [`bitmask`](BitmaskSolver) | three `u32` masks | one AND, O(1) | first row's left half, doubled |
//!
//! How fast: on the reference machine (see `reports/README.md`) the bitmask counter counts
//! n = 14 (365,596 solutions, 27 million nodes) in about 0.1 s on one core, roughly 20× faster
//! than the vector board, whose cost per node grows with the row.
//!
//! ```
//! use nqueens_backtrack::BitmaskSolver;
//! use nqueens_core::{Config, Solver};
//!
//! let run = BitmaskSolver.count(8, &Config::default())?;
//! assert_eq!(run.total, 92);
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

mod bitmask;
mod vector;

pub use bitmask::BitmaskSolver;
pub use vector::VectorSolver;

/// How many nodes a search visits between looks at the stop flag: often enough to stop within
/// a millisecond, rarely enough to cost nothing.
const STOP_POLL_MASK: u64 = (1 << 14) - 1;
