//! Annealing solutions against the validator over many sizes and seeds, in both variants;
//! replay by seed; reheats reported to the observer; budgets counted in proposals; the stop
//! flag; the small boards; the declared variants.
//!
//! What every strategy must do (n = 0, sizes above the limit, unsupported operations, the stop
//! flag, budgets) is checked once for all by the workspace's `tests/conformance.rs`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use nqueens_anneal::{AnnealingSolver, MAX_N};
use nqueens_core::{Config, Ended, Limit, Solver, Strategy, validate_size};
use nqueens_run::RestartCounter;

/// What `quench` finds at n = 8 with seed 3.
const QUENCH_8_SEED_3: [u32; 8] = [2, 5, 7, 0, 4, 6, 1, 3];

const VARIANTS: [&str; 2] = ["geometric", "quench"];

fn seeded(seed: u64, variant: &str) -> Config {
    Config {
        seed: Some(seed),
        variant: Some(variant.to_string()),
        ..Config::default()
    }
}

fn solve(n: usize, config: &Config) -> Vec<u32> {
    let run = AnnealingSolver.first(n, config).unwrap();
    match run.solution() {
        Some(solution) => solution.columns().to_vec(),
        None => panic!("n = {n}, {config:?}: {:?}", run.ended()),
    }
}

#[test]
fn every_n_up_to_120_is_solved_with_three_seeds_in_both_variants() {
    for variant in VARIANTS {
        for n in (1..=120).filter(|&n| n != 2 && n != 3) {
            for seed in [1, 2, 0xdead_beef] {
                let columns = solve(n, &seeded(seed, variant));
                assert_eq!(
                    validate_size(&columns, n),
                    Ok(()),
                    "{variant} n = {n}, seed = {seed}"
                );
            }
        }
    }
}

#[test]
fn a_large_board_is_solved() {
    let n = 10_000;
    let run = AnnealingSolver.first(n, &seeded(1, "geometric")).unwrap();
    let Some(solution) = run.solution() else {
        panic!("{:?}", run.ended())
    };
    assert_eq!(validate_size(solution.columns(), n), Ok(()));
    assert_eq!((run.ended(), run.seed), (Ended::Satisfied, Some(1)));
    let s = run.stats;
    // A random start leaves most queens attacked; the hot sweeps accept uphill swaps.
    assert!(s.initial_conflicts > n as u64 / 2, "{s:?}");
    assert!(s.moves > n as u64 && s.backtracks > 0, "{s:?}");
    assert_eq!(s.peak_bytes, 20 * n as u64 - 8);
}

#[test]
fn the_same_seed_gives_the_same_solution() {
    for variant in VARIANTS {
        for n in [8, 50, 1000] {
            for seed in [0, 5, u64::MAX] {
                let config = seeded(seed, variant);
                assert_eq!(solve(n, &config), solve(n, &config), "{variant} n = {n}");
            }
            assert_ne!(
                solve(n, &seeded(1, variant)),
                solve(n, &seeded(2, variant)),
                "{variant} n = {n}"
            );
        }
    }
}

#[test]
fn a_known_seed_gives_a_known_solution_on_every_platform() {
    // Xoshiro256++, the multiply-shift index and the arithmetic-only exp are portable.
    assert_eq!(
        solve(8, &seeded(3, "geometric")),
        vec![3, 0, 4, 7, 1, 6, 2, 5]
    );
    assert_eq!(solve(8, &seeded(3, "quench")), QUENCH_8_SEED_3);
}

#[test]
fn without_a_seed_one_is_reported_and_replays() {
    let run = AnnealingSolver.first(300, &Config::default()).unwrap();
    let seed = run.seed.expect("a randomized run reports its seed");
    let Some(first) = run.solution() else {
        panic!("{:?}", run.ended())
    };
    assert_eq!(
        solve(300, &seeded(seed, "geometric")),
        first.columns().to_vec()
    );
}

#[test]
fn reheats_and_restarts_are_reported_to_the_observer() {
    for variant in VARIANTS {
        let mut restarted = 0;
        // n = 6 has 4 solutions and deep local minima: frozen runs happen.
        for n in [4, 5, 6, 7, 8] {
            for seed in 0..100 {
                let observer = Arc::new(RestartCounter::default());
                let config = Config {
                    observer: Some(observer.clone()),
                    ..seeded(seed, variant)
                };
                let run = AnnealingSolver.first(n, &config).unwrap();
                assert!(
                    run.solution().is_some(),
                    "{variant} n = {n}: {:?}",
                    run.ended()
                );
                assert_eq!(
                    observer.count(),
                    run.stats.restarts,
                    "{variant} n = {n}, seed = {seed}"
                );
                restarted += u64::from(run.stats.restarts > 0);
            }
        }
        assert!(
            restarted > 0,
            "{variant}: no run restarted, the test shows nothing"
        );
    }
}

#[test]
fn budgets_count_proposals() {
    for variant in VARIANTS {
        // Even a board with nothing to repair ends at once on a budget of 0.
        for n in [1, 4, 10, 1000] {
            let config = Config {
                budget: Some(0),
                ..seeded(1, variant)
            };
            let run = AnnealingSolver.first(n, &config).unwrap();
            assert_eq!(
                (run.solution(), run.ended()),
                (None, Ended::Budget),
                "n = {n}"
            );
            assert_eq!(run.stats.moves, 0);
            assert_eq!(run.seed, Some(1));
        }
        // Budgets too small for n = 1000 end after exactly that many proposals.
        for budget in [1, 1000, 50_000] {
            let config = Config {
                budget: Some(budget),
                ..seeded(1, variant)
            };
            let run = AnnealingSolver.first(1000, &config).unwrap();
            assert_eq!((run.solution(), run.ended()), (None, Ended::Budget));
            assert_eq!(run.stats.examined, budget);
            assert!(run.stats.moves <= budget);
        }
    }
}

#[test]
fn the_stop_flag_ends_a_long_run_soon() {
    for variant in VARIANTS {
        // Raised before the run: nothing is done.
        let config = seeded(1, variant);
        config.stop.stop();
        let run = AnnealingSolver.first(100_000, &config).unwrap();
        assert_eq!((run.solution(), run.ended()), (None, Ended::Interrupted));
        // Raised during a run that would take far longer.
        let config = Config {
            budget: Some(u64::MAX),
            ..seeded(1, variant)
        };
        let stop = config.stop.clone();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stop.stop();
        });
        let started = Instant::now();
        let run = AnnealingSolver.first(MAX_N / 10, &config).unwrap();
        raiser.join().unwrap();
        assert_eq!(run.ended(), Ended::Interrupted, "{variant}");
        assert!(started.elapsed() < Duration::from_secs(30), "{variant}");
    }
}

#[test]
fn small_boards() {
    for variant in VARIANTS {
        let config = seeded(1, variant);
        assert_eq!(solve(1, &config), vec![0]);
        // Known to have no solution (OEIS A000170), so answered without searching.
        for n in [2, 3] {
            let run = AnnealingSolver.first(n, &config).unwrap();
            assert!(run.proves_none(), "n = {n}: {run:?}");
            assert_eq!(run.stats.moves, 0);
        }
    }
}

#[test]
fn two_variants_that_only_find() {
    let caps = AnnealingSolver.capabilities();
    assert_eq!(caps.variant_names(), VARIANTS);
    for variant in caps.variants {
        assert_eq!(variant.first, Limit::UpTo(MAX_N));
        assert!(!variant.list.is_supported() && !variant.count.is_supported());
        assert!(variant.randomized && !variant.complete);
    }
}
