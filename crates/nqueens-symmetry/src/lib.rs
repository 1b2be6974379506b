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
//! symmetries and only the smallest member of each orbit is searched (one subproblem each): its
//! completions, times the orbit size (8, or 4, 2, 1 for the few constellations a symmetry fixes),
//! give the solutions of the whole orbit. The same search gives the classes of solutions: for a
//! constellation no symmetry fixes, each completion is one class; for the rare fixed ones,
//! Burnside's lemma over the completions and the symmetries that fix them does.
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
//! The last two rows are counted without branching.
//!
//! Statistics: with [`Config::stats`](nqueens_core::Config::stats) the count reports
//! [`Stats::nodes`](nqueens_core::Stats::nodes), the queens the completion searches placed on an open square of a free
//! row (each branch tried, forced moves included, the last two rows' placements counted as a
//! plain search would make them; the edge queens and the short enumeration of the rare
//! classes a rotation fixes are not counted), summed per subproblem. The kernel is compiled
//! twice, with and without its node counter, so a count without statistics runs the same
//! instructions as before they existed (callgrind, n = 14); with them the kernel runs about a
//! fifth more instructions (the counter lives in memory across the recursion). Without
//! statistics `nodes` is 0.
//! The subproblems are counted by the core's runner ([`count_plan`](nqueens_core::split::count_plan)) on
//! [`Config::threads`](nqueens_core::Config::threads) threads, in an interleaved order, with
//! progress reported per subproblem; the kernel checks the stop flag at every node above the
//! last twelve rows, so Ctrl-C is answered within milliseconds at any size.
//!
//! Because the count is a list of subproblems (the strategy's [`Subproblems`], from
//! [`Solver::plan`](nqueens_core::Solver::plan)), the split machinery of the `nqueens-run`
//! crate serves it as it serves any resumable strategy: shards split a count over processes
//! or machines and `merge` checks and adds their records; a checkpoint saves finished
//! subproblems to a file so an interrupted count resumes where it stopped.
//!
//! ## Symmetric solutions
//!
//! With a turn in the config ([`Config::symmetric`](nqueens_core::Config::symmetric)), the
//! counter counts only the solutions a half turn (P, OEIS A032522) or a quarter turn (R, OEIS
//! A033148) maps onto themselves, by a search over the part of the board that determines them,
//! up to n = 64 ([`MAX_SYMMETRIC_N`]), far past the full count; resumable like the full count.
//! The facade's count workflow (`nqueens::count`) checks every whole count with classes against
//! Burnside's identity with them, classes = (Q + P + 2R) / 8; the counter itself (what the
//! bench times) does not, so its count costs nothing more.
//!
//! ```
//! use nqueens_core::{Config, Solver, Turn};
//! use nqueens_symmetry::SymmetrySolver;
//!
//! let half = Config { symmetric: Some(Turn::Half), ..Config::default() };
//! assert_eq!(SymmetrySolver.count(8, &half)?.total, 4);
//! let quarter = Config { symmetric: Some(Turn::Quarter), ..Config::default() };
//! assert_eq!(SymmetrySolver.count(13, &quarter)?.total, 8);
//! assert!(SymmetrySolver.count(65, &quarter).is_err()); // past MAX_SYMMETRIC_N
//! # Ok::<(), nqueens_core::Error>(())
//! ```
//!
//! Sources: counting one constellation of edge queens per symmetry class is the method of
//! NQueensFAF's constellations (a Java counter, with a C port); the classes come from
//! Burnside's (orbit-counting) lemma; the completion search is the classic bitmask
//! backtracking, with forward checking in the last rows. The code is this workbench's own.
//!
//! ## Cost
//!
//! Time is proportional to the nodes of the completion searches, still exponential (about 7×
//! per unit of `n` near n = 17): at n = 16, 208 million nodes with plain backtracking below the
//! edge queens and about half that with the forward checking, against 571 million for
//! mirror-halved backtracking of the whole board. Memory is O(n⁴) for the plan (about `n⁴ / 8`
//! classes: 3,206 at n = 16) plus O(n) per thread for the search: a few megabytes at most
//! at n = 28, too little to read [`Config::memory_limit`](nqueens_core::Config::memory_limit)
//! (the `quadrants` counter's tables are what that bound is for). The subproblems are
//! independent, so the work divides over threads, processes and machines; the interleaved
//! order leaves no long tail.
//!
//! Measured speed, against the other strategies and against the C yardstick
//! (`shared/yardstick/count.c`, mirror-halving bitmask backtracking) on the reference machine,
//! one and two threads, is in the reference report `reports/README.md` (sections "Count all
//! solutions" and "Yardstick: plain C on the same machine"), which `cargo bench` and
//! `nqueens report` regenerate; it is not copied here, where it would drift.
//!
//! ```
//! use nqueens_core::{Config, Solver};
//! use nqueens_symmetry::SymmetrySolver;
//!
//! let run = SymmetrySolver.count(10, &Config::default())?;
//! assert_eq!((run.total, run.unique), (724, Some(92)));
//! # Ok::<(), nqueens_core::Error>(())
//! ```
//!
//! A count in three shards, merged as `nqueens merge` does:
//!
//! ```
//! use nqueens_core::{Config, Solver};
//! use nqueens_run::split::{Shard, count_shard, merge};
//! use nqueens_symmetry::SymmetrySolver;
//!
//! let config = Config::default();
//! let plan = SymmetrySolver.plan(8, &config)?;
//! let records = (0..3)
//!     .map(|i| count_shard(plan.as_ref(), Shard::new(i, 3)?, &config).map_err(Into::into))
//!     .collect::<Result<Vec<_>, Box<dyn std::error::Error>>>()?;
//! let merged = merge(&records, |_strategy, n| SymmetrySolver.plan(n, &config))?;
//! assert_eq!((merged.count, merged.unique), (92, 12));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod constellation;
mod kernel;
mod literature;
mod plan;
mod symmetric;

