//! Nothing lost, nothing hangs (issue 16): the `nqueens` binary under full disks (`/dev/full`),
//! broken pipes, closed standard streams, SIGTERM and SIGINT sent to a real child process,
//! edited records and checkpoints, endless and oversized input. Every test runs the binary as
//! a user does.
//!
//! Linux only: `/dev/full`, `/proc/<pid>/status` and `kill` are used as they are there.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use assert_cmd::assert::OutputAssertExt;
use nqueens::core::split::ShardRecord;
use predicates::prelude::*;

const BIN: &str = env!("CARGO_BIN_EXE_nqueens");

fn nqueens() -> Command {
    let mut command = Command::new(BIN);
    // Nothing here may hang the suite.
    command.timeout(Duration::from_secs(120));
    command
}

/// A fresh scratch directory for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("nqueens-robustness-{}-{name}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The names of the files in the directory, sorted.
    fn files(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// A name in `dir` that is a symbolic link to `/dev/full`: a file on a full disk, with the
/// extension the command wants.
fn full_disk(scratch: &Scratch, name: &str) -> PathBuf {
    let path = scratch.path(name);
    std::os::unix::fs::symlink("/dev/full", &path).unwrap();
    path
}

/// Runs `script` with `sh -c`, `$0` being the binary and `$1`... the arguments.
fn shell(script: &str, args: &[&str]) -> Command {
    let mut command = Command::new("sh");
    command.arg("-c").arg(script).arg(BIN).args(args);
    command.timeout(Duration::from_secs(120));
    command
}

/// Runs the binary with `args` and the given standard streams (a piped one is captured), for
/// at most two minutes.
fn redirected(args: &[&str], stdin: Stdio, stdout: Stdio, stderr: Stdio) -> std::process::Output {
    let child = Process::new(BIN)
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .unwrap();
    let (code, stdout, stderr) = finish(child, 120);
    use std::os::unix::process::ExitStatusExt;
    std::process::Output {
        status: match code {
            Some(code) => std::process::ExitStatus::from_raw(code << 8),
            None => std::process::ExitStatus::from_raw(9),
        },
        stdout: stdout.into_bytes(),
        stderr: stderr.into_bytes(),
    }
}

/// `/dev/full` as a standard stream: every write fails with "no space left".
fn full() -> Stdio {
    Stdio::from(std::fs::File::create("/dev/full").unwrap())
}

/// `/dev/zero` as standard input: an endless line of NUL bytes.
fn zeros() -> Stdio {
    Stdio::from(std::fs::File::open("/dev/zero").unwrap())
}

/// Asserts that a failed run said why and did not panic.
fn no_panic(stderr: &[u8]) {
    let stderr = String::from_utf8_lossy(stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

// ---------------------------------------------------------------------------------------------
// Data loss

#[test]
fn a_picture_on_a_full_disk_is_an_error_naming_the_file() {
    let scratch = Scratch::new("render-full");
    for name in ["four.svg", "four.png"] {
        let path = full_disk(&scratch, name);
        let output = nqueens()
            .args(["render", "1", "3", "0", "2", "--out"])
            .arg(&path)
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "writing {}",
                path.display()
            )))
            .stderr(predicate::str::contains("No space left on device"))
            .get_output()
            .clone();
        // A sentence, not the plotting library's debug output.
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !stderr.contains("Os {") && !stderr.contains("Error("),
            "{stderr}"
        );
        no_panic(&output.stderr);
    }
    // The link is still a link to the device: nothing was renamed over it.
    assert!(
        std::fs::symlink_metadata(scratch.path("four.svg"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn solve_out_leaves_the_file_alone_without_a_solution() {
    let scratch = Scratch::new("solve-keep");
    let kept = scratch.path("f");
    std::fs::write(&kept, "keep\n").unwrap();
    // No solution exists.
    nqueens()
        .args(["solve", "3", "--out"])
        .arg(&kept)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no solution exists"));
    // The budget runs out.
    nqueens()
        .args(["solve", "100", "-s", "warnsdorff", "--variant", "faithful"])
        .args(["--budget", "1000", "--out"])
        .arg(&kept)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("budget"));
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "keep\n");
    // A solution replaces it, whole.
    nqueens()
        .args(["solve", "8", "--out"])
        .arg(&kept)
        .assert()
        .success()
        .stdout("");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "0 4 7 5 2 6 1 3\n");
    // No temporary file is left beside it.
    assert_eq!(scratch.files(), ["f"]);
}

