//! The one error type every library crate of the workbench returns, and [`Bytes`], the
//! figures its memory messages carry.

use std::fmt;

use thiserror::Error;

use crate::{InvalidGiven, InvalidPlacement, Operation};

/// Why a request to a strategy or the registry could not be carried out.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// `n = 0` was asked for.
    #[error("board size must be at least 1")]
    ZeroSize,
    /// `n` is above what the strategy accepts for this operation.
    #[error("{strategy} accepts n up to {limit} to {operation}; {n} is too large")]
    TooLarge {
        /// Registry name of the strategy.
        strategy: &'static str,
        /// What was asked.
        operation: Operation,
        /// The size asked for.
        n: usize,
        /// The largest size accepted.
        limit: usize,
    },
    /// The strategy cannot do this operation at all.
    #[error("{strategy} cannot {operation}: {reason}")]
    Unsupported {
        /// Registry name of the strategy.
        strategy: &'static str,
        /// What was asked.
        operation: Operation,
        /// Why not.
        reason: &'static str,
    },
    /// A subproblem its plan does not have was asked of the split runner: a bug in the caller.
    #[error("{strategy} at n = {n} has no subproblem {index} (its plan has {len})")]
    NoSuchSubproblem {
        /// Registry name of the strategy.
        strategy: &'static str,
        /// The board size.
        n: usize,
        /// The index asked for.
        index: usize,
        /// How many subproblems the plan has.
        len: usize,
    },
    /// The run would take more memory than its bound ([`Config::memory_limit`](crate::Config::memory_limit),
    /// or the strategy's default) allows: refused before any work, with what it would need.
    #[error("{strategy} refuses n = {n}: {needed}, above the memory limit of {limit}")]
    MemoryLimit {
        /// Registry name of the strategy.
        strategy: &'static str,
        /// The board size.
        n: usize,
        /// What it would need.
        needed: Needed,
        /// The bound it would exceed.
        limit: Bytes,
    },
    /// A count admitted by one strategy was handed to another: a bug in the caller.
    #[error("internal error: {strategy} was asked to run a count that {admitted_by} admitted")]
    AdmittedElsewhere {
        /// The strategy asked to run it.
        strategy: &'static str,
        /// The strategy that admitted it.
        admitted_by: &'static str,
    },
    /// The strategy cannot run on this machine
    /// ([`Strategy::availability`](crate::Strategy::availability)).
    #[error("{strategy} cannot run here: {why}")]
    Unavailable {
        /// Registry name of the strategy.
        strategy: &'static str,
        /// What it needs and what is missing.
        why: crate::Unavailable,
    },
    /// No strategy is registered under this name.
    #[error("unknown strategy {name:?}; known strategies: {known}")]
    UnknownStrategy {
        /// The name asked for.
        name: String,
        /// The registered names, comma-separated.
        known: String,
    },
    /// The strategy has no variant (mode) of this name.
    #[error(
        "{strategy} has no variant {variant:?}; {}",
        if known.is_empty() { "it has no variants".to_string() } else { format!("its variants: {known}") }
    )]
    UnknownVariant {
        /// Registry name of the strategy.
        strategy: &'static str,
        /// The variant asked for.
        variant: String,
        /// Its variants, comma-separated (empty if it has none).
        known: String,
    },
    /// No registered strategy can do this operation at this size.
    #[error("no strategy can {operation} for n = {n}{}", largest.map_or(String::new(), |l| format!(" (the largest n any strategy accepts is {l})")))]
    NoStrategy {
        /// What was asked.
        operation: Operation,
        /// The size asked for.
        n: usize,
        /// The largest size some strategy accepts, if all are bounded.
        largest: Option<usize>,
    },
    /// The given queens cannot stand on this board (see [`Given`](crate::Given)).
    #[error(transparent)]
    Given(#[from] InvalidGiven),
    /// The strategy (in this variant) cannot keep given queens on the board.
    #[error("{strategy}{} cannot complete given queens: it does not keep a partial placement", variant.map_or(String::new(), |v| format!(" (variant {v})")))]
    GivenNotHonoured {
        /// Registry name of the strategy.
        strategy: &'static str,
        /// The variant that would have run, if the strategy has named variants.
        variant: Option<&'static str>,
    },
    /// A strategy returned a solution without one of the given queens: a bug in that strategy.
    #[error(
        "internal error: {strategy} returned a solution without the given queen {row}:{column}"
    )]
    GivenDropped {
        /// Registry name of the strategy.
        strategy: &'static str,
        /// The row of the missing queen.
        row: usize,
        /// Its column.
        column: u32,
    },
    /// A strategy produced something that is not a solution: a bug in that strategy.
    #[error("internal error: a strategy produced an invalid solution: {0}")]
    InvalidSolution(#[from] InvalidPlacement),
    /// Adding up the subproblems' counts went past `u64::MAX`.
    #[error("the {strategy} count at n = {n} overflows a 64-bit integer")]
    Overflow {
        /// The counting strategy.
        strategy: &'static str,
        /// The board size.
        n: usize,
    },
    /// Memory a run needed could not be had, although its estimate fitted the limit (other
    /// programs took the rest): the run stopped, keeping the subproblems it had finished.
    #[error("{strategy} ran out of memory at n = {n}: {what}")]
    OutOfMemory {
        /// The strategy.
        strategy: &'static str,
        /// The board size.
        n: usize,
        /// What could not be had, and what to do about it.
        what: String,
    },
}

