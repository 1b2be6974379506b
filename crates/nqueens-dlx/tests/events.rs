//! DLX's events replay to its first solution and its counters (issue #19), with and without
//! given queens.

use nqueens_core::{Config, Given};
use nqueens_dlx::DlxSolver;
use nqueens_run::check_events;

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
        check_events(&DlxSolver, n, &Config::default()).unwrap();
    }
    for n in [8, 10] {
        let config = Config {
            given: Some(two_given(n)),
            ..Config::default()
        };
        check_events(&DlxSolver, n, &config).unwrap();
    }
}
