//! # nqueens-hillclimb
//!
//! Hill climbing as Russell and Norvig's *Artificial Intelligence: A Modern Approach* teaches
//! it (AIMA, 3rd edition 2010 and 4th edition 2020, chapter 4, "Local search algorithms and
//! optimization problems", section "Hill-climbing search"), on its complete-state formulation
//! of the n-queens problem:
//!
//! - **State**: one queen in every row (AIMA says column; the board is the same turned a
//!   quarter), anywhere in it, so columns may repeat. A random state puts each queen in a
//!   uniformly random square of its row, independently (n^n states).
//! - **Successors**: every move of one queen to another square of its row: n(n - 1) of them
//!   (56 at n = 8).
//! - **Cost** `h`: the number of attacking pairs, direct or indirect (a queen between two does
//!   not block). Counters per column and per diagonal (the latter the local searches' shared
//!   [`DiagonalCounts`](nqueens_local::DiagonalCounts)) give the change of a move in O(1).
//!
//! A climb moves while a successor is better, and gets **stuck** in a local minimum (every
//! successor worse) or on a plateau (the best equal). Every stuck climb is followed by a seeded
//! **random restart** (AIMA's random-restart hill climbing).
//! [`Config::restarts`](nqueens_core::Config::restarts) bounds the restarts: with 0 the run is
//! one climb, as AIMA's HILL-CLIMBING (Figure 4.2), and a climb stuck with no restart left ends
//! the run with [`Ended::Budget`] and the board it stopped on ([`FirstRun::stuck_on`]): at
//! n = 8, `steepest` gets stuck about 86% of the time (AIMA). One variant per step rule
//! ([`Config::variant`](nqueens_core::Config::variant), a [`Rule`]):
//!
//! | variant | step rule |
//! |---|---|
//! | `sideways` (the default) | [`Rule::Sideways`]: steepest ascent allowing up to [`SIDEWAYS_LIMIT`] (100) consecutive sideways moves to an equal successor |
//! | `steepest` | [`Rule::Steepest`]: evaluate every successor, move to a best one (ties at random); stuck at the first plateau or local minimum |
//! | `first-choice` | [`Rule::FirstChoice`]: draw successors at random until one improves; stuck when n(n - 1) draws in a row find none and no successor improves |
//!
//! `sideways` is the default because plateaus stop the others: on larger boards `steepest` and
//! `first-choice` get stuck on nearly every climb and run into their budget, where `sideways`
//! solves in a few climbs (the report's randomized table has the rates per size).
//!
//! **Statistics** ([`Stats`]), from which a run's seeds give the textbook's figures: `moves`
//! counts the moves over all climbs (AIMA's *steps*); `restarts` the stuck climbs; `backtracks`
//! the moves the stuck climbs made, so a solved run's last climb took `moves - backtracks`
//! steps; `examined` the successors evaluated (the unit of work and of the budget);
//! `initial_conflicts` the queens attacked in the first random state. Over S solved seeds, a
//! climb succeeds with probability S / (S + Σ restarts), takes Σ (moves - backtracks) / S steps
//! when it succeeds and Σ backtracks / Σ restarts when it gets stuck. The report's section *The
//! literature, reproduced* sets these beside AIMA's (`reports/README.md` at the workspace root).
//!
//! **Events** (to [`Config::observer`](nqueens_core::Config::observer)): every row of the random
//! state as `Assigned`, each move as `Moved`; a stuck climb as one `Conflict` per move it made,
//! then `Restarted` and the new state's rows as `Assigned`; `Found` at the end. Without an
//! observer the search runs an instance compiled without the calls.
//!
//! Randomness comes from [`Xoshiro256PlusPlus`](rand::rngs::Xoshiro256PlusPlus) seeded with
//! `seed_from_u64` and indices by a multiply-shift, so a seed gives the same run on every
//! platform; without one, one is drawn and reported in [`FirstRun::seed`].
//! [`Config::budget`](nqueens_core::Config::budget) caps the successors evaluated over all
//! climbs (default [`default_budget`]), ending with [`Ended::Budget`]; the stop flag is polled
//! before every steepest step, every 4,096 first-choice draws and every 65,536 rows of a random
//! state. It cannot list, count or prove that no solution exists; n = 2 and 3 are answered
//! [`Ended::Exhausted`] from the known fact (OEIS A000170).
//!
//! **Cost**: a steepest step is O(n²) (every successor), a first-choice draw O(1); a climb
//! makes O(n) moves, so a steepest climb is O(n³). It is the textbook's method, not a fast one:
//! `min-conflicts` is the same idea made to scale. Measured speeds are in the report (series
//! `hill-climbing`, `hill-climbing-steepest`, `hill-climbing-first-choice`).
//!
//! **Memory**: 24 bytes per row (columns, column counters, two diagonal counters); boards
//! above [`MAX_N`] are refused with a typed [`Error::TooLarge`], and a board whose memory
//! cannot be had with [`Error::OutOfMemory`].
//!
//! ```
//! use nqueens_core::{Config, Ended, Solver};
//! use nqueens_hillclimb::HillClimbingSolver;
//!
//! let config = Config { seed: Some(8), variant: Some("steepest".into()), ..Config::default() };
//! let run = HillClimbingSolver.first(8, &config)?;
//! let solution = run.solution().expect("restarts find one");
//! assert_eq!(solution.n(), 8);
//! // The same seed gives the same run; the stuck climbs are its restarts.
//! let again = HillClimbingSolver.first(8, &config)?;
//! assert_eq!((again.solution(), again.stats), (Some(solution), run.stats));
//! assert!(run.stats.backtracks <= run.stats.moves);
//!
//! // The default, `sideways`, crosses the plateaus that stop `steepest` on larger boards.
//! let sideways = Config { variant: None, ..config.clone() };
//! assert!(HillClimbingSolver.first(100, &sideways)?.solution().is_some());
//!
//! let broke = Config { budget: Some(0), ..config.clone() };
//! assert_eq!(HillClimbingSolver.first(8, &broke)?.ended(), Ended::Budget);
//!
//! // One climb, as the textbook runs it: stuck (most seeds at n = 8) on a board that is not
//! // a solution, or solved.
//! let once = Config { restarts: Some(0), ..config };
//! let run = HillClimbingSolver.first(8, &once)?;
//! assert_eq!(run.stats.restarts, 0);
//! match (&run.stuck_on, run.solution()) {
//!     (Some(board), None) => assert_eq!((board.len(), run.ended()), (8, Ended::Budget)),
//!     (None, Some(_)) => {}
//!     other => panic!("{other:?}"),
//! }
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

