//! `nqueens compare`: every strategy on the same work, one table per job.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use clap::Args;
use nqueens::core::{Config, Operation, Outcome, Registry, Solver, Stats, StopFlag, StopReason};
use serde::Serialize;

use crate::table;

/// Sizes used when none are given: the whole run takes a few seconds, most of it the textbook
/// backtracker's timeout at n = 32, which is the point where the first-solution strategies part
/// ways (backtracking stalls; guided, local and constructive ones go on to 10,000).
const DEFAULT_COUNT_SIZES: &[usize] = &[8, 10, 12, 14];
const DEFAULT_FIRST_SIZES: &[usize] = &[8, 16, 24, 32, 100, 10_000];

/// Options of `nqueens compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Board sizes for both jobs (default: 8 10 12 14 for counting, 8 16 24 32 100 10000 for a
    /// first solution).
    #[arg(value_parser = crate::parse_size)]
    sizes: Vec<usize>,
    /// Only this job.
    #[arg(long, value_enum)]
    job: Option<Job>,
    /// Give up on one case after this many seconds (the row then says "timeout").
    #[arg(long, default_value = "2", value_parser = parse_timeout)]
    timeout: Duration,
    /// Seed for randomized strategies.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Machine-readable output: one JSON array of cases.
    #[arg(long)]
    json: bool,
}

/// The jobs every strategy is put to.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
enum Job {
    /// Count every solution.
    Count,
    /// Find a first solution.
    First,
}

impl Job {
    fn operation(self) -> Operation {
        match self {
            Job::Count => Operation::Count,
            Job::First => Operation::First,
        }
    }

    fn title(self) -> &'static str {
        match self {
            Job::Count => "count all solutions",
            Job::First => "first solution",
        }
    }
}

/// Parses `--timeout`: seconds, a finite number above zero.
fn parse_timeout(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if seconds <= 0.0 {
        return Err(format!(
            "the timeout must be above zero seconds, not {text}"
        ));
    }
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("{text:?} seconds is not a timeout this program can wait for"))
}

/// One strategy on one size.
#[derive(Serialize)]
struct Case {
    job: Job,
    n: usize,
    strategy: &'static str,
    seconds: f64,
    /// The count, `found`, `no solution`, `timeout`, ...
    result: String,
    stats: Stats,
}

pub fn run(registry: &Registry, stop: &StopFlag, args: &CompareArgs) -> anyhow::Result<ExitCode> {
    let jobs = match args.job {
        Some(job) => vec![job],
        None => vec![Job::Count, Job::First],
    };
    let timeout = args.timeout;
    let mut cases = Vec::new();
    let mut out = io::stdout().lock();
    for job in jobs {
        let sizes = match (args.sizes.is_empty(), job) {
            (false, _) => &args.sizes[..],
            (true, Job::Count) => DEFAULT_COUNT_SIZES,
            (true, Job::First) => DEFAULT_FIRST_SIZES,
        };
        let first_case = cases.len();
        // A strategy that timed out at some n is not tried on larger ones: it would only time
        // out again, and the job would take `timeout` per size.
        let mut timed_out: BTreeMap<&'static str, usize> = BTreeMap::new();
        for &n in sizes {
            for solver in registry.iter() {
                if !solver.capabilities().limit(job.operation()).accepts(n)
                    || timed_out.get(solver.name()).is_some_and(|&at| n > at)
                {
                    continue;
                }
                if stop.is_stopped() {
                    break;
                }
                let case = run_case(solver, job, n, args.seed, timeout, stop)?;
                if case.result == "timeout" {
                    timed_out.insert(solver.name(), n);
                }
                cases.push(case);
            }
        }
        if !args.json {
            writeln!(out, "\n{}", job.title())?;
            write_table(&mut out, &cases[first_case..])?;
            for case in &cases[first_case..] {
                if let Some(reason) = case.result.strip_prefix(REFUSED) {
                    writeln!(out, "({reason})")?;
                }
            }
            for (name, n) in &timed_out {
                if sizes.iter().any(|&size| size > *n) {
                    writeln!(out, "({name} timed out at n = {n}; larger sizes skipped)")?;
                }
            }
        }
    }
    if args.json {
        serde_json::to_writer_pretty(&mut out, &cases)?;
        writeln!(out)?;
    }
    Ok(if stop.is_stopped() {
        ExitCode::from(crate::INTERRUPTED)
    } else {
        ExitCode::SUCCESS
    })
}

