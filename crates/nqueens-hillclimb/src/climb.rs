//! The climbs: one step rule per variant, and the random restarts around them.

use nqueens_core::{Config, Ended, Event};
use nqueens_local::uniform_below;
use rand::Rng;
use rand::rngs::Xoshiro256PlusPlus;

use crate::Rule;
use crate::board::Board;

/// How often (in successors drawn) first-choice polls the stop flag.
const POLL: u64 = 4096;

/// What a search did, over all its climbs.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counters {
    /// Successors evaluated (each in O(1)): the budget's unit.
    pub(crate) examined: u64,
    /// Moves made, over all climbs: AIMA's steps.
    pub(crate) steps: u64,
    /// Moves made by the climbs that got stuck.
    pub(crate) wasted: u64,
    /// Climbs that got stuck (on a plateau or in a local minimum), each followed by a restart.
    pub(crate) stuck: u64,
}

/// How one climb ended, and so how a search ends: solved, stuck (in a search, with no restart
/// left), or ended by the budget or the stop flag.
pub(crate) enum Climb {
    Solved,
    Stuck,
    Ended(Ended),
}

/// Climbs from `board` (already randomized) with `rule`, restarting from a new random state
/// after every climb that gets stuck, until no pair attacks, `budget` successors are
/// evaluated, the stop flag is raised, or a climb gets stuck with no restart left of
/// `restarts` (`None`: no bound), which leaves `board` as it stopped. With `OBSERVED`, the
/// steps go to `config`'s observer as the crate documentation says (the last stuck climb of a
/// bounded search, only its conflicts).
#[inline(never)]
pub(crate) fn search<const OBSERVED: bool>(
    board: &mut Board,
    rng: &mut Xoshiro256PlusPlus,
    rule: Rule,
    budget: u64,
    restarts: Option<u64>,
    config: &Config,
) -> (Climb, Counters) {
    let mut counters = Counters::default();
    // The rows moved by the current climb, kept only for the events of a stuck climb.
    let mut moved_rows: Vec<usize> = Vec::new();
    loop {
        let steps_before = counters.steps;
        let climb = match rule {
            Rule::Steepest => steepest::<OBSERVED>(
                board,
                rng,
                0,
                budget,
                config,
                &mut counters,
                &mut moved_rows,
            ),
            Rule::Sideways { limit } => steepest::<OBSERVED>(
                board,
                rng,
                limit,
                budget,
                config,
                &mut counters,
                &mut moved_rows,
            ),
            Rule::FirstChoice => {
                first_choice::<OBSERVED>(board, rng, budget, config, &mut counters, &mut moved_rows)
            }
        };
        match climb {
            Climb::Solved | Climb::Ended(_) => return (climb, counters),
            Climb::Stuck => {
                counters.stuck += 1;
                counters.wasted += counters.steps - steps_before;
                if OBSERVED {
                    for &row in &moved_rows {
                        config.observe(Event::Conflict { row });
                    }
                    moved_rows.clear();
                }
                if restarts.is_some_and(|restarts| counters.stuck > restarts) {
                    return (Climb::Stuck, counters);
                }
                config.observe(Event::Restarted);
                if !board.randomize(rng, &config.stop) {
                    return (Climb::Ended(Ended::Interrupted), counters);
                }
                if OBSERVED {
                    config.observe_board(board.columns());
                }
            }
        }
    }
}

/// Makes one move and reports it.
#[inline(always)]
fn make_move<const OBSERVED: bool>(
    board: &mut Board,
    (row, to, delta): (usize, usize, i64),
    config: &Config,
    counters: &mut Counters,
    moved_rows: &mut Vec<usize>,
) {
    let from = board.column(row);
    board.move_queen(row, to, delta);
    counters.steps += 1;
    if OBSERVED {
        moved_rows.push(row);
        config.observe(Event::Moved { row, from, to });
    }
}

