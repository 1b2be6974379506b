//! # nqueens-breadth
//!
//! Breadth-first extension, the array-language way of Roger Hui's J essay (`queens`): hold
//! *every* valid k-arrangement of the first k rows at once, extend each by every safe square of
//! row k + 1, and repeat until row n; the n-arrangements are the solutions. There is no
//! backtracking: the whole level is one array, and a dead arrangement simply has no children.
//!
//! **Representation.** An arrangement is one `u64` holding 4 bits per row (so n ≤ 16). The
//! attacks on row k are rebuilt from those k columns when the arrangement is extended, O(k).
//! Levels stay in lexicographic order because each is extended in order, children by increasing
//! column, so `list` streams solutions lexicographically. The last level is never stored: it is
//! streamed (list), counted by popcount (count) or cut at its first member (first).
//!
//! **Memory.** A level is extended *in place* in one preallocated buffer: the dead
//! arrangements are squeezed out, then the survivors expanded from the back (each has a child,
//! so writing backwards never overwrites an unread one). The buffer holds the largest level,
//! known in advance for each n ≤ 16 (counted once by backtracking, checked by this crate's
//! tests up to n = 12), times 8 bytes. A buffer over the memory bound
//! ([`Config::memory_limit`](nqueens_core::Config::memory_limit), else
//! [`BreadthSolver::with_memory_limit`], by default [`BreadthSolver::DEFAULT_MEMORY_LIMIT`],
//! 1 GiB) is refused before any work with [`Error::MemoryLimit`] stating the estimate.
//!
//! | n | largest level | peak memory |
//! |---|---|---|
//! | 12 | 222,720 (row 9) | 1.7 MiB |
//! | 13 | 1,151,778 (row 10) | 8.8 MiB |
//! | 14 | 6,471,872 (row 11) | 49 MiB |
//! | 15 | 39,290,462 (row 11) | 300 MiB |
//! | 16 | 260,303,408 (row 12) | 1.94 GiB: refused by default |
//!
//! **Complexity.** The levels together are exactly the tree a complete backtracking search
//! visits ([`Stats::nodes`](nqueens_core::Stats::nodes) and `backtracks` equal `vector`'s:
//! 27,358,552 nodes at n = 14), at O(k) per arrangement, twice per level. Memory: the largest
//! level, about 6× per n (the table above). Speed is in the comparison report
//! (`reports/README.md`); `cargo run --release -p nqueens-breadth --example levels` times its
//! counts by hand.
//!
//! ```
//! use nqueens_breadth::BreadthSolver;
//! use nqueens_core::{Config, Error, Solver};
//!
//! let run = BreadthSolver::new().count(8, &Config::default())?;
//! assert_eq!(run.total, 92);
//! assert_eq!(run.stats.peak_bytes, 568 * 8); // the largest level: 568 arrangements of 5 rows
//! // n = 16's largest level (1.94 GiB) never fits the default bound: the limit says so.
//! assert!(matches!(BreadthSolver::new().count(16, &Config::default()), Err(Error::TooLarge { limit: 15, .. })));
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

use nqueens_core::{
    Bytes, Capabilities, Config, Cost, CostModel, CountRun, Ended, Error, Event, Job, Limit,
    Needed, Observer, Operation, Reading, Stats, Strategy, Tradeoff, Tradeoffs, Variant, VisitRun,
    Visitor,
};

/// Breadth-first extension of all partial arrangements, level by level (Roger Hui's `queens`).
/// Registry name `breadth`; boards up to 16 columns, within a memory bound.
///
/// A watched search (an [`Observer`] in the [`Config`]) redraws the board as each arrangement
/// it extends ([assigned](Event::Assigned) rows), then [places](Event::Placed) each child (a
/// node), or shows a childless one as a [dead end](Event::Conflict); on the last level each
/// completion is placed and [found](Event::Found). Counting reports no steps.
#[derive(Clone, Copy, Debug)]
pub struct BreadthSolver {
    memory_limit: u64,
}

impl BreadthSolver {
    /// The default bound on the frontier buffer: 1 GiB.
    pub const DEFAULT_MEMORY_LIMIT: u64 = 1 << 30;

    /// A solver with the default memory bound.
    pub fn new() -> Self {
        Self::with_memory_limit(Self::DEFAULT_MEMORY_LIMIT)
    }

