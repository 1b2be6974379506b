//! Where flags meet (issue 27): a flag one path does not read is refused, never dropped; no
//! accepted size hangs; outputs the user protected stay protected; checkpoints survive a torn
//! tail and refuse what would block.

use super::*;

/// The message of a refusal names both flags.
fn names_both(first: &'static str, second: &'static str) -> impl Predicate<str> {
    predicate::str::contains(first).and(predicate::str::contains(second))
}

#[test]
fn symmetric_counts_refuse_given_queens() {
    // Once `12`: the symmetric search ignored the given queens, even off the board.
    for given in ["0:0", "99:99"] {
        nqueens()
            .args(["count", "10", "--symmetric", "half", "--given", given])
            .assert()
            .code(2)
            .stdout("")
            .stderr(names_both("--symmetric", "--given"));
    }
}

#[test]
fn the_default_lists_only_where_a_strategy_answers() {
    // Once silent for minutes: the faithful Warnsdorff search was picked up to n = 199.
    let started = Instant::now();
    nqueens()
        .args(["list", "101", "--limit", "1"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("no strategy can list"));
    assert!(started.elapsed() < Duration::from_secs(60));
    // Past the default rule, the refusal names the strategies that take the request.
    nqueens()
        .args(["solve", "2000", "--given", "0:0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("-s min-conflicts"));
}

#[test]
fn instances_are_bounded() {
    for (n, queens) in [
        ("18446744073709551615", "1"),
        ("4294967297", "1"),
        ("5000", "5000"),
        ("1000000", "1000000"),
    ] {
        let output = nqueens()
            .timeout(Duration::from_secs(60))
            .args(["instance", n, "--queens", queens, "--seed", "1"])
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(2),
            "instance {n} --queens {queens}"
        );
        no_panic(&output.stderr);
        assert!(!output.stderr.is_empty());
    }
}

#[test]
fn a_torn_tail_of_zeros_is_dropped() {
    let scratch = Scratch::new("torn-zeros");
    let checkpoint = scratch.path("count.ckpt");
    let count = || {
        let mut command = nqueens();
        command
            .args(["count", "12", "-s", "symmetry", "--checkpoint"])
            .arg(&checkpoint);
        command
    };
    count().assert().success().stdout("14200\n");
    let append = |bytes: &[u8]| {
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(&checkpoint)
            .unwrap();
        file.write_all(bytes).unwrap();
    };
    // A power loss leaves a whole block of zeros after the last line.
    append(&[0; 4096]);
    count()
        .assert()
        .success()
        .stdout("14200\n")
        .stderr(predicate::str::contains("resuming"));
    // Damage followed by more lines is not a torn tail.
    append(&[0; 4096]);
    append(b"\n1 2 3 4\n");
    count()
        .assert()
        .code(2)
        .stderr(predicate::str::contains("damaged"));
}

#[test]
fn a_checkpoint_that_would_block_is_refused() {
    let scratch = Scratch::new("fifo-checkpoint");
    let fifo = scratch.path("pipe");
    let made = Process::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    for path in [
        fifo.as_path(),
        Path::new("/dev/stdout"),
        scratch.0.as_path(),
    ] {
        nqueens()
            .timeout(Duration::from_secs(30))
            .args(["count", "10", "-s", "symmetry", "--checkpoint"])
            .arg(path)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("regular file"));
    }
}

#[test]
fn protected_outputs_are_not_replaced() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = Scratch::new("protected");
    let read_only = scratch.path("read-only.svg");
    std::fs::write(&read_only, "mine").unwrap();
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).unwrap();
    nqueens()
        .args(["render", "1", "3", "0", "2", "--out"])
        .arg(&read_only)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("write-protected"));
    assert_eq!(std::fs::read_to_string(&read_only).unwrap(), "mine");
    let linked = scratch.path("linked.jsonl");
    std::fs::write(&linked, "mine").unwrap();
    std::fs::hard_link(&linked, scratch.path("other-name")).unwrap();
    nqueens()
        .args(["trace", "6", "-s", "vector", "--out"])
        .arg(&linked)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("hard links"));
    assert_eq!(
        std::fs::read_to_string(scratch.path("other-name")).unwrap(),
        "mine"
    );
    assert_eq!(std::fs::read_to_string(&linked).unwrap(), "mine");
}

#[test]
fn long_names_are_quoted_by_their_start() {
    let long = "x".repeat(100_000);
    for args in [
        vec!["solve", "8", "-s", long.as_str()],
        vec!["solve", "8", "-s", "vector", "--variant", long.as_str()],
    ] {
        let output = nqueens().args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert!(output.stderr.len() < 2_000, "{} bytes", output.stderr.len());
    }
    let path = format!("/nonexistent/{long}.jsonl");
    let output = nqueens()
        .args(["trace", "6", "-s", "vector", "--out", &path])
        .output()
        .unwrap();
    assert!(output.stderr.len() < 2_000, "{} bytes", output.stderr.len());
}

