//! Breadth-first extension against OEIS A000170, the backtracking tree recounted by plain
//! recursion, and its own memory table. The comparison with the backtrackers' lists, first
//! solutions and node counts is in the root package's `tests/cross_backtrack.rs`.

use nqueens_breadth::BreadthSolver;
use nqueens_core::{Config, Ended, Error, Solver, known, validate_size};

fn all(solver: &dyn Solver, n: usize) -> Vec<Vec<u32>> {
    solver.collect(n, &Config::default()).unwrap().0
}

#[test]
fn counts_match_oeis_and_the_backtracking_tree() {
    for n in 1..=13 {
        let run = BreadthSolver::new().count(n, &Config::default()).unwrap();
        assert!(run.is_complete());
        assert_eq!(Some(run.total), known::all_solutions(n), "n = {n}");
        // The levels together are the complete backtracking tree: a node per valid
        // k-arrangement (k >= 1), a dead end per one with no safe square in its next row.
        let tree = tree(n);
        assert_eq!(run.stats.nodes, tree.sizes[1..].iter().sum(), "n = {n}");
        assert_eq!(run.stats.backtracks, tree.dead_ends, "n = {n}");
    }
}

#[test]
fn lists_valid_solutions_in_lexicographic_order() {
    for n in 1..=10 {
        let breadth = all(&BreadthSolver::new(), n);
        for columns in &breadth {
            validate_size(columns, n).unwrap();
        }
        // Distinct, in increasing order, and as many as there are: every solution, in
        // lexicographic order.
        assert!(breadth.windows(2).all(|w| w[0] < w[1]), "n = {n}");
        assert_eq!(
            Some(breadth.len() as u64),
            known::all_solutions(n),
            "n = {n}"
        );
    }
}

#[test]
fn first_is_the_lexicographic_first_and_small_boards_have_none() {
    for n in 1..=10 {
        let breadth = BreadthSolver::new().first(n, &Config::default()).unwrap();
        let listed = all(&BreadthSolver::new(), n).into_iter().next();
        assert_eq!(
            breadth.solution().map(|s| s.columns().to_vec()),
            listed,
            "n = {n}"
        );
    }
    for n in [2, 3] {
        let run = BreadthSolver::new().first(n, &Config::default()).unwrap();
        assert!(run.proves_none(), "n = {n}");
        assert_eq!(run.ended(), Ended::Exhausted);
    }
}

/// The complete backtracking tree of an `n`-board, by plain recursion.
struct Tree {
    /// The number of valid k-arrangements for each k in 0..=n.
    sizes: Vec<u64>,
    /// Valid k-arrangements (k < n) with no safe square in row k.
    dead_ends: u64,
}

fn tree(n: usize) -> Tree {
    fn walk(n: usize, row: usize, placed: &mut Vec<usize>, tree: &mut Tree) {
        tree.sizes[row] += 1;
        if row == n {
            return;
        }
        let mut children = 0;
        for column in 0..n {
            let safe = placed
                .iter()
                .enumerate()
                .all(|(r, &c)| c != column && row - r != c.abs_diff(column));
            if safe {
                children += 1;
                placed.push(column);
                walk(n, row + 1, placed, tree);
                placed.pop();
            }
        }
        tree.dead_ends += u64::from(children == 0);
    }
    let mut tree = Tree {
        sizes: vec![0; n + 1],
        dead_ends: 0,
    };
    walk(n, 0, &mut Vec::new(), &mut tree);
    tree
}

#[test]
fn memory_table_is_the_largest_stored_level() {
    for n in 1..=12 {
        let largest = tree(n).sizes[..n].iter().copied().max().unwrap();
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
    // n = 16 needs a 1.94 GiB frontier, above the default bound: it is not declared at all
    // (the refusal with its reason is tested below on a smaller bound).
    assert_eq!(BreadthSolver::frontier_bytes(16), Some(260_303_408 * 8));
    for n in [16, 17] {
        assert!(matches!(
            solver.count(n, &Config::default()),
            Err(Error::TooLarge { limit: 15, .. })
        ));
        assert!(matches!(
            solver.first(n, &Config::default()),
            Err(Error::TooLarge { limit: 15, .. })
        ));
    }
    match BreadthSolver::with_memory_limit(1 << 20).count(13, &Config::default()) {
        Err(error @ Error::MemoryLimit { strategy, n, .. }) => {
            let reason = error.to_string();
            assert_eq!((strategy, n), ("breadth", 13));
            assert!(reason.contains("1151778 arrangements"), "{reason}");
            // The sizes, in the workspace's byte format.
            assert!(
                reason.contains("8.79 MiB at 8 bytes each, above the memory limit of 1 MiB"),
                "{reason}"
            );
        }
        other => panic!("{other:?}"),
    }
    let small = BreadthSolver::with_memory_limit(8 << 10);
    assert!(matches!(
        small.first(9, &Config::default()),
        Err(Error::MemoryLimit { .. })
    ));
    // The run's bound overrides the solver's.
    let bounded = Config {
        memory_limit: Some(8 << 10),
        ..Config::default()
    };
    assert!(matches!(
        BreadthSolver::new().count(9, &bounded),
        Err(Error::MemoryLimit { .. })
    ));
    assert_eq!(small.count(8, &Config::default()).unwrap().total, 92);
}
