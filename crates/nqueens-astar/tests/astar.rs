//! The three formulations find valid solutions, prove n = 2 and 3 empty, expand the documented
//! nodes, replay by seed, stop on their node and memory bounds, and declare their limits.
//!
//! What every strategy must do (n = 0, sizes above a variant's limit, unknown variants,
//! unsupported operations, the stop flag, budgets) is checked once for all by the workspace's
//! `tests/conformance.rs`; `row` against lexicographic backtracking is in
//! `tests/cross_search.rs`.

use nqueens_astar::{AStarSolver, ROW, ROW_MAX_N, SQUARE, SQUARE_MAX_N, SWAP, SWAP_MAX_N};
use nqueens_core::{Config, Ended, Limit, Solver, Strategy, validate_size};

fn config(variant: &str, seed: u64) -> Config {
    Config {
        variant: Some(variant.into()),
        seed: Some(seed),
        ..Config::default()
    }
}

#[test]
fn every_variant_finds_valid_solutions() {
    let ranges = [(SWAP, 1..=40), (ROW, 1..=24), (SQUARE, 1..=13)];
    for (variant, sizes) in ranges {
        for n in sizes.filter(|&n| n != 2 && n != 3) {
            for seed in 0..3 {
                let run = AStarSolver::new().first(n, &config(variant, seed)).unwrap();
                match run.solution() {
                    Some(solution) => validate_size(solution.columns(), n).unwrap(),
                    None => panic!("{variant} n = {n}: {:?}", run.ended()),
                }
                assert_eq!(run.ended(), Ended::Satisfied);
                // The start is no node, and a `swap` start may already be a solution.
                assert!(run.stats.nodes >= 1 || variant == SWAP);
                assert!(run.stats.peak_bytes <= AStarSolver::DEFAULT_MEMORY_LIMIT);
            }
        }
    }
}

#[test]
fn every_variant_proves_two_and_three_empty() {
    for variant in [SWAP, ROW, SQUARE] {
        for n in [2, 3] {
            let run = AStarSolver::new().first(n, &config(variant, 1)).unwrap();
            assert!(run.proves_none(), "{variant}: {run:?}");
        }
    }
}

#[test]
fn row_expands_one_node_per_queen_placed_by_backtracking() {
    // Lexicographic backtracking's nodes for n = 4..=20 (the empty board is no node;
    // `tests/cross_search.rs` compares them with the bitmask strategy's).
    let nodes = [
        8, 5, 31, 9, 113, 41, 102, 52, 261, 111, 1899, 1359, 10052, 5374, 41299, 2545, 199635,
    ];
    for (n, expected) in (4..=20).zip(nodes) {
        let run = AStarSolver::new().first(n, &config(ROW, 0)).unwrap();
        assert_eq!(run.stats.nodes, expected, "n = {n}");
    }
    let eight = AStarSolver::new().first(8, &config(ROW, 0)).unwrap();
    assert_eq!(
        eight.into_solution(),
        Some("0 4 7 5 2 6 1 3".parse().unwrap())
    );
}

#[test]
fn swap_is_seeded_and_reports_its_seed() {
    let solver = AStarSolver::new();
    let a = solver.first(30, &config(SWAP, 42)).unwrap();
    let b = solver.first(30, &config(SWAP, 42)).unwrap();
    assert_eq!(a.seed, Some(42));
    assert_eq!(a.solution(), b.solution());
    assert_eq!(a.stats, b.stats);
    assert!(a.stats.moves >= 1 && a.stats.initial_conflicts >= 2);
    let fresh = solver.first(8, &Config::default()).unwrap();
    assert!(fresh.seed.is_some());
    let row = solver.first(8, &config(ROW, 42)).unwrap();
    assert_eq!(row.seed, None);
}

#[test]
fn node_and_memory_bounds_end_runs_as_budget() {
    let by_nodes = Config {
        budget: Some(50),
        ..config(SQUARE, 0)
    };
    let run = AStarSolver::new().first(14, &by_nodes).unwrap();
    assert_eq!((run.solution(), run.ended()), (None, Ended::Budget));
    assert_eq!(run.stats.nodes, 50);

    for (variant, limit) in [(SWAP, SWAP_MAX_N), (ROW, ROW_MAX_N), (SQUARE, SQUARE_MAX_N)] {
        let bound = 256 << 10;
        let run = AStarSolver::with_memory_limit(bound)
            .first(14.min(limit), &config(variant, 0))
            .unwrap();
        if variant == SQUARE {
            assert_eq!((run.solution(), run.ended()), (None, Ended::Budget));
        }
        assert!(run.stats.peak_bytes <= bound, "{variant}");
    }
    let tiny = AStarSolver::with_memory_limit(0)
        .first(8, &config(ROW, 0))
        .unwrap();
    assert_eq!((tiny.solution(), tiny.ended()), (None, Ended::Budget));
}

#[test]
fn each_variant_declares_its_own_limit() {
    let caps = AStarSolver::new().capabilities();
    // `swap` first: it runs when no variant is named.
    assert_eq!(caps.variant_names(), [SWAP, ROW, SQUARE]);
    for (name, limit) in [(SWAP, SWAP_MAX_N), (ROW, ROW_MAX_N), (SQUARE, SQUARE_MAX_N)] {
        let variant = caps.named(name).unwrap();
        assert_eq!(variant.first, Limit::UpTo(limit), "{name}");
        assert!(!variant.list.is_supported() && !variant.count.is_supported());
        assert!(variant.complete);
        assert_eq!(variant.randomized, name == SWAP);
    }
    assert_eq!((SWAP_MAX_N, ROW_MAX_N, SQUARE_MAX_N), (256, 29, 15));
}
