//! The essay's example, every board from 4 to 200, the impossible boards, the OEIS counts and
//! the nodes of the mirror-halved tree, listing without repeats, replay by seed, restarts
//! reported to the observer, the budget counted in nodes, the stop flag on long runs, and the
//! declared variants. About 5 s in release mode.
//!
//! What every strategy must do (n = 0, sizes above a limit, unknown variants, unsupported
//! operations, the stop flag, a visitor that stops, budgets) is checked once for all by the
//! workspace's `tests/conformance.rs`; comparisons with other strategies are in
//! `tests/cross_search.rs`.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Arc;

use nqueens_core::{Config, Ended, Limit, Operation, Solver, Strategy, known, validate_size};
use nqueens_run::RestartCounter;
use nqueens_warnsdorff::{
    FAITHFUL, FAITHFUL_LIST_MAX_N, FAITHFUL_MAX_N, MAX_N, SCALING, WarnsdorffSolver,
};

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
    let run = WarnsdorffSolver.first(n, config).unwrap();
    match run.solution() {
        Some(solution) => {
            assert_eq!(run.ended(), Ended::Satisfied);
            assert_eq!(solution.n(), n);
            solution.columns().to_vec()
        }
        None => panic!("n = {n}: {:?}", run.ended()),
    }
}

#[test]
fn the_essays_n_29_solution_is_reproduced() {
    let essay = [
        0, 4, 8, 12, 2, 17, 21, 25, 10, 14, 6, 22, 26, 7, 15, 19, 23, 27, 1, 5, 28, 9, 3, 20, 11,
        24, 16, 18, 13,
    ];
    assert_eq!(found(29, &variant(FAITHFUL)), essay);
    validate_size(&found(29, &seeded(29)), 29).unwrap();
}

