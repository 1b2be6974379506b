//! Counts split into numbered subproblems, so that a count can run on several threads, be
//! interrupted, resumed and shared out over machines.
//!
//! A [`resumable`](crate::Capabilities::resumable) strategy implements
//! [`Strategy::subproblems`](crate::Strategy::subproblems): its plan is a [`Subproblems`] list
//! whose pieces count into [`Tally`]s, and [`count_subproblems`], the one runner, counts any
//! part of it on several threads. `nqueens_run::split` builds shards, checkpoints and merging
//! on it.

mod runner;

use serde::{Deserialize, Serialize};

use crate::{Details, Error, Stats, StopFlag};

pub use runner::{PlanRun, count_plan, count_subproblems, count_whole};

/// The FNV-1a offset basis: the hash of nothing.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a (64 bits) of `bytes`, continuing from `hash` (start from [`FNV_OFFSET`]): the hash
/// of [`Fingerprint`]s and of the checks of records and checkpoint lines.
pub fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// Builds a plan's [`Subproblems::fingerprint`]: FNV-1a over everything that defines the list
/// (the size, each subproblem), as 16 hexadecimal digits.
///
/// ```
/// use nqueens_core::split::Fingerprint;
///
/// let mut hash = Fingerprint::new();
/// hash.word(8u32).word(3u64);
/// assert_eq!(hash.finish().len(), 16);
/// assert_ne!(hash.finish(), Fingerprint::new().finish());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Fingerprint(u64);

impl Fingerprint {
    /// The fingerprint of nothing yet.
    pub fn new() -> Fingerprint {
        Fingerprint(FNV_OFFSET)
    }

    /// Feeds `word`'s little-endian bytes.
    pub fn word(&mut self, word: impl ToLeBytes) -> &mut Fingerprint {
        self.0 = word.feed(self.0);
        self
    }

    /// The 16 hexadecimal digits.
    pub fn finish(&self) -> String {
        format!("{:016x}", self.0)
    }
}

impl Default for Fingerprint {
    fn default() -> Fingerprint {
        Fingerprint::new()
    }
}

/// Unsigned words a [`Fingerprint`] takes, each fed as its own little-endian bytes.
pub trait ToLeBytes {
    /// Continues the FNV-1a `hash` over the word's bytes.
    fn feed(self, hash: u64) -> u64;
}

macro_rules! to_le_bytes {
    ($($word:ty),*) => {$(
        impl ToLeBytes for $word {
            fn feed(self, hash: u64) -> u64 {
                fnv1a(hash, &self.to_le_bytes())
            }
        }
    )*};
}

to_le_bytes!(u8, u16, u32, u64, u128);

/// What one subproblem (or a set of them) counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Solutions.
    pub total: u64,
    /// Classes up to rotation and reflection (zero for a strategy that does not count them).
    pub unique: u64,
}

impl Tally {
    /// Both numbers added; `None` if either overflows a `u64`.
    pub fn checked_add(self, other: Tally) -> Option<Tally> {
        Some(Tally {
            total: self.total.checked_add(other.total)?,
            unique: self.unique.checked_add(other.unique)?,
        })
    }
}

/// The subproblems of counting one board, in an order fixed on every machine.
pub trait Subproblems: Send + Sync {
    /// The registry name of the strategy that made them.
    fn strategy(&self) -> &'static str;

    /// The board size.
    fn n(&self) -> usize;

    /// How many subproblems there are.
    fn len(&self) -> usize;

    /// Whether there are none (a board with no solution may need no work at all).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The most slices `count --shard I/K` may cut the list into: one subproblem each.
    fn max_slices(&self) -> usize {
        self.len().max(1)
    }

    /// A hash of the subproblem list ([`Fingerprint`]), so that the work of another is refused.
    fn fingerprint(&self) -> String;

    /// Counts subproblem `index` (below [`len`](Subproblems::len)): `Ok(None)` when `stop`
    /// was raised before it finished (its partial count is dropped), an error when it failed
    /// rather than stopped ([`Error::OutOfMemory`]), which stops the count.
    fn count_one(&self, index: usize, stop: &StopFlag) -> Result<Option<Tally>, Error>;

    /// Statistics of the work this list has done so far (its tables' peak memory); none by default.
    fn stats(&self) -> Stats {
        Stats::default()
    }

    /// How it counted (`count --json` prints it with the count); nothing by default.
    fn details(&self) -> Details {
        Details::new()
    }
}
