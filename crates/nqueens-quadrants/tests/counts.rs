//! The quadrants counter against OEIS, across thread counts, shards,
//! memory limits and counts interrupted at random points and resumed.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use nqueens_core::{Config, Ended, Error, Estimate, Needed, Observer, Solver, StopFlag, known};
use nqueens_quadrants::QuadrantsSolver;
use nqueens_run::StopAfter;
use nqueens_run::split::{Checkpoint, Shard, count_shard, merge};

fn config(threads: usize) -> Config {
    Config {
        threads: Some(threads),
        ..Config::default()
    }
}

#[test]
fn totals_match_oeis_up_to_15() {
    for n in 1..=15 {
        let run = QuadrantsSolver.count(n, &config(2)).unwrap();
        assert!(run.is_complete(), "n = {n}");
        assert_eq!(Some(run.total), known::all_solutions(n), "n = {n}");
        assert!(run.stats.peak_bytes > 0, "n = {n}");
    }
}

#[test]
fn every_thread_count_gives_the_same_count() {
    for threads in 1..=3 {
        let run = QuadrantsSolver.count(13, &config(threads)).unwrap();
        assert_eq!(run.total, 73712, "{threads} threads");
    }
}

#[test]
fn shards_merge_to_the_whole_count() {
    let config = config(1);
    let plan = QuadrantsSolver.plan(12, &config).unwrap();
    let records: Vec<_> = (0..5)
        .map(|i| count_shard(plan.as_ref(), Shard::new(i, 5).unwrap(), &config).unwrap())
        .collect();
    let merged = merge(&records, |_, n| QuadrantsSolver.plan(n, &config)).unwrap();
    assert_eq!((merged.count, merged.subproblems), (14200, plan.len()));
    assert_eq!(records[0].strategy, "quadrants");
}

#[test]
fn tables_over_the_memory_limit_are_refused_with_the_estimate() {
    let tight = Config {
        memory_limit: Some(4 << 20),
        ..config(1)
    };
    // n = 16's tables take 8.3 MiB: the exact count is over a 4 MiB limit, and says so.
    match QuadrantsSolver.count(16, &tight) {
        Err(error @ Error::MemoryLimit { n: 16, .. }) => {
            let reason = error.to_string();
            assert!(
                reason.contains("MiB") && reason.contains("4 MiB"),
                "{reason}"
            );
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert!(matches!(
        QuadrantsSolver.plan(16, &tight),
        Err(Error::MemoryLimit { .. })
    ));
    // The estimate bounds what a count holds.
    let run = QuadrantsSolver.count(14, &config(2)).unwrap();
    let estimate = QuadrantsSolver::memory_estimate(14, 2, true).unwrap();
    assert!(
        run.stats.peak_bytes <= estimate,
        "{} > {estimate}",
        run.stats.peak_bytes
    );
}

fn temp_file(name: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("nqueens-quadrants-{}-{name}", std::process::id()));
    std::fs::remove_file(&path).ok();
    path
}

/// A count stopped again and again at pseudo-random points (after a random number of
/// subproblems, or after a random delay, in the middle of one), each time resumed from its
/// checkpoint, ends with the OEIS count.
#[test]
fn a_count_interrupted_at_random_points_resumes_to_the_right_total() {
    let n = 14;
    let path = temp_file("random-resume");
    let plan = QuadrantsSolver.plan(n, &config(2)).unwrap();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut random = move |below: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % below
    };
    let mut interruptions = 0;
    let record = loop {
        let stop = StopFlag::new();
        // The first three stops come after a number of subproblems (so they surely interrupt);
        // then either that or a random delay, which may fall in the middle of a subproblem.
        let by_count = interruptions < 3 || random(2) == 0;
        let observer = by_count.then(|| {
            Arc::new(StopAfter::new(
                1 + random(plan.len() as u64 / 8),
                stop.clone(),
            )) as Arc<dyn Observer>
        });
        let run_config = Config {
            threads: Some(2),
            stop: stop.clone(),
            observer,
            ..Config::default()
        };
        let delay = Duration::from_micros(random(20_000));
        let record = std::thread::scope(|scope| {
            if !by_count {
                let stop = stop.clone();
                scope.spawn(move || {
                    std::thread::sleep(delay);
                    stop.stop();
                });
            }
            Checkpoint::open(&path, plan.as_ref(), None)
                .unwrap()
                .count_shard(plan.as_ref(), Shard::whole(), &run_config)
                .unwrap()
        });
        if record.is_complete() {
            break record;
        }
        assert!(record.count <= known::all_solutions(n).unwrap());
        interruptions += 1;
        assert!(interruptions < 200, "the count never finished");
    };
    assert!(interruptions >= 3, "only {interruptions} interruptions");
    assert_eq!(Some(record.count), known::all_solutions(n));
    std::fs::remove_file(&path).ok();
}

#[test]
fn a_stop_before_the_start_counts_nothing() {
    let stop = StopFlag::new();
    stop.stop();
    let run = QuadrantsSolver
        .count(
            12,
            &Config {
                stop,
                ..Config::default()
            },
        )
        .unwrap();
    assert_eq!((run.total, run.ended), (0, Ended::Interrupted));
}

#[test]
fn a_limit_below_the_tables_fixed_part_is_refused_without_walking_them() {
    // The starts of the tables' runs alone: 64 MiB at n = 22, 384 MiB at 25, 4 GiB at 28.
    // A limit below them is refused from the board's shape (once: after seconds of walking
    // the tables, or building the plan); above them the walk decides.
    for (n, limit, floor) in [
        (22, 1 << 20, "64 MiB"),
        (25, 1 << 20, "384 MiB"),
        (28, 3 << 30, "4 GiB"),
    ] {
        let tight = Config {
            memory_limit: Some(limit),
            ..config(2)
        };
        match QuadrantsSolver.count(n, &tight) {
            Err(Error::MemoryLimit {
                needed:
                    Needed::Tables {
                        tables: Estimate::Between { at_least, .. },
                        ..
                    },
                ..
            }) => assert_eq!(at_least.to_string(), floor, "n = {n}"),
            other => panic!("n = {n}: expected a refusal, got {other:?}"),
        }
    }
}
