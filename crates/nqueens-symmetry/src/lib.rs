//! # nqueens-symmetry
//!
//! The workbench's fast counter (registry name `symmetry`): it counts every solution, and the
//! solutions distinct up to rotation and reflection (OEIS A002562), in one search over about an
//! eighth of the tree, on all cores.
//!
//! ## The algorithm: border constellations
//!
//! Every solution has one queen on each edge line of the board (row 0, row `n - 1`, column 0,
//! column `n - 1`; a corner queen counts for two). Those queens form the solution's
//! *constellation*, and a symmetry of the board maps the constellation of a solution onto that
//! of its image. So the valid constellations (about `n⁴`) are grouped into orbits under the 8
//! symmetries and only the smallest member of each orbit is searched ([`Plan`]): its
//! completions, times the orbit size (8, or 4, 2, 1 for the few constellations a symmetry fixes),
//! give the solutions of the whole orbit. The same search gives the classes of solutions: for a
//! constellation no symmetry fixes, each completion is one class; for the rare fixed ones,
//! Burnside's lemma over the completions does (see [`Tally`]).
//!
//! Each constellation is one independent subproblem (3,206 of them at n = 16, 5,728 at n = 18):
//! the completions are counted by bitmask backtracking over the rows that have no edge queen
//! yet, with the edge queens' diagonals seeded in 64-bit masks (128-bit above n = 22) and their
//! rows skipped by shifting the diagonal masks several places at once. In the last seven rows
//! (more above n = 17, at most ten), where most of the tree is, each node with five rows or
//! more left first looks at every remaining row and column: a row or column with no open
//! square ends the branch, and one with a single open square is filled at once, out of order
//! (forward checking with forced moves: with the row rule alone, n = 16 visits 109 million
//! nodes instead of 208 million).
//! The last two rows are counted without branching. No statistics are kept in the hot loop.
//! The subproblems run on a rayon pool of `Config::threads` threads, in an interleaved order,
//! with progress reported per subproblem and the stop flag checked at every node above the last
//! twelve rows (so Ctrl-C is answered within milliseconds at any size).
//!
//! Around them: [`Shard`] and [`ShardRecord`] split a count over processes or machines and
//! [`merge`] checks and adds the records; [`Checkpoint`] saves finished subproblems to a file so
//! an interrupted count resumes where it stopped.
//!
//! ## Cost and measured speed
//!
//! Time is proportional to the nodes of the completion searches, still exponential (about 7×
//! per unit of `n` near n = 17): at n = 16, 208 million with plain backtracking below the edge
//! queens and about half that with the forward checking, against 571 million for mirror-halved
//! backtracking of the whole board. Memory is O(n⁴) for the plan.
//!
//! Measured on the 2-core CI machine type (AMD EPYC) by the bench harness's `yardstick` group,
//! side by side with the C yardstick (`shared/yardstick/count.c`: mirror-halving bitmask
//! backtracking, one thread, `gcc -O3 -march=native`), criterion medians (n = 17: one run
//! each); n = 18 is the wall time of `nqueens count 18 --quiet`, five runs:
//!
//! | | n = 16 | n = 17 | n = 18 |
//! |---|---|---|---|
//! | yardstick, 1 thread | 4.65 s | 32.9 s | |
//! | `symmetry`, 1 thread | 1.39 s (3.34×) | 8.54 s (3.85×) | |
//! | `symmetry`, 2 threads | 0.71 s (6.5×) | 4.48 s (7.4×) | 32.1-35.4 s, median 34.3 s |
//!
//! The machine is shared with others: the same run spreads ±5% from one minute to the next.
//! Two threads run 1.9-2.0× faster than one (the interleaved order leaves no long tail). The
//! forward checking in the last rows gained about 20% over plain backtracking below the edge
//! queens (2.4× and 2.6× the yardstick at n = 16 and 17 on one thread), and the ratio grows
//! with `n`.
//!
//! ```
//! use nqueens_core::{Config, Solver};
//! use nqueens_symmetry::SymmetrySolver;
//!
//! let run = SymmetrySolver.count(10, &Config::default())?;
//! assert_eq!((run.total, run.unique), (724, Some(92)));
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

mod checkpoint;
mod constellation;
mod kernel;
mod plan;
mod shard;

pub use checkpoint::{Checkpoint, CheckpointError};
pub use kernel::Tally;
pub use plan::{MAX_MASK_N, Plan, PlanRun};
pub use shard::{MergeError, Merged, Shard, ShardError, ShardRecord, merge};

use nqueens_core::{
    Capabilities, Config, CountRun, Error, FirstRun, Limit, Operation, Solver, Stats, known,
};

/// The registry name.
const NAME: &str = "symmetry";

/// Counts solutions and their symmetry classes from border constellations, on all cores.
/// Registry name `symmetry`; counts up to n = 28 (the largest whose count surely fits a `u64`).
///
/// It only counts: finding and listing are left to the backtracking strategies.
#[derive(Clone, Copy, Debug, Default)]
pub struct SymmetrySolver;

/// The largest `n` counted: the `u64` bound, which is below the mask bound.
const MAX_COUNT_N: usize = if known::COUNT_FITS_U64 < MAX_MASK_N {
    known::COUNT_FITS_U64
} else {
    MAX_MASK_N
};

impl Solver for SymmetrySolver {
    fn name(&self) -> &'static str {
        NAME
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            summary: "counts by symmetry classes of border constellations, on all cores",
            complete: true,
            randomized: false,
            first: Limit::Unsupported("it only counts; bitmask finds and lists"),
            list: Limit::Unsupported("it only counts; bitmask finds and lists"),
            count: Limit::UpTo(MAX_COUNT_N),
            variants: &[],
        }
    }

    fn search_first(&self, _n: usize, _config: &Config) -> Result<FirstRun, Error> {
        Err(self.unsupported(Operation::First))
    }

    fn search_count(&self, n: usize, config: &Config) -> Result<CountRun, Error> {
        let plan = Plan::new(n)?;
        let all: Vec<usize> = (0..plan.len()).collect();
        let run = plan.run(&all, config, &|_, _| {})?;
        Ok(CountRun {
            total: run.total,
            unique: Some(run.unique),
            complete: run.complete,
            stats: Stats::default(),
        })
    }
}
