//! The events of both variants replay to their first solution and their counters (issue #19);
//! the scaling variant's restarts empty the board.

use nqueens_core::Config;
use nqueens_run::check_events;
use nqueens_warnsdorff::{FAITHFUL, SCALING, WarnsdorffSolver};

fn variant(name: &str, seed: Option<u64>) -> Config {
    Config {
        variant: Some(name.into()),
        seed,
        ..Config::default()
    }
}

#[test]
fn faithful_replays_its_first_solution() {
    for n in [1, 4, 5, 8, 10, 20, 31] {
        check_events(&WarnsdorffSolver, n, &variant(FAITHFUL, None)).unwrap();
    }
}

#[test]
fn scaling_replays_its_first_solution_across_restarts() {
    let mut restarted = 0;
    for n in [1, 4, 5, 8, 10] {
        for seed in 0..5 {
            check_events(&WarnsdorffSolver, n, &variant(SCALING, Some(seed))).unwrap();
        }
    }
    for n in 11..=80 {
        let run = check_events(&WarnsdorffSolver, n, &variant(SCALING, Some(n as u64)))
            .unwrap()
            .0;
        restarted += u64::from(run.stats.restarts > 0);
    }
    assert!(restarted > 0, "some run restarts");
}
