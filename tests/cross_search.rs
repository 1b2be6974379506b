//! Oracles across strategy crates for the guided searches: Warnsdorff's faithful variant walks
//! the bitmask counter's tree and lists its solutions, and A*'s `row` formulation is
//! lexicographic backtracking under another name.
//!
//! These live in the root package so that strategy crates do not depend on one another; each
//! crate checks itself against the OEIS tables of `nqueens_core::known` and its own node counts.

use std::collections::BTreeSet;

use nqueens::astar::{AStarSolver, ROW};
use nqueens::backtrack::BitmaskSolver;
use nqueens::core::{Config, Ended, Solver};
use nqueens::warnsdorff::{FAITHFUL, WarnsdorffSolver};

fn variant(name: &str) -> Config {
    Config {
        variant: Some(name.into()),
        ..Config::default()
    }
}

/// Every solution `solver` lists for `n`; the listing must be whole.
fn listed(solver: &dyn Solver, n: usize) -> Vec<Vec<u32>> {
    let (solutions, run) = solver.collect(n, &Config::default()).unwrap();
    assert_eq!(run.ended, Ended::Exhausted, "{} n = {n}", solver.name());
    solutions
}

#[test]
fn warnsdorff_counts_visit_the_bitmask_counters_nodes() {
    // Same tree (the left half of row 0, mirror images added), another order: the same nodes
    // and dead ends.
    // The bitmask counter keeps its statistics only when asked.
    let config = Config {
        stats: true,
        ..Config::default()
    };
    for n in 1..=12 {
        let ours = WarnsdorffSolver.count(n, &config).unwrap();
        let bitmask = BitmaskSolver.count(n, &config).unwrap();
        assert_eq!(ours.total, bitmask.total, "n = {n}");
        assert_eq!(ours.stats.nodes, bitmask.stats.nodes, "n = {n}");
        assert_eq!(ours.stats.backtracks, bitmask.stats.backtracks, "n = {n}");
    }
}

#[test]
fn warnsdorff_lists_the_bitmask_strategys_solutions_once_each() {
    for n in 1..=8 {
        let ours = listed(&WarnsdorffSolver, n);
        let set: BTreeSet<Vec<u32>> = ours.iter().cloned().collect();
        assert_eq!(set.len(), ours.len(), "n = {n}: a solution listed twice");
        let theirs: BTreeSet<Vec<u32>> = listed(&BitmaskSolver, n).into_iter().collect();
        assert_eq!(set, theirs, "n = {n}");
    }
}

#[test]
fn faithful_first_solutions_beside_lexicographic_backtracking() {
    // The table of nqueens-warnsdorff's documentation, n = 8..=20: the faithful variant's
    // nodes, then the bitmask strategy's.
    let faithful = [34, 12, 86, 64, 25, 158, 454, 52, 37, 183, 151, 527, 111];
    let bitmask = [
        113, 41, 102, 52, 261, 111, 1899, 1359, 10052, 5374, 41299, 2545, 199635,
    ];
    for (i, n) in (8..=20).enumerate() {
        let ours = WarnsdorffSolver.first(n, &variant(FAITHFUL)).unwrap();
        let theirs = BitmaskSolver.first(n, &Config::default()).unwrap();
        assert_eq!(ours.ended(), Ended::Satisfied, "n = {n}");
        assert_eq!(theirs.ended(), Ended::Satisfied, "n = {n}");
        assert_eq!(
            (ours.stats.nodes, theirs.stats.nodes),
            (faithful[i], bitmask[i]),
            "n = {n}"
        );
    }
}

#[test]
fn astar_row_is_lexicographic_backtracking() {
    for n in 1..=20 {
        let astar = AStarSolver::new().first(n, &variant(ROW)).unwrap();
        let backtrack = BitmaskSolver.first(n, &Config::default()).unwrap();
        assert_eq!(astar.solution(), backtrack.solution(), "n = {n}");
        assert_eq!(astar.ended(), backtrack.ended(), "n = {n}");
        // One expansion per placed queen (the empty board is no node).
        assert_eq!(astar.stats.nodes, backtrack.stats.nodes, "n = {n}");
    }
}
