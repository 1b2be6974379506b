//! # nqueens-warnsdorff
//!
//! Depth-first search guided by Warnsdorff's rule, after `queensw` in Roger Hui's J essay
//! *N Queens Problem*: queens are placed one per row, every safe square of the row is a child,
//! and **the child that leaves the fewest grandchildren** (safe squares in the row after it) is
//! tried first. Every child stays on the stack, so the search is complete: it finds a solution
//! whenever one exists and proves that n = 2 and 3 have none. Registry name `warnsdorff`,
//! [`WarnsdorffSolver`].
//!
//! ## Two variants
//!
//! - **`faithful`**: the essay's search, deterministic. Rows in order; the first queen goes in
//!   the left half of row 0 (mirror images cover the right half), by increasing column; below,
//!   children by fewest grandchildren, ties by increasing column (the essay's stable
//!   descending sort on columns listed high to low, then popping the stack, gives that order).
//!   It reproduces the essay's printed n = 29 solution exactly
//!   (`0 4 8 12 2 17 21 25 10 14 6 22 26 7 15 19 23 27 1 5 28 9 3 20 11 24 16 18 13`). Listing
//!   and counting always run this variant (see below).
//! - **`scaling`** (the default for a first solution): seeded random choices and restarts. A
//!   fixed row order meets heavy-tailed search for large n, with or without random ties (see
//!   the measurements), so this variant also applies Warnsdorff's rule to the choice of
//!   *row*: the next row filled is the one with the fewest safe squares, and a placement that
//!   leaves any row without one is refused at once (forward checking). Ties between rows go to
//!   the first met from a random row; the squares of a row are tried from a random one on,
//!   cyclically. Runs restart with a fresh random order after `2n × luby(i)` nodes (Knuth's
//!   reluctant doubling 1, 1, 2, 1, 1, 2, 4, ...): the cutoff grows without bound, so some run
//!   eventually outlasts the whole tree and the search stays complete. The seed is reported in
//!   [`FirstRun::seed`] (chosen fresh when [`Config::seed`] is `None`); [`Config::budget`] caps
//!   the nodes of all runs together.
//!
//! How the names relate: Warnsdorff's 1823 rule for the knight's tour moves to the square with
//! the fewest onward moves. In constraint-programming terms that is "fail first" or "most
//! constrained" (fewest remaining values) choice; "fewest free cells" is the same count. The
//! essay keeps the row order fixed and applies the rule to the squares of the next row (the
//! child whose next row has the fewest free cells); the scaling variant applies it to rows (the
//! row with the fewest free cells), which is the usual "most constrained variable" heuristic.
//!
//! ## The board and its cost
//!
//! Any n up to [`MAX_N`]: the attacked columns and diagonals are bitsets of `u64` words indexed
//! absolutely, so a row's safe squares are an OR of three word-shifted windows and a count is
//! a popcount, O(n/64) per row. The fewest-grandchildren order needs no look-ahead pass: a queen
//! on column `c` takes from the next row only its squares `c - 1, c, c + 1`, so siblings fall in
//! four groups found with one bit-sliced add. The scaling variant keeps a count of safe squares
//! per row, updated in one O(n) pass per placement. Nothing is stored per level but the row,
//! its queen and the position of the walk over its siblings: memory is about 20 bytes per
//! column in all (0.2 MB at n = 10,000), not per level.
//!
//! Listing and counting enumerate the left half of row 0 and add each solution's mirror image
//! (one image only when the first queen is in the middle column of odd n), so they visit the
//! same nodes as the bitmask counter, in Warnsdorff order. Asking them for the `scaling`
//! variant by name is a typed [`Error::Unsupported`]: a count is the same in any order, and
//! silently running something else than what was named would hide a mistake.
//!
//! ## Measured
//!
//! Release build, this workspace's 2-core machine shared with other builds (load 1.6 to 2.6, so
//! times vary by ±30 %); `cargo run --release -p nqueens-warnsdorff --example measure` prints
//! these tables.
//!
//! - **Scaling, first solution**: every n from 4 to 1,000 found (seed 0): 10.7 s for the whole
//!   sweep, at most 0.20 s for one n (n = 857, 3 restarts). n = 1,000 over 20 seeds: median
//!   0.015 s, worst 0.12 s, 0 to 2 restarts. n = 10,000 over 5 seeds: 1.3 to 1.6 s, 10,000 to
//!   10,004 nodes, no restart; n = 20,000: 4.9 s. A backtrack-free run costs about
//!   12 ns × n² (one O(n) count update per queen).
//! - **Faithful, first solution**: found with at most 10^7 nodes for every n up to 75 (n = 74
//!   is the worst, 6.1 million nodes), then only n = 77, 82 and 84; none of n = 85..=200 within
//!   10^7 nodes (about 2 s each). Nodes for n = 8..=20: 34, 12, 86, 64, 25, 158, 454, 52, 37,
//!   183, 151, 527, 111; the bitmask strategy's lexicographic search needs 113, 41, 102, 52,
//!   261, 111, 1,899, 1,359, 10,052, 5,374, 41,299, 2,545, 199,635, and 87 million at n = 32
//!   (faithful: 1,662).
//! - **Fixed row order with random ties and the same restarts** (an earlier form of the
//!   scaling variant): n = 1,000 took 0.17 to 10 million nodes (0.04 to 3.6 s, three seeds),
//!   n = 2,000 took 47 to 238 million (47 to 340 s). Choosing the most constrained row is what
//!   makes the scaling variant linear in nodes.
//!
//! ```
//! use nqueens_core::{Config, Outcome, Solver};
//! use nqueens_warnsdorff::{FAITHFUL, WarnsdorffSolver};
//!
//! let faithful = Config { variant: Some(FAITHFUL.into()), ..Config::default() };
//! let run = WarnsdorffSolver.first(29, &faithful)?;
//! let Outcome::Found(solution) = run.outcome else { panic!("n = 29 has solutions") };
//! assert_eq!(solution.columns()[..8], [0, 4, 8, 12, 2, 17, 21, 25]);
//!
//! let seeded = Config { seed: Some(7), ..Config::default() };
//! let run = WarnsdorffSolver.first(1000, &seeded)?;
//! assert!(matches!(run.outcome, Outcome::Found(_)));
//! assert_eq!(run.seed, Some(7));
//! assert_eq!(WarnsdorffSolver.count(8, &Config::default())?.total, 92);
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

