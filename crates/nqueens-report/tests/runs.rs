//! One run, one report: a baseline comparison from synthetic run directories (a slowed strategy
//! is a regression, an unchanged one is not), runs of different builds refused unless mixed on
//! purpose, and bad inputs refused with the existing report left as it was.

use std::path::{Path, PathBuf};

use nqueens_report::{
    Baseline, CaseRecord, CaseStatus, EVERY_THREAD_COUNTED, HARNESS_VERSION, MANIFEST_NAME, MARGIN,
    Noise, ReportInput, ReportOptions, Run, RunManifest, StatsFile, Verdict, load, origin,
    read_criterion, write_report,
};

use crate::common::{TempDir, fake_benchmark};

/// Criterion's three files for `count_all/function/n`: ten samples of one iteration around
/// `nanos` (±2%), and the estimates they give.
fn sampled_benchmark(root: &Path, function: &str, n: usize, nanos: f64) {
    let new = fake_benchmark(root, "count_all", function, n, nanos, 0.02);
    let times: Vec<String> = (0..10)
        .map(|i| format!("{}", nanos * (0.98 + 0.004 * f64::from(i))))
        .collect();
    std::fs::write(
        new.join("sample.json"),
        format!(
            r#"{{"sampling_mode":"Flat","iters":[1,1,1,1,1,1,1,1,1,1],"times":[{}]}}"#,
            times.join(",")
        ),
    )
    .unwrap();
}

/// Seconds since the epoch: the synthetic runs span the test, so criterion's files, written
/// now, belong to them.
fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

fn run(id: &str, commit: &str, profile: &str) -> Run {
    Run {
        id: id.into(),
        commit: commit.into(),
        profile: profile.into(),
        cpu: "Test CPU".into(),
        cores: 2,
        rustc: "rustc 1.95.0".into(),
        flags: "optimized".into(),
        started: now() - 60,
        finished: Some(now() + 60),
        ..Run::default()
    }
}

/// A saved run in `dir`: `criterion/`, `stats.csv` and `run.json`, with bitmask, vector and
/// dlx counting at n = 12 in the given times (nanoseconds).
fn saved_run(dir: &Path, runs: &[Run], times: [(&str, f64); 3]) -> PathBuf {
    let criterion = dir.join("criterion");
    let mut stats = StatsFile::default();
    for (i, (function, nanos)) in times.into_iter().enumerate() {
        sampled_benchmark(&criterion, function, 12, nanos);
        let mut record = CaseRecord::new("count_all", function, function, 12, CaseStatus::Measured);
        record.run = runs[i.min(runs.len() - 1)].id.clone();
        stats.records.push(record);
    }
    stats.write(&dir.join("stats.csv")).unwrap();
    RunManifest {
        harness: HARNESS_VERSION,
        runs: runs.to_vec(),
    }
    .write(&dir.join(MANIFEST_NAME))
    .unwrap();
    criterion
}

fn options(out: &Path) -> ReportOptions {
    ReportOptions {
        out: out.to_path_buf(),
        png: false,
    }
}

fn input(dir: &Path, baseline: Option<Baseline>) -> ReportInput {
    let (criterion, stats) = load(&dir.join("criterion"), &dir.join("stats.csv")).unwrap();
    ReportInput {
        criterion,
        stats,
        generated: "2026-01-02 05:00 UTC".into(),
        manifest: Some(RunManifest::read(&dir.join(MANIFEST_NAME)).unwrap()),
        baselines: baseline.into_iter().collect(),
        by_hand: Vec::new(),
        ..ReportInput::default()
    }
}

