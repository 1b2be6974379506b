//! Why a count request does not hold together ([`Conflict`]), with the facts as fields, so a
//! front end can word each for its own options.

use std::fmt;

use nqueens_core::Error;
use nqueens_run::split::{KeyError, Shard};

/// Registry names, as a message lists them (`none is registered` when empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names(pub Vec<&'static str>);

impl fmt::Display for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.is_empty() {
            true => f.write_str("none is registered"),
            false => f.write_str(&self.0.join(", ")),
        }
    }
}

/// A count request whose parts contradict each other, or that no strategy can do.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Conflict {
    /// Given queens with classes, a checkpoint or a shard.
    #[error(
        "the completions of given queens are counted in one run: classes, checkpoints and \
         shards do not apply"
    )]
    GivenWithSplits,
    /// Given queens with a turn: the symmetric search places whole orbits of queens.
    #[error("a symmetric count places whole orbits of queens and does not keep given ones")]
    GivenWithTurn,
    /// A turn with a shard: symmetric counts are short, and merging adds up full counts only.
    #[error("symmetric counts are not sharded: merging adds up full counts only")]
    TurnWithShard,
    /// A turn with classes: a symmetric count counts solutions, not classes.
    #[error("a symmetric count counts the symmetric solutions, not their classes")]
    TurnWithClasses,
    /// Classes asked of a shard, whose record holds both counts anyway.
    #[error("a shard record holds both counts: the classes come from merging the records")]
    ClassesWithShard,
    /// A key without a shard or checkpoint, the records it would seal.
    #[error("a key seals shard records and checkpoint lines: it needs one of them")]
    KeyWithoutSplit,
    /// The strategy named does not count symmetric solutions alone.
    #[error(
        "{strategy} does not count the symmetric solutions alone (strategies that can: {able})"
    )]
    NoTurn {
        /// The strategy named.
        strategy: &'static str,
        /// Those that can.
        able: Names,
    },
    /// The strategy named does not keep given queens.
    #[error("{refusal}; strategies that complete given queens: {able}")]
    GivenNotKept {
        /// The strategy's refusal ([`Error::GivenNotHonoured`]).
        refusal: Error,
        /// Those that keep given queens.
        able: Names,
    },
    /// A checkpoint or shard asked of a strategy whose count does not split.
    #[error("checkpoints and shards need a resumable strategy ({able}), not {strategy}")]
    NotResumable {
        /// The strategy named.
        strategy: &'static str,
        /// The resumable strategies.
        able: Names,
    },
    /// Classes asked of a strategy that does not count them.
    #[error("{strategy} does not count classes (strategies that do: {able})")]
    NoClasses {
        /// The strategy named.
        strategy: &'static str,
        /// Those that count classes.
        able: Names,
    },
    /// More slices than the plan has subproblems.
    #[error("shard {shard}: n = {n} has only {subproblems} subproblems to share out")]
    TooManySlices {
        /// The slice asked for.
        shard: Shard,
        /// The board size.
        n: usize,
        /// How many subproblems the plan has.
        subproblems: usize,
    },
    /// No strategy of the registry meets the request.
    #[error(
        "no registered strategy can do this count at n = {n} (classes: {classes}, resumable: \
         {resumable}, symmetric: {symmetric})"
    )]
    NoCounter {
        /// The board size.
        n: usize,
        /// The strategies that count classes.
        classes: Names,
        /// The resumable strategies.
        resumable: Names,
        /// The strategies that count symmetric solutions.
        symmetric: Names,
    },
    /// A record was checked against a count that is not sharded.
    #[error("only a sharded count has a record")]
    NoRecord,
    /// The record found belongs to another count.
    #[error(
        "it holds the record of shard {found} of n = {found_n} ({found_strategy}), not of shard \
         {shard} of n = {n} ({strategy})"
    )]
    OtherRecord {
        /// The record's slice.
        found: Shard,
        /// The record's board size.
        found_n: usize,
        /// The record's strategy.
        found_strategy: String,
        /// This count's slice.
        shard: Shard,
        /// This count's board size.
        n: usize,
        /// This count's strategy.
        strategy: &'static str,
    },
    /// The record found fails its check (edited or damaged).
    #[error("it holds a shard record that fails its check (edited or damaged)")]
    DamagedRecord,
    /// The record found fails the key check.
    #[error("it holds a record that fails the key check ({0})")]
    RecordKey(KeyError),
}
