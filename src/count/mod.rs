//! The count workflow: one path for plain, checkpointed, sharded, memory-bounded and symmetric
//! counts, with the class check, for any registry.
//!
//! [`Counter::new`] decides once: it picks the strategy (the caller's, or the first of the
//! registry's count rule that meets the request: classes, resumable, symmetric, and the memory
//! bound of [`Config::memory_limit`]), admits the count, makes a resumable strategy's plan and
//! opens the checkpoint; what it decided can be said before [`Counter::run`] counts. A whole
//! count with classes is checked against Burnside's identity ([`symmetry_types`]).
//!
//! ```
//! use nqueens::core::Config;
//! use nqueens::count::{CountRequest, count};
//!
//! let registry = nqueens::registry();
//! let request = CountRequest { n: 10, classes: true, ..CountRequest::default() };
//! let counted = count(&registry, &request, Config::default())?;
//! assert_eq!((counted.run.total, counted.run.unique), (724, Some(92)));
//! assert_eq!(counted.types.map(|t| t.classes_of_4), Some(3)); // checked by Burnside's identity
//! # Ok::<(), nqueens::count::CountError>(())
//! ```

mod burnside;
mod conflict;

use std::path::PathBuf;

use nqueens_core::{Admitted, Capabilities, Config, CountRun, Details, Error, Operation, Solver};
use nqueens_run::Registry;
use nqueens_run::split::{
    Checkpoint, CheckpointError, Key, Shard, ShardRecord, Subproblems, check_record, count_shard,
    count_whole,
};

pub use burnside::{BurnsideMismatch, SymmetryTypes, symmetry_types};
pub use conflict::{Conflict, Names};

/// What to count; the run's options (variant, given queens, threads, ...) are in the [`Config`].
#[derive(Clone, Debug, Default)]
pub struct CountRequest {
    /// Board size.
    pub n: usize,
    /// The strategy by registry name; `None`: the first of the count rule that can do it.
    pub strategy: Option<String>,
    /// Whether the classes up to rotation and reflection are wanted (OEIS A002562).
    pub classes: bool,
    /// Count only this slice of the subproblems, into a [`ShardRecord`] for `merge`.
    pub shard: Option<Shard>,
    /// Save finished subproblems to this file, and resume from it.
    pub checkpoint: Option<PathBuf>,
    /// Seal the shard record and the checkpoint's lines with this key.
    pub key: Option<Key>,
}

