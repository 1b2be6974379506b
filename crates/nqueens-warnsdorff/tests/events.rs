//! The events of both variants replay to their first solution and their counters (issue #19);
//! the scaling variant's restarts empty the board.

use nqueens_core::{Config, FirstRun, Solver, check_events};
use nqueens_warnsdorff::{FAITHFUL, SCALING, WarnsdorffSolver};

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
        replays(&WarnsdorffSolver, n, &variant(FAITHFUL, None));
    }
}

#[test]
fn scaling_replays_its_first_solution_across_restarts() {
    let mut restarted = 0;
    for n in [1, 4, 5, 8, 10] {
        for seed in 0..5 {
            replays(&WarnsdorffSolver, n, &variant(SCALING, Some(seed)));
        }
    }
    for n in 11..=80 {
        let run = replays(&WarnsdorffSolver, n, &variant(SCALING, Some(n as u64)));
        restarted += u64::from(run.stats.restarts > 0);
    }
    assert!(restarted > 0, "some run restarts");
}
