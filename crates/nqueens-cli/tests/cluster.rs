//! Counting on a real cluster: the scripts of `contrib/` run against a real Slurm (Debian's
//! `slurmctld`, `slurmd` and `munge`, started for the test by `contrib/slurm/local-cluster`)
//! and a real GNU parallel, and every total is checked against OEIS A000170.
//!
//! Needs root and the packages `.ci/setup` installs. Where they are missing the tests say so on
//! stderr and pass as skipped, unless `NQUEENS_REQUIRE_CLUSTER=1` (set by `.ci/run`), where a
//! skip is a failure.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

const NQUEENS: &str = env!("CARGO_BIN_EXE_nqueens");
/// A000170 for the sizes counted here.
const Q15: &str = "2279184";
const Q16: &str = "14772512";

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Why this machine cannot run the test, if it cannot.
fn missing(programs: &[&str]) -> Option<String> {
    let is_root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.trim_ascii() == b"0");
    if !is_root {
        return Some("not root (slurmctld and slurmd are started as root)".into());
    }
    programs
        .iter()
        .find(|program| {
            !Command::new("sh")
                .args([
                    "-c",
                    &format!("command -v {program} || test -x /usr/sbin/{program}"),
                ])
                .output()
                .is_ok_and(|out| out.status.success())
        })
        .map(|program| format!("{program} is missing (.ci/setup installs it)"))
}

/// Skips with a visible message, or fails where a skip is not allowed.
fn skip(test: &str, why: &str) {
    let message = format!("SKIPPED {test}: {why}");
    assert!(
        std::env::var_os("NQUEENS_REQUIRE_CLUSTER").is_none(),
        "{message} (NQUEENS_REQUIRE_CLUSTER is set)"
    );
    eprintln!("{message}");
}

fn run(command: &mut Command) -> Output {
    let out = command.output().expect("the program starts");
    assert!(
        out.status.success(),
        "{command:?} failed ({}):\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// Polls `done` every 20 ms until it holds, or fails after `limit`, saying what it waited for.
fn wait_for(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(
            start.elapsed() < limit,
            "gave up waiting for {what} after {limit:?}"
        );
        sleep(Duration::from_millis(20));
    }
}

/// `PATH` with the nqueens under test first: the README's walk-through assumes `nqueens` on it.
fn path_with_nqueens() -> std::ffi::OsString {
    let here = Path::new(NQUEENS)
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let rest = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(here).chain(std::env::split_paths(&rest))).unwrap_or(rest)
}

/// A one-node Slurm cluster living in a temporary directory, stopped when dropped.
struct Cluster {
    dir: tempfile::TempDir,
}

impl Cluster {
    fn start() -> Cluster {
        let dir = tempfile::tempdir().expect("a temporary directory");
        run(
            Command::new(repository().join("contrib/slurm/local-cluster"))
                .arg("start")
                .arg(dir.path().join("slurm")),
        );
        Cluster { dir }
    }

    /// A Slurm or shell command run in the work directory, with this cluster's configuration
    /// and the nqueens under test.
    fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut command = Command::new(program);
        command
            .current_dir(self.dir.path())
            .env("SLURM_CONF", self.dir.path().join("slurm/slurm.conf"))
            .env("PATH", path_with_nqueens());
        command
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Waits until no task of the job is pending or running.
    fn wait_job(&self, job: &str, limit: Duration) {
        wait_for(&format!("Slurm job {job}"), limit, || {
            let out = run(self
                .command("squeue")
                .args(["-h", "-t", "PD,R,CG,S", "-j", job]));
            text(&out).is_empty()
        });
    }

    /// The logs of the cluster and the jobs, for a failure's message.
    fn logs(&self) -> String {
        let mut all = String::new();
        for dir in [self.dir.path().to_path_buf(), self.path("slurm/log")] {
            for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.extension().is_some_and(|e| e == "log") {
                    let body = fs::read_to_string(&path).unwrap_or_default();
                    let tail: String = body.lines().rev().take(15).collect::<Vec<_>>().join("\n");
                    all += &format!(
                        "--- {} (last lines, newest first)\n{tail}\n",
                        path.display()
                    );
                }
            }
        }
        all
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new(repository().join("contrib/slurm/local-cluster"))
            .arg("stop")
            .arg(self.dir.path().join("slurm"))
            .output();
    }
}

