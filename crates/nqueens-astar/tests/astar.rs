//! The three formulations find valid solutions, prove n = 2 and 3 empty, stop on their bounds,
//! and refuse sizes above their limits.

use nqueens_astar::{AStarSolver, Variant};
use nqueens_backtrack::BitmaskSolver;
use nqueens_core::{
    Config, Error, Operation, Outcome, Solver, StopFlag, StopReason, validate_size,
};

fn config(variant: Variant, seed: u64) -> Config {
    Config {
        variant: Some(variant.name().into()),
        seed: Some(seed),
        ..Config::default()
    }
}

#[test]
fn every_variant_finds_valid_solutions() {
    let ranges = [
        (Variant::Swap, 1..=40),
        (Variant::Row, 1..=24),
        (Variant::Square, 1..=13),
    ];
    for (variant, sizes) in ranges {
        for n in sizes.filter(|&n| n != 2 && n != 3) {
            for seed in 0..3 {
                let run = AStarSolver::new().first(n, &config(variant, seed)).unwrap();
                match run.outcome {
                    Outcome::Found(solution) => validate_size(solution.columns(), n).unwrap(),
                    other => panic!("{} n = {n}: {other:?}", variant.name()),
                }
                assert!(run.stats.nodes >= 1);
                assert!(run.stats.peak_bytes <= AStarSolver::DEFAULT_MEMORY_LIMIT);
            }
        }
    }
}

#[test]
fn every_variant_proves_two_and_three_empty() {
    for variant in Variant::ALL {
        for n in [2, 3] {
            let run = AStarSolver::new().first(n, &config(variant, 1)).unwrap();
            assert_eq!(run.outcome, Outcome::NoSolution, "{}", variant.name());
        }
    }
}

#[test]
fn row_is_lexicographic_backtracking() {
    for n in 4..=20 {
        let astar = AStarSolver::new()
            .first(n, &config(Variant::Row, 0))
            .unwrap();
        let backtrack = BitmaskSolver.first(n, &Config::default()).unwrap();
        assert_eq!(astar.outcome, backtrack.outcome, "n = {n}");
        // One expansion per placed queen, plus the empty board.
        assert_eq!(astar.stats.nodes, backtrack.stats.nodes + 1, "n = {n}");
    }
}

#[test]
fn swap_is_seeded_and_reports_its_seed() {
    let solver = AStarSolver::new();
    let a = solver.first(30, &config(Variant::Swap, 42)).unwrap();
    let b = solver.first(30, &config(Variant::Swap, 42)).unwrap();
    assert_eq!(a.seed, Some(42));
    assert_eq!(a.outcome, b.outcome);
    assert_eq!(a.stats, b.stats);
    assert!(a.stats.moves >= 1 && a.stats.initial_conflicts >= 2);
    let fresh = solver.first(8, &Config::default()).unwrap();
    assert!(fresh.seed.is_some());
    let row = solver.first(8, &config(Variant::Row, 42)).unwrap();
    assert_eq!(row.seed, None);
}

#[test]
fn budgets_end_in_a_typed_outcome() {
    let by_nodes = Config {
        budget: Some(50),
        ..config(Variant::Square, 0)
    };
    let run = AStarSolver::new().first(14, &by_nodes).unwrap();
    assert_eq!(run.outcome, Outcome::Stopped(StopReason::Budget));
    assert_eq!(run.stats.nodes, 50);

    for variant in Variant::ALL {
        let bound = 256 << 10;
        let run = AStarSolver::with_memory_limit(bound)
            .first(14.min(variant.limit()), &config(variant, 0));
        let run = run.unwrap();
        if variant == Variant::Square {
            assert_eq!(run.outcome, Outcome::Stopped(StopReason::Budget));
        }
        assert!(run.stats.peak_bytes <= bound, "{}", variant.name());
    }
    let tiny = AStarSolver::with_memory_limit(0)
        .first(8, &config(Variant::Row, 0))
        .unwrap();
    assert_eq!(tiny.outcome, Outcome::Stopped(StopReason::Budget));

    let stop = StopFlag::new();
    stop.stop();
    let interrupted = AStarSolver::new()
        .first(
            8,
            &Config {
                stop,
                ..config(Variant::Swap, 0)
            },
        )
        .unwrap();
    assert_eq!(
        interrupted.outcome,
        Outcome::Stopped(StopReason::Interrupted)
    );
}

#[test]
fn limits_are_typed_errors() {
    let solver = AStarSolver::new();
    for variant in Variant::ALL {
        let n = variant.limit() + 1;
        assert_eq!(
            solver.first(n, &config(variant, 0)).unwrap_err(),
            Error::TooLarge {
                strategy: "astar",
                operation: Operation::First,
                n,
                limit: variant.limit(),
            }
        );
    }
    assert!(matches!(
        solver.count(8, &Config::default()),
        Err(Error::Unsupported { .. })
    ));
    assert!(matches!(
        solver.first(
            8,
            &Config {
                variant: Some("queen".into()),
                ..Config::default()
            }
        ),
        Err(Error::UnknownVariant { .. })
    ));
    assert!(matches!(
        solver.first(0, &Config::default()),
        Err(Error::ZeroSize)
    ));
    assert_eq!(solver.capabilities().variants[0], Variant::ALL[0].name());
}
