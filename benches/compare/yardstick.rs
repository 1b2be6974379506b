//! The `yardstick` group: the C programs of the shared `yardstick/` folder, compiled with gcc
//! at start and timed as processes beside their Rust counterparts.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion};
use nqueens::core::{Config, Operation, Registry, Solver};
use nqueens_report::{BENCH_DIR, CaseRecord, CaseStatus};

use crate::groups::tune;
use crate::harness::{Harness, target_dir};
use crate::probe::probe;
use nqueens_report::bench::{Mode, Plan, bench_model};
use nqueens_report::group::YARDSTICK;

/// The budget of one probe of a Rust counterpart at a size criterion measures.
const PROBE_BUDGET: Duration = Duration::from_secs(120);
/// The budget of one run at a size timed once (n = 17).
const ONCE_BUDGET: Duration = Duration::from_secs(600);

/// The shared C yardsticks, when they are here: `$NQUEENS_YARDSTICK_DIR`, then
/// `../shared/yardstick` beside the workspace.
fn yardstick_dir() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("NQUEENS_YARDSTICK_DIR").map(PathBuf::from),
        Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/yardstick")),
    ];
    candidates.into_iter().flatten().find(|dir| {
        PROGRAMS
            .iter()
            .all(|p| dir.join(format!("{p}.c")).is_file())
    })
}

/// gcc's flags for the yardsticks, for the Rust code's target: `-O3`, with `-march=native`
/// where `RUSTFLAGS` asked for `target-cpu=native`; `NQUEENS_YARDSTICK_CFLAGS` overrides both.
fn c_flags() -> Vec<String> {
    if let Some(flags) = std::env::var_os("NQUEENS_YARDSTICK_CFLAGS") {
        return flags
            .to_string_lossy()
            .split_whitespace()
            .map(String::from)
            .collect();
    }
    let native = option_env!("RUSTFLAGS").is_some_and(|flags| flags.contains("target-cpu=native"));
    let mut flags = vec!["-O3".to_string()];
    if native {
        flags.push("-march=native".to_string());
    }
    flags
}

/// Compiles one C program with gcc, for the Rust code's target (see [`c_flags`]).
fn compile(source: &Path, out: &Path) -> Result<(), String> {
    let flags = c_flags();
    eprintln!(
        "nqueens bench: gcc {} {}",
        flags.join(" "),
        source.display()
    );
    let status = Command::new("gcc")
        .args(&flags)
        .arg("-o")
        .arg(out)
        .arg(source)
        .stderr(Stdio::inherit())
        .status()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
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
    let first = text
        .split_whitespace()
        .next()
        .and_then(|t| t.parse().ok())
        .ok_or_else(|| format!("{} printed {text:?}", program.display()))?;
    Ok((first, seconds))
}

/// The C programs, by the name of their source (`count.c`) and of their binary.
const PROGRAMS: [&str; 2] = ["count", "permutations"];

/// Compiles the yardsticks under the target directory, or says why they are left out.
fn build() -> Result<PathBuf, String> {
    let dir = yardstick_dir().ok_or(
        "no yardstick/count.c and permutations.c found (set NQUEENS_YARDSTICK_DIR)".to_string(),
    )?;
    let bin = target_dir().join(BENCH_DIR).join("yardstick");
    std::fs::create_dir_all(&bin).map_err(|error| format!("{}: {error}", bin.display()))?;
    for program in PROGRAMS {
        compile(&dir.join(format!("{program}.c")), &bin.join(program))?;
    }
    Ok(bin)
}

/// Who answers an entry: one of the [`PROGRAMS`] or a strategy on some threads.
#[derive(Clone, Copy)]
enum Runner<'r> {
    Program(&'static str),
    Solver(&'r dyn Solver, Option<usize>),
}

/// One yardstick case: a label at a size, sampled by criterion or timed once.
struct Entry<'r> {
    label: String,
    n: usize,
    sampled: bool,
    runner: Runner<'r>,
}

