//! The `instructions` group: each strategy's kernel at a small size under callgrind, a count
//! that does not depend on the machine's load. The binary runs itself under callgrind with
//! `NQUEENS_KERNEL=<operation>:<label>:<n>` and counts only inside [`nqueens_kernel`]
//! (`--toggle-collect`), on every thread the kernel starts (`sat` solves on a thread of its
//! own: counting the caller alone measured its waiting).
//!
//! The count is the kernel's alone: the child's allocations go straight to the system allocator
//! (the counters count only inside a probe run, [`crate::probe::heap_use`]), and before the kernel starts it has glibc merge
//! the small blocks its setup freed, a merge that the kernel's first large allocation would
//! otherwise pay for (450 to 500 instructions, more or fewer as the setup changes).

use std::path::Path;
use std::process::Command;

use nqueens::core::{Config, Operation, Registry, Solver};
use nqueens_report::group::INSTRUCTIONS;
use nqueens_report::{CaseRecord, CaseStatus};

use nqueens_report::bench::{Mode, Plan, Profile, SLOW_VAR, Slowing, Unit};

use crate::harness::{Harness, target_dir};

/// The environment variable that makes the binary a kernel run.
const KERNEL_VAR: &str = "NQUEENS_KERNEL";

/// Where the child finds valgrind: with [`SLOW_VAR`] and [`KERNEL_VAR`], all the environment
/// it is given.
const PATH_VAR: &str = "PATH";

/// The longest native run counted: callgrind runs it about 50 times slower.
const MAX_NATIVE: f64 = 0.015;

/// Callgrind's start-up and the slowdown of the kernel under it, for the budget.
const START_UP: f64 = 0.8;
const SLOWDOWN: f64 = 60.0;

/// One kernel to count: its operation and size, its unit and its statistics row.
#[derive(Clone, Debug)]
struct Kernel {
    /// `count` or `first`.
    op: &'static str,
    n: usize,
    /// `instructions/<label>/<op>-<n>`, costed as callgrind runs it.
    unit: Unit,
    /// Its statistics row, before the count.
    record: CaseRecord,
}

/// The kernels of this plan: one per strategy (every variant in the deep profile).
fn kernels(h: &Harness, registry: &Registry) -> Vec<Kernel> {
    // Two kernels at a time on a machine with two cores or more.
    let parallel = h.run.cores.clamp(1, 2) as f64;
    let mut out = Vec::new();
    for case in h.plan.cases(registry) {
        if !case.is_default && !h.plan.instructions_all_variants {
            continue;
        }
        let pick = |operation: Operation, op, sizes: &[usize]| {
            let m = case.variant.cost.of(operation);
            sizes
                .iter()
                .rev()
                .copied()
                .filter(|&n| case.accepts(operation, n))
                .map(|n| (n, m.seconds(n).unwrap_or(f64::INFINITY)))
                .find(|&(_, t)| t <= MAX_NATIVE)
                .map(|(n, native)| Kernel {
                    op,
                    n,
                    unit: Unit::new(
                        INSTRUCTIONS,
                        &case.label,
                        format!("{op}-{n}"),
                        Some((START_UP + native * SLOWDOWN) / parallel),
                        false,
                    ),
                    record: case.record(INSTRUCTIONS, n, CaseStatus::Measured),
                })
        };
        let kernel = pick(Operation::Count, "count", &[8, 9, 10])
            .or_else(|| pick(Operation::First, "first", &[16, 100, 1_000]));
        if let Some(kernel) = kernel
            && h.plan.selected(INSTRUCTIONS, &kernel.unit.label, kernel.n)
        {
            out.push(kernel);
        }
    }
    out
}

