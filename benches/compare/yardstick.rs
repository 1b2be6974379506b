//! The `yardstick` group: the C programs of the shared `yardstick/` folder, compiled with gcc
//! at start and timed as processes beside their Rust counterparts.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion};
use nqueens::core::{Config, Operation, Registry, Solver};
use nqueens_report::{BENCH_DIR, CaseRecord, CaseStatus};

use crate::groups::tune;
use crate::harness::{Harness, Next, target_dir};
use crate::probe::probe;
use nqueens_report::bench::Mode;
use nqueens_report::bench::bench_model;
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
    candidates
        .into_iter()
        .flatten()
        .find(|dir| dir.join("count.c").is_file() && dir.join("permutations.c").is_file())
}

/// gcc's flags for the yardsticks: the same target as the Rust code they are compared with.
///
/// The Rust binaries are built for generic x86-64 unless `RUSTFLAGS` asks for
/// `-C target-cpu=native` (seen when the bench was compiled), so the C programs get `-O3`
/// alone, or `-O3 -march=native` beside a native Rust build. `NQUEENS_YARDSTICK_CFLAGS`
/// (space-separated) overrides both.
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

/// A Rust counterpart of a yardstick: its label, strategy and thread count.
struct Counterpart<'r> {
    label: String,
    solver: &'r dyn Solver,
    threads: Option<usize>,
}

impl Counterpart<'_> {
    /// The configuration of its runs: its thread count.
    fn config(&self) -> Config {
        Config {
            threads: self.threads,
            ..Config::default()
        }
    }

    /// Whether its strategy can count at size `n`, as its capabilities say.
    fn counts(&self, n: usize) -> bool {
        self.solver
            .check(Operation::Count, n, &self.config())
            .is_ok()
    }

    /// A record of it at size `n` in the statistics CSV.
    fn record(&self, n: usize) -> CaseRecord {
        let mut record = CaseRecord::new(
            YARDSTICK,
            &self.label,
            self.solver.name(),
            n,
            CaseStatus::Measured,
        );
        record.threads = self.threads;
        record
    }
}

/// The compiled C programs.
struct Programs {
    count: PathBuf,
    permutations: PathBuf,
}

/// Compiles the yardsticks into the target directory, or says why they are left out.
fn build() -> Result<Programs, String> {
    let dir = yardstick_dir().ok_or(
        "no yardstick/count.c and permutations.c found (set NQUEENS_YARDSTICK_DIR)".to_string(),
    )?;
    let bin = target_dir().join(BENCH_DIR).join("yardstick");
    std::fs::create_dir_all(&bin).map_err(|error| format!("{}: {error}", bin.display()))?;
    let programs = Programs {
        count: bin.join("count"),
        permutations: bin.join("permutations"),
    };
    compile(&dir.join("count.c"), &programs.count)?;
    compile(&dir.join("permutations.c"), &programs.permutations)?;
    Ok(programs)
}

/// The C programs and the labels of their Rust counterparts.
const COUNTERPARTS: [&str; 5] = [
    "bitmask",
    "symmetry-t1",
    "symmetry-t2",
    "quadrants-t1",
    "quadrants-t2",
];

/// Plans the yardstick's cases: each program and counterpart at each size, sampled by
/// criterion, and the sizes timed once. Bench mode only, and only with the C programs here.
pub fn plan(h: &mut Harness, registry: &Registry) {
    if h.plan.mode == Mode::Test || yardstick_dir().is_none() {
        return;
    }
    let add = |h: &mut Harness, label: &str, n: usize, sampled: bool| {
        let counterpart = COUNTERPARTS.contains(&label) || label == "permutation";
        let strategy = label.split("-t").next().unwrap_or(label);
        if counterpart && registry.get(strategy).is_err() || !h.plan.selected(YARDSTICK, label, n) {
            return;
        }
        let run = bench_model(YARDSTICK, label).and_then(|m| m.seconds(n));
        h.budget
            .plan(&h.plan, YARDSTICK, label, &n.to_string(), run, 1, sampled);
    };
    for n in h.plan.yardstick_counts.clone() {
        for label in std::iter::once("count.c").chain(COUNTERPARTS) {
            add(h, label, n, true);
        }
    }
    for n in h.plan.yardstick_permutations.clone() {
        for label in ["permutations.c", "permutation"] {
            add(h, label, n, true);
        }
    }
    for n in h.plan.yardstick_once.clone() {
        for label in std::iter::once("count.c").chain(COUNTERPARTS) {
            add(h, label, n, false);
        }
    }
    for n in h.plan.quadrants_once.clone() {
        for label in QUADRANTS_ALONE {
            add(h, label, n, false);
        }
    }
}

/// The counterparts run alone at the sizes of `quadrants_once`.
const QUADRANTS_ALONE: [&str; 2] = ["quadrants-t1", "quadrants-t2"];

