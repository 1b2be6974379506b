//! # nqueens-anneal
//!
//! Simulated annealing (Kirkpatrick, Gelatt and Vecchi, *Optimization by Simulated
//! Annealing*, Science 1983; the Metropolis acceptance rule of Metropolis et al. 1953) for one
//! solution: a random permutation is improved by random swaps, and a swap that adds conflicts
//! is still accepted with a probability that falls as the temperature is lowered.
//!
//! - **Board**: a permutation (`columns[row]`), so the energy is the number of attacking pairs
//!   on the diagonals, kept by the local searches' shared `nqueens_local::PermutationBoard`
//!   (a swap's change in pairs in O(1) from eight diagonal counters).
//! - **Move**: two distinct rows drawn uniformly at random; their swap changes the pairs by
//!   `d`. It is made when `d <= 0` (sideways moves included), and otherwise with probability
//!   e^(-d/T) (the Metropolis rule; increases above 64 pairs are never accepted).
//! - **Start**: a uniformly random permutation (Fisher–Yates), about 2n/3 attacking pairs.
//!
//! **Cooling schedules**, one per variant ([`Config::variant`](nqueens_core::Config::variant)),
//! both a [`Schedule`] value. A *sweep* is `max(n, 64)` proposed swaps: every temperature lasts
//! one sweep.
//!
//! | variant | schedule |
//! |---|---|
//! | `geometric` (the default) | [`GEOMETRIC`]: T = 1 at the start, ×0.9 per sweep down to the floor T = 0.05 (29 sweeps), held there; after 100 sweeps at the floor without a new lowest pair count, a *reheat* to T = 0.5 and cooling again |
//! | `quench` | [`QUENCH`]: T = 0 throughout (only moves that add no pair, sideways included: a random descent); after 100 sweeps without a new lowest, a *restart* from a new random permutation |
//!
//! `quench` is the control experiment: the same search without the temperature. Measured over
//! 300 seeds, the temperature pays only on small rugged boards: at n = 6 (4 solutions)
//! `quench` freezes in local minima and needs a median of about 39,000 proposals where
//! `geometric` needs 93. From n = 8 on, the sideways moves alone cross the plateaus and
//! `quench` needs fewer proposals (medians: n = 8, 73 against 104; n = 16, 399 against 891;
//! n = 30, 999 against 1,660); at n = 10,000 both need about 1.9 million (median of the
//! bench's ten seeds).
//!
//! **Statistics** ([`Stats`]): `examined` counts the swaps *proposed* (the unit of work and of
//! the budget); `moves` the swaps *made*; `backtracks` the accepted *uphill* swaps; `restarts`
//! the reheats (or the restarts of `quench`); `initial_conflicts` the queens attacked in the
//! random start (about 72% of them).
//!
//! **Events** (to [`Config::observer`](nqueens_core::Config::observer)): every row of the start
//! as `Assigned`, each swap made as `Swapped`, preceded by `Conflict` on its first row when it
//! is uphill, each reheat or restart as `Restarted` followed by every row of the board it goes
//! on with as `Assigned`, and `Found` at the end; rejected proposals are not reported. Without
//! an observer the loop runs an instance compiled without the calls.
//!
//! Randomness comes from [`Xoshiro256PlusPlus`](rand::rngs::Xoshiro256PlusPlus) seeded with
//! `seed_from_u64`, indices by a multiply-shift and the acceptance probabilities from an `exp`
//! of IEEE-754 arithmetic only, so a seed gives the same solution on every platform; without
//! one, one is drawn and reported in [`FirstRun::seed`].
//! [`Config::budget`](nqueens_core::Config::budget) caps the proposals over all reheats (default
//! [`default_budget`]), ending with [`Ended::Budget`]; the stop flag is polled every 4,096
//! proposals and every 65,536 rows of the shuffle. It cannot list, count or prove that no
//! solution exists; n = 2 and 3 are answered [`Ended::Exhausted`] from the known fact (OEIS
//! A000170).
//!
//! **Cost**: O(1) per proposal, O(n) for the start. The proposals needed grow faster than n:
//! with `k` queens attacked, about one uniformly drawn pair in n / 2k involves one, so the last
//! conflicts cost O(n log n) proposals or more, where min-conflicts, which picks an attacked
//! queen first, pays O(1) per repair. Measured with the `timing` example on the 2-core
//! reference machine (the bench's ten seeds 1, 2, 3, 5, ..., 89), `geometric`: n = 10,000 in
//! 0.03–0.21 s per seed (median 0.05 s; 1.3 to 9.6 million proposals), n = 100,000 in 1.4–2.4
//! s (21 to 37 million proposals; `quench` 1.7–2.3 s), n = 300,000 in about 10 s on an idle
//! machine (three seeds, 86 to 105 million proposals), where memory latency joins in. For the
//! reference run see the report (`reports/README.md` at the workspace root, series `annealing`
//! and `annealing-quench`), and `cargo run --release --example seeds -- annealing N SEEDS
//! [VARIANT]` times seeds by hand.
//!
//! **Memory**: 20 bytes per queen (4 for the columns, 16 for the diagonal counters), 200 MB at
//! [`MAX_N`]; larger boards are refused with a typed [`Error::TooLarge`].
//!
//! ```
//! use nqueens_anneal::AnnealingSolver;
//! use nqueens_core::{Config, Ended, Solver};
//!
//! let config = Config { seed: Some(42), ..Config::default() };
//! let run = AnnealingSolver.first(1000, &config)?;
//! let solution = run.solution().cloned().expect("the default budget suffices");
//! assert_eq!(solution.n(), 1000);
//! assert_eq!(run.seed, Some(42));
//! // The same seed gives the same solution.
//! assert_eq!(AnnealingSolver.first(1000, &config)?.into_solution(), Some(solution));
//!
//! let quench = Config { variant: Some("quench".into()), ..config.clone() };
//! assert!(AnnealingSolver.first(1000, &quench)?.solution().is_some());
//!
//! let broke = Config { budget: Some(0), ..config };
//! assert_eq!(AnnealingSolver.first(1000, &broke)?.ended(), Ended::Budget);
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

