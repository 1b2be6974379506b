//! The construction's events replay to its solution (issue #19): every row assigned, then
//! found; no search counter.

use std::sync::Arc;

use nqueens_construct::ConstructionSolver;
use nqueens_core::{Config, EventLog, FirstRun, Replay, Solver};

/// Runs `first` watched and unwatched with `config`; checks that the events replay to the
/// solution (the last event is `Found`, the only one) and add up to the run's counters, and
/// that watching changed neither the solution nor the counters. Returns the watched run.
fn replays(solver: &dyn Solver, n: usize, config: &Config) -> FirstRun {
    let log = Arc::new(EventLog::default());
    let watched = Config {
        observer: Some(log.clone()),
        ..config.clone()
    };
    let run = solver.first(n, &watched).unwrap();
    let what = format!(
        "{} {:?} n = {n} seed {:?}",
        solver.name(),
        config.variant,
        config.seed
    );
    Replay::check_first(n, config.given.as_ref(), &run, &log.events())
        .unwrap_or_else(|error| panic!("{what}: {error}"));
    let quiet = solver.first(n, config).unwrap();
    assert_eq!(quiet.solution, run.solution, "{what}: unwatched");
    assert_eq!(quiet.stats, run.stats, "{what}: unwatched");
    run
}

#[test]
fn the_formula_is_assigned_row_by_row() {
    // Each residue of n mod 6 (the formulas' cases), odd and even.
    for n in [1, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 20] {
        replays(&ConstructionSolver, n, &Config::default());
    }
}