#[test]
fn a_slowed_strategy_is_a_regression_and_an_unchanged_one_is_not() {
    let tmp = TempDir::new("baseline");
    let before = tmp.0.join("before");
    let after = tmp.0.join("after");
    saved_run(
        &before,
        &[run("b", "1111111", "default")],
        [("bitmask", 1e6), ("vector", 4e6), ("dlx", 2e6)],
    );
    // bitmask deliberately slowed 3×, vector unchanged, dlx 3× faster: each strategy has one
    // case here, so a move must be beyond its band raised to FAMILY_MARGIN to count alone.
    saved_run(
        &after,
        &[run("a", "2222222", "default")],
        [("bitmask", 3e6), ("vector", 4e6), ("dlx", 2e6 / 3.0)],
    );
    // Callgrind's counts: bitmask's kernel executes 1.5× the instructions, vector's the same.
    for (dir, run, bitmask) in [(&before, "b", 500_000), (&after, "a", 750_000)] {
        let mut stats = StatsFile::read(&dir.join("stats.csv")).unwrap();
        for (id, count) in [("bitmask", bitmask), ("vector", 20_000_000)] {
            let mut r = CaseRecord::new("instructions", id, id, 10, CaseStatus::Measured);
            r.run = run.into();
            r.note = format!("count: {EVERY_THREAD_COUNTED}");
            r.instructions = count;
            stats.records.push(r);
        }
        stats.write(&dir.join("stats.csv")).unwrap();
    }
    let baseline = Baseline::read(&before).unwrap();
    assert_eq!(baseline.criterion.estimates.len(), 3);
    let out = tmp.0.join("report");
    let summary = write_report(&input(&after, Some(baseline)), &options(&out)).unwrap();
    let changes = summary.changes.unwrap();
    let verdict = |case: &str| {
        changes
            .iter()
            .find(|c| c.case == case)
            .map(|c| c.verdict)
            .unwrap()
    };
    assert_eq!(verdict("count_all/bitmask/12"), Verdict::Regression);
    assert_eq!(verdict("count_all/vector/12"), Verdict::Noise);
    assert_eq!(verdict("count_all/dlx/12"), Verdict::Gain);
    let readme = std::fs::read_to_string(out.join("README.md")).unwrap();
    let summary_at = readme.find("## Summary").unwrap();
    let mut lines = readme[summary_at..].lines().skip(2);
    let first = lines.next().unwrap();
    assert!(
        first.starts_with("- Regression against the baseline: `count_all/bitmask/12` 3.00× slower")
            && first.contains("the band for a case alone"),
        "{first}"
    );
    let second = lines.next().unwrap();
    assert!(
        second.starts_with(
            "- Regression against the baseline: `instructions/bitmask/count-10` more \
             instructions (500k → 750k, ×1.500"
        ),
        "{second}"
    );
    assert!(!readme.contains("Regression against the baseline: `instructions/vector"));
    assert!(readme.contains("## Instructions"), "{readme}");
    assert!(readme.contains("## Against the baseline"));
    assert!(
        readme.contains("| `count_all/vector/12` | 4 ms | 4 ms | 1.000 |"),
        "{readme}"
    );
    assert!(readme.contains("within the noise"));
    assert!(!readme.contains("Regression against the baseline: `count_all/vector"));
}

#[test]
fn a_baseline_without_common_cases_is_refused_and_the_report_kept() {
    let tmp = TempDir::new("disjoint");
    let before = tmp.0.join("before");
    let after = tmp.0.join("after");
    saved_run(
        &before,
        &[run("b", "1111111", "default")],
        [("sat", 1e6), ("cp", 4e6), ("permutation", 2e6)],
    );
    saved_run(
        &after,
        &[run("a", "1111111", "default")],
        [("bitmask", 1e6), ("vector", 4e6), ("dlx", 2e6)],
    );
    let out = tmp.0.join("report");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("README.md"), "the committed report\n").unwrap();
    let baseline = Baseline::read(&before).unwrap();
    let error = write_report(&input(&after, Some(baseline)), &options(&out)).unwrap_err();
    assert!(error.to_string().contains("no case in common"), "{error}");
    assert_eq!(
        std::fs::read_to_string(out.join("README.md")).unwrap(),
        "the committed report\n"
    );
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 1);
}

#[test]
fn baselines_of_different_commits_together_are_refused_and_the_report_kept() {
    let tmp = TempDir::new("two-builds");
    let cases = [("bitmask", 1e6), ("vector", 4e6), ("dlx", 2e6)];
    let (one, two, after) = (tmp.0.join("one"), tmp.0.join("two"), tmp.0.join("after"));
    saved_run(&one, &[run("b", "1111111", "default")], cases);
    saved_run(&two, &[run("c", "3333333", "default")], cases);
    saved_run(&after, &[run("a", "2222222", "default")], cases);
    let out = tmp.0.join("report");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("README.md"), "the committed report\n").unwrap();
    let mut input = input(&after, None);
    input.baselines = vec![Baseline::read(&one).unwrap(), Baseline::read(&two).unwrap()];
    let error = write_report(&input, &options(&out)).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("different builds"), "{message}");
    assert!(message.contains("commit 1111111 / 3333333"), "{message}");
    assert_eq!(
        std::fs::read_to_string(out.join("README.md")).unwrap(),
        "the committed report\n"
    );
}

#[test]
fn kept_runs_of_one_build_widen_the_band_of_a_strategy_that_wandered() {
    let tmp = TempDir::new("kept");
    let kept = tmp.0.join("runs");
    let (one, two) = (kept.join("1"), kept.join("2"));
    saved_run(
        &one,
        &[run("k1", "1111111", "default")],
        [("bitmask", 1e6), ("vector", 4e6), ("dlx", 2e6)],
    );
    saved_run(
        &two,
        &[run("k2", "1111111", "default")],
        [("bitmask", 1.4e6), ("vector", 4e6), ("dlx", 2e6)],
    );
    // A run of another build, and a directory that is no run, are passed over.
    saved_run(
        &kept.join("3"),
        &[run("k3", "3333333", "default")],
        [("bitmask", 9e6), ("vector", 4e6), ("dlx", 2e6)],
    );
    std::fs::create_dir_all(kept.join("not-a-run")).unwrap();
    let baseline = Baseline::read(&one).unwrap();
    let noise = Noise::for_comparison(std::slice::from_ref(&baseline), Some(&kept));
    assert!(
        noise.source.starts_with("the runs kept in"),
        "{}",
        noise.source
    );
    assert!(
        noise.source.contains("2 runs of 1111111"),
        "{}",
        noise.source
    );
    let band = noise.time_band("count_all/bitmask/12", 1e-3);
    assert!(band >= 1.4f64.powf(MARGIN) - 1e-9, "{band}");
    let without = Noise::for_comparison(&[baseline], None);
    assert!(without.time_band("count_all/bitmask/12", 1e-3) < band);
}