mod anneal;

use nqueens_core::{
    Budget, Capabilities, Config, Cost, CostModel, Ended, Error, FirstRun, Job, Limit, Showcase,
    Stats, Strategy, Tradeoffs, Variant,
};
use nqueens_local::{self as local, Searched};

use nqueens_local::PermutationBoard;

/// Simulated annealing on a permutation board with random swaps. Registry name `annealing`;
/// randomized (takes a seed); `n <= 10^6`; variants `geometric` (the default) and `quench`.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnnealingSolver;

/// The largest board accepted: about where a run takes minutes (n = 3 × 10^5 takes about 10 s
/// on the 2-core machine and the time grows faster than n); 20 bytes per queen.
pub const MAX_N: usize = 1_000_000;

/// A cooling schedule: how hot the search starts, how fast it cools, and what it does when it
/// freezes without a solution. Temperatures are in attacking pairs: an uphill swap of `d`
/// pairs is accepted with probability e^(-d/T).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// The temperature of the first sweep.
    pub start: f64,
    /// The factor applied to the temperature after each sweep (in `(0, 1]`).
    pub cooling: f64,
    /// The lowest temperature: once reached, the search stays there.
    pub floor: f64,
    /// Sweeps at the floor without a new lowest pair count before the search counts as frozen.
    pub patience: u64,
    /// What a frozen search does.
    pub stalled: Stall,
}

/// What a frozen search does (see [`Schedule::patience`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stall {
    /// Keep the board, set the temperature to this and cool down again.
    Reheat(f64),
    /// Start over from a new random permutation at [`Schedule::start`].
    Restart,
}

/// The `geometric` variant's schedule (the default): T = 1, ×0.9 per sweep, floor 0.05,
/// reheat to 0.5 after 100 frozen sweeps.
pub const GEOMETRIC: Schedule = Schedule {
    start: 1.0,
    cooling: 0.9,
    floor: 0.05,
    patience: 100,
    stalled: Stall::Reheat(0.5),
};

/// The `quench` variant's schedule: T = 0 throughout, a restart after 100 frozen sweeps.
pub const QUENCH: Schedule = Schedule {
    start: 0.0,
    cooling: 1.0,
    floor: 0.0,
    patience: 100,
    stalled: Stall::Restart,
};

/// The proposal budget used when [`Config::budget`](nqueens_core::Config::budget) is `None`:
/// 10^8 + 1000 n, several seconds of proposals; n = 300,000 needs about 10^8.
///
/// ```
/// assert_eq!(nqueens_anneal::default_budget(10_000), 110_000_000);
/// ```
pub fn default_budget(n: usize) -> u64 {
    100_000_000 + 1000 * n as u64
}

