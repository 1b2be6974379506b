//! The events of both backtracking forms replay to their first solution and their counters
//! (issue #19), with and without given queens.

use std::sync::Arc;

use nqueens_backtrack::{BitmaskSolver, VectorSolver};
use nqueens_core::{Config, Given, Solver};
use nqueens_run::{EventLog, check_events};

/// Two queens of a solution of `n` (8 or 10), which therefore has a completion.
fn two_given(n: usize) -> Given {
    let queens = match n {
        8 => vec![(1, 4), (5, 6)],
        _ => vec![(2, 5), (7, 1)],
    };
    Given::new(queens).unwrap()
}

#[test]
fn both_forms_replay_their_first_solution() {
    for solver in [&VectorSolver as &dyn Solver, &BitmaskSolver] {
        for n in [1, 4, 5, 8, 10, 12] {
            check_events(solver, n, &Config::default()).unwrap();
        }
        for n in [8, 10] {
            let config = Config {
                given: Some(two_given(n)),
                ..Config::default()
            };
            check_events(solver, n, &config).unwrap();
        }
    }
}

#[test]
fn both_forms_report_the_same_steps() {
    let events = |solver: &dyn Solver| {
        let log = Arc::new(EventLog::default());
        let config = Config {
            observer: Some(log.clone()),
            ..Config::default()
        };
        solver.first(8, &config).unwrap();
        log.events()
    };
    assert_eq!(events(&VectorSolver), events(&BitmaskSolver));
}
