//! The restart loop of min-conflicts, written once for its two boards: the whole board
//! (`board.rs`) and the board with given queens (`completion.rs`).

use nqueens_core::{Config, Ended, Event, Stats};
use rand::rngs::Xoshiro256PlusPlus;

/// A board that min-conflicts starts greedily and repairs by moves.
pub(crate) trait Repairable {
    /// A new greedy start; `false` if the stop flag was raised first.
    fn restart(&mut self, rng: &mut Xoshiro256PlusPlus, config: &Config) -> bool;

    /// The queens the last start placed, as `(row, column)`, for an observer.
    fn placed(&self) -> impl Iterator<Item = (usize, usize)>;

    /// Queens attacked by another.
    fn attacked_queens(&self) -> u64;

    /// Repairs until solved ([`Ended::Satisfied`]), `allowance` moves are spent or `stall`
    /// moves pass without progress ([`Ended::Budget`]), or the stop flag is raised; returns
    /// the moves made. With `OBSERVED`, each move is reported to `config`'s observer.
    fn repair<const OBSERVED: bool>(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        allowance: u64,
        stall: u64,
        config: &Config,
    ) -> (u64, Ended);

    /// The memory the board holds.
    fn bytes(&self) -> u64;
}

/// Starts and repairs `board` until it holds a solution ([`Ended::Satisfied`]), the `budget`
/// of moves is spent or the stop flag is raised, starting over after a repair that stalls
/// (`stall` moves without progress) while moves are left. Returns how it ended, with the
/// moves, restarts, starting conflicts and peak memory in the statistics.
///
/// Each restart is reported to `config`'s observer as [`Event::Restarted`]; with `OBSERVED`,
/// so is every queen of each start ([`Event::Assigned`]) and every move.
pub(crate) fn restarts<B: Repairable, const OBSERVED: bool>(
    board: &mut B,
    rng: &mut Xoshiro256PlusPlus,
    budget: u64,
    stall: u64,
    config: &Config,
) -> (Ended, Stats) {
    let mut stats = Stats::default();
    let mut left = budget;
    loop {
        let started = board.restart(rng, config);
        stats.peak_bytes = stats.peak_bytes.max(board.bytes());
        if !started {
            return (Ended::Interrupted, stats);
        }
        if OBSERVED {
            for (row, column) in board.placed() {
                config.observe(Event::Assigned { row, column });
            }
        }
        if stats.restarts == 0 {
            stats.initial_conflicts = board.attacked_queens();
        }
        let (moves, ended) = board.repair::<OBSERVED>(rng, left, stall, config);
        stats.moves += moves;
        left -= moves;
        stats.peak_bytes = stats.peak_bytes.max(board.bytes());
        match ended {
            // A stalled repair starts over, while moves are left.
            Ended::Budget if left > 0 => {
                stats.restarts += 1;
                config.observe(Event::Restarted);
            }
            ended => return (ended, stats),
        }
    }
}
