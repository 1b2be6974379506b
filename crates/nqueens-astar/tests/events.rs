//! The events of the three formulations replay to their first solution and their counters
//! (issue #19): each expansion drawn as its parent plus its step.

use nqueens_astar::{AStarSolver, ROW, SQUARE, SWAP};
use nqueens_core::{Config, FirstRun, Solver, check_events};

/// Runs `first` watched and unwatched with `config`; checks that the events replay to the
/// solution (the last event is `Found`, the only one) and add up to the run's counters, and
/// that watching changed neither the solution nor the counters. Returns the watched run.
fn replays(solver: &dyn Solver, n: usize, config: &Config) -> FirstRun {
    let what = format!(
        "{} {:?} n = {n} seed {:?}",
        solver.name(),
        config.variant,
        config.seed
    );
    let (run, _) =
        check_events(solver, n, config).unwrap_or_else(|error| panic!("{what}: {error}"));
    run
}

fn variant(name: &str, seed: u64) -> Config {
    Config {
        variant: Some(name.into()),
        seed: Some(seed),
        ..Config::default()
    }
}

#[test]
fn row_and_square_draw_each_expanded_state() {
    for n in [1, 4, 5, 6, 8, 10] {
        replays(&AStarSolver::new(), n, &variant(ROW, 0));
        replays(&AStarSolver::new(), n, &variant(SQUARE, 0));
    }
}

#[test]
fn swap_assigns_its_start_and_replays_its_swaps() {
    let mut moved = 0;
    for n in [1, 4, 5, 8, 10, 16] {
        for seed in 0..4 {
            let run = replays(&AStarSolver::new(), n, &variant(SWAP, seed));
            moved += run.stats.moves;
        }
    }
    assert!(moved > 0);
}
