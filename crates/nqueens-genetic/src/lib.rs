//! # nqueens-genetic
//!
//! A genetic algorithm (Holland 1975; Goldberg, *Genetic Algorithms in Search, Optimization
//! and Machine Learning*, 1989) for one solution: a population of random permutations evolves
//! by selection, crossover and mutation until one of them has no attacking pair.
//!
//! - **Genome**: a permutation (`columns[row]`), so rows and columns never clash; the
//!   **fitness** to minimise is the number of attacking pairs on the diagonals, counted in
//!   O(n) with two arrays of diagonal counters.
//! - **Selection**: tournaments of 5 (the fewest pairs of five individuals drawn at random).
//!   [`attacking_pairs`] and [`tournament_odds`] give the fitness and the odds of selection as
//!   pure functions, to set beside the textbook's fitness-proportional selection (AIMA 3rd ed.,
//!   Fig. 4.6; see `tests/aima.rs`).
//! - **Crossover** (probability 1/2): partially mapped crossover, PMX (Goldberg and Lingle,
//!   1985): the child keeps one parent's columns in a random segment of rows and the other's
//!   elsewhere, repairing repeated columns through the segment's mapping.
//! - **Mutation**: swap two random rows' columns, then again with probability 1/2, and so on
//!   (one swap on average, none in half the children, which are then not evaluated again).
//! - **Elitism**: the 2 best go to the next generation unchanged; generations of 100 are
//!   replaced whole.
//! - **Restart**: after `1000 + 10 n` generations without a new best, the population is drawn
//!   anew: it has converged on one local minimum that elitism would keep forever.
//!
//! Those are [`Params::for_size`], chosen by measurement over the bench's ten seeds at n = 200,
//! 500 and 1,000 (and 300 seeds at n = 8 and 30): tournaments of 5 needed fewer evaluations
//! than 3 (n = 500: 199,000 against 307,000, median) and tournaments of 2 five times more;
//! populations of 50, 100 and 200 made no clear difference; mutating every child exactly once
//! needed six times more evaluations than the repeated coin; restarts that keep the best, or
//! after a fixed 1,000 generations, were slower at n = 500; order crossover (OX, Davis 1985)
//! was no better (n = 30: twice the evaluations, about the same at n = 200 and 500); and
//! crossover rates of 0.2, 0.5 and 0.8 all did worse than none (see below).
//!
//! | variant | what |
//! |---|---|
//! | `pmx` (the default) | the GA above |
//! | `mutation` | the control experiment: the same without crossover (each child is a mutated copy of a tournament winner: an evolution strategy) |
//!
//! **What limits it.** A child's evaluation costs O(n) even when it differs from its parent by
//! one swap, and nearly every improvement comes from a mutation that happens to move an
//! attacked queen to free diagonals: with `k` queens attacked, about one random swap in n / 2k
//! touches one, so the last conflicts take O(n) children each. Crossover does not help:
//! `mutation` needs fewer evaluations than `pmx` (n = 500: 158,000 against 199,000, median of
//! ten seeds; n = 1,000: 1.2 s against 2.7 s median), because every queen constrains every
//! other, so a segment conflict-free in one parent is not in the child. What works is a
//! population of stochastic hill climbers paying O(n) per step where min-conflicts pays O(1).
//! Measured with the `timing` example on the 2-core reference machine (the bench's ten seeds,
//! all solved), `pmx`: n = 64 in 0.008 s median (0.05 s the slowest seed), n = 200 in 0.09 s
//! (0.75 s), n = 500 in 0.5 s (1.4 s), n = 1,000 in 2.7 s (4.8 s), and n = 2,000 in 14–30 s
//! (three seeds, on a busy machine): past the bench's 10 s budget; `mutation` n = 1,000 in
//! 1.2 s (3.5 s). Min-conflicts does n = 10^6 in 0.04 s. For the reference run see the report
//! (`reports/README.md` at the workspace root, series `genetic` and `genetic-mutation`), and
//! `cargo run --release --example seeds -- genetic N SEEDS [VARIANT]` times seeds by hand.
//!
//! **Statistics** ([`Stats`]): `examined` counts the fitness evaluations, the GA's unit of
//! work; `moves` the generations; `restarts` the restarts; `peak_bytes` the two populations and
//! the counters.
//!
//! **Events** (to [`Config::observer`](nqueens_core::Config::observer)): the picture is the
//! population's best individual (the first with the fewest attacking pairs), `Assigned` row by
//! row at each start and, after each generation, where a new best differs from the one shown;
//! each generation is one `Moved` of row 0 to its own column, so the events add up to `moves`;
//! a restart is `Restarted` followed by the new best, and the end `Found`. Without an observer
//! the loop runs an instance compiled without the calls.
//!
//! Randomness comes from [`Xoshiro256PlusPlus`](rand::rngs::Xoshiro256PlusPlus) seeded with
//! `seed_from_u64`, indices by a multiply-shift and probabilities as 64-bit thresholds, so a
//! seed gives the same solution on every platform; without one, one is drawn and reported in
//! [`FirstRun::seed`]. [`Config::budget`](nqueens_core::Config::budget) caps the generations
//! over all restarts (default [`default_budget`]), ending with
//! [`Ended::Budget`](nqueens_core::Ended::Budget); the stop flag is polled before every child.
//! It cannot list, count or prove that no solution exists; n = 2 and 3 are answered
//! [`Ended::Exhausted`](nqueens_core::Ended::Exhausted) from the known fact (OEIS A000170).
//!
//! **Cost**: O(n) per child (crossover, mutation, evaluation), 100 children per generation.
//! **Memory**: two populations of 100 permutations, 800 bytes per queen: 1.6 MB at [`MAX_N`];
//! larger boards are refused with a typed [`Error::TooLarge`], and none is large enough to read
//! [`Config::memory_limit`](nqueens_core::Config::memory_limit).
//!
//! ```
//! use nqueens_core::{Config, Ended, Solver};
//! use nqueens_genetic::GeneticSolver;
//!
//! let config = Config { seed: Some(42), ..Config::default() };
//! let run = GeneticSolver.first(64, &config)?;
//! let solution = run.solution().cloned().expect("the default budget suffices");
//! assert_eq!(solution.n(), 64);
//! assert_eq!(run.seed, Some(42));
//! assert!(run.stats.examined >= 100 && run.stats.moves >= 1);
//! // The same seed gives the same solution.
//! assert_eq!(GeneticSolver.first(64, &config)?.into_solution(), Some(solution));
//!
//! let broke = Config { budget: Some(0), ..config };
//! assert_eq!(GeneticSolver.first(64, &broke)?.ended(), Ended::Budget);
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