    /// A solver that refuses sizes whose frontier buffer would take more than `bytes`, unless
    /// the run's [`Config::memory_limit`](nqueens_core::Config::memory_limit) sets another
    /// bound.
    ///
    /// ```
    /// use nqueens_breadth::BreadthSolver;
    /// use nqueens_core::{Config, Error, Solver};
    ///
    /// let small = BreadthSolver::with_memory_limit(1 << 20);
    /// assert_eq!(small.count(11, &Config::default())?.total, 2680);
    /// assert!(matches!(small.count(12, &Config::default()), Err(Error::MemoryLimit { n: 12, .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn with_memory_limit(bytes: u64) -> Self {
        Self {
            memory_limit: bytes,
        }
    }

    /// The bound on the frontier buffer, in bytes.
    pub fn memory_limit(&self) -> u64 {
        self.memory_limit
    }

    /// The bytes the frontier buffer takes for `n`: the largest level over rows 0..n-1 (the last
    /// level is never stored) times 8 bytes. `None` above 16.
    ///
    /// ```
    /// assert_eq!(nqueens_breadth::BreadthSolver::frontier_bytes(15), Some(39_290_462 * 8));
    /// ```
    pub fn frontier_bytes(n: usize) -> Option<u64> {
        Self::largest_level(n).map(|count| count * ARRANGEMENT_BYTES)
    }

    /// The arrangements of the widest level for `n`, if the table holds `n`.
    fn largest_level(n: usize) -> Option<u64> {
        n.checked_sub(1).and_then(|i| LARGEST_LEVEL.get(i)).copied()
    }

    /// The frontier's capacity for `n`, or the refusal if it exceeds the memory bound (the
    /// config's, else the solver's).
    fn capacity(&self, n: usize, config: &Config, operation: Operation) -> Result<usize, Error> {
        let limit = config.memory_limit.unwrap_or(self.memory_limit);
        let largest = Self::largest_level(n).ok_or(Error::TooLarge {
            strategy: NAME,
            operation,
            n,
            limit: MAX_N,
        })?;
        let bytes = largest * ARRANGEMENT_BYTES;
        let refusal = || Error::MemoryLimit {
            strategy: NAME,
            n,
            needed: Needed::Level {
                arrangements: largest,
                each: ARRANGEMENT_BYTES,
            },
            limit: Bytes(limit),
        };
        if bytes > limit {
            return Err(refusal());
        }
        // Past this machine's address space, whatever the bound.
        usize::try_from(largest).map_err(|_| refusal())
    }
}

impl Default for BreadthSolver {
    fn default() -> Self {
        Self::new()
    }
}

const NAME: &str = "breadth";

/// Widest board: 16 rows of 4-bit columns fill a `u64`.
const MAX_N: usize = 16;

const ARRANGEMENT_BYTES: u64 = size_of::<u64>() as u64;

/// The largest number of valid k-arrangements over k = 0..n-1, for n = 1..=16 (index n - 1).
/// Counted once by exhaustive bitmask backtracking, level by level; the tests recount n ≤ 12.
const LARGEST_LEVEL: [u64; MAX_N] = [
    1, 2, 3, 6, 14, 46, 164, 568, 2292, 9632, 44148, 222720, 1151778, 6471872, 39290462, 260303408,
];

/// How many arrangements are extended between looks at the stop flag.
const STOP_POLL_MASK: usize = (1 << 12) - 1;

/// The squares of row `k` that no queen of the k-arrangement `word` attacks (bit c = column c).
#[inline]
fn free_squares(word: u64, k: usize, all: u32) -> u32 {
    let mut attacked = 0u32;
    for row in 0..k {
        let bit = 1u32 << ((word >> (4 * row)) & 0xF);
        // A queen `d` rows up attacks its column and the columns `d` to either side.
        let d = (k - row) as u32;
        attacked |= bit | (bit << d) | (bit >> d);
    }
    all & !attacked
}

/// What a watched run shows: the board as its events have drawn it, and who listens.
struct Shown<'a> {
    observer: &'a dyn Observer,
    board: Vec<Option<u32>>,
}

impl Shown<'_> {
    /// Redraws the board as the `k`-arrangement `word`: assigns the rows that differ (they are
    /// not search steps: the arrangement was made a level ago) and removes the queens below.
    fn show(&mut self, word: u64, k: usize) {
        for (row, shown) in self.board.iter_mut().enumerate() {
            let wanted = (row < k).then(|| ((word >> (4 * row)) & 0xF) as u32);
            if *shown == wanted {
                continue;
            }
            match (wanted, *shown) {
                (Some(column), _) => self.observer.observe(Event::Assigned {
                    row,
                    column: column as usize,
                }),
                (None, Some(column)) => self.observer.observe(Event::Removed {
                    row,
                    column: column as usize,
                }),
                (None, None) => {}
            }
            *shown = wanted;
        }
    }

    /// One child of the arrangement shown: a queen on (`row`, `column`), a node.
    fn place(&mut self, row: usize, column: u32) {
        self.board[row] = Some(column);
        self.observer.observe(Event::Placed {
            row,
            column: column as usize,
        });
    }
}

/// Reports to `shown`, when `OBSERVED`, what `step` does with it.
#[inline(always)]
fn watch<const OBSERVED: bool>(shown: &mut Option<Shown<'_>>, step: impl FnOnce(&mut Shown<'_>)) {
    if OBSERVED && let Some(shown) = shown {
        step(shown);
    }
}

