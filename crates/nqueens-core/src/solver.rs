//! The trait callers use ([`Solver`]): checked entry points, implemented once for every
//! [`Strategy`].

use std::ops::ControlFlow;

use crate::split::Subproblems;
use crate::strategy::unsupported;
use crate::{
    Config, CountRun, Ended, Error, FirstRun, InvalidPlacement, Job, Limit, Operation, Strategy,
    TreeProfile, Variant, VisitRun, Visitor, validate_size,
};

/// How every strategy is called. It is implemented for every [`Strategy`] and for nothing
/// else, so its checks cannot be skipped or overridden.
///
/// Each entry point checks `n`, the variant and the operation against the strategy's
/// [`Capabilities`](crate::Capabilities) before any search starts, so a strategy never sees
/// `n = 0`, an unknown variant or a size above its limits, nor given queens it does not
/// [keep](Variant::keeps_given) or that are off the board; and it reports a stop raised by a
/// deadline as [`Ended::Deadline`].
///
/// A strategy is written in a few lines (this one knows only the one-queen board, and finds
/// and counts by the defaults that take its stream):
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens_core::{Capabilities, Config, Ended, Error, Job, Limit, Solver, Stats, Strategy, Variant, VisitRun, Visitor};
///
/// struct Tiny;
///
/// impl Strategy for Tiny {
///     fn name(&self) -> &'static str { "tiny" }
///     fn capabilities(&self) -> &'static Capabilities {
///         // A constant: every call returns the same table, built once by the compiler.
///         &const { Capabilities::new("knows n = 1", &[Variant {
///             summary: "knows n = 1",
///             complete: true,
///             first: Limit::UpTo(1),
///             list: Limit::UpTo(1),
///             count: Limit::UpTo(1),
///             ..Variant::BLANK
///         }]) }
///     }
///     fn search_all(&self, _job: &Job<'_>, visitor: &mut Visitor<'_>) -> Result<VisitRun, Error> {
///         let ended = match visitor(&[0]) {
///             ControlFlow::Continue(()) => Ended::Exhausted,
///             ControlFlow::Break(()) => Ended::Satisfied,
///         };
///         Ok(VisitRun { ended, stats: Stats::default() })
///     }
/// }
///
/// let config = Config::default();
/// let count = Tiny.count(1, &config)?;
/// assert_eq!((count.total, count.ended), (1, Ended::Exhausted));
/// let first = Tiny.first(1, &config)?;
/// assert_eq!(first.ended(), Ended::Satisfied);
/// assert_eq!(first.solution().map(|s| s.to_string()), Some("0".into()));
/// assert!(matches!(Tiny.first(0, &config), Err(Error::ZeroSize)));
/// assert!(matches!(Tiny.count(2, &config), Err(Error::TooLarge { limit: 1, .. })));
/// # Ok::<(), Error>(())
/// ```
pub trait Solver: Strategy {
    /// Checks that this strategy can do `operation` at size `n` with `config`'s variant, and
    /// returns the variant that will run it.
    fn check(
        &self,
        operation: Operation,
        n: usize,
        config: &Config,
    ) -> Result<&'static Variant, Error> {
        checked(self, operation, n, config).map(|(_, variant)| variant)
    }

    /// Finds one solution, or proves there is none (complete strategies), with statistics.
    fn first(&self, n: usize, config: &Config) -> Result<FirstRun, Error> {
        let variant = checked(self, Operation::First, n, config)?;
        let mut run = self.search_first(&Job::checked(n, variant, config))?;
        if let Some(solution) = run.solution() {
            if solution.n() != n {
                return Err(InvalidPlacement::WrongLength {
                    expected: n,
                    found: solution.n(),
                }
                .into());
            }
            keeps_given(self.name(), solution.columns(), config)?;
        }
        run.variant = variant.1.name;
        Ok(run.stopped_for(config.stop.reason()))
    }

    /// Streams every solution to `visitor`, which may stop the stream early; the run then
    /// ends [`Ended::Satisfied`]. Each solution is validated before the visitor sees it.
    fn visit(
        &self,
        n: usize,
        config: &Config,
        visitor: &mut Visitor<'_>,
    ) -> Result<VisitRun, Error> {
        let variant = checked(self, Operation::List, n, config)?;
        let mut broke = false;
        let mut invalid = None;
        let mut run = self.search_all(&Job::checked(n, variant, config), &mut |columns| {
            // O(n) per solution, small beside producing and printing it: no strategy can hand
            // a caller something that is not a solution, or one without the given queens.
            if let Err(error) = validate_size(columns, n) {
                invalid = Some(error.into());
                return ControlFlow::Break(());
            }
            if let Err(error) = keeps_given(self.name(), columns, config) {
                invalid = Some(error);
                return ControlFlow::Break(());
            }
            let flow = visitor(columns);
            broke |= flow.is_break();
            flow
        })?;
        if let Some(error) = invalid {
            return Err(error);
        }
        if broke {
            run.ended = Ended::Satisfied;
        }
        run.ended = stop_reason(run.ended, config);
        Ok(run)
    }

    /// Every solution, in the order [`Solver::visit`] streams them, gathered in memory with the
    /// run that produced them (whose `ended` says whether the list is whole).
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

    /// The profile of the strategy's backtrack tree for the `n × n` board
    /// ([`Strategy::search_profile`]), checked as a listing of `n` is; a stop ends it early,
    /// and [`TreeProfile::ended`] then says why.
    ///
    /// # Errors
    ///
    /// As for listing ([`Solver::visit`]): [`Error::ZeroSize`] for `n = 0`,
    /// [`Error::TooLarge`] beyond the listing limit; [`Error::Unsupported`] for a strategy with
    /// no tree to profile.
    fn profile(&self, n: usize, config: &Config) -> Result<TreeProfile, Error> {
        let variant = checked(self, Operation::List, n, config)?;
        let mut profile = self.search_profile(&Job::checked(n, variant, config))?;
        profile.ended = stop_reason(profile.ended, config);
        Ok(profile)
    }

    /// Checks a count of `n` with `config` as [`Solver::count`] would, and asks the strategy
    /// whether it can afford it ([`Strategy::admit_count`], for example tables within
    /// [`Config::memory_limit`](crate::Config::memory_limit)), without counting: the count,
    /// decided, for [`Solver::count_admitted`] and [`Solver::plan_admitted`] to run without
    /// deciding it again.
    fn admit(&self, n: usize, config: &Config) -> Result<Admitted, Error> {
        let variant = checked(self, Operation::Count, n, config)?;
        self.admit_count(&Job::checked(n, variant, config))?;
        Ok(Admitted {
            strategy: self.name(),
            n,
            variant,
            config: config.clone(),
        })
    }

    /// Counts every solution: what [`Solver::admit`] then [`Solver::count_admitted`] do, with
    /// the same single admission, without keeping a copy of `config` (a count of a small board
    /// takes tens of nanoseconds, and the copy and its drop cost as much again).
    fn count(&self, n: usize, config: &Config) -> Result<CountRun, Error> {
        let job = Job::checked(n, checked(self, Operation::Count, n, config)?, config);
        self.admit_count(&job)?;
        count_job(self, &job)
    }

    /// Counts what [`Solver::admit`] admitted, with the config it admitted.
    fn count_admitted(&self, admitted: &Admitted) -> Result<CountRun, Error> {
        let config = admitted.of(self.name())?;
        count_job(self, &Job::checked(admitted.n, admitted.variant, config))
    }

    /// The numbered subproblems of counting the `n × n` board, for resumable and sharded counts
    /// (see [`split`](crate::split)): [`Solver::admit`] then [`Solver::plan_admitted`].
    fn plan(&self, n: usize, config: &Config) -> Result<Box<dyn Subproblems>, Error> {
        self.plan_admitted(&self.admit(n, config)?)
    }

    /// The subproblems of what [`Solver::admit`] admitted.
    fn plan_admitted(&self, admitted: &Admitted) -> Result<Box<dyn Subproblems>, Error> {
        let config = admitted.of(self.name())?;
        if !self.capabilities().resumable {
            return Err(Error::Unsupported {
                strategy: self.name(),
                operation: Operation::Count,
                reason: "its count does not split into subproblems, so it cannot be resumed or sharded",
            });
        }
        self.subproblems(&Job::checked(admitted.n, admitted.variant, config))
    }
}