mod board;
mod climb;
mod literature;

use nqueens_core::{
    Budget, Capabilities, Config, Cost, CostModel, Ended, Error, FirstRun, Job, Limit, Stats,
    Strategy, Tradeoffs, Variant,
};
use nqueens_local::{self as local, Searched};

use board::Board;
use climb::Climb;

/// Hill climbing with random restarts on AIMA's complete-state board. Registry name
/// `hill-climbing`; randomized (takes a seed); `n <= 1000`; variants `sideways` (the
/// default), `steepest` and `first-choice`.
#[derive(Clone, Copy, Debug, Default)]
pub struct HillClimbingSolver;

/// The largest board accepted: a steepest step evaluates n(n - 1) successors and a climb makes
/// O(n) of them, so n = 1000 is about 10^9 evaluations per climb.
pub const MAX_N: usize = 1000;

/// The consecutive sideways moves the `sideways` variant allows (AIMA's figure).
pub const SIDEWAYS_LIMIT: u32 = 100;

/// How a climb chooses its next move and when it is stuck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Steepest ascent: a best successor, stuck at the first plateau or local minimum.
    Steepest,
    /// Steepest ascent allowing up to `limit` consecutive moves to an equal successor.
    Sideways {
        /// Consecutive sideways moves allowed (AIMA: 100).
        limit: u32,
    },
    /// First choice: random successors until one improves.
    FirstChoice,
}

/// The budget used when [`Config::budget`](nqueens_core::Config::budget) is `None`, in
/// successors evaluated: 10^8 + 1000 n², a second or a few of work.
///
/// ```
/// assert_eq!(nqueens_hillclimb::default_budget(8), 100_064_000);
/// ```
pub fn default_budget(n: usize) -> u64 {
    100_000_000 + 1000 * (n as u64).pow(2)
}

const LIST: Limit =
    Limit::Unsupported("local search finds one solution at a time; it cannot enumerate");
