//! # nqueens-astar
//!
//! A* search for one solution, in the three formulations of the classic AI-textbook treatment
//! of the 8-queens problem and of the Python write-up the project grew from. One engine, three
//! state spaces, chosen with [`Config::variant`]: the comparison shows that the formulation
//! matters far more than the search.
//!
//! | variant | state | move | `h` | states |
//! |---|---|---|---|---|
//! | `swap` (default) | a random permutation | swap two rows' columns | attacking pairs | a graph: permutations deduplicated |
//! | `row` | queens in the first `k` rows | a queen on a safe square of row `k` | rows left | a tree |
//! | `square` | any set of non-attacking queens | a queen on any safe square | queens left | a graph: sets deduplicated |
//!
//! `square` offers only the squares no queen attacks. The textbooks' naive form, a queen on
//! *any* empty square with the attacked ones weeded out by the goal test, has `n²` children per
//! state and no pruning at all: its space is every set of up to `n` squares, C(64, 8) = 4.4
//! billion sets of eight queens alone at n = 8. It would only show that a search without
//! constraint checks is hopeless, which `permutation` already shows with numbers.
//!
//! The engine pops the lowest `f = g + h` (`g` = moves from the start), then the lowest `h`,
//! then the newest node. With `h` = queens still to place, every `row` and `square` state has
//! `f = n`: the heuristic cannot tell states apart, A* is only as good as its tie-break, and this
//! one makes it dive like depth-first search (`row` then expands exactly the nodes of
//! lexicographic backtracking, in the same order, and finds the same first solution; `square`
//! also wanders through later rows while an earlier one is already dead). `swap`'s
//! attacking-pair count does guide it: A* there is nearly greedy, needing about `n / 5`
//! expansions, each of which makes `n(n - 1)/2` children.
//!
//! **Memory.** A* remembers every state it generates: an 8-byte node (parent and move) in an
//! arena, a 12-byte frontier entry while it waits, and for `square` and `swap` a 16-byte key in a
//! visited set. Before each expansion the engine checks that the worst case of that expansion
//! (every container doubling) stays within the memory bound
//! ([`AStarSolver::DEFAULT_MEMORY_LIMIT`], 256 MiB, or [`AStarSolver::with_memory_limit`]); if
//! not, the run ends with [`Outcome::Stopped`]`(`[`StopReason::Budget`](nqueens_core::StopReason::Budget)`)`,
//! as it does after [`Config::budget`] expansions. [`Stats::nodes`](nqueens_core::Stats::nodes)
//! counts expansions, `backtracks` expanded states with no child, `peak_bytes` the bytes the
//! three containers held at their largest, and for `swap` `moves` the swaps from the start to
//! the solution and `initial_conflicts` the attacked queens of the starting permutation.
//!
//! **Completeness.** Each space is finite and the search never drops a state it has generated,
//! so an empty frontier proves that no solution exists: `row` and `square` prove it for n = 2
//! and 3 by exhausting their partial placements, and `swap` by visiting all `n!` permutations
//! (swaps connect them all). A* stops at the first goal, so it neither lists nor counts.
//!
//! **Limits** (larger sizes are [`Error::TooLarge`] with the variant's limit): `swap` n ≤ 256
//! (a move names rows in a byte; n = 256 peaks at 74–148 MiB); `row` n ≤ 29, the sizes it solves
//! within the default bound (lexicographic backtracking needs 56 million expansions and 512 MiB
//! for n = 30); `square` n ≤ 15 (n = 16 needs 11 million expansions and 400 MiB).
//!
//! **How fast** (the crate's `table` example, release build, a shared 2-core machine, single
//! runs; `swap` the median of 9 seeds): `swap` n = 64 in 10 ms, n = 256 in about 1 s with
//! 55 expansions; `row` n = 28 in 1.3 s (3.0 million expansions, 32 MiB); `square` n = 15 in
//! 1.2 s (641,034 expansions, 25 MiB) where `row` needs 1,360 expansions.
//!
//! ```
//! use nqueens_astar::AStarSolver;
//! use nqueens_core::{Config, Outcome, Solver};
//!
//! let config = Config { variant: Some("row".into()), ..Config::default() };
//! let run = AStarSolver::new().first(8, &config)?;
//! assert_eq!(run.outcome, Outcome::Found("0 4 7 5 2 6 1 3".parse()?));
//! let none = AStarSolver::new().first(3, &config)?;
//! assert_eq!(none.outcome, Outcome::NoSolution);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod row;
mod search;
mod square;
mod swap;

use nqueens_core::{
    Capabilities, Config, Error, FirstRun, Limit, Operation, Outcome, Solution, Solver,
};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;

use search::{Ended, astar};

/// A* search for one solution, in one of three formulations ([`Variant`]). Registry name
/// `astar`; variants `swap` (the default), `row`, `square`.
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

    /// A solver whose searches stop with
    /// [`StopReason::Budget`](nqueens_core::StopReason::Budget) rather than hold more than
    /// `bytes` in nodes, frontier and visited set.
    ///
    /// ```
    /// use nqueens_astar::AStarSolver;
    /// use nqueens_core::{Config, Outcome, Solver, StopReason};
    ///
    /// let config = Config { variant: Some("square".into()), ..Config::default() };
    /// let run = AStarSolver::with_memory_limit(64 << 10).first(8, &config)?;
    /// assert_eq!(run.outcome, Outcome::Stopped(StopReason::Budget));
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

