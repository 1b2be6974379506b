//! `nqueens count --symmetric` and the symmetry types of `count --unique --json`, as a user runs
//! them.

use assert_cmd::Command;
use predicates::prelude::*;

fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let output = nqueens().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn symmetric_counts_print_p_and_r() {
    // OEIS A033148 and A032522.
    nqueens()
        .args(["count", "33", "--symmetric", "quarter"])
        .assert()
        .success()
        .stdout("667904\n");
    nqueens()
        .args(["count", "18", "--symmetric", "half", "--threads", "1"])
        .assert()
        .success()
        .stdout("18104\n");
    let value = json(&["count", "16", "--symmetric", "half", "--json"]);
    assert_eq!(value["n"], 16);
    assert_eq!(value["symmetric"], "half");
    assert_eq!(value["total"], 3000);
    assert_eq!(value["complete"], true);
    // A size the full count refuses.
    nqueens()
        .args(["count", "30", "--symmetric", "quarter"])
        .assert()
        .success()
        .stdout("0\n");
}

#[test]
fn unique_json_reports_the_classes_by_orbit_and_p_and_r() {
    let value = json(&["count", "12", "--unique", "--json"]);
    assert_eq!(value["total"], 14200);
    assert_eq!(value["unique"], 1787);
    assert_eq!(value["half_turn"], 80);
    assert_eq!(value["quarter_turn"], 8);
    let orbits = &value["classes_by_orbit"];
    assert_eq!(
        [&orbits["8"], &orbits["4"], &orbits["2"], &orbits["1"]],
        [1765, 18, 4, 0]
    );
    let value = json(&["count", "8", "--unique", "--json"]);
    assert_eq!(value["classes_by_orbit"]["4"], 1);
    // Without --unique the JSON stays as it was.
    let value = json(&["count", "8", "--json"]);
    assert!(value.get("half_turn").is_none());
    nqueens()
        .args(["count", "8", "--unique"])
        .assert()
        .success()
        .stdout("12\n");
}

#[test]
fn symmetric_refuses_what_it_cannot_do() {
    let refused: &[(&[&str], &str)] = &[
        (
            &["count", "8", "--symmetric", "half", "--strategy", "bitmask"],
            "bitmask cannot do it",
        ),
        (
            &["count", "8", "--symmetric", "half", "--shard", "0/2"],
            "--shard",
        ),
        (
            &["count", "8", "--symmetric", "quarter", "--unique"],
            "--unique cannot be used with --symmetric",
        ),
        (
            &["count", "8", "--symmetric", "quarter", "--variant", "x"],
            "no variant \"x\"",
        ),
        (&["count", "65", "--symmetric", "quarter"], "up to 64"),
        (&["count", "8", "--symmetric", "diagonal"], "diagonal"),
    ];
    for (args, message) in refused {
        nqueens()
            .args(*args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(*message));
    }
    nqueens()
        .args([
            "count",
            "8",
            "--symmetric",
            "half",
            "--strategy",
            "symmetry",
        ])
        .assert()
        .success()
        .stdout("4\n");
}

#[test]
fn a_symmetric_count_resumes_from_its_checkpoint() {
    let dir = std::env::temp_dir().join(format!("nqueens-symmetric-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("r.ckpt");
    let path = path.to_str().unwrap();
    for _ in 0..2 {
        nqueens()
            .args([
                "count",
                "29",
                "--symmetric",
                "quarter",
                "--checkpoint",
                path,
            ])
            .assert()
            .success()
            .stdout("43776\n");
    }
    // A checkpoint of another count is refused.
    nqueens()
        .args(["count", "29", "--symmetric", "half", "--checkpoint", path])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("another count"));
    std::fs::remove_dir_all(&dir).ok();
}

/// Records that pass their own check but whose classes do not add up (a wrong count, or a
/// deliberate edit resealed) are caught by Burnside's identity at merge: an error, not a total.
#[test]
fn merge_checks_the_identity() {
    use nqueens::core::split::ShardRecord;
    let dir = std::env::temp_dir().join(format!("nqueens-symmetric-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for i in 0..2 {
        let output = nqueens()
            .args(["count", "10", "--shard", &format!("{i}/2")])
            .output()
            .unwrap();
        assert!(output.status.success());
        let mut record: ShardRecord = serde_json::from_slice(&output.stdout).unwrap();
        if i == 1 {
            // One subproblem's classes and the total, so that the tallies still add up.
            record.unique += 1;
            record.tallies.as_mut().expect("per-subproblem counts")[0][1] += 1;
            record.seal();
        }
        let path = dir.join(format!("shard-{i}.json"));
        std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
        files.push(path);
    }
    nqueens()
        .arg("merge")
        .args(&files)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("Burnside"));
    std::fs::remove_dir_all(&dir).ok();
}

/// Ctrl-C stops a long symmetric count within moments, with the partial count marked so
/// (Linux: the child's `/proc` status says when its signal handlers are in place).
#[test]
fn ctrl_c_stops_a_symmetric_count() {
    use std::process::{Command as Process, Stdio};
    use std::time::{Duration, Instant};
    // R(45) takes minutes.
    let mut child = Process::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["count", "45", "--symmetric", "quarter", "--threads", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // SIGINT is bit 1 of the caught mask.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id()));
        let caught = status.ok().and_then(|status| {
            let mask = status.lines().find_map(|l| l.strip_prefix("SigCgt:"))?;
            u64::from_str_radix(mask.trim(), 16).ok()
        });
        if caught.is_some_and(|mask| mask & 2 != 0) {
            break;
        }
        assert!(Instant::now() < deadline, "no signal handler installed");
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(300));
    let sent = Process::new("kill")
        .args(["-s", "INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let deadline = Instant::now() + Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().ok();
            panic!("the count did not stop within 30 s of Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.ends_with(" (partial)\n"), "{stdout:?}");
}
