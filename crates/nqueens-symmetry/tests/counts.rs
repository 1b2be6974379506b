//! The symmetry counter against OEIS, across thread counts, shards and interrupted runs.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use nqueens_core::{Config, Progress, Solver, StopFlag, known};
use nqueens_symmetry::{
    Checkpoint, CheckpointError, MergeError, Plan, Shard, ShardRecord, SymmetrySolver, merge,
};

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
        assert!(run.complete);
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
    assert!(Plan::new(33).is_err());
}

fn shards(n: usize, k: usize) -> Vec<ShardRecord> {
    let plan = Plan::new(n).unwrap();
    (0..k)
        .map(|i| {
            plan.count_shard(Shard::new(i, k).unwrap(), &config(2))
                .unwrap()
        })
        .collect()
}

#[test]
fn shards_merge_to_the_total() {
    for k in [1, 3, 7] {
        let records = shards(12, k);
        let merged = merge(&records).unwrap();
        assert_eq!((merged.count, merged.unique), (14200, 1787), "k = {k}");
        assert_eq!(merged.subproblems, Plan::new(12).unwrap().len());
        // The JSON form round-trips.
        let json = serde_json::to_string(&records[0]).unwrap();
        assert_eq!(
            serde_json::from_str::<ShardRecord>(&json).unwrap(),
            records[0]
        );
    }
}

#[test]
fn missing_duplicate_and_foreign_shards_are_errors() {
    let records = shards(11, 3);
    assert_eq!(
        merge(&records[..2]),
        Err(MergeError::Missing {
            missing: vec![2],
            count: 3
        })
    );
    let doubled = [records.clone(), records[1..2].to_vec()].concat();
    assert!(matches!(merge(&doubled), Err(MergeError::Duplicate(s)) if s.index() == 1));
    let mut mixed = records.clone();
    mixed[2] = shards(10, 3).remove(2);
    assert!(matches!(merge(&mixed), Err(MergeError::MixedSizes { .. })));
    let mut split = records.clone();
    split.push(shards(11, 2).remove(0));
    assert!(matches!(merge(&split), Err(MergeError::MixedSplits { .. })));
    let mut partial = records.clone();
    partial[0].complete = false;
    assert!(matches!(merge(&partial), Err(MergeError::Incomplete(_))));
    assert_eq!(merge(&[]), Err(MergeError::Empty));
    assert!("2/2".parse::<Shard>().is_err());
    assert!("x".parse::<Shard>().is_err());
}

/// Raises the stop flag once `after` subproblems have finished.
struct StopAfter {
    after: u64,
    done: AtomicU64,
    stop: StopFlag,
}

impl Progress for StopAfter {
    fn start(&self, _total: u64) {}
    fn advance(&self, done: u64) {
        if self.done.fetch_add(done, Ordering::Relaxed) + done >= self.after {
            self.stop.stop();
        }
    }
}

fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("nqueens-symmetry-{}-{name}", std::process::id()));
    std::fs::remove_file(&path).ok();
    path
}

#[test]
fn an_interrupted_count_resumes_from_its_checkpoint() {
    let path = temp_file("resume");
    let plan = Plan::new(13).unwrap();
    let stop = StopFlag::new();
    let interrupted = Config {
        threads: Some(2),
        stop: stop.clone(),
        progress: Some(Arc::new(StopAfter {
            after: 40,
            done: AtomicU64::new(0),
            stop: stop.clone(),
        })),
        ..Config::default()
    };
    let first = Checkpoint::open(&path, &plan)
        .unwrap()
        .count_shard(&plan, Shard::whole(), &interrupted)
        .unwrap();
    assert!(!first.complete);
    assert!(first.count < 73712);

    // A crash in the middle of a write leaves a torn line; it is dropped and redone.
    std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap()
        .write_all(b"17 4")
        .unwrap();
    let checkpoint = Checkpoint::open(&path, &plan).unwrap();
    let saved = checkpoint.done().len();
    assert!((40..plan.len()).contains(&saved), "{saved} saved");
    let resumed = checkpoint
        .count_shard(&plan, Shard::whole(), &config(2))
        .unwrap();
    assert!(resumed.complete);
    assert_eq!((resumed.count, resumed.unique), (73712, 9233));
    std::fs::remove_file(&path).ok();
}

/// A checkpoint file (in the temporary directory, named after `name`) of a finished count of
/// `n`, with the plan it was made for.
fn finished_checkpoint(name: &str, n: usize) -> (PathBuf, Plan) {
    let path = temp_file(name);
    let plan = Plan::new(n).unwrap();
    Checkpoint::open(&path, &plan)
        .unwrap()
        .count_shard(&plan, Shard::whole(), &config(1))
        .unwrap();
    (path, plan)
}

#[test]
fn a_checkpoint_of_another_count_is_refused() {
    let (path, plan) = finished_checkpoint("other", 8);
    let other = Plan::new(9).unwrap();
    assert!(matches!(
        Checkpoint::open(&path, &other),
        Err(CheckpointError::Mismatch { .. })
    ));
    std::fs::write(&path, "hello\n").unwrap();
    assert!(matches!(
        Checkpoint::open(&path, &plan),
        Err(CheckpointError::NotACheckpoint { .. })
    ));
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
    assert!(!run.complete);
    assert_eq!(run.total, 0);
}

#[test]
fn damaged_records_do_not_merge() {
    let records = shards(10, 3);
    // A split into more slices than the plan has subproblems is not one `count --shard` makes,
    // and would otherwise make `merge` list (or allocate) billions of missing slices.
    let mut huge = records.clone();
    huge[0].shard = Shard::new(0, usize::MAX).unwrap();
    assert!(matches!(
        merge(&huge[..1]),
        Err(MergeError::TooManySlices { .. })
    ));
    let mut overflowing = records.clone();
    overflowing[0].count = u64::MAX;
    assert_eq!(merge(&overflowing), Err(MergeError::Overflow));
    // A record from a version whose plan lists the subproblems in another order.
    let mut foreign = records.clone();
    foreign[1].fingerprint = "0123456789abcdef".to_string();
    assert!(matches!(merge(&foreign), Err(MergeError::WrongPlan { .. })));
    assert_eq!(merge(&records).map(|m| m.count), Ok(724));
}

#[test]
fn a_damaged_or_busy_checkpoint_is_refused() {
    let (path, plan) = finished_checkpoint("damaged", 9);
    // A bad line before the last is an edit or two writers, not a torn write: refused.
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[1] = "3 999 1 deadbeef";
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    assert!(matches!(
        Checkpoint::open(&path, &plan),
        Err(CheckpointError::Corrupt { line: 2, .. })
    ));
    // Not text at all.
    std::fs::write(&path, [0xff, 0xfe, 0x00, 0x41]).unwrap();
    assert!(matches!(
        Checkpoint::open(&path, &plan),
        Err(CheckpointError::Io { .. })
    ));
    // Two runs on one file: the second is told the file is in use.
    std::fs::remove_file(&path).ok();
    let held = Checkpoint::open(&path, &plan).unwrap();
    assert!(matches!(
        Checkpoint::open(&path, &plan),
        Err(CheckpointError::InUse { .. })
    ));
    drop(held);
    assert!(Checkpoint::open(&path, &plan).is_ok());
    std::fs::remove_file(&path).ok();
}
