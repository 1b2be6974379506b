//! `nqueens compare`: every strategy on the same work, one table per job.
//!
//! Each case runs under the core's deadline engine ([`run_with_deadline`]), which stops it
//! when its time is up or on Ctrl-C; a case keeps its typed answer (or the strategy's refusal)
//! until it is printed.
//!
//! Some work cannot be stopped halfway (building a 10^9-queen placement by formula, then
//! validating it), so a case is not started when its strategy's smaller cases say it would
//! run past the timeout or need more memory than the machine has: its time and memory are
//! estimated as growing at least linearly from the largest case of the same strategy that
//! finished (or from a probe at [`PROBE_N`] before a first case beyond [`PROBE_FROM`]). Such
//! a case is marked `skipped`, with the estimate under the table.
//!
//! A case's time is one run's wall time, which for the fastest cases is mostly the cost of
//! starting the deadline's watchdog thread, and for any case can be stretched by other
//! programs; a case that finishes within [`RETIME_BELOW`] is therefore timed again without the
//! watchdog, several times, and shows the median of those runs.
//! Before the first table, a line on standard error says what is about to run.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use clap::Args;
use nqueens::core::{
    Answer, Config, Ended, Error as SolverError, Limit, Operation, Registry, Solver, Stats,
    StopFlag, run_with_deadline,
};
use nqueens_report::{format_bytes, format_seconds};
use serde::{Serialize, Serializer};

use crate::{Status, UsageError, table};

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

    /// What the job does, for the line that announces it.
    fn doing(self) -> &'static str {
        match self {
            Job::Count => "counting all solutions",
            Job::First => "finding a first solution",
        }
    }
}

/// Cases that finish faster than this are timed again without the watchdog thread, whose start
/// alone takes tens of microseconds, and more than once, so that one run slowed by another
/// program does not stand for the case.
const RETIME_BELOW: f64 = 0.05;

/// A fast case is rerun at least [`RETIME_MIN_RUNS`] times, and for as long as
/// [`RETIME_FOR`] allows, up to [`RETIME_MAX_RUNS`] runs.
const RETIME_MIN_RUNS: usize = 3;
const RETIME_FOR: Duration = Duration::from_millis(20);
const RETIME_MAX_RUNS: usize = 1000;

