//! The trait a strategy implements ([`Strategy`]), and what it is handed ([`Job`]).
//!
//! Callers never call these methods: they use [`Solver`](crate::Solver), implemented for every
//! strategy, whose entry points check the request before a strategy sees it.

use std::ops::ControlFlow;

use crate::split::Subproblems;
use crate::{Capabilities, VisitRun};
use crate::{Config, CountRun, Error, FirstRun, Given, Operation, Solution, TreeProfile, Variant};

/// Receives each solution of a stream as its columns; return `ControlFlow::Break(())` to stop.
pub type Visitor<'a> = dyn FnMut(&[u32]) -> ControlFlow<()> + 'a;

/// One checked request, as a strategy receives it: the size, the variant that runs it and the
/// caller's options.
///
/// By the time a strategy sees a job, `n` is at least 1 and within the variant's limit for the
/// operation, the variant is one of the strategy's own, and the given queens (if any) are on
/// the board and honoured by the variant.
///
/// Only the [`Solver`](crate::Solver) entry points make jobs: the fields are private and the
/// type is neither `Clone` nor constructible outside this crate, so a strategy can rely on
/// those checks, and no caller can reach a strategy's search without passing them.
#[derive(Debug)]
pub struct Job<'a> {
    n: usize,
    index: usize,
    variant: &'static Variant,
    config: &'a Config,
}

impl<'a> Job<'a> {
    /// The job a checked request makes (only [`Solver`](crate::Solver) calls this).
    pub(crate) fn checked(
        n: usize,
        (index, variant): (usize, &'static Variant),
        config: &'a Config,
    ) -> Job<'a> {
        Job {
            n,
            index,
            variant,
            config,
        }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The variant chosen (named by the caller, or the first that does the operation).
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The caller's options.
    pub fn config(&self) -> &'a Config {
        self.config
    }

    /// The position of [`Job::variant`] in the strategy's
    /// [`Capabilities::variants`]: how a strategy with modes picks its own, from a table in the
    /// same order (`MODES[job.variant_index()]`), so that no name is compared and no unknown
    /// name can fall through to a default.
    pub fn variant_index(&self) -> usize {
        self.index
    }

    /// The queens that must be on the board ([`Config::given`]), checked against `n`; only
    /// variants that [keep them](Variant::keeps_given) ever see one.
    pub fn given(&self) -> Option<&'a Given> {
        self.config.given.as_ref()
    }
}

/// An N-Queens strategy, as its author writes it.
///
/// Implement [`name`](Strategy::name), [`capabilities`](Strategy::capabilities) and at least
/// one way to search, matching what the capabilities promise:
/// - [`search_first`](Strategy::search_first) for strategies that look for one solution
///   (by default, the first solution of [`search_all`](Strategy::search_all));
/// - [`search_all`](Strategy::search_all) for strategies that enumerate;
/// - [`search_count`](Strategy::search_count) for a faster count than visiting every solution
///   (by default it counts what `search_all` visits);
/// - [`subproblems`](Strategy::subproblems) for counts split into numbered pieces; such a
///   strategy's `search_count` counts its plan by default, with the runner that also counts
///   checkpoints and shards.
///
/// Every strategy is then a [`Solver`](crate::Solver). A strategy reports why it stopped
/// with [`Ended`](crate::Ended): when it sees the stop flag it says [`Ended::Interrupted`](crate::Ended::Interrupted) and the caller's
/// entry point corrects that to [`Ended::Deadline`](crate::Ended::Deadline) when a deadline raised the flag.
pub trait Strategy: Send + Sync {
    /// The stable registry name (`vector`, `bitmask`, ...).
    fn name(&self) -> &'static str;

    /// What the strategy can do, per variant: a constant table, returned as
    /// `&const { Capabilities::new(...) }`, so that every call costs a pointer.
    fn capabilities(&self) -> &'static Capabilities;

    /// Whether the strategy can run on this machine (by default it can). One that needs what a
    /// machine may lack (a GPU and its driver) says what is missing, its searches then fail
    /// with [`Error::Unavailable`], and it keeps the answer of a probe that takes time.
    fn availability(&self) -> crate::Availability {
        crate::Availability::Available
    }

