//! The construction's events replay to its solution (issue #19): every row assigned, then
//! found; no search counter.

use nqueens_construct::ConstructionSolver;
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
fn the_formula_is_assigned_row_by_row() {
    // Each residue of n mod 6 (the formulas' cases), odd and even.
    for n in [1, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 20] {
        replays(&ConstructionSolver, n, &Config::default());
    }
}
