//! Breadth-first search's events replay to its first solution and its counters (issue #19).

use nqueens_breadth::BreadthSolver;
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

#[test]
fn each_arrangement_is_shown_as_it_is_extended() {
    for n in [1, 4, 5, 6, 8, 9] {
        replays(&BreadthSolver::new(), n, &Config::default());
    }
}
