//! The board on machine-word bitsets, and the depth-first search over it.
//!
//! Squares attacked by the queens placed so far are kept in three bitsets indexed absolutely, so
//! placing or lifting a queen sets or clears three bits:
//! - `columns`: bit `c` for a used column;
//! - `rising`: bit `r + c` for a used `/` diagonal;
//! - `falling`: bit `c + (n - 1 - r)` for a used `\` diagonal.
//!
//! Row `r`'s view of a diagonal set is the window of `n` bits starting at `r` (rising) or at
//! `n - 1 - r` (falling), so the safe squares of any row are a word-by-word OR of three windows.
//!
//! **Fixed row order** (the essay). With `next` the safe squares of the row below, a queen on
//! column `c` removes exactly the squares of `next` among `c - 1, c, c + 1`, so the child
//! leaves `|next| - k(c)` grandchildren, `k(c) ∈ 0..=3`: "fewest grandchildren first" is
//! "largest `k` first", four groups found with a bit-sliced add of `next` shifted left,
//! unshifted and shifted right.
//!
//! **Most constrained row** (the scaling mode). A queen on `(r, c)` can only take squares
//! `(r', c)` and `(r', c ± |r' - r|)` from row `r'`: [`RowCounts`] reads each family as one
//! bitset over the rows and updates the per-row counts four rows per vector add; one scan of
//! the counts then finds the row to fill next and notices a row left with none.

use std::ops::ControlFlow;

use nqueens_core::{Ended, Event, Observer, Stats, StopFlag};

use crate::counted::RowCounts;
use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;

/// How siblings with the same number of grandchildren are ordered.
pub(crate) enum Ties {
    /// By increasing column: the order the essay's stable sort and stack produce.
    Column,
    /// From a uniformly random member of the group, then cyclically by column.
    Random(Xoshiro256PlusPlus),
}

impl Ties {
    /// A position in `0..len` to start a scan from: 0, or a random one.
    fn offset(&mut self, len: usize) -> usize {
        match self {
            Ties::Column => 0,
            Ties::Random(rng) => rng.random_range(0..len),
        }
    }
}

/// Which row each level of the search fills.
pub(crate) enum Rows {
    /// Row `d` at depth `d`, children ordered by fewest grandchildren in the next row; the
    /// first row goes by column, as in the essay.
    Fixed,
    /// The row with the fewest safe squares next, its children in tie order; the counts per
    /// row are kept up to date (sized by [`Search::new`]).
    Constrained(Box<RowCounts>),
}

/// `group` value of a level whose children have not been looked at yet.
const NO_GROUP: u8 = 4;

/// Word operations between looks at the stop flag: a few milliseconds of work at any `n`.
const POLL_WORK: u64 = 1 << 20;

/// The state of one depth-first search on an `n × n` board.
pub(crate) struct Search {
    n: usize,
    /// Words in a row bitset.
    words: usize,
    /// Valid bits of a row bitset's last word.
    top: u64,
    columns: Vec<u64>,
    rising: Vec<u64>,
    falling: Vec<u64>,
    /// Safe squares of the current level's row, given the queens placed.
    free: Vec<u64>,
    /// Fixed order only: safe squares of the row below, given the same queens.
    next: Vec<u64>,
    /// `next`'s population count.
    next_count: u32,
    /// Whether `free` and `next` describe the current level and queens.
    fresh: bool,
    /// The queen of each filled row; at the current level's row, the child being tried.
    board: Vec<u32>,
    /// Per level: the row it fills.
    order: Vec<u32>,
    /// Per level: the group (`k`, 3 down to 0) being walked, or [`NO_GROUP`].
    group: Vec<u8>,
    /// Per level: the column the walk over the current group started from.
    start: Vec<u32>,
    depth: usize,
    rows: Rows,
    /// Word operations since the stop flag was last looked at.
    work: u64,
}

