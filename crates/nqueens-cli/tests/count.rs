//! `nqueens count` and `nqueens merge` as a user runs them: class counts, shards spread over
//! separate processes and merged back, checkpoints resumed, and quiet output when piped.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-count-{}-{name}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `count n --shard i/k` as its own process and saves its JSON record; returns the path.
fn shard(dir: &Path, n: usize, i: usize, k: usize) -> PathBuf {
    let output = nqueens()
        .args(["count", &n.to_string(), "--shard", &format!("{i}/{k}")])
        .output()
        .unwrap();
    assert!(output.status.success(), "shard {i}/{k}: {output:?}");
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(record["n"], n);
    assert_eq!(record["shard"], format!("{i}/{k}"));
    assert_eq!(record["complete"], true);
    let path = dir.join(format!("shard-{i}-of-{k}.json"));
    std::fs::write(&path, &output.stdout).unwrap();
    path
}

#[test]
fn unique_counts_classes_of_solutions() {
    nqueens()
        .args(["count", "8", "--unique"])
        .assert()
        .success()
        .stdout("12\n");
    nqueens()
        .args(["count", "10", "--unique", "--threads", "1"])
        .assert()
        .success()
        .stdout("92\n");
}

#[test]
fn every_thread_count_prints_the_same_total_and_nothing_else_when_piped() {
    for threads in ["1", "2", "3"] {
        // Output captured by a pipe is not a terminal: no progress bar, nothing on stderr.
        nqueens()
            .args(["count", "12", "--threads", threads])
            .assert()
            .success()
            .stdout("14200\n")
            .stderr("");
    }
}

