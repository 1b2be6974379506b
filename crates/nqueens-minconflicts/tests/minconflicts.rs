//! Min-conflicts solutions against the validator over many sizes and seeds; replay by seed;
//! restarts reported to the observer; the moves a budget allows; the small boards; the declared
//! variant.
//!
//! What every strategy must do (n = 0, sizes above the limit, unsupported operations, the stop
//! flag, budgets) is checked once for all by the workspace's `tests/conformance.rs`.

use std::sync::Arc;

use nqueens_core::{Config, Ended, Limit, Solver, Strategy, validate_size};
use nqueens_minconflicts::{MAX_N, MinConflictsSolver};
use nqueens_run::RestartCounter;

fn seeded(seed: u64) -> Config {
    Config {
        seed: Some(seed),
        ..Config::default()
    }
}

fn solve(n: usize, config: &Config) -> Vec<u32> {
    let run = MinConflictsSolver.first(n, config).unwrap();
    match run.solution() {
        Some(solution) => solution.columns().to_vec(),
        None => panic!("n = {n}, {config:?}: {:?}", run.ended()),
    }
}

#[test]
fn every_n_up_to_2000_is_solved_with_five_seeds() {
    for n in (1..=2000).filter(|&n| n != 2 && n != 3) {
        for seed in [1, 2, 3, 4, 0xdead_beef] {
            let columns = solve(n, &seeded(seed));
            assert_eq!(validate_size(&columns, n), Ok(()), "n = {n}, seed = {seed}");
        }
    }
}

#[test]
fn large_boards_are_solved() {
    // The last two take the banded start.
    for (n, seed) in [
        (100_000, 1),
        (100_003, 7),
        (1_000_000, 3),
        (1 << 20, 2),
        (1_234_567, 5),
    ] {
        let run = MinConflictsSolver.first(n, &seeded(seed)).unwrap();
        let Some(solution) = run.solution() else {
            panic!("n = {n}: {:?}", run.ended())
        };
        assert_eq!(validate_size(solution.columns(), n), Ok(()));
        assert_eq!(run.ended(), Ended::Satisfied);
        assert_eq!(run.seed, Some(seed));
        // Within the memory bound of 24 bytes per queen.
        assert!(run.stats.peak_bytes <= 24 * n as u64, "{:?}", run.stats);
        if n < 1 << 20 {
            assert!(run.stats.initial_conflicts > 0 && run.stats.moves > 0);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_solution() {
    for n in [8, 50, 1000, 30_000] {
        for seed in [0, 5, u64::MAX] {
            assert_eq!(solve(n, &seeded(seed)), solve(n, &seeded(seed)));
        }
        assert_ne!(solve(n, &seeded(1)), solve(n, &seeded(2)), "n = {n}");
    }
}

#[test]
fn a_known_seed_gives_a_known_solution_on_every_platform() {
    // Xoshiro256++ and the multiply-shift index are portable: this is the same everywhere.
    assert_eq!(solve(8, &seeded(3)), vec![0, 5, 7, 2, 6, 3, 1, 4]);
}

#[test]
fn without_a_seed_one_is_reported_and_replays() {
    let run = MinConflictsSolver.first(500, &Config::default()).unwrap();
    let seed = run.seed.expect("a randomized run reports its seed");
    let Some(first) = run.solution() else {
        panic!("{:?}", run.ended())
    };
    assert_eq!(solve(500, &seeded(seed)), first.columns().to_vec());
}

#[test]
fn restarts_are_reported_to_the_observer() {
    let mut restarted = 0;
    for n in 4..=40 {
        for seed in 0..5 {
            let observer = Arc::new(RestartCounter::default());
            let config = Config {
                observer: Some(observer.clone()),
                ..seeded(seed)
            };
            let run = MinConflictsSolver.first(n, &config).unwrap();
            assert_eq!(
                observer.count(),
                run.stats.restarts,
                "n = {n}, seed = {seed}"
            );
            restarted += u64::from(run.stats.restarts > 0);
        }
    }
    assert!(restarted > 0, "no run restarted: the test shows nothing");
}

#[test]
fn budgets_count_moves() {
    // Even a board with nothing to repair ends at once on a budget of 0.
    for n in [1, 4, 10, 1000] {
        let config = Config {
            budget: Some(0),
            ..seeded(1)
        };
        let run = MinConflictsSolver.first(n, &config).unwrap();
        assert_eq!(
            (run.solution(), run.ended()),
            (None, Ended::Budget),
            "n = {n}"
        );
        assert_eq!(run.stats.moves, 0);
        assert_eq!(run.seed, Some(1));
    }
    // A board whose start leaves conflicts, with one move allowed: stopped after that move.
    let config = Config {
        budget: Some(1),
        ..seeded(1)
    };
    let run = MinConflictsSolver.first(100_000, &config).unwrap();
    assert_eq!((run.solution(), run.ended()), (None, Ended::Budget));
    assert_eq!(run.stats.moves, 1);
}

#[test]
fn small_boards() {
    let config = seeded(1);
    assert_eq!(solve(1, &config), vec![0]);
    // Known to have no solution (OEIS A000170), so answered without searching.
    for n in [2, 3] {
        let run = MinConflictsSolver.first(n, &config).unwrap();
        assert!(run.proves_none(), "n = {n}: {run:?}");
        assert_eq!(run.stats.moves, 0);
    }
}

#[test]
fn one_variant_that_only_finds() {
    let caps = MinConflictsSolver.capabilities();
    let [only] = caps.variants else {
        panic!("{:?}", caps.variants)
    };
    assert_eq!(only.name, None);
    assert_eq!(only.first, Limit::UpTo(MAX_N));
    assert!(!only.list.is_supported() && !only.count.is_supported());
    assert!(only.randomized && !only.complete);
}