/// Why a count could not run.
#[derive(Debug, thiserror::Error)]
pub enum CountError {
    /// The request does not hold together, or no strategy can do it: a usage error.
    #[error(transparent)]
    Conflict(#[from] Conflict),
    /// The strategy refused or failed.
    #[error(transparent)]
    Solver(#[from] Error),
    /// The checkpoint file could not be used.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// The count failed its check against Burnside's identity.
    #[error(transparent)]
    Burnside(#[from] BurnsideMismatch),
}

/// The default counter refused the request for memory, and the next one of the rule counts.
#[derive(Debug)]
pub struct Fallback {
    /// The strategy that refused.
    pub refused: &'static str,
    /// Why.
    pub error: Error,
}

/// A finished (or stopped) count.
#[derive(Debug)]
pub struct Counted {
    /// The strategy that counted.
    pub strategy: &'static str,
    /// Its variant that ran.
    pub variant: Option<&'static str>,
    /// The count: whole when `run.ended` is [`Ended::Exhausted`](nqueens_core::Ended::Exhausted).
    pub run: CountRun,
    /// How the plan counted, if it made one ([`Subproblems::details`]: `join_kernel`, the code
    /// quadrants picked for this CPU), kept apart from the run, which every count of a small
    /// board returns and drops.
    pub details: Details,
    /// The classes by orbit size with P and R, when they passed Burnside's identity.
    pub types: Option<SymmetryTypes>,
    /// A whole count with classes whose check was stopped before P and R were counted.
    pub unchecked: bool,
    /// With [`CountRequest::shard`]: the record of the slice.
    pub shard: Option<ShardRecord>,
}

/// What a long count is expected to take, by its variant's [cost](nqueens_core::Variant::cost).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Forecast {
    /// The subproblems of the whole count.
    pub subproblems: usize,
    /// Those this run counts: its shard's, less those the checkpoint holds.
    pub to_count: usize,
    /// The threads it counts on.
    pub threads: usize,
    /// Seconds those should take by the variant's cost model (scaled), when it declares one.
    pub seconds: Option<f64>,
}

/// A checked count, ready to run: its strategy, admission, plan and checkpoint, decided once.
pub struct Counter<'r> {
    registry: &'r Registry,
    solver: &'r dyn Solver,
    admitted: Admitted,
    request: CountRequest,
    fallback: Option<Fallback>,
    plan: Option<Box<dyn Subproblems>>,
    checkpoint: Option<Checkpoint>,
}

/// Counts `request` with `config`: [`Counter::new`] then [`Counter::run`].
pub fn count(
    registry: &Registry,
    request: &CountRequest,
    config: Config,
) -> Result<Counted, CountError> {
    Counter::new(registry, request.clone(), config)?.run()
}

/// Checks the parts of `request` and `config` against each other, before any strategy is asked.
fn check_request(request: &CountRequest, config: &Config) -> Result<(), Conflict> {
    let splits = request.shard.is_some() || request.checkpoint.is_some();
    let (given, turn) = (config.given.is_some(), config.symmetric.is_some());
    let (classes, shard) = (request.classes, request.shard.is_some());
    [
        (given && (classes || splits), Conflict::GivenWithSplits),
        (turn && given, Conflict::GivenWithTurn),
        (turn && shard, Conflict::TurnWithShard),
        (turn && classes, Conflict::TurnWithClasses),
        (classes && shard, Conflict::ClassesWithShard),
        (request.key.is_some() && !splits, Conflict::KeyWithoutSplit),
    ]
    .into_iter()
    .find_map(|(clash, conflict)| clash.then_some(conflict))
    .map_or(Ok(()), Err)
}

/// Checks that the strategy `solver`, named by the caller, can do `request`.
fn check_named(
    registry: &Registry,
    solver: &dyn Solver,
    request: &CountRequest,
    config: &Config,
) -> Result<(), CountError> {
    let capabilities = solver.capabilities();
    let strategy = solver.name();
    if config.symmetric.is_some() && !capabilities.counts_symmetric() {
        let able = Names(registry.names_with(Capabilities::counts_symmetric));
        return Err(Conflict::NoTurn { strategy, able }.into());
    }
    if config.given.is_some()
        && let Err(refusal @ Error::GivenNotHonoured { .. }) =
            solver.check(Operation::Count, request.n, config)
    {
        let able = Names(registry.names_with(Capabilities::keeps_given));
        return Err(Conflict::GivenNotKept { refusal, able }.into());
    }
    if (request.shard.is_some() || request.checkpoint.is_some()) && !capabilities.resumable {
        let able = Names(registry.names_with(|c| c.resumable));
        return Err(Conflict::NotResumable { strategy, able }.into());
    }
    if request.classes && !capabilities.counts_classes {
        let able = Names(registry.names_with(|c| c.counts_classes));
        return Err(Conflict::NoClasses { strategy, able }.into());
    }
    Ok(())
}

impl<'r> Counter<'r> {
    /// Checks `request`, picks its strategy (the next of the count rule when the default
    /// refuses for memory), admits the count, makes its plan and opens its checkpoint.
    pub fn new(
        registry: &'r Registry,
        request: CountRequest,
        config: Config,
    ) -> Result<Counter<'r>, CountError> {
        check_request(&request, &config)?;
        let splits = request.shard.is_some() || request.checkpoint.is_some();
        // Shards and checkpoints promise both counts (`merge --unique`, a rerun with
        // --unique), so a default counter for them counts classes too.
        let classes = request.classes || (splits && config.symmetric.is_none());
        let meets = |capabilities: &Capabilities| {
            (!classes || capabilities.counts_classes)
                && (!splits || capabilities.resumable)
                && (config.symmetric.is_none() || capabilities.counts_symmetric())
        };
        let (solver, admitted, fallback) = match &request.strategy {
            Some(name) => {
                let solver = registry.get(name)?;
                check_named(registry, solver, &request, &config)?;
                (solver, solver.admit(request.n, &config)?, None)
            }
            None if config.given.is_some() => {
                let choice = registry.default_for_given(Operation::Count, request.n)?;
                let config = choice.apply(config.clone());
                (
                    choice.solver,
                    choice.solver.admit(request.n, &config)?,
                    None,
                )
            }
            None => choose(registry, request.n, &config, meets)?,
        };
        // A resumable strategy's whole count is its plan's, made here once; completions of
        // given queens are counted by the strategy's own search, which keeps them.
        let plan = match solver.capabilities().resumable && config.given.is_none() {
            true => Some(solver.plan_admitted(&admitted)?),
            false => None,
        };
        if let (Some(plan), Some(shard)) = (&plan, request.shard)
            && shard.count() > plan.max_slices()
        {
            return Err(Conflict::TooManySlices {
                shard,
                n: request.n,
                subproblems: plan.len(),
            }
            .into());
        }
        let checkpoint = match (&plan, &request.checkpoint) {
            (Some(plan), Some(path)) => {
                Some(Checkpoint::open(path, plan.as_ref(), request.key.as_ref())?)
            }
            _ => None,
        };
        Ok(Counter {
            registry,
            solver,
            admitted,
            request,
            fallback,
            plan,
            checkpoint,
        })
    }