mod search;

use std::ops::ControlFlow;

use nqueens_core::{
    Capabilities, Config, CountRun, Error, FirstRun, Limit, Operation, Outcome, Solution, Solver,
    Stats, StopReason, VisitEnd, VisitRun, Visitor, known,
};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use search::{End, Rows, Search, Ties};

/// Largest board accepted, for every operation but counting (which stops at
/// [`known::COUNT_FITS_U64`]).
///
/// Memory is no bound (about 2 MB here): time is. One backtrack-free pass of the scaling
/// variant costs about 12 ns × n², two minutes or more at this size.
pub const MAX_N: usize = 100_000;

/// Name of the default variant: most constrained row, random order, restarts.
pub const SCALING: &str = "scaling";
/// Name of the essay's deterministic search, which listing and counting run.
pub const FAITHFUL: &str = "faithful";

/// Warnsdorff-guided depth-first search, in the essay's `faithful` variant or the `scaling`
/// one (see the crate documentation). Registry name `warnsdorff`.
///
/// ```
/// use nqueens_core::{Config, Outcome, Solver};
/// use nqueens_warnsdorff::WarnsdorffSolver;
///
/// let run = WarnsdorffSolver.first(3, &Config::default())?;
/// assert_eq!(run.outcome, Outcome::NoSolution);
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

/// Nodes the faithful variant searches for a first solution when [`Config::budget`] is `None`:
/// tens of seconds. Its fixed order stalls for most n above 75 (see the measurements), so
/// without a bound `solve` would seem to hang; it ends with [`StopReason::Budget`] instead.
pub const FAITHFUL_DEFAULT_BUDGET: u64 = 100_000_000;

/// Nodes per row in one unit of the restart schedule: a run on a board of `n` rows may visit
/// `2n` nodes times the schedule's term. Most scaling runs need `n` nodes and a few backtracks.
const RESTART_NODES_PER_ROW: u64 = 2;

impl WarnsdorffSolver {
    /// The variant `config` names, or the default.
    fn variant(config: &Config) -> &str {
        config.variant.as_deref().unwrap_or(SCALING)
    }

    /// The essay's search, stopping at the first solution or after `config.budget` nodes
    /// ([`FAITHFUL_DEFAULT_BUDGET`] if none is given).
    fn faithful_first(n: usize, config: &Config) -> Result<FirstRun, Error> {
        let mut search = Search::new(n, Rows::Fixed { order_first: false }, true);
        let mut stats = Stats {
            peak_bytes: Search::bytes(n),
            ..Stats::default()
        };
        let cutoff = config.budget.unwrap_or(FAITHFUL_DEFAULT_BUDGET);
        let end = search.run(
            &mut Ties::Column,
            cutoff,
            &mut stats,
            &config.stop,
            &mut |_| ControlFlow::Break(()),
        );
        let outcome = outcome(end, &search)?;
        Ok(FirstRun {
            outcome,
            stats,
            seed: None,
        })
    }

