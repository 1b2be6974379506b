//! The comparison harness: every registered strategy on the same work.
//!
//! ```sh
//! cargo bench --bench compare                 # full run (under 30 minutes on 2 cores)
//! cargo bench --bench compare -- --quick      # quick run (under 5 minutes), still feeds the report
//! cargo bench --bench compare -- count_all    # one group (criterion's filter, a regex)
//! cargo run --release --bin nqueens -- report # charts and reports/README.md from the results
//! ```
//!
//! Groups (criterion ids are `group/label/n`):
//!
//! - `count_all`: count every solution, n = 4..=16;
//! - `first_solution`: time to a first solution, n = 8 up to 10^6 on a log scale (8, 16, 30,
//!   100, 300, ... 10^6), and on to 10^8 in full runs for the strategies that get there within
//!   the probe budget (the construction; min-conflicts to 10^7); a randomized strategy runs over a fixed list of seeds, each iteration taking
//!   the next seed, and every seed is also run once on its own for the spread;
//! - `validate`: the validator on one large solution from the `construction` strategy (left out
//!   when that strategy is not registered): the floor every strategy pays;
//! - `once`: goals too slow or too many for criterion, each run timed once and recorded in the
//!   statistics CSV only: the `warnsdorff` default variant (seed 1) on every n from 4 to 1,000,
//!   and, in full runs, `min-conflicts` at n = 10^8 (seed 1). Every solution is validated (the
//!   `Solver` trait checks every solution it returns);
//! - `yardstick`: the C programs of the shared `yardstick/` folder, compiled with gcc at start
//!   and timed as processes beside their Rust counterparts (`count.c` against `bitmask`, which
//!   is single-threaded, and `symmetry` with one and two threads, `symmetry-t1` and
//!   `symmetry-t2`, at n = 16; `permutations.c` against `permutation` at 12).
//!   n = 17 is timed once per program, outside criterion, in full runs. Left out, with a message,
//!   without gcc or the folder (looked up in `$NQUEENS_YARDSTICK_DIR`, then `../shared/yardstick`
//!   beside the workspace).
//!
//! Every strategy and every variant of it comes from `nqueens::registry()`: the label is the
//! registry name for the default variant and `name-variant` for the others (`warnsdorff`,
//! `warnsdorff-faithful`). A case runs only where the strategy's capabilities accept n, and
//! only after a probe: one run under a deadline (a timer raises `Config::stop`). A probe past the
//! budget (count: 6 s; first: 10 s, which admits the goals of n = 10^4 for `warnsdorff` and 10^7
//! for `min-conflicts` over every seed; quick mode 1 s / 0.5 s) drops that n and every larger n
//! of the series, and the skip is recorded.
//!
//! Slow cases (probe over 10 ms) use 10 samples of flat sampling, about 11 runs in all; fast ones
//! 20 samples in about a second. Throughput is in elements per run: permutations examined when
//! the strategy counts them, else search nodes, else local-search moves, else the n queens placed.
//!
//! Quick mode (`-- --quick`, or `NQUEENS_BENCH_QUICK=1`) trims the sizes (count n <= 12,
//! first n in 8, 16, 30, 100, 10^3, ..., 10^6), uses 3 seeds instead of 10, and skips n = 17.
//! `cargo test --benches` (criterion's test mode) runs each case once at tiny sizes, without
//! yardsticks, and writes nothing.
//!
//! Beside criterion's files the harness writes `target/nqueens-bench/stats.csv` (under
//! `$CARGO_TARGET_DIR` when set): one row per probe with the solver's own statistics and the
//! peak heap seen by this binary's counting allocator, plus the skipped cases. The allocator
//! counts every allocation with an atomic add, also while criterion times: the search loops do
//! not allocate, so the cost stays out of the hot paths. A run of every group rewrites the
//! file; a filtered run (`-- yardstick`, `-- count_all`) replaces only the cases it ran, keeps
//! the other rows, and adds an `# update:` line naming itself. The report draws only the
//! criterion results the file lists as measured, so results left in `target/criterion` by
//! earlier runs of cases no longer run stay out.