    /// The strategy that will count.
    pub fn solver(&self) -> &'r dyn Solver {
        self.solver
    }

    /// Whether the default counter refused for memory, and this one counts instead.
    pub fn fallback(&self) -> Option<&Fallback> {
        self.fallback.as_ref()
    }

    /// How many subproblems of the slice the checkpoint already holds.
    pub fn resumed(&self) -> usize {
        match (&self.checkpoint, &self.plan) {
            (Some(checkpoint), Some(plan)) => {
                let done = checkpoint.done();
                let slice = self.shard().indices(plan.len());
                slice.iter().filter(|i| done.contains_key(i)).count()
            }
            _ => 0,
        }
    }

    /// The slice this run counts (the whole list without a shard).
    fn shard(&self) -> Shard {
        self.request.shard.unwrap_or_else(Shard::whole)
    }

    /// What a resumable strategy's count should take, by the variant's declared cost.
    pub fn forecast(&self) -> Option<Forecast> {
        let plan = self.plan.as_ref()?;
        let subproblems = plan.len();
        let to_count = self
            .shard()
            .indices(subproblems)
            .len()
            .saturating_sub(self.resumed());
        let config = self.admitted.config();
        let threads = config.thread_count().max(1);
        let share = to_count as f64 / subproblems.max(1) as f64;
        let seconds = match config.symmetric {
            Some(_) => None,
            None => self
                .admitted
                .variant()
                .cost
                .count_on(self.request.n, threads),
        }
        .map(|seconds| seconds * share);
        Some(Forecast {
            subproblems,
            to_count,
            threads,
            seconds,
        })
    }

    /// Whether `record`, written by an earlier run of this sharded count, already holds its
    /// whole slice: `Ok(false)` for one to count again (partial, outdated, or unsealed under a
    /// key); an error for a record of another count or a damaged one.
    pub fn completes(&self, record: &ShardRecord) -> Result<bool, CountError> {
        let (Some(plan), Some(shard)) = (&self.plan, self.request.shard) else {
            return Err(Conflict::NoRecord.into());
        };
        let n = self.request.n;
        if record.strategy != plan.strategy() || record.n != n || record.shard != shard {
            return Err(Conflict::OtherRecord {
                found: record.shard,
                found_n: record.n,
                found_strategy: record.strategy.clone(),
                shard,
                n,
                strategy: plan.strategy(),
            }
            .into());
        }
        if record.verify().is_err() {
            return Err(Conflict::DamagedRecord.into());
        }
        // A record written without a key is this slice's, unsealed: counted again and sealed.
        if self.request.key.is_some() && record.mac.is_empty() {
            return Ok(false);
        }
        check_record(record, self.request.key.as_ref()).map_err(Conflict::RecordKey)?;
        // A record without per-subproblem counts (an earlier version's) cannot be audited:
        // counted again.
        Ok(record.is_complete()
            && record.tallies.is_some()
            && record.fingerprint == plan.fingerprint()
            && record.plan == plan.len())
    }

    /// Counts: the plan it made, or the strategy's own count of what it admitted.
    pub fn run(self) -> Result<Counted, CountError> {
        let (n, config) = (self.request.n, self.admitted.config());
        let classes = self.solver.capabilities().counts_classes && config.symmetric.is_none();
        let splits = self.request.shard.is_some() || self.checkpoint.is_some();
        let (run, shard) = match &self.plan {
            None => (self.solver.count_admitted(&self.admitted)?, None),
            Some(plan) if !splits => (count_whole(plan.as_ref(), config, classes)?, None),
            Some(plan) => {
                let shard = self.shard();
                let mut record = match &self.checkpoint {
                    None => count_shard(plan.as_ref(), shard, config)?,
                    Some(checkpoint) => checkpoint.count_shard(plan.as_ref(), shard, config)?,
                };
                if let Some(key) = &self.request.key {
                    key.seal(&mut record);
                }
                let run = CountRun {
                    unique: classes.then_some(record.unique),
                    ..CountRun::new(record.count, record.ended, plan.stats())
                };
                (run, self.request.shard.is_some().then_some(record))
            }
        };
        // Every whole count with classes is checked against P and R, counted directly.
        let whole = run.is_complete() && shard.is_none();
        let types = match run.unique.filter(|_| whole) {
            Some(unique) => symmetry_types(self.registry, n, run.total, unique, config)?,
            None => None,
        };
        // Stopped before P and R were counted: the count stands, unchecked.
        let unchecked =
            whole && run.unique.is_some() && types.is_none() && config.stop.is_stopped();
        Ok(Counted {
            strategy: self.solver.name(),
            variant: self.admitted.variant().name,
            run,
            details: self
                .plan
                .as_ref()
                .map(|plan| plan.details())
                .unwrap_or_default(),
            types,
            unchecked,
            shard,
        })
    }
}