    /// Most constrained row, random order, restarts on the Luby schedule.
    fn scaling_first(n: usize, config: &Config) -> Result<FirstRun, Error> {
        let seed = config.seed_or_fresh();
        let mut ties = Ties::Random(Xoshiro256PlusPlus::seed_from_u64(seed));
        let mut search = Search::new(n, Rows::Constrained { counts: Vec::new() }, true);
        let mut stats = Stats {
            peak_bytes: Search::bytes(n),
            ..Stats::default()
        };
        let budget = config.budget.unwrap_or(u64::MAX);
        let mut luby = Luby::new();
        let outcome = loop {
            let remaining = budget - stats.nodes;
            let cutoff = luby
                .next()
                .saturating_mul(RESTART_NODES_PER_ROW * n as u64)
                .min(remaining);
            let end = search.run(&mut ties, cutoff, &mut stats, &config.stop, &mut |_| {
                ControlFlow::Break(())
            });
            if end != End::Cutoff || stats.nodes >= budget {
                break outcome(end, &search)?;
            }
            stats.restarts += 1;
            search.clear();
        };
        Ok(FirstRun {
            outcome,
            stats,
            seed: Some(seed),
        })
    }

    /// The essay's search over the left half of row 0, handing each solution to `on_solution`
    /// with whether its mirror image is another solution.
    fn faithful_all(
        n: usize,
        config: &Config,
        on_solution: &mut dyn FnMut(&[u32], bool) -> ControlFlow<()>,
    ) -> (Stats, VisitEnd) {
        let mut search = Search::new(n, Rows::Fixed { order_first: false }, true);
        let mut stats = Stats {
            peak_bytes: Search::bytes(n),
            ..Stats::default()
        };
        let end = search.run(
            &mut Ties::Column,
            u64::MAX,
            &mut stats,
            &config.stop,
            &mut |board| on_solution(board, 2 * board[0] as usize + 1 != n),
        );
        let end = match end {
            End::Broken => VisitEnd::Broken,
            End::Interrupted => VisitEnd::Interrupted,
            End::Exhausted | End::Cutoff => VisitEnd::Exhausted,
        };
        (stats, end)
    }

    /// Refuses listing and counting in the scaling variant, named explicitly.
    fn only_faithful(&self, operation: Operation, config: &Config) -> Result<(), Error> {
        if config.variant.as_deref() == Some(SCALING) {
            return Err(Error::Unsupported {
                strategy: self.name(),
                operation,
                reason: "the scaling variant only finds a first solution; listing and counting run the faithful variant (give no variant, or `faithful`)",
            });
        }
        Ok(())
    }
}

/// What a first-solution run's end means, with the board validated.
fn outcome(end: End, search: &Search) -> Result<Outcome, Error> {
    Ok(match end {
        End::Broken => Outcome::Found(Solution::from_columns(search.board().to_vec())?),
        End::Exhausted => Outcome::NoSolution,
        End::Cutoff => Outcome::Stopped(StopReason::Budget),
        End::Interrupted => Outcome::Stopped(StopReason::Interrupted),
    })
}

impl Solver for WarnsdorffSolver {
    fn name(&self) -> &'static str {
        "warnsdorff"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            summary: "depth-first search, fewest grandchildren first (Hui's queensw); scaling mode: most constrained row, random order, restarts",
            complete: true,
            randomized: true,
            first: Limit::UpTo(MAX_N),
            list: Limit::UpTo(MAX_N),
            count: Limit::UpTo(known::COUNT_FITS_U64),
            variants: &[SCALING, FAITHFUL],
        }
    }

    fn search_first(&self, n: usize, config: &Config) -> Result<FirstRun, Error> {
        if Self::variant(config) == FAITHFUL {
            Self::faithful_first(n, config)
        } else {
            Self::scaling_first(n, config)
        }
    }

    fn search_all(
        &self,
        n: usize,
        config: &Config,
        visitor: &mut Visitor<'_>,
    ) -> Result<VisitRun, Error> {
        self.only_faithful(Operation::List, config)?;
        let mut mirror = Vec::with_capacity(n);
        let (stats, end) = Self::faithful_all(n, config, &mut |board, has_mirror| {
            visitor(board)?;
            if has_mirror {
                mirror.clear();
                mirror.extend(board.iter().map(|&c| n as u32 - 1 - c));
                visitor(&mirror)?;
            }
            ControlFlow::Continue(())
        });
        Ok(VisitRun { stats, end })
    }

    fn search_count(&self, n: usize, config: &Config) -> Result<CountRun, Error> {
        self.only_faithful(Operation::Count, config)?;
        let mut total = 0u64;
        let (stats, end) = Self::faithful_all(n, config, &mut |_, has_mirror| {
            total += if has_mirror { 2 } else { 1 };
            ControlFlow::Continue(())
        });
        Ok(CountRun {
            total,
            unique: None,
            complete: end == VisitEnd::Exhausted,
            stats,
        })
    }
}
