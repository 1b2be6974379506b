//! The CP model against OEIS A000170 and the validator, for both variants.

use std::collections::BTreeSet;

use nqueens_core::{Config, Ended, Solver, known, validate_size};
use nqueens_cp::CpSolver;

fn config(variant: &str) -> Config {
    Config {
        variant: Some(variant.into()),
        ..Config::default()
    }
}

const VARIANTS: [&str; 2] = ["autonomous", "first-fail"];

#[test]
fn counts_match_oeis() {
    // Every solution costs a solver call: n = 8 is quick in debug mode too.
    for variant in VARIANTS {
        for n in 1..=8 {
            let run = CpSolver.count(n, &config(variant)).unwrap();
            assert!(run.is_complete(), "{variant} n = {n}");
            assert_eq!(
                Some(run.total),
                known::all_solutions(n),
                "{variant} n = {n}"
            );
            assert!(
                n < 4 || run.stats.nodes > 0,
                "{variant} n = {n}: no decisions"
            );
        }
    }
}

#[test]
fn listed_solutions_are_distinct_and_valid() {
    for variant in VARIANTS {
        for n in [4, 5, 6, 7] {
            let (all, run) = CpSolver.collect(n, &config(variant)).unwrap();
            assert_eq!(run.ended, Ended::Exhausted);
            assert!(all.iter().all(|c| validate_size(c, n).is_ok()));
            let distinct: BTreeSet<_> = all.iter().collect();
            assert_eq!(distinct.len(), all.len(), "{variant} n = {n}");
            assert_eq!(Some(all.len() as u64), known::all_solutions(n));
        }
    }
}

#[test]
fn no_solution_is_proven_for_2_and_3() {
    for variant in VARIANTS {
        for n in [2, 3] {
            assert!(CpSolver.first(n, &config(variant)).unwrap().proves_none());
        }
    }
}

#[test]
fn first_solutions_validate() {
    for variant in VARIANTS {
        for n in [1, 4, 8, 20, 40] {
            let run = CpSolver.first(n, &config(variant)).unwrap();
            let solution = run.solution().expect("a solution exists");
            assert!(
                validate_size(solution.columns(), n).is_ok(),
                "{variant} n = {n}"
            );
            assert_eq!(run.ended(), Ended::Satisfied);
        }
    }
}

#[test]
fn a_spent_budget_or_a_raised_flag_ends_the_run() {
    for variant in VARIANTS {
        let budget = Config {
            budget: Some(3),
            ..config(variant)
        };
        let run = CpSolver.count(8, &budget).unwrap();
        assert_eq!(run.ended, Ended::Budget, "{variant}");
        assert!(run.stats.nodes <= 3 && run.total < 92);
        let stopped = config(variant);
        stopped.stop.stop();
        let run = CpSolver.count(8, &stopped).unwrap();
        assert_eq!(run.ended, Ended::Interrupted, "{variant}");
    }
}
