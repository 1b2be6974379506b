//! What a strategy can do, per variant: the data behind `nqueens strategies`, the registry's
//! defaults, the CLI's checks and the bench's choice of cases.

use serde::Serialize;

use crate::{BenchExtra, Budget, Cost, Error, Experiment, Limit, Operation, Tradeoffs};

/// One mode of a strategy, with its own limits and costs: everything a caller may ask of it
/// before it runs, as data. A strategy without modes has exactly one variant, with no name.
///
/// The strategy's search tells its variants apart by position
/// ([`Job::variant_index`](crate::Job::variant_index)), never by name.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Variant {
    /// The name given in [`Config::variant`](crate::Config::variant); `None` for the only
    /// variant of a strategy that has no modes.
    pub name: Option<&'static str>,
    /// One line saying what this variant does.
    pub summary: &'static str,
    /// Whether it explores the whole space: it can prove that no solution exists.
    pub complete: bool,
    /// Whether it takes a seed; the same seed then gives the same run.
    pub randomized: bool,
    /// The [`Stats`](crate::Stats) counter that [`Config::budget`](crate::Config::budget)
    /// caps in a first-solution run, or `None` when the variant takes no budget.
    pub budget: Option<Budget>,
    /// Whether it keeps given queens ([`Config::given`](crate::Config::given)) in every
    /// solution it returns, and counts the completions of the given queens. Without it, the
    /// [`Solver`](crate::Solver) entry points refuse a request with given queens.
    ///
    /// A resumable strategy's [`subproblems`](crate::Strategy::subproblems) know nothing of
    /// given queens: a variant that keeps them counts completions through `search_all` or a
    /// `search_count` of its own that does not count its plan.
    pub keeps_given: bool,
    /// How far it counts the symmetric solutions alone
    /// ([`Config::symmetric`](crate::Config::symmetric): those a half or a quarter turn maps
    /// onto themselves), by its own search, usually far beyond its full count. With a turn in
    /// the config, the [`Solver`](crate::Solver) entry points check `n` against this limit
    /// instead of [`Variant::count`], and the strategy's `search_count` and `subproblems`
    /// count those solutions only.
    pub symmetric: Limit,
    /// Whether [`Config::restarts`](crate::Config::restarts) bounds its restarts (a local
    /// search that starts over when stuck).
    pub bounds_restarts: bool,
    /// What one run costs, for forecasts and budgets.
    pub cost: Cost,
    /// Sizes for [`Operation::First`].
    pub first: Limit,
    /// Sizes for [`Operation::List`].
    pub list: Limit,
    /// Sizes for [`Operation::Count`].
    pub count: Limit,
}

impl Variant {
    /// A variant with no name, no modes and no limits (every operation unsupported), to spread
    /// into a declaration: `Variant { first: Limit::Unbounded, ..Variant::BLANK }`.
    pub const BLANK: Variant = Variant {
        name: None,
        summary: "",
        complete: false,
        randomized: false,
        budget: None,
        keeps_given: false,
        bounds_restarts: false,
        symmetric: Limit::Unsupported("it does not count the symmetric solutions alone"),
        cost: Cost::UNKNOWN,
        first: Limit::Unsupported("it does not look for a single solution"),
        list: Limit::Unsupported("it does not list solutions"),
        count: Limit::Unsupported("it does not count solutions"),
    };

    /// The limit for `operation`.
    pub fn limit(&self, operation: Operation) -> Limit {
        match operation {
            Operation::First => self.first,
            Operation::List => self.list,
            Operation::Count => self.count,
        }
    }
}

/// What a strategy can do, for `nqueens strategies`, the registry's defaults and the benches.
///
/// Variants are listed in order of preference: with no variant named, an operation runs the
/// first variant that accepts its size (a variant that only finds leaves listing and counting
/// to the next; a second variant may count the sizes the first does not reach).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Capabilities {
    /// One line saying what the strategy is.
    pub summary: &'static str,
    /// Whether its counts also give the classes of solutions up to rotation and reflection
    /// ([`CountRun::unique`](crate::CountRun::unique), `count --unique`).
    pub counts_classes: bool,
    /// Whether its count splits into numbered subproblems
    /// ([`Strategy::subproblems`](crate::Strategy::subproblems)), so that it can be resumed
    /// from a checkpoint and shared out over processes.
    pub resumable: bool,
    /// Its variants, the preferred first; at least one.
    pub variants: &'static [Variant],
    /// The run the report shows as the trace of its family, if it shows one.
    #[serde(skip)]
    pub showcase: Option<Showcase>,
    /// What the bench measures of it beyond its series, if anything.
    #[serde(skip)]
    pub bench: &'static [BenchExtra],
    /// What the report says it trades against its rivals.
    #[serde(skip)]
    pub tradeoffs: Tradeoffs,
    /// The experiments of the literature its runs reproduce (the bench's `literature` group,
    /// the report's *The literature, reproduced*), if any.
    #[serde(skip)]
    pub literature: &'static [Experiment],
}

/// A run worth watching at n = 8: the report draws its trace under the family's heading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Showcase {
    /// The heading of the family the strategy stands for ("Backtracking", ...).
    pub family: &'static str,
    /// The variant to run, or the default one.
    pub variant: Option<&'static str>,
    /// The seed of a randomized run, picked for a search with steps to watch (most seeds
    /// solve n = 8 from the start).
    pub seed: Option<u64>,
}

