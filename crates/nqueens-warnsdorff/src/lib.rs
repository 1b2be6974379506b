//! # nqueens-warnsdorff
//!
//! Depth-first search guided by Warnsdorff's rule, after `queensw` in Roger Hui's J essay
//! *N Queens Problem*: queens are placed one per row, every safe square of the row is a child,
//! and **the child that leaves the fewest grandchildren** (safe squares in the row after it) is
//! tried first. Every child stays on the stack, so the search is complete: it finds a solution
//! whenever one exists and proves that n = 2 and 3 have none. Registry name `warnsdorff`,
//! [`WarnsdorffSolver`]. (Warnsdorff's 1823 knight's-tour rule, "fewest onward moves", is
//! constraint programming's "fail first": the essay applies it to the squares of the next row,
//! the scaling variant to the choice of row, the usual "most constrained variable".)
//!
//! ## Two variants
//!
//! - **`scaling`** (first solution only; the default): seeded random choices and restarts. A
//!   fixed row order meets heavy-tailed search for large n, so the next row filled is the one
//!   with the fewest safe squares, and a placement that leaves a row without one is refused at
//!   once (forward checking). Ties between rows go to the first met from a random row; a row's
//!   squares are tried from a random one on, cyclically. Runs restart with a fresh random order
//!   after `2n × luby(i)` nodes (Luby, Sinclair and Zuckerman's universal schedule, 1993, in
//!   Knuth's "reluctant doubling" form 1, 1, 2, 1, 1, 2, 4, ...): the cutoff grows without
//!   bound, so the search stays complete. The seed is reported in [`FirstRun::seed`];
//!   [`Config::budget`](nqueens_core::Config::budget) caps the nodes of all runs together, and
//!   each restart is reported as [`Event::Restarted`].
//! - **`faithful`** (first solution, listing and counting, which run it by default): the
//!   essay's deterministic search. Rows in order; the first queen goes in the left half of row
//!   0 by increasing column; below, children by fewest grandchildren, ties by increasing column
//!   (the essay's stable sort, then popping the stack, gives that order). It reproduces the
//!   essay's printed n = 29 solution exactly
//!   (`0 4 8 12 2 17 21 25 10 14 6 22 26 7 15 19 23 27 1 5 28 9 3 20 11 24 16 18 13`). A first
//!   solution stops after [`FAITHFUL_DEFAULT_BUDGET`] nodes when no budget is given.
//!
//! ## The board and its cost
//!
//! Any n up to [`MAX_N`]: attacked columns and diagonals are bitsets of `u64` words, so a row's
//! safe squares are an OR of three word-shifted windows and a count is a popcount, O(n/64) per
//! row. A queen on column `c` takes from the next row only `c - 1, c, c + 1`, so siblings fall
//! in four groups found with one bit-sliced add: a faithful node costs O(n/64) word operations.
//! The scaling variant keeps a count of safe squares per row, updated in one O(n) pass per
//! placement (the queen's column and diagonals as bitsets over the rows, added four rows per
//! vector instruction), so a run without backtracking costs O(n²) time. Memory is O(n), about
//! 20 bytes per column (0.2 MB at n = 10,000).
//!
//! Listing and counting enumerate the left half of row 0 and add each solution's mirror image
//! (one image only when the first queen is in the middle column of odd n), so they visit the
//! same nodes as the bitmask counter, in Warnsdorff order. The scaling variant neither lists
//! nor counts: naming it for those is a typed [`Error::Unsupported`].
//!
//! ## What each variant solves
//!
//! Node counts, which do not depend on the machine (`cargo run --release -p
//! nqueens-warnsdorff --example measure` prints them); for times, see the reference report
//! (`reports/README.md` at the workspace root, series `warnsdorff` and `warnsdorff-faithful`).
//!
//! - **Scaling, first solution**: every n from 4 to 1,000 found with seed 0, with at most
//!   3 restarts (n = 857); n = 1,000 over 20 seeds needs 0 to 2 restarts; n = 10,000 over
//!   5 seeds takes 10,000 to 10,004 nodes and no restart.
//! - **Faithful, first solution**: found with at most 10^7 nodes for every n up to 75 (n = 74
//!   is the worst, 6.1 million nodes), then only n = 77, 82 and 84; none of n = 85..=200
//!   within 10^7 nodes. Nodes for n = 8..=20: 34, 12, 86, 64, 25, 158, 454, 52, 37, 183, 151,
//!   527, 111; the bitmask strategy's lexicographic search needs 113, 41, 102, 52, 261, 111,
//!   1,899, 1,359, 10,052, 5,374, 41,299, 2,545, 199,635, and 87 million at n = 32
//!   (faithful: 1,662).
//! - **Fixed row order with random ties and the same restarts** (an earlier form of the
//!   scaling variant): n = 1,000 took 0.17 to 10 million nodes (three seeds), n = 2,000 took
//!   47 to 238 million. Choosing the most constrained row is what makes the scaling variant
//!   linear in nodes.
//!
//! ```
//! use nqueens_core::{Config, Ended, Solver};
//! use nqueens_warnsdorff::{FAITHFUL, WarnsdorffSolver};
//!
//! let faithful = Config { variant: Some(FAITHFUL.into()), ..Config::default() };
//! let run = WarnsdorffSolver.first(29, &faithful)?;
//! let solution = run.into_solution().expect("n = 29 has solutions");
//! assert_eq!(solution.columns()[..8], [0, 4, 8, 12, 2, 17, 21, 25]);
//!
//! let seeded = Config { seed: Some(7), ..Config::default() };
//! let run = WarnsdorffSolver.first(1000, &seeded)?;
//! assert_eq!(run.ended(), Ended::Satisfied);
//! assert_eq!(run.seed, Some(7));
//! assert_eq!(WarnsdorffSolver.count(8, &Config::default())?.total, 92);
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