/// The median time of repeated runs of a case that has already finished once within
/// [`RETIME_BELOW`], each timed on its own; `None` if a rerun fails or the job cannot be
/// rerun. The same seed gives the same run, so every rerun does the same work.
fn retime(solver: &dyn Solver, operation: Operation, n: usize, config: &Config) -> Option<f64> {
    let started = Instant::now();
    let mut times = Vec::new();
    while times.len() < RETIME_MIN_RUNS
        || (times.len() < RETIME_MAX_RUNS && started.elapsed() < RETIME_FOR)
    {
        let run = Instant::now();
        let done = match operation {
            Operation::First => solver.first(n, config).is_ok(),
            Operation::Count => solver.count(n, config).is_ok(),
            Operation::List => false,
        };
        if !done || config.stop.is_stopped() {
            return None;
        }
        times.push(run.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    times.get(times.len() / 2).copied()
}

/// The largest size any variant of any registered strategy accepts for `operation`, if all
/// are bounded.
fn largest_accepted(registry: &Registry, operation: Operation) -> Option<usize> {
    let mut largest = Some(0);
    for solver in registry.iter() {
        for variant in solver.capabilities().variants {
            match variant.limit(operation) {
                Limit::UpTo(max) => largest = largest.map(|l: usize| l.max(max)),
                Limit::Unbounded => largest = None,
                Limit::Unsupported(_) => {}
            }
        }
    }
    largest
}

/// The sizes of one job, split into those some strategy accepts and the reason none accepts
/// each of the others.
fn accepted_sizes(
    registry: &Registry,
    job: Job,
    sizes: &[usize],
    config: &Config,
) -> (Vec<usize>, Vec<String>) {
    let operation = job.operation();
    let mut runnable = Vec::new();
    let mut refused = Vec::new();
    for &n in sizes {
        if registry
            .iter()
            .any(|solver| solver.check(operation, n, config).is_ok())
        {
            runnable.push(n);
        } else {
            let largest = largest_accepted(registry, operation);
            refused.push(
                SolverError::NoStrategy {
                    operation,
                    n,
                    largest,
                }
                .to_string(),
            );
        }
    }
    (runnable, refused)
}

/// `8, 10 and 12`.
fn list_sizes(sizes: &[usize]) -> String {
    let text: Vec<String> = sizes.iter().map(usize::to_string).collect();
    match text.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => text.concat(),
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

/// The first size from which a first-solution case is estimated from a probe when its
/// strategy has no finished case of at least [`PROBE_N`] yet.
const PROBE_FROM: usize = 1_000_000;

/// The size of that probe: milliseconds for the linear strategies that go this far, and large
/// enough that their time is no longer only the cache's.
const PROBE_N: usize = 100_000;

/// Bytes per queen every first-solution case holds besides its strategy's own memory: the
/// columns of the answer and the validator's bits.
const ANSWER_BYTES_PER_QUEEN: u64 = 5;

/// One strategy on one size: its answer, why the strategy refused the case, or why it was not
/// started.
struct Case {
    job: Job,
    n: usize,
    strategy: &'static str,
    seconds: f64,
    answer: Result<Answer, SolverError>,
    /// Set when the case was not run: the estimate that said it would not fit.
    skipped: Option<String>,
}

impl Case {
    /// What the run cost; nothing for a refused or skipped case.
    fn stats(&self) -> Stats {
        self.answer
            .as_ref()
            .map_or_else(|_| Stats::default(), |answer| *answer.stats())
    }

    /// The table's result cell: the count, `found`, `no solution`, `budget-exhausted`,
    /// `timeout`, `interrupted`, `refused` or `skipped` (the reason is printed under the
    /// table).
    fn label(&self) -> String {
        match (&self.skipped, &self.answer) {
            (Some(_), _) => SKIPPED.to_string(),
            (None, Ok(answer)) => answer.label(),
            (None, Err(_)) => REFUSED.to_string(),
        }
    }

    /// Why the row has no answer, for under the table.
    fn reason(&self) -> Option<String> {
        match (&self.skipped, &self.answer) {
            (Some(why), _) => Some(format!("{} skips n = {}: {why}", self.strategy, self.n)),
            (None, Err(error)) => Some(error.to_string()),
            (None, Ok(_)) => None,
        }
    }

    fn timed_out(&self) -> bool {
        matches!(&self.answer, Ok(answer) if answer.ended() == Ended::Deadline)
    }

    /// Why the strategy is not tried on larger sizes after this case, if it is not.
    fn gives_up(&self) -> Option<&'static str> {
        if self.skipped.is_some() {
            Some("was skipped")
        } else if self.timed_out() {
            Some("timed out")
        } else {
            None
        }
    }
}

/// A refused case's result cell; JSON adds `: ` and the reason.
const REFUSED: &str = "refused";

/// The result cell of a case not started because of its estimate; JSON adds `: ` and why.
const SKIPPED: &str = "skipped";

/// What a finished case cost, to estimate the strategy's larger cases from.
#[derive(Clone, Copy)]
struct Cost {
    n: usize,
    seconds: f64,
    /// The memory the strategy's search held (0 when it does not say).
    bytes: u64,
    /// Whether the run was stopped by the timeout (a probe): `seconds` is then a lower bound.
    timed_out: bool,
}

impl Cost {
    fn of(case: &Case) -> Option<Cost> {
        let answer = case.answer.as_ref().ok()?;
        (case.skipped.is_none() && answer.ended().is_definite()).then(|| Cost {
            n: case.n,
            seconds: case.seconds,
            bytes: answer.stats().peak_bytes,
            timed_out: false,
        })
    }

    /// Why a case of size `n` should not be started, if it should not: time and memory scaled
    /// linearly from this cost (a lower bound for every strategy here) would exceed `timeout`
    /// or the memory available.
    fn forbids(&self, job: Job, n: usize, timeout: Duration) -> Option<String> {
        if n <= self.n {
            return None;
        }
        if self.timed_out {
            return Some(format!(
                "already n = {} ran past the --timeout of {}",
                self.n,
                format_seconds(timeout.as_secs_f64())
            ));
        }
        let ratio = n as f64 / self.n as f64;
        let seconds = self.seconds * ratio;
        if seconds > timeout.as_secs_f64() {
            return Some(format!(
                "it would take about {} (n = {} took {}, and the time grows at least linearly), \
                 over the --timeout of {}",
                format_seconds(seconds),
                self.n,
                format_seconds(self.seconds),
                format_seconds(timeout.as_secs_f64())
            ));
        }
        let answer = match job {
            Job::First => ANSWER_BYTES_PER_QUEEN.saturating_mul(n as u64),
            Job::Count => 0,
        };
        let bytes = (self.bytes as f64 * ratio) as u64 + answer;
        match memory_available() {
            Some(available) if bytes > available => Some(format!(
                "it would need about {} of memory (estimated from n = {}), more than the {} \
                 available",
                format_bytes(bytes),
                self.n,
                format_bytes(available)
            )),
            _ => None,
        }
    }
}

/// The memory the machine can still give (Linux's `MemAvailable`), if it says.
fn memory_available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

impl Serialize for Case {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Record<'a> {
            job: Job,
            n: usize,
            strategy: &'a str,
            seconds: f64,
            /// The count, `found`, `no solution`, `timeout`, ..., or `refused: ` and why.
            result: String,
            stats: Stats,
        }
        Record {
            job: self.job,
            n: self.n,
            strategy: self.strategy,
            seconds: self.seconds,
            result: match (&self.skipped, &self.answer) {
                (Some(why), _) => format!("{SKIPPED}: {why}"),
                (None, Ok(answer)) => answer.label(),
                (None, Err(error)) => format!("{REFUSED}: {error}"),
            },
            stats: self.stats(),
        }
        .serialize(serializer)
    }
}

