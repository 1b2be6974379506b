//! # nqueens-minconflicts
//!
//! Min-conflicts local search (Minton, Johnston, Philips and Laird, 1990/1992) for one solution
//! of a large board, after Sosic and Gu's QS4 (1991): a greedy start that leaves only a few
//! queens in conflict, then a repair that swaps those queens away.
//!
//! - **Board**: a permutation (`columns[row]`), so only diagonals are counted, as attacking
//!   pairs. The diagonal counts are occupancy bits plus a short list of the few diagonals
//!   holding two or more queens: n/4 bytes per direction, cache-resident far beyond where
//!   `u32` counters spill to main memory. A swap's change in pairs is computed in O(1) from
//!   eight counts, and a swap updates them in O(1).
//! - **Start** (after Sosic and Gu's conflict-minimizing start): rows in order; each takes a
//!   still-unused column whose two diagonals are empty, found by probing unused columns from a
//!   random one (at most 64 probes, else the least attacked probe). Where the probes begin:
//!   - *scattered* (n < 2^20): anywhere among the unused columns. Expected O(n) time; its
//!     random probes are cache misses once the board outgrows the caches.
//!   - *banded* (n ≥ 2^20): a random column of the window `t .. t + 16` after the target
//!     `t = 2r mod n`, the family behind the explicit solutions (Hoffman, Loessi and Moore
//!     1969; Bernhardsson 1991), bent where it clashes, so the start and the validator read
//!     memory in a few sequential streams. The jitter of 16 columns per row gives every seed
//!     its own start and solution (the module `board::banded` says why there is no random
//!     shift).
//! - **Repair**: pick a random attacked queen, sample 64 random swap partners, make the swap
//!   that leaves the fewest attacking pairs (ties at random, never one that adds pairs), until
//!   no queen is attacked; after a long run of moves without progress, start over. On boards
//!   with the banded start, a move draws its 64 partners at once and prefetches their memory.
//!
//! Randomness comes from [`Xoshiro256PlusPlus`] seeded with `seed_from_u64`, and indices from
//! its 64-bit outputs by a multiply-shift, so a seed gives the same solution on every platform.
//! Without a seed one is drawn and reported in [`FirstRun::seed`].
//!
//! **Events** (to [`Config::observer`](nqueens_core::Config::observer)): every row of each
//! start as [`Assigned`](nqueens_core::Event::Assigned) (given queens excepted), each repair
//! move as [`Swapped`](nqueens_core::Event::Swapped), each restart as
//! [`Restarted`](nqueens_core::Event::Restarted) followed by the new start's rows, and
//! [`Found`](nqueens_core::Event::Found) at the end. A move whose 64 partners would all add
//! pairs makes no swap but still counts (the budget's unit): it is reported as
//! [`Moved`](nqueens_core::Event::Moved) to the queen's own column, so the events' moves add
//! up to `Stats::moves`. Without an observer the search runs an instance compiled without the
//! calls.
//!
//! **Bounded**: [`Config::budget`](nqueens_core::Config::budget) caps the repair moves over all
//! restarts (default [`default_budget`]), ending with [`Ended::Budget`]. A restart comes only
//! after a stall as long as a start's own work, so the time stays within a constant factor of
//! the budget. **Given queens** ([`Job::given`]) are fixed; the free rows hold a permutation of
//! the free columns and moves swap two free rows (the `completion` module, on plain diagonal
//! counts): it finds completions but cannot prove that none exists ([`Ended::Budget`], never
//! [`Ended::Exhausted`]). It cannot list or count; n = 2 and 3 are answered
//! [`Ended::Exhausted`] from the known fact (OEIS A000170).
//!
//! **Cost**: the start is expected O(n) time, a repair move O(1) (64 sampled partners, eight
//! counts each). The start leaves few queens in conflict (scattered: about 30 at n = 10^6;
//! banded: a few dozen at n = 10^7 and 10^8), so the moves grow far slower than n and the
//! start usually dominates, though the banded start's tightly packed board can take tens of
//! thousands of moves for its last conflicts on some seeds. The scattered start's random
//! probes leave the caches as n grows (the `prefetch` module says what prefetching buys),
//! which is why large boards take the banded one, whose time grows as n. Sosic and Gu's QS4
//! reported 3 million queens in under a minute on 1991 hardware; for this crate's times on the
//! reference machine see the reference report (`reports/README.md` at the workspace root,
//! series `min-conflicts`), and `cargo run --release --example seeds -- min-conflicts N SEEDS`
//! times seeds by hand.
//!
//! **Memory**: 4 bytes per queen for the columns (the returned solution), 0.625 for the
//! diagonal bits and the suspect marks, 0.125 more for the banded start's used-column bits;
//! the validator of `Solution::from_columns` then adds about 5 bits per queen after the bits
//! are freed. So about 4.75 bytes per queen at the peak: n = 10^8 takes about 475 MB, n = 10^9
//! about 4.75 GB. Boards above [`MAX_N`] are refused with a typed [`Error::TooLarge`].
//!
//! ```
//! use nqueens_core::{Config, Ended, Solver};
//! use nqueens_minconflicts::MinConflictsSolver;
//!
//! let config = Config { seed: Some(42), ..Config::default() };
//! let run = MinConflictsSolver.first(1000, &config)?;
//! let solution = run.solution().cloned().expect("the default budget suffices");
//! assert_eq!(solution.n(), 1000);
//! assert_eq!(run.seed, Some(42));
//! // The same seed gives the same solution.
//! assert_eq!(MinConflictsSolver.first(1000, &config)?.into_solution(), Some(solution));
//!
//! let broke = Config { budget: Some(0), ..config };
//! assert_eq!(MinConflictsSolver.first(1000, &broke)?.ended(), Ended::Budget);
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