/// Whether callgrind can run here.
fn valgrind() -> bool {
    Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The group's units, where callgrind runs.
pub fn units(h: &Harness, registry: &Registry) -> Vec<Unit> {
    if h.plan.mode == Mode::Test || !valgrind() {
        return Vec::new();
    }
    kernels(h, registry).into_iter().map(|k| k.unit).collect()
}

/// Counts every planned kernel under callgrind and records the counts.
pub fn instructions_group(h: &mut Harness, registry: &Registry) {
    if h.plan.mode != Mode::Bench {
        return;
    }
    let kernels = kernels(h, registry);
    if kernels.is_empty() {
        return;
    }
    if !valgrind() {
        eprintln!(
            "nqueens bench: {INSTRUCTIONS} left out: valgrind is not installed (Debian: apt-get \
             install valgrind); the report shows times only"
        );
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        eprintln!("nqueens bench: {INSTRUCTIONS} left out: cannot find this binary");
        return;
    };
    let dir = target_dir()
        .join(nqueens_report::BENCH_DIR)
        .join("callgrind");
    if let Err(error) = std::fs::create_dir_all(&dir) {
        eprintln!(
            "nqueens bench: {INSTRUCTIONS} left out: {}: {error}",
            dir.display()
        );
        return;
    }
    // Two kernels at a time: callgrind runs one thread, and the counts do not depend on load.
    for pair in kernels.chunks(h.run.cores.clamp(1, 2)) {
        for kernel in pair {
            h.budget.start(&kernel.unit);
        }
        let children: Vec<_> = pair.iter().map(|k| spawn(&exe, &dir, k)).collect();
        for (kernel, child) in pair.iter().zip(children) {
            let mut record = kernel.record.clone();
            record.note = format!("{}: {}", kernel.op, nqueens_report::EVERY_THREAD_COUNTED);
            match child.and_then(|(child, out)| wait(child, &out)) {
                Ok(count) => record.instructions = count,
                Err(error) => {
                    eprintln!(
                        "nqueens bench: {INSTRUCTIONS}/{}/{}: {error}",
                        kernel.unit.label, kernel.unit.param
                    );
                    record.status = CaseStatus::Error;
                    record.note = format!("{}: {error}", kernel.op);
                }
            }
            h.push(record);
        }
    }
    h.save();
}

/// Starts callgrind on this binary for one kernel.
fn spawn(
    exe: &Path,
    dir: &Path,
    kernel: &Kernel,
) -> Result<(std::process::Child, std::path::PathBuf), String> {
    let out = dir.join(format!("{}-{}.out", kernel.unit.label, kernel.unit.param));
    let _ = std::fs::remove_file(&out);
    let mut command = Command::new("valgrind");
    // The same few variables in every run, whatever the shell or cargo set: a kernel that
    // reads the environment pays by the variable (sat's CaDiCaL calls getenv: 131,010
    // instructions more for count-8 under `cargo bench`'s environment than under a shell's).
    command.env_clear().envs(
        [PATH_VAR, SLOW_VAR]
            .into_iter()
            .filter_map(|name| Some((name, std::env::var_os(name)?))),
    );
    command
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg("--toggle-collect=*nqueens_kernel*")
        // Every thread std starts: in this process only the kernel starts threads.
        .arg("--toggle-collect=*::new::thread_start")
        .arg(exe)
        .env(
            KERNEL_VAR,
            format!("{}:{}:{}", kernel.op, kernel.unit.label, kernel.n),
        )
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map(|child| (child, out))
        .map_err(|e| format!("cannot run valgrind: {e}"))
}

/// Waits for a callgrind run and reads its instruction count.
fn wait(child: std::process::Child, out: &Path) -> Result<u64, String> {
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    if !output.status.success() {
        let text = String::from_utf8_lossy(&output.stderr);
        let last = text.lines().last().unwrap_or("").to_string();
        return Err(format!("callgrind failed ({}): {last}", output.status));
    }
    let text = std::fs::read_to_string(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let count = text
        .lines()
        .find_map(|l| {
            l.strip_prefix("totals:")
                .or_else(|| l.strip_prefix("summary:"))
        })
        .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
        .ok_or_else(|| format!("{} holds no instruction total", out.display()))?;
    if count == 0 {
        return Err("callgrind counted nothing (the kernel's symbol was not found)".to_string());
    }
    Ok(count)
}

/// When `NQUEENS_KERNEL` names a kernel, runs it once and returns true (the process is a
/// callgrind child and does nothing else).
pub fn run_kernel_if_asked() -> bool {
    let Ok(spec) = std::env::var(KERNEL_VAR) else {
        return false;
    };
    let mut parts = spec.splitn(3, ':');
    let (Some(op), Some(label), Some(n)) = (parts.next(), parts.next(), parts.next()) else {
        eprintln!("nqueens bench: {KERNEL_VAR}={spec:?} is not operation:label:n");
        std::process::exit(2);
    };
    let n: usize = n.parse().unwrap_or(0);
    let registry = nqueens::registry();
    let mut plan = Plan::for_profile(Mode::Test, Profile::Test, None);
    plan.slowing = Slowing::from_env().ok().flatten();
    let all = plan.cases(&registry);
    let Some(case) = all.iter().find(|c| c.label == label) else {
        eprintln!("nqueens bench: {KERNEL_VAR}: no case {label}");
        std::process::exit(2);
    };
    let config = Config {
        threads: Some(1),
        ..case.config(case.variant.randomized.then_some(1))
    };
    // glibc merges the small blocks freed so far (its fast bins) at the first request of a
    // large block (1,024 bytes or more); made here, that merge, whose cost depends on what this
    // setup freed, stays out of the kernel's count.
    drop(std::hint::black_box(Vec::<u8>::with_capacity(4096)));
    let ok = nqueens_kernel(case.solver, op == "count", n, &config);
    std::process::exit(if ok { 0 } else { 1 });
}

/// The one function callgrind counts (`--toggle-collect=*nqueens_kernel*`).
#[inline(never)]
fn nqueens_kernel(solver: &dyn Solver, count: bool, n: usize, config: &Config) -> bool {
    if count {
        solver.count(n, config).is_ok()
    } else {
        solver.first(n, config).is_ok()
    }
}