#[test]
fn runs_of_different_builds_are_mixed_and_marked_row_by_row() {
    let tmp = TempDir::new("mixed");
    let dir = tmp.0.join("run");
    let runs = [run("a", "1111111", "default"), run("b", "2222222", "full")];
    saved_run(
        &dir,
        &runs,
        [("bitmask", 1e6), ("vector", 4e6), ("dlx", 2e6)],
    );
    let input = input(&dir, None);
    let origin = origin(
        input.manifest.as_ref().unwrap(),
        &input.stats.as_ref().unwrap().records,
        &dir.join(MANIFEST_NAME),
    )
    .unwrap();
    assert_eq!(
        origin.mixed,
        ["commit 1111111 / 2222222", "profile default / full"]
    );
    // Asked to mix anyway (`--allow-mixed`), every row names its run.
    let out = tmp.0.join("report");
    write_report(&input, &options(&out)).unwrap();
    let readme = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(readme.contains("**Mixed runs:**"), "{readme}");
    let date = runs[0].date();
    assert!(readme.contains(&format!("| 1111111 {date} |")), "{readme}");
    assert!(readme.contains(&format!("| 2222222 {date} |")), "{readme}");
}

#[test]
fn bad_inputs_are_refused_with_a_reason() {
    let tmp = TempDir::new("bad");
    let dir = tmp.0.join("run");
    let criterion = saved_run(
        &dir,
        &[run("a", "1111111", "default")],
        [("bitmask", 1e6), ("vector", 4e6), ("dlx", 2e6)],
    );
    // A statistics path that is a directory: an error, not a thinner report.
    let error = load(&criterion, &dir).unwrap_err().to_string();
    assert!(error.contains("a directory, not a regular file"), "{error}");
    // A stats file with a column missing (an older harness): the columns are named.
    let text = std::fs::read_to_string(dir.join("stats.csv")).unwrap();
    let old = text.replacen("run,group", "group", 1);
    std::fs::write(tmp.0.join("old.csv"), old).unwrap();
    let error = load(&criterion, &tmp.0.join("old.csv"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("missing column(s) run"), "{error}");
    // A row with an extra column.
    let extra = format!("{}x,\n", text);
    std::fs::write(tmp.0.join("extra.csv"), extra).unwrap();
    let error = load(&criterion, &tmp.0.join("extra.csv"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("missing or extra columns"), "{error}");
    // A manifest from another harness version.
    std::fs::write(tmp.0.join(MANIFEST_NAME), r#"{"harness":1,"runs":[]}"#).unwrap();
    let error = RunManifest::read(&tmp.0.join(MANIFEST_NAME))
        .unwrap_err()
        .to_string();
    assert!(error.contains("harness version 1"), "{error}");
    // A criterion file that is a link to an endless device, and a FIFO: skipped, not read.
    let estimates = criterion.join("count_all/vector/12/new/estimates.json");
    std::fs::remove_file(&estimates).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &estimates).unwrap();
    let fifo = criterion.join("count_all/dlx/12/new/benchmark.json");
    std::fs::remove_file(&fifo).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let data = read_criterion(&criterion).unwrap();
    assert_eq!(
        data.estimates.len(),
        1 + usize::from(!made.is_ok_and(|s| s.success()))
    );
    assert!(
        data.warnings
            .iter()
            .any(|w| w.contains("not a regular file")),
        "{:?}",
        data.warnings
    );
}

#[test]
fn results_of_another_run_are_refused_and_the_report_kept() {
    let tmp = TempDir::new("other");
    let dir = tmp.0.join("run");
    saved_run(
        &dir,
        &[run("a", "1111111", "default")],
        [("bitmask", 1e6), ("vector", 4e6), ("dlx", 2e6)],
    );
    // The statistics name other strategies than criterion measured (another harness).
    let mut stats = StatsFile::read(&dir.join("stats.csv")).unwrap();
    for r in &mut stats.records {
        r.id = format!("{}-renamed", r.id);
    }
    stats.write(&dir.join("stats.csv")).unwrap();
    let out = tmp.0.join("report");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("README.md"), "the committed report\n").unwrap();
    let error = write_report(&input(&dir, None), &options(&out)).unwrap_err();
    assert!(
        error.to_string().contains("none of its 3 results belong"),
        "{error}"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("README.md")).unwrap(),
        "the committed report\n"
    );
}
