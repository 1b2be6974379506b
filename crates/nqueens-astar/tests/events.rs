//! The events of the three formulations replay to their first solution and their counters
//! (issue #19): each expansion drawn as its parent plus its step.

use nqueens_astar::{AStarSolver, ROW, SQUARE, SWAP};
use nqueens_core::Config;
use nqueens_run::check_events;

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
        check_events(&AStarSolver::new(), n, &variant(ROW, 0)).unwrap();
        check_events(&AStarSolver::new(), n, &variant(SQUARE, 0)).unwrap();
    }
}

#[test]
fn swap_assigns_its_start_and_replays_its_swaps() {
    let mut moved = 0;
    for n in [1, 4, 5, 8, 10, 16] {
        for seed in 0..4 {
            let run = check_events(&AStarSolver::new(), n, &variant(SWAP, seed))
                .unwrap()
                .0;
            moved += run.stats.moves;
        }
    }
    assert!(moved > 0);
}