impl Search {
    /// An empty board of size `n` (at least 1).
    pub(crate) fn new(n: usize, rows: Rows) -> Self {
        let words = n.div_ceil(64);
        let mut search = Search {
            n,
            words,
            top: u64::MAX >> (words * 64 - n),
            columns: vec![0; words],
            rising: vec![0; Self::diagonal_words(n)],
            falling: vec![0; Self::diagonal_words(n)],
            free: vec![0; words],
            next: vec![0; words],
            next_count: 0,
            fresh: false,
            board: vec![0; n],
            order: (0..n as u32).collect(),
            group: vec![NO_GROUP; n],
            start: vec![0; n],
            depth: 0,
            rows,
            work: 0,
        };
        search.clear();
        search
    }

    /// Words of a diagonal bitset: windows start at most at bit n - 1 and span `words` words,
    /// plus the word the last one straddles into.
    fn diagonal_words(n: usize) -> usize {
        (n - 1) / 64 + n.div_ceil(64) + 1
    }

    /// Bytes of working memory a search of size `n` holds.
    pub(crate) fn bytes(n: usize) -> u64 {
        let bitset_words = 4 * n.div_ceil(64) + 2 * Self::diagonal_words(n);
        // board, order, start (u32), group (u8).
        (bitset_words * 8 + n * (3 * 4 + 1)) as u64
    }

    /// Lifts every queen, for a fresh run.
    pub(crate) fn clear(&mut self) {
        self.columns.fill(0);
        self.rising.fill(0);
        self.falling.fill(0);
        if let Rows::Constrained(counts) = &mut self.rows {
            counts.reset(self.n);
        }
        self.depth = 0;
        self.group[0] = NO_GROUP;
        self.fresh = false;
    }

    /// The queens of a complete board (valid after a run that ended [`Ended::Satisfied`]).
    pub(crate) fn board(&self) -> &[u32] {
        &self.board
    }

    /// Places or lifts the queen of `row` on `column` in the bitsets.
    fn toggle(&mut self, row: usize, column: usize) {
        let rise = row + column;
        let fall = column + self.n - 1 - row;
        self.columns[column / 64] ^= 1 << (column % 64);
        self.rising[rise / 64] ^= 1 << (rise % 64);
        self.falling[fall / 64] ^= 1 << (fall % 64);
    }

    /// Fills `out` with the safe squares of `row` given the queens placed, and returns how many.
    fn safe_squares(&self, row: usize, out: &mut [u64]) -> u32 {
        let (rise_word, rise_shift) = (row / 64, row % 64);
        let fall_offset = self.n - 1 - row;
        let (fall_word, fall_shift) = (fall_offset / 64, fall_offset % 64);
        // A window at bit offset `s` takes `lo >> s | hi << (64 - s)`; the second shift is split
        // as `<< 1 << (63 - s)` so that s = 0 gives 0 instead of an overflowing shift.
        let window = |bits: &[u64], word: usize, shift: usize| {
            (bits[word] >> shift) | ((bits[word + 1] << 1) << (63 - shift))
        };
        for (w, slot) in out.iter_mut().enumerate() {
            *slot = !(self.columns[w]
                | window(&self.rising, rise_word + w, rise_shift)
                | window(&self.falling, fall_word + w, fall_shift));
        }
        if let Some(last) = out.last_mut() {
            *last &= self.top;
        }
        out.iter().map(|word| word.count_ones()).sum()
    }

    /// Recomputes `free` (and `next` in fixed order) for the current level.
    #[inline(always)]
    fn refresh(&mut self) {
        let row = self.order[self.depth] as usize;
        let mut free = std::mem::take(&mut self.free);
        self.safe_squares(row, &mut free);
        // Only the left half of the first level's row (always row 0) is searched: the mirror
        // images of its solutions are the rest, and listing and counting add them.
        if self.depth == 0 {
            let half = self.n.div_ceil(2);
            for (w, word) in free.iter_mut().enumerate() {
                let keep = half.saturating_sub(w * 64).min(64) as u32;
                *word &= u64::MAX.checked_shr(64 - keep).unwrap_or(0);
            }
        }
        self.free = free;
        if matches!(self.rows, Rows::Fixed) && row + 1 < self.n {
            let mut next = std::mem::take(&mut self.next);
            self.next_count = self.safe_squares(row + 1, &mut next);
            self.next = next;
        }
        self.work += 3 * self.words as u64;
        self.fresh = true;
    }