#[test]
fn a_failed_write_keeps_the_old_file_and_names_it() {
    let scratch = Scratch::new("solve-efbig");
    let kept = scratch.path("big.txt");
    std::fs::write(&kept, "keep\n").unwrap();
    // A file size limit makes the write fail partway (ignoring SIGXFSZ turns it into EFBIG).
    let output = shell(
        "trap '' XFSZ; ulimit -f 8; exec \"$0\" solve 20000 -s construction --out \"$1\"",
        &[kept.to_str().unwrap()],
    )
    .assert()
    .code(1)
    .stderr(predicate::str::contains(format!(
        "writing {}",
        kept.display()
    )))
    .get_output()
    .clone();
    no_panic(&output.stderr);
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "keep\n");
    assert_eq!(
        scratch.files(),
        ["big.txt"],
        "a temporary file was left behind"
    );
    // The same on a full disk.
    let full = full_disk(&scratch, "full.txt");
    nqueens()
        .args(["solve", "8", "--out"])
        .arg(&full)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "writing {}",
            full.display()
        )));
}

#[test]
fn an_interrupted_solve_leaves_its_out_file_alone() {
    let scratch = Scratch::new("solve-interrupted");
    let kept = scratch.path("f");
    std::fs::write(&kept, "keep\n").unwrap();
    // Lexicographic backtracking needs 140 million nodes at n = 33: it is still searching.
    let child = spawn(
        &[
            "solve",
            "33",
            "-s",
            "vector",
            "--out",
            kept.to_str().unwrap(),
        ],
        Stdio::null(),
    );
    wait_until_catching(&child);
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, "INT");
    let (code, _, stderr) = finish(child, 60);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "keep\n");
}

/// Writes a criterion tree of one benchmark under `root` (the files criterion 0.8 leaves).
fn fake_criterion(root: &Path) {
    let dir = root.join("count_all/bitmask/8/new");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("benchmark.json"),
        r#"{"group_id":"count_all","function_id":"bitmask","value_str":"8","throughput":null,"full_id":"count_all/bitmask/8","directory_name":"count_all/bitmask/8","title":"count_all/bitmask/8"}"#,
    )
    .unwrap();
    let interval = r#"{"confidence_interval":{"confidence_level":0.95,"lower_bound":900.0,"upper_bound":1100.0},"point_estimate":1000.0,"standard_error":1.0}"#;
    std::fs::write(
        dir.join("estimates.json"),
        format!(
            r#"{{"mean":{interval},"median":{interval},"median_abs_dev":{interval},"slope":null,"std_dev":{interval}}}"#
        ),
    )
    .unwrap();
}

/// A statistics CSV that lists the fake benchmark as measured.
fn fake_stats() -> String {
    let mut stats = nqueens_report::StatsFile::default();
    stats.records.push(nqueens_report::CaseRecord::new(
        "count_all",
        "bitmask",
        "bitmask",
        8,
        nqueens_report::CaseStatus::Measured,
    ));
    stats.to_csv()
}

#[test]
fn report_refuses_an_empty_or_truncated_statistics_file() {
    let scratch = Scratch::new("report-stats");
    let criterion = scratch.path("criterion");
    fake_criterion(&criterion);
    let out = scratch.path("reports");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("README.md"), "the committed report\n").unwrap();
    let good = fake_stats();
    let cut = &good[..good.len() - 5];
    let header_only = good.lines().next().unwrap().to_string() + "\n";
    for (name, text, says) in [
        ("empty.csv", "", "is empty"),
        ("truncated.csv", cut, "truncated"),
        ("header-only.csv", header_only.as_str(), "no cases"),
        ("meta-only.csv", "# cpu: x\n", "no header line"),
    ] {
        let stats = scratch.path(name);
        std::fs::write(&stats, text).unwrap();
        nqueens()
            .arg("report")
            .arg("--criterion")
            .arg(&criterion)
            .arg("--stats")
            .arg(&stats)
            .arg("--out")
            .arg(&out)
            .args(["--boards", "4"])
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(says));
        assert_eq!(
            std::fs::read_to_string(out.join("README.md")).unwrap(),
            "the committed report\n",
            "{name}"
        );
    }
    // A whole file makes a report.
    let stats = scratch.path("good.csv");
    std::fs::write(&stats, &good).unwrap();
    nqueens()
        .arg("report")
        .arg("--criterion")
        .arg(&criterion)
        .arg("--stats")
        .arg(&stats)
        .arg("--out")
        .arg(&out)
        .args(["--boards", "4"])
        .assert()
        .success();
    assert_ne!(
        std::fs::read_to_string(out.join("README.md")).unwrap(),
        "the committed report\n"
    );
    // Its standard output on a full disk: an error, not a panic.
    let args = [
        "report",
        "--criterion",
        criterion.to_str().unwrap(),
        "--stats",
        stats.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--boards",
        "4",
    ];
    let output = redirected(&args, Stdio::null(), full(), Stdio::piped());
    no_panic(&output.stderr);
    output
        .assert()
        .code(1)
        .stderr(predicate::str::contains("writing standard output"));
}