#[test]
fn shards_of_any_split_merge_to_the_total() {
    let dir = scratch("merge");
    for k in [3, 5] {
        let files: Vec<PathBuf> = (0..k).map(|i| shard(&dir, 11, i, k)).collect();
        nqueens()
            .arg("merge")
            .args(&files)
            .assert()
            .success()
            .stdout("2680\n");
        nqueens()
            .args(["merge", "--unique"])
            .args(&files)
            .assert()
            .success()
            .stdout("341\n");
        // Records concatenated into one file (as a batch runner collects them) merge too.
        let all: String = files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect();
        nqueens()
            .args(["merge", "-"])
            .write_stdin(all)
            .assert()
            .success()
            .stdout("2680\n");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_missing_or_duplicated_shard_is_an_error() {
    let dir = scratch("bad-merge");
    let files: Vec<PathBuf> = (0..3).map(|i| shard(&dir, 10, i, 3)).collect();
    nqueens()
        .arg("merge")
        .args(&files[..2])
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains("missing shard(s) 2 of 3"));
    nqueens()
        .arg("merge")
        .args([&files[0], &files[1], &files[1], &files[2]])
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains("shard 1/3 appears more than once"));
    let other_size = shard(&dir, 9, 2, 3);
    nqueens()
        .arg("merge")
        .args([&files[0], &files[1], &other_size])
        .assert()
        .failure()
        .stderr(predicate::str::contains("different sizes"));
    // A split into more slices than the plan has subproblems is refused before counting.
    nqueens()
        .args(["count", "10", "--shard", "0/1000000"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("subproblems to share out"));
    std::fs::write(dir.join("junk.json"), "not json\n").unwrap();
    nqueens()
        .args(["merge"])
        .arg(dir.join("junk.json"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a shard record"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_interrupted_checkpointed_count_resumes_to_the_right_total() {
    let dir = scratch("resume");
    let checkpoint = dir.join("count-12.ckpt");
    let path = checkpoint.to_str().unwrap();
    // A run that stopped partway leaves some subproblems in its checkpoint. Counting only the
    // first of three slices into it does the same, deterministically.
    nqueens()
        .args(["count", "12", "--shard", "0/3", "--checkpoint", path])
        .assert()
        .success();
    let saved = std::fs::read_to_string(&checkpoint)
        .unwrap()
        .lines()
        .count()
        - 1;
    assert!(saved > 0);
    // A crash while writing leaves a torn last line: it is dropped and that subproblem redone.
    let mut text = std::fs::read_to_string(&checkpoint).unwrap();
    text.push_str("17 40");
    std::fs::write(&checkpoint, text).unwrap();
    nqueens()
        .args(["count", "12", "--checkpoint", path])
        .assert()
        .success()
        .stdout("14200\n")
        .stderr(predicate::str::contains(format!(
            "{saved} subproblems already counted"
        )));
    // Everything is saved now: a rerun only adds up the file.
    nqueens()
        .args(["count", "12", "--unique", "--checkpoint", path])
        .assert()
        .success()
        .stdout("1787\n");
    // A damaged line in the middle is refused with its line number, not silently dropped.
    let damaged = dir.join("damaged.ckpt");
    let mut lines: Vec<String> = std::fs::read_to_string(&checkpoint)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    lines[1] = "0 1 1 0".to_string();
    std::fs::write(&damaged, lines.join("\n") + "\n").unwrap();
    nqueens()
        .args(["count", "12", "--checkpoint"])
        .arg(&damaged)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("damaged at line 2"));
    // The file belongs to n = 12: another count refuses it.
    nqueens()
        .args(["count", "11", "--checkpoint", path])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("belongs to another count"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn quadrants_counts_and_refuses_tables_over_the_memory_limit() {
    nqueens()
        .args(["count", "12", "--strategy", "quadrants"])
        .assert()
        .success()
        .stdout("14200\n");
    nqueens()
        .args(["count", "16", "-s", "quadrants", "--memory-limit", "4M"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("quadrants refuses n = 16").and(
            predicate::str::contains("above the memory limit of 4 MiB (--memory-limit raises it)"),
        ));
    // Refusing a size far above the limit stops measuring the tables as soon as they pass it
    // (measuring all of n = 24's took minutes), and gives an estimate from a sample of them
    // (35 GiB against the 38 GiB counted exactly) or, beyond n = 24, the bound.
    nqueens()
        .args(["count", "24", "-s", "quadrants", "--memory-limit", "64M"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("above the memory limit of 64 MiB")
                .and(predicate::str::is_match(r"about 3\d\.\d GiB of quarter tables").unwrap()),
        );
    nqueens()
        .args(["count", "26", "-s", "quadrants", "--memory-limit", "64M"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("GiB of quarter tables")
                .and(predicate::str::contains("at most")),
        );
    nqueens()
        .args(["count", "12", "-s", "quadrants", "--memory-limit", "lots"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a memory size"));
}

/// `--json` asks for statistics: the symmetry counter reports the nodes of its searches (their
/// definition is checked against plain backtracking in the kernel's tests), at least one per
/// class and at most the 34,815 of plain backtracking over the whole n = 10 board; the plain
/// count prints the same total.
#[test]
fn json_reports_the_symmetry_counters_nodes() {
    let output = nqueens()
        .args(["count", "10", "-s", "symmetry", "--json", "--threads", "2"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (report["total"].as_u64(), report["unique"].as_u64()),
        (Some(724), Some(92))
    );
    let nodes = report["stats"]["nodes"].as_u64().unwrap();
    assert!((92..=34_815).contains(&nodes), "{nodes} nodes");
    nqueens()
        .args(["count", "10", "-s", "symmetry"])
        .assert()
        .success()
        .stdout("724\n");
}

#[test]
fn merge_unique_refuses_records_of_a_strategy_that_counts_no_classes() {
    let output = nqueens()
        .args(["count", "10", "-s", "quadrants", "--shard", "0/1"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    nqueens()
        .args(["merge", "-"])
        .write_stdin(output.stdout.clone())
        .assert()
        .success()
        .stdout("724\n");
    nqueens()
        .args(["merge", "--unique", "-"])
        .write_stdin(output.stdout)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("quadrants does not count classes"));
}

#[test]
fn the_default_counter_falls_back_when_quadrants_refuses_for_memory() {
    nqueens()
        .args(["count", "14", "--memory-limit", "1M"])
        .assert()
        .success()
        .stdout("365596\n")
        .stderr(
            predicate::str::contains("quadrants refuses n = 14: its tables would take about")
                .and(predicate::str::contains("(--memory-limit raises it)"))
                .and(predicate::str::contains("counting with symmetry instead")),
        );
    nqueens()
        .args(["count", "14", "-s", "quadrants", "--memory-limit", "1M"])
        .assert()
        .code(2);
}
