//! The [`Solver`] trait every strategy implements, and the types it speaks in.
//!
//! A strategy writes three `search_*` methods (only [`Solver::search_first`] is required) and
//! states its [`Capabilities`]. Callers use the provided [`Solver::first`], [`Solver::visit`] and
//! [`Solver::count`], which check `n` against those capabilities before any search starts, so a
//! strategy never sees `n = 0` or a size above its limits.

use std::fmt;
use std::hash::{BuildHasher, Hasher};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;

use crate::{Error, Solution};

/// What a caller asks of a strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Operation {
    /// Find one solution (or prove there is none).
    First,
    /// Stream every solution.
    List,
    /// Count every solution.
    Count,
}

impl Operation {
    /// All operations, in the order they are usually shown.
    pub const ALL: [Operation; 3] = [Operation::First, Operation::List, Operation::Count];
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Operation::First => "find a first solution",
            Operation::List => "list all solutions",
            Operation::Count => "count all solutions",
        })
    }
}

/// The sizes for which a strategy can do an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    /// The strategy cannot do this at all, for the stated reason.
    Unsupported(&'static str),
    /// Sizes `1..=max`.
    UpTo(usize),
    /// Every size from 1 up (time, not representation, is the bound).
    Unbounded,
}

impl Limit {
    /// Whether size `n` (at least 1) is accepted.
    pub fn accepts(self, n: usize) -> bool {
        match self {
            Limit::Unsupported(_) => false,
            Limit::UpTo(max) => n <= max,
            Limit::Unbounded => true,
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Unsupported(_) => f.write_str("-"),
            Limit::UpTo(max) => write!(f, "n <= {max}"),
            Limit::Unbounded => f.write_str("any n"),
        }
    }
}

/// What a strategy can do, for `nqueens strategies`, the CLI's defaults and the benches.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Capabilities {
    /// One line saying what the strategy is.
    pub summary: &'static str,
    /// Whether it explores the whole space: it can prove that no solution exists, and list and
    /// count when its limits allow.
    pub complete: bool,
    /// Whether it takes a seed; the same seed then gives the same run.
    pub randomized: bool,
    /// Sizes for [`Operation::First`].
    pub first: Limit,
    /// Sizes for [`Operation::List`].
    pub list: Limit,
    /// Sizes for [`Operation::Count`].
    pub count: Limit,
    /// Named variants (modes) it accepts in [`Config::variant`], the default first. Empty if none.
    pub variants: &'static [&'static str],
}

impl Capabilities {
    /// The limit for `operation`.
    pub fn limit(&self, operation: Operation) -> Limit {
        match operation {
            Operation::First => self.first,
            Operation::List => self.list,
            Operation::Count => self.count,
        }
    }
}

/// Counters a run reports, for studying the tradeoffs. A counter that does not apply to a
/// strategy stays zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Search-tree nodes visited: queens placed on a safe square (placements tried).
    pub nodes: u64,
    /// Dead ends: partial placements with no safe square in the next row, so the search had to
    /// back up.
    pub backtracks: u64,
    /// Complete candidates examined by a generate-and-test strategy (permutations).
    pub examined: u64,
    /// Local-search moves (a queen moved, or two swapped).
    pub moves: u64,
    /// Times a randomized or budgeted search started over.
    pub restarts: u64,
    /// Queens in conflict in a local search's starting assignment.
    pub initial_conflicts: u64,
    /// Largest working memory the strategy held at once, in bytes, where it tracks it.
    pub peak_bytes: u64,
}

impl Stats {
    /// Adds another run's counters to these (peak memory takes the larger).
    pub fn absorb(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.backtracks += other.backtracks;
        self.examined += other.examined;
        self.moves += other.moves;
        self.restarts += other.restarts;
        self.initial_conflicts += other.initial_conflicts;
        self.peak_bytes = self.peak_bytes.max(other.peak_bytes);
    }
}

/// Why a run ended without a definite answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    /// The step, node or memory budget ran out.
    Budget,
    /// The caller's [`StopFlag`] was raised (Ctrl-C in the CLI).
    Interrupted,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::Budget => "the budget ran out",
            StopReason::Interrupted => "interrupted",
        })
    }
}

/// How a first-solution search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A solution (already validated).
    Found(Solution),
    /// The search was complete and proved that no solution exists.
    NoSolution,
    /// The search stopped before it could answer.
    Stopped(StopReason),
}

/// The result of [`Solver::first`].
#[derive(Clone, Debug)]
pub struct FirstRun {
    /// How it ended.
    pub outcome: Outcome,
    /// What it cost.
    pub stats: Stats,
    /// The seed a randomized strategy used (given or chosen), so the run can be replayed.
    pub seed: Option<u64>,
}

/// The result of [`Solver::visit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VisitRun {
    /// What it cost.
    pub stats: Stats,
    /// Whether every solution was visited, or why not.
    pub end: VisitEnd,
}

/// Why a stream of solutions ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum VisitEnd {
    /// Every solution was visited.
    Exhausted,
    /// The visitor asked to stop.
    Broken,
    /// The caller's [`StopFlag`] was raised.
    Interrupted,
}

