//! What the report says a strategy trades against its rivals, declared by the strategy: its
//! summary sentences (minijinja templates the report fills alike for every pair), the memory
//! verdict and the published peer.

/// The smallest size whose counting time is more search than a call's fixed cost: where a
/// [`Tradeoff`]'s `from` and the report's memory chart start.
pub const SEARCH_FROM_N: usize = 8;

/// The bench results a [`Tradeoff`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The `count_all` group.
    Count,
    /// The `first_solution` group.
    First,
    /// The yardstick's rows: the strategy against its [`Counterpart`](crate::Counterpart).
    Yardstick,
}

/// One sentence on a strategy (or one of its variants) against its rivals.
///
/// For [`Reading::Count`] and [`Reading::First`] the template sees `n`, the largest size where
/// the strategy and every rival have a time (at most `up_to`); `us`, `rivals` and `rival` (the
/// first) with their `id`, `time` (seconds), `nodes` and `heap` (bytes) at `n`; `from`, the
/// first such size from [`SEARCH_FROM_N`], and `ratios`, the rival's time over ours at each size from there;
/// `largest`: `n`, `us` and `rival` at the strategy's largest size. For
/// [`Reading::Yardstick`]: `us`, `rival` (their `id`) and `rows`, one per size the strategy ran
/// (`n`, `rival`: the C program's seconds, `t1`, `t2` ...: the strategy's on that many threads, a
/// key per row its counterpart declares with a thread count).
///
/// A figure the run lacks is undefined: a sentence that prints, filters or computes with one,
/// or renders empty, is left out. Filters: `seconds`, `count`, `bytes`, `size`,
/// `fixed(digits)`, `times(above, below)` (`3.2× faster`), `share` (`a quarter (0.25×)`),
/// `range` (`40–52×`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tradeoff {
    /// The heading before the sentence, which joins those after it (empty: none).
    pub heading: &'static str,
    /// The results it reads.
    pub reads: Reading,
    /// The declaring strategy's variant it is about; `None`: the default one.
    pub variant: Option<&'static str>,
    /// The rivals' series ids (a strategy, `genetic-mutation`).
    pub against: &'static [&'static str],
    /// The largest size to compare at, if not the largest all reached.
    pub up_to: Option<usize>,
    /// The sentence, a minijinja template, without its full stop.
    pub sentence: &'static str,
}

impl Tradeoff {
    /// A sentence on the default variant, at the largest size all reached.
    pub const fn new(
        heading: &'static str,
        reads: Reading,
        against: &'static [&'static str],
        sentence: &'static str,
    ) -> Tradeoff {
        Tradeoff {
            heading,
            reads,
            variant: None,
            against,
            up_to: None,
            sentence,
        }
    }
}

/// A counter that buys time with memory: the report says from which size it beats its rival.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryTrade {
    /// The rival counter, which holds little memory.
    pub against: &'static str,
    /// What the strategy does, as a gerund (`joining`).
    pub method: &'static str,
    /// What the rival does (`searching`).
    pub rival_method: &'static str,
}

/// A published program the strategy was built to match, and its speed-ups over the C program.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Peer {
    /// How the report names the strategy (`The joining counter`).
    pub ours: &'static str,
    /// The program and its language.
    pub name: &'static str,
    /// Its speed-up over the C program by size, measured once on one thread.
    pub speedups: &'static [(usize, f64)],
}

/// Everything a strategy declares for the report's tradeoffs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tradeoffs {
    /// Its sentences, in order.
    pub sentences: &'static [Tradeoff],
    /// The memory it trades for time, if it does.
    pub memory: Option<MemoryTrade>,
    /// Its published peer, if it has one.
    pub peer: Option<Peer>,
}

impl Tradeoffs {
    /// Nothing declared.
    pub const NONE: Tradeoffs = Tradeoffs::new(&[]);

    /// These sentences, with no memory trade and no peer.
    pub const fn new(sentences: &'static [Tradeoff]) -> Tradeoffs {
        Tradeoffs {
            sentences,
            memory: None,
            peer: None,
        }
    }
}
