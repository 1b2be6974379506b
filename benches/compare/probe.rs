//! One timed probe run per case, under the core's deadline engine, with the peak heap this
//! binary's counting allocator saw; and what the probe answered, typed.

use std::alloc::System;
use std::fmt;
use std::time::Duration;

use nqueens::core::{Answer, Config, Ended, Operation, Solver, Stats, with_deadline};
use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};

/// Counts every allocation with an atomic add, also while criterion times: the search loops do
/// not allocate, so the cost stays out of the hot paths.
#[global_allocator]
static HEAP: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Runs `work` and returns its result with the peak heap it allocated above what was live
/// before it.
pub fn heap_peak<R>(work: impl FnOnce() -> R) -> (R, u64) {
    HEAP.reset_peak_memory();
    let result = work();
    (result, HEAP.get_peak_memory() as u64)
}

/// What a finished probe answered: the statistics CSV's `result` column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// A first solution (already validated by the `Solver` entry point).
    Solution,
    /// A proof that there is none.
    NoSolution,
    /// The whole count.
    Count(u64),
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Solution => f.write_str("found"),
            Found::NoSolution => f.write_str("no-solution"),
            Found::Count(total) => write!(f, "{total}"),
        }
    }
}

/// What one run under a deadline gave.
#[derive(Clone, Debug)]
pub enum Probe {
    /// It answered within the budget.
    Done {
        /// Wall time of the run.
        seconds: f64,
        /// Its answer.
        found: Found,
        /// The strategy's own counters.
        stats: Stats,
        /// Peak heap bytes of the run.
        heap: u64,
    },
    /// It ran past the budget (after this many seconds).
    OverBudget(f64),
    /// The strategy refused the case (why), or its own work budget ran out.
    Failed(String),
}

/// Runs `operation` (a first solution or a count) of `solver` at size `n` once with `config`,
/// stopped after `budget`.
pub fn probe(
    solver: &dyn Solver,
    operation: Operation,
    n: usize,
    config: &Config,
    budget: Duration,
) -> Probe {
    // The deadline engine gives the run a stop flag of its own: the benchmark that follows
    // shares the rest of the configuration.
    let ((result, heap), seconds) = with_deadline(config, budget, |config| {
        heap_peak(|| match operation {
            Operation::First => solver.first(n, config).map(Answer::First),
            Operation::List | Operation::Count => solver.count(n, config).map(Answer::Count),
        })
    });
    match result {
        Err(error) => Probe::Failed(error.to_string()),
        Ok(answer) => settle(answer, seconds, budget, heap),
    }
}

/// What a run that returned means for the bench.
fn settle(answer: Answer, seconds: f64, budget: Duration, heap: u64) -> Probe {
    let found = match (&answer, answer.ended()) {
        // A first-solution strategy that gives up on its own is not slow: it failed.
        (Answer::First(_), Ended::Budget) => {
            return Probe::Failed(format!(
                "{} (its default work budget ran out)",
                Ended::Budget.label()
            ));
        }
        _ if seconds > budget.as_secs_f64() => return Probe::OverBudget(seconds),
        (Answer::First(run), _) if run.solution().is_some() => Found::Solution,
        (Answer::First(_), Ended::Exhausted) => Found::NoSolution,
        (Answer::Count(run), Ended::Exhausted) => Found::Count(run.total),
        // Stopped by the deadline (or a count cut short): over the budget.
        _ => return Probe::OverBudget(seconds),
    };
    Probe::Done {
        seconds,
        found,
        stats: *answer.stats(),
        heap,
    }
}
