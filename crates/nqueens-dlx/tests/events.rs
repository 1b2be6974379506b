//! DLX's events replay to its first solution and its counters (issue #19), with and without
//! given queens.

use nqueens_core::{Config, FirstRun, Given, Solver, check_events};
use nqueens_dlx::DlxSolver;

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

/// Two queens of a solution of `n` (8 or 10), which therefore has a completion.
fn two_given(n: usize) -> Given {
    let queens = match n {
        8 => vec![(1, 4), (5, 6)],
        _ => vec![(2, 5), (7, 1)],
    };
    Given::new(queens).unwrap()
}

#[test]
fn options_chosen_and_taken_back_replay_the_search() {
    for n in [1, 4, 5, 6, 8, 10, 12] {
        replays(&DlxSolver, n, &Config::default());
    }
    for n in [8, 10] {
        let config = Config {
            given: Some(two_given(n)),
            ..Config::default()
        };
        replays(&DlxSolver, n, &config);
    }
}
