//! Breadth-first extension against OEIS A000170, backtracking, and its own memory table.

use std::ops::ControlFlow;

use nqueens_backtrack::{BitmaskSolver, VectorSolver};
use nqueens_breadth::BreadthSolver;
use nqueens_core::{Config, Error, Outcome, Solver, StopFlag, VisitEnd, known, validate_size};

fn all(solver: &dyn Solver, n: usize) -> Vec<Vec<u32>> {
    solver.collect(n, &Config::default()).unwrap().0
}

#[test]
fn counts_match_oeis_and_backtracking_nodes() {
    for n in 1..=13 {
        let run = BreadthSolver::new().count(n, &Config::default()).unwrap();
        assert!(run.complete);
        assert_eq!(Some(run.total), known::all_solutions(n), "n = {n}");
        // The levels together are the complete backtracking tree.
        let vector = VectorSolver.count(n, &Config::default()).unwrap();
        assert_eq!(run.stats.nodes, vector.stats.nodes, "n = {n}");
        assert_eq!(run.stats.backtracks, vector.stats.backtracks, "n = {n}");
    }
}

#[test]
fn lists_valid_solutions_in_lexicographic_order() {
    for n in 1..=10 {
        let breadth = all(&BreadthSolver::new(), n);
        for columns in &breadth {
            validate_size(columns, n).unwrap();
        }
        assert_eq!(breadth, all(&BitmaskSolver, n), "n = {n}");
    }
}

#[test]
fn first_is_the_lexicographic_first_and_small_boards_have_none() {
    for n in 1..=14 {
        let breadth = BreadthSolver::new().first(n, &Config::default()).unwrap();
        let bitmask = BitmaskSolver.first(n, &Config::default()).unwrap();
        assert_eq!(breadth.outcome, bitmask.outcome, "n = {n}");
    }
    for n in [2, 3] {
        let run = BreadthSolver::new().first(n, &Config::default()).unwrap();
        assert_eq!(run.outcome, Outcome::NoSolution);
    }
}

/// The number of valid k-arrangements for each k, by plain recursion.
fn level_sizes(n: usize) -> Vec<u64> {
    fn walk(n: usize, row: usize, placed: &mut Vec<usize>, sizes: &mut [u64]) {
        sizes[row] += 1;
        if row == n {
            return;
        }
        for column in 0..n {
            let safe = placed
                .iter()
                .enumerate()
                .all(|(r, &c)| c != column && row - r != c.abs_diff(column));
            if safe {
                placed.push(column);
                walk(n, row + 1, placed, sizes);
                placed.pop();
            }
        }
    }
    let mut sizes = vec![0; n + 1];
    walk(n, 0, &mut Vec::new(), &mut sizes);
    sizes
}

#[test]
fn memory_table_is_the_largest_stored_level() {
    for n in 1..=12 {
        let largest = level_sizes(n)[..n].iter().copied().max().unwrap();
        assert_eq!(
            BreadthSolver::frontier_bytes(n),
            Some(largest * 8),
            "n = {n}"
        );
        let run = BreadthSolver::new().count(n, &Config::default()).unwrap();
        assert_eq!(run.stats.peak_bytes, largest * 8, "n = {n}");
    }
    assert_eq!(BreadthSolver::frontier_bytes(17), None);
}

#[test]
fn sizes_beyond_the_bounds_are_refused_with_typed_errors() {
    let solver = BreadthSolver::new();
    match solver.count(16, &Config::default()) {
        Err(Error::Refused {
            strategy,
            n,
            reason,
        }) => {
            assert_eq!((strategy, n), ("breadth", 16));
            assert!(reason.contains("260303408 arrangements"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        solver.first(17, &Config::default()),
        Err(Error::TooLarge { limit: 16, .. })
    ));
    let small = BreadthSolver::with_memory_limit(8 << 10);
    assert!(matches!(
        small.first(9, &Config::default()),
        Err(Error::Refused { .. })
    ));
    assert_eq!(small.count(8, &Config::default()).unwrap().total, 92);
}

#[test]
fn the_stop_flag_and_the_visitor_end_runs() {
    let stop = StopFlag::new();
    stop.stop();
    let config = Config {
        stop,
        ..Config::default()
    };
    let run = BreadthSolver::new().count(12, &config).unwrap();
    assert!(!run.complete);
    let mut seen = 0;
    let visit = BreadthSolver::new()
        .visit(12, &Config::default(), &mut |_| {
            seen += 1;
            if seen == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
    assert_eq!((seen, visit.end), (3, VisitEnd::Broken));
}