#[test]
fn the_same_mistake_exits_the_same_way() {
    // An output that cannot be written: 1, as in every command.
    nqueens()
        .args([
            "trace",
            "6",
            "-s",
            "vector",
            "--out",
            "/nonexistent/t.jsonl",
        ])
        .assert()
        .code(1);
    nqueens()
        .args(["solve", "6", "--out", "/nonexistent/s.txt"])
        .assert()
        .code(1);
    // A board larger than can be drawn: 2, given as a placement or as --n.
    let scratch = Scratch::new("oversized-render");
    let out = scratch.path("big.svg");
    let columns: Vec<String> = (0..401).map(|c| c.to_string()).collect();
    nqueens()
        .arg("render")
        .args(&columns)
        .arg("--out")
        .arg(&out)
        .assert()
        .code(2);
    nqueens()
        .args(["render", "--n", "401", "--out"])
        .arg(&out)
        .assert()
        .code(2);
}

#[test]
fn a_cut_trace_is_interrupted_whatever_the_strategy() {
    let registry = nqueens::registry();
    // Strategies that cannot run here (a GPU counter without a GPU) are skipped.
    for solver in registry.available() {
        let output = nqueens()
            .args(["trace", "10", "-s", solver.name(), "--seed", "1"])
            .args(["--max-steps", "3"])
            .output()
            .unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        let end: serde_json::Value =
            serde_json::from_str(text.lines().last().unwrap_or("null")).unwrap();
        assert_eq!(end["cut"], true, "{}", solver.name());
        assert_eq!(end["end"], "interrupted", "{}", solver.name());
    }
}

#[test]
fn a_signal_while_a_trace_is_written_is_not_success() {
    let scratch = Scratch::new("trace-signal");
    let out = scratch.path("long.gif");
    let out_arg = out.to_str().unwrap();
    // 20,000 frames: the search takes milliseconds, the GIF seconds.
    let child = spawn(
        &[
            "trace",
            "32",
            "-s",
            "vector",
            "--max-steps",
            "20000",
            "--out",
            out_arg,
        ],
        Stdio::null(),
    );
    wait_until_catching(&child);
    std::thread::sleep(Duration::from_millis(500));
    signal(&child, "TERM");
    let (code, _, stderr) = finish(child, 120);
    assert_eq!(code, Some(143), "{stderr}");
    assert!(
        !out.exists() || stderr.contains("written whole"),
        "{stderr}"
    );
    assert!(scratch.files().iter().all(|f| !f.ends_with(".partial")));
}

#[test]
fn warnings_and_merged_records_say_each_thing_once_and_truly() {
    let output = nqueens()
        .args(["count", "8", "--threads", "1000"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.matches("--threads 1000").count(), 1, "{stderr}");
    // quadrants counts no classes: its merged JSON has no class count, not a wrong 0.
    let scratch = Scratch::new("merge-quadrants");
    let record = scratch.path("q.json");
    let shard = nqueens()
        .args(["count", "10", "-s", "quadrants", "--shard", "0/1"])
        .output()
        .unwrap();
    std::fs::write(&record, shard.stdout).unwrap();
    let merged = nqueens()
        .args(["merge", "--json"])
        .arg(&record)
        .output()
        .unwrap();
    let merged: serde_json::Value = serde_json::from_slice(&merged.stdout).unwrap();
    assert_eq!(merged["count"], 724);
    assert!(merged["unique"].is_null(), "{merged}");
}

#[test]
fn chmod_is_advised_only_for_ones_own_file() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = Scratch::new("protected-owner");
    let mine = scratch.path("mine.svg");
    std::fs::write(&mine, "mine").unwrap();
    std::fs::set_permissions(&mine, std::fs::Permissions::from_mode(0o444)).unwrap();
    let render = |path: &Path| {
        nqueens()
            .args(["render", "1", "3", "0", "2", "--out"])
            .arg(path)
            .assert()
            .code(1)
    };
    render(&mine).stderr(predicate::str::contains("chmod u+w"));
    // Another user's file (made by root for the test): chmod would not help.
    let is_root = std::fs::metadata("/proc/self")
        .is_ok_and(|me| std::os::unix::fs::MetadataExt::uid(&me) == 0);
    if !is_root {
        eprintln!("SKIPPED the other user's file: not root");
        return;
    }
    let theirs = scratch.path("theirs.svg");
    std::fs::write(&theirs, "theirs").unwrap();
    std::os::unix::fs::chown(&theirs, Some(65534), Some(65534)).unwrap();
    std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o444)).unwrap();
    render(&theirs)
        .stderr(predicate::str::contains("belongs to another user"))
        .stderr(predicate::str::contains("chmod").not());
    assert_eq!(std::fs::read_to_string(&theirs).unwrap(), "theirs");
}