/// Steepest ascent (here descent in attacking pairs): every step evaluates all n(n - 1)
/// successors and moves to a best one, ties broken uniformly at random (AIMA: "choose
/// randomly among the set of best successors"). It stops when the best successor is worse,
/// or equal and `sideways` consecutive sideways moves have been made (0: at the first
/// plateau).
fn steepest<const OBSERVED: bool>(
    board: &mut Board,
    rng: &mut Xoshiro256PlusPlus,
    sideways: u32,
    budget: u64,
    config: &Config,
    counters: &mut Counters,
    moved_rows: &mut Vec<usize>,
) -> Climb {
    let n = board.len();
    let successors = (n * (n - 1)) as u64;
    let mut flat_run = 0u32;
    loop {
        if board.pairs() == 0 {
            return Climb::Solved;
        }
        if config.stop.is_stopped() {
            return Climb::Ended(Ended::Interrupted);
        }
        if budget - counters.examined < successors {
            return Climb::Ended(Ended::Budget);
        }
        counters.examined += successors;
        let (mut best, mut ties, mut choice) = (i64::MAX, 0usize, (0, 0));
        for row in 0..n {
            let own = board.queen_conflicts(row);
            let from = board.column(row);
            for to in (0..n).filter(|&to| to != from) {
                let delta = board.move_delta(row, own, to);
                if delta < best {
                    (best, ties, choice) = (delta, 1, (row, to));
                } else if delta == best {
                    // Reservoir sampling: each of the `ties` best so far is kept with
                    // probability 1 / ties.
                    ties += 1;
                    if uniform_below(rng.next_u64(), ties) == 0 {
                        choice = (row, to);
                    }
                }
            }
        }
        match best {
            ..0 => flat_run = 0,
            0 if flat_run < sideways => flat_run += 1,
            _ => return Climb::Stuck,
        }
        make_move::<OBSERVED>(
            board,
            (choice.0, choice.1, best),
            config,
            counters,
            moved_rows,
        );
    }
}

/// First-choice hill climbing: successors drawn uniformly at random until one improves, which
/// is taken. After n(n - 1) draws in a row without one, every successor is evaluated: if none
/// improves the climb is stuck (the stop rule of `steepest`, found by sampling), otherwise the
/// draws go on.
fn first_choice<const OBSERVED: bool>(
    board: &mut Board,
    rng: &mut Xoshiro256PlusPlus,
    budget: u64,
    config: &Config,
    counters: &mut Counters,
    moved_rows: &mut Vec<usize>,
) -> Climb {
    let n = board.len();
    let successors = (n * (n - 1)) as u64;
    let mut misses = 0u64;
    loop {
        if board.pairs() == 0 {
            return Climb::Solved;
        }
        if counters.examined == budget {
            return Climb::Ended(Ended::Budget);
        }
        if counters.examined.is_multiple_of(POLL) && config.stop.is_stopped() {
            return Climb::Ended(Ended::Interrupted);
        }
        counters.examined += 1;
        let row = uniform_below(rng.next_u64(), n);
        let from = board.column(row);
        let mut to = uniform_below(rng.next_u64(), n - 1);
        to += usize::from(to >= from);
        let delta = board.move_delta(row, board.queen_conflicts(row), to);
        if delta < 0 {
            misses = 0;
            make_move::<OBSERVED>(board, (row, to, delta), config, counters, moved_rows);
            continue;
        }
        misses += 1;
        if misses == successors {
            if budget - counters.examined < successors {
                return Climb::Ended(Ended::Budget);
            }
            counters.examined += successors;
            if !improvable(board) {
                return Climb::Stuck;
            }
            misses = 0;
        }
    }
}

/// Whether some successor has fewer attacking pairs.
fn improvable(board: &Board) -> bool {
    let n = board.len();
    (0..n).any(|row| {
        let own = board.queen_conflicts(row);
        let from = board.column(row);
        own > 0 && (0..n).any(|to| to != from && board.move_delta(row, own, to) < 0)
    })
}