/// The number of finished subproblems a checkpoint holds (its lines after the header).
fn saved_lines(checkpoint: &Path) -> usize {
    fs::read_to_string(checkpoint).map_or(0, |body| body.lines().count().saturating_sub(1))
}

/// Finds a shard in the middle of its count (a finished subproblem in its checkpoint, no record
/// yet) among `shards` in `dir`, and stops its process (SIGSTOP), so that what follows
/// interrupts it mid-count for certain. Returns the shard's index.
fn freeze_a_shard_mid_count(dir: &Path, shards: usize) -> Option<usize> {
    (0..shards).find(|i| {
        let checkpoint = dir.join(format!("shard-{i}.ckpt"));
        let record = dir.join(format!("shard-{i}.json"));
        if saved_lines(&checkpoint) == 0 || record.exists() {
            return false;
        }
        // The directory's name is in the pattern: the two tests run at the same time.
        let name = dir
            .file_name()
            .map(|d| d.to_string_lossy())
            .unwrap_or_default();
        let pattern = format!("{name}/shard-{i}[.]ckpt");
        let frozen = Command::new("pkill")
            .args(["-STOP", "-f", &pattern])
            .status()
            .is_ok_and(|s| s.success());
        if frozen && record.exists() {
            // It finished just before: let it go, and try another.
            let _ = Command::new("pkill")
                .args(["-CONT", "-f", &pattern])
                .status();
            return false;
        }
        frozen
    })
}

#[test]
fn slurm_job_arrays_count_exactly_resume_and_skip() {
    const TEST: &str = "slurm_job_arrays_count_exactly_resume_and_skip";
    if let Some(why) = missing(&["slurmctld", "slurmd", "sbatch", "munged"]) {
        return skip(TEST, &why);
    }
    let cluster = Cluster::start();
    let contrib = repository().join("contrib/slurm");

    // 1. The README's walk-through: the submit helper, n = 15 over 8 array tasks, the merge job
    //    chained after them.
    let out = run(cluster
        .command(contrib.join("submit"))
        .args(["15", "8", "--cpus-per-task=1"]));
    let said = text(&out);
    let jobs: Vec<&str> = said
        .split_whitespace()
        .filter(|word| word.chars().all(|c| c.is_ascii_digit()) && word.len() < 9)
        .filter(|word| *word != "15" && *word != "8")
        .collect();
    assert_eq!(
        jobs.len(),
        2,
        "the array and the merge job's ids in {said:?}"
    );
    cluster.wait_job(jobs[1], Duration::from_secs(90));
    let total = fs::read_to_string(cluster.path("nqueens-15/total.txt"))
        .unwrap_or_else(|_| panic!("no total; logs:\n{}", cluster.logs()));
    assert_eq!(total.trim(), Q15, "{}", cluster.logs());
    let first_records: Vec<String> = (0..8)
        .map(|i| fs::read_to_string(cluster.path(&format!("nqueens-15/shard-{i}.json"))).unwrap())
        .collect();

    // 2. Resubmitting the whole array: every task finds its record complete and exits at once,
    //    leaving it as it was.
    let resubmitted = text(&run(cluster
        .command("sbatch")
        .args(["--parsable", "--array=0-7", "--cpus-per-task=1"])
        .env("NQ_N", "15")
        .env("NQ_SHARDS", "8")
        .arg(contrib.join("count.sbatch"))));
    let resubmitted = resubmitted.split(';').next().unwrap_or_default().to_owned();
    cluster.wait_job(&resubmitted, Duration::from_secs(60));
    for (i, before) in first_records.iter().enumerate() {
        let log = fs::read_to_string(cluster.path(&format!("nqueens-count-{resubmitted}_{i}.log")))
            .unwrap_or_default();
        assert!(log.contains("already"), "task {i} did not skip:\n{log}");
        let after =
            fs::read_to_string(cluster.path(&format!("nqueens-15/shard-{i}.json"))).unwrap();
        assert_eq!(&after, before, "task {i} rewrote its record");
    }

    // 3. A task cancelled in the middle of its count (scancel: SIGTERM, as preemption sends),
    //    requeued, resumes from its checkpoint; the total is still exact.
    let array = text(&run(cluster
        .command("sbatch")
        .args(["--parsable", "--array=0-7", "--cpus-per-task=1"])
        .env("NQ_N", "16")
        .env("NQ_SHARDS", "8")
        .env("NQ_DIR", "n16")
        .arg(contrib.join("count.sbatch"))));
    let array = array.split(';').next().unwrap_or_default().to_owned();
    let mut cancelled = None;
    wait_for(
        "a task in the middle of its count",
        Duration::from_secs(60),
        || {
            cancelled = freeze_a_shard_mid_count(&cluster.path("n16"), 8);
            cancelled.is_some()
        },
    );
    let index = cancelled.unwrap_or_default();
    let task = format!("{array}_{index}");
    // scancel sends SIGCONT with its SIGTERM, as Slurm does on preemption.
    run(cluster.command("scancel").arg(&task));
    wait_for(
        "the cancelled task to stop",
        Duration::from_secs(30),
        || {
            let out = run(cluster
                .command("squeue")
                .args(["-h", "-t", "R,CG", "-j", &task]));
            text(&out).is_empty()
        },
    );
    let checkpoint = cluster.path(&format!("n16/shard-{index}.ckpt"));
    assert!(
        saved_lines(&checkpoint) > 0,
        "the cancelled task left no finished subproblem"
    );
    assert!(
        !cluster.path(&format!("n16/shard-{index}.json")).exists(),
        "the cancelled task wrote a record"
    );
    run(cluster.command("scontrol").args(["requeue", &task]));
    // A requeued job waits two minutes by default before it may start again.
    run(cluster
        .command("scontrol")
        .args(["update", &format!("jobid={task}"), "StartTime=now"]));
    cluster.wait_job(&array, Duration::from_secs(90));
    let log = fs::read_to_string(cluster.path(&format!("nqueens-count-{array}_{index}.log")))
        .unwrap_or_default();
    assert!(log.contains("resum"), "task {index} did not resume:\n{log}");
    let merged = cluster
        .command(NQUEENS)
        .args(["merge", "n16"])
        .output()
        .unwrap();
    assert_eq!(
        text(&merged),
        Q16,
        "{}\n{}",
        String::from_utf8_lossy(&merged.stderr),
        cluster.logs()
    );
}

