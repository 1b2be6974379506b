//! `nqueens report --format json|csv` as a user runs it: the run's results on standard output,
//! and the report's own options refused with the reason, before anything is read.

use std::path::PathBuf;

use assert_cmd::Command;
use predicates::prelude::*;

fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

/// A criterion directory with one benchmark, `count_all/bitmask/8`, of median 3,500 ns; removed
/// when dropped.
struct Criterion(PathBuf);

impl Criterion {
    fn new(name: &str) -> Self {
        let root =
            std::env::temp_dir().join(format!("nqueens-export-{name}-{}", std::process::id()));
        let dir = root.join("count_all/bitmask/8/new");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("benchmark.json"),
            r#"{"group_id":"count_all","function_id":"bitmask","value_str":"8"}"#,
        )
        .unwrap();
        let interval = r#"{"confidence_interval":{"confidence_level":0.95,"lower_bound":3400.0,"upper_bound":3600.0},"point_estimate":3500.0}"#;
        std::fs::write(
            dir.join("estimates.json"),
            format!(r#"{{"mean":{interval},"median":{interval}}}"#),
        )
        .unwrap();
        Criterion(root)
    }
}

impl Drop for Criterion {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn report_format_json_and_csv_print_the_runs_results() {
    let criterion = Criterion::new("print");
    let output = nqueens()
        .args(["report", "--format", "json", "--criterion"])
        .arg(&criterion.0)
        .env("CARGO_TARGET_DIR", &criterion.0)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let latency = &json["count_all/bitmask/8"]["latency"];
    assert_eq!(latency["value"].as_f64().map(f64::round), Some(3500.0));
    assert_eq!(
        latency["lower_value"].as_f64().map(f64::round),
        Some(3400.0)
    );
    assert_eq!(
        latency["upper_value"].as_f64().map(f64::round),
        Some(3600.0)
    );
    assert!(!criterion.0.join("results.json").exists());
    nqueens()
        .args(["report", "--format", "csv", "--criterion"])
        .arg(&criterion.0)
        .env("CARGO_TARGET_DIR", &criterion.0)
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "benchmark,measure,value,lower,upper\ncount_all/bitmask/8,latency,3500",
        ));
}

#[test]
fn report_format_json_refuses_the_reports_own_options() {
    for option in [
        &["--png"][..],
        &["--out", "elsewhere"],
        &["--boards", "8"],
        &["--baseline", "before"],
        &["--by-hand", "counts.csv"],
    ] {
        nqueens()
            .args(["report", "--format", "json", "--criterion", "nowhere"])
            .args(option)
            .assert()
            .failure()
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "{} belongs to the report",
                option[0]
            )));
    }
    nqueens()
        .args(["report", "--format", "xml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "[possible values: report, json, csv]",
        ));
}