/// What a refused run would have needed ([`Error::MemoryLimit`]), by what takes the memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Needed {
    /// Tables shared by the threads, and keys held by each thread.
    Tables {
        /// The tables: sampled, or bounded from their shapes.
        tables: Estimate,
        /// The keys one thread holds, at most (0 when not estimated).
        keys_per_thread: Bytes,
        /// The threads counting.
        threads: usize,
    },
    /// The largest level of a breadth-first search.
    Level {
        /// The arrangements it holds.
        arrangements: u64,
        /// The bytes of one.
        each: u64,
    },
    /// A solver's formula.
    Formula {
        /// Its estimated size in the solver.
        bytes: Bytes,
    },
}

/// A size known to within sampling, or only bounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Estimate {
    /// Measured on a sample: about this much.
    About(Bytes),
    /// Bounded: at most this much.
    AtMost(Bytes),
    /// Bounded on both sides (what the shape alone says, before any walk).
    Between {
        /// The least it can take.
        at_least: Bytes,
        /// The most.
        at_most: Bytes,
    },
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Estimate::About(bytes) => write!(f, "about {bytes}"),
            Estimate::AtMost(bytes) => write!(f, "at most {bytes}"),
            Estimate::Between { at_least, at_most } => {
                write!(f, "at least {at_least} and at most {at_most}")
            }
        }
    }
}

impl fmt::Display for Needed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Needed::Tables {
                tables,
                keys_per_thread,
                threads,
            } => {
                write!(f, "its tables would take {tables} of quarter tables")?;
                match keys_per_thread.0 {
                    0 => Ok(()),
                    _ => write!(
                        f,
                        ", plus up to {keys_per_thread} of keys per thread on {threads} thread(s)"
                    ),
                }
            }
            Needed::Level { arrangements, each } => write!(
                f,
                "its largest level holds {arrangements} arrangements, {} at {each} bytes each",
                Bytes(arrangements.saturating_mul(*each))
            ),
            Needed::Formula { bytes } => write!(f, "its formula would take the solver {bytes}"),
        }
    }
}

/// A number of bytes as a message shows it, with a binary unit and three significant digits:
/// `512 B`, `1.5 KiB`, `3 MiB`. The memory errors ([`Error::MemoryLimit`],
/// [`Error::OutOfMemory`]) word every figure with it, so that all strategies say sizes alike.
///
/// ```
/// use nqueens_core::Bytes;
/// assert_eq!(Bytes(512).to_string(), "512 B");
/// assert_eq!(Bytes(1536).to_string(), "1.5 KiB");
/// assert_eq!(Bytes(4 << 30).to_string(), "4 GiB");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bytes(pub u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let units = [(1u64 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
        let Some((scale, unit)) = units.into_iter().find(|&(scale, _)| self.0 >= scale) else {
            return write!(f, "{} B", self.0);
        };
        let value = self.0 as f64 / scale as f64;
        let decimals = match value {
            v if v >= 100.0 => 0,
            v if v >= 10.0 => 1,
            _ => 2,
        };
        let text = format!("{value:.decimals$}");
        // Without trailing zeros: `1.5 KiB`, `3 MiB`.
        let text = match decimals {
            0 => &text,
            _ => text.trim_end_matches('0').trim_end_matches('.'),
        };
        write!(f, "{text} {unit}")
    }
}

/// At most the first `chars` characters of `text`, with `…` when some were cut.
pub fn quote(text: &str, chars: usize) -> String {
    let mut cut: String = text.chars().take(chars).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    cut
}