const LIST: Limit =
    Limit::Unsupported("local search finds one solution at a time; it cannot enumerate");
const COUNT: Limit =
    Limit::Unsupported("local search finds one solution at a time; it cannot count");

/// The default variant: [`GEOMETRIC`] cooling.
const GEOMETRIC_VARIANT: Variant = Variant {
    name: Some("geometric"),
    summary: "geometric cooling from T = 1 to 0.05 per sweep of n swaps, reheats to 0.5",
    randomized: true,
    budget: Some(Budget::Examined),
    first: Limit::UpTo(MAX_N),
    list: LIST,
    count: COUNT,
    cost: Cost::first_only(CostModel::power(
        &[
            (8, 2.6e-5),
            (100, 7.3e-4),
            (1_000, 5.8e-3),
            (10_000, 0.08),
            (30_000, 0.38),
            (100_000, 2.1),
        ],
        1.5,
    )),
    ..Variant::BLANK
};

/// The control experiment: [`QUENCH`], no temperature.
const QUENCH_VARIANT: Variant = Variant {
    name: Some("quench"),
    summary: "T = 0 throughout: random descent with sideways swaps, restarts",
    cost: Cost::first_only(CostModel::power(
        &[
            (8, 5.2e-6),
            (100, 1.7e-4),
            (1_000, 2.8e-3),
            (10_000, 0.06),
            (30_000, 0.42),
            (100_000, 2.7),
        ],
        1.5,
    )),
    ..GEOMETRIC_VARIANT
};

/// The variants, and the schedule each runs, in the same order.
const VARIANTS: [Variant; 2] = [GEOMETRIC_VARIANT, QUENCH_VARIANT];
const SCHEDULES: [Schedule; 2] = [GEOMETRIC, QUENCH];

/// Anneals the `n × n` board with `schedule`, under `config`'s seed, budget, stop flag and
/// observer (`n` checked by the [`Solver`](nqueens_core::Solver) entry points).
fn solve_with(n: usize, schedule: &Schedule, config: &Config) -> Result<FirstRun, Error> {
    local::seeded(n, config, default_budget(n), |rng, budget| {
        let mut stats = Stats::default();
        let mut board = PermutationBoard::new(n).ok_or_else(|| Error::OutOfMemory {
            strategy: "annealing",
            n,
            what: format!("the board ({} bytes)", 20 * n as u64),
        })?;
        stats.peak_bytes = board.bytes() as u64;
        if !board.shuffle(rng, &config.stop) {
            return Ok(Searched::Ended(Ended::Interrupted, stats));
        }
        stats.initial_conflicts = board.attacked_queens();
        let (ended, counters) = if config.watches_steps() {
            config.observe_board(board.columns());
            anneal::anneal::<true>(&mut board, rng, schedule, budget, config)
        } else {
            anneal::anneal::<false>(&mut board, rng, schedule, budget, config)
        };
        stats.examined = counters.proposals;
        stats.moves = counters.swaps;
        stats.backtracks = counters.uphill;
        stats.restarts = counters.reheats;
        Ok(match ended {
            Ended::Satisfied => Searched::Found(board.into_columns(), stats),
            ended => Searched::Ended(ended, stats),
        })
    })
}

const TRADEOFFS: Tradeoffs = Tradeoffs::new(&[local::SLOWER_THAN_MIN_CONFLICTS]);

impl Strategy for AnnealingSolver {
    fn name(&self) -> &'static str {
        "annealing"
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const {
            Capabilities::new(
            "simulated annealing: random swaps on a permutation, Metropolis rule, cooling schedule",
            &VARIANTS,
        )
        .showcase(Showcase {
            family: "Simulated annealing",
            variant: Some("geometric"),
            seed: Some(1),
        })
        .tradeoffs(TRADEOFFS)
        }
    }

    fn search_first(&self, job: &Job<'_>) -> Result<FirstRun, Error> {
        solve_with(job.n(), &SCHEDULES[job.variant_index()], job.config())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_spans_restarts_of_a_schedule_that_freezes_at_once() {
        let frozen = Schedule {
            patience: 1,
            stalled: Stall::Restart,
            ..GEOMETRIC
        };
        let config = Config {
            budget: Some(200_000),
            seed: Some(3),
            ..Config::default()
        };
        let run = solve_with(3000, &frozen, &config).unwrap();
        assert!(run.stats.examined <= 200_000, "{:?}", run.stats);
    }
}
