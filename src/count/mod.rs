//! The count workflow: one path for plain, checkpointed, sharded, memory-bounded and symmetric
//! counts, with the class check, for any registry.
//!
//! [`Counter::new`] picks the strategy (the caller's, or the first of the registry's count rule
//! that meets the request's requirements: classes, resumable, symmetric solutions, and the
//! memory bound of [`Config::memory_limit`]), checks the request, and opens the checkpoint;
//! [`Counter::run`] counts. What the counter decided ([`Counter::fallback`],
//! [`Counter::resumed`], [`Counter::solver`]) can be said before the count starts. A
//! whole count with classes is checked against Burnside's identity with P and R counted
//! directly by a strategy that [counts symmetric
//! solutions](nqueens_core::Strategy::symmetric_count_limit) ([`symmetry_types`]).
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
//!
//! Sharded counts ([`CountRequest::shard`]) return the [`ShardRecord`] that
//! [`merge`](nqueens_run::split::merge) adds up; a rerun with the same
//! [`CountRequest::checkpoint`] file resumes where the last run stopped.

mod burnside;

use std::path::PathBuf;

use nqueens_core::{Capabilities, Config, CountRun, Error, Operation, Solver};
use nqueens_run::Registry;
use nqueens_run::split::{
    Checkpoint, CheckpointError, Key, Shard, ShardRecord, Subproblems, check_record, count_shard,
};

pub use burnside::{BurnsideMismatch, SymmetryTypes, symmetry_types};

/// What to count. The run's options (variant, given queens, threads, memory bound, stop flag,
/// observer, statistics, a [turn](Config::symmetric)) travel in the [`Config`].
#[derive(Clone, Debug, Default)]
pub struct CountRequest {
    /// Board size.
    pub n: usize,
    /// The strategy by registry name; `None`: the first of the registry's count rule that can
    /// do the request.
    pub strategy: Option<String>,
    /// Whether the classes up to rotation and reflection are wanted (OEIS A002562).
    pub classes: bool,
    /// Count only this slice of the subproblems, into a [`ShardRecord`] for `merge`.
    pub shard: Option<Shard>,
    /// Save finished subproblems to this file, and resume from it.
    pub checkpoint: Option<PathBuf>,
    /// Seal the shard record and the checkpoint's lines with this key (a keyed check that
    /// nobody without the key can recompute), and refuse a checkpoint written without it.
    pub key: Option<Key>,
}

/// Why a count could not run.
#[derive(Debug, thiserror::Error)]
pub enum CountError {
    /// The request does not hold together (worded for the `nqueens count` flags of the same
    /// names): a usage error.
    #[error("{0}")]
    Conflict(String),
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
    /// The classes by orbit size with P and R, when the whole count with classes passed its
    /// check against Burnside's identity.
    pub types: Option<SymmetryTypes>,
    /// A whole count with classes whose check was stopped before P and R were counted.
    pub unchecked: bool,
    /// With [`CountRequest::shard`]: the record of the slice.
    pub shard: Option<ShardRecord>,
}

/// A checked count, ready to run: the strategy chosen, its plan and checkpoint.
pub struct Counter<'r> {
    registry: &'r Registry,
    solver: &'r dyn Solver,
    variant: Option<&'static str>,
    request: CountRequest,
    config: Config,
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

/// The registered strategies whose capabilities say `can`, by name.
fn strategies_that(registry: &Registry, can: impl Fn(&dyn Solver) -> bool) -> String {
    let names: Vec<&str> = registry
        .iter()
        .filter(|s| can(*s))
        .map(|s| s.name())
        .collect();
    if names.is_empty() {
        "none is registered".to_string()
    } else {
        names.join(", ")
    }
}

/// Whether any variant of `solver` counts the symmetric solutions alone.
fn counts_symmetric(solver: &dyn Solver) -> bool {
    let variants = solver.capabilities().variants;
    variants
        .iter()
        .any(|v| solver.symmetric_count_limit(v).is_supported())
}