mod counted;
mod literature;
mod search;

use std::ops::ControlFlow;

use nqueens_core::{BenchExtra, OnceSweep};
use nqueens_core::{
    Budget, Capabilities, Config, Cost, CostModel, CountRun, Ended, Error, Event, FirstRun, Job,
    Limit, Reading, Showcase, Solution, Stats, Strategy, Tradeoff, Tradeoffs, Variant, VisitRun,
    Visitor, known,
};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use search::{Rows, Search, Ties};

/// Largest board accepted, for every operation but counting (which stops at
/// [`known::COUNT_FITS_U64`]): time is the bound, a backtrack-free scaling pass being O(n²).
pub const MAX_N: usize = 100_000;

/// Largest board the `faithful` variant accepts for a first solution and for listing: from
/// n = 200 on, its fixed order needs more than [`FAITHFUL_DEFAULT_BUDGET`] nodes before the
/// first solution, so it would only ever answer `budget-exhausted`.
pub const FAITHFUL_MAX_N: usize = 199;

/// Largest board the `faithful` variant lists: every n up to 75 reaches its first solution
/// within 10^7 nodes, while most sizes beyond need more, and a listing has no budget to stop
/// it (found by `examples/measure.rs`).
pub const FAITHFUL_LIST_MAX_N: usize = 75;

/// Name of the variant that runs a first solution when none is named: most constrained row,
/// random order, restarts.
pub const SCALING: &str = "scaling";
/// Name of the essay's deterministic search, which listing and counting run.
pub const FAITHFUL: &str = "faithful";

/// Why the scaling variant neither lists nor counts (the message of the typed error).
const ONLY_FIRST: &str = "the scaling variant only finds a first solution; listing and counting run the faithful variant (give no variant, or `faithful`)";

/// The variants, in order of preference: with no variant named, a first solution runs
/// `scaling` and listing and counting run `faithful`, the first that supports them.
const VARIANTS: [Variant; 2] = [
    Variant {
        name: Some(SCALING),
        summary: "most constrained row, random order, restarts on the Luby schedule",
        complete: true,
        randomized: true,
        budget: Some(Budget::Nodes),
        first: Limit::UpTo(MAX_N),
        list: Limit::Unsupported(ONLY_FIRST),
        count: Limit::Unsupported(ONLY_FIRST),
        cost: Cost::first_only(CostModel::power(
            &[
                (8, 2e-5),
                (100, 6e-5),
                (300, 2e-4),
                (1_000, 5e-3),
                (3_000, 0.02),
                (10_000, 0.32),
                (30_000, 1.4),
            ],
            2.0,
        )),
        ..Variant::BLANK
    },
    Variant {
        name: Some(FAITHFUL),
        summary: "the essay's queensw: rows in order, fewest grandchildren first, deterministic",
        complete: true,
        budget: Some(Budget::Nodes),
        first: Limit::UpTo(FAITHFUL_MAX_N),
        list: Limit::UpTo(FAITHFUL_LIST_MAX_N),
        count: Limit::UpTo(known::COUNT_FITS_U64),
        cost: Cost {
            first: CostModel::wall(&[(8, 7e-6), (30, 1.1e-5), (100, 5.8)]),
            count: CostModel::per_row(&[(4, 1e-6), (8, 1.2e-4), (12, 0.056), (14, 1.6)], 5.3),
            completion: CostModel::UNKNOWN,
        },
        ..Variant::BLANK
    },
];