use std::alloc::System;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, SamplingMode, Throughput};
use nqueens::core::{
    Config, Error, Operation, Outcome, Registry, Solver, Stats, StopFlag, validate,
};
use nqueens_report::{CaseRecord, CaseStatus, Machine, StatsFile, Update, utc_now};
use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};
use regex::Regex;

#[global_allocator]
static HEAP: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The seeds of randomized strategies: fixed, so every run measures the same work.
const SEEDS: [u64; 10] = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89];

/// How criterion was started, as far as the harness cares.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `cargo bench`: probe, measure, record.
    Bench,
    /// `cargo test --benches`: one run per case, tiny sizes, nothing written.
    Test,
    /// `--list`: name the cases, run nothing.
    List,
}

struct Plan {
    mode: Mode,
    quick: bool,
    filter: Option<Regex>,
    seeds: Vec<u64>,
    count_sizes: Vec<usize>,
    first_sizes: Vec<usize>,
    validate_sizes: Vec<usize>,
    count_budget: Duration,
    first_budget: Duration,
    yardstick_counts: Vec<usize>,
    yardstick_once: Vec<usize>,
    yardstick_permutations: Vec<usize>,
    /// (label, sizes, budget per run) for the `once` group.
    once: Vec<(&'static str, Vec<usize>, Duration)>,
}

/// The `once` sweep of `warnsdorff`: every n the issue's goal names.
fn warnsdorff_sweep() -> (&'static str, Vec<usize>, Duration) {
    ("warnsdorff", (4..=1_000).collect(), Duration::from_secs(10))
}

/// Criterion flags that take a value, so the value is not mistaken for the filter.
const VALUE_FLAGS: [&str; 16] = [
    "--save-baseline",
    "-s",
    "--baseline",
    "-b",
    "--baseline-lenient",
    "--load-baseline",
    "--sample-size",
    "--warm-up-time",
    "--measurement-time",
    "--nresamples",
    "--noise-threshold",
    "--confidence-level",
    "--significance-level",
    "--profile-time",
    "--format",
    "--color",
];

impl Plan {
    fn from_args() -> Self {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let has = |flag: &str| args.iter().any(|a| a == flag);
        let mode = if has("--list") {
            Mode::List
        } else if has("--bench") && !has("--test") {
            Mode::Bench
        } else {
            Mode::Test
        };
        let quick = has("--quick")
            || std::env::var("NQUEENS_BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
        let mut filter = None;
        let mut skip_value = false;
        for arg in &args {
            if skip_value {
                skip_value = false;
            } else if VALUE_FLAGS.contains(&arg.as_str())
                || arg == "-c"
                || arg == "--output-format"
                || arg == "--plotting-backend"
            {
                skip_value = true;
            } else if !arg.starts_with('-') {
                filter = Some(arg.clone());
            }
        }
        // An exact filter is a plain id; criterion reports a bad regex itself.
        let filter = filter.and_then(|f| {
            if has("--exact") {
                Regex::new(&format!("^{}$", regex::escape(&f))).ok()
            } else {
                Regex::new(&f).ok()
            }
        });
        match (mode, quick) {
            (Mode::Test, _) => Self {
                mode,
                quick,
                filter,
                seeds: SEEDS[..1].to_vec(),
                count_sizes: vec![4, 8],
                first_sizes: vec![8, 20],
                validate_sizes: vec![1_000],
                count_budget: Duration::from_secs(1),
                first_budget: Duration::from_secs(1),
                yardstick_counts: Vec::new(),
                yardstick_once: Vec::new(),
                yardstick_permutations: Vec::new(),
                once: vec![("warnsdorff", (4..=12).collect(), Duration::from_secs(1))],
            },
            (_, true) => Self {
                mode,
                quick,
                filter,
                seeds: SEEDS[..3].to_vec(),
                count_sizes: (4..=12).collect(),
                first_sizes: vec![8, 16, 30, 100, 1_000, 10_000, 100_000, 1_000_000],
                validate_sizes: vec![10_000, 1_000_000],
                count_budget: Duration::from_secs(1),
                first_budget: Duration::from_millis(500),
                yardstick_counts: vec![16],
                yardstick_once: Vec::new(),
                yardstick_permutations: vec![12],
                once: vec![warnsdorff_sweep()],
            },
            (_, false) => Self {
                mode,
                quick,
                filter,
                seeds: SEEDS.to_vec(),
                count_sizes: (4..=16).collect(),
                // Past 10^6 only the construction and min-conflicts stay within the probe
                // budget: these sizes carry their goals (10^7 for min-conflicts, 10^8 for the
                // construction).
                first_sizes: vec![
                    8,
                    16,
                    30,
                    100,
                    300,
                    1_000,
                    3_000,
                    10_000,
                    30_000,
                    100_000,
                    300_000,
                    1_000_000,
                    3_000_000,
                    10_000_000,
                    100_000_000,
                ],
                validate_sizes: vec![1_000, 10_000, 100_000, 1_000_000],
                count_budget: Duration::from_secs(6),
                first_budget: Duration::from_secs(10),
                yardstick_counts: vec![16],
                yardstick_once: vec![17],
                yardstick_permutations: vec![12],
                once: vec![
                    warnsdorff_sweep(),
                    ("min-conflicts", vec![100_000_000], Duration::from_secs(300)),
                ],
            },
        }
    }

    fn selected(&self, group: &str, label: &str, n: usize) -> bool {
        self.filter
            .as_ref()
            .is_none_or(|f| f.is_match(&format!("{group}/{label}/{n}")))
    }

    fn describe(&self) -> String {
        match (self.mode, self.quick) {
            (Mode::Test, _) => "test".to_string(),
            (Mode::List, _) => "list".to_string(),
            (Mode::Bench, true) => "quick".to_string(),
            (Mode::Bench, false) => "full".to_string(),
        }
    }
}

/// One strategy with one of its variants.
struct Case<'r> {
    solver: &'r dyn Solver,
    label: String,
    variant: Option<String>,
}

impl Case<'_> {
    fn config(&self, seed: Option<u64>, threads: Option<usize>) -> Config {
        Config {
            seed,
            threads,
            variant: self.variant.clone(),
            ..Config::default()
        }
    }