impl<'r> Counter<'r> {
    /// Checks `request`, picks its strategy (falling back to the next of the count rule when
    /// the default refuses for memory) and opens its checkpoint, if any.
    pub fn new(
        registry: &'r Registry,
        request: CountRequest,
        mut config: Config,
    ) -> Result<Counter<'r>, CountError> {
        let conflict = |text: &str| Err(CountError::Conflict(text.to_string()));
        let splits = request.shard.is_some() || request.checkpoint.is_some();
        if config.given.is_some() && (request.classes || splits) {
            return conflict(
                "--given counts the completions of the given queens in one run: --unique, \
                 --checkpoint and --shard do not apply",
            );
        }
        if config.symmetric.is_some() && config.given.is_some() {
            return conflict(
                "--given cannot be used with --symmetric: the symmetric search places whole \
                 orbits of queens and does not keep given ones (count completions without \
                 --symmetric)",
            );
        }
        if config.symmetric.is_some() && request.shard.is_some() {
            return conflict(
                "--symmetric cannot be used with --shard: symmetric counts are short enough for \
                 one machine, and `merge` adds up full counts only",
            );
        }
        if config.symmetric.is_some() && request.classes {
            return conflict(
                "--unique cannot be used with --symmetric: it counts the symmetric solutions, \
                 not their classes",
            );
        }
        if request.classes && request.shard.is_some() {
            return conflict(
                "--unique does nothing with --shard: the shard record holds both counts; \
                 `nqueens merge --unique` prints the classes",
            );
        }
        // Shards and checkpoints promise both counts (`merge --unique`, a rerun with
        // --unique), so a default counter for them counts classes too.
        let classes = request.classes || (splits && config.symmetric.is_none());
        let meets = |solver: &dyn Solver| {
            let caps: Capabilities = solver.capabilities();
            (!classes || caps.counts_classes)
                && (!splits || caps.resumable)
                && (config.symmetric.is_none() || counts_symmetric(solver))
        };
        let (solver, variant, fallback) = match &request.strategy {
            Some(name) => {
                let solver = registry.get(name)?;
                if config.symmetric.is_some() && !counts_symmetric(solver) {
                    return Err(CountError::Conflict(format!(
                        "--symmetric counts the symmetric solutions alone; {} cannot do it \
                         (strategies that can: {})",
                        solver.name(),
                        strategies_that(registry, counts_symmetric)
                    )));
                }
                if config.given.is_some()
                    && let Err(error @ Error::GivenNotHonoured { .. }) =
                        solver.check(Operation::Count, request.n, &config)
                {
                    let honours = |s: &dyn Solver| {
                        s.capabilities().variants.iter().any(|v| s.honours_given(v))
                    };
                    return Err(CountError::Conflict(format!(
                        "{error}; strategies that complete given queens: {}",
                        strategies_that(registry, honours)
                    )));
                }
                if splits && !solver.capabilities().resumable {
                    return Err(CountError::Conflict(format!(
                        "--checkpoint and --shard need a resumable strategy ({}), not {}",
                        strategies_that(registry, |s| s.capabilities().resumable),
                        solver.name()
                    )));
                }
                if request.classes && !solver.capabilities().counts_classes {
                    return Err(CountError::Conflict(format!(
                        "{} does not count classes; --unique needs --strategy {}",
                        solver.name(),
                        strategies_that(registry, |s| s.capabilities().counts_classes)
                            .replace(", ", " or ")
                    )));
                }
                (solver, None, None)
            }
            None if config.given.is_some() => {
                let choice = registry.default_for_given(Operation::Count, request.n)?;
                (choice.solver, choice.variant, None)
            }
            None => choose(registry, request.n, &config, meets)?,
        };
        if config.variant.is_none() {
            config.variant = variant.map(str::to_string);
        }
        let variant = solver.admit(request.n, &config)?.name;
        let plan = match splits {
            true => Some(solver.plan(request.n, &config)?),
            false => None,
        };
        if let (Some(plan), Some(shard)) = (&plan, request.shard)
            && shard.count() > plan.max_slices()
        {
            return Err(CountError::Conflict(format!(
                "--shard {shard}: n = {} has only {} subproblems to share out",
                request.n,
                plan.len()
            )));
        }
        if request.key.is_some() && !splits {
            return conflict(
                "--key seals the records of --shard and the lines of --checkpoint: use it with \
                 one of them",
            );
        }
        let checkpoint = match (&plan, &request.checkpoint) {
            (Some(plan), Some(path)) => Some(Checkpoint::open_keyed(
                path,
                plan.as_ref(),
                request.key.as_ref(),
            )?),
            _ => None,
        };
        Ok(Counter {
            registry,
            solver,
            variant,
            request,
            config,
            fallback,
            plan,
            checkpoint,
        })
    }

    /// The strategy that will count.
    pub fn solver(&self) -> &'r dyn Solver {
        self.solver
    }

    /// The config it counts with (the default rule's variant filled in).
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Whether the default counter refused for memory, and this one counts instead.
    pub fn fallback(&self) -> Option<&Fallback> {
        self.fallback.as_ref()
    }

    /// How many subproblems of the slice the checkpoint already holds.
    pub fn resumed(&self) -> usize {
        match (&self.checkpoint, &self.plan) {
            (Some(checkpoint), Some(plan)) => {
                let shard = self.request.shard.unwrap_or_else(Shard::whole);
                let done = checkpoint.done();
                let slice = shard.indices(plan.len());
                slice.iter().filter(|i| done.contains_key(i)).count()
            }
            _ => 0,
        }
    }

    /// Whether `record` (read back from where an earlier run of this sharded count wrote it)
    /// already holds this count's slice, whole: then the count need not run again. `Ok(false)`
    /// for a record of this slice that is partial (an interrupted run), that an earlier
    /// version made from a different list of subproblems or without per-subproblem counts, or
    /// (with a key) that was written without a key: count it again. An error for a
    /// record of another count or one that fails its check, so that a caller does not replace
    /// what it does not own.
    pub fn completes(&self, record: &ShardRecord) -> Result<bool, CountError> {
        let (Some(plan), Some(shard)) = (&self.plan, self.request.shard) else {
            return Err(CountError::Conflict(
                "only a count with --shard has a record".to_string(),
            ));
        };
        let n = self.request.n;
        if record.strategy != plan.strategy() || record.n != n || record.shard != shard {
            return Err(CountError::Conflict(format!(
                "it holds the record of shard {} of n = {} ({}), not of shard {shard} of n = {n} \
                 ({})",
                record.shard,
                record.n,
                record.strategy,
                plan.strategy()
            )));
        }
        if record.check.is_empty() || !record.is_intact() {
            return Err(CountError::Conflict(
                "it holds a shard record that fails its check (edited or damaged)".to_string(),
            ));
        }
        // A record written without a key is this slice's, unsealed: counted again and sealed.
        if self.request.key.is_some() && record.mac.is_empty() {
            return Ok(false);
        }
        check_record(record, self.request.key.as_ref()).map_err(|error| {
            CountError::Conflict(format!(
                "it holds a record that fails the key check ({error})"
            ))
        })?;
        // A record without per-subproblem counts (an earlier version's) cannot be audited:
        // counted again.
        Ok(record.is_complete()
            && record.tallies.is_some()
            && record.fingerprint == plan.fingerprint()
            && record.plan == plan.len())
    }

    /// Counts.
    pub fn run(self) -> Result<Counted, CountError> {
        let (n, config) = (self.request.n, &self.config);
        let counts_classes = self.solver.capabilities().counts_classes;
        let (run, shard) = match &self.plan {
            None => (self.solver.count(n, config)?, None),
            Some(plan) => {
                let shard = self.request.shard.unwrap_or_else(Shard::whole);
                let mut record = match &self.checkpoint {
                    None => count_shard(plan.as_ref(), shard, config)?,
                    Some(checkpoint) => checkpoint.count_shard(plan.as_ref(), shard, config)?,
                };
                if let Some(key) = &self.request.key {
                    key.seal(&mut record);
                }
                let run = CountRun {
                    total: record.count,
                    unique: (counts_classes && config.symmetric.is_none()).then_some(record.unique),
                    ended: record.ended,
                    stats: plan.stats(),
                };
                (run, self.request.shard.is_some().then_some(record))
            }
        };
        // Every whole count with classes is checked against P and R, counted directly.
        let types = match (run.is_complete(), run.unique, &shard) {
            (true, Some(unique), None) => {
                symmetry_types(self.registry, n, run.total, unique, config)?
            }
            _ => None,
        };
        // Stopped before P and R were counted: the count stands, unchecked.
        let unchecked = run.is_complete()
            && run.unique.is_some()
            && shard.is_none()
            && types.is_none()
            && config.stop.is_stopped();
        Ok(Counted {
            strategy: self.solver.name(),
            variant: self.variant,
            run,
            types,
            unchecked,
            shard,
        })
    }
}

