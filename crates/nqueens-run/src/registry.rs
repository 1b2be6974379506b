//! Strategies listed by their stable names, and the one rule that picks a default; the
//! `nqueens` facade fills a [`Registry`] with every strategy of the workspace.

use nqueens_core::{
    Capabilities, Config, Error, Limit, Operation, Solver, Strategy, Unavailable, Variant,
};

/// One entry of a default rule: a strategy (and maybe a variant), chosen for a range of sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick {
    /// Registry name.
    pub strategy: &'static str,
    /// The variant to run; `None` means the strategy's own choice for the operation.
    pub variant: Option<&'static str>,
    /// The largest `n` it is chosen for; `None` means up to its own limit.
    pub up_to: Option<usize>,
    /// The smallest `n` it is chosen for (a GPU's start costs more below); `None` means from 1.
    pub from: Option<usize>,
}

impl Pick {
    /// The strategy `name`, in its default variant, up to its own limit.
    pub const fn new(strategy: &'static str) -> Pick {
        Pick {
            strategy,
            variant: None,
            up_to: None,
            from: None,
        }
    }

    /// The same pick, in the named variant.
    pub const fn variant(self, variant: &'static str) -> Pick {
        Pick {
            variant: Some(variant),
            ..self
        }
    }

    /// The same pick, chosen only from size `n` on.
    pub const fn from(self, n: usize) -> Pick {
        Pick {
            from: Some(n),
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
    /// `config` with the chosen variant, unless it names one of its own.
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
    /// The default rules, by operation and board.
    rules: Vec<((Operation, Board), Vec<Pick>)>,
    not_built: Vec<(&'static str, &'static str)>,
}

/// The board a default rule is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Board {
    Empty,
    WithGivenQueens,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a strategy, listed in registration order.
    ///
    /// # Panics
    /// If a strategy of the same name is already registered.
    pub fn register(mut self, strategy: impl Strategy + 'static) -> Self {
        assert!(
            self.find(strategy.name()).is_none(),
            "strategy {} registered twice",
            strategy.name()
        );
        self.strategies.push(Box::new(strategy));
        self
    }

    /// Lists the strategy `name` as left out of this build (a feature off), with the reason.
    pub fn without(mut self, name: &'static str, reason: &'static str) -> Self {
        self.not_built.push((name, reason));
        self
    }

    /// Sets the default rule for `operation`: the picks in order of preference.
    pub fn defaults(self, operation: Operation, picks: &[Pick]) -> Self {
        self.set_rule((operation, Board::Empty), picks)
    }

    /// Sets the default rule for `operation` with given queens ([`Config::given`]).
    pub fn completion_defaults(self, operation: Operation, picks: &[Pick]) -> Self {
        self.set_rule((operation, Board::WithGivenQueens), picks)
    }

    fn set_rule(mut self, key: (Operation, Board), picks: &[Pick]) -> Self {
        self.rules.retain(|(k, _)| *k != key);
        self.rules.push((key, picks.to_vec()));
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
        for ((operation, board), picks) in &self.rules {
            for pick in picks {
                let (solver, variant) = self.resolve(*operation, pick)?;
                if *board == Board::WithGivenQueens && !variant.keeps_given {
                    return Err(Error::GivenNotHonoured {
                        strategy: solver.name(),
                        variant: variant.name,
                    });
                }
            }
        }
        Ok(())
    }

    /// The strategy registered as `name` (one left out of this build is refused with its reason).
    pub fn get(&self, name: &str) -> Result<&dyn Solver, Error> {
        if let Some(&(strategy, reason)) = self.not_built.iter().find(|(n, _)| *n == name) {
            return Err(Error::Unavailable {
                strategy,
                why: Unavailable {
                    needs: "a build that includes it",
                    missing: reason.to_string(),
                },
            });
        }
        self.find(name).ok_or_else(|| Error::UnknownStrategy {
            name: name.to_string(),
            known: self.names().collect::<Vec<_>>().join(", "),
        })
    }

    /// The names of the strategies whose capabilities say `can`, in registration order.
    pub fn names_with(&self, can: impl Fn(&Capabilities) -> bool) -> Vec<&'static str> {
        self.iter()
            .filter(|s| can(s.capabilities()))
            .map(|s| s.name())
            .collect()
    }

    /// Every strategy, in registration order.
    pub fn iter(&self) -> impl Iterator<Item = &dyn Solver> {
        self.strategies.iter().map(|s| s.as_ref())
    }