/// How each of [`VARIANTS`] searches, in the same order.
#[derive(Clone, Copy)]
enum Mode {
    Scaling,
    Faithful,
}
const MODES: [Mode; 2] = [Mode::Scaling, Mode::Faithful];

/// Warnsdorff-guided depth-first search, in the essay's `faithful` variant or the `scaling`
/// one (see the crate documentation). Registry name `warnsdorff`.
///
/// ```
/// use nqueens_core::{Config, Solver};
/// use nqueens_warnsdorff::WarnsdorffSolver;
///
/// let run = WarnsdorffSolver.first(3, &Config::default())?;
/// assert!(run.proves_none());
/// # Ok::<(), nqueens_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct WarnsdorffSolver;

/// Knuth's reluctant doubling (Luby's universal restart schedule): 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
struct Luby {
    u: u64,
    v: u64,
}

impl Luby {
    /// The schedule from its start.
    fn new() -> Self {
        Luby { u: 1, v: 1 }
    }

    /// The next term.
    fn next(&mut self) -> u64 {
        let term = self.v;
        if self.u & self.u.wrapping_neg() == self.v {
            self.u += 1;
            self.v = 1;
        } else {
            self.v = self.v.saturating_mul(2);
        }
        term
    }
}

/// Nodes the faithful variant searches for a first solution when
/// [`Config::budget`](nqueens_core::Config::budget) is `None` (tens of seconds): its fixed
/// order stalls for most n above 75, so it ends with [`Ended::Budget`] instead of seeming to hang.
pub const FAITHFUL_DEFAULT_BUDGET: u64 = 100_000_000;

/// Nodes per row in one unit of the restart schedule: a run on a board of `n` rows may visit
/// `2n` nodes times the schedule's term. Most scaling runs need `n` nodes and a few backtracks.
const RESTART_NODES_PER_ROW: u64 = 2;

impl WarnsdorffSolver {
    /// The essay's search, stopping at the first solution or after the job's budget of nodes
    /// ([`FAITHFUL_DEFAULT_BUDGET`] if none is given).
    fn faithful_first(job: &Job<'_>) -> Result<FirstRun, Error> {
        let mut search = Search::new(job.n(), Rows::Fixed);
        let mut stats = Stats {
            peak_bytes: Search::bytes(job.n()),
            ..Stats::default()
        };
        let cutoff = job.config().budget.unwrap_or(FAITHFUL_DEFAULT_BUDGET);
        let ended = run_watched(
            &mut search,
            &mut Ties::Column,
            cutoff,
            &mut stats,
            job.config(),
        );
        first_run(ended, &search, stats)
    }

    /// Most constrained row, random order, restarts on the Luby schedule.
    fn scaling_first(job: &Job<'_>) -> Result<FirstRun, Error> {
        let (n, config) = (job.n(), job.config());
        let seed = config.seed_or_fresh();
        let mut ties = Ties::Random(Xoshiro256PlusPlus::seed_from_u64(seed));
        let mut search = Search::new(n, Rows::Constrained(Box::default()));
        let mut stats = Stats {
            peak_bytes: Search::bytes(n) + counted::RowCounts::bytes(n),
            ..Stats::default()
        };
        let budget = config.budget.unwrap_or(u64::MAX);
        let mut luby = Luby::new();
        loop {
            let remaining = budget - stats.nodes;
            let cutoff = luby
                .next()
                .saturating_mul(RESTART_NODES_PER_ROW * n as u64)
                .min(remaining);
            let ended = run_watched(&mut search, &mut ties, cutoff, &mut stats, config);
            // A run that used up its cutoff restarts, unless that was the whole budget.
            if ended != Ended::Budget || stats.nodes >= budget {
                return Ok(first_run(ended, &search, stats)?.seeded(seed));
            }
            stats.restarts += 1;
            config.observe(Event::Restarted);
            search.clear();
        }
    }