/// The group's entries in plan and run order: `count.c` and its counterparts (`bitmask`
/// single-threaded, `symmetry` and `quadrants` on one and two threads), `permutations.c` and
/// `permutation`, the sizes timed once, and `quadrants` alone at the sizes of
/// `quadrants_once` (its goals at n = 18 and 19, where `count.c` would take minutes).
fn entries<'r>(plan: &Plan, registry: &'r Registry) -> Vec<Entry<'r>> {
    let solver = |name: &str, threads| {
        registry
            .get(name)
            .ok()
            .map(|solver| Runner::Solver(solver, threads))
    };
    let mut counters = vec![("bitmask".to_string(), solver("bitmask", None))];
    for name in ["symmetry", "quadrants"] {
        for threads in [1, 2] {
            counters.push((format!("{name}-t{threads}"), solver(name, Some(threads))));
        }
    }
    let count = ("count.c".to_string(), Some(Runner::Program("count")));
    let permutations = [
        (
            "permutations.c".to_string(),
            Some(Runner::Program("permutations")),
        ),
        ("permutation".to_string(), solver("permutation", Some(1))),
    ];
    let with_count: Vec<_> = std::iter::once(count).chain(counters.clone()).collect();
    let quadrants: Vec<_> = counters
        .into_iter()
        .filter(|(label, _)| label.starts_with("quadrants"))
        .collect();
    let sweeps = [
        (&plan.yardstick_counts, &with_count[..], true),
        (&plan.yardstick_permutations, &permutations[..], true),
        (&plan.yardstick_once, &with_count[..], false),
        (&plan.quadrants_once, &quadrants[..], false),
    ];
    let mut out = Vec::new();
    for (sizes, labels, sampled) in sweeps {
        for &n in sizes {
            for (label, runner) in labels {
                if let Some(runner) = *runner
                    && plan.selected(YARDSTICK, label, n)
                {
                    out.push(Entry {
                        label: label.clone(),
                        n,
                        sampled,
                        runner,
                    });
                }
            }
        }
    }
    out
}

/// Plans the entries, in bench mode only and only with the C programs here.
pub fn plan(h: &mut Harness, registry: &Registry) {
    if h.plan.mode == Mode::Test || yardstick_dir().is_none() {
        return;
    }
    for entry in entries(&h.plan, registry) {
        let run = bench_model(YARDSTICK, &entry.label).and_then(|m| m.seconds(entry.n));
        let n = entry.n.to_string();
        h.budget
            .plan(&h.plan, YARDSTICK, &entry.label, &n, run, 1, entry.sampled);
    }
}

/// Runs the group: each entry probed or run once and recorded; a sampled one that answered
/// handed to criterion. Bench mode only.
pub fn yardstick(c: &mut Criterion, h: &mut Harness, registry: &Registry) {
    let entries = entries(&h.plan, registry);
    if h.plan.mode != Mode::Bench || entries.is_empty() {
        return;
    }
    let bin = match build() {
        Ok(bin) => bin,
        Err(error) => {
            eprintln!("nqueens bench: yardstick left out: {error}");
            return;
        }
    };
    let mut group = c.benchmark_group(YARDSTICK);
    for entry in &entries {
        let (label, n) = (entry.label.as_str(), entry.n);
        let id = BenchmarkId::new(label, n);
        match entry.runner {
            Runner::Program(program) => {
                let exe = &bin.join(program);
                h.budget.start(YARDSTICK, label, &n.to_string());
                let mut record = CaseRecord::new(YARDSTICK, label, label, n, CaseStatus::Measured);
                match run_program(exe, n) {
                    Ok((total, seconds)) => {
                        record.seconds = seconds;
                        record.result = total.to_string();
                    }
                    Err(error) => {
                        if entry.sampled {
                            eprintln!("nqueens bench: yardstick {label} n = {n}: {error}");
                        }
                        record.status = CaseStatus::Error;
                        record.note = error;
                    }
                }
                let (seconds, failed) = (record.seconds, record.status == CaseStatus::Error);
                h.push(record);
                if entry.sampled && !failed {
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
                h.budget.start(YARDSTICK, label, &n.to_string());
                let budget = if entry.sampled {
                    PROBE_BUDGET
                } else {
                    ONCE_BUDGET
                };
                let mut record =
                    CaseRecord::new(YARDSTICK, label, solver.name(), n, CaseStatus::Measured);
                record.threads = threads;
                let record = probe(record, solver, Operation::Count, n, &config, budget);
                let record = h.settle(record);
                if record.status == CaseStatus::Measured && entry.sampled {
                    tune(&mut group, record.seconds, &h.plan);
                    group.bench_with_input(id, &n, |b, &n| b.iter(|| solver.count(n, &config)));
                }
            }
        }
        if !entry.sampled {
            h.save();
        }
    }
    group.finish();
    h.save();
}
