//! The essay's example, every board from 4 to 200, the impossible boards, the OEIS counts, the
//! bitmask strategy's solution sets, replay by seed, and the refusals. About 5 s in release mode.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use nqueens_backtrack::BitmaskSolver;
use nqueens_core::{Config, Error, Operation, Outcome, Solver, StopFlag, StopReason, known};
use nqueens_warnsdorff::{FAITHFUL, MAX_N, SCALING, WarnsdorffSolver};

fn variant(name: &str) -> Config {
    Config {
        variant: Some(name.into()),
        ..Config::default()
    }
}

fn seeded(seed: u64) -> Config {
    Config {
        seed: Some(seed),
        ..Config::default()
    }
}

fn found(n: usize, config: &Config) -> Vec<u32> {
    match WarnsdorffSolver.first(n, config).unwrap().outcome {
        Outcome::Found(solution) => {
            assert_eq!(solution.n(), n);
            solution.into_columns()
        }
        other => panic!("n = {n}: {other:?}"),
    }
}

fn listed(solver: &dyn Solver, n: usize) -> Vec<Vec<u32>> {
    solver.collect(n, &Config::default()).unwrap().0
}

#[test]
fn the_essays_n_29_solution_is_reproduced() {
    let essay = [
        0, 4, 8, 12, 2, 17, 21, 25, 10, 14, 6, 22, 26, 7, 15, 19, 23, 27, 1, 5, 28, 9, 3, 20, 11,
        24, 16, 18, 13,
    ];
    assert_eq!(found(29, &variant(FAITHFUL)), essay);
    nqueens_core::validate_size(&found(29, &seeded(29)), 29).unwrap();
}

#[test]
fn scaling_solves_every_board_from_4_to_200() {
    for n in 4..=200 {
        let run = WarnsdorffSolver.first(n, &seeded(n as u64)).unwrap();
        assert!(
            matches!(run.outcome, Outcome::Found(ref s) if s.n() == n),
            "n = {n}"
        );
        assert_eq!(run.seed, Some(n as u64));
        assert!(run.stats.nodes >= n as u64);
    }
}

#[test]
fn faithful_solves_every_board_up_to_75() {
    // Above 75 the fixed order stalls for most n (see the crate documentation).
    for n in 4..=75 {
        found(n, &variant(FAITHFUL));
    }
}

#[test]
fn two_and_three_have_no_solution_in_both_variants() {
    for n in [2, 3] {
        for config in [variant(FAITHFUL), variant(SCALING), seeded(5)] {
            let run = WarnsdorffSolver.first(n, &config).unwrap();
            assert_eq!(run.outcome, Outcome::NoSolution, "n = {n}, {config:?}");
        }
    }
    assert_eq!(found(1, &variant(FAITHFUL)), [0]);
    assert_eq!(found(1, &seeded(1)), [0]);
}

#[test]
fn counts_match_oeis_and_visit_the_bitmask_counters_nodes() {
    for n in 1..=12 {
        let run = WarnsdorffSolver.count(n, &Config::default()).unwrap();
        assert!(run.complete);
        assert_eq!(Some(run.total), known::all_solutions(n), "n = {n}");
        // Same tree (left half of row 0), another order: the same nodes and dead ends.
        let bitmask = BitmaskSolver.count(n, &Config::default()).unwrap();
        assert_eq!(run.stats.nodes, bitmask.stats.nodes, "n = {n}");
        assert_eq!(run.stats.backtracks, bitmask.stats.backtracks, "n = {n}");
    }
    let faithful = WarnsdorffSolver.count(10, &variant(FAITHFUL)).unwrap();
    assert_eq!(faithful.total, 724);
}

#[test]
fn listing_gives_the_bitmask_strategys_solutions_once_each() {
    for n in 1..=8 {
        let ours = listed(&WarnsdorffSolver, n);
        let set: BTreeSet<Vec<u32>> = ours.iter().cloned().collect();
        assert_eq!(set.len(), ours.len(), "n = {n}: a solution listed twice");
        let theirs: BTreeSet<Vec<u32>> = listed(&BitmaskSolver, n).into_iter().collect();
        assert_eq!(set, theirs, "n = {n}");
    }
    let mut seen = 0;
    WarnsdorffSolver
        .visit(8, &Config::default(), &mut |_| {
            seen += 1;
            if seen == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
    assert_eq!(seen, 3);
}

#[test]
fn the_same_seed_gives_the_same_run() {
    for n in [8, 50, 500] {
        let a = WarnsdorffSolver.first(n, &seeded(42)).unwrap();
        let b = WarnsdorffSolver.first(n, &seeded(42)).unwrap();
        assert_eq!(a.outcome, b.outcome);
        assert_eq!(a.stats, b.stats);
    }
    let fresh = WarnsdorffSolver.first(20, &Config::default()).unwrap();
    let seed = fresh.seed.expect("the scaling variant reports its seed");
    assert_eq!(
        WarnsdorffSolver.first(20, &seeded(seed)).unwrap().outcome,
        fresh.outcome
    );
    assert_eq!(
        WarnsdorffSolver.first(20, &variant(FAITHFUL)).unwrap().seed,
        None
    );
}

#[test]
fn limits_are_refused_with_typed_errors() {
    let config = Config::default();
    assert_eq!(
        WarnsdorffSolver.first(0, &config).unwrap_err(),
        Error::ZeroSize
    );
    assert_eq!(
        WarnsdorffSolver.first(MAX_N + 1, &config).unwrap_err(),
        Error::TooLarge {
            strategy: "warnsdorff",
            operation: Operation::First,
            n: MAX_N + 1,
            limit: MAX_N
        }
    );
    assert!(matches!(
        WarnsdorffSolver.count(known::COUNT_FITS_U64 + 1, &config),
        Err(Error::TooLarge {
            limit: known::COUNT_FITS_U64,
            ..
        })
    ));
    assert!(matches!(
        WarnsdorffSolver.first(8, &variant("fast")),
        Err(Error::UnknownVariant { .. })
    ));
    assert!(matches!(
        WarnsdorffSolver.count(8, &variant(SCALING)),
        Err(Error::Unsupported {
            operation: Operation::Count,
            ..
        })
    ));
    assert!(matches!(
        WarnsdorffSolver.visit(8, &variant(SCALING), &mut |_| ControlFlow::Continue(())),
        Err(Error::Unsupported {
            operation: Operation::List,
            ..
        })
    ));
}

#[test]
fn budgets_and_the_stop_flag_end_runs_and_say_why() {
    // n = 100 is past where the faithful order stalls.
    let budget = Config {
        budget: Some(1000),
        ..variant(FAITHFUL)
    };
    let run = WarnsdorffSolver.first(100, &budget).unwrap();
    assert_eq!(run.outcome, Outcome::Stopped(StopReason::Budget));
    assert_eq!(run.stats.nodes, 1000);
    let tight = Config {
        budget: Some(10),
        seed: Some(3),
        ..Config::default()
    };
    let run = WarnsdorffSolver.first(1000, &tight).unwrap();
    assert_eq!(run.outcome, Outcome::Stopped(StopReason::Budget));
    assert_eq!(run.stats.nodes, 10);

    let stop = StopFlag::new();
    stop.stop();
    let stopped = Config {
        stop,
        ..variant(FAITHFUL)
    };
    let run = WarnsdorffSolver.first(100, &stopped).unwrap();
    assert_eq!(run.outcome, Outcome::Stopped(StopReason::Interrupted));
    assert!(!WarnsdorffSolver.count(20, &stopped).unwrap().complete);
}
