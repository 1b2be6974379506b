//! One timed probe run per case, under the core's deadline engine, with the peak heap this
//! binary's counting allocator saw, written into the case's statistics row.

use std::alloc::System;
use std::time::Duration;

use nqueens::core::{Answer, Config, Ended, Operation, Solver, with_deadline};
use nqueens_report::{CaseRecord, CaseStatus};
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

/// Runs `operation` (a first solution or a count) of `solver` at size `n` once with `config`,
/// stopped after `budget`, and returns `record` with what it gave: its time, answer (`found`,
/// `no-solution` or the count), counters and peak heap; or the time it ran past the budget
/// (status `timeout`); or why it failed (status `error`, with no time).
pub fn probe(
    mut record: CaseRecord,
    solver: &dyn Solver,
    operation: Operation,
    n: usize,
    config: &Config,
    budget: Duration,
) -> CaseRecord {
    // The deadline engine gives the run a stop flag of its own: the benchmark that follows
    // shares the rest of the configuration.
    let ((result, heap), seconds) = with_deadline(config, budget, |config| {
        heap_peak(|| match operation {
            Operation::First => solver.first(n, config).map(Answer::First),
            Operation::List | Operation::Count => solver.count(n, config).map(Answer::Count),
        })
    });
    let answer = match result {
        Ok(answer) => answer,
        Err(error) => return failed(record, error.to_string()),
    };
    record.result = match (&answer, answer.ended()) {
        // A first-solution strategy that gives up on its own is not slow: it failed.
        (Answer::First(_), Ended::Budget) => {
            let why = format!(
                "{} (its default work budget ran out)",
                Ended::Budget.label()
            );
            return failed(record, why);
        }
        _ if seconds > budget.as_secs_f64() => return over_budget(record, seconds),
        (Answer::First(run), _) if run.solution().is_some() => "found".to_string(),
        (Answer::First(_), Ended::Exhausted) => "no-solution".to_string(),
        (Answer::Count(run), Ended::Exhausted) => run.total.to_string(),
        // Stopped by the deadline (or a count cut short): over the budget.
        _ => return over_budget(record, seconds),
    };
    record.seconds = seconds;
    record.stats = *answer.stats();
    record.heap_peak_bytes = heap;
    record
}

fn failed(mut record: CaseRecord, why: String) -> CaseRecord {
    record.status = CaseStatus::Error;
    record.note = why;
    record
}

fn over_budget(mut record: CaseRecord, seconds: f64) -> CaseRecord {
    record.status = CaseStatus::OverBudget;
    record.seconds = seconds;
    record
}
