//! # nqueens-quadrants
//!
//! TODO crate docs

#![deny(missing_docs)]

mod board;
mod join;
mod plan;
mod quadrant;

pub use plan::{MAX_MASK_N, Plan};

use nqueens_core::format::format_bytes;
use nqueens_core::split::{Subproblems, count_subproblems};
use nqueens_core::{
    Capabilities, Config, CountRun, Error, Job, Limit, Stats, Strategy, Variant, known,
};

/// The registry name.
const NAME: &str = "quadrants";

/// Why it neither finds nor lists.
const ONLY_COUNTS: &str = "it only counts (it joins tables of quarter boards, never whole solutions); bitmask finds and lists";

/// Counts every solution by joining tables of quarter-board placements. Registry name
/// `quadrants`.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuadrantsSolver;

impl QuadrantsSolver {
    /// The memory bound when [`Config::memory_limit`] sets none: 4 GiB.
    pub const DEFAULT_MEMORY_LIMIT: u64 = 4 << 30;

    /// The bytes a count of the `n × n` board on `threads` threads may hold, at most: the
    /// quadrant tables, shared by the threads, and per thread the half-board keys of one
    /// subproblem. With `exact`, the tables are counted by walking them (about as long as
    /// building them); without, bounded from their shapes alone (instant, and loose).
    pub fn memory_estimate(n: usize, threads: usize, exact: bool) -> Result<u64, Error> {
        let plan = Plan::new(n)?;
        let tables = if exact {
            plan.table_bytes()
        } else {
            plan.table_bytes_bound()
        };
        Ok(tables.saturating_add((threads as u64).saturating_mul(plan.keys_bound())))
    }
}

/// Its only variant.
const COUNTER: Variant = Variant {
    name: None,
    summary: "counts by joining tables of quarter-board placements (meet in the middle), on all cores; memory-hungry",
    complete: true,
    randomized: false,
    budget: None,
    first: Limit::Unsupported(ONLY_COUNTS),
    list: Limit::Unsupported(ONLY_COUNTS),
    count: Limit::UpTo(known::COUNT_FITS_U64),
};

impl Strategy for QuadrantsSolver {
    fn name(&self) -> &'static str {
        NAME
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            summary: COUNTER.summary,
            counts_classes: false,
            resumable: true,
            variants: &[COUNTER],
        }
    }

    /// Refuses a count whose tables would exceed the memory bound, with the estimate.
    fn admit_count(&self, n: usize, config: &Config) -> Result<(), Error> {
        let limit = config.memory_limit.unwrap_or(Self::DEFAULT_MEMORY_LIMIT);
        let threads = config.thread_count();
        // The instant bound admits most sizes; above the limit, the tables are counted exactly
        // before saying no.
        if Self::memory_estimate(n, threads, false)? <= limit {
            return Ok(());
        }
        let estimate = Self::memory_estimate(n, threads, true)?;
        if estimate > limit {
            return Err(Error::Refused {
                strategy: NAME,
                n,
                reason: format!(
                    "its tables would take up to {} on {threads} thread(s), above the memory \
                     limit of {} (--memory-limit)",
                    format_bytes(estimate),
                    format_bytes(limit)
                ),
            });
        }
        Ok(())
    }

    /// Counts the plan's subproblems on [`Config::threads`] threads, and reports the tables'
    /// peak memory.
    fn search_count(&self, job: &Job<'_>) -> Result<CountRun, Error> {
        let plan = Plan::new(job.n)?;
        let all: Vec<usize> = (0..plan.len()).collect();
        let run = count_subproblems(&plan, &all, job.config, &|_, _| {})?;
        Ok(CountRun {
            total: run.total,
            unique: None,
            ended: run.ended,
            stats: Stats {
                peak_bytes: plan.peak_bytes(),
                ..Stats::default()
            },
        })
    }

    fn subproblems(&self, n: usize) -> Result<Box<dyn Subproblems>, Error> {
        Ok(Box::new(Plan::new(n)?))
    }
}