// ---------------------------------------------------------------------------------------------
// Hangs and runaway resources

#[test]
fn list_beyond_lexicographic_reach_answers() {
    let output = nqueens()
        .args(["list", "33", "--limit", "1"])
        .timeout(Duration::from_secs(60))
        .assert()
        .success()
        .get_output()
        .clone();
    let line = String::from_utf8(output.stdout).unwrap();
    let columns: Vec<u32> = line
        .split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect();
    nqueens::core::validate_size(&columns, 33).unwrap();
}

#[test]
fn declared_limits_are_ones_the_code_reaches() {
    let output = nqueens().args(["strategies", "--json"]).output().unwrap();
    let strategies: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let variant = |strategy: &str, variant: Option<&str>| {
        strategies
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == strategy)
            .and_then(|s| {
                s["variants"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|v| v["name"].as_str() == variant)
                    .cloned()
            })
            .unwrap_or_else(|| panic!("{strategy} {variant:?}"))
    };
    let vector = variant("vector", None);
    assert_eq!(
        (&vector["first"], &vector["list"]),
        (
            &serde_json::json!({"up-to": 33}),
            &serde_json::json!({"up-to": 33})
        )
    );
    assert_eq!(
        variant("breadth", None)["count"],
        serde_json::json!({"up-to": 15})
    );
    let faithful = variant("warnsdorff", Some("faithful"));
    assert_eq!(faithful["first"], serde_json::json!({"up-to": 199}));
    assert_eq!(faithful["list"], serde_json::json!({"up-to": 199}));
}