    fn record(&self, group: &str, n: usize, status: CaseStatus) -> CaseRecord {
        let mut record = CaseRecord::new(group, &self.label, self.solver.name(), n, status);
        record.variant = self.variant.clone().unwrap_or_default();
        record
    }
}

/// Every strategy of the registry, each variant on its own, default variant first.
fn cases(registry: &Registry) -> Vec<Case<'_>> {
    let mut out = Vec::new();
    for solver in registry.iter() {
        let variants = solver.capabilities().variants;
        if variants.is_empty() {
            out.push(Case {
                solver,
                label: solver.name().to_string(),
                variant: None,
            });
        }
        for (i, variant) in variants.iter().enumerate() {
            out.push(Case {
                solver,
                label: if i == 0 {
                    solver.name().to_string()
                } else {
                    format!("{}-{variant}", solver.name())
                },
                variant: (i > 0).then(|| variant.to_string()),
            });
        }
    }
    out
}

/// What one run under a deadline gave.
enum Probe {
    Done {
        seconds: f64,
        stats: Stats,
        result: String,
        heap: u64,
    },
    OverBudget(f64),
    Failed(String),
}

/// Writes a probe's outcome into `record`: its time, answer and statistics, or why it has
/// none. Returns the time and statistics of a finished run.
fn fill(record: &mut CaseRecord, probe: Probe) -> Option<(f64, Stats)> {
    match probe {
        Probe::Done {
            seconds,
            stats,
            result,
            heap,
        } => {
            record.seconds = seconds;
            record.stats = stats;
            record.result = result;
            record.heap_peak_bytes = heap;
            Some((seconds, stats))
        }
        Probe::OverBudget(seconds) => {
            record.status = CaseStatus::OverBudget;
            record.seconds = seconds;
            None
        }
        Probe::Failed(message) => {
            record.status = CaseStatus::Error;
            record.note = message;
            None
        }
    }
}

/// Why a probed case has no answer, for the console: over its budget, or the error.
fn why_unanswered(record: &CaseRecord) -> String {
    if record.status == CaseStatus::OverBudget {
        format!("took over its time budget ({:.2} s)", record.seconds)
    } else {
        record.note.clone()
    }
}

/// What a run reports back to the probe: its statistics, its answer, and whether it finished.
type RunResult = Result<(Stats, String, bool), Error>;