/// A strategy chosen by the count rule, its admitted count, and the refusal it replaces.
type Chosen<'r> = (&'r dyn Solver, Admitted, Option<Fallback>);

/// The default counter: the first of the count rule that `meets` the request and admits it.
fn choose<'r>(
    registry: &'r Registry,
    n: usize,
    config: &Config,
    meets: impl Fn(&Capabilities) -> bool,
) -> Result<Chosen<'r>, CountError> {
    // The rule's bounds are for full counts: a symmetric count goes as far as its strategy.
    let first = match registry.default_for(Operation::Count, n) {
        Ok(choice) => Some(choice),
        Err(_) if config.symmetric.is_some() => None,
        Err(error) => return Err(error.into()),
    };
    let rest = registry.rule(Operation::Count).iter().filter_map(|pick| {
        let choice = registry.choice(pick).ok()?;
        // As the rule's first choice does: not below a pick's size, nor one that cannot run here.
        let fits =
            pick.from.is_none_or(|from| n >= from) && choice.solver.availability().is_available();
        fits.then_some(choice)
    });
    let mut refused: Option<Fallback> = None;
    for choice in first.into_iter().chain(rest) {
        let solver = choice.solver;
        if !meets(solver.capabilities())
            || refused.as_ref().is_some_and(|f| f.refused == solver.name())
        {
            continue;
        }
        match solver.admit(n, &choice.apply(config.clone())) {
            Ok(admitted) => return Ok((solver, admitted, refused)),
            Err(error @ Error::MemoryLimit { .. }) if refused.is_none() => {
                refused = Some(Fallback {
                    refused: solver.name(),
                    error,
                });
            }
            Err(error) if refused.is_none() => return Err(error.into()),
            Err(_) => {}
        }
    }
    match refused {
        Some(fallback) => Err(fallback.error.into()),
        None => Err(Conflict::NoCounter {
            n,
            classes: Names(registry.names_with(|c| c.counts_classes)),
            resumable: Names(registry.names_with(|c| c.resumable)),
            symmetric: Names(registry.names_with(Capabilities::counts_symmetric)),
        }
        .into()),
    }
}
