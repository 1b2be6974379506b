//! The permutation walk's events replay to its first solution (issue #19): each permutation
//! examined is drawn by assigning the rows the step rewrote; no search counter.

use nqueens_core::{Config, FirstRun, Solver, check_events};
use nqueens_permute::PermutationSolver;

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
fn each_permutation_is_drawn() {
    for n in [1, 4, 5, 6, 8, 9] {
        replays(&PermutationSolver, n, &Config::default());
    }
}