/// The `yardstick` group: `count.c` against `bitmask` (single-threaded), `symmetry` and
/// `quadrants` with one and two threads, `permutations.c` against `permutation`; the sizes of `yardstick_once` timed
/// once each, outside criterion, and those of `quadrants_once` for `quadrants` alone (one and
/// two threads). Bench mode only.
pub fn yardstick(c: &mut Criterion, h: &mut Harness, registry: &Registry) {
    let mut rust = Vec::new();
    if let Ok(solver) = registry.get("bitmask") {
        rust.push(Counterpart {
            label: "bitmask".to_string(),
            solver,
            threads: None,
        });
    }
    // The two fast counters, searching (symmetry) and joining (quadrants), on one and two
    // threads.
    for name in ["symmetry", "quadrants"] {
        if let Ok(solver) = registry.get(name) {
            for threads in [1, 2] {
                rust.push(Counterpart {
                    label: format!("{name}-t{threads}"),
                    solver,
                    threads: Some(threads),
                });
            }
        }
    }
    let permutation = registry.get("permutation").ok().map(|solver| Counterpart {
        label: "permutation".to_string(),
        solver,
        threads: Some(1),
    });
    let counts = h.plan.yardstick_counts.clone();
    let once = h.plan.yardstick_once.clone();
    let quadrants_once = h.plan.quadrants_once.clone();
    let perms = h.plan.yardstick_permutations.clone();
    let selected = |label: &str, n: usize| h.plan.selected(YARDSTICK, label, n);
    let any_selected = counts
        .iter()
        .chain(&once)
        .any(|&n| selected("count.c", n) || rust.iter().any(|r| selected(&r.label, n)))
        || perms
            .iter()
            .any(|&n| selected("permutations.c", n) || selected("permutation", n))
        || quadrants_once
            .iter()
            .any(|&n| QUADRANTS_ALONE.iter().any(|label| selected(label, n)));
    if h.plan.mode != Mode::Bench || !any_selected {
        return;
    }
    let programs = match build() {
        Ok(programs) => programs,
        Err(error) => {
            eprintln!("nqueens bench: yardstick left out: {error}");
            return;
        }
    };
    let mut group = c.benchmark_group(YARDSTICK);
    for &n in &counts {
        measure_program(&mut group, h, "count.c", &programs.count, n);
        for counterpart in &rust {
            measure_solver(&mut group, h, counterpart, n);
        }
    }
    for &n in &perms {
        measure_program(&mut group, h, "permutations.c", &programs.permutations, n);
        if let Some(counterpart) = &permutation {
            measure_solver(&mut group, h, counterpart, n);
        }
    }
    group.finish();
    // Sizes too slow for ten samples: one run each, side by side, recorded in the CSV only.
    for &n in &once {
        if h.plan.selected(YARDSTICK, "count.c", n) {
            h.budget.start(YARDSTICK, "count.c", &n.to_string());
            let record = program_record("count.c", &programs.count, n);
            h.push(record);
        }
        for counterpart in &rust {
            run_once(h, counterpart, n);
        }
        h.save();
    }
    // Larger sizes, quadrants alone (its goals per core and on two threads).
    for &n in &quadrants_once {
        for counterpart in rust
            .iter()
            .filter(|r| QUADRANTS_ALONE.contains(&r.label.as_str()))
        {
            run_once(h, counterpart, n);
        }
        h.save();
    }
    h.save();
}

/// Runs a counterpart once at size `n`, outside criterion, and records it (when selected and
/// its strategy counts at `n`).
fn run_once(h: &mut Harness, counterpart: &Counterpart<'_>, n: usize) {
    if !counterpart.counts(n) || !h.plan.selected(YARDSTICK, &counterpart.label, n) {
        return;
    }
    h.budget
        .start(YARDSTICK, &counterpart.label, &n.to_string());
    let outcome = probe(
        counterpart.solver,
        Operation::Count,
        n,
        &counterpart.config(),
        ONCE_BUDGET,
    );
    h.settle(counterpart.record(n), outcome);
}

/// Runs a C program once and records its answer and time, or its failure.
fn program_record(label: &str, exe: &Path, n: usize) -> CaseRecord {
    let mut record = CaseRecord::new(YARDSTICK, label, label, n, CaseStatus::Measured);
    match run_program(exe, n) {
        Ok((total, seconds)) => {
            record.seconds = seconds;
            record.result = total.to_string();
        }
        Err(error) => {
            record.status = CaseStatus::Error;
            record.note = error;
        }
    }
    record
}

/// Runs a C program once, records it, and hands it to criterion when it answered.
fn measure_program(
    group: &mut BenchmarkGroup<'_, WallTime>,
    h: &mut Harness,
    label: &str,
    exe: &Path,
    n: usize,
) {
    if !h.plan.selected(YARDSTICK, label, n) {
        return;
    }
    h.budget.start(YARDSTICK, label, &n.to_string());
    let record = program_record(label, exe, n);
    if record.status == CaseStatus::Error {
        eprintln!("nqueens bench: yardstick {label} n = {n}: {}", record.note);
        h.push(record);
        return;
    }
    let seconds = record.seconds;
    h.push(record);
    tune(group, seconds, &h.plan);
    group.bench_with_input(BenchmarkId::new(label, n), &n, |b, &n| {
        b.iter(|| run_program(exe, n))
    });
}

/// Probes a Rust counterpart, records it, and hands it to criterion when it answered within
/// the budget.
fn measure_solver(
    group: &mut BenchmarkGroup<'_, WallTime>,
    h: &mut Harness,
    counterpart: &Counterpart<'_>,
    n: usize,
) {
    if !counterpart.counts(n) || !h.plan.selected(YARDSTICK, &counterpart.label, n) {
        return;
    }
    h.budget
        .start(YARDSTICK, &counterpart.label, &n.to_string());
    let config = counterpart.config();
    let solver = counterpart.solver;
    let outcome = probe(solver, Operation::Count, n, &config, PROBE_BUDGET);
    if let Next::Measure { seconds, .. } = h.settle(counterpart.record(n), outcome) {
        tune(group, seconds, &h.plan);
        group.bench_with_input(BenchmarkId::new(&counterpart.label, n), &n, |b, &n| {
            b.iter(|| solver.count(n, &config))
        });
    }
}