/// Runs `run` once with a timer that raises the stop flag after `budget`.
fn probe(mut config: Config, budget: Duration, run: impl FnOnce(&Config) -> RunResult) -> Probe {
    // A flag of its own: the benchmark that follows shares the rest of the configuration.
    config.stop = StopFlag::new();
    let stop = config.stop.clone();
    let (cancel, wait) = mpsc::channel::<()>();
    let timer = std::thread::spawn(move || {
        if wait.recv_timeout(budget) == Err(mpsc::RecvTimeoutError::Timeout) {
            stop.stop();
        }
    });
    HEAP.reset_peak_memory();
    let started = Instant::now();
    let outcome = run(&config);
    let seconds = started.elapsed().as_secs_f64();
    let heap = HEAP.get_peak_memory() as u64;
    drop(cancel);
    let _ = timer.join();
    match outcome {
        Err(error) => Probe::Failed(error.to_string()),
        Ok(_) if config.stop.is_stopped() || seconds > budget.as_secs_f64() => {
            Probe::OverBudget(seconds)
        }
        Ok((_, _, false)) => Probe::OverBudget(seconds),
        Ok((stats, result, true)) => Probe::Done {
            seconds,
            stats,
            result,
            heap,
        },
    }
}

fn first_run(solver: &dyn Solver, n: usize, config: &Config) -> RunResult {
    let run = solver.first(n, config)?;
    let (result, finished) = match run.outcome {
        Outcome::Found(_) => ("found".to_string(), true),
        Outcome::NoSolution => ("no-solution".to_string(), true),
        Outcome::Stopped(nqueens::core::StopReason::Budget) => {
            return Err(Error::Refused {
                strategy: solver.name(),
                n,
                reason: "its default work budget ran out".to_string(),
            });
        }
        Outcome::Stopped(nqueens::core::StopReason::Interrupted) => (String::new(), false),
    };
    Ok((run.stats, result, finished))
}

/// The elements of a run for criterion's throughput line (see the module docs).
fn elements(stats: &Stats, n: usize) -> u64 {
    [stats.examined, stats.nodes, stats.moves]
        .into_iter()
        .find(|v| *v > 0)
        .unwrap_or(n as u64)
}

/// Criterion settings for a case whose probe took `seconds`.
fn tune(group: &mut BenchmarkGroup<'_, WallTime>, seconds: f64, quick: bool) {
    if quick {
        // Criterion's quick mode stops at the measurement time: one or two runs of slow cases.
        group
            .sampling_mode(SamplingMode::Auto)
            .sample_size(10)
            .warm_up_time(Duration::from_millis(100))
            .measurement_time(Duration::from_millis(500));
    } else if seconds < 0.01 {
        group
            .sampling_mode(SamplingMode::Auto)
            .sample_size(20)
            .warm_up_time(Duration::from_millis(200))
            .measurement_time(Duration::from_millis(800));
    } else {
        // One warm-up run and ten samples of one run each.
        group
            .sampling_mode(SamplingMode::Flat)
            .sample_size(10)
            .warm_up_time(Duration::from_millis(1))
            .measurement_time(Duration::from_secs_f64((seconds * 9.5).max(0.1)));
    }
}

struct Harness {
    plan: Plan,
    /// This run's metadata and records.
    stats: StatsFile,
    /// The file an earlier run left, when this run is filtered: its other cases stay.
    base: Option<StatsFile>,
    stats_path: PathBuf,
}

impl Harness {
    fn push(&mut self, record: CaseRecord) {
        self.stats.records.push(record);
    }

    fn save(&self) {
        if self.plan.mode != Mode::Bench {
            return;
        }
        let merged;
        let file = match &self.base {
            None => &self.stats,
            Some(base) => {
                let mut file = base.clone();
                file.merge(&self.stats.records);
                let meta = |key: &str| self.stats.meta(key).unwrap_or("").to_string();
                let update = Update {
                    date: meta("date"),
                    mode: meta("mode"),
                    duration: self
                        .stats
                        .meta("duration")
                        .unwrap_or("(still running)")
                        .to_string(),
                    args: meta("args"),
                };
                file.meta.push(("update".to_string(), update.to_meta()));
                merged = file;
                &merged
            }
        };
        if let Err(error) = file.write(&self.stats_path) {
            eprintln!("nqueens bench: cannot write statistics: {error}");
        }
    }

