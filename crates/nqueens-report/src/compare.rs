//! `nqueens compare` as a library over a given [`Registry`]: every strategy on the same sizes,
//! one table per job ([`Job`]), planned by [`plan`], run by [`run_job`] and written by
//! [`Ran::write`]. The command line adds only its flags and where the text goes; the report
//! writes the README's sample with the same functions.
//!
//! Each case runs under the deadline engine ([`run_with_deadline`]), which stops it when its
//! time is up or on Ctrl-C; a case keeps its typed answer (or the strategy's refusal) until it
//! is printed.
//!
//! Some work cannot be stopped halfway (building a 10^9-queen placement by formula, then
//! validating it), so a case is not started when its strategy's smaller cases say it would
//! run past the timeout or need more memory than the machine has. The estimate scales the
//! largest finished case of the same strategy (or a probe at [`PROBE_N`] before a first case
//! beyond [`PROBE_FROM`]) by the growth of the variant's cost model (the one the bench plans
//! with), and by at least n itself (time and memory grow at least linearly). Such a case is
//! marked `skipped`, with the estimate under the table.
//!
//! A case's time is one run's wall time, which for the fastest cases is mostly the cost of
//! starting the deadline's watchdog thread, and for any case can be stretched by other
//! programs; a case that finishes within [`RETIME_BELOW`] is therefore timed again without the
//! watchdog, several times, and shows the median of those runs.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use nqueens_core::{Config, Ended, Error as SolverError, Limit, Operation, Solver, Stats};
use nqueens_run::{Answer, Registry, run_with_deadline};
use serde::{Serialize, Serializer};

use crate::bench::variant_cost;
use crate::{format_bytes, format_seconds};

/// Sizes of the count job when none are given: the whole run takes a few seconds.
pub const DEFAULT_COUNT_SIZES: &[usize] = &[8, 10, 12, 14];

/// Sizes of the first-solution job when none are given: most of the run is the textbook
/// backtracker's timeout at n = 32, which is where the first-solution strategies part ways
/// (backtracking stalls; guided, local and constructive ones go on to 10,000).
pub const DEFAULT_FIRST_SIZES: &[usize] = &[8, 16, 24, 32, 100, 10_000];

/// The jobs every strategy is put to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Job {
    /// Count every solution.
    Count,
    /// Find a first solution.
    First,
}

impl Job {
    /// The operation the job runs.
    pub fn operation(self) -> Operation {
        match self {
            Job::Count => Operation::Count,
            Job::First => Operation::First,
        }
    }

    /// The table's title.
    pub fn title(self) -> &'static str {
        match self {
            Job::Count => "count all solutions",
            Job::First => "first solution",
        }
    }

    /// What the job does, for the line that announces it.
    pub fn doing(self) -> &'static str {
        match self {
            Job::Count => "counting all solutions",
            Job::First => "finding a first solution",
        }
    }

    /// The sizes used when none are given.
    pub fn default_sizes(self) -> &'static [usize] {
        match self {
            Job::Count => DEFAULT_COUNT_SIZES,
            Job::First => DEFAULT_FIRST_SIZES,
        }
    }

    /// The size at which a strategy shows what it counts: large enough that every strategy
    /// searching for a first solution moves, backtracks or restarts, small enough for a few
    /// milliseconds.
    fn reference_size(self) -> usize {
        match self {
            Job::Count => 8,
            Job::First => 16,
        }
    }
}

/// Cases that finish faster than this are timed again without the watchdog thread, whose start
/// alone takes tens of microseconds, and more than once, so that one run slowed by another
/// program does not stand for the case.
pub const RETIME_BELOW: f64 = 0.05;

/// A fast case is rerun at least [`RETIME_MIN_RUNS`] times, and for as long as
/// [`RETIME_FOR`] allows, up to [`RETIME_MAX_RUNS`] runs.
const RETIME_MIN_RUNS: usize = 3;
const RETIME_FOR: Duration = Duration::from_millis(20);
const RETIME_MAX_RUNS: usize = 1000;

/// The first size from which a first-solution case is estimated from a probe when its
/// strategy has no finished case of at least [`PROBE_N`] yet.
pub const PROBE_FROM: usize = 1_000_000;