/// The frontier after rows `0..k`, and the counters of the run so far.
struct Levels {
    n: usize,
    all: u32,
    k: usize,
    frontier: Vec<u64>,
    stats: Stats,
}

impl Levels {
    /// Levels of an `n`-board, with room for `capacity` arrangements reserved up front: the
    /// largest level is known, and a machine without that much memory gets a typed refusal
    /// here rather than an abort in the middle of the search.
    fn new(n: usize, capacity: usize) -> Result<Self, Error> {
        let mut frontier = Vec::new();
        frontier
            .try_reserve_exact(capacity)
            .map_err(|_| Error::OutOfMemory {
                strategy: NAME,
                n,
                what: format!(
                    "this machine could not give it {} for its largest level",
                    Bytes(capacity as u64 * ARRANGEMENT_BYTES)
                ),
            })?;
        frontier.push(0);
        Ok(Self {
            n,
            all: u32::MAX >> (32 - n),
            k: 0,
            frontier,
            stats: Stats {
                peak_bytes: capacity as u64 * ARRANGEMENT_BYTES,
                ..Stats::default()
            },
        })
    }

    /// Extends level by level until the frontier holds every valid (n-1)-arrangement, or ends
    /// with [`Ended::Exhausted`] at an empty level or [`Ended::Interrupted`] at the stop flag.
    /// With `OBSERVED`, the steps are shown on `shown`'s board (see [`BreadthSolver`]).
    fn extend_to_last<const OBSERVED: bool>(
        &mut self,
        config: &Config,
        shown: &mut Option<Shown<'_>>,
    ) -> Result<(), Ended> {
        while self.k + 1 < self.n {
            if self.frontier.is_empty() {
                return Err(Ended::Exhausted);
            }
            // Squeeze out the dead arrangements, counting the children of the rest.
            let mut kept = 0;
            let mut children = 0;
            for i in 0..self.frontier.len() {
                if i & STOP_POLL_MASK == 0 && config.stop.is_stopped() {
                    return Err(Ended::Interrupted);
                }
                let word = self.frontier[i];
                let free = free_squares(word, self.k, self.all);
                let k = self.k;
                watch::<OBSERVED>(shown, |shown| {
                    shown.show(word, k);
                    let mut children = free;
                    while children != 0 {
                        shown.place(k, children.trailing_zeros());
                        children &= children - 1;
                    }
                    if free == 0 {
                        shown.observer.observe(Event::Conflict { row: k });
                    }
                });
                if free != 0 {
                    self.frontier[kept] = word;
                    kept += 1;
                    children += free.count_ones() as usize;
                }
            }
            self.stats.backtracks += (self.frontier.len() - kept) as u64;
            self.stats.nodes += children as u64;
            // Expand the survivors from the back, in place (see the crate documentation).
            self.frontier.truncate(kept);
            self.frontier.resize(children, 0);
            let mut end = children;
            for i in (0..kept).rev() {
                let word = self.frontier[i];
                let mut free = free_squares(word, self.k, self.all);
                while free != 0 {
                    let column = 31 - free.leading_zeros();
                    free ^= 1 << column;
                    end -= 1;
                    self.frontier[end] = word | u64::from(column) << (4 * self.k);
                }
            }
            self.k += 1;
        }
        if self.frontier.is_empty() {
            return Err(Ended::Exhausted);
        }
        Ok(())
    }

    /// Streams the last level: each (n-1)-arrangement's completions, in order, to `visitor`.
    ///
    /// With `OBSERVED`, each arrangement is shown and its completions placed and
    /// [found](Event::Found), as in [`Levels::extend_to_last`].
    fn stream_last<const OBSERVED: bool>(
        &mut self,
        config: &Config,
        shown: &mut Option<Shown<'_>>,
        visitor: &mut Visitor<'_>,
    ) -> Ended {
        let mut columns = vec![0u32; self.n];
        for (i, &word) in self.frontier.iter().enumerate() {
            if i & STOP_POLL_MASK == 0 && config.stop.is_stopped() {
                return Ended::Interrupted;
            }
            let mut free = free_squares(word, self.k, self.all);
            let k = self.k;
            watch::<OBSERVED>(shown, |shown| shown.show(word, k));
            if free == 0 {
                self.stats.backtracks += 1;
                watch::<OBSERVED>(shown, |shown| {
                    shown.observer.observe(Event::Conflict { row: k });
                });
                continue;
            }
            for (row, column) in columns[..self.k].iter_mut().enumerate() {
                *column = ((word >> (4 * row)) & 0xF) as u32;
            }
            while free != 0 {
                self.stats.nodes += 1;
                columns[self.k] = free.trailing_zeros();
                free &= free - 1;
                watch::<OBSERVED>(shown, |shown| {
                    shown.place(k, columns[k]);
                    shown.observer.observe(Event::Found);
                });
                if visitor(&columns).is_break() {
                    return Ended::Satisfied;
                }
            }
        }
        Ended::Exhausted
    }
}