#[test]
fn thread_counts_are_bounded() {
    nqueens()
        .args(["count", "10", "--threads", "65535"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--threads"));
    let started = Instant::now();
    nqueens()
        .args(["count", "10", "--threads", "1000"])
        .assert()
        .success()
        .stdout("724\n")
        .stderr(predicate::str::contains("core(s)"));
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn endless_or_oversized_input_is_refused_after_a_bounded_read() {
    // `verify < /dev/zero`: one endless line.
    redirected(&["verify"], zeros(), Stdio::piped(), Stdio::piped())
        .assert()
        .code(1)
        .stderr(predicate::str::contains("line 1 is longer than"));
    // With --n the bound is about 12·n bytes.
    redirected(
        &["verify", "--n", "8"],
        zeros(),
        Stdio::piped(),
        Stdio::piped(),
    )
    .assert()
    .code(1)
    .stderr(predicate::str::contains("of 8 queens"));
    // The earlier lines are verified first.
    let mut input = b"1 3 0 2\n".to_vec();
    input.extend(std::iter::repeat_n(b'7', 3000));
    nqueens()
        .args(["verify", "--n", "4"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("line 1: valid\n")
        .stderr(predicate::str::contains("line 2 is longer than"));
    // Records and checkpoints: reading stops at the first bytes that do not belong.
    for device in ["/dev/zero", "/dev/urandom"] {
        nqueens()
            .args(["merge", device])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("not a shard record"));
        nqueens()
            .args(["count", "8", "--checkpoint", device])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "is not an nqueens count checkpoint",
            ));
    }
}

#[test]
fn messages_quote_only_the_start_of_a_bad_token() {
    let long = "9".repeat(100_000);
    for args in [
        vec!["verify", &long],
        vec!["count", &long],
        vec!["count", "8", "--shard", &long],
    ] {
        let output = nqueens().args(&args).output().unwrap();
        assert!(!output.status.success());
        assert!(
            output.stderr.len() < 600,
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let output = nqueens().args(["verify", &long]).output().unwrap();
    assert!(String::from_utf8_lossy(&output.stdout).contains("(100000 digits)"));
}

#[test]
fn sizes_too_large_for_any_board_say_so() {
    for n in ["18446744073709551616", "99999999999999999999999"] {
        nqueens()
            .args(["count", n])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("too large"));
    }
}

#[test]
fn compare_does_not_start_a_case_it_cannot_finish_in_time() {
    let started = Instant::now();
    nqueens()
        .args(["compare", "1000000000", "--job", "first", "--timeout", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("skipped"))
        .stdout(predicate::str::contains("over the --timeout"));
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
}

// ---------------------------------------------------------------------------------------------
// Signals

/// Starts the binary with `args`, its output piped.
fn spawn(args: &[&str], stdin: Stdio) -> Child {
    Process::new(BIN)
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits until the child catches SIGHUP, SIGINT and SIGTERM (its handlers are installed), as its
/// `/proc` status says.
fn wait_until_catching(child: &Child) {
    // SIGHUP (1), SIGINT (2) and SIGTERM (15): bit `signal - 1` of the caught mask.
    let wanted = 1u64 | (1u64 << (2 - 1)) | (1u64 << (15 - 1));
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id()));
        let caught = status.ok().and_then(|status| {
            let mask = status.lines().find_map(|l| l.strip_prefix("SigCgt:"))?;
            u64::from_str_radix(mask.trim(), 16).ok()
        });
        if caught.is_some_and(|mask| mask & wanted == wanted) {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the child never installed its signal handlers");
}

/// Sends signal `name` (`INT`, `TERM`, `HUP`) to the child.
fn signal(child: &Child, name: &str) {
    let status = Process::new("kill")
        .args(["-s", name, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Waits at most `seconds` for the child to end; its exit code, stdout and stderr.
fn finish(mut child: Child, seconds: u64) -> (Option<i32>, String, String) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().ok();
            panic!("the child did not end within {seconds} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stdout = String::new();
    let mut stderr = String::new();
    if let Some(mut out) = child.stdout.take() {
        out.read_to_string(&mut stdout).unwrap();
    }
    if let Some(mut err) = child.stderr.take() {
        err.read_to_string(&mut stderr).unwrap();
    }
    (status.code(), stdout, stderr)
}

/// Waits until `path` has at least `lines` lines.
fn wait_for_lines(path: &Path, lines: usize) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if std::fs::read_to_string(path).is_ok_and(|t| t.lines().count() >= lines) {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("{} never reached {lines} lines", path.display());
}

#[test]
fn sigterm_stops_a_count_like_ctrl_c_and_keeps_its_checkpoint() {
    let scratch = Scratch::new("sigterm-count");
    let checkpoint = scratch.path("count-17.ckpt");
    let ckpt = checkpoint.to_str().unwrap();
    let args = ["count", "17", "--threads", "1", "--checkpoint", ckpt];
    let child = spawn(&args, Stdio::null());
    wait_until_catching(&child);
    wait_for_lines(&checkpoint, 4);
    signal(&child, "TERM");
    let (code, stdout, stderr) = finish(child, 60);
    assert_eq!(code, Some(143), "{stderr}");
    // The partial count says so on standard output itself.
    assert!(stdout.ends_with(" (partial)\n"), "{stdout:?}");
    let partial: u64 = stdout.split_whitespace().next().unwrap().parse().unwrap();
    assert!(partial < 95_815_104);
    assert!(stderr.contains("partial"), "{stderr}");
    // The checkpoint is intact: the same count resumes from it, and Ctrl-C stops it again.
    let saved = std::fs::read_to_string(&checkpoint)
        .unwrap()
        .lines()
        .count()
        - 1;
    assert!(saved >= 3);
    let child = spawn(&args, Stdio::null());
    wait_until_catching(&child);
    wait_for_lines(&checkpoint, saved + 3);
    signal(&child, "INT");
    let (code, stdout, stderr) = finish(child, 60);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(
        stderr.contains(&format!("resuming from {ckpt}: {saved} subproblems")),
        "{stderr}"
    );
    assert!(stdout.ends_with(" (partial)\n"), "{stdout:?}");
}

#[test]
fn an_interrupted_shard_or_json_count_says_complete_false() {
    let child = spawn(
        &["count", "17", "--threads", "1", "--shard", "0/2"],
        Stdio::null(),
    );
    wait_until_catching(&child);
    std::thread::sleep(Duration::from_millis(500));
    signal(&child, "TERM");
    let (code, stdout, stderr) = finish(child, 60);
    assert_eq!(code, Some(143), "{stderr}");
    let record: ShardRecord = serde_json::from_str(&stdout).unwrap();
    assert!(!record.complete);
    assert!(record.is_intact());
    let child = spawn(&["count", "17", "--threads", "1", "--json"], Stdio::null());
    wait_until_catching(&child);
    std::thread::sleep(Duration::from_millis(500));
    signal(&child, "INT");
    let (code, stdout, stderr) = finish(child, 60);
    assert_eq!(code, Some(130), "{stderr}");
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(value["complete"], false);
    // SIGHUP, what a closed terminal sends, too.
    let child = spawn(&["count", "17", "--threads", "1"], Stdio::null());
    wait_until_catching(&child);
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, "HUP");
    let (code, stdout, _) = finish(child, 60);
    assert_eq!(code, Some(129));
    assert!(stdout.ends_with(" (partial)\n"), "{stdout:?}");
}

#[test]
fn commands_waiting_for_standard_input_stop_on_the_first_signal() {
    // verify: what was verified is on standard output before it waits for more.
    let mut child = spawn(&["verify"], Stdio::piped());
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"1 3 0 2\n0 1\n").unwrap();
    input.flush().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let (sender, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut first = String::new();
        let _ = out.read_line(&mut first);
        let _ = sender.send(first);
    });
    let first = received.recv_timeout(Duration::from_secs(30));
    if first.is_err() {
        child.kill().ok();
    }
    assert_eq!(
        first.as_deref(),
        Ok("line 1: valid\n"),
        "verdicts must be shown before waiting for more input"
    );
    wait_until_catching(&child);
    signal(&child, "INT");
    let started = Instant::now();
    let (code, _, _) = finish(child, 30);
    assert_eq!(code, Some(130));
    assert!(started.elapsed() < Duration::from_secs(10));
    drop(input);
    // merge -: SIGTERM.
    let mut child = spawn(&["merge", "-"], Stdio::piped());
    let input = child.stdin.take().unwrap();
    wait_until_catching(&child);
    signal(&child, "TERM");
    let (code, stdout, _) = finish(child, 30);
    assert_eq!((code, stdout.as_str()), (Some(143), ""));
    drop(input);
}

// ---------------------------------------------------------------------------------------------
// Panics and lost output

#[test]
fn a_full_or_broken_stream_is_an_error_never_a_panic() {
    let scratch = Scratch::new("full-streams");
    let picture = scratch.path("four.svg");
    let cases: [&[&str]; 8] = [
        &[
            "render",
            "1",
            "3",
            "0",
            "2",
            "--out",
            picture.to_str().unwrap(),
        ],
        &["count", "8"],
        &["list", "8"],
        &["strategies"],
        &["solve", "8", "--json"],
        &["verify", "1", "3", "0", "2"],
        &["--help"],
        &["compare", "6", "--job", "count"],
    ];
    for args in cases {
        let output = redirected(args, Stdio::null(), full(), Stdio::piped());
        no_panic(&output.stderr);
        output
            .assert()
            .code(1)
            .stderr(predicate::str::contains("writing standard output"));
    }
    // Standard error on a full disk: the message is lost, the status is not (a panic would
    // exit with 101).
    for (args, code) in [
        (&["solve", "2"][..], 1),
        (&["solve", "8", "--seed", "1"], 0),
        (&["verify", "0 0"], 1),
        (&["count", "8", "--bogus"], 2),
    ] {
        redirected(args, Stdio::null(), Stdio::piped(), full())
            .assert()
            .code(code);
    }
}

#[test]
fn a_closed_standard_output_is_a_failure() {
    for args in [&["count", "8"][..], &["list", "6"], &["solve", "8"]] {
        let mut command = shell("exec \"$0\" \"$@\" >&-", args);
        command
            .assert()
            .code(1)
            .stderr(predicate::str::contains("standard output is closed"));
    }
    // A command that prints nothing there does not care.
    let scratch = Scratch::new("closed-stdout");
    let out = scratch.path("eight.txt");
    shell(
        "exec \"$0\" solve 8 --out \"$1\" >&-",
        &[out.to_str().unwrap()],
    )
    .assert()
    .success();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "0 4 7 5 2 6 1 3\n");
}

#[test]
fn a_reader_that_goes_away_is_not_a_failure() {
    for args in [&["list", "14"][..], &["strategies"], &["count", "10"]] {
        let mut child = spawn(args, Stdio::null());
        // Read nothing, and close the pipe: every write fails with a broken pipe.
        drop(child.stdout.take());
        let (code, _, stderr) = finish(child, 60);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Integrity of records and checkpoints

/// The records of `count 10 --shard i/3`, one JSON line each.
fn records() -> Vec<String> {
    (0..3)
        .map(|i| {
            let output = nqueens()
                .args(["count", "10", "--shard", &format!("{i}/3")])
                .output()
                .unwrap();
            assert!(output.status.success());
            String::from_utf8(output.stdout).unwrap()
        })
        .collect()
}

#[test]
fn merge_refuses_edited_records_in_words() {
    let scratch = Scratch::new("edited-records");
    let records = records();
    let write = |name: &str, lines: &[String]| {
        let path = scratch.path(name);
        std::fs::write(&path, lines.concat()).unwrap();
        path
    };
    let good = write("good.json", &records);
    nqueens()
        .arg("merge")
        .arg(&good)
        .assert()
        .success()
        .stdout("724\n");
    // One digit of a count changed: refused, not a wrong total.
    let mut edited = records.clone();
    let count = edited[1]
        .split("\"count\":")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .to_string();
    let changed = format!("{}", count.parse::<u64>().unwrap() + 1);
    edited[1] = edited[1].replace(
        &format!("\"count\":{count},"),
        &format!("\"count\":{changed},"),
    );
    assert_ne!(edited[1], records[1]);
    let path = write("edited.json", &edited);
    nqueens()
        .arg("merge")
        .arg(&path)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("line 2"))
        .stderr(predicate::str::contains("fails its check"));
    // A record of a version whose plan differs, sealed as that version would have.
    let mut foreign: ShardRecord = serde_json::from_str(&records[2]).unwrap();
    foreign.fingerprint = "0123456789abcdef".to_string();
    foreign.seal();
    let mut lines = records.clone();
    lines[2] = serde_json::to_string(&foreign).unwrap() + "\n";
    let path = write("foreign.json", &lines);
    nqueens()
        .arg("merge")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "made by a version that lists the subproblems differently",
        ));
    // Records without a check (an earlier version's).
    let mut value: serde_json::Value = serde_json::from_str(&records[0]).unwrap();
    value.as_object_mut().unwrap().remove("check");
    let mut lines = records.clone();
    lines[0] = value.to_string() + "\n";
    let path = write("unchecked.json", &lines);
    nqueens()
        .arg("merge")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("has no check"));
    // One exit code per kind: the records are wrong (2), or a file cannot be read (1).
    nqueens()
        .arg("merge")
        .arg(&good)
        .arg(&good)
        .assert()
        .code(2);
    nqueens()
        .arg("merge")
        .arg(write("two.json", &records[..2]))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("missing shard(s) 2 of 3"));
    nqueens()
        .arg("merge")
        .arg(scratch.path("no-such-file.json"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no-such-file.json"));
}

#[test]
fn a_cut_off_or_torn_checkpoint_is_handled_as_the_format_promises() {
    let scratch = Scratch::new("torn-checkpoint");
    let checkpoint = scratch.path("count-12.ckpt");
    let path = checkpoint.to_str().unwrap();
    nqueens()
        .args(["count", "12", "--shard", "0/3", "--checkpoint", path])
        .assert()
        .success();
    let text = std::fs::read(&checkpoint).unwrap();
    let saved = text.iter().filter(|&&b| b == b'\n').count() - 1;
    // A torn last line of bytes that are not text: dropped, and the count resumes.
    let mut torn = text.clone();
    torn.extend_from_slice(&[0x31, 0x37, 0x20, 0xff, 0xfe, 0xc3]);
    std::fs::write(&checkpoint, &torn).unwrap();
    nqueens()
        .args(["count", "12", "--checkpoint", path])
        .assert()
        .success()
        .stdout("14200\n")
        .stderr(predicate::str::contains(format!(
            "{saved} subproblems already counted"
        )));
    // A header cut off: said to be truncated.
    let header_end = text.iter().position(|&b| b == b'\n').unwrap();
    std::fs::write(&checkpoint, &text[..header_end - 7]).unwrap();
    nqueens()
        .args(["count", "12", "--checkpoint", path])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("is truncated"));
    // An edited count in a line before the last: refused with its line number.
    let mut lines: Vec<String> = String::from_utf8(text)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let fields: Vec<&str> = lines[1].split(' ').collect();
    let edited = format!(
        "{} {} {} {}",
        fields[0],
        fields[1].parse::<u64>().unwrap() + 1,
        fields[2],
        fields[3]
    );
    lines[1] = edited;
    std::fs::write(&checkpoint, lines.join("\n") + "\n").unwrap();
    nqueens()
        .args(["count", "12", "--checkpoint", path])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("damaged at line 2"));
}

