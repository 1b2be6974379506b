//! Min-conflicts solutions against the validator over many sizes and seeds; replay by seed;
//! the typed outcomes of a spent budget, a raised stop flag and the small boards.

use nqueens_core::{
    Config, Error, Operation, Outcome, Solver, StopFlag, StopReason, validate_size,
};
use nqueens_minconflicts::{MAX_N, MinConflictsSolver};

fn seeded(seed: u64) -> Config {
    Config {
        seed: Some(seed),
        ..Config::default()
    }
}

fn solve(n: usize, config: &Config) -> Vec<u32> {
    match MinConflictsSolver.first(n, config).unwrap().outcome {
        Outcome::Found(solution) => solution.into_columns(),
        other => panic!("n = {n}, {config:?}: {other:?}"),
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
    for (n, seed) in [(100_000, 1), (100_003, 7), (1_000_000, 3)] {
        let run = MinConflictsSolver.first(n, &seeded(seed)).unwrap();
        let Outcome::Found(solution) = run.outcome else {
            panic!("n = {n}: {:?}", run.outcome)
        };
        assert_eq!(validate_size(solution.columns(), n), Ok(()));
        assert_eq!(run.seed, Some(seed));
        // Within the memory bound of 24 bytes per queen.
        assert!(run.stats.peak_bytes <= 24 * n as u64, "{:?}", run.stats);
        assert!(run.stats.initial_conflicts > 0 && run.stats.moves > 0);
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
    let Outcome::Found(first) = run.outcome else {
        panic!("{:?}", run.outcome)
    };
    assert_eq!(solve(500, &seeded(seed)), first.into_columns());
}

#[test]
fn budgets_end_with_the_typed_outcome() {
    for n in [1, 4, 10, 1000] {
        let config = Config {
            budget: Some(0),
            ..seeded(1)
        };
        let run = MinConflictsSolver.first(n, &config).unwrap();
        assert_eq!(run.outcome, Outcome::Stopped(StopReason::Budget), "n = {n}");
        assert_eq!(run.stats.moves, 0);
    }
    // A board whose start leaves conflicts, with one move allowed: stopped after that move.
    let config = Config {
        budget: Some(1),
        ..seeded(1)
    };
    let run = MinConflictsSolver.first(100_000, &config).unwrap();
    assert_eq!(run.outcome, Outcome::Stopped(StopReason::Budget));
    assert_eq!(run.stats.moves, 1);
}

#[test]
fn a_raised_stop_flag_interrupts() {
    let stop = StopFlag::new();
    stop.stop();
    let config = Config { stop, ..seeded(1) };
    let run = MinConflictsSolver.first(1000, &config).unwrap();
    assert_eq!(run.outcome, Outcome::Stopped(StopReason::Interrupted));
}

#[test]
fn small_boards_and_limits() {
    let config = seeded(1);
    assert_eq!(solve(1, &config), vec![0]);
    for n in [2, 3] {
        assert_eq!(
            MinConflictsSolver.first(n, &config).unwrap().outcome,
            Outcome::NoSolution
        );
    }
    assert!(matches!(
        MinConflictsSolver.count(8, &config),
        Err(Error::Unsupported {
            operation: Operation::Count,
            ..
        })
    ));
    assert!(matches!(
        MinConflictsSolver.visit(8, &config, &mut |_| std::ops::ControlFlow::Continue(())),
        Err(Error::Unsupported {
            operation: Operation::List,
            ..
        })
    ));
    assert!(matches!(
        MinConflictsSolver.first(MAX_N + 1, &config),
        Err(Error::TooLarge { limit: MAX_N, .. })
    ));
}