/// A strategy chosen by the count rule, the variant its pick names, and the refusal it
/// replaces.
type Chosen<'r> = (&'r dyn Solver, Option<&'static str>, Option<Fallback>);

/// The default counter: the registry's count rule at `n` first, then the rest of the rule in
/// order, the first that `meets` the request and admits it under the config's memory bound.
fn choose<'r>(
    registry: &'r Registry,
    n: usize,
    config: &Config,
    meets: impl Fn(&dyn Solver) -> bool,
) -> Result<Chosen<'r>, CountError> {
    // The rule's bounds are for full counts: a symmetric count goes as far as its strategy.
    let first = match registry.default_for(Operation::Count, n) {
        Ok(choice) => Some((choice.solver, choice.variant)),
        Err(_) if config.symmetric.is_some() => None,
        Err(error) => return Err(error.into()),
    };
    let rest = registry.rule(Operation::Count).iter().filter_map(|pick| {
        let solver = registry.get(pick.strategy).ok()?;
        // As the rule's first choice does: not below a pick's size, nor one that cannot run here.
        let fits = pick.from.is_none_or(|from| n >= from) && solver.availability().is_available();
        fits.then_some((solver, pick.variant))
    });
    let mut refused: Option<Fallback> = None;
    for (solver, variant) in first.into_iter().chain(rest) {
        if !meets(solver) || refused.as_ref().is_some_and(|f| f.refused == solver.name()) {
            continue;
        }
        let config = Config {
            variant: config.variant.clone().or(variant.map(str::to_string)),
            ..config.clone()
        };
        match solver.admit(n, &config) {
            Ok(_) => return Ok((solver, variant, refused)),
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
        None => Err(CountError::Conflict(format!(
            "no registered strategy can do this count at n = {n} (classes: {}, resumable: {}, \
             symmetric: {})",
            strategies_that(registry, |s| s.capabilities().counts_classes),
            strategies_that(registry, |s| s.capabilities().resumable),
            strategies_that(registry, counts_symmetric),
        ))),
    }
}
