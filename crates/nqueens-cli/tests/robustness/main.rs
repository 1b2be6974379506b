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

// Child processes, for the tests that signal or time them.

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

mod audit;
mod claimed;
mod files;
mod flags;
mod flags_meet;
mod limits;
mod memory;
mod records;
mod runs;
mod signals;
mod streams;
mod writers;
