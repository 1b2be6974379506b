//! Options for one run: [`Config`], the [`StopFlag`] that ends it early, and the [`Observer`]
//! that watches it.

use std::fmt;
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use serde::{Deserialize, Serialize};

use crate::{Ended, Given, Turn};

/// A shared flag that asks a running search to stop soon, and says why (the first reason given
/// wins). Clones share the flag; searches poll it every few thousand nodes.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicU8>);

const RUNNING: u8 = 0;
const INTERRUPTED: u8 = 1;
const DEADLINE: u8 = 2;

impl StopFlag {
    /// A new, lowered flag.
    pub fn new() -> Self {
        Self::default()
    }

    /// Raises the flag: the caller interrupts the run ([`Ended::Interrupted`]).
    pub fn stop(&self) {
        self.raise(INTERRUPTED);
    }

    /// Raises the flag because a deadline passed ([`Ended::Deadline`]).
    pub fn expire(&self) {
        self.raise(DEADLINE);
    }

    fn raise(&self, reason: u8) {
        let _ = self
            .0
            .compare_exchange(RUNNING, reason, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed) != RUNNING
    }

    /// Why the flag was raised, if it was.
    ///
    /// ```
    /// use nqueens_core::{Ended, StopFlag};
    /// let flag = StopFlag::new();
    /// assert_eq!(flag.reason(), None);
    /// flag.expire();
    /// flag.stop();
    /// assert_eq!(flag.reason(), Some(Ended::Deadline));
    /// ```
    pub fn reason(&self) -> Option<Ended> {
        match self.0.load(Ordering::Relaxed) {
            RUNNING => None,
            DEADLINE => Some(Ended::Deadline),
            _ => Some(Ended::Interrupted),
        }
    }
}

/// Something a strategy reports while it runs: the steps of its search, which `nqueens trace`
/// records (as JSON tagged by `event`: `{"event":"placed","row":0,"column":3}`).
///
/// Replayed from the board of given queens, the events redraw the search (`Placed`,
/// `Assigned` and `Moved` put a queen in a row, `Removed` takes it off, `Swapped` exchanges
/// two rows, `Restarted` empties the board, and the board is a solution at each `Found`) and
/// add up to the run's [`Stats`](crate::Stats): a node per `Placed`, a backtrack per
/// `Conflict`, a move per `Swapped` or `Moved`, a restart per `Restarted`. Count kernels
/// report only their progress (`Started`, `SubproblemDone`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Event {
    /// A queen was put on (`row`, `column`).
    Placed {
        /// Its row.
        row: usize,
        /// Its column.
        column: usize,
    },
    /// The queen on (`row`, `column`) was taken off.
    Removed {
        /// Its row.
        row: usize,
        /// Its column.
        column: usize,
    },
    /// A partial placement turned out to be a dead end: `row` has no safe square.
    Conflict {
        /// The row with no safe square.
        row: usize,
    },
    /// A local search swapped the columns of two rows.
    Swapped {
        /// One row.
        first: usize,
        /// The other.
        second: usize,
    },
    /// A queen was set on (`row`, `column`) without a search step (not a node).
    Assigned {
        /// Its row.
        row: usize,
        /// Its column.
        column: usize,
    },
    /// A local search moved the queen of `row` from column `from` to column `to`.
    Moved {
        /// Its row.
        row: usize,
        /// The column it left.
        from: usize,
        /// The column it went to.
        to: usize,
    },
    /// The board now holds a solution (every row has a queen, none attacked).
    Found,
    /// A search started over, or a local search reheated: the board is emptied.
    Restarted,
    /// The run is made of `subproblems` independent pieces (the length of a progress bar).
    Started {
        /// How many.
        subproblems: u64,
    },
    /// One more piece finished.
    SubproblemDone,
}