    /// The strategies that can run on this machine ([`Strategy::availability`]).
    pub fn available(&self) -> impl Iterator<Item = &dyn Solver> {
        self.iter().filter(|s| s.availability().is_available())
    }

    /// The strategies that cannot run on this machine, each with what it lacks.
    pub fn unavailable(&self) -> impl Iterator<Item = (&'static str, Unavailable)> + '_ {
        self.iter().filter_map(|s| {
            let why = s.availability().unavailable()?.clone();
            Some((s.name(), why))
        })
    }

    /// Every registered name, in registration order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.strategies.iter().map(|s| s.name())
    }

    /// The strategies left out of this build ([`Registry::without`]), with the reasons.
    pub fn not_built(&self) -> &[(&'static str, &'static str)] {
        &self.not_built
    }

    /// The picks of the default rule for `operation`, in order.
    pub fn rule(&self, operation: Operation) -> &[Pick] {
        self.picks((operation, Board::Empty))
    }

    fn picks(&self, key: (Operation, Board)) -> &[Pick] {
        let rule = self.rules.iter().find(|(k, _)| *k == key);
        rule.map_or(&[], |(_, picks)| picks)
    }

    /// The strategy and variant `pick` names, whatever the size.
    pub fn choice(&self, pick: &Pick) -> Result<Choice<'_>, Error> {
        Ok(Choice {
            solver: self.get(pick.strategy)?,
            variant: pick.variant,
        })
    }

    /// The default for `operation` at `n`: the first pick that accepts `n` and can run here.
    pub fn default_for(&self, operation: Operation, n: usize) -> Result<Choice<'_>, Error> {
        self.first_fit(self.rule(operation), operation, n)
    }

    /// The default for `operation` at size `n` with given queens, by the completion rule.
    pub fn default_for_given(&self, operation: Operation, n: usize) -> Result<Choice<'_>, Error> {
        self.first_fit(
            self.picks((operation, Board::WithGivenQueens)),
            operation,
            n,
        )
    }

    /// The first of `picks` whose bounds and variant accept `n` and whose strategy can run here.
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
            if pick.from.is_some_and(|from| n < from) {
                continue;
            }
            if bound.is_some_and(|max| n > max) {
                largest = largest.zip(bound).map(|(a, b)| a.max(b));
                continue;
            }
            // Asked last, of a pick whose bounds fit: a small count never opens a GPU's driver.
            if solver.availability().is_available() {
                return Ok(Choice {
                    solver,
                    variant: pick.variant,
                });
            }
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

#[cfg(test)]
mod tests {
    use nqueens_core::{Availability, Capabilities, Unavailable};

    use super::*;

    /// A counter of every size that may be missing its hardware.
    struct Counter(&'static str, bool);

    impl Strategy for Counter {
        fn name(&self) -> &'static str {
            self.0
        }
        fn capabilities(&self) -> &'static Capabilities {
            &const {
                Capabilities::new(
                    "",
                    &[Variant {
                        complete: true,
                        count: Limit::UpTo(30),
                        ..Variant::BLANK
                    }],
                )
            }
        }
        fn availability(&self) -> Availability {
            match self.1 {
                true => Availability::Available,
                false => Availability::Unavailable(Unavailable {
                    needs: "a device",
                    missing: "none here".into(),
                }),
            }
        }
    }

    fn registry(device: bool) -> Registry {
        Registry::new()
            .register(Counter("device", device))
            .register(Counter("cpu", true))
            .defaults(
                Operation::Count,
                &[Pick::new("device").from(18), Pick::new("cpu")],
            )
    }

    #[test]
    fn defaults_take_a_pick_from_its_size_and_only_where_it_can_run() {
        let with = registry(true);
        let chosen = |r: &Registry, n| r.default_for(Operation::Count, n).unwrap().solver.name();
        assert_eq!(chosen(&with, 17), "cpu");
        assert_eq!(chosen(&with, 18), "device");
        let without = registry(false);
        assert_eq!(chosen(&without, 18), "cpu");
        assert!(
            without.check().is_ok(),
            "an unavailable pick is still a valid rule"
        );
        let names = |r: &Registry| r.available().map(|s| s.name()).collect::<Vec<_>>();
        assert_eq!(names(&with), ["device", "cpu"]);
        assert_eq!(names(&without), ["cpu"]);
        let skipped: Vec<_> = without.unavailable().collect();
        assert_eq!(skipped.len(), 1);
        assert_eq!(skipped[0].0, "device");
        assert_eq!(skipped[0].1.to_string(), "needs a device: none here");
    }
}