mod evolve;
mod literature;
mod operators;
mod selection;
#[cfg(test)]
mod tests;

pub use selection::{attacking_pairs, tournament_odds};

use nqueens_core::{
    Budget, Capabilities, Config, Cost, CostModel, Error, FirstRun, Job, Limit, Reading, Showcase,
    Stats, Strategy, Tradeoff, Tradeoffs, Variant,
};
use nqueens_local::{self as local, DiagonalCounts, Searched};

/// A genetic algorithm on permutations. Registry name `genetic`; randomized (takes a seed);
/// `n <= 2,000`; variants `pmx` (the default) and `mutation` (no crossover).
#[derive(Clone, Copy, Debug, Default)]
pub struct GeneticSolver;

/// The largest board accepted: about where the GA stops solving every seed within tens of
/// seconds (n = 1,000 takes seconds, n = 2,000 tens of seconds; see the crate documentation).
/// Memory is no bound: two populations of 100 permutations, 800 bytes per queen.
pub const MAX_N: usize = 2_000;

/// A permutation crossover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crossover {
    /// Partially mapped crossover (Goldberg and Lingle, 1985): positions are inherited.
    Pmx,
    /// Order crossover (Davis, 1985): relative order is inherited.
    Order,
}

/// The parameters of a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Individuals per generation (at least 2).
    pub population: usize,
    /// Individuals per tournament (at least 1; 1 is random selection).
    pub tournament: usize,
    /// Probability that a child is made by crossover rather than copied from one parent.
    pub crossover: f64,
    /// Probability of a swap mutation, repeated while it fires (1 means exactly one swap).
    pub mutation: f64,
    /// The best individuals copied unchanged to the next generation (fewer than the
    /// population).
    pub elite: usize,
    /// Generations without a new best before the population is drawn anew (0: never).
    pub stall: u64,
    /// The crossover operator.
    pub operator: Crossover,
}

impl Params {
    /// The `pmx` variant's parameters for an `n × n` board: population 100, tournaments of 5,
    /// PMX with probability 1/2, mutation 1/2 (repeated), elite 2, a restart after
    /// `1000 + 10 n` generations without a new best.
    ///
    /// ```
    /// let params = nqueens_genetic::Params::for_size(64);
    /// assert_eq!((params.population, params.stall), (100, 1640));
    /// ```
    pub fn for_size(n: usize) -> Self {
        Params {
            population: 100,
            tournament: 5,
            crossover: 0.5,
            mutation: 0.5,
            elite: 2,
            stall: 1000 + 10 * n as u64,
            operator: Crossover::Pmx,
        }
    }
}