/// Watches a run: receives the [`Event`]s its strategy reports, from the search's threads, so
/// it should return quickly. Strategies run their instrumented search (a `const OBSERVED:
/// bool` parameter) only for an observer that wants steps ([`Config::steps`]), so a progress
/// bar does not slow a kernel down.
pub trait Observer: Send + Sync {
    /// One event.
    fn observe(&self, event: Event);

    /// Whether it wants the search's steps, not only its progress (yes by default).
    fn wants_steps(&self) -> bool {
        true
    }

    /// Each queen of `columns` as [`Event::Assigned`], row by row: a whole board shown at once.
    fn assign_board(&self, columns: &[u32]) {
        for (row, &column) in columns.iter().enumerate() {
            let column = column as usize;
            self.observe(Event::Assigned { row, column });
        }
    }
}

/// Options for one run; the default runs on all cores with nothing else set.
#[derive(Clone, Default)]
pub struct Config {
    /// Seed for randomized strategies; `None` lets the strategy pick one (reported back).
    pub seed: Option<u64>,
    /// One of the strategy's [`Variant`](crate::Variant) names; `None`: the first that accepts.
    pub variant: Option<String>,
    /// Worker threads for strategies that parallelize; `None` means all cores.
    pub threads: Option<usize>,
    /// A cap on the work of one run, in the strategy's own unit; `None`: the strategy's default.
    pub budget: Option<u64>,
    /// The most random restarts of a climb that restarts when stuck (`hill-climbing`): 0 runs
    /// one climb, and one stuck with none left ends [`Ended::Budget`]; `None`: as budget allows.
    pub restarts: Option<u64>,
    /// A bound in bytes on the memory of strategies that estimate theirs; `None`: their default.
    pub memory_limit: Option<u64>,
    /// Queens that must be on the board: the run completes them, a count counts the completions.
    pub given: Option<Given>,
    /// Raised to stop the run early.
    pub stop: StopFlag,
    /// Watches the run, if set.
    pub observer: Option<Arc<dyn Observer>>,
    /// Whether the caller wants the statistics that cost a hot loop (the `symmetry` counter's).
    pub stats: bool,
    /// Count only the solutions this turn maps onto themselves (P(n), R(n)): a
    /// [symmetric count](crate::Variant::symmetric).
    pub symmetric: Option<Turn>,
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("seed", &self.seed)
            .field("variant", &self.variant)
            .field("threads", &self.threads)
            .field("budget", &self.budget)
            .field("restarts", &self.restarts)
            .field("memory_limit", &self.memory_limit)
            .field("given", &self.given)
            .field("stop", &self.stop.reason())
            .field("observer", &self.observer.is_some())
            .field("stats", &self.stats)
            .field("symmetric", &self.symmetric)
            .finish()
    }
}

impl Config {
    /// The given seed, or a fresh one from the operating system's randomness.
    pub fn seed_or_fresh(&self) -> u64 {
        self.seed.unwrap_or_else(fresh_seed)
    }

    /// Worker threads to use: [`Config::threads`], or every core.
    pub fn thread_count(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
            .max(1)
    }

    /// The observer, if it wants the search's steps ([`Observer::wants_steps`]).
    pub fn steps(&self) -> Option<&dyn Observer> {
        self.observer.as_deref().filter(|o| o.wants_steps())
    }

    /// Whether an observer wants the search's steps.
    pub fn watches_steps(&self) -> bool {
        self.steps().is_some()
    }

    /// Reports `event` to the observer, if there is one.
    #[inline]
    pub fn observe(&self, event: Event) {
        if let Some(observer) = &self.observer {
            observer.observe(event);
        }
    }

    /// Shows the board `columns` to the observer, if any ([`Observer::assign_board`]).
    pub fn observe_board(&self, columns: &[u32]) {
        if let Some(observer) = &self.observer {
            observer.assign_board(columns);
        }
    }
}

/// A seed nobody chose: 64 bits from the standard library's per-process random hasher keys.
pub fn fresh_seed() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    );
    hasher.finish()
}