/// Runs one case with its own stop flag, raised by the deadline or by Ctrl-C.
fn run_case(
    solver: &dyn Solver,
    job: Job,
    n: usize,
    seed: u64,
    timeout: Duration,
    interrupt: &StopFlag,
) -> anyhow::Result<Case> {
    let case_stop = StopFlag::new();
    let (done, finished) = mpsc::channel::<()>();
    let watchdog = {
        let case_stop = case_stop.clone();
        let interrupt = interrupt.clone();
        thread::spawn(move || {
            let started = Instant::now();
            loop {
                match finished.recv_timeout(Duration::from_millis(10)) {
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if interrupt.is_stopped() || started.elapsed() >= timeout {
                            case_stop.stop();
                            return;
                        }
                    }
                    _ => return,
                }
            }
        })
    };
    let config = Config {
        seed: Some(seed),
        stop: case_stop.clone(),
        ..Config::default()
    };
    let started = Instant::now();
    let outcome = match job {
        Job::Count => solver.count(n, &config).map(|run| {
            let result = if run.complete {
                run.total.to_string()
            } else {
                stopped_label(interrupt).to_string()
            };
            (result, run.stats)
        }),
        Job::First => solver.first(n, &config).map(|run| {
            let result = match run.outcome {
                Outcome::Found(_) => "found".to_string(),
                Outcome::NoSolution => "no solution".to_string(),
                Outcome::Stopped(StopReason::Budget) => "budget exhausted".to_string(),
                Outcome::Stopped(StopReason::Interrupted) => stopped_label(interrupt).to_string(),
            };
            (result, run.stats)
        }),
    };
    let seconds = started.elapsed().as_secs_f64();
    let _ = done.send(());
    let _ = watchdog.join();
    let (result, stats) = match outcome {
        Ok(pair) => pair,
        Err(error) => (format!("{REFUSED}{error}"), Stats::default()),
    };
    Ok(Case {
        job,
        n,
        strategy: solver.name(),
        seconds,
        result,
        stats,
    })
}

fn stopped_label(interrupt: &StopFlag) -> &'static str {
    if interrupt.is_stopped() {
        "interrupted"
    } else {
        "timeout"
    }
}

/// Formats seconds with a unit that keeps three significant digits readable.
pub fn human_time(seconds: f64) -> String {
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{:.1} µs", seconds * 1e6)
    }
}

/// How a case that the strategy refused (a resource bound, not a size limit) is labelled; the
/// table shows only the first word and prints the reason under it.
const REFUSED: &str = "refused: ";

/// A statistics column: its header and how to read it. A column is shown when some case in the
/// table has a non-zero value in it; a zero shows as `-` (not counted, or none).
type StatColumn = (&'static str, fn(&Stats) -> u64);

const STAT_COLUMNS: &[StatColumn] = &[
    ("nodes", |s| s.nodes),
    ("backtracks", |s| s.backtracks),
    ("examined", |s| s.examined),
    ("moves", |s| s.moves),
    ("restarts", |s| s.restarts),
    ("peak memory (B)", |s| s.peak_bytes),
];

fn write_table(out: &mut impl Write, cases: &[Case]) -> io::Result<()> {
    let shown: Vec<_> = STAT_COLUMNS
        .iter()
        .filter(|(_, get)| cases.iter().any(|c| get(&c.stats) != 0))
        .collect();
    let mut header = vec!["n".to_string(), "strategy".into(), "time".into()];
    header.extend(shown.iter().map(|(name, _)| name.to_string()));
    header.push("result".into());
    let mut rows = vec![header];
    for case in cases {
        let mut row = vec![
            case.n.to_string(),
            case.strategy.to_string(),
            human_time(case.seconds),
        ];
        row.extend(shown.iter().map(|(_, get)| match get(&case.stats) {
            0 => "-".to_string(),
            value => value.to_string(),
        }));
        row.push(match case.result.strip_prefix(REFUSED) {
            Some(_) => "refused".to_string(),
            None => case.result.clone(),
        });
        rows.push(row);
    }
    table::write(out, &rows)
}
