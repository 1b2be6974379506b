//! Oracles across strategy crates: the lexicographic strategies (permutation filtering,
//! breadth-first extension) against the backtrackers, which list the same solutions in the same
//! order, find the same first solution and, for breadth-first extension, walk the same tree.
//!
//! These live in the root package so that strategy crates do not depend on one another; each
//! crate checks itself against the OEIS tables of `nqueens_core::known`.

use nqueens::backtrack::{BitmaskSolver, VectorSolver};
use nqueens::breadth::BreadthSolver;
use nqueens::core::{Config, Ended, Solver};
use nqueens::permute::PermutationSolver;

/// Every solution of `n`, in the order `solver` lists them; the listing must be whole.
fn all(solver: &dyn Solver, n: usize) -> Vec<Vec<u32>> {
    let (solutions, run) = solver.collect(n, &Config::default()).unwrap();
    assert_eq!(run.ended, Ended::Exhausted, "{} n = {n}", solver.name());
    solutions
}

/// Asserts that `solver` finds the same first solution as the bitmask backtracker, and ends
/// the same way (found, or proved that none exists).
fn same_first_as_bitmask(solver: &dyn Solver, n: usize) {
    let run = solver.first(n, &Config::default()).unwrap();
    let bitmask = BitmaskSolver.first(n, &Config::default()).unwrap();
    assert_eq!(
        run.solution(),
        bitmask.solution(),
        "{} n = {n}",
        solver.name()
    );
    assert_eq!(run.ended(), bitmask.ended(), "{} n = {n}", solver.name());
}

#[test]
fn permutation_lists_equal_backtracking_lists_in_order() {
    for n in 1..=8 {
        assert_eq!(
            all(&PermutationSolver, n),
            all(&BitmaskSolver, n),
            "n = {n}"
        );
    }
}

#[test]
fn permutation_first_solutions_are_the_backtrackers_first() {
    for n in 1..=12 {
        same_first_as_bitmask(&PermutationSolver, n);
    }
}

#[test]
fn breadth_levels_are_the_backtracking_tree() {
    for n in 1..=13 {
        let breadth = BreadthSolver::new().count(n, &Config::default()).unwrap();
        let vector = VectorSolver.count(n, &Config::default()).unwrap();
        assert_eq!(breadth.total, vector.total, "n = {n}");
        assert_eq!(breadth.stats.nodes, vector.stats.nodes, "n = {n}");
        assert_eq!(breadth.stats.backtracks, vector.stats.backtracks, "n = {n}");
    }
}

#[test]
fn breadth_lists_equal_backtracking_lists_in_order() {
    for n in 1..=10 {
        assert_eq!(
            all(&BreadthSolver::new(), n),
            all(&BitmaskSolver, n),
            "n = {n}"
        );
    }
}

#[test]
fn breadth_first_solutions_are_the_backtrackers_first() {
    for n in 1..=14 {
        same_first_as_bitmask(&BreadthSolver::new(), n);
    }
}