impl Capabilities {
    /// A strategy that counts no classes and whose count does not split into subproblems.
    pub const fn new(summary: &'static str, variants: &'static [Variant]) -> Capabilities {
        Capabilities {
            summary,
            counts_classes: false,
            resumable: false,
            variants,
            showcase: None,
            bench: &[],
            tradeoffs: Tradeoffs::NONE,
            literature: &[],
        }
    }

    /// The same, with the run the report shows as its family's trace.
    pub const fn showcase(self, showcase: Showcase) -> Capabilities {
        Capabilities {
            showcase: Some(showcase),
            ..self
        }
    }

    /// The same, with what the bench measures of it beyond its series.
    pub const fn bench(self, extras: &'static [BenchExtra]) -> Capabilities {
        Capabilities {
            bench: extras,
            ..self
        }
    }

    /// The same, with the experiments of the literature its runs reproduce.
    pub const fn literature(self, experiments: &'static [Experiment]) -> Capabilities {
        Capabilities {
            literature: experiments,
            ..self
        }
    }

    /// The same, with what the report says it trades against its rivals.
    pub const fn tradeoffs(self, tradeoffs: Tradeoffs) -> Capabilities {
        Capabilities { tradeoffs, ..self }
    }

    /// The variant called `name`.
    pub fn named(&self, name: &str) -> Option<&'static Variant> {
        self.variants.iter().find(|v| v.name == Some(name))
    }

    /// Whether any variant keeps given queens.
    pub fn keeps_given(&self) -> bool {
        self.variants.iter().any(|v| v.keeps_given)
    }

    /// Whether any variant counts the symmetric solutions alone.
    pub fn counts_symmetric(&self) -> bool {
        self.variants.iter().any(|v| v.symmetric.is_supported())
    }

    /// The variant that runs `operation` at size `n` when the caller names `name` (or none): the
    /// named one, or else the first that accepts `n` for the operation, the one that goes
    /// furthest (so that a refusal names the largest size the strategy reaches), or the first
    /// variant.
    ///
    /// ```
    /// use nqueens_core::{Capabilities, Limit, Operation, Variant};
    ///
    /// const FINDS: Variant = Variant { name: Some("finds"), first: Limit::Unbounded, ..Variant::BLANK };
    /// const COUNTS: Variant = Variant { name: Some("counts"), list: Limit::UpTo(20), count: Limit::UpTo(20), ..FINDS };
    /// const DEEP: Variant = Variant { name: Some("deep"), count: Limit::UpTo(30), ..COUNTS };
    /// let caps = Capabilities::new("", &[FINDS, COUNTS, DEEP]);
    /// assert_eq!(caps.resolve(None, Operation::First, 8, "demo")?.name, Some("finds"));
    /// assert_eq!(caps.resolve(None, Operation::Count, 8, "demo")?.name, Some("counts"));
    /// assert_eq!(caps.resolve(None, Operation::Count, 25, "demo")?.name, Some("deep"));
    /// assert_eq!(caps.resolve(None, Operation::Count, 40, "demo")?.name, Some("deep"));
    /// assert!(caps.resolve(Some("other"), Operation::First, 8, "demo").is_err());
    /// # Ok::<(), nqueens_core::Error>(())
    /// ```
    pub fn resolve(
        &self,
        name: Option<&str>,
        operation: Operation,
        n: usize,
        strategy: &'static str,
    ) -> Result<&'static Variant, Error> {
        let index = self.resolve_index(name, operation, n, strategy)?;
        Ok(&self.variants[index])
    }

    /// [`Capabilities::resolve`], as the variant's position in [`Capabilities::variants`].
    pub(crate) fn resolve_index(
        &self,
        name: Option<&str>,
        operation: Operation,
        n: usize,
        strategy: &'static str,
    ) -> Result<usize, Error> {
        let variants = self.variants.iter().enumerate();
        match name {
            Some(name) => variants
                .clone()
                .find(|(_, v)| v.name == Some(name))
                .map(|(i, _)| i)
                .ok_or_else(|| Error::UnknownVariant {
                    strategy,
                    variant: name.to_string(),
                    known: self.variant_names().join(", "),
                }),
            None => variants
                .clone()
                .find(|(_, v)| v.limit(operation).accepts(n))
                .or_else(|| {
                    // None accepts n: the one that goes furthest, whose limit a refusal names.
                    variants
                        .clone()
                        .filter(|(_, v)| v.limit(operation).is_supported())
                        .max_by_key(|(_, v)| match v.limit(operation) {
                            Limit::UpTo(max) => max,
                            _ => usize::MAX,
                        })
                })
                .map(|(i, _)| i)
                .or((!self.variants.is_empty()).then_some(0))
                .ok_or(Error::Unsupported {
                    strategy,
                    operation,
                    reason: "it declares no variant",
                }),
        }
    }

    /// The names of its variants, in order (empty if it has no named modes).
    pub fn variant_names(&self) -> Vec<&'static str> {
        self.variants.iter().filter_map(|v| v.name).collect()
    }

    /// The most any of its variants accepts for `operation`: what a caller who may pick the
    /// variant can get.
    pub fn widest(&self, operation: Operation) -> Limit {
        let mut widest = Limit::Unsupported("no variant does this");
        for variant in self.variants {
            widest = match (widest, variant.limit(operation)) {
                (Limit::Unbounded, _) | (_, Limit::Unbounded) => Limit::Unbounded,
                (Limit::UpTo(a), Limit::UpTo(b)) => Limit::UpTo(a.max(b)),
                (Limit::UpTo(a), Limit::Unsupported(_)) => Limit::UpTo(a),
                (Limit::Unsupported(_), other) => other,
            };
        }
        widest
    }
}
