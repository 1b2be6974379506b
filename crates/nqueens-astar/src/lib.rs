//! # nqueens-astar
//!
//! A* search for one solution, in the three formulations of the classic AI-textbook treatment
//! of the 8-queens problem and of the Python write-up the project grew from. One engine, three
//! state spaces, chosen with [`Config::variant`](nqueens_core::Config::variant): the comparison
//! shows that the formulation matters far more than the search. Sources: Hart, Nilsson and
//! Raphael's A* (1968), and the 8-queens formulations of Russell and Norvig's *Artificial
//! Intelligence: A Modern Approach* (3rd edition: incremental in section 3.2, complete-state in
//! section 4.1).
//!
//! | variant | state | move | `h` | states |
//! |---|---|---|---|---|
//! | `swap` (runs when no variant is named) | a random permutation | swap two rows' columns | attacking pairs | a graph: permutations deduplicated |
//! | `row` | queens in the first `k` rows | a queen on a safe square of row `k` | rows left | a tree |
//! | `square` | any set of non-attacking queens | a queen on any safe square | queens left | a graph: sets deduplicated |
//!
//! `square` offers only the squares no queen attacks: the textbooks' naive form (any empty
//! square, attacks weeded out by the goal test) would search every set of up to `n` squares,
//! 4.4 billion sets of eight at n = 8, which only shows what `permutation` already shows.
//!
//! The engine pops the lowest `f = g + h` (`g` = moves from the start), then the lowest `h`,
//! then the newest node. With `h` = queens still to place, every `row` and `square` state has
//! `f = n`, so A* is only as good as its tie-break, which makes it dive like depth-first search
//! (`row` then expands exactly the nodes of lexicographic backtracking, in the same order).
//! `swap`'s attacking-pair count does guide it: A* there is nearly greedy, needing about `n / 5`
//! expansions, each of which makes `n(n - 1)/2` children.
//!
//! **Memory.** A* remembers every state it generates: an 8-byte node (parent and move), a
//! 12-byte frontier entry while it waits, and for `square` and `swap` a 16-byte visited key.
//! Before each expansion the engine checks that its worst case (every container doubling)
//! stays within [`Config::memory_limit`](nqueens_core::Config::memory_limit) (else
//! [`AStarSolver::with_memory_limit`], by default [`AStarSolver::DEFAULT_MEMORY_LIMIT`], 256
//! MiB); if not, the run ends with [`Ended::Budget`], as it does after
//! [`Config::budget`](nqueens_core::Config::budget) expansions.
//! [`Stats::nodes`](nqueens_core::Stats::nodes) counts expansions of the states other than the
//! start, `backtracks` expanded states with no new child, `peak_bytes` the containers at their
//! largest, and for `swap` `moves` the swaps from the start to the solution and
//! `initial_conflicts` the attacked queens of the starting permutation.
//!
//! **Watching.** With an [`Observer`](nqueens_core::Observer), each expansion is drawn: the
//! board jumps to the expanded state's parent ([`Assigned`](nqueens_core::Event::Assigned) and
//! [`Removed`](nqueens_core::Event::Removed)), then the state's own step is
//! [`Placed`](nqueens_core::Event::Placed), one node (for `swap`, the first swapped row placed,
//! the other assigned); a state with no new child is a
//! [`Conflict`](nqueens_core::Event::Conflict). `swap` starts by assigning its permutation and
//! at the goal replays the solution's swaps as [`Swapped`](nqueens_core::Event::Swapped)
//! events; then [`Found`](nqueens_core::Event::Found).
//!
//! **Completeness.** Each space is finite and no generated state is dropped, so an empty
//! frontier proves that no solution exists (n = 2 and 3; `swap` by visiting all `n!`
//! permutations). A* stops at the first goal, so it neither lists nor counts.
//!
//! **Cost.** An expansion replays the moves from the start, O(n + depth), and makes its
//! children, each in O(1) with its heuristic and key: at most n for `row`, n² for `square`,
//! n(n - 1)/2 for `swap`. The formulation decides how many expansions there are: exponentially
//! many in n for `row` and `square` (flat `f`, see above), about n / 5 for `swap`. Memory grows
//! with the states generated, within the bound above.
//!
//! **Limits**, each variant's own in its [`Capabilities`] (a larger size is a typed
//! [`Error::TooLarge`] with that limit): `swap` n ≤ [`SWAP_MAX_N`] (a move names rows in a
//! byte; n = 256 peaks at 74–148 MiB); `row` n ≤ [`ROW_MAX_N`], the sizes it solves within the
//! default bound (lexicographic backtracking needs 56 million expansions and 512 MiB for
//! n = 30); `square` n ≤ [`SQUARE_MAX_N`] (n = 16 needs 11 million expansions and 400 MiB).
//!
//! **Expansions** (the crate's `table` example prints them, with times; for times on the
//! reference machine see the reference report, `reports/README.md` at the workspace root,
//! series `astar`, `astar-row` and `astar-square`): `swap` n = 256 in 55 expansions (median of
//! 9 seeds); `row` n = 28 in 3.0 million expansions (32 MiB); `square` n = 15 in 641,034
//! expansions (25 MiB) where `row` needs 1,360.
//!
//! ```
//! use nqueens_astar::{AStarSolver, ROW};
//! use nqueens_core::{Config, Solver};
//!
//! let config = Config { variant: Some(ROW.into()), ..Config::default() };
//! let run = AStarSolver::new().first(8, &config)?;
//! assert_eq!(run.into_solution(), Some("0 4 7 5 2 6 1 3".parse()?));
//! let none = AStarSolver::new().first(3, &config)?;
//! assert!(none.proves_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod row;
mod search;
mod square;
mod swap;

