//! # nqueens-minconflicts
//!
//! Min-conflicts local search (Minton, Johnston, Philips and Laird, 1990/1992) for one solution
//! of a large board, after Sosic and Gu's QS4 (1991): a greedy start that leaves only a few
//! queens in conflict, then a repair that swaps those queens away.
//!
//! - **Board**: a permutation (`columns[row]`), so rows and columns never clash and only
//!   diagonals are counted, as attacking pairs. The counts of the `2n - 1` diagonals per
//!   direction are kept as occupancy bits plus a short list of the few diagonals holding two or
//!   more queens: n/4 bytes per direction, cache-resident far beyond where `u32` counters spill
//!   to main memory. The change in pairs of swapping two queens' columns is computed in O(1)
//!   from eight counts, and a swap updates them in O(1).
//! - **Start**: rows in order; each takes a still-unused column whose two diagonals are empty,
//!   found by probing the pool of unused columns from a random position (at most 64 probes,
//!   else the least attacked probe). Expected O(n) time; it leaves a few dozen queens in
//!   conflict even at n = 10^8.
//! - **Repair**: pick a random attacked queen, sample 64 random swap partners, make the swap
//!   that leaves the fewest attacking pairs (ties at random, never one that adds pairs), until
//!   no queen is attacked. After a long run of moves without progress it starts over from a new
//!   random start.
//!
//! Randomness comes from [`Xoshiro256PlusPlus`] seeded with `seed_from_u64`, and indices from
//! its 64-bit outputs by a multiply-shift, so a seed gives the same solution on every platform.
//! Without a seed one is drawn and reported in [`FirstRun::seed`].
//!
//! **Bounded**: [`Config::budget`] caps the repair moves over all restarts (default
//! [`default_budget`]); when it runs out the run ends with
//! [`Outcome::Stopped`]`(`[`StopReason::Budget`]`)`. A budget of 0 ends at once that way. The
//! greedy start is not a move, but a restart happens only after a stall of moves as long as a
//! start's own work, so the total time stays within a constant factor of the budget.
//!
//! **Incomplete**: it cannot list or count, and it cannot prove that no solution exists; n = 2
//! and n = 3 are answered [`Outcome::NoSolution`] from the known fact (OEIS A000170).
//!
//! **Memory**: 4 bytes per queen for the columns (the returned solution), 0.625 for the
//! diagonal bits and the suspect marks, a few kilobytes besides; the validator of
//! `Solution::from_columns` then adds about 5 bits per queen after the bits are freed. So about
//! 4.7 bytes per queen at the peak: n = 10^8 takes about 470 MB. Boards above [`MAX_N`] are
//! refused with `TooLarge`.
//!
//! **Speed** (release build, one core of the 2-core reference machine, through
//! [`Solver::first`](nqueens_core::Solver::first) so including the validation of the returned
//! solution; the bench harness's reference report, medians over its ten seeds):
//! n = 10^6 in 41 ms (about 30 queens in conflict after the start, 18–52 moves),
//! n = 10^7 in 0.69 s (about 200 conflicts, 137–198 moves), and n = 10^8 in 25 s for seed 1
//! (1,672 conflicts, 1,489 moves, 441 MiB peak heap). Sosic and Gu's QS4 reported 3 million
//! queens in under a minute on 1991 hardware. Time grows faster than n above 10^6 because the
//! random probes of the start leave the caches: memory latency, not moves, sets the pace, so
//! the start prefetches the lines of the rows ahead and their misses overlap (see
//! `board::prefetch` for what that bought). `cargo run --release -p nqueens-minconflicts
//! --example timing -- N SEEDS` times seeds by hand.
//!
//! ```
//! use nqueens_core::{Config, Outcome, Solver, StopReason};
//! use nqueens_minconflicts::MinConflictsSolver;
//!
//! let config = Config { seed: Some(42), ..Config::default() };
//! let run = MinConflictsSolver.first(1000, &config)?;
//! let Outcome::Found(solution) = run.outcome else { panic!("the default budget suffices") };
//! assert_eq!(solution.n(), 1000);
//! assert_eq!(run.seed, Some(42));
//! // The same seed gives the same solution.
//! assert_eq!(MinConflictsSolver.first(1000, &config)?.outcome, Outcome::Found(solution));
//!
//! let broke = Config { budget: Some(0), ..config };
//! assert_eq!(MinConflictsSolver.first(1000, &broke)?.outcome, Outcome::Stopped(StopReason::Budget));
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