/// A count that [`Solver::admit`] checked and admitted: its size, the variant that runs it and
/// the config it was admitted with, so that whatever runs, plans or forecasts it reads one
/// decision. Only `admit` makes one; it counts with the strategy that made it only.
#[derive(Clone, Debug)]
pub struct Admitted {
    strategy: &'static str,
    n: usize,
    variant: (usize, &'static Variant),
    config: Config,
}

impl Admitted {
    /// The variant that runs it.
    pub fn variant(&self) -> &'static Variant {
        self.variant.1
    }

    /// The config it was admitted with, which it runs with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Its config, when `strategy` admitted it.
    fn of(&self, strategy: &'static str) -> Result<&Config, Error> {
        match self.strategy == strategy {
            true => Ok(&self.config),
            false => Err(Error::AdmittedElsewhere {
                strategy,
                admitted_by: self.strategy,
            }),
        }
    }
}

/// The count of an admitted job, its end said as the caller asked.
fn count_job<S: Strategy + ?Sized>(strategy: &S, job: &Job<'_>) -> Result<CountRun, Error> {
    let mut run = strategy.search_count(job)?;
    if run.ended == Ended::Satisfied {
        run.ended = Ended::Exhausted;
    }
    run.ended = stop_reason(run.ended, job.config());
    Ok(run)
}