// ---------------------------------------------------------------------------------------------
// Flags that do nothing, and smaller promises

#[test]
fn flags_that_do_nothing_are_refused_or_warned_about() {
    nqueens()
        .args(["solve", "8", "--seed", "3"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "--seed does nothing here: bitmask",
        ));
    nqueens()
        .args(["count", "8", "--strategy", "vector", "--threads", "2"])
        .assert()
        .success()
        .stdout("92\n")
        .stderr(predicate::str::contains("--threads does nothing here"));
    nqueens()
        .args(["count", "10", "--shard", "0/2", "--unique"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--unique does nothing with --shard",
        ));
    for board in ["--board", "--unicode"] {
        nqueens()
            .args(["solve", "8", "--json", board])
            .assert()
            .code(2)
            .stdout("");
    }
    let scratch = Scratch::new("useless-flags");
    nqueens()
        .args(["render", "1", "3", "0", "2", "--seed", "4", "--out"])
        .arg(scratch.path("four.svg"))
        .assert()
        .success()
        .stderr(predicate::str::contains("--seed does nothing"));
    // A budget the chosen variant does not take (its capabilities say so) is said to do
    // nothing; one it takes is not, whatever counter it caps (genetic: generations; sat:
    // conflicts).
    nqueens()
        .args(["solve", "20", "-s", "bitmask", "--budget", "5"])
        .assert()
        .success()
        .stderr(predicate::str::contains("--budget does nothing here"));
    for strategy in ["genetic", "sat"] {
        nqueens()
            .args(["solve", "12", "-s", strategy, "--budget", "100000"])
            .assert()
            .success()
            .stderr(predicate::str::contains("does nothing").not());
    }
    nqueens()
        .args(["solve", "20", "-s", "construction", "--budget", "5"])
        .assert()
        .success()
        .stderr(predicate::str::contains("--budget does nothing here"));
    nqueens()
        .args([
            "solve",
            "100",
            "-s",
            "warnsdorff",
            "--variant",
            "faithful",
            "--budget",
            "5",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("does nothing").not());
    // A seed that was given is not repeated; one that was drawn is printed.
    nqueens()
        .args(["solve", "20", "-s", "min-conflicts", "--seed", "5"])
        .assert()
        .success()
        .stderr("");
    nqueens()
        .args(["solve", "20", "-s", "min-conflicts"])
        .assert()
        .success()
        .stderr(predicate::str::starts_with("seed: "));
}

#[test]
fn verify_takes_a_byte_order_mark_and_numbers_its_verdicts() {
    nqueens()
        .arg("verify")
        .write_stdin("\u{feff}1 3 0 2\r\n2 0 3 1\n0 0\n")
        .assert()
        .code(1)
        .stdout("line 1: valid\nline 2: valid\nline 3: invalid: rows 0 and 1 share column 0\n");
    let output = nqueens()
        .args(["verify", "--json"])
        .write_stdin("1 3 0 2\n\n0 0\n")
        .output()
        .unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        (lines[0]["line"].as_u64(), lines[1]["line"].as_u64()),
        (Some(1), Some(3))
    );
    // Bytes that are not text are an invalid placement, and the rest is still read.
    nqueens()
        .arg("verify")
        .write_stdin(b"\xff\xfe\n1 3 0 2\n".to_vec())
        .assert()
        .code(1)
        .stdout("line 1: invalid: the line is not UTF-8 text\nline 2: valid\n");
}
