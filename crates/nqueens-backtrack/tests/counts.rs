//! Both backtracking forms against OEIS A000170, the seeds' small cases, and each other.
//! n = 13 and 14 take seconds for the vector board in release mode (the README's test command).

use std::collections::BTreeSet;

use nqueens_backtrack::{BitmaskSolver, VectorSolver};
use nqueens_core::{Config, Error, Operation, Outcome, Solution, Solver, StopFlag, known};

fn all(solver: &dyn Solver, n: usize) -> Vec<Vec<u32>> {
    solver.collect(n, &Config::default()).unwrap().0
}

#[test]
fn counts_match_oeis_up_to_14() {
    for solver in [&VectorSolver as &dyn Solver, &BitmaskSolver] {
        for n in 1..=14 {
            let run = solver.count(n, &Config::default()).unwrap();
            assert!(run.complete);
            assert_eq!(
                Some(run.total),
                known::all_solutions(n),
                "{} n = {n}",
                solver.name()
            );
        }
    }
}

#[test]
fn seeds_small_cases() {
    for solver in [&VectorSolver as &dyn Solver, &BitmaskSolver] {
        assert_eq!(all(solver, 1), vec![vec![0]]);
        assert!(all(solver, 2).is_empty());
        assert!(all(solver, 3).is_empty());
        assert_eq!(all(solver, 4), vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
        assert_eq!(
            all(solver, 6),
            vec![
                vec![1, 3, 5, 0, 2, 4],
                vec![2, 5, 1, 4, 0, 3],
                vec![3, 0, 4, 1, 5, 2],
                vec![4, 2, 0, 5, 3, 1],
            ]
        );
        let eight = all(solver, 8);
        assert_eq!(eight.len(), 92);
        let classes: BTreeSet<Solution> = eight
            .into_iter()
            .map(|c| Solution::from_columns(c).unwrap().canonical())
            .collect();
        assert_eq!(classes.len(), 12);
    }
}

#[test]
fn no_solution_is_proven_for_2_and_3() {
    for solver in [&VectorSolver as &dyn Solver, &BitmaskSolver] {
        for n in [2, 3] {
            let run = solver.first(n, &Config::default()).unwrap();
            assert_eq!(run.outcome, Outcome::NoSolution);
        }
    }
}

#[test]
fn both_forms_list_the_same_solutions_in_lexicographic_order() {
    for n in 1..=10 {
        let vector = all(&VectorSolver, n);
        let bitmask = all(&BitmaskSolver, n);
        assert_eq!(vector, bitmask, "n = {n}");
        assert!(vector.windows(2).all(|w| w[0] < w[1]));
        for columns in vector {
            nqueens_core::validate_size(&columns, n).unwrap();
        }
    }
}

#[test]
fn both_forms_report_the_same_first_search() {
    for n in [1, 4, 8, 12, 20] {
        let vector = VectorSolver.first(n, &Config::default()).unwrap();
        let bitmask = BitmaskSolver.first(n, &Config::default()).unwrap();
        assert_eq!(vector.outcome, bitmask.outcome);
        assert_eq!(vector.stats, bitmask.stats, "n = {n}");
    }
}

#[test]
fn first_solutions_of_large_boards_validate() {
    for n in [25, 30, 32] {
        let run = BitmaskSolver.first(n, &Config::default()).unwrap();
        let Outcome::Found(solution) = run.outcome else {
            panic!("no solution for n = {n}");
        };
        assert_eq!(solution.n(), n);
    }
}

#[test]
fn sizes_outside_the_limits_are_refused() {
    let config = Config::default();
    for solver in [&VectorSolver as &dyn Solver, &BitmaskSolver] {
        assert_eq!(solver.first(0, &config).unwrap_err(), Error::ZeroSize);
        assert_eq!(solver.count(0, &config).unwrap_err(), Error::ZeroSize);
        assert!(matches!(
            solver.count(29, &config),
            Err(Error::TooLarge { limit: 28, .. })
        ));
    }
    let error = BitmaskSolver.first(33, &config).unwrap_err();
    assert_eq!(
        error,
        Error::TooLarge {
            strategy: "bitmask",
            operation: Operation::First,
            n: 33,
            limit: 32
        }
    );
    assert!(error.to_string().contains("up to 32"));
    let with_variant = Config {
        variant: Some("fast".into()),
        ..Config::default()
    };
    assert!(matches!(
        BitmaskSolver.count(8, &with_variant),
        Err(Error::UnknownVariant { .. })
    ));
}

#[test]
fn a_raised_stop_flag_ends_runs_early_and_says_so() {
    let stop = StopFlag::new();
    stop.stop();
    let config = Config {
        stop,
        ..Config::default()
    };
    let count = BitmaskSolver.count(20, &config).unwrap();
    assert!(!count.complete);
    let first = VectorSolver.first(40, &config).unwrap();
    assert_eq!(
        first.outcome,
        Outcome::Stopped(nqueens_core::StopReason::Interrupted)
    );
}

#[test]
fn a_bitmask_count_stops_inside_its_subproblems() {
    // One subproblem of n = 18 (a first and second queen) takes seconds; the stop flag must be
    // seen inside it, not only between subproblems.
    let config = Config::default();
    let stop = config.stop.clone();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        stop.stop();
    });
    let run = BitmaskSolver.count(18, &config).unwrap();
    raiser.join().unwrap();
    assert!(!run.complete);
    assert!(run.total < 666_090_624);
}