    fn set_meta(&mut self, key: &str, value: String) {
        self.stats.meta.retain(|(k, _)| k != key);
        self.stats.meta.push((key.to_string(), value));
    }

    /// Records a probe's outcome; returns the probe time when the case should be measured,
    /// and whether larger sizes of the series should be dropped.
    fn settle(&mut self, mut record: CaseRecord, probe: Probe) -> (Option<(f64, Stats)>, bool) {
        let measured = fill(&mut record, probe);
        let over_budget = record.status == CaseStatus::OverBudget;
        if measured.is_none() {
            eprintln!(
                "nqueens bench: {}/{}/{}: {}{}",
                record.group,
                record.id,
                record.n,
                why_unanswered(&record),
                if over_budget {
                    ": larger sizes are left out"
                } else {
                    ""
                }
            );
        }
        self.push(record);
        (measured, over_budget)
    }

    fn skip_rest(&mut self, case: &Case<'_>, group: &str, sizes: &[usize]) {
        for &n in sizes {
            let mut record = case.record(group, n, CaseStatus::Skipped);
            record.note = "a smaller size ran past the probe budget".to_string();
            self.push(record);
        }
    }
}

fn count_all(c: &mut Criterion, h: &mut Harness, registry: &Registry) {
    let mut group = c.benchmark_group("count_all");
    for case in cases(registry) {
        if !counts_itself(&case) {
            continue;
        }
        let sizes: Vec<usize> = h
            .plan
            .count_sizes
            .iter()
            .copied()
            .filter(|&n| {
                case.solver
                    .capabilities()
                    .limit(Operation::Count)
                    .accepts(n)
            })
            .filter(|&n| h.plan.selected("count_all", &case.label, n))
            .collect();
        for (i, &n) in sizes.iter().enumerate() {
            let config = case.config(None, None);
            let seconds = if h.plan.mode == Mode::List {
                Some((0.0, Stats::default()))
            } else {
                let outcome = probe(config.clone(), h.plan.count_budget, |config| {
                    let run = case.solver.count(n, config)?;
                    Ok((run.stats, run.total.to_string(), run.complete))
                });
                let (measure, stop) =
                    h.settle(case.record("count_all", n, CaseStatus::Measured), outcome);
                if stop {
                    h.skip_rest(&case, "count_all", &sizes[i + 1..]);
                    break;
                }
                measure
            };
            let Some((seconds, stats)) = seconds else {
                continue;
            };
            tune(&mut group, seconds, h.plan.quick);
            group.throughput(Throughput::Elements(elements(&stats, n)));
            group.bench_with_input(BenchmarkId::new(&case.label, n), &n, |b, &n| {
                b.iter(|| case.solver.count(n, &config))
            });
        }
        h.save();
    }
    group.finish();
}

/// Whether the case counts in its own variant. A strategy whose default variant only finds a
/// first solution (`warnsdorff`: `scaling`) counts with another variant, which has a case of
/// its own: timing the default label too would show the same work twice.
fn counts_itself(case: &Case<'_>) -> bool {
    let variants = case.solver.capabilities().variants;
    if case.variant.is_some() || variants.is_empty() {
        return true;
    }
    let named_default = Config {
        variant: variants.first().map(|v| v.to_string()),
        ..Config::default()
    };
    !matches!(
        case.solver.count(4, &named_default),
        Err(Error::Unsupported { .. })
    )
}

