//! The symmetry counter against OEIS, across thread counts, shards and interrupted runs.
//!
//! The split machinery's own checks (bad shards, damaged records and checkpoints) are tested
//! once for every strategy in `nqueens-run/tests/split.rs`.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use nqueens_core::{Config, Ended, Solver, StopFlag, Strategy, known};
use nqueens_run::StopAfter;
use nqueens_run::split::{
    Checkpoint, MergeError, Shard, ShardRecord, Subproblems, count_shard, count_subproblems, merge,
};
use nqueens_symmetry::SymmetrySolver;

/// The plan the solver hands out for `n`.
fn plan(n: usize) -> Box<dyn Subproblems> {
    SymmetrySolver.plan(n, &Config::default()).unwrap()
}

fn config(threads: usize) -> Config {
    Config {
        threads: Some(threads),
        ..Config::default()
    }
}

#[test]
fn totals_and_classes_match_oeis_up_to_15() {
    for n in 1..=15 {
        let run = SymmetrySolver.count(n, &Config::default()).unwrap();
        assert!(run.is_complete());
        assert_eq!(Some(run.total), known::all_solutions(n), "n = {n}");
        assert_eq!(run.unique, known::unique_solutions(n), "n = {n}");
    }
}

#[test]
fn every_thread_count_gives_the_same_counts() {
    for threads in 1..=3 {
        let run = SymmetrySolver.count(13, &config(threads)).unwrap();
        assert_eq!(
            (run.total, run.unique),
            (73712, Some(9233)),
            "{threads} threads"
        );
    }
}

#[test]
fn limits_are_enforced() {
    assert!(SymmetrySolver.count(0, &Config::default()).is_err());
    assert!(SymmetrySolver.count(29, &Config::default()).is_err());
    assert!(SymmetrySolver.first(8, &Config::default()).is_err());
    assert!(SymmetrySolver.plan(29, &Config::default()).is_err());
}

#[test]
fn the_plan_is_what_the_solver_hands_out() {
    let capabilities = SymmetrySolver.capabilities();
    assert!(capabilities.counts_classes && capabilities.resumable);
    let direct = plan(12);
    assert_eq!((direct.strategy(), direct.n()), ("symmetry", 12));
    // No border constellation exists for n = 2 and 3: nothing to count, one slice to share.
    for n in [2, 3] {
        let plan = plan(n);
        assert!(plan.is_empty());
        assert_eq!(plan.max_slices(), 1);
    }
    // The runner counts any subset; the plan's pieces add up to the whole.
    let all: Vec<usize> = (0..direct.len()).collect();
    let run = count_subproblems(&*direct, &all, &config(2), &|_, _| {}).unwrap();
    assert_eq!(
        (run.total, run.unique, run.done, run.ended),
        (14200, 1787, direct.len(), Ended::Exhausted)
    );
}

fn shards(n: usize, k: usize) -> Vec<ShardRecord> {
    let plan = plan(n);
    (0..k)
        .map(|i| count_shard(&*plan, Shard::new(i, k).unwrap(), &config(2)).unwrap())
        .collect()
}

/// The symmetry plan for the records' strategy and size, as `nqueens merge` makes it.
fn plan_for(strategy: &str, n: usize) -> Result<Box<dyn Subproblems>, nqueens_core::Error> {
    assert_eq!(strategy, "symmetry");
    SymmetrySolver.plan(n, &Config::default())
}

#[test]
fn shards_merge_to_the_total() {
    for k in [1, 3, 7] {
        let records = shards(12, k);
        let merged = merge(&records, plan_for).unwrap();
        assert_eq!((merged.count, merged.unique), (14200, 1787), "k = {k}");
        assert_eq!(merged.subproblems, plan(12).len());
        assert!(
            records
                .iter()
                .all(|r| r.strategy == "symmetry" && r.is_complete())
        );
    }
    assert_eq!(merge(&shards(10, 3), plan_for).map(|m| m.count), Ok(724));
    // Records of n = 29 cannot be checked against a plan: the counter refuses that size.
    let mut beyond = shards(10, 1);
    beyond[0].n = 29;
    assert!(matches!(
        merge(&beyond, plan_for),
        Err(MergeError::Plan { n: 29, .. })
    ));
}

fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("nqueens-symmetry-{}-{name}", std::process::id()));
    std::fs::remove_file(&path).ok();
    path
}

#[test]
fn an_interrupted_count_resumes_from_its_checkpoint() {
    let path = temp_file("resume");
    let plan = plan(13);
    let stop = StopFlag::new();
    let interrupted = Config {
        threads: Some(2),
        stop: stop.clone(),
        observer: Some(Arc::new(StopAfter::new(40, stop.clone()))),
        ..Config::default()
    };
    let first = Checkpoint::open(&path, &*plan, None)
        .unwrap()
        .count_shard(&*plan, Shard::whole(), &interrupted)
        .unwrap();
    assert!(!first.is_complete());
    assert!(first.count < 73712);
    // The file says whose count it holds, in the format of every earlier version.
    let text = std::fs::read_to_string(&path).unwrap();
    let header = format!(
        "nqueens checkpoint strategy=symmetry n=13 subproblems={} plan={}\n",
        plan.len(),
        plan.fingerprint()
    );
    assert!(text.starts_with(&header), "{text}");

    // A crash in the middle of a write leaves a torn line; it is dropped and redone.
    std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap()
        .write_all(b"17 4")
        .unwrap();
    let checkpoint = Checkpoint::open(&path, &*plan, None).unwrap();
    let saved = checkpoint.done().len();
    assert!((40..plan.len()).contains(&saved), "{saved} saved");
    let resumed = checkpoint
        .count_shard(&*plan, Shard::whole(), &config(2))
        .unwrap();
    assert!(resumed.is_complete());
    assert_eq!((resumed.count, resumed.unique), (73712, 9233));
    std::fs::remove_file(&path).ok();
}

#[test]
fn a_stop_before_the_start_counts_nothing() {
    let stop = StopFlag::new();
    stop.stop();
    let run = SymmetrySolver
        .count(
            12,
            &Config {
                stop,
                ..Config::default()
            },
        )
        .unwrap();
    assert!(!run.is_complete());
    assert_eq!((run.total, run.ended), (0, Ended::Interrupted));
}