/// One line for `nqueens strategies`, for the strategy and its one variant.
const SUMMARY: &str = "breadth-first extension of every partial arrangement (Hui's J `queens`); memory-hungry: refuses a frontier over 1 GiB (n >= 16)";

/// The only variant: the strategy has no modes.
const VARIANT: Variant = Variant {
    summary: SUMMARY,
    complete: true,
    first: Limit::UpTo(DECLARED_MAX_N),
    list: Limit::UpTo(DECLARED_MAX_N),
    count: Limit::UpTo(DECLARED_MAX_N),
    cost: Cost {
        first: CostModel::wall(&[(8, 8.6e-5)]),
        count: CostModel::per_row(
            &[(4, 2e-7), (8, 3.2e-5), (12, 0.027), (13, 0.155), (14, 1.35)],
            7.0,
        ),
        completion: CostModel::UNKNOWN,
    },
    ..Variant::BLANK
};

/// The largest board declared: n = 16 fits the 4-bit columns of [`MAX_N`] but its frontier
/// (1.94 GiB) is above the default memory bound, so the registered solver always refuses it.
const DECLARED_MAX_N: usize = 15;

const TRADEOFFS: Tradeoffs = Tradeoffs::new(&[Tradeoff::new(
    "Breadth-first extension",
    Reading::Count,
    &["vector"],
    "at n = {{ n }} `{{ us.id }}` counts {{ (rival.time / us.time) | times(\"faster\", \
     \"slower\") }} than `{{ rival.id }}`{% if us.nodes is defined and rival.nodes is \
     defined %}{% set share = us.nodes / rival.nodes %} visiting {{ \"the same\" if (share - \
     1) | abs < 0.000000001 else share | fixed(2) ~ \"× the\" }} nodes ({{ us.nodes | count \
     }}){% endif %}{% if largest.us.heap is defined and largest.rival.heap is defined %}, but \
     its frontier holds {{ largest.us.heap | bytes }} at n = {{ largest.n }} where `{{ \
     rival.id }}` holds {{ largest.rival.heap | bytes }}{% endif %}",
)]);

impl Strategy for BreadthSolver {
    fn name(&self) -> &'static str {
        NAME
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const { Capabilities::new(SUMMARY, &[VARIANT]).tradeoffs(TRADEOFFS) }
    }

    /// Refuses a count whose frontier would exceed the memory bound, before any work.
    fn admit_count(&self, job: &Job<'_>) -> Result<(), Error> {
        self.capacity(job.n(), job.config(), Operation::Count)
            .map(|_| ())
    }

    fn search_all(&self, job: &Job<'_>, visitor: &mut Visitor<'_>) -> Result<VisitRun, Error> {
        let capacity = self.capacity(job.n(), job.config(), Operation::List)?;
        let mut levels = Levels::new(job.n(), capacity)?;
        let config = job.config();
        let mut shown = config.steps().map(|observer| Shown {
            observer,
            board: vec![None; job.n()],
        });
        // One branch per run, not per arrangement.
        let ended = if shown.is_some() {
            match levels.extend_to_last::<true>(config, &mut shown) {
                Ok(()) => levels.stream_last::<true>(config, &mut shown, visitor),
                Err(ended) => ended,
            }
        } else {
            match levels.extend_to_last::<false>(config, &mut shown) {
                Ok(()) => levels.stream_last::<false>(config, &mut shown, visitor),
                Err(ended) => ended,
            }
        };
        Ok(VisitRun {
            ended,
            stats: levels.stats,
        })
    }

    /// Counts the last level by popcount instead of streaming it.
    fn search_count(&self, job: &Job<'_>) -> Result<CountRun, Error> {
        let capacity = self.capacity(job.n(), job.config(), Operation::Count)?;
        let mut levels = Levels::new(job.n(), capacity)?;
        // Counting reports no steps (a count's observer is a progress bar).
        let ended = match levels.extend_to_last::<false>(job.config(), &mut None) {
            Ok(()) => Ended::Exhausted,
            Err(ended) => {
                levels.frontier.clear();
                ended
            }
        };
        let mut total = 0u64;
        if ended == Ended::Exhausted {
            // The last level is only counted: one popcount per (n-1)-arrangement.
            for &word in &levels.frontier {
                let free = free_squares(word, levels.k, levels.all);
                levels.stats.backtracks += u64::from(free == 0);
                total += u64::from(free.count_ones());
            }
            levels.stats.nodes += total;
        }
        Ok(CountRun::new(total, ended, levels.stats))
    }
}