mod board;
mod diagonals;

use nqueens_core::{
    Capabilities, Config, Error, FirstRun, Limit, Outcome, Solution, Solver, Stats, StopReason,
    known,
};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use board::{Board, Halt};

/// Min-conflicts local search on a permutation board with a greedy start. Registry name
/// `min-conflicts`; randomized (takes a seed); `n <= 10^9`.
#[derive(Clone, Copy, Debug, Default)]
pub struct MinConflictsSolver;

/// The largest board accepted: about 4.7 GB of working memory at n = 10^9.
pub const MAX_N: usize = 1_000_000_000;

/// The fewest fruitless moves before a restart; larger boards wait about n / 4 moves, as much
/// work as a new start.
const STALL_MIN: u64 = 256;

/// The move budget used when [`Config::budget`] is `None`: 10^6 + 4n, room for hundreds of
/// restarts on small boards and for a few on the largest.
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

impl Solver for MinConflictsSolver {
    fn name(&self) -> &'static str {
        "min-conflicts"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            summary: "min-conflicts local search: greedy permutation start, O(1) swap repair",
            complete: false,
            randomized: true,
            first: Limit::UpTo(MAX_N),
            list: Limit::Unsupported(
                "local search finds one solution at a time; it cannot enumerate",
            ),
            count: Limit::Unsupported("local search finds one solution at a time; it cannot count"),
            variants: &[],
        }
    }

    fn search_first(&self, n: usize, config: &Config) -> Result<FirstRun, Error> {
        let seed = config.seed_or_fresh();
        let mut stats = Stats::default();
        let finish = |outcome, stats| {
            Ok(FirstRun {
                outcome,
                stats,
                seed: Some(seed),
            })
        };
        // n = 2 and 3 have no solution (OEIS A000170); a local search would only wander.
        if known::all_solutions(n) == Some(0) {
            return finish(Outcome::NoSolution, stats);
        }
        let budget = config.budget.unwrap_or_else(|| default_budget(n));
        if budget == 0 {
            return finish(Outcome::Stopped(StopReason::Budget), stats);
        }
        let mut board = Board::new(n).ok_or_else(|| Error::Refused {
            strategy: self.name(),
            n,
            reason: format!(
                "could not allocate the board (about {} bytes)",
                n as u64 * 47 / 10
            ),
        })?;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let stopped = || config.stop.is_stopped();
        let mut left = budget;
        loop {
            if !board.start(&mut rng, &stopped) {
                stats.peak_bytes = board.bytes() as u64;
                return finish(Outcome::Stopped(StopReason::Interrupted), stats);
            }
            if stats.restarts == 0 {
                stats.initial_conflicts = board.attacked_queens();
            }
            let (moves, end) = board.repair(&mut rng, left, stall(n), &stopped);
            stats.moves += moves;
            left -= moves;
            stats.peak_bytes = stats.peak_bytes.max(board.bytes() as u64);
            match end {
                Ok(()) => break,
                Err(Halt::Interrupted) => {
                    return finish(Outcome::Stopped(StopReason::Interrupted), stats);
                }
                Err(Halt::Budget) if left == 0 => {
                    return finish(Outcome::Stopped(StopReason::Budget), stats);
                }
                Err(Halt::Budget) => stats.restarts += 1,
            }
        }
        // The diagonal bits are freed before the validator takes its own ~5 bits per queen.
        let columns = board.into_columns();
        let validator_bytes = (5 * n as u64).div_ceil(8);
        stats.peak_bytes = stats.peak_bytes.max(4 * n as u64 + validator_bytes);
        finish(Outcome::Found(Solution::from_columns(columns)?), stats)
    }
}
