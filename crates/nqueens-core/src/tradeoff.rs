//! What the report says a strategy trades against its rivals, declared by the strategy: the
//! sentences of the report's summary (and of the README's "What each one teaches" list), the
//! memory verdict and the published peer. The report walks the registry in order and fills
//! each sentence, a minijinja template, with figures it computes alike for every pair.

/// The bench results a [`Tradeoff`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The `count_all` group.
    Count,
    /// The `first_solution` group.
    First,
    /// The yardstick's rows: the strategy on each thread count (`<strategy>-t<threads>`)
    /// against a C program of `../shared`'s yardsticks.
    Yardstick,
}

/// One sentence on a strategy (or one of its variants) against its rivals.
///
/// For [`Reading::Count`] and [`Reading::First`] the template sees `n`, the largest size where
/// the strategy and every rival have a time (at most `up_to`); `us`, `rivals` and `rival` (the
/// first) with their `id`, `time` (seconds), `nodes` and `heap` (bytes) at `n`; `from`, the
/// first such size from 8, and `ratios`, the rival's time over ours at each size from there;
/// `largest`: `n`, `us` and `rival` at the strategy's largest size. For
/// [`Reading::Yardstick`]: `us`, `rival` (their `id`) and `rows`, one per size (`n`, `rival`:
/// the program's seconds, `t1`, `t2` ...: the strategy's on that many threads).
///
/// A figure the run lacks is undefined: a sentence that prints, filters or computes with one,
/// or renders empty, is left out. Filters: `seconds`, `count`, `bytes`, `size`,
/// `fixed(digits)`, `times(above, below)` (`3.2× faster`), `share` (`a quarter (0.25×)`),
/// `range` (`40–52×`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tradeoff {
    /// The family heading written before the sentence; consecutive sentences with one heading
    /// join into one line. Empty: the sentence writes its own.
    pub heading: &'static str,
    /// The results it reads.
    pub reads: Reading,
    /// The declaring strategy's variant it is about; `None`: the default one.
    pub variant: Option<&'static str>,
    /// The rivals' series ids (a strategy, `genetic-mutation`, a yardstick's `count.c`).
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
        let (variant, up_to) = (None, None);
        Tradeoff {
            heading,
            reads,
            variant,
            against,
            up_to,
            sentence,
        }
    }
}

/// A [`Tradeoff::sentence`]: the strategy's time to a first solution against its rival's.
pub const SLOWER_THAN_RIVAL: &str = "`{{ us.id }}` is {{ (us.time / rival.time) | \
    times(\"slower\", \"faster\") }} than `{{ rival.id }}` at n = {{ n | size }} ({{ us.time | \
    seconds }} against {{ rival.time | seconds }})";

/// A counter that buys time with memory: the report judges from their counting times and heap
/// peaks when it beats its rival (`joining beats searching from n = 14`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryTrade {
    /// The rival counter, which holds little memory.
    pub against: &'static str,
    /// What the strategy does, as a gerund (`joining`).
    pub method: &'static str,
    /// What the rival does (`searching`).
    pub rival_method: &'static str,
}

/// A published program the strategy was built to match: its speed-ups over the yardstick's C
/// program by size, measured once on one thread, which the report sets beside the strategy's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Peer {
    /// How the report names the strategy (`The joining counter`).
    pub ours: &'static str,
    /// The program and its language.
    pub name: &'static str,
    /// Its speed-up over the C program, by size.
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