use nqueens_core::{
    Budget, Capabilities, Config, Cost, CostModel, Ended, Error, FirstRun, Job, Limit, Showcase,
    Solution, Strategy, Variant,
};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;

use search::{Formulation, astar};

/// A* search for one solution, in one of three formulations (its variants [`SWAP`], [`ROW`],
/// [`SQUARE`]). Registry name `astar`.
#[derive(Clone, Copy, Debug)]
pub struct AStarSolver {
    memory_limit: u64,
}

impl AStarSolver {
    /// The default bound on the bytes the search holds: 256 MiB.
    pub const DEFAULT_MEMORY_LIMIT: u64 = 256 << 20;

    /// A solver with the default memory bound.
    pub fn new() -> Self {
        Self::with_memory_limit(Self::DEFAULT_MEMORY_LIMIT)
    }

    /// A solver whose searches end [`Ended::Budget`] rather than hold more than `bytes` in
    /// nodes, frontier and visited set.
    ///
    /// ```
    /// use nqueens_astar::{AStarSolver, SQUARE};
    /// use nqueens_core::{Config, Ended, Solver};
    ///
    /// let config = Config { variant: Some(SQUARE.into()), ..Config::default() };
    /// let run = AStarSolver::with_memory_limit(64 << 10).first(8, &config)?;
    /// assert_eq!((run.solution(), run.ended()), (None, Ended::Budget));
    /// assert!(run.stats.peak_bytes <= 64 << 10);
    /// # Ok::<(), nqueens_core::Error>(())
    /// ```
    pub fn with_memory_limit(bytes: u64) -> Self {
        Self {
            memory_limit: bytes,
        }
    }

    /// The bound on the bytes a search holds.
    pub fn memory_limit(&self) -> u64 {
        self.memory_limit
    }
}

impl Default for AStarSolver {
    fn default() -> Self {
        Self::new()
    }
}

/// The variant that runs when none is named: a random permutation, improved by swapping the
/// columns of two rows.
pub const SWAP: &str = "swap";
/// The variant that puts one queen per row, top to bottom, on a square no queen above attacks.
pub const ROW: &str = "row";
/// The variant that puts a queen on any square of the board no queen attacks, in any order.
pub const SQUARE: &str = "square";

/// The largest `n` of [`SWAP`]: its moves name rows in a byte.
pub const SWAP_MAX_N: usize = 256;
/// The largest `n` of [`ROW`]: the sizes it solves within the default memory bound (measured;
/// see the crate documentation).
pub const ROW_MAX_N: usize = 29;
/// The largest `n` of [`SQUARE`]: the sizes it solves within the default memory bound.
pub const SQUARE_MAX_N: usize = 15;

/// Largest `n` whose states pack into the 128-bit keys of the visited set (5 bits per row).
const KEY_MAX_N: usize = 25;

const _: () = assert!(SQUARE_MAX_N <= KEY_MAX_N);
const _: () = assert!(SWAP_MAX_N <= 256, "swap's moves name rows in a u8");
const _: () = assert!(ROW_MAX_N <= 32, "row keeps its masks in a u32");

