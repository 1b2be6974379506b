//! Strategies listed by their stable names, and the one rule that picks a default.
//!
//! The core crate holds no strategy; the `nqueens` facade crate fills a [`Registry`] with every
//! strategy in the workspace, and the CLI and the benches take them from there.

use nqueens_core::{Config, Error, Limit, Operation, Solver, Strategy, Variant};

/// One entry of a default rule: a strategy (and optionally one of its variants), chosen for
/// sizes up to a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick {
    /// Registry name.
    pub strategy: &'static str,
    /// The variant to run; `None` means the strategy's own choice for the operation.
    pub variant: Option<&'static str>,
    /// The largest `n` it is chosen for (it may accept more, but another does the job much
    /// faster there); `None` means up to its own limit.
    pub up_to: Option<usize>,
}

impl Pick {
    /// The strategy `name`, in its default variant, up to its own limit.
    pub const fn new(strategy: &'static str) -> Pick {
        Pick {
            strategy,
            variant: None,
            up_to: None,
        }
    }

    /// The same pick, in the named variant.
    pub const fn variant(self, variant: &'static str) -> Pick {
        Pick {
            variant: Some(variant),
            ..self
        }
    }

    /// The same pick, chosen only up to size `n`.
    pub const fn up_to(self, n: usize) -> Pick {
        Pick {
            up_to: Some(n),
            ..self
        }
    }
}

/// The strategy and variant a default rule chose.
#[derive(Clone, Copy)]
pub struct Choice<'r> {
    /// The strategy.
    pub solver: &'r dyn Solver,
    /// The variant to put in [`Config::variant`] (`None`: the strategy's own choice).
    pub variant: Option<&'static str>,
}

impl Choice<'_> {
    /// `config` with the chosen variant, unless it names one of its own (a caller's
    /// `--variant` wins over the rule's).
    pub fn apply(&self, config: Config) -> Config {
        Config {
            variant: config.variant.or(self.variant.map(str::to_string)),
            ..config
        }
    }
}

/// Strategies by name, with one default rule per operation.
#[derive(Default)]
pub struct Registry {
    strategies: Vec<Box<dyn Solver>>,
    defaults: Vec<(Operation, Vec<Pick>)>,
    completion: Vec<(Operation, Vec<Pick>)>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a strategy. Registration order is the order of listings.
    ///
    /// # Panics
    /// If a strategy of the same name is already registered: names are the registry's keys.
    pub fn register(mut self, strategy: impl Strategy + 'static) -> Self {
        assert!(
            self.find(strategy.name()).is_none(),
            "strategy {} registered twice",
            strategy.name()
        );
        self.strategies.push(Box::new(strategy));
        self
    }

    /// Sets the default rule for `operation`: the picks in order of preference. A request
    /// that names no strategy takes the first pick that accepts its size.
    /// [`Registry::check`] verifies that every pick names a registered strategy and variant.
    pub fn defaults(mut self, operation: Operation, picks: &[Pick]) -> Self {
        self.defaults.retain(|(op, _)| *op != operation);
        self.defaults.push((operation, picks.to_vec()));
        self
    }

    /// Sets the default rule for `operation` with given queens ([`Config::given`]): the picks
    /// in order of preference, each a strategy that honours given queens.
    pub fn completion_defaults(mut self, operation: Operation, picks: &[Pick]) -> Self {
        self.completion.retain(|(op, _)| *op != operation);
        self.completion.push((operation, picks.to_vec()));
        self
    }

