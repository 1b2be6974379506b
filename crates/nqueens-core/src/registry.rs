//! Strategies listed by their stable names.
//!
//! The core crate holds no strategy; the `nqueens` facade crate fills a [`Registry`] with every
//! strategy in the workspace, and the CLI and the benches take them from there.

use crate::{Error, Limit, Operation, Solver};

/// Strategies by name, with a preference order per operation for choosing a default.
#[derive(Default)]
pub struct Registry {
    solvers: Vec<Box<dyn Solver>>,
    preferences: Vec<(Operation, Vec<&'static str>)>,
    /// Largest `n` for which a strategy is chosen as a default, per operation.
    default_caps: Vec<(Operation, &'static str, usize)>,
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
    pub fn register(mut self, solver: impl Solver + 'static) -> Self {
        assert!(
            self.find(solver.name()).is_none(),
            "strategy {} registered twice",
            solver.name()
        );
        self.solvers.push(Box::new(solver));
        self
    }

    /// Sets which strategies to try first, fastest first, when a caller asks for `operation`
    /// without naming one. Strategies not named come after, in registration order.
    pub fn prefer(mut self, operation: Operation, names: &[&'static str]) -> Self {
        self.preferences.retain(|(op, _)| *op != operation);
        self.preferences.push((operation, names.to_vec()));
        self
    }

    /// Chooses `name` as the default for `operation` only up to size `max_n`, although it accepts
    /// more: above that another strategy does the job much faster (the lexicographic backtracker
    /// finds a first solution of n = 32 in a second, the construction in microseconds).
    pub fn default_up_to(mut self, operation: Operation, name: &'static str, max_n: usize) -> Self {
        self.default_caps
            .retain(|&(op, capped, _)| (op, capped) != (operation, name));
        self.default_caps.push((operation, name, max_n));
        self
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
        self.solvers.iter().map(|s| s.as_ref())
    }

    /// Every registered name, in registration order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.solvers.iter().map(|s| s.name())
    }

    /// The preferred strategy that accepts `operation` at size `n`.
    pub fn default_for(&self, operation: Operation, n: usize) -> Result<&dyn Solver, Error> {
        if n == 0 {
            return Err(Error::ZeroSize);
        }
        let preferred = self
            .preferences
            .iter()
            .filter(|(op, _)| *op == operation)
            .flat_map(|(_, names)| names.iter().filter_map(|name| self.find(name)));
        let within_cap = |solver: &&dyn Solver| {
            self.default_caps
                .iter()
                .all(|&(op, name, max_n)| op != operation || name != solver.name() || n <= max_n)
        };
        preferred
            .chain(self.iter())
            .filter(within_cap)
            .find(|s| s.capabilities().limit(operation).accepts(n))
            .ok_or_else(|| Error::NoStrategy {
                operation,
                n,
                largest: self
                    .iter()
                    .filter_map(|s| match s.capabilities().limit(operation) {
                        Limit::UpTo(max) => Some(max),
                        _ => None,
                    })
                    .max(),
            })
    }

    fn find(&self, name: &str) -> Option<&dyn Solver> {
        self.iter().find(|s| s.name() == name)
    }
}
