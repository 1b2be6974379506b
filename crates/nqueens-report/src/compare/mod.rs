//! `nqueens compare` as a library over a given [`Registry`]: every strategy on the same sizes,
//! one table per [`Job`], planned by [`plan`], run by [`run_job`] and written by [`Ran::write`]
//! (the command line and the report's README sample share them). Each case runs under the
//! deadline engine ([`run_with_deadline`]); a case its strategy's cost says would run past the
//! timeout or the memory is not started (`skipped`), and a fast one is timed again without the
//! watchdog.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use nqueens_core::{Config, Ended, Error as SolverError, Limit, Operation, Solver, Stats};
use nqueens_run::{Answer, Registry, run_with_deadline};
use serde::{Serialize, Serializer};

mod cost;
mod table;

pub use table::write_table;

use crate::format::and_list;
use crate::format_seconds;
use cost::Cost;

/// The jobs every strategy is put to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Job {
    /// Count every solution.
    Count,
    /// Find a first solution.
    First,
}

/// What a job is, beside its operation.
struct Facts {
    title: &'static str,
    /// What the job does, for the line that announces it.
    doing: &'static str,
    default_sizes: &'static [usize],
    /// The size at which a strategy shows what it counts: large enough that every strategy
    /// searching for a first solution moves, backtracks or restarts, small enough for a few
    /// milliseconds.
    reference_size: usize,
}

impl Job {
    /// The operation the job runs.
    pub fn operation(self) -> Operation {
        match self {
            Job::Count => Operation::Count,
            Job::First => Operation::First,
        }
    }

    fn facts(self) -> &'static Facts {
        match self {
            Job::Count => &COUNT,
            Job::First => &FIRST,
        }
    }
}

// The whole run takes a few seconds.
const COUNT: Facts = Facts {
    title: "count all solutions",
    doing: "counting all solutions",
    default_sizes: &[8, 10, 12, 14],
    reference_size: 8,
};

// Most of the run is the textbook backtracker's timeout at n = 32, where the strategies part
// ways (backtracking stalls; guided, local and constructive ones go on to 10,000).
const FIRST: Facts = Facts {
    title: "first solution",
    doing: "finding a first solution",
    default_sizes: &[8, 16, 24, 32, 100, 10_000],
    reference_size: 16,
};

/// Cases that finish faster than this are timed again without the watchdog thread (whose
/// start alone takes tens of microseconds), at least [`RETIME_MIN_RUNS`] times and for
/// [`RETIME_FOR`], up to [`RETIME_MAX_RUNS`] runs, so that one run slowed by another program
/// does not stand for the case.
const RETIME_BELOW: f64 = 0.05;
const RETIME_MIN_RUNS: usize = 3;
const RETIME_FOR: Duration = Duration::from_millis(20);
const RETIME_MAX_RUNS: usize = 1000;

/// A first-solution case beyond this size whose strategy has no finished case of at least
/// [`PROBE_N`] is estimated from a probe at [`PROBE_N`]: milliseconds for the linear
/// strategies that go this far, and large enough that their time is no longer the cache's.
const PROBE_FROM: usize = 1_000_000;
const PROBE_N: usize = 100_000;

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

/// A comparison's configuration: `seed`, `stop` (Ctrl-C, which the deadline engine watches
/// too) and every statistic kept, even those that cost time (the table shows them).
pub fn config(seed: u64, stop: &nqueens_core::StopFlag) -> Config {
    Config {
        seed: Some(seed),
        stop: stop.clone(),
        stats: true,
        ..Config::default()
    }
}

