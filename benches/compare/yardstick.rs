//! The `yardstick` group: the C programs of the shared `yardstick/` folder, compiled with gcc
//! at start and timed as processes beside their Rust counterparts.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion};
use nqueens::core::{Config, Operation, Registry};
use nqueens_report::{BENCH_DIR, CaseRecord, CaseStatus};

use crate::groups::tune;
use crate::harness::{Harness, target_dir};
use crate::probe::probe;
use nqueens_report::bench::{Mode, Plan, Runner, Unit, YardstickCase};
use nqueens_report::group::YARDSTICK;

/// The budget of one probe of a Rust counterpart at a size criterion measures.
const PROBE_BUDGET: Duration = Duration::from_secs(120);
/// The budget of one run at a size timed once (n = 17).
const ONCE_BUDGET: Duration = Duration::from_secs(600);

/// The folder of the plan's C yardsticks ([`Plan::yardsticks`]), when they are here:
/// `$NQUEENS_YARDSTICK_DIR`, then `../shared/yardstick` beside the workspace.
fn yardstick_dir(plan: &Plan) -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("NQUEENS_YARDSTICK_DIR").map(PathBuf::from),
        Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/yardstick")),
    ];
    candidates.into_iter().flatten().find(|dir| {
        (plan.yardsticks.iter()).all(|y| dir.join(format!("{}.c", y.program)).is_file())
    })
}

/// Compiles one C program with gcc for the Rust code's target: `-O3`, with `-march=native`
/// where `RUSTFLAGS` asked for `target-cpu=native`; `NQUEENS_YARDSTICK_CFLAGS` overrides both.
fn compile(source: &Path, out: &Path) -> Result<(), String> {
    let native = option_env!("RUSTFLAGS").is_some_and(|flags| flags.contains("target-cpu=native"));
    let default = if native { "-O3 -march=native" } else { "-O3" };
    let flags = (std::env::var_os("NQUEENS_YARDSTICK_CFLAGS"))
        .map_or(default.into(), |flags| flags.to_string_lossy().into_owned());
    let flags: Vec<&str> = flags.split_whitespace().collect();
    eprintln!(
        "nqueens bench: gcc {} {}",
        flags.join(" "),
        source.display()
    );
    let mut gcc = Command::new("gcc");
    gcc.args(&flags).arg("-o").arg(out).arg(source);
    let status =
        (gcc.stderr(Stdio::inherit()).status()).map_err(|e| format!("cannot run gcc: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("gcc failed on {} ({status})", source.display()))
    }
}

/// Runs a yardstick program once; returns its first output number and the wall time.
fn run_program(program: &Path, n: usize) -> Result<(u64, f64), String> {
    let started = Instant::now();
    let output = Command::new(program)
        .arg(n.to_string())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    let seconds = started.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&output.stdout);
    let first = text.split_whitespace().next().and_then(|t| t.parse().ok());
    let first = first.ok_or_else(|| format!("{} printed {text:?}", program.display()))?;
    Ok((first, seconds))
}

/// Compiles the yardsticks under the target directory (each binary named as its source without
/// `.c`), or says why they are left out.
fn build(plan: &Plan) -> Result<PathBuf, String> {
    let dir = yardstick_dir(plan).ok_or_else(|| {
        let sources: Vec<String> = (plan.yardsticks.iter())
            .map(|y| format!("{}.c", y.program))
            .collect();
        let sources = sources.join(" and ");
        format!("no yardstick/{sources} found (set NQUEENS_YARDSTICK_DIR)")
    })?;
    let bin = target_dir().join(BENCH_DIR).join("yardstick");
    std::fs::create_dir_all(&bin).map_err(|error| format!("{}: {error}", bin.display()))?;
    for program in plan.yardsticks.iter().map(|y| y.program) {
        compile(&dir.join(format!("{program}.c")), &bin.join(program))?;
    }
    Ok(bin)
}

/// The group's units, in bench mode only and only with the C programs here.
pub fn units(h: &Harness, registry: &Registry) -> Vec<Unit> {
    if h.plan.mode == Mode::Test || yardstick_dir(&h.plan).is_none() {
        return Vec::new();
    }
    let cases = h.plan.yardstick_cases(registry);
    cases.iter().map(YardstickCase::unit).collect()
}

/// Runs the group: each case probed or run once and recorded; a sampled one that answered
/// handed to criterion. Bench mode only.
pub fn yardstick(c: &mut Criterion, h: &mut Harness, registry: &Registry) {
    let cases = h.plan.yardstick_cases(registry);
    if h.plan.mode != Mode::Bench || cases.is_empty() {
        return;
    }
    let bin = match build(&h.plan) {
        Ok(bin) => bin,
        Err(error) => {
            eprintln!("nqueens bench: yardstick left out: {error}");
            return;
        }
    };
    let mut group = c.benchmark_group(YARDSTICK);
    for case in &cases {
        let (label, n) = (case.label.as_str(), case.n);
        let id = BenchmarkId::new(label, n);
        match case.runner {
            Runner::Program(program, _) => {
                let exe = &bin.join(program);
                h.budget.start(&case.unit());
                let mut record = CaseRecord::new(YARDSTICK, label, label, n, CaseStatus::Measured);
                match run_program(exe, n) {
                    Ok((total, seconds)) => {
                        (record.seconds, record.result) = (seconds, total.to_string())
                    }
                    Err(error) => {
                        if case.sampled {
                            eprintln!("nqueens bench: yardstick {label} n = {n}: {error}");
                        }
                        (record.status, record.note) = (CaseStatus::Error, error);
                    }
                }
                let (seconds, failed) = (record.seconds, record.status == CaseStatus::Error);
                h.push(record);
                if case.sampled && !failed {
                    tune(&mut group, seconds, &h.plan);
                    group.bench_with_input(id, &n, |b, &n| b.iter(|| run_program(exe, n)));
                }
            }
            Runner::Solver(solver, threads) => {
                let config = Config {
                    threads,
                    ..Config::default()
                };
                if solver.check(Operation::Count, n, &config).is_err() {
                    continue;
                }
                h.budget.start(&case.unit());
                let budget = if case.sampled {
                    PROBE_BUDGET
                } else {
                    ONCE_BUDGET
                };
                let mut record =
                    CaseRecord::new(YARDSTICK, label, solver.name(), n, CaseStatus::Measured);
                record.threads = threads;
                let record = probe(record, solver, Operation::Count, n, &config, budget);
                let record = h.settle(record);
                if record.status == CaseStatus::Measured && case.sampled {
                    tune(&mut group, record.seconds, &h.plan);
                    group.bench_with_input(id, &n, |b, &n| b.iter(|| solver.count(n, &config)));
                }
            }
        }
        if !case.sampled {
            h.save();
        }
    }
    group.finish();
    h.save();
}
