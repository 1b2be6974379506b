//! The permutation filter against OEIS A000170: the known counts, lists in lexicographic order,
//! first solutions at their known ranks; every permutation examined; its limits, budget and
//! stop flag honoured. The largest walk here is 11! (40 million permutations). The comparison
//! with the backtrackers' lists and first solutions is in the root package's
//! `tests/cross_backtrack.rs`.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use nqueens_core::{Config, Ended, Error, Event, Observer, Operation, Solver, StopFlag, known};
use nqueens_permute::{MAX_COMPLETE, MAX_FIRST, PermutationSolver};

fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
}

fn all(solver: &dyn Solver, n: usize) -> Vec<Vec<u32>> {
    let (solutions, run) = solver.collect(n, &Config::default()).unwrap();
    assert_eq!(run.ended, Ended::Exhausted);
    solutions
}

#[test]
fn counts_match_oeis_and_examine_every_permutation() {
    for n in 1..=11 {
        let run = PermutationSolver.count(n, &Config::default()).unwrap();
        assert!(run.is_complete());
        assert_eq!(Some(run.total), known::all_solutions(n), "n = {n}");
        assert_eq!(run.stats.examined, factorial(n), "n = {n}");
        assert_eq!((run.stats.nodes, run.stats.backtracks), (0, 0));
    }
}

#[test]
fn lists_are_every_solution_in_lexicographic_order() {
    for n in 1..=8 {
        let list = all(&PermutationSolver, n);
        assert_eq!(Some(list.len() as u64), known::all_solutions(n), "n = {n}");
        assert!(list.windows(2).all(|w| w[0] < w[1]), "n = {n}");
        for columns in &list {
            nqueens_core::validate_size(columns, n).unwrap();
        }
    }
    assert_eq!(
        all(&PermutationSolver, 6),
        vec![
            vec![1, 3, 5, 0, 2, 4],
            vec![2, 5, 1, 4, 0, 3],
            vec![3, 0, 4, 1, 5, 2],
            vec![4, 2, 0, 5, 3, 1],
        ]
    );
}

#[test]
fn a_listing_examines_every_permutation() {
    let run = PermutationSolver
        .visit(9, &Config::default(), &mut |_| ControlFlow::Continue(()))
        .unwrap();
    assert_eq!(run.ended, Ended::Exhausted);
    assert_eq!(run.stats.examined, factorial(9));
}

#[test]
fn first_solutions_are_the_lexicographically_first() {
    for n in 1..=8 {
        let run = PermutationSolver.first(n, &Config::default()).unwrap();
        let listed = all(&PermutationSolver, n).into_iter().next();
        assert_eq!(
            run.solution().map(|s| s.columns().to_vec()),
            listed,
            "n = {n}"
        );
    }
    // Where the first solution lies in lexicographic order (its rank + 1), and n! for the sizes
    // with none, which the whole walk proves.
    for (n, examined) in [
        (1, 1),
        (2, 2),
        (3, 6),
        (4, 11),
        (6, 187),
        (8, 2843),
        (12, 4_545_700),
    ] {
        let run = PermutationSolver.first(n, &Config::default()).unwrap();
        assert_eq!(run.stats.examined, examined, "n = {n}");
    }
    for n in [2, 3] {
        let run = PermutationSolver.first(n, &Config::default()).unwrap();
        assert!(run.proves_none(), "n = {n}");
    }
}

#[test]
fn sizes_above_the_limits_are_refused_with_the_limit_named() {
    let config = Config::default();
    let error = PermutationSolver.count(14, &config).unwrap_err();
    assert_eq!(
        error,
        Error::TooLarge {
            strategy: "permutation",
            operation: Operation::Count,
            n: 14,
            limit: 13
        }
    );
    assert!(error.to_string().contains("up to 13"));
    assert!(matches!(
        PermutationSolver.visit(14, &config, &mut |_| ControlFlow::Continue(())),
        Err(Error::TooLarge { limit: 13, .. })
    ));
    assert!(matches!(
        PermutationSolver.first(16, &config),
        Err(Error::TooLarge { limit: 15, .. })
    ));
    assert_eq!((MAX_COMPLETE, MAX_FIRST), (13, 15));
}

#[test]
fn a_raised_stop_flag_is_seen_within_one_poll_interval() {
    let stop = StopFlag::new();
    stop.stop();
    let config = Config {
        stop,
        ..Config::default()
    };
    let count = PermutationSolver.count(13, &config).unwrap();
    assert_eq!(count.ended, Ended::Interrupted);
    assert!(count.stats.examined <= 1 << 14);
    let first = PermutationSolver.first(15, &config).unwrap();
    assert_eq!(first.ended(), Ended::Interrupted);
    assert!(first.solution().is_none() && first.stats.examined <= 1 << 14);
    let list = PermutationSolver
        .visit(13, &config, &mut |_| ControlFlow::Continue(()))
        .unwrap();
    assert_eq!(list.ended, Ended::Interrupted);
    assert!(list.stats.examined <= 1 << 14);
}

#[test]
fn a_stop_raised_during_a_listing_ends_it_soon() {
    let stop = StopFlag::new();
    let config = Config {
        stop: stop.clone(),
        ..Config::default()
    };
    let mut seen = 0;
    let run = PermutationSolver
        .visit(11, &config, &mut |_| {
            seen += 1;
            stop.stop();
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(run.ended, Ended::Interrupted);
    // The first solution of n = 11 is permutation 462,121; the flag is polled every 2^14.
    assert!(seen < 100 && run.stats.examined <= 462_121 + (1 << 14));
}

#[test]
fn the_budget_caps_a_first_search_exactly() {
    let budgeted = |budget| Config {
        budget: Some(budget),
        ..Config::default()
    };
    for budget in [0, 1, 1000, 2842] {
        let run = PermutationSolver.first(8, &budgeted(budget)).unwrap();
        assert_eq!(run.ended(), Ended::Budget);
        assert!(run.solution().is_none());
        assert_eq!(run.stats.examined, budget);
    }
    let run = PermutationSolver.first(8, &budgeted(2843)).unwrap();
    assert_eq!(run.ended(), Ended::Satisfied);
    assert!(run.solution().is_some());
}

/// Counts the progress events of a run.
#[derive(Default)]
struct Tally {
    total: AtomicU64,
    done: AtomicU64,
}

impl Observer for Tally {
    fn observe(&self, event: Event) {
        match event {
            Event::Started { subproblems } => self.total.store(subproblems, Ordering::Relaxed),
            Event::SubproblemDone => {
                self.done.fetch_add(1, Ordering::Relaxed);
            }
            other => panic!("the walk reports progress only, not {other:?}"),
        }
    }
}

#[test]
fn progress_counts_the_first_rows_columns() {
    for n in [1, 2, 7] {
        let tally = Arc::new(Tally::default());
        let config = Config {
            observer: Some(tally.clone()),
            ..Config::default()
        };
        PermutationSolver.count(n, &config).unwrap();
        assert_eq!(tally.total.load(Ordering::Relaxed), n as u64);
        assert_eq!(tally.done.load(Ordering::Relaxed), n as u64);
    }
}
