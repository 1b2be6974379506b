//! The SAT solver's events replay to its answer and its conflicts (issue #19): each conflict a dead
//! end, the answer assigned, then found.

use nqueens_core::{Config, Given};
use nqueens_run::check_events;
use nqueens_sat::SatSolver;

/// Two queens of a solution of `n` (8 or 10), which therefore has a completion.
fn two_given(n: usize) -> Given {
    let queens = match n {
        8 => vec![(1, 4), (5, 6)],
        _ => vec![(2, 5), (7, 1)],
    };
    Given::new(queens).unwrap()
}

#[test]
fn every_encoding_replays_its_answer_and_its_conflicts() {
    let mut conflicts = 0;
    for variant in ["pairwise", "ladder", "bitwise", "commander", "bimander"] {
        let config = Config {
            variant: Some(variant.into()),
            ..Config::default()
        };
        for n in [1, 4, 8, 16, 24] {
            conflicts += check_events(&SatSolver, n, &config)
                .unwrap()
                .0
                .stats
                .backtracks;
        }
        for n in [8, 10] {
            let given = Config {
                given: Some(two_given(n)),
                ..config.clone()
            };
            check_events(&SatSolver, n, &given).unwrap();
        }
    }
    assert!(conflicts > 0, "some run has conflicts to show");
}