/// The size of that probe: milliseconds for the linear strategies that go this far, and large
/// enough that their time is no longer only the cache's.
pub const PROBE_N: usize = 100_000;

/// Bytes per queen every first-solution case holds besides its strategy's own memory: the
/// columns of the answer and the validator's bits.
const ANSWER_BYTES_PER_QUEEN: u64 = 5;

/// How long the run at the reference size may take.
const REFERENCE_TIMEOUT: Duration = Duration::from_millis(500);

/// A refused case's result cell; JSON adds `: ` and the reason.
const REFUSED: &str = "refused";

/// The result cell of a case not started because of its estimate; JSON adds `: ` and why.
const SKIPPED: &str = "skipped";

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

/// One job of a comparison: the sizes some strategy accepts, and why no strategy accepts each
/// of the others.
#[derive(Clone, Debug)]
pub struct Planned {
    /// The job.
    pub job: Job,
    /// Its sizes that some strategy accepts, increasing.
    pub runnable: Vec<usize>,
    /// Why no strategy accepts each of the other sizes.
    pub refused: Vec<String>,
}

/// The jobs of a comparison at `sizes` (each job's defaults when empty), smaller sizes first:
/// their costs decide whether the larger ones are started.
pub fn plan(registry: &Registry, jobs: &[Job], sizes: &[usize], config: &Config) -> Vec<Planned> {
    let mut given = sizes.to_vec();
    given.sort_unstable();
    given.dedup();
    jobs.iter()
        .map(|&job| {
            let operation = job.operation();
            let sizes = if given.is_empty() {
                job.default_sizes()
            } else {
                &given[..]
            };
            let (runnable, refused): (Vec<usize>, Vec<usize>) = sizes.iter().partition(|&&n| {
                registry
                    .iter()
                    .any(|solver| solver.check(operation, n, config).is_ok())
            });
            let largest = largest_accepted(registry, operation);
            let refused = refused
                .into_iter()
                .map(|n| {
                    SolverError::NoStrategy {
                        operation,
                        n,
                        largest,
                    }
                    .to_string()
                })
                .collect();
            Planned {
                job,
                runnable,
                refused,
            }
        })
        .collect()
}

/// `8, 10 and 12`.
pub fn list_sizes(sizes: &[usize]) -> String {
    let text: Vec<String> = sizes.iter().map(usize::to_string).collect();
    match text.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => text.concat(),
    }
}

/// The line that announces a comparison: what runs, at most how long each case, which seed.
pub fn announcement(plan: &[Planned], timeout: Duration, seed: u64) -> String {
    let doing: Vec<String> = plan
        .iter()
        .filter(|p| !p.runnable.is_empty())
        .map(|p| format!("{} at n = {}", p.job.doing(), list_sizes(&p.runnable)))
        .collect();
    format!(
        "nqueens compare: {}, with every strategy that accepts each size (one run per case, at \
         most {} each; seed {seed})",
        doing.join(", then "),
        format_seconds(timeout.as_secs_f64()),
    )
}

/// One strategy on one size: its answer, why the strategy refused the case, or why it was not
/// started.
pub struct Case {
    /// The job.
    pub job: Job,
    /// The board size.
    pub n: usize,
    /// The strategy's registry name.
    pub strategy: &'static str,
    /// The run's wall time (or the median of its reruns); 0 for a skipped case.
    pub seconds: f64,
    /// The answer, or the strategy's refusal.
    pub answer: Result<Answer, SolverError>,
    /// Set when the case was not run: the estimate that said it would not fit.
    pub skipped: Option<String>,
}

impl Case {
    /// What the run cost; nothing for a refused or skipped case.
    pub fn stats(&self) -> Stats {
        self.answer
            .as_ref()
            .map_or_else(|_| Stats::default(), |answer| *answer.stats())
    }

    /// The table's result cell: the count, `found`, `no solution`, `budget-exhausted`,
    /// `timeout`, `interrupted`, `refused` or `skipped` (the reason is printed under the
    /// table).
    pub fn label(&self) -> String {
        match (&self.skipped, &self.answer) {
            (Some(_), _) => SKIPPED.to_string(),
            (None, Ok(answer)) => answer.label(),
            (None, Err(_)) => REFUSED.to_string(),
        }
    }