/// Runs `nqueens compare`.
pub fn run(registry: &Registry, stop: &StopFlag, args: &CompareArgs) -> anyhow::Result<Status> {
    let jobs = match args.job {
        Some(job) => vec![job],
        None => vec![Job::Count, Job::First],
    };
    // The deadline engine watches `stop` too: Ctrl-C ends the case under way as interrupted.
    let config = Config {
        seed: Some(args.seed),
        stop: stop.clone(),
        // The table shows the statistics, including those that cost time to keep (the symmetry
        // counter's nodes: about a fifth more instructions).
        stats: true,
        ..Config::default()
    };
    let mut cases = Vec::new();
    // Smaller sizes first: their costs decide whether the larger ones are started.
    let mut given = args.sizes.clone();
    given.sort_unstable();
    given.dedup();
    // Each job with the sizes some strategy accepts, and why no strategy accepts the others.
    let plan: Vec<(Job, Vec<usize>, Vec<String>)> = jobs
        .into_iter()
        .map(|job| {
            let sizes = match (given.is_empty(), job) {
                (false, _) => &given[..],
                (true, Job::Count) => DEFAULT_COUNT_SIZES,
                (true, Job::First) => DEFAULT_FIRST_SIZES,
            };
            let (runnable, refused) = accepted_sizes(registry, job, sizes, &config);
            (job, runnable, refused)
        })
        .collect();
    if plan.iter().all(|(_, runnable, _)| runnable.is_empty()) {
        let reasons: Vec<&str> = plan
            .iter()
            .flat_map(|(_, _, refused)| refused.iter().map(String::as_str))
            .collect();
        anyhow::bail!(UsageError(format!(
            "nothing to compare: {}",
            reasons.join("; ")
        )));
    }
    let doing: Vec<String> = plan
        .iter()
        .filter(|(_, runnable, _)| !runnable.is_empty())
        .map(|(job, runnable, _)| format!("{} at n = {}", job.doing(), list_sizes(runnable)))
        .collect();
    eprintln!(
        "nqueens compare: {}, with every strategy that accepts each size (one run per case, \
         at most {} each; seed {})",
        doing.join(", then "),
        format_seconds(args.timeout.as_secs_f64()),
        args.seed
    );
    // A strategy that cannot run here (a GPU counter without a GPU) is named once, with why,
    // where it would have taken part.
    for (name, why) in registry.unavailable() {
        let solver = registry.get(name)?;
        if plan.iter().any(|(job, sizes, _)| {
            !sizes.is_empty() && solver.capabilities().widest(job.operation()).is_supported()
        }) {
            eprintln!("nqueens compare: skipping {name}: {why}");
        }
    }
    let mut out = crate::output::stdout()?;
    for (job, runnable, refused) in plan {
        let operation = job.operation();
        let sizes = &runnable[..];
        if sizes.is_empty() {
            if !args.json {
                writeln!(out, "\n{}", job.title())?;
                for reason in &refused {
                    writeln!(out, "({reason})")?;
                }
            }
            continue;
        }
        let mut costs: BTreeMap<&'static str, Cost> = BTreeMap::new();
        let first_case = cases.len();
        // A strategy that timed out (or was skipped) at some n is not tried on larger ones: it
        // would only time out again, and the job would take `timeout` per size.
        let mut gave_up: BTreeMap<&'static str, (usize, &'static str)> = BTreeMap::new();
        for &n in sizes {
            for solver in registry.available() {
                // Sizes beyond a strategy's limits are left out, not shown as refusals.
                if solver.check(operation, n, &config).is_err()
                    || gave_up.get(solver.name()).is_some_and(|&(at, _)| n > at)
                {
                    continue;
                }
                if stop.is_stopped() {
                    break;
                }
                let name = solver.name();
                // A probe gives the first large case something to be estimated from.
                if job == Job::First
                    && n > PROBE_FROM
                    && costs.get(name).is_none_or(|cost| cost.n < PROBE_N)
                    && solver.check(operation, PROBE_N, &config).is_ok()
                {
                    let probe =
                        run_with_deadline(solver, operation, PROBE_N, &config, args.timeout);
                    let probe = Case {
                        job,
                        n: PROBE_N,
                        strategy: name,
                        seconds: probe.seconds,
                        answer: probe.result,
                        skipped: None,
                    };
                    match Cost::of(&probe) {
                        Some(cost) => {
                            costs.insert(name, cost);
                        }
                        None if probe.timed_out() => {
                            costs.insert(
                                name,
                                Cost {
                                    n: PROBE_N,
                                    seconds: args.timeout.as_secs_f64(),
                                    bytes: 0,
                                    timed_out: true,
                                },
                            );
                        }
                        None => {}
                    }
                }
                let skipped = costs
                    .get(name)
                    .and_then(|cost| cost.forbids(job, n, args.timeout));
                let case = match skipped {
                    Some(why) => Case {
                        job,
                        n,
                        strategy: name,
                        seconds: 0.0,
                        // Never shown: `skipped` says why, and a skipped case has no answer.
                        answer: Err(SolverError::NoStrategy {
                            operation,
                            n,
                            largest: None,
                        }),
                        skipped: Some(why),
                    },
                    None => {
                        let timed = run_with_deadline(solver, operation, n, &config, args.timeout);
                        let finished = timed
                            .result
                            .as_ref()
                            .is_ok_and(|answer| answer.ended().is_definite());
                        let seconds = if finished && timed.seconds < RETIME_BELOW {
                            retime(solver, operation, n, &config).unwrap_or(timed.seconds)
                        } else {
                            timed.seconds
                        };
                        Case {
                            job,
                            n,
                            strategy: name,
                            seconds,
                            answer: timed.result,
                            skipped: None,
                        }
                    }
                };
                if let Some(cost) = Cost::of(&case) {
                    costs.insert(name, cost);
                }
                if let Some(why) = case.gives_up() {
                    gave_up.insert(name, (n, why));
                }
                cases.push(case);
            }
        }
        if !args.json {
            let job_cases = &cases[first_case..];
            let counted = counted(registry, job, job_cases, &config);
            writeln!(out, "\n{}", job.title())?;
            write_table(&mut out, job_cases, &counted)?;
            for case in &cases[first_case..] {
                if let Some(reason) = case.reason() {
                    writeln!(out, "({reason})")?;
                }
            }
            for (name, (n, why)) in &gave_up {
                if sizes.iter().any(|&size| size > *n) {
                    writeln!(out, "({name} {why} at n = {n}; larger sizes skipped)")?;
                }
            }
            for reason in &refused {
                writeln!(out, "({reason})")?;
            }
        }
    }
    if args.json {
        serde_json::to_writer_pretty(&mut out, &cases)?;
        writeln!(out)?;
    }
    out.flush()?;
    Ok(if stop.is_stopped() {
        Status::Interrupted
    } else {
        Status::Success
    })
}