#[test]
fn gnu_parallel_retries_a_killed_shard() {
    const TEST: &str = "gnu_parallel_retries_a_killed_shard";
    if let Some(why) = missing(&["parallel"]) {
        return skip(TEST, &why);
    }
    let dir = tempfile::tempdir().expect("a temporary directory");
    let parallel = Command::new(repository().join("contrib/parallel/count"))
        .args(["16", "8", "-j", "2"])
        .current_dir(dir.path())
        .env("NQ_BIN", NQUEENS)
        .env("NQ_DIR", "p16")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("contrib/parallel/count starts");
    // Kill one shard's process in the middle of its count.
    let shards = dir.path().join("p16");
    let mut killed = None;
    wait_for(
        "a shard in the middle of its count",
        Duration::from_secs(60),
        || {
            killed = freeze_a_shard_mid_count(&shards, 8);
            killed.is_some()
        },
    );
    let pattern = format!("p16/shard-{}[.]ckpt", killed.unwrap_or_default());
    run(Command::new("pkill").args(["-TERM", "-f", &pattern]));
    run(Command::new("pkill").args(["-CONT", "-f", &pattern]));
    let out = parallel.wait_with_output().expect("parallel ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert_eq!(stdout.trim(), Q16, "{stderr}");
    // The killed attempt's retry resumed from its checkpoint (parallel keeps only the last
    // attempt of each job, in its job log and its output).
    let index = killed.unwrap_or_default();
    assert!(
        stderr.contains(&format!("resuming from p16/shard-{index}.ckpt")),
        "shard {index} was not retried from its checkpoint:\n{stderr}"
    );
    let joblog = fs::read_to_string(shards.join("joblog")).unwrap_or_default();
    assert_eq!(joblog.lines().count(), 9, "{joblog}");
}