    /// The essay's search over the left half of row 0, handing each solution to `on_solution`
    /// with whether its mirror image is another solution.
    fn faithful_all(
        job: &Job<'_>,
        on_solution: &mut dyn FnMut(&[u32], bool) -> ControlFlow<()>,
    ) -> (Stats, Ended) {
        let n = job.n();
        let mut search = Search::new(n, Rows::Fixed);
        let mut stats = Stats {
            peak_bytes: Search::bytes(n),
            ..Stats::default()
        };
        // Listing and counting report no steps (a count's observer is a progress bar).
        let ended = search.run::<false>(
            &mut Ties::Column,
            u64::MAX,
            &mut stats,
            &job.config().stop,
            None,
            &mut |board| on_solution(board, 2 * board[0] as usize + 1 != n),
        );
        (stats, ended)
    }
}

/// Runs `search` until its first solution, reporting its steps to `config`'s observer if there
/// is one: one branch per run, not per node (see [`Search::run`]).
fn run_watched(
    search: &mut Search,
    ties: &mut Ties,
    cutoff: u64,
    stats: &mut Stats,
    config: &Config,
) -> Ended {
    let first = &mut |_: &[u32]| ControlFlow::Break(());
    match config.steps() {
        Some(observer) => {
            search.run::<true>(ties, cutoff, stats, &config.stop, Some(observer), first)
        }
        None => search.run::<false>(ties, cutoff, stats, &config.stop, None, first),
    }
}

/// The result of a first-solution run that ended `ended`, with the board validated when it
/// holds a solution.
fn first_run(ended: Ended, search: &Search, stats: Stats) -> Result<FirstRun, Error> {
    Ok(match ended {
        Ended::Satisfied => {
            FirstRun::found(Solution::from_columns(search.board().to_vec())?, stats)
        }
        ended => FirstRun::without_solution(ended, stats),
    })
}

const TRADEOFFS: Tradeoffs = Tradeoffs::new(&[Tradeoff {
    variant: Some("faithful"),
    ..Tradeoff::new(
        "Guided search",
        Reading::First,
        &["bitmask"],
        "to a first solution at n = {{ n }}, `{{ us.id }}` visits {{ us.nodes | count }} nodes \
         against `{{ rival.id }}`'s {{ rival.nodes | count }} ({{ us.time | seconds }} against \
         {{ rival.time | seconds }})",
    )
}]);

impl Strategy for WarnsdorffSolver {
    fn name(&self) -> &'static str {
        "warnsdorff"
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const {
            Capabilities::new(
            "depth-first search, fewest grandchildren first (Hui's queensw); scaling mode: most constrained row, random order, restarts",
            &VARIANTS,
        )
        .showcase(Showcase {
            family: "Warnsdorff-guided search",
            variant: Some("scaling"),
            seed: Some(1),
        })
        // The issue's goal: every n from 4 to 1,000, each within 10 s.
        .bench(&[BenchExtra::Once(OnceSweep {
            from: 4,
            to: 1_000,
            seconds: 10.0,
            full_only: false,
        })])
        .tradeoffs(TRADEOFFS)
        .literature(literature::EXPERIMENTS)
        }
    }

    fn search_first(&self, job: &Job<'_>) -> Result<FirstRun, Error> {
        match MODES[job.variant_index()] {
            Mode::Scaling => Self::scaling_first(job),
            Mode::Faithful => Self::faithful_first(job),
        }
    }

    fn search_all(&self, job: &Job<'_>, visitor: &mut Visitor<'_>) -> Result<VisitRun, Error> {
        let n = job.n();
        let mut mirror = Vec::with_capacity(n);
        let (stats, ended) = Self::faithful_all(job, &mut |board, has_mirror| {
            visitor(board)?;
            if has_mirror {
                mirror.clear();
                mirror.extend(board.iter().map(|&c| n as u32 - 1 - c));
                visitor(&mirror)?;
            }
            ControlFlow::Continue(())
        });
        Ok(VisitRun { ended, stats })
    }

    fn search_count(&self, job: &Job<'_>) -> Result<CountRun, Error> {
        let mut total = 0u64;
        let (stats, ended) = Self::faithful_all(job, &mut |_, has_mirror| {
            total += if has_mirror { 2 } else { 1 };
            ControlFlow::Continue(())
        });
        Ok(CountRun::new(total, ended, stats))
    }
}