fn first_solution(c: &mut Criterion, h: &mut Harness, registry: &Registry) {
    let mut group = c.benchmark_group("first_solution");
    for case in cases(registry) {
        let randomized = case.solver.capabilities().randomized;
        let seeds: Vec<Option<u64>> = if randomized {
            h.plan.seeds.iter().copied().map(Some).collect()
        } else {
            vec![None]
        };
        let sizes: Vec<usize> = h
            .plan
            .first_sizes
            .iter()
            .copied()
            .filter(|&n| {
                case.solver
                    .capabilities()
                    .limit(Operation::First)
                    .accepts(n)
            })
            .filter(|&n| h.plan.selected("first_solution", &case.label, n))
            .collect();
        'sizes: for (i, &n) in sizes.iter().enumerate() {
            let configs: Vec<Config> = seeds.iter().map(|&s| case.config(s, None)).collect();
            let mut slowest = 0.0f64;
            let mut work = Vec::new();
            if h.plan.mode != Mode::List {
                for config in &configs {
                    let outcome = probe(config.clone(), h.plan.first_budget, |config| {
                        first_run(case.solver, n, config)
                    });
                    let mut record = case.record("first_solution", n, CaseStatus::Measured);
                    record.seed = config.seed;
                    match h.settle(record, outcome) {
                        (Some((seconds, stats)), _) => {
                            slowest = slowest.max(seconds);
                            work.push(elements(&stats, n));
                        }
                        (None, true) => {
                            h.skip_rest(&case, "first_solution", &sizes[i + 1..]);
                            break 'sizes;
                        }
                        (None, false) => continue 'sizes,
                    }
                }
            }
            work.sort_unstable();
            let elements = work.get(work.len() / 2).copied().unwrap_or(n as u64);
            tune(&mut group, slowest, h.plan.quick);
            group.throughput(Throughput::Elements(elements));
            group.bench_with_input(BenchmarkId::new(&case.label, n), &n, |b, &n| {
                let mut next = 0;
                b.iter(|| {
                    // Each iteration takes the next seed, so samples average over the seed list.
                    let config = &configs[next % configs.len()];
                    next += 1;
                    case.solver.first(n, config)
                })
            });
        }
        h.save();
    }
    group.finish();
}

fn validate_group(c: &mut Criterion, h: &mut Harness, registry: &Registry) {
    let Ok(construction) = registry.get("construction") else {
        eprintln!("nqueens bench: validate left out: no `construction` strategy is registered");
        return;
    };
    let mut group = c.benchmark_group("validate");
    for n in h.plan.validate_sizes.clone() {
        if !construction.capabilities().first.accepts(n)
            || !h.plan.selected("validate", "validate", n)
        {
            continue;
        }
        let solution = match construction.first(n, &Config::default()) {
            Ok(run) => match run.outcome {
                Outcome::Found(solution) => solution,
                other => {
                    eprintln!("nqueens bench: validate n = {n}: construction gave {other:?}");
                    continue;
                }
            },
            Err(error) => {
                eprintln!("nqueens bench: validate n = {n}: {error}");
                continue;
            }
        };
        let columns = solution.into_columns();
        let mut record =
            CaseRecord::new("validate", "validate", "validate", n, CaseStatus::Measured);
        HEAP.reset_peak_memory();
        let started = Instant::now();
        let verdict = validate(&columns);
        record.seconds = started.elapsed().as_secs_f64();
        record.heap_peak_bytes = HEAP.get_peak_memory() as u64;
        record.result = if verdict.is_ok() { "valid" } else { "invalid" }.to_string();
        h.push(record);
        tune(&mut group, 0.0, h.plan.quick);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("validate", n), &columns, |b, columns| {
            b.iter(|| validate(columns))
        });
    }
    h.save();
    group.finish();
}

/// The `once` group: each (label, n) run once under its budget, recorded in the statistics
/// CSV; a sweep goes on past a failed size, so the record shows every size that failed.
fn once_group(h: &mut Harness, registry: &Registry) {
    if h.plan.mode == Mode::List {
        return;
    }
    let cases = cases(registry);
    for (label, sizes, budget) in h.plan.once.clone() {
        let Some(case) = cases.iter().find(|c| c.label == label) else {
            eprintln!("nqueens bench: once: no strategy {label} is registered");
            continue;
        };
        let seed = case.solver.capabilities().randomized.then_some(SEEDS[0]);
        for n in sizes {
            if !case.solver.capabilities().first.accepts(n) || !h.plan.selected("once", label, n) {
                continue;
            }
            let mut record = case.record("once", n, CaseStatus::Measured);
            record.seed = seed;
            let outcome = probe(case.config(seed, None), budget, |config| {
                first_run(case.solver, n, config)
            });
            if fill(&mut record, outcome).is_none() {
                eprintln!(
                    "nqueens bench: once/{label}/{n}: {}",
                    why_unanswered(&record)
                );
            }
            h.push(record);
        }
        h.save();
    }
}

