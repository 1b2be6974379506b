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
use std::time::{Duration, Instant};

use nqueens_core::{Config, Ended, Error as SolverError, Limit, Operation, Solver, Stats};
use nqueens_run::{Answer, Registry, run_with_deadline};

mod cost;
mod table;

use serde::{Serialize, Serializer};
pub use table::write_table;

use crate::format_seconds;
use cost::Cost;

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
        for solver in registry.available() {
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