const NO_ENUMERATION: &str = "A* stops at the first goal it pops";

/// The three formulations, [`SWAP`] first: it runs when no variant is named.
const VARIANTS: [Variant; 3] = [
    Variant {
        name: Some(SWAP),
        summary: "swap the columns of two rows of a random permutation; h = attacking pairs",
        complete: true,
        randomized: true,
        budget: Some(Budget::Nodes),
        first: Limit::UpTo(SWAP_MAX_N),
        list: Limit::Unsupported(NO_ENUMERATION),
        count: Limit::Unsupported(NO_ENUMERATION),
        cost: Cost::first_only(CostModel::power(
            &[(8, 2e-5), (16, 1e-4), (30, 7e-4), (100, 0.055)],
            3.5,
        )),
        ..Variant::BLANK
    },
    Variant {
        name: Some(ROW),
        summary: "one queen per row, top to bottom, on a safe square; h = rows left",
        complete: true,
        budget: Some(Budget::Nodes),
        first: Limit::UpTo(ROW_MAX_N),
        list: Limit::Unsupported(NO_ENUMERATION),
        count: Limit::Unsupported(NO_ENUMERATION),
        cost: Cost::first_only(CostModel::wall(&[(8, 1.8e-5), (16, 2.9e-3)])),
        ..Variant::BLANK
    },
    Variant {
        name: Some(SQUARE),
        summary: "a queen on any safe square, in any order, sets deduplicated; h = queens left",
        complete: true,
        budget: Some(Budget::Nodes),
        first: Limit::UpTo(SQUARE_MAX_N),
        list: Limit::Unsupported(NO_ENUMERATION),
        count: Limit::Unsupported(NO_ENUMERATION),
        cost: Cost::first_only(CostModel::wall(&[(8, 1.6e-3)])),
        ..Variant::BLANK
    },
];

/// The formulation each of [`VARIANTS`] searches, in the same order.
#[derive(Clone, Copy)]
enum Space {
    Swap,
    Row,
    Square,
}
const SPACES: [Space; 3] = [Space::Swap, Space::Row, Space::Square];

impl AStarSolver {
    /// Runs A* on `problem`, with the solution validated if it finds one.
    fn run(&self, problem: &mut impl Formulation, config: &Config) -> Result<FirstRun, Error> {
        // One branch per run, not per expansion.
        let memory_limit = config.memory_limit.unwrap_or(self.memory_limit);
        let (ended, stats) = if config.watches_steps() {
            astar::<true>(problem, config, memory_limit)
        } else {
            astar::<false>(problem, config, memory_limit)
        };
        Ok(match ended {
            Ended::Satisfied => FirstRun::found(Solution::from_columns(problem.columns())?, stats),
            ended => FirstRun::without_solution(ended, stats),
        })
    }

    /// The `swap` formulation from a permutation shuffled by the job's seed.
    fn swap(&self, n: usize, config: &Config) -> Result<FirstRun, Error> {
        let seed = config.seed_or_fresh();
        // Columns fit a u8: the variant's limit is 256.
        let mut start: Vec<u8> = (0..n).map(|c| c as u8).collect();
        start.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(seed));
        let mut problem = swap::Swaps::new(start);
        let initial_conflicts = problem.attacked_queens();
        let mut run = self.run(&mut problem, config)?;
        run.stats.initial_conflicts = initial_conflicts;
        if run.solution().is_some() {
            // The search stopped with the goal loaded: its swaps are the moves made.
            run.stats.moves = problem.swaps();
        }
        Ok(run.seeded(seed))
    }
}

impl Strategy for AStarSolver {
    fn name(&self) -> &'static str {
        "astar"
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const {
            Capabilities::new(
            "A* search: swapping a random permutation (default, n <= 256), row by row (n <= 29), or any square (n <= 15)",
            &VARIANTS,
        )
        .showcase(Showcase {
            family: "Best-first search (A*)",
            variant: Some("row"),
            seed: None,
        })
        }
    }

    fn search_first(&self, job: &Job<'_>) -> Result<FirstRun, Error> {
        let (n, config) = (job.n(), job.config());
        match SPACES[job.variant_index()] {
            Space::Swap => self.swap(n, config),
            Space::Row => self.run(&mut row::Rows::new(n), config),
            Space::Square => self.run(&mut square::Squares::new(n), config),
        }
    }
}