/// The generation budget used when [`Config::budget`](nqueens_core::Config::budget) is
/// `None`: 10^5 + 100 n generations, a few seconds at n = 64 and beyond the 10 s of the
/// bench's probes from n = 200 on (the bench's ten seeds needed 78 to 1,646 generations at
/// n = 64, and 4,600 to 24,000 at n = 1,000 over both variants).
///
/// ```
/// assert_eq!(nqueens_genetic::default_budget(64), 106_400);
/// ```
pub fn default_budget(n: usize) -> u64 {
    100_000 + 100 * n as u64
}

const LIST: Limit =
    Limit::Unsupported("a genetic algorithm finds one solution at a time; it cannot enumerate");
const COUNT: Limit =
    Limit::Unsupported("a genetic algorithm finds one solution at a time; it cannot count");

/// The default variant: the GA with PMX.
const PMX_VARIANT: Variant = Variant {
    name: Some("pmx"),
    summary: "population 100, tournaments of 5, PMX crossover 1/2, swap mutation, elite 2, restarts",
    randomized: true,
    budget: Some(Budget::Moves),
    first: Limit::UpTo(MAX_N),
    list: LIST,
    count: COUNT,
    cost: Cost::first_only(CostModel::power(
        &[
            (8, 5e-5),
            (16, 6.7e-4),
            (30, 5.1e-3),
            (100, 0.058),
            (300, 0.34),
            (1_000, 4.4),
        ],
        2.0,
    )),
    ..Variant::BLANK
};

/// The control experiment: no crossover.
const MUTATION_VARIANT: Variant = Variant {
    name: Some("mutation"),
    summary: "the same without crossover: mutated copies of tournament winners",
    cost: Cost::first_only(CostModel::power(
        &[
            (8, 4e-5),
            (16, 1.5e-3),
            (30, 1.9e-3),
            (100, 0.026),
            (300, 0.27),
            (1_000, 2.3),
        ],
        2.0,
    )),
    ..PMX_VARIANT
};

/// The variants, and whether each recombines parents, in the same order.
const VARIANTS: [Variant; 2] = [PMX_VARIANT, MUTATION_VARIANT];
const CROSSOVER: [bool; 2] = [true, false];

/// Runs the GA on the `n × n` board with `params`, under `config`'s seed, budget (in
/// generations), stop flag and observer (`n` checked by the [`Solver`](nqueens_core::Solver)
/// entry points).
fn solve_with(n: usize, params: &Params, config: &Config) -> Result<FirstRun, Error> {
    local::seeded(n, config, default_budget(n), |rng, budget| {
        // The fitness counters: the populations beside them are a few megabytes at most.
        let mut fitness = DiagonalCounts::new(n).ok_or_else(|| Error::OutOfMemory {
            strategy: "genetic",
            n,
            what: format!("the fitness counters ({} bytes)", 16 * n),
        })?;
        let (ended, found, counters) = if config.watches_steps() {
            evolve::evolve_observed(n, params, &mut fitness, rng, budget, config)
        } else {
            evolve::evolve::<false>(n, params, &mut fitness, rng, budget, config)
        };
        let stats = Stats {
            moves: counters.generations,
            examined: counters.evaluations,
            restarts: counters.restarts,
            peak_bytes: counters.bytes,
            ..Stats::default()
        };
        Ok(match found {
            Some(columns) => Searched::Found(columns, stats),
            None => Searched::Ended(ended, stats),
        })
    })
}

// Against min-conflicts, and the crossover against its control without it.
const TRADEOFFS: Tradeoffs = Tradeoffs::new(&[
    local::SLOWER_THAN_MIN_CONFLICTS,
    Tradeoff {
        variant: Some("mutation"),
        ..Tradeoff::new(
            local::TRADEOFF_HEADING,
            Reading::First,
            &["genetic"],
            "without crossover, `{{ us.id }}` is {{ (rival.time / us.time) | times(\"faster\", \
             \"slower\") }} than `{{ rival.id }}` at n = {{ n | size }}",
        )
    },
]);

impl Strategy for GeneticSolver {
    fn name(&self) -> &'static str {
        "genetic"
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const {
            Capabilities::new(
            "genetic algorithm on permutations: tournaments, PMX crossover, swap mutation, elitism",
            &VARIANTS,
        )
        .showcase(Showcase {
            family: "Genetic algorithm",
            variant: Some("pmx"),
            seed: Some(2),
        })
        .tradeoffs(TRADEOFFS)
        .literature(literature::EXPERIMENTS)
        }
    }

    fn search_first(&self, job: &Job<'_>) -> Result<FirstRun, Error> {
        let mut params = Params::for_size(job.n());
        if !CROSSOVER[job.variant_index()] {
            params.crossover = 0.0;
        }
        solve_with(job.n(), &params, job.config())
    }
}