/// [`Solver::check`], with the variant's position among the strategy's.
fn checked<S: Strategy + ?Sized>(
    strategy: &S,
    operation: Operation,
    n: usize,
    config: &Config,
) -> Result<(usize, &'static Variant), Error> {
    if n == 0 {
        return Err(Error::ZeroSize);
    }
    let name = strategy.name();
    let capabilities = strategy.capabilities();
    let index = capabilities.resolve_index(config.variant.as_deref(), operation, n, name)?;
    let variant = &capabilities.variants[index];
    let limit = match (config.symmetric, operation) {
        (None, _) => variant.limit(operation),
        (Some(_), Operation::Count) => variant.symmetric,
        (Some(_), _) => Limit::Unsupported("a turn (symmetric solutions) applies to counts only"),
    };
    match limit {
        Limit::Unsupported(reason) if config.symmetric.is_some() => Err(Error::Unsupported {
            strategy: name,
            operation,
            reason,
        }),
        Limit::Unsupported(_) => Err(unsupported(name, operation, variant)),
        Limit::UpTo(limit) if n > limit => Err(Error::TooLarge {
            strategy: name,
            operation,
            n,
            limit,
        }),
        _ => {
            if let Some(given) = &config.given {
                if !variant.keeps_given {
                    return Err(Error::GivenNotHonoured {
                        strategy: name,
                        variant: variant.name,
                    });
                }
                given.check(n)?;
            }
            Ok((index, variant))
        }
    }
}

impl<T: Strategy + ?Sized> Solver for T {}

/// Checks that `columns` holds every queen of [`Config::given`].
fn keeps_given(strategy: &'static str, columns: &[u32], config: &Config) -> Result<(), Error> {
    match config.given.as_ref().and_then(|g| g.missing_in(columns)) {
        Some((row, column)) => Err(Error::GivenDropped {
            strategy,
            row,
            column,
        }),
        None => Ok(()),
    }
}

/// A run stopped by the flag ended for the reason the flag gives (a deadline or the caller).
fn stop_reason(ended: Ended, config: &Config) -> Ended {
    match (ended, config.stop.reason()) {
        (Ended::Interrupted, Some(reason)) => reason,
        _ => ended,
    }
}