    /// Whether the current level's children are grouped by grandchildren; otherwise they all
    /// form group 3.
    fn grouped(&self) -> bool {
        match self.rows {
            // The first row goes by column, as in the essay.
            Rows::Fixed => self.depth > 0 && self.depth + 1 < self.n,
            Rows::Constrained(_) => false,
        }
    }

    /// Word `w` of the current level's children in group `k`: in fixed order, those whose queen
    /// would remove exactly `k` of the next row's safe squares.
    #[inline(always)]
    fn group_word(&self, k: u8, w: usize) -> u64 {
        if !self.grouped() {
            return if k == 3 { self.free[w] } else { 0 };
        }
        let y = self.next[w];
        let below = if w > 0 { self.next[w - 1] >> 63 } else { 0 };
        let above = if w + 1 < self.words {
            self.next[w + 1] << 63
        } else {
            0
        };
        // Bit c of x, y, z: whether column c - 1, c, c + 1 of the next row is safe.
        let x = (y << 1) | below;
        let z = (y >> 1) | above;
        // Bit-sliced x + y + z: `ones` is the sum's low bit, `twos` its high bit.
        let ones = x ^ y ^ z;
        let twos = (x & y) | (z & (x ^ y));
        let members = match k {
            3 => twos & ones,
            2 => twos & !ones,
            1 => !twos & ones,
            _ => !(twos | ones),
        };
        members & self.free[w]
    }

    /// The lowest column in `from..to` of group `k`.
    #[inline(always)]
    fn find(&self, k: u8, from: usize, to: usize) -> Option<usize> {
        if from >= to {
            return None;
        }
        let last = (to - 1) / 64;
        let mut w = from / 64;
        let mut word = self.group_word(k, w) & (u64::MAX << (from % 64));
        loop {
            if w == last {
                word &= u64::MAX >> (63 - (to - 1) % 64);
                return (word != 0).then(|| w * 64 + word.trailing_zeros() as usize);
            }
            if word != 0 {
                return Some(w * 64 + word.trailing_zeros() as usize);
            }
            w += 1;
            word = self.group_word(k, w);
        }
    }

    /// The `index`-th lowest column of group `k`, if the group has that many.
    fn select(&self, k: u8, mut index: u32) -> Option<usize> {
        for w in 0..self.words {
            let mut word = self.group_word(k, w);
            let count = word.count_ones();
            if index < count {
                for _ in 0..index {
                    word &= word - 1;
                }
                return Some(w * 64 + word.trailing_zeros() as usize);
            }
            index -= count;
        }
        None
    }

    /// Members of group `k`.
    fn group_size(&self, k: u8) -> u32 {
        (0..self.words)
            .map(|w| self.group_word(k, w).count_ones())
            .sum()
    }

    /// The next child of the current level to try, or `None` when all were tried.
    // This and the other helpers of `run` marked `inline(always)` are inlined into both of its
    // instances, as they were into the one `run` before there were two.
    #[inline(always)]
    fn next_child(&mut self, ties: &mut Ties) -> Option<usize> {
        let (depth, row) = (self.depth, self.order[self.depth] as usize);
        let mut k = self.group[depth];
        if k != NO_GROUP {
            // Continue the cyclic walk over group k: after `last`, wrapping before `start`.
            let (last, start) = (self.board[row] as usize, self.start[depth] as usize);
            let found = if last >= start {
                self.find(k, last + 1, self.n)
                    .or_else(|| self.find(k, 0, start))
            } else {
                self.find(k, last + 1, start)
            };
            if let Some(column) = found {
                self.board[row] = column as u32;
                return Some(column);
            }
        }
        while k > 0 {
            k -= 1;
            self.work += self.words as u64;
            let first = match ties {
                Ties::Column => self.find(k, 0, self.n),
                Ties::Random(rng) => match self.group_size(k) {
                    0 => None,
                    size => self.select(k, rng.random_range(0..size)),
                },
            };
            if let Some(column) = first {
                self.group[depth] = k;
                self.start[depth] = column as u32;
                self.board[row] = column as u32;
                return Some(column);
            }
        }
        self.group[depth] = 0;
        None
    }