/// The result of [`Solver::count`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CountRun {
    /// Solutions counted.
    pub total: u64,
    /// Solutions distinct up to rotation and reflection, for strategies that count them.
    pub unique: Option<u64>,
    /// False when the run was interrupted: the numbers are then a lower bound.
    pub complete: bool,
    /// What it cost.
    pub stats: Stats,
}

/// A shared flag that asks a running search to stop soon. Clones share the flag.
///
/// Searches poll it every few thousand nodes, so raising it from a Ctrl-C handler or another
/// thread ends a run within milliseconds.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A new, lowered flag.
    pub fn new() -> Self {
        Self::default()
    }

    /// Raises the flag.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Receives progress from long runs (a count split into many subproblems). The CLI turns it into
/// a progress bar.
pub trait Progress: Send + Sync {
    /// The run has `total` units of work.
    fn start(&self, total: u64);
    /// `done` more units finished.
    fn advance(&self, done: u64);
}

/// Options for one run. The default is a deterministic run with no seed, no variant, all cores
/// and no stop flag.
#[derive(Clone, Default)]
pub struct Config {
    /// Seed for randomized strategies; `None` lets the strategy pick one (reported back).
    pub seed: Option<u64>,
    /// One of the strategy's [`Capabilities::variants`]; `None` means the default.
    pub variant: Option<String>,
    /// Worker threads for strategies that parallelize; `None` means all cores.
    pub threads: Option<usize>,
    /// A cap on the work of one run, in the strategy's own unit (moves for local search, nodes
    /// for tree search); when it runs out the run ends with [`StopReason::Budget`]. `None` means
    /// the strategy's default.
    pub budget: Option<u64>,
    /// Raised to stop the run early.
    pub stop: StopFlag,
    /// Receives progress, if set.
    pub progress: Option<Arc<dyn Progress>>,
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("seed", &self.seed)
            .field("variant", &self.variant)
            .field("threads", &self.threads)
            .field("budget", &self.budget)
            .field("stopped", &self.stop.is_stopped())
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl Config {
    /// The given seed, or a fresh one from the operating system's randomness.
    pub fn seed_or_fresh(&self) -> u64 {
        self.seed.unwrap_or_else(fresh_seed)
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

/// Receives each solution of a stream as its columns; return `ControlFlow::Break(())` to stop.
pub type Visitor<'a> = dyn FnMut(&[u32]) -> ControlFlow<()> + 'a;

/// A first-solution run made of a stream of solutions stopped at its first: what a complete
/// strategy whose search visits solutions in order does for [`Solver::search_first`]. The
/// solution is validated; a stream that ends without one is a proof that none exists, unless it
/// was interrupted.
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens_core::{Outcome, Stats, VisitEnd, VisitRun, first_of_stream};
///
/// let run = first_of_stream(|visitor| {
///     let _ = visitor(&[1, 3, 0, 2]);
///     Ok(VisitRun { stats: Stats::default(), end: VisitEnd::Broken })
/// })?;
/// assert!(matches!(run.outcome, Outcome::Found(s) if s.columns() == [1, 3, 0, 2]));
/// # Ok::<(), nqueens_core::Error>(())
/// ```
pub fn first_of_stream(
    stream: impl FnOnce(&mut Visitor<'_>) -> Result<VisitRun, Error>,
) -> Result<FirstRun, Error> {
    let mut found = None;
    let run = stream(&mut |columns| {
        found = Some(columns.to_vec());
        ControlFlow::Break(())
    })?;
    let outcome = match (found, run.end) {
        (Some(columns), _) => Outcome::Found(Solution::from_columns(columns)?),
        (None, VisitEnd::Interrupted) => Outcome::Stopped(StopReason::Interrupted),
        (None, VisitEnd::Exhausted | VisitEnd::Broken) => Outcome::NoSolution,
    };
    Ok(FirstRun {
        outcome,
        stats: run.stats,
        seed: None,
    })
}

/// An N-Queens strategy.
///
/// Implement [`name`](Solver::name), [`capabilities`](Solver::capabilities) and
/// [`search_first`](Solver::search_first); complete strategies also implement
/// [`search_all`](Solver::search_all), and may override [`search_count`](Solver::search_count)
/// with a faster path. Callers use [`first`](Solver::first), [`visit`](Solver::visit) and
/// [`count`](Solver::count), which validate `n` and the variant first.
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens_core::{Capabilities, Config, Error, FirstRun, Limit, Outcome, Solution, Solver, Stats, VisitRun, VisitEnd, Visitor};
///
/// /// A strategy that knows only the one-queen board.
/// struct Tiny;
///
/// impl Solver for Tiny {
///     fn name(&self) -> &'static str { "tiny" }
///     fn capabilities(&self) -> Capabilities {
///         Capabilities {
///             summary: "knows n = 1",
///             complete: true,
///             randomized: false,
///             first: Limit::UpTo(1),
///             list: Limit::UpTo(1),
///             count: Limit::UpTo(1),
///             variants: &[],
///         }
///     }
///     fn search_first(&self, _n: usize, _config: &Config) -> Result<FirstRun, Error> {
///         let solution = Solution::from_columns(vec![0])?;
///         Ok(FirstRun { outcome: Outcome::Found(solution), stats: Stats::default(), seed: None })
///     }
///     fn search_all(&self, _n: usize, _config: &Config, visitor: &mut Visitor<'_>) -> Result<VisitRun, Error> {
///         let end = match visitor(&[0]) {
///             ControlFlow::Continue(()) => VisitEnd::Exhausted,
///             ControlFlow::Break(()) => VisitEnd::Broken,
///         };
///         Ok(VisitRun { stats: Stats::default(), end })
///     }
/// }
///
/// let config = Config::default();
/// assert_eq!(Tiny.count(1, &config)?.total, 1);
/// assert!(matches!(Tiny.first(0, &config), Err(Error::ZeroSize)));
/// assert!(matches!(Tiny.count(2, &config), Err(Error::TooLarge { limit: 1, .. })));
/// # Ok::<(), Error>(())
/// ```
pub trait Solver: Send + Sync {
    /// The stable registry name (`vector`, `bitmask`, ...).
    fn name(&self) -> &'static str;

    /// What the strategy can do.
    fn capabilities(&self) -> Capabilities;

    /// Finds one solution for an `n` already checked against [`Capabilities::first`].
    fn search_first(&self, n: usize, config: &Config) -> Result<FirstRun, Error>;

    /// Visits every solution for an `n` already checked against [`Capabilities::list`].
    ///
    /// The default says the strategy cannot enumerate.
    fn search_all(
        &self,
        n: usize,
        config: &Config,
        visitor: &mut Visitor<'_>,
    ) -> Result<VisitRun, Error> {
        let _ = (n, config, visitor);
        Err(self.unsupported(Operation::List))
    }

    /// Counts every solution for an `n` already checked against [`Capabilities::count`].
    ///
    /// The default counts what [`search_all`](Solver::search_all) visits.
    fn search_count(&self, n: usize, config: &Config) -> Result<CountRun, Error> {
        let mut total = 0u64;
        let run = self.search_all(n, config, &mut |_| {
            total += 1;
            ControlFlow::Continue(())
        })?;
        Ok(CountRun {
            total,
            unique: None,
            complete: run.end == VisitEnd::Exhausted,
            stats: run.stats,
        })
    }

    /// Checks that this strategy can do `operation` at size `n` with `config`'s variant.
    fn check(&self, operation: Operation, n: usize, config: &Config) -> Result<(), Error> {
        if n == 0 {
            return Err(Error::ZeroSize);
        }
        let capabilities = self.capabilities();
        if let Some(variant) = &config.variant
            && !capabilities.variants.contains(&variant.as_str())
        {
            return Err(Error::UnknownVariant {
                strategy: self.name(),
                variant: variant.clone(),
                known: capabilities.variants.join(", "),
            });
        }
        match capabilities.limit(operation) {
            Limit::Unsupported(_) => Err(self.unsupported(operation)),
            Limit::UpTo(limit) if n > limit => Err(Error::TooLarge {
                strategy: self.name(),
                operation,
                n,
                limit,
            }),
            _ => Ok(()),
        }
    }

    /// The typed error for an operation this strategy cannot do.
    fn unsupported(&self, operation: Operation) -> Error {
        let reason = match self.capabilities().limit(operation) {
            Limit::Unsupported(reason) => reason,
            _ => "not implemented",
        };
        Error::Unsupported {
            strategy: self.name(),
            operation,
            reason,
        }
    }

    /// Finds one solution, or proves there is none (complete strategies), with statistics.
    fn first(&self, n: usize, config: &Config) -> Result<FirstRun, Error> {
        self.check(Operation::First, n, config)?;
        self.search_first(n, config)
    }

    /// Streams every solution to `visitor`, which may stop the stream early.
    fn visit(
        &self,
        n: usize,
        config: &Config,
        visitor: &mut Visitor<'_>,
    ) -> Result<VisitRun, Error> {
        self.check(Operation::List, n, config)?;
        self.search_all(n, config, visitor)
    }

    /// Every solution, in the order [`Solver::visit`] streams them, gathered in memory with the
    /// run that produced them (whose `end` says whether the list is whole).
    ///
    /// For small boards, tests and examples: the list grows with the count (92 solutions at
    /// n = 8, 14,772,512 at n = 16), so stream with [`Solver::visit`] beyond that.
    fn collect(&self, n: usize, config: &Config) -> Result<(Vec<Vec<u32>>, VisitRun), Error> {
        let mut solutions = Vec::new();
        let run = self.visit(n, config, &mut |columns| {
            solutions.push(columns.to_vec());
            ControlFlow::Continue(())
        })?;
        Ok((solutions, run))
    }

    /// Counts every solution.
    fn count(&self, n: usize, config: &Config) -> Result<CountRun, Error> {
        self.check(Operation::Count, n, config)?;
        self.search_count(n, config)
    }
}
