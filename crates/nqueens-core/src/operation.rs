//! What a caller asks of a strategy ([`Operation`]) and the sizes a variant accepts for it
//! ([`Limit`]).

use std::fmt;

use serde::{Deserialize, Serialize};

/// What a caller asks of a strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

/// The sizes for which a variant can do an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    /// The variant cannot do this at all, for the stated reason.
    Unsupported(&'static str),
    /// Sizes `1..=max`.
    UpTo(usize),
    /// Every size from 1 up (time, not representation, is the bound).
    Unbounded,
}

impl Limit {
    /// Whether size `n` (at least 1) is accepted.
    ///
    /// ```
    /// use nqueens_core::Limit;
    /// assert!(Limit::UpTo(32).accepts(32));
    /// assert!(!Limit::UpTo(32).accepts(33));
    /// assert!(!Limit::Unsupported("no").accepts(1));
    /// ```
    pub fn accepts(self, n: usize) -> bool {
        match self {
            Limit::Unsupported(_) => false,
            Limit::UpTo(max) => n <= max,
            Limit::Unbounded => true,
        }
    }

    /// Whether the operation is possible at some size.
    pub fn is_supported(self) -> bool {
        !matches!(self, Limit::Unsupported(_))
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