/// The size at which a strategy shows what it counts, for one job: large enough that every
/// strategy searching for a first solution moves, backtracks or restarts, small enough for a
/// few milliseconds.
fn reference_size(job: Job) -> usize {
    match job {
        Job::Count => 8,
        Job::First => 16,
    }
}

/// How long the run at the reference size may take.
const REFERENCE_TIMEOUT: Duration = Duration::from_millis(500);

/// What each strategy of a job's table counts, as a [`Stats`] whose non-zero fields are those
/// it counts: the largest of each field over its cases, and where that leaves a field at zero,
/// over one run at [`reference_size`] (its cases may all be too small to need any: min-conflicts
/// makes no move at n = 8).
fn counted(
    registry: &Registry,
    job: Job,
    cases: &[Case],
    config: &Config,
) -> BTreeMap<&'static str, Stats> {
    let mut counted: BTreeMap<&'static str, Stats> = BTreeMap::new();
    let merge = |into: &mut Stats, from: &Stats| {
        for field in Stats::FIELDS {
            (field.set)(into, (field.get)(into).max((field.get)(from)));
        }
    };
    for case in cases {
        merge(counted.entry(case.strategy).or_default(), &case.stats());
    }
    let n = reference_size(job);
    for (name, stats) in &mut counted {
        let complete = Stats::FIELDS
            .iter()
            .all(|field| !field.tabulated || (field.get)(stats) != 0);
        let Ok(solver) = registry.get(name) else {
            continue;
        };
        if complete || solver.check(job.operation(), n, config).is_err() {
            continue;
        }
        let timed = run_with_deadline(solver, job.operation(), n, config, REFERENCE_TIMEOUT);
        if let Ok(answer) = &timed.result {
            merge(stats, answer.stats());
        }
    }
    counted
}