const COUNT: Limit =
    Limit::Unsupported("local search finds one solution at a time; it cannot count");

const STEEPEST: Variant = Variant {
    name: Some("steepest"),
    summary: "steepest ascent, stuck at the first plateau or local minimum, random restarts",
    randomized: true,
    budget: Some(Budget::Examined),
    bounds_restarts: true,
    first: Limit::UpTo(MAX_N),
    list: LIST,
    count: COUNT,
    cost: Cost::first_only(CostModel::power(
        &[(8, 3.2e-5), (16, 3.2e-4), (30, 7.3e-3)],
        4.0,
    )),
    ..Variant::BLANK
};

const SIDEWAYS: Variant = Variant {
    name: Some("sideways"),
    summary: "steepest ascent with up to 100 consecutive sideways moves, random restarts",
    cost: Cost::first_only(CostModel::power(
        &[
            (8, 4.3e-5),
            (16, 7.2e-5),
            (30, 1.3e-4),
            (100, 1.2e-3),
            (300, 0.022),
            (1_000, 0.72),
        ],
        3.0,
    )),
    ..STEEPEST
};

const FIRST_CHOICE: Variant = Variant {
    name: Some("first-choice"),
    summary: "random successors until one improves, random restarts",
    cost: Cost::first_only(CostModel::power(
        &[
            (8, 3.8e-5),
            (16, 1.3e-4),
            (30, 6.5e-4),
            (100, 0.056),
            (1_000, 1.2),
        ],
        3.0,
    )),
    ..STEEPEST
};

/// The variants, the default first, and the rule each climbs by, in the same order.
const VARIANTS: [Variant; 3] = [SIDEWAYS, STEEPEST, FIRST_CHOICE];
const RULES: [Rule; 3] = [
    Rule::Sideways {
        limit: SIDEWAYS_LIMIT,
    },
    Rule::Steepest,
    Rule::FirstChoice,
];

/// Climbs the `n × n` board by `rule` with random restarts, under `config`'s seed, budget,
/// stop flag and observer (`n` checked by the [`Solver`](nqueens_core::Solver) entry points).
fn solve_with(n: usize, rule: Rule, config: &Config) -> Result<FirstRun, Error> {
    local::seeded(n, config, default_budget(n), |rng, budget| {
        let mut stats = Stats::default();
        let mut board = Board::new(n).ok_or_else(|| Error::OutOfMemory {
            strategy: "hill-climbing",
            n,
            what: format!("the board ({} bytes) could not be allocated", 24 * n as u64),
        })?;
        stats.peak_bytes = board.bytes() as u64;
        if !board.randomize(rng, &config.stop) {
            return Ok(Searched::Ended(Ended::Interrupted, stats));
        }
        stats.initial_conflicts = board.attacked_queens();
        let restarts = config.restarts;
        let (climbed, counters) = if config.watches_steps() {
            config.observe_board(board.columns());
            climb::search::<true>(&mut board, rng, rule, budget, restarts, config)
        } else {
            climb::search::<false>(&mut board, rng, rule, budget, restarts, config)
        };
        stats.examined = counters.examined;
        stats.moves = counters.steps;
        stats.backtracks = counters.wasted;
        // A bounded search's last stuck climb made no restart.
        stats.restarts = counters.stuck - u64::from(matches!(climbed, Climb::Stuck));
        Ok(match climbed {
            Climb::Solved => Searched::Found(board.into_columns(), stats),
            Climb::Stuck => Searched::Stuck(board.into_columns(), stats),
            Climb::Ended(ended) => Searched::Ended(ended, stats),
        })
    })
}

const TRADEOFFS: Tradeoffs = Tradeoffs::new(&[local::SLOWER_THAN_MIN_CONFLICTS]);

impl Strategy for HillClimbingSolver {
    fn name(&self) -> &'static str {
        "hill-climbing"
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const {
            Capabilities::new(
                "hill climbing (AIMA): queen moves within rows, attacking pairs, random restarts",
                &VARIANTS,
            )
            .tradeoffs(TRADEOFFS)
            .literature(literature::EXPERIMENTS)
        }
    }

    fn search_first(&self, job: &Job<'_>) -> Result<FirstRun, Error> {
        let rule = RULES[job.variant_index()];
        solve_with(job.n(), rule, job.config())
    }
}