/// The three formulations, named in [`Config::variant`] by [`Variant::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// `swap` (the default): a random permutation, improved by swapping the columns of two rows.
    Swap,
    /// `row`: one queen per row, top to bottom, on a square no queen above attacks.
    Row,
    /// `square`: a queen on any square of the board no queen attacks, in any order.
    Square,
}

/// Variant names, the default first.
const VARIANTS: &[&str] = &["swap", "row", "square"];

/// Largest `n` whose states pack into the 128-bit keys of the visited set (5 bits per row).
const KEY_MAX_N: usize = 25;

const _: () = assert!(Variant::Square.limit() <= KEY_MAX_N);
const _: () = assert!(
    Variant::Swap.limit() <= 256,
    "swap's moves name rows in a u8"
);
const _: () = assert!(Variant::Row.limit() <= 32, "row keeps its masks in a u32");

impl Variant {
    /// Every variant, the default first.
    pub const ALL: [Variant; 3] = [Variant::Swap, Variant::Row, Variant::Square];

    /// The name used in [`Config::variant`].
    ///
    /// ```
    /// assert_eq!(nqueens_astar::Variant::Swap.name(), "swap");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Variant::Row => "row",
            Variant::Square => "square",
            Variant::Swap => "swap",
        }
    }

    /// The largest `n` the variant accepts: the sizes it solves within the default memory bound
    /// (measured; see the crate documentation).
    ///
    /// ```
    /// assert_eq!(nqueens_astar::Variant::Row.limit(), 29);
    /// assert_eq!(nqueens_astar::Variant::Swap.limit(), 256);
    /// ```
    pub const fn limit(self) -> usize {
        match self {
            Variant::Swap => 256,
            Variant::Row => 29,
            Variant::Square => 15,
        }
    }

    /// The variant `config` names (the default, [`Variant::Swap`], if none).
    ///
    /// ```
    /// use nqueens_astar::Variant;
    /// use nqueens_core::Config;
    ///
    /// let config = Config { variant: Some("square".into()), ..Config::default() };
    /// assert_eq!(Variant::from_config(&config)?, Variant::Square);
    /// assert_eq!(Variant::from_config(&Config::default())?, Variant::Swap);
    /// # Ok::<(), nqueens_core::Error>(())
    /// ```
    pub fn from_config(config: &Config) -> Result<Variant, Error> {
        match config.variant.as_deref() {
            None => Ok(Variant::Swap),
            Some(name) => Variant::ALL
                .into_iter()
                .find(|v| v.name() == name)
                .ok_or_else(|| Error::UnknownVariant {
                    strategy: NAME,
                    variant: name.to_string(),
                    known: VARIANTS.join(", "),
                }),
        }
    }
}

const NAME: &str = "astar";

const NO_ENUMERATION: &str = "A* stops at the first goal it pops";

impl Solver for AStarSolver {
    fn name(&self) -> &'static str {
        NAME
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            summary: "A* search: swapping a random permutation (default, n <= 256), row by row (n <= 29), or any square (n <= 15)",
            complete: true,
            randomized: true,
            first: Limit::UpTo(Variant::Swap.limit()),
            list: Limit::Unsupported(NO_ENUMERATION),
            count: Limit::Unsupported(NO_ENUMERATION),
            variants: VARIANTS,
        }
    }

    fn search_first(&self, n: usize, config: &Config) -> Result<FirstRun, Error> {
        let variant = Variant::from_config(config)?;
        if n > variant.limit() {
            return Err(Error::TooLarge {
                strategy: NAME,
                operation: Operation::First,
                n,
                limit: variant.limit(),
            });
        }
        let mut seed = None;
        let mut initial_conflicts = 0;
        let (ended, mut stats) = match variant {
            Variant::Row => astar(&mut row::Rows::new(n), config, self.memory_limit),
            Variant::Square => astar(&mut square::Squares::new(n), config, self.memory_limit),
            Variant::Swap => {
                let chosen = config.seed_or_fresh();
                seed = Some(chosen);
                // Columns fit a u8: the variant's limit is 256.
                let mut start: Vec<u8> = (0..n).map(|c| c as u8).collect();
                start.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(chosen));
                let mut problem = swap::Swaps::new(start);
                initial_conflicts = problem.attacked_queens();
                astar(&mut problem, config, self.memory_limit)
            }
        };
        stats.initial_conflicts = initial_conflicts;
        let outcome = match ended {
            Ended::Goal(columns, depth) => {
                if variant == Variant::Swap {
                    stats.moves = depth;
                }
                Outcome::Found(Solution::from_columns(columns)?)
            }
            Ended::Exhausted => Outcome::NoSolution,
            Ended::Stopped(reason) => Outcome::Stopped(reason),
        };
        Ok(FirstRun {
            outcome,
            stats,
            seed,
        })
    }
}