    /// Checks the default rules: every pick names a registered strategy, one of its variants,
    /// and one that can do the operation (with given queens, for the completion rules).
    ///
    /// ```
    /// use nqueens_core::Operation;
    /// use nqueens_run::{Pick, Registry};
    /// let registry = Registry::new().defaults(Operation::Count, &[Pick::new("symetry")]);
    /// assert!(registry.check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), Error> {
        for (operation, picks) in &self.defaults {
            for pick in picks {
                self.resolve(*operation, pick)?;
            }
        }
        for (operation, picks) in &self.completion {
            for pick in picks {
                let (solver, variant) = self.resolve(*operation, pick)?;
                if !variant.keeps_given {
                    return Err(Error::GivenNotHonoured {
                        strategy: solver.name(),
                        variant: variant.name,
                    });
                }
            }
        }
        Ok(())
    }

    /// The strategy registered as `name`.
    pub fn get(&self, name: &str) -> Result<&dyn Solver, Error> {
        self.find(name).ok_or_else(|| Error::UnknownStrategy {
            name: name.to_string(),
            known: self.names().collect::<Vec<_>>().join(", "),
        })
    }

    /// Every strategy, in registration order.
    pub fn iter(&self) -> impl Iterator<Item = &dyn Solver> {
        self.strategies.iter().map(|s| s.as_ref())
    }

    /// Every registered name, in registration order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.strategies.iter().map(|s| s.name())
    }

    /// The picks of the default rule for `operation`, in order.
    pub fn rule(&self, operation: Operation) -> &[Pick] {
        rule(&self.defaults, operation)
    }

    /// The picks of the default rule for `operation` with given queens, in order.
    pub fn completion_rule(&self, operation: Operation) -> &[Pick] {
        rule(&self.completion, operation)
    }

    /// The strategy and variant `pick` names, whatever the size.
    pub fn choice(&self, pick: &Pick) -> Result<Choice<'_>, Error> {
        Ok(Choice {
            solver: self.get(pick.strategy)?,
            variant: pick.variant,
        })
    }

    /// The default for `operation` at size `n`: the first pick of the rule whose bound and
    /// variant accept `n`.
    pub fn default_for(&self, operation: Operation, n: usize) -> Result<Choice<'_>, Error> {
        self.first_fit(self.rule(operation), operation, n)
    }

    /// The default for `operation` at size `n` with given queens: the first pick of the
    /// completion rule whose bound and variant accept `n`.
    pub fn default_for_given(&self, operation: Operation, n: usize) -> Result<Choice<'_>, Error> {
        self.first_fit(self.completion_rule(operation), operation, n)
    }

    /// The first of `picks` whose bound and variant accept `n`.
    fn first_fit(
        &self,
        picks: &[Pick],
        operation: Operation,
        n: usize,
    ) -> Result<Choice<'_>, Error> {
        if n == 0 {
            return Err(Error::ZeroSize);
        }
        let mut largest = Some(0);
        for pick in picks {
            let (solver, variant) = self.resolve(operation, pick)?;
            let bound = match (variant.limit(operation), pick.up_to) {
                (Limit::UpTo(max), Some(up_to)) => Some(max.min(up_to)),
                (Limit::UpTo(max), None) => Some(max),
                (_, up_to) => up_to,
            };
            if bound.is_none_or(|max| n <= max) {
                return Ok(Choice {
                    solver,
                    variant: pick.variant,
                });
            }
            largest = largest.zip(bound).map(|(a, b)| a.max(b));
        }
        Err(Error::NoStrategy {
            operation,
            n,
            largest: largest.filter(|&l| l > 0),
        })
    }

    /// The strategy and variant a pick names, checked.
    fn resolve(
        &self,
        operation: Operation,
        pick: &Pick,
    ) -> Result<(&dyn Solver, &'static Variant), Error> {
        let solver = self.get(pick.strategy)?;
        let config = Config {
            variant: pick.variant.map(str::to_string),
            ..Config::default()
        };
        let variant = solver.check(operation, 1, &config)?;
        Ok((solver, variant))
    }

    fn find(&self, name: &str) -> Option<&dyn Solver> {
        self.iter().find(|s| s.name() == name)
    }
}

/// The picks `rules` hold for `operation`.
fn rule(rules: &[(Operation, Vec<Pick>)], operation: Operation) -> &[Pick] {
    rules
        .iter()
        .find(|(op, _)| *op == operation)
        .map_or(&[], |(_, picks)| picks.as_slice())
}
