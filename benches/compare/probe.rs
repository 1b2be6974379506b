//! One timed probe run per case, under the core's deadline engine, with the heap this binary's
//! counting allocators saw (the peak, the allocations and the bytes allocated), written into
//! the case's statistics row.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use nqueens::core::{Answer, Config, Ended, Operation, Solver, with_deadline};
use nqueens_report::{CaseRecord, CaseStatus};
use peakmem_alloc::{PeakMemAlloc, PeakMemAllocTrait};
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};

/// Counts every allocation of a probe run with a few atomic adds: peakmem-alloc keeps the
/// peak, the stats_alloc it wraps the number of allocations and the bytes.
static HEAP: PeakMemAlloc<&StatsAlloc<System>> = PeakMemAlloc::new(&INSTRUMENTED_SYSTEM);

/// Whether allocations go through the counters ([`HEAP`]) or straight to the system allocator:
/// on only while [`heap_use`] runs its work. Criterion's timings and the callgrind children of
/// the `instructions` group then count no counter's work (through both counters, 27
/// instructions an allocation and 44 a reallocation). Both counters allow a block to cross the
/// switch: peakmem-alloc's peak is relative to its reset and never below zero, and the
/// figures read from stats_alloc are sums of allocations, not of what is live.
static COUNTING: AtomicBool = AtomicBool::new(false);

/// The binary's allocator: [`HEAP`] while [`COUNTING`], else [`System`] alone.
struct Switched;

#[global_allocator]
static ALLOCATOR: Switched = Switched;

// Why an `unsafe`: a global allocator can only be declared through the unsafe `GlobalAlloc`
// trait, and neither counting crate can be switched off.
#[allow(unsafe_code)]
// SAFETY: every method forwards its arguments unchanged to an allocator that keeps the
// `GlobalAlloc` contract, with the caller's own obligations; both paths end in `System` (the
// counters only add to atomics before passing the call on), so a block allocated while
// counting may be reallocated or freed after counting stopped, and the other way round.
unsafe impl GlobalAlloc for Switched {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match COUNTING.load(Ordering::Relaxed) {
            true => unsafe { HEAP.alloc(layout) },
            false => unsafe { System.alloc(layout) },
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match COUNTING.load(Ordering::Relaxed) {
            true => unsafe { HEAP.alloc_zeroed(layout) },
            false => unsafe { System.alloc_zeroed(layout) },
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match COUNTING.load(Ordering::Relaxed) {
            true => unsafe { HEAP.dealloc(ptr, layout) },
            false => unsafe { System.dealloc(ptr, layout) },
        }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        match COUNTING.load(Ordering::Relaxed) {
            true => unsafe { HEAP.realloc(ptr, layout, new_size) },
            false => unsafe { System.realloc(ptr, layout, new_size) },
        }
    }
}

/// What one run did with the heap.
#[derive(Clone, Copy)]
pub struct HeapUse {
    /// The peak it allocated above what was live before it, in bytes.
    peak: u64,
    /// The allocations it asked for, a reallocation counting as one.
    allocations: u64,
    /// The bytes those allocations asked for (a reallocation: the growth), in all: not net of
    /// what was freed.
    allocated_bytes: u64,
}

impl HeapUse {
    /// Writes it into the statistics row `record`.
    pub fn record(self, record: &mut CaseRecord) {
        record.heap_peak_bytes = self.peak;
        record.allocations = self.allocations;
        record.allocated_bytes = self.allocated_bytes;
    }
}

/// Runs `work` and returns its result with what it did with the heap.
pub fn heap_use<R>(work: impl FnOnce() -> R) -> (R, HeapUse) {
    COUNTING.store(true, Ordering::SeqCst);
    HEAP.reset_peak_memory();
    let before = INSTRUMENTED_SYSTEM.stats();
    let result = work();
    let change = INSTRUMENTED_SYSTEM.stats() - before;
    COUNTING.store(false, Ordering::SeqCst);
    let heap = HeapUse {
        peak: HEAP.get_peak_memory() as u64,
        allocations: (change.allocations + change.reallocations) as u64,
        allocated_bytes: change.bytes_allocated as u64,
    };
    (result, heap)
}

/// Runs `operation` (a first solution or a count) of `solver` at size `n` once with `config`,
/// stopped after `budget`, and returns `record` with what it gave: its time, answer (`found`,
/// `no-solution` or the count), counters and heap use; or the time it ran past the budget
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
        heap_use(|| match operation {
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
    heap.record(&mut record);
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