    /// Fixed order: how many of the next row's safe squares a queen on `column` leaves.
    #[inline(always)]
    fn grandchildren(&self, column: usize) -> u32 {
        let bit = |c: usize| ((self.next[c / 64] >> (c % 64)) & 1) as u32;
        let left = if column > 0 { bit(column - 1) } else { 0 };
        let right = if column + 1 < self.n {
            bit(column + 1)
        } else {
            0
        };
        self.next_count - left - bit(column) - right
    }

    /// Most constrained rows: places the queen, updates the counts, and returns the next row
    /// (see [`RowCounts::place`]), or as the error a row with no safe square left.
    fn place_counted(&mut self, row: usize, column: usize, from: usize) -> Result<usize, usize> {
        let Rows::Constrained(counts) = &mut self.rows else {
            return Err(row);
        };
        let next_row = counts.place(row, column, from);
        self.work += counts.work();
        self.toggle(row, column);
        next_row
    }

    /// Most constrained rows: lifts the queen and gives the rows their squares back.
    fn lift_counted(&mut self, row: usize, column: usize) {
        self.toggle(row, column);
        if let Rows::Constrained(counts) = &mut self.rows {
            counts.lift(row, column);
            self.work += counts.work();
        }
    }

    /// Lifts the queen of `row` from `column`, whichever the row order.
    fn lift(&mut self, row: usize, column: usize) {
        match self.rows {
            Rows::Fixed => self.toggle(row, column),
            Rows::Constrained(_) => self.lift_counted(row, column),
        }
    }

    /// Searches on, handing every solution to `on_solution`, until it breaks
    /// ([`Ended::Satisfied`], the board holds it), the tree is exhausted
    /// ([`Ended::Exhausted`]), `cutoff` more nodes were visited ([`Ended::Budget`]), or `stop`
    /// is raised ([`Ended::Interrupted`]). With `OBSERVED`, each queen [placed](Event::Placed)
    /// and [removed](Event::Removed), [dead end](Event::Conflict) and
    /// [solution](Event::Found) is reported to `observer`.
    pub(crate) fn run<const OBSERVED: bool>(
        &mut self,
        ties: &mut Ties,
        cutoff: u64,
        stats: &mut Stats,
        stop: &StopFlag,
        observer: Option<&dyn Observer>,
        on_solution: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Ended {
        let observe = |event: Event| {
            if OBSERVED && let Some(observer) = observer {
                observer.observe(event);
            }
        };
        let mut visited = 0u64;
        loop {
            if visited >= cutoff {
                return Ended::Budget;
            }
            if self.work >= POLL_WORK {
                self.work = 0;
                if stop.is_stopped() {
                    return Ended::Interrupted;
                }
            }
            if !self.fresh {
                self.refresh();
            }
            let row = self.order[self.depth] as usize;
            let Some(column) = self.next_child(ties) else {
                if self.depth == 0 {
                    return Ended::Exhausted;
                }
                self.depth -= 1;
                let row = self.order[self.depth] as usize;
                let column = self.board[row] as usize;
                self.lift(row, column);
                observe(Event::Removed { row, column });
                self.fresh = false;
                continue;
            };
            visited += 1;
            stats.nodes += 1;
            self.work += 1;
            observe(Event::Placed { row, column });
            if self.depth + 1 == self.n {
                observe(Event::Found);
                if on_solution(&self.board).is_break() {
                    return Ended::Satisfied;
                }
                observe(Event::Removed { row, column });
                continue;
            }
            let next_row = match self.rows {
                Rows::Fixed => {
                    if self.grandchildren(column) == 0 {
                        Err(row + 1)
                    } else {
                        self.toggle(row, column);
                        Ok(row + 1)
                    }
                }
                Rows::Constrained(_) => {
                    let from = ties.offset(self.n);
                    let next_row = self.place_counted(row, column, from);
                    if next_row.is_err() {
                        self.lift_counted(row, column);
                    }
                    next_row
                }
            };
            let next_row = match next_row {
                Ok(next_row) => next_row,
                Err(dead_row) => {
                    stats.backtracks += 1;
                    observe(Event::Conflict { row: dead_row });
                    observe(Event::Removed { row, column });
                    continue;
                }
            };
            self.depth += 1;
            self.order[self.depth] = next_row as u32;
            self.group[self.depth] = NO_GROUP;
            self.fresh = false;
        }
    }
}
