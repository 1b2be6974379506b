//! What a strategy can do, per variant: the data behind `nqueens strategies`, the registry's
//! defaults, the CLI's checks and the bench's choice of cases.

use serde::Serialize;

use crate::{Error, Limit, Operation};

/// One mode of a strategy, with its own limits. A strategy without modes has exactly one
/// variant, with no name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
    /// caps in a first-solution run (`nodes`, `moves`, ...), or `None` when the variant takes
    /// no budget.
    pub budget: Option<&'static str>,
    /// Sizes for [`Operation::First`].
    pub first: Limit,
    /// Sizes for [`Operation::List`].
    pub list: Limit,
    /// Sizes for [`Operation::Count`].
    pub count: Limit,
}

impl Variant {
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
/// first variant that accepts its size (warnsdorff's `scaling` finds, its `faithful` lists and
/// counts; `cp`'s `first-fail` counts the sizes its `autonomous` search does not reach).
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
}

impl Capabilities {
    /// The variant called `name`.
    pub fn named(&self, name: &str) -> Option<&'static Variant> {
        self.variants.iter().find(|v| v.name == Some(name))
    }

    /// The variant that runs `operation` at size `n` when the caller names `name` (or none): the
    /// named one, or else the first that accepts `n` for the operation, the one that goes
    /// furthest (so that a refusal names the largest size the strategy reaches), or the first
    /// variant.
    ///
    /// ```
    /// use nqueens_core::{Capabilities, Limit, Operation, Variant};
    ///
    /// const FINDS: Variant = Variant {
    ///     name: Some("finds"), summary: "", complete: false, randomized: true, budget: None,
    ///     first: Limit::Unbounded, list: Limit::Unsupported("no"), count: Limit::Unsupported("no"),
    /// };
    /// const COUNTS: Variant = Variant { name: Some("counts"), list: Limit::UpTo(20), count: Limit::UpTo(20), ..FINDS };
    /// const DEEP: Variant = Variant { name: Some("deep"), count: Limit::UpTo(30), ..COUNTS };
    /// let caps = Capabilities { summary: "", counts_classes: false, resumable: false, variants: &[FINDS, COUNTS, DEEP] };
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
        let variants = self.variants;
        match name {
            Some(name) => self.named(name).ok_or_else(|| Error::UnknownVariant {
                strategy,
                variant: name.to_string(),
                known: self.variant_names().join(", "),
            }),
            None => variants
                .iter()
                .find(|v| v.limit(operation).accepts(n))
                .or_else(|| {
                    // None accepts n: the one that goes furthest, whose limit a refusal names.
                    variants
                        .iter()
                        .filter(|v| v.limit(operation).is_supported())
                        .max_by_key(|v| match v.limit(operation) {
                            Limit::UpTo(max) => max,
                            _ => usize::MAX,
                        })
                })
                .or(variants.first())
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
