//! `nqueens report` and the bench's run manifest (issue 30): results of runs of different
//! builds are refused unless `--allow-mixed`, an interrupted run unless `--allow-partial`, and
//! a `--stats` path that is missing or a directory is an error; the report already there stays.

use super::*;
use nqueens_report::{
    CaseRecord, CaseStatus, HARNESS_VERSION, MANIFEST_NAME, Run, RunManifest, StatsFile,
};

/// Criterion's files for `count_all/<function>/8`, and a run directory around them: the
/// statistics name the runs given, one row each, and the manifest lists them.
fn run_dir(scratch: &Scratch, runs: &[Run]) -> (PathBuf, PathBuf) {
    let criterion = scratch.path("criterion");
    let mut stats = StatsFile::default();
    for (i, run) in runs.iter().enumerate() {
        let function = ["bitmask", "vector"][i % 2];
        let dir = criterion.join(format!("count_all/{function}/8/new"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("benchmark.json"),
            format!(
                r#"{{"group_id":"count_all","function_id":"{function}","value_str":"8","throughput":null}}"#
            ),
        )
        .unwrap();
        let interval = r#"{"confidence_interval":{"confidence_level":0.95,"lower_bound":900.0,"upper_bound":1100.0},"point_estimate":1000.0,"standard_error":1.0}"#;
        std::fs::write(
            dir.join("estimates.json"),
            format!(r#"{{"mean":{interval},"median":{interval}}}"#),
        )
        .unwrap();
        let mut record = CaseRecord::new("count_all", function, function, 8, CaseStatus::Measured);
        record.run = run.id.clone();
        stats.records.push(record);
    }
    let bench = scratch.path("bench");
    stats.write(&bench.join("stats.csv")).unwrap();
    RunManifest {
        harness: HARNESS_VERSION,
        runs: runs.to_vec(),
    }
    .write(&bench.join(MANIFEST_NAME))
    .unwrap();
    (criterion, bench.join("stats.csv"))
}

fn run(id: &str, commit: &str, finished: bool) -> Run {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    Run {
        id: id.into(),
        commit: commit.into(),
        profile: "default".into(),
        started: now - 60,
        finished: finished.then_some(now + 60),
        cases_planned: 10,
        cases_done: 4,
        ..Run::default()
    }
}

/// `nqueens report` on these files into `out`, with `extra` flags.
fn report(
    criterion: &Path,
    stats: &Path,
    out: &Path,
    extra: &[&str],
) -> assert_cmd::assert::Assert {
    nqueens()
        .arg("report")
        .arg("--criterion")
        .arg(criterion)
        .arg("--stats")
        .arg(stats)
        .arg("--out")
        .arg(out)
        .args(["--boards", "4"])
        .args(extra)
        .assert()
}

#[test]
fn report_refuses_mixed_and_interrupted_runs_unless_asked() {
    let scratch = Scratch::new("report-runs");
    let out = scratch.path("reports");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("README.md"), "the committed report\n").unwrap();
    let kept = || std::fs::read_to_string(out.join("README.md")).unwrap();

    let (criterion, stats) = run_dir(
        &scratch,
        &[run("a", "1111111", true), run("b", "2222222", true)],
    );
    report(&criterion, &stats, &out, &[])
        .code(1)
        .stderr(predicate::str::contains("commit 1111111 / 2222222"))
        .stderr(predicate::str::contains("--allow-mixed"));
    assert_eq!(kept(), "the committed report\n");
    report(&criterion, &stats, &out, &["--allow-mixed"]).success();
    assert!(kept().contains("**Mixed runs:**"));

    std::fs::write(out.join("README.md"), "the committed report\n").unwrap();
    let scratch = Scratch::new("report-interrupted");
    let (criterion, stats) = run_dir(&scratch, &[run("a", "1111111", false)]);
    report(&criterion, &stats, &out, &[])
        .code(1)
        .stderr(predicate::str::contains("interrupted after 4 of 10 cases"));
    assert_eq!(kept(), "the committed report\n");
    report(&criterion, &stats, &out, &["--allow-partial"]).success();
}

#[test]
fn report_refuses_a_stats_path_that_is_missing_or_a_directory() {
    let scratch = Scratch::new("report-stats-path");
    let (criterion, stats) = run_dir(&scratch, &[run("a", "1111111", true)]);
    let out = scratch.path("reports");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("README.md"), "the committed report\n").unwrap();
    let dir = stats.parent().unwrap().to_path_buf();
    report(&criterion, &dir, &out, &[])
        .code(1)
        .stderr(predicate::str::contains("a directory, not a regular file"));
    report(&criterion, &scratch.path("absent.csv"), &out, &[])
        .code(1)
        .stderr(predicate::str::contains("no such file"));
    assert_eq!(
        std::fs::read_to_string(out.join("README.md")).unwrap(),
        "the committed report\n"
    );
}

#[test]
fn a_refused_report_writes_nothing() {
    // Criterion's results were written now, outside the only run the statistics describe:
    // the report refuses them only once it has read everything.
    let scratch = Scratch::new("report-refused-whole");
    let mut old = run("a", "1111111", true);
    old.started -= 100_000;
    old.finished = Some(old.started + 600);
    let (criterion, stats) = run_dir(&scratch, &[old]);
    let out = scratch.path("reports");
    std::fs::create_dir_all(&out).unwrap();
    let before = ["README.md", "traces.html", "trace-bitmask.svg"];
    for name in before {
        std::fs::write(out.join(name), "the committed report\n").unwrap();
    }
    report(&criterion, &stats, &out, &[])
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("none of its 1 results belong"));
    for name in before {
        let kept = std::fs::read_to_string(out.join(name)).unwrap();
        assert!(kept == "the committed report\n", "{name} was rewritten");
    }
    assert_eq!(
        std::fs::read_dir(&out).unwrap().count(),
        before.len(),
        "files were added"
    );
    // Into a new folder, nothing at all.
    let fresh = scratch.path("fresh");
    report(&criterion, &stats, &fresh, &[]).code(1);
    assert!(!fresh.exists(), "a partial report was left in a new folder");
}