mod board;
mod completion;
mod diagonals;
mod literature;
mod prefetch;
mod restart;

use nqueens_core::{BenchExtra, OnceSweep};
use nqueens_core::{
    Budget, Capabilities, Config, Cost, CostModel, Ended, Error, FirstRun, Job, Limit, Showcase,
    Strategy, Variant,
};
use nqueens_local::{self as local, Searched};
use rand::rngs::Xoshiro256PlusPlus;

use board::Board;

/// Min-conflicts local search on a permutation board with a greedy start. Registry name
/// `min-conflicts`; randomized (takes a seed); `n <= 10^9`.
#[derive(Clone, Copy, Debug, Default)]
pub struct MinConflictsSolver;

/// The largest board accepted: about 4.75 GB of working memory at n = 10^9.
pub const MAX_N: usize = 1_000_000_000;

/// The fewest fruitless moves before a restart; larger boards wait about n / 4 moves, as much
/// work as a new start.
const STALL_MIN: u64 = 256;

/// The move budget used when [`Config::budget`](nqueens_core::Config::budget) is `None`:
/// 10^6 + 4n, room for hundreds of restarts on small boards and for a few on the largest.
///
/// ```
/// assert_eq!(nqueens_minconflicts::default_budget(1000), 1_004_000);
/// ```
pub fn default_budget(n: usize) -> u64 {
    1_000_000 + 4 * n as u64
}

fn stall(n: usize) -> u64 {
    STALL_MIN.max(n as u64 / 4)
}

/// The strategy has no modes: one variant, which only finds.
const ONLY: Variant = Variant {
    summary: "greedy permutation start, O(1) swap repair, restarts",
    randomized: true,
    budget: Some(Budget::Moves),
    first: Limit::UpTo(MAX_N),
    list: Limit::Unsupported("local search finds one solution at a time; it cannot enumerate"),
    count: Limit::Unsupported("local search finds one solution at a time; it cannot count"),
    keeps_given: true,
    cost: Cost {
        first: CostModel::power(
            &[
                (8, 4e-4),
                (16, 4e-4),
                (100, 5e-5),
                (1_000, 1.2e-4),
                (10_000, 1e-3),
                (100_000, 3.4e-3),
                (1_000_000, 0.04),
                (3_000_000, 0.1),
                (10_000_000, 0.4),
                (100_000_000, 4.0),
            ],
            1.1,
        ),
        count: CostModel::UNKNOWN,
        completion: CostModel::power(&[(12, 1e-3), (28, 3e-3)], 1.0),
    },
    ..Variant::BLANK
};

impl Strategy for MinConflictsSolver {
    fn name(&self) -> &'static str {
        "min-conflicts"
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const {
            Capabilities::new(
                "min-conflicts local search: greedy permutation start, O(1) swap repair",
                &[ONLY],
            )
            .showcase(Showcase {
                family: "Min-conflicts local search",
                variant: None,
                seed: Some(10),
            })
            // A hundred million queens, once, within 5 minutes: in the full profile alone.
            .bench(&[BenchExtra::Once(OnceSweep {
                from: 100_000_000,
                to: 100_000_000,
                seconds: 300.0,
                full_only: true,
            })])
            .literature(literature::EXPERIMENTS)
        }
    }

    fn search_first(&self, job: &Job<'_>) -> Result<FirstRun, Error> {
        let (n, config) = (job.n(), job.config());
        local::seeded(n, config, default_budget(n), |rng, budget| {
            if let Some(given) = job.given() {
                let complete = if config.watches_steps() {
                    completion::complete::<true>
                } else {
                    completion::complete::<false>
                };
                let (columns, ended, stats) = complete(n, given, rng, budget, stall(n), config)?;
                return Ok(match columns {
                    Some(columns) => Searched::Found(columns, stats),
                    None => Searched::Ended(ended, stats),
                });
            }
            let board = Board::new(n).ok_or_else(|| Error::OutOfMemory {
                strategy: self.name(),
                n,
                what: format!("the board (about {} bytes)", n as u64 * 19 / 4),
            })?;
            Ok(if config.watches_steps() {
                search::<true>(board, n, rng, budget, config)
            } else {
                search::<false>(board, n, rng, budget, config)
            })
        })
    }
}

/// Starts and repairs `board` (`n × n`) until it holds a solution, the `budget` of moves is
/// spent or the stop flag is raised ([`restart::restarts`]).
fn search<const OBSERVED: bool>(
    mut board: Board,
    n: usize,
    rng: &mut Xoshiro256PlusPlus,
    budget: u64,
    config: &Config,
) -> Searched {
    let (ended, mut stats) =
        restart::restarts::<_, OBSERVED>(&mut board, rng, budget, stall(n), config);
    if ended != Ended::Satisfied {
        return Searched::Ended(ended, stats);
    }
    // The diagonal bits are freed before the validator takes its own ~5 bits per queen.
    let columns = board.into_columns();
    let validator_bytes = (5 * n as u64).div_ceil(8);
    stats.peak_bytes = stats.peak_bytes.max(4 * n as u64 + validator_bytes);
    Searched::Found(columns, stats)
}
