//! Dancing links against OEIS A000170 and the validator.

use std::collections::BTreeSet;

use nqueens_core::{Config, Ended, Solver, known, validate_size};
use nqueens_dlx::DlxSolver;

#[test]
fn counts_match_oeis() {
    // n = 12 visits about 860,000 nodes; fine in debug mode too.
    for n in 1..=12 {
        let run = DlxSolver.count(n, &Config::default()).unwrap();
        assert!(run.is_complete(), "n = {n}");
        assert_eq!(Some(run.total), known::all_solutions(n), "n = {n}");
    }
}

#[test]
fn listed_solutions_are_distinct_and_valid() {
    for n in 1..=9 {
        let (all, run) = DlxSolver.collect(n, &Config::default()).unwrap();
        assert_eq!(run.ended, Ended::Exhausted);
        assert!(all.iter().all(|c| validate_size(c, n).is_ok()), "n = {n}");
        let distinct: BTreeSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), all.len(), "n = {n}");
        assert_eq!(Some(all.len() as u64), known::all_solutions(n), "n = {n}");
    }
}

#[test]
fn no_solution_is_proven_for_2_and_3() {
    for n in [2, 3] {
        let run = DlxSolver.first(n, &Config::default()).unwrap();
        assert!(run.proves_none(), "n = {n}");
    }
}

#[test]
fn first_solutions_validate_on_large_boards() {
    for n in [4, 5, 8, 16, 31, 33, 36] {
        let run = DlxSolver.first(n, &Config::default()).unwrap();
        let solution = run.solution().expect("MRV finds one");
        assert!(validate_size(solution.columns(), n).is_ok(), "n = {n}");
        assert_eq!(run.ended(), Ended::Satisfied);
        assert!(run.stats.nodes >= n as u64);
    }
}

#[test]
fn a_raised_flag_stops_a_count() {
    let config = Config::default();
    config.stop.stop();
    let run = DlxSolver.count(13, &config).unwrap();
    assert_eq!(run.ended, Ended::Interrupted);
    assert!(run.total < 73_712);
}