/// The shared C yardsticks, when they and gcc are here.
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

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"))
}

fn compile(source: &Path, out: &Path) -> Result<(), String> {
    let status = Command::new("gcc")
        .args(["-O3", "-march=native", "-o"])
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

fn yardstick(c: &mut Criterion, h: &mut Harness, registry: &Registry) {
    // (label, strategy, threads): bitmask is single-threaded, the symmetry counter runs with
    // one and with two threads.
    let mut rust: Vec<(String, &dyn Solver, Option<usize>)> = Vec::new();
    if let Ok(solver) = registry.get("bitmask") {
        rust.push(("bitmask".to_string(), solver, None));
    }
    if let Ok(solver) = registry.get("symmetry") {
        for threads in [1, 2] {
            rust.push((format!("symmetry-t{threads}"), solver, Some(threads)));
        }
    }
    let counts = h.plan.yardstick_counts.clone();
    let once = h.plan.yardstick_once.clone();
    let perms = h.plan.yardstick_permutations.clone();
    let wanted = |label: &str, sizes: &[usize]| {
        sizes
            .iter()
            .any(|&n| h.plan.selected("yardstick", label, n))
    };
    let any_selected = counts.iter().chain(&once).any(|&n| {
        h.plan.selected("yardstick", "count.c", n)
            || rust
                .iter()
                .any(|(label, _, _)| h.plan.selected("yardstick", label, n))
    }) || wanted("permutations.c", &perms)
        || wanted("permutation", &perms);
    if h.plan.mode != Mode::Bench || !any_selected {
        return;
    }
    let Some(dir) = yardstick_dir() else {
        eprintln!(
            "nqueens bench: yardstick left out: no yardstick/count.c and permutations.c found (set NQUEENS_YARDSTICK_DIR)"
        );
        return;
    };
    let bin = target_dir().join("nqueens-bench/yardstick");
    if let Err(error) = std::fs::create_dir_all(&bin) {
        eprintln!(
            "nqueens bench: yardstick left out: {}: {error}",
            bin.display()
        );
        return;
    }
    let count_c = bin.join("count");
    let perm_c = bin.join("permutations");
    for (source, exe) in [("count.c", &count_c), ("permutations.c", &perm_c)] {
        if let Err(error) = compile(&dir.join(source), exe) {
            eprintln!("nqueens bench: yardstick left out: {error}");
            return;
        }
    }
    let mut group = c.benchmark_group("yardstick");
    for &n in &counts {
        yardstick_program(&mut group, h, "count.c", &count_c, n);
        for (label, solver, threads) in &rust {
            yardstick_solver(&mut group, h, label, *solver, *threads, n);
        }
    }
    for &n in &perms {
        yardstick_program(&mut group, h, "permutations.c", &perm_c, n);
        if let Ok(solver) = registry.get("permutation") {
            yardstick_solver(&mut group, h, "permutation", solver, Some(1), n);
        }
    }
    group.finish();
    // Sizes too slow for ten samples: one run each, side by side, recorded in the CSV only.
    for &n in &once {
        if h.plan.selected("yardstick", "count.c", n) {
            let mut record =
                CaseRecord::new("yardstick", "count.c", "count.c", n, CaseStatus::Measured);
            match run_program(&count_c, n) {
                Ok((total, seconds)) => {
                    record.seconds = seconds;
                    record.result = total.to_string();
                }
                Err(error) => {
                    record.status = CaseStatus::Error;
                    record.note = error;
                }
            }
            h.push(record);
        }
        for (label, solver, threads) in &rust {
            if !solver.capabilities().count.accepts(n) || !h.plan.selected("yardstick", label, n) {
                continue;
            }
            let config = Config {
                threads: *threads,
                ..Config::default()
            };
            let mut record =
                CaseRecord::new("yardstick", label, solver.name(), n, CaseStatus::Measured);
            record.threads = *threads;
            let outcome = probe(config, Duration::from_secs(600), |config| {
                let run = solver.count(n, config)?;
                Ok((run.stats, run.total.to_string(), run.complete))
            });
            h.settle(record, outcome);
        }
        h.save();
    }
    h.save();
}

fn yardstick_program(
    group: &mut BenchmarkGroup<'_, WallTime>,
    h: &mut Harness,
    label: &str,
    exe: &Path,
    n: usize,
) {
    if !h.plan.selected("yardstick", label, n) {
        return;
    }
    let mut record = CaseRecord::new("yardstick", label, label, n, CaseStatus::Measured);
    match run_program(exe, n) {
        Ok((total, seconds)) => {
            record.seconds = seconds;
            record.result = total.to_string();
            h.push(record);
            tune(group, seconds, h.plan.quick);
            group.bench_with_input(BenchmarkId::new(label, n), &n, |b, &n| {
                b.iter(|| run_program(exe, n))
            });
        }
        Err(error) => {
            record.status = CaseStatus::Error;
            eprintln!("nqueens bench: yardstick {label} n = {n}: {error}");
            record.note = error;
            h.push(record);
        }
    }
}

fn yardstick_solver(
    group: &mut BenchmarkGroup<'_, WallTime>,
    h: &mut Harness,
    label: &str,
    solver: &dyn Solver,
    threads: Option<usize>,
    n: usize,
) {
    if !solver.capabilities().count.accepts(n) || !h.plan.selected("yardstick", label, n) {
        return;
    }
    let config = Config {
        threads,
        ..Config::default()
    };
    let mut record = CaseRecord::new("yardstick", label, solver.name(), n, CaseStatus::Measured);
    record.threads = threads;
    let outcome = probe(config.clone(), Duration::from_secs(120), |config| {
        let run = solver.count(n, config)?;
        Ok((run.stats, run.total.to_string(), run.complete))
    });
    if let (Some((seconds, _)), _) = h.settle(record, outcome) {
        tune(group, seconds, h.plan.quick);
        group.bench_with_input(BenchmarkId::new(label, n), &n, |b, &n| {
            b.iter(|| solver.count(n, &config))
        });
    }
}

fn main() {
    let started = Instant::now();
    let plan = Plan::from_args();
    let machine = Machine::detect();
    let stats_path = target_dir().join("nqueens-bench/stats.csv");
    // A filtered run (`-- yardstick`) replaces only its own cases in the file; a run of
    // everything starts it afresh, so cases the harness no longer runs do not linger.
    let base = match (&plan.filter, plan.mode) {
        (Some(_), Mode::Bench) if stats_path.is_file() => match StatsFile::read(&stats_path) {
            Ok(file) => Some(file),
            Err(error) => {
                eprintln!("nqueens bench: {error}; starting the statistics file afresh");
                None
            }
        },
        _ => None,
    };
    let mut harness = Harness {
        stats: StatsFile::default(),
        base,
        stats_path,
        plan,
    };
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    for (key, value) in [
        ("cpu", machine.cpu.clone()),
        ("cores", machine.cores.to_string()),
        ("date", utc_now()),
        ("mode", harness.plan.describe()),
        ("args", args.join(" ")),
        (
            "seeds",
            harness
                .plan
                .seeds
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        ),
        (
            "probe budget",
            format!(
                "count {:?}, first solution {:?}",
                harness.plan.count_budget, harness.plan.first_budget
            ),
        ),
        ("criterion", "0.8.2".to_string()),
    ] {
        harness.set_meta(key, value);
    }
    // Criterion's plots are off (its plotters backend is not built); the report draws its own.
    let mut criterion = Criterion::default().configure_from_args();
    let registry = nqueens::registry();
    count_all(&mut criterion, &mut harness, &registry);
    first_solution(&mut criterion, &mut harness, &registry);
    validate_group(&mut criterion, &mut harness, &registry);
    once_group(&mut harness, &registry);
    yardstick(&mut criterion, &mut harness, &registry);
    let elapsed = started.elapsed().as_secs();
    harness.set_meta(
        "duration",
        format!("{} min {} s", elapsed / 60, elapsed % 60),
    );
    harness.save();
    if harness.plan.mode == Mode::Bench {
        eprintln!(
            "nqueens bench: statistics in {}; run `nqueens report` for the charts",
            harness.stats_path.display()
        );
    }
    criterion.final_summary();
}