/// The largest size any variant of any registered strategy accepts for `operation`, if all
/// are bounded.
fn largest_accepted(registry: &Registry, operation: Operation) -> Option<usize> {
    let mut variants = registry.iter().flat_map(|s| s.capabilities().variants);
    variants.try_fold(0, |largest, variant| match variant.limit(operation) {
        Limit::UpTo(max) => Some(largest.max(max)),
        Limit::Unbounded => None,
        Limit::Unsupported(_) => Some(largest),
    })
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
                job.facts().default_sizes
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

/// The line that announces a comparison: what runs, at most how long each case, which seed.
pub fn announcement(plan: &[Planned], timeout: Duration, seed: u64) -> String {
    let doing: Vec<String> = plan
        .iter()
        .filter(|p| !p.runnable.is_empty())
        .map(|p| {
            let sizes: Vec<String> = p.runnable.iter().map(usize::to_string).collect();
            format!("{} at n = {}", p.job.facts().doing, and_list(&sizes))
        })
        .collect();
    format!(
        "nqueens compare: {}, with every strategy that accepts each size (one run per case, at \
         most {} each; seed {seed})",
        doing.join(", then "),
        format_seconds(timeout.as_secs_f64()),
    )
}

/// How a case ended.
pub enum Outcome {
    /// The strategy's answer.
    Answered(Answer),
    /// The strategy refused the case.
    Refused(SolverError),
    /// Not started: the estimate that said it would not fit.
    Skipped(String),
}

impl Outcome {
    /// The table's result cell: the count, `found`, `no solution`, `budget-exhausted`,
    /// `timeout`, `interrupted`, `refused` or `skipped`, and with `why` the reason after a colon.
    fn label(&self, why: bool) -> String {
        match self {
            Outcome::Answered(answer) => answer.label(),
            Outcome::Refused(error) if why => format!("refused: {error}"),
            Outcome::Skipped(reason) if why => format!("skipped: {reason}"),
            Outcome::Refused(_) => "refused".to_string(),
            Outcome::Skipped(_) => "skipped".to_string(),
        }
    }
}

impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.label(true))
    }
}

/// One strategy on one size; serialised as a row of `compare --json`.
#[derive(Serialize)]
pub struct Case {
    /// The job.
    pub job: Job,
    /// The board size.
    pub n: usize,
    /// The strategy's registry name.
    pub strategy: &'static str,
    /// The run's wall time (or the median of its reruns); 0 for a skipped case.
    pub seconds: f64,
    /// How it ended.
    #[serde(rename = "result")]
    pub outcome: Outcome,
    /// What the run cost; nothing for a refused or skipped case.
    pub stats: Stats,
}

impl Case {
    fn new(job: Job, n: usize, strategy: &'static str, seconds: f64, outcome: Outcome) -> Self {
        let stats = match &outcome {
            Outcome::Answered(answer) => *answer.stats(),
            _ => Stats::default(),
        };
        Case {
            job,
            n,
            strategy,
            seconds,
            outcome,
            stats,
        }
    }

    /// Why the row has no answer, for under the table.
    fn reason(&self) -> Option<String> {
        match &self.outcome {
            Outcome::Answered(_) => None,
            Outcome::Refused(error) => Some(error.to_string()),
            Outcome::Skipped(why) => Some(format!("{} skips n = {}: {why}", self.strategy, self.n)),
        }
    }

    /// Why the strategy is not tried on larger sizes after this case, if it is not.
    fn gives_up(&self) -> Option<&'static str> {
        match &self.outcome {
            Outcome::Skipped(_) => Some("was skipped"),
            Outcome::Answered(answer) if answer.ended() == Ended::Deadline => Some("timed out"),
            _ => None,
        }
    }
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
    // One run under the deadline; a fast one is timed again, a probe is not.
    let run = |solver: &dyn Solver, n: usize, retimed: bool| {
        let timed = run_with_deadline(solver, operation, n, config, timeout);
        let finished = matches!(&timed.result, Ok(answer) if answer.ended().is_definite());
        let mut seconds = timed.seconds;
        if finished && retimed && seconds < RETIME_BELOW {
            seconds = retime(solver, operation, n, config).unwrap_or(seconds);
        }
        let outcome = timed
            .result
            .map_or_else(Outcome::Refused, Outcome::Answered);
        Case::new(job, n, solver.name(), seconds, outcome)
    };
    for &n in &planned.runnable {
        for solver in registry.available() {
            let name = solver.name();
            // Sizes beyond a strategy's limits are left out, not shown as refusals.
            if solver.check(operation, n, config).is_err()
                || gave_up.get(name).is_some_and(|&(at, _)| n > at)
            {
                continue;
            }
            if config.stop.is_stopped() {
                break;
            }
            // A probe gives the first large case something to be estimated from.
            if job == Job::First
                && n > PROBE_FROM
                && costs.get(name).is_none_or(|cost| cost.n < PROBE_N)
                && solver.check(operation, PROBE_N, config).is_ok()
                && let Some(cost) = Cost::of(&run(solver, PROBE_N, false))
            {
                costs.insert(name, cost);
            }
            let case = match costs
                .get(name)
                .and_then(|c| c.forbids(solver, job, n, timeout))
            {
                Some(why) => Case::new(job, n, name, 0.0, Outcome::Skipped(why)),
                None => run(solver, n, true),
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