    /// What the strategy picked for this machine and build (a kernel chosen for this CPU), by
    /// name, for the metadata of a run of many counts (the bench writes each as
    /// `<strategy> <name>`); nothing by default.
    fn machine_details(&self) -> crate::Details {
        crate::Details::new()
    }

    /// Finds one solution.
    ///
    /// The default takes the first solution [`search_all`](Strategy::search_all) visits; a
    /// stream that ends without one is a proof that none exists, unless it was stopped.
    fn search_first(&self, job: &Job<'_>) -> Result<FirstRun, Error> {
        let mut found = None;
        let run = self.search_all(job, &mut |columns| {
            found = Some(columns.to_vec());
            ControlFlow::Break(())
        })?;
        Ok(match found {
            Some(columns) => FirstRun::found(Solution::from_columns(columns)?, run.stats),
            None => FirstRun::without_solution(run.ended, run.stats),
        })
    }

    /// Visits every solution; the visitor may stop the stream.
    ///
    /// The default says the strategy cannot enumerate.
    fn search_all(&self, job: &Job<'_>, visitor: &mut Visitor<'_>) -> Result<VisitRun, Error> {
        let _ = visitor;
        Err(unsupported(self.name(), Operation::List, job.variant()))
    }

    /// Counts every solution.
    ///
    /// By default, a resumable strategy counts its [`subproblems`](Strategy::subproblems) on
    /// [`Config::threads`] threads with the core's runner
    /// ([`count_whole`](crate::split::count_whole), the one that also counts checkpoints and
    /// shards); any other counts what [`search_all`](Strategy::search_all) visits.
    fn search_count(&self, job: &Job<'_>) -> Result<CountRun, Error> {
        let capabilities = self.capabilities();
        if capabilities.resumable {
            let classes = capabilities.counts_classes && job.config().symmetric.is_none();
            return crate::split::count_whole(
                self.subproblems(job)?.as_ref(),
                job.config(),
                classes,
            );
        }
        let mut total = 0u64;
        let run = self.search_all(job, &mut |_| {
            total += 1;
            ControlFlow::Continue(())
        })?;
        Ok(CountRun::new(total, run.ended, run.stats))
    }

    /// Refuses, before any work, a count the strategy cannot afford under the job's config
    /// (for example tables larger than [`Config::memory_limit`]), with [`Error::MemoryLimit`]
    /// saying what it would need. [`Solver::count`](crate::Solver::count),
    /// [`Solver::plan`](crate::Solver::plan) and [`Solver::admit`](crate::Solver::admit) ask
    /// it with the checked job; the default accepts.
    fn admit_count(&self, job: &Job<'_>) -> Result<(), Error> {
        let _ = job;
        Ok(())
    }

    /// The profile of its backtrack tree for the `job.n() × job.n()` board (Knuth's: the
    /// nodes at each level), for a strategy that walks the board row by row; the job is
    /// checked as a listing. The default says the strategy has none.
    fn search_profile(&self, job: &Job<'_>) -> Result<TreeProfile, Error> {
        let _ = job;
        Err(Error::Unsupported {
            strategy: self.name(),
            operation: Operation::List,
            reason: "it has no row-by-row backtrack tree to profile",
        })
    }

    /// The numbered subproblems of counting the `job.n() × job.n()` board, for strategies
    /// whose capabilities say [`resumable`](Capabilities::resumable); the job is checked
    /// against the count limit and admitted before this is called.
    fn subproblems(&self, job: &Job<'_>) -> Result<Box<dyn Subproblems>, Error> {
        let _ = job;
        Err(Error::Unsupported {
            strategy: self.name(),
            operation: Operation::Count,
            reason: "its count does not split into subproblems",
        })
    }
}

/// The typed error for an operation `variant` cannot do.
pub(crate) fn unsupported(
    strategy: &'static str,
    operation: Operation,
    variant: &Variant,
) -> Error {
    let reason = match variant.limit(operation) {
        crate::Limit::Unsupported(reason) => reason,
        _ => "not implemented",
    };
    Error::Unsupported {
        strategy,
        operation,
        reason,
    }
}