    /// Why the row has no answer, for under the table.
    pub fn reason(&self) -> Option<String> {
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

    /// How much longer a run at `n` takes than this one: the growth of the variant's cost
    /// model from this size to `n` (where it knows one), and at least n's own growth.
    fn growth(&self, solver: &dyn Solver, operation: Operation, n: usize) -> f64 {
        let linear = n as f64 / self.n as f64;
        let modelled = solver
            .capabilities()
            .resolve(None, operation, n, solver.name())
            .ok()
            .and_then(|variant| variant_cost(solver, variant, operation))
            .and_then(|model| Some(model.seconds(n)? / model.seconds(self.n)?))
            // A wall says nothing of this machine's timeout: the timeout decides.
            .filter(|ratio| ratio.is_finite());
        modelled.map_or(linear, |ratio| ratio.max(linear))
    }

    /// Why a case of size `n` should not be started, if it should not: time scaled from this
    /// cost by [`Cost::growth`] would exceed `timeout`, or memory scaled linearly the memory
    /// available.
    fn forbids(
        &self,
        solver: &dyn Solver,
        job: Job,
        n: usize,
        timeout: Duration,
    ) -> Option<String> {
        if n <= self.n {
            return None;
        }
        let limit = format_seconds(timeout.as_secs_f64());
        if self.timed_out {
            return Some(format!(
                "already n = {} ran past the --timeout of {limit}",
                self.n
            ));
        }
        let seconds = self.seconds * self.growth(solver, job.operation(), n);
        if seconds > timeout.as_secs_f64() {
            return Some(format!(
                "it would take about {} (n = {} took {}, and its cost model says how the time \
                 grows), over the --timeout of {limit}",
                format_seconds(seconds),
                self.n,
                format_seconds(self.seconds),
            ));
        }
        let answer = match job {
            Job::First => ANSWER_BYTES_PER_QUEEN.saturating_mul(n as u64),
            Job::Count => 0,
        };
        let bytes = (self.bytes as f64 * n as f64 / self.n as f64) as u64 + answer;
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

/// One job, run: its cases in order, and the strategies that gave up on larger sizes.
pub struct Ran {
    /// The job as planned.
    pub planned: Planned,
    /// Every case, by size, then in registry order.
    pub cases: Vec<Case>,
    /// Strategies not tried past a size: the size, and why (`timed out`, `was skipped`).
    pub gave_up: BTreeMap<&'static str, (usize, &'static str)>,
}

/// Runs one job on every strategy of `registry` that accepts each size, in registry order.
/// A strategy that timed out (or was skipped) at some n is not tried on larger ones: it would
/// only time out again, and the job would take `timeout` per size. `config.stop` ends the run
/// early (the cases so far are kept).
pub fn run_job(registry: &Registry, planned: Planned, config: &Config, timeout: Duration) -> Ran {
    let job = planned.job;
    let operation = job.operation();
    let mut costs: BTreeMap<&'static str, Cost> = BTreeMap::new();
    let mut gave_up: BTreeMap<&'static str, (usize, &'static str)> = BTreeMap::new();
    let mut cases = Vec::new();
    for &n in &planned.runnable {
        for solver in registry.iter() {
            // Sizes beyond a strategy's limits are left out, not shown as refusals.
            if solver.check(operation, n, config).is_err()
                || gave_up.get(solver.name()).is_some_and(|&(at, _)| n > at)
            {
                continue;
            }
            if config.stop.is_stopped() {
                break;
            }
            let name = solver.name();
            // A probe gives the first large case something to be estimated from.
            if job == Job::First
                && n > PROBE_FROM
                && costs.get(name).is_none_or(|cost| cost.n < PROBE_N)
                && solver.check(operation, PROBE_N, config).is_ok()
            {
                let probe = run_with_deadline(solver, operation, PROBE_N, config, timeout);
                let probe = Case {
                    job,
                    n: PROBE_N,
                    strategy: name,
                    seconds: probe.seconds,
                    answer: probe.result,
                    skipped: None,
                };
                let cost = Cost::of(&probe).or_else(|| {
                    probe.timed_out().then_some(Cost {
                        n: PROBE_N,
                        seconds: timeout.as_secs_f64(),
                        bytes: 0,
                        timed_out: true,
                    })
                });
                if let Some(cost) = cost {
                    costs.insert(name, cost);
                }
            }
            let skipped = costs
                .get(name)
                .and_then(|cost| cost.forbids(solver, job, n, timeout));
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
                    let timed = run_with_deadline(solver, operation, n, config, timeout);
                    let finished = timed
                        .result
                        .as_ref()
                        .is_ok_and(|answer| answer.ended().is_definite());
                    let seconds = if finished && timed.seconds < RETIME_BELOW {
                        retime(solver, operation, n, config).unwrap_or(timed.seconds)
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
    Ran {
        planned,
        cases,
        gave_up,
    }
}

impl Ran {
    /// The job's text: its title, then its table (when any case ran) and the notes under it
    /// (why a row has no answer, which strategies gave up on larger sizes, the sizes no
    /// strategy accepts).
    pub fn write(&self, registry: &Registry, config: &Config) -> String {
        let mut text = format!("\n{}\n", self.planned.job.title());
        if !self.planned.runnable.is_empty() {
            let counted = self.counted(registry, config);
            write_table(&mut text, &self.rows(&counted));
        }
        let mut notes: Vec<String> = self.cases.iter().filter_map(Case::reason).collect();
        for (name, (n, why)) in &self.gave_up {
            if self.planned.runnable.iter().any(|&size| size > *n) {
                notes.push(format!("{name} {why} at n = {n}; larger sizes skipped"));
            }
        }
        notes.extend(self.planned.refused.iter().cloned());
        for note in notes {
            let _ = writeln!(text, "({note})");
        }
        text
    }

    /// What each strategy of the table counts, as a [`Stats`] whose non-zero fields are those
    /// it counts: the largest of each field over its cases, and where that leaves a field at
    /// zero, over one run at the job's reference size (its cases may all be too small to need
    /// any: min-conflicts makes no move at n = 8).
    fn counted(&self, registry: &Registry, config: &Config) -> BTreeMap<&'static str, Stats> {
        let job = self.planned.job;
        let mut counted: BTreeMap<&'static str, Stats> = BTreeMap::new();
        let merge = |into: &mut Stats, from: &Stats| {
            for field in Stats::FIELDS {
                (field.set)(into, (field.get)(into).max((field.get)(from)));
            }
        };
        for case in &self.cases {
            merge(counted.entry(case.strategy).or_default(), &case.stats());
        }
        let n = job.reference_size();
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

    /// The table's rows, header first. A statistics column is shown when some case in the
    /// table has a non-zero value in it. Where a strategy counts the quantity (`counted`), its
    /// zeros show as `0`; `-` marks a quantity it does not count.
    fn rows(&self, counted: &BTreeMap<&'static str, Stats>) -> Vec<Vec<String>> {
        let stats: Vec<Stats> = self.cases.iter().map(Case::stats).collect();
        let counts = |strategy: &str, get: fn(&Stats) -> u64| {
            counted.get(strategy).is_some_and(|s| get(s) != 0)
        };
        let shown: Vec<_> = Stats::FIELDS
            .iter()
            .filter(|field| field.tabulated && stats.iter().any(|s| (field.get)(s) != 0))
            .collect();
        let mut header = vec!["n".to_string(), "strategy".into(), "time".into()];
        header.extend(shown.iter().map(|field| field.label.to_string()));
        header.push("result".into());
        let mut rows = vec![header];
        for (case, stats) in self.cases.iter().zip(&stats) {
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
        rows
    }
}

/// Writes `rows` (the first is the header) as aligned columns, the header underlined.
pub fn write_table(text: &mut String, rows: &[Vec<String>]) {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|i| {
            rows.iter()
                .filter_map(|r| r.get(i))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for (index, row) in rows.iter().enumerate() {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, &width)| format!("{cell:<width$}"))
            .collect();
        let _ = writeln!(text, "{}", line.join("  ").trim_end());
        if index == 0 {
            let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
            let _ = writeln!(text, "{}", rule.join("  "));
        }
    }
}