#[test]
fn scaling_solves_every_board_from_4_to_200() {
    for n in 4..=200 {
        let run = WarnsdorffSolver.first(n, &seeded(n as u64)).unwrap();
        assert!(matches!(run.solution(), Some(s) if s.n() == n), "n = {n}");
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
fn faithful_first_solutions_take_the_documented_nodes() {
    // The crate documentation's table, n = 8..=20, and n = 32.
    let nodes = [34, 12, 86, 64, 25, 158, 454, 52, 37, 183, 151, 527, 111];
    for (n, expected) in (8..=20).zip(nodes) {
        let run = WarnsdorffSolver.first(n, &variant(FAITHFUL)).unwrap();
        assert_eq!(run.stats.nodes, expected, "n = {n}");
    }
    let run = WarnsdorffSolver.first(32, &variant(FAITHFUL)).unwrap();
    assert_eq!(run.stats.nodes, 1662);
}

#[test]
fn two_and_three_have_no_solution_in_both_variants() {
    for n in [2, 3] {
        for config in [variant(FAITHFUL), variant(SCALING), seeded(5)] {
            let run = WarnsdorffSolver.first(n, &config).unwrap();
            assert!(run.proves_none(), "n = {n}, {config:?}: {run:?}");
        }
    }
    assert_eq!(found(1, &variant(FAITHFUL)), [0]);
    assert_eq!(found(1, &seeded(1)), [0]);
}

#[test]
fn counts_match_oeis_and_visit_the_mirror_halved_tree() {
    // Nodes and dead ends of the left half of row 0, searched completely: the bitmask
    // counter's numbers too (`tests/cross_search.rs` compares them with it).
    let tree: [(u64, u64); 12] = [
        (1, 0),
        (1, 1),
        (3, 2),
        (8, 2),
        (31, 2),
        (76, 23),
        (315, 87),
        (1028, 322),
        (4703, 1438),
        (17769, 6025),
        (91392, 31984),
        (428094, 150265),
    ];
    for (n, (nodes, backtracks)) in (1..=12).zip(tree) {
        let run = WarnsdorffSolver.count(n, &Config::default()).unwrap();
        assert!(run.is_complete());
        assert_eq!(run.ended, Ended::Exhausted);
        assert_eq!(Some(run.total), known::all_solutions(n), "n = {n}");
        assert_eq!(run.unique, None);
        assert_eq!(
            (run.stats.nodes, run.stats.backtracks),
            (nodes, backtracks),
            "n = {n}"
        );
    }
    let faithful = WarnsdorffSolver.count(10, &variant(FAITHFUL)).unwrap();
    assert_eq!(faithful.total, 724);
}

#[test]
fn listing_gives_every_solution_once() {
    // Distinct valid solutions as many as OEIS counts are all the solutions.
    for n in 1..=8 {
        let (ours, run) = WarnsdorffSolver.collect(n, &Config::default()).unwrap();
        assert_eq!(run.ended, Ended::Exhausted);
        for columns in &ours {
            validate_size(columns, n).unwrap();
        }
        let set: BTreeSet<Vec<u32>> = ours.iter().cloned().collect();
        assert_eq!(set.len(), ours.len(), "n = {n}: a solution listed twice");
        assert_eq!(Some(set.len() as u64), known::all_solutions(n), "n = {n}");
    }
}

#[test]
fn a_visitor_stops_the_stream_on_a_solution_or_on_its_mirror_image() {
    // Solutions come in pairs (one found, then its mirror image): stopping on either ends it.
    for stop_at in 1..=4 {
        let mut seen = 0;
        let run = WarnsdorffSolver
            .visit(8, &Config::default(), &mut |_| {
                seen += 1;
                if seen == stop_at {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
        assert_eq!(seen, stop_at);
        assert_eq!(run.ended, Ended::Satisfied);
    }
}

#[test]
fn the_same_seed_gives_the_same_run() {
    for n in [8, 50, 500] {
        let a = WarnsdorffSolver.first(n, &seeded(42)).unwrap();
        let b = WarnsdorffSolver.first(n, &seeded(42)).unwrap();
        assert_eq!(a.solution(), b.solution());
        assert_eq!(a.stats, b.stats);
    }
    let fresh = WarnsdorffSolver.first(20, &Config::default()).unwrap();
    let seed = fresh.seed.expect("the scaling variant reports its seed");
    assert_eq!(
        WarnsdorffSolver
            .first(20, &seeded(seed))
            .unwrap()
            .solution(),
        fresh.solution()
    );
    assert_eq!(
        WarnsdorffSolver.first(20, &variant(FAITHFUL)).unwrap().seed,
        None
    );
}

#[test]
fn restarts_are_reported_to_the_observer() {
    let mut restarted = 0;
    for n in 4..=200 {
        let observer = Arc::new(RestartCounter::default());
        let config = Config {
            observer: Some(observer.clone()),
            ..seeded(n as u64)
        };
        let run = WarnsdorffSolver.first(n, &config).unwrap();
        assert_eq!(observer.count(), run.stats.restarts, "n = {n}");
        restarted += u64::from(run.stats.restarts > 0);
    }
    assert!(restarted > 0, "no run restarted: the test shows nothing");
}

#[test]
fn budgets_count_nodes() {
    // n = 100 is past where the faithful order stalls.
    let budget = Config {
        budget: Some(1000),
        ..variant(FAITHFUL)
    };
    let run = WarnsdorffSolver.first(100, &budget).unwrap();
    assert_eq!((run.solution(), run.ended()), (None, Ended::Budget));
    assert_eq!(run.stats.nodes, 1000);
    // Over all the scaling variant's restarts together.
    let tight = Config {
        budget: Some(10),
        seed: Some(3),
        ..Config::default()
    };
    let run = WarnsdorffSolver.first(1000, &tight).unwrap();
    assert_eq!((run.solution(), run.ended()), (None, Ended::Budget));
    assert_eq!(run.stats.nodes, 10);
}

#[test]
fn long_runs_see_the_stop_flag() {
    // The search looks at the flag every million word operations, so only runs that long show
    // it (the workspace's conformance suite runs small boards, which may finish first): the
    // faithful order stalls at n = 100, and counting n = 20 takes billions of nodes.
    let stopped = variant(FAITHFUL);
    stopped.stop.stop();
    let run = WarnsdorffSolver.first(100, &stopped).unwrap();
    assert_eq!((run.solution(), run.ended()), (None, Ended::Interrupted));
    let count = WarnsdorffSolver.count(20, &stopped).unwrap();
    assert!(!count.is_complete());
    assert_eq!(count.ended, Ended::Interrupted);
}

#[test]
fn variants_declare_what_they_do() {
    let caps = WarnsdorffSolver.capabilities();
    assert_eq!(caps.variant_names(), [SCALING, FAITHFUL]);
    let scaling = caps.named(SCALING).unwrap();
    let faithful = caps.named(FAITHFUL).unwrap();
    assert_eq!(scaling.first, Limit::UpTo(MAX_N));
    assert!(!scaling.list.is_supported() && !scaling.count.is_supported());
    assert!(scaling.randomized && !faithful.randomized);
    assert_eq!(faithful.first, Limit::UpTo(FAITHFUL_MAX_N));
    assert_eq!(faithful.list, Limit::UpTo(FAITHFUL_LIST_MAX_N));
    assert_eq!(faithful.count, Limit::UpTo(known::COUNT_FITS_U64));
    // With no variant named: scaling finds, faithful lists and counts.
    let config = Config::default();
    assert_eq!(
        WarnsdorffSolver.check(Operation::First, 8, &config),
        Ok(scaling)
    );
    for operation in [Operation::List, Operation::Count] {
        assert_eq!(WarnsdorffSolver.check(operation, 8, &config), Ok(faithful));
    }
}