/// Writes one job's cases as a table. A statistics column is shown when some case in the
/// table has a non-zero value in it. Where a strategy counts the quantity (`counted`), its
/// zeros show as `0`; `-` marks a quantity it does not count.
fn write_table(
    out: &mut impl Write,
    cases: &[Case],
    counted: &BTreeMap<&'static str, Stats>,
) -> io::Result<()> {
    let stats: Vec<Stats> = cases.iter().map(Case::stats).collect();
    let counts =
        |strategy: &str, get: fn(&Stats) -> u64| counted.get(strategy).is_some_and(|s| get(s) != 0);
    let shown: Vec<_> = Stats::FIELDS
        .iter()
        .filter(|field| field.tabulated && stats.iter().any(|s| (field.get)(s) != 0))
        .collect();
    let mut header = vec!["n".to_string(), "strategy".into(), "time".into()];
    header.extend(shown.iter().map(|field| field.label.to_string()));
    header.push("result".into());
    let mut rows = vec![header];
    for (case, stats) in cases.iter().zip(&stats) {
        let time = match case.skipped {
            Some(_) => "-".to_string(),
            None => format_seconds(case.seconds),
        };
        let mut row = vec![case.n.to_string(), case.strategy.to_string(), time];
        let answered = case.skipped.is_none() && case.answer.is_ok();
        row.extend(shown.iter().map(|field| {
            if answered && counts(case.strategy, field.get) {
                (field.get)(stats).to_string()
            } else {
                "-".to_string()
            }
        }));
        row.push(case.label());
        rows.push(row);
    }
    table::write(out, &rows)
}