use nqueens_core::split::Subproblems;
pub use plan::MAX_MASK_N;

use plan::Plan;
pub use symmetric::MAX_SYMMETRIC_N;

use std::sync::atomic::AtomicU64;

use symmetric::SymmetricPlan;

use nqueens_core::{
    BenchExtra, Capabilities, Cost, CostModel, Counterpart, Error, Job, Limit, Reading, Sizes,
    Strategy, Tradeoff, Tradeoffs, Variant, known,
};

/// The registry name.
const NAME: &str = "symmetry";

/// Why it neither finds nor lists.
const ONLY_COUNTS: &str = "it only counts; bitmask finds and lists";

/// Counts solutions and their symmetry classes from border constellations, on all cores.
/// Registry name `symmetry`; counts up to n = 28 (the largest whose count surely fits a `u64`).
///
/// It only counts: finding and listing are left to the backtracking strategies. Its count is
/// resumable: [`Solver::plan`](nqueens_core::Solver::plan) gives its subproblems.
#[derive(Clone, Copy, Debug, Default)]
pub struct SymmetrySolver;

/// The largest `n` counted: the `u64` bound, which is below the mask bound.
const MAX_COUNT_N: usize = if known::COUNT_FITS_U64 < MAX_MASK_N {
    known::COUNT_FITS_U64
} else {
    MAX_MASK_N
};

/// Its only variant.
const COUNTER: Variant = Variant {
    name: None,
    summary: "counts by symmetry classes of border constellations, on all cores",
    complete: true,
    randomized: false,
    budget: None,
    first: Limit::Unsupported(ONLY_COUNTS),
    list: Limit::Unsupported(ONLY_COUNTS),
    count: Limit::UpTo(MAX_COUNT_N),
    keeps_given: false,
    symmetric: Limit::UpTo(MAX_SYMMETRIC_N),
    bounds_restarts: false,
    cost: Cost {
        first: CostModel::UNKNOWN,
        count: CostModel::per_row(
            &[
                (4, 2.5e-4),
                (11, 5e-4),
                (13, 4.3e-3),
                (15, 0.115),
                (16, 0.73),
            ],
            6.0,
        ),
        completion: CostModel::UNKNOWN,
    },
};

const TRADEOFFS: Tradeoffs = Tradeoffs::new(&[Tradeoff::new(
    "Counting by symmetry",
    Reading::Count,
    &["bitmask"],
    "at n = {{ n }} `{{ us.id }}` counts {{ (rival.time / us.time) | times(\"faster\", \
     \"slower\") }} than `{{ rival.id }}` ({{ us.time | seconds }} against {{ rival.time | \
     seconds }}){% if us.nodes is defined and rival.nodes is defined %}, placing {{ \
     (us.nodes / rival.nodes) | fixed(2) }}× the queens `{{ rival.id }}` places ({{ \
     us.nodes | count }} against {{ rival.nodes | count }}){% endif %}",
)]);

impl Strategy for SymmetrySolver {
    fn name(&self) -> &'static str {
        NAME
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const {
            Capabilities {
                counts_classes: true,
                resumable: true,
                ..Capabilities::new(COUNTER.summary, &[COUNTER])
                    .tradeoffs(TRADEOFFS)
                    .literature(literature::EXPERIMENTS)
            }
            // Timed beside count.c on one and two threads.
            .bench(&[BenchExtra::Yardstick(Counterpart {
                program: "count",
                threads: &[Some(1), Some(2)],
                goals: Sizes::NONE,
            })])
        }
    }

    /// The plan (of the symmetric solutions with a turn in the config); the caller checked `n`
    /// against the limit, which the masks hold. With
    /// [`Config::stats`](nqueens_core::Config::stats), the plan counts by the kernel compiled
    /// with its node counter, so that the run's [`Stats::nodes`](nqueens_core::Stats::nodes) are the nodes of the
    /// completion searches (see the crate doc); 0 otherwise, at full speed.
    fn subproblems(&self, job: &Job<'_>) -> Result<Box<dyn Subproblems>, Error> {
        Ok(match job.config().symmetric {
            Some(turn) => Box::new(SymmetricPlan::new(job.n(), turn)?),
            None if job.config().stats => Box::new(plan::CountingNodes {
                plan: Plan::new(job.n())?,
                nodes: AtomicU64::new(0),
            }),
            None => Box::new(Plan::new(job.n())?),
        })
    }
}
