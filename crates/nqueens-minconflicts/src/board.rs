//! The permutation board, its two greedy starts (scattered here, banded in `banded`) and the
//! swap repair.

use nqueens_core::{Config, Ended, Event};
use nqueens_local::uniform_below;
use rand::Rng;
use rand::rngs::Xoshiro256PlusPlus;

use crate::diagonals::Diagonals;
use crate::prefetch::prefetch;
use crate::restart::Repairable;

mod banded;

/// The smallest board that gets the banded start (the `banded` module) instead of the
/// scattered one: from here on the scattered start's random probes miss the caches.
const BANDED_FROM: usize = 1 << 20;

/// How many unused columns a greedy start probes for a row before settling for a conflict.
const PROBES: usize = 64;

/// How many rows ahead the scattered start prefetches the diagonal words of a drawn column (and
/// twice as many rows ahead, the column itself); 32 measured best of 8, 16, 32 and 64 at
/// n = 10^7.
const LOOKAHEAD: usize = 32;

/// How many swap partners one repair step samples for its conflicted queen.
const PARTNERS: usize = 64;

/// A board with one queen per row and per column: `columns` is a permutation, so only diagonal
/// conflicts remain, measured as the number of attacking pairs.
pub(crate) struct Board {
    n: usize,
    columns: Vec<u32>,
    /// Indexed by `row - column + n - 1` (`\` diagonals).
    falling: Diagonals,
    /// Indexed by `row + column` (`/` diagonals).
    rising: Diagonals,
    /// Attacking pairs: the sum over diagonals of count × (count - 1) / 2.
    pairs: u64,
    /// Rows that may be attacked. Invariant: every attacking pair has a row in this list, so
    /// when none of them is attacked, no queen is.
    suspects: Vec<u32>,
    /// Which rows are in `suspects`, one bit each, so a row is listed once.
    listed: Vec<u64>,
    /// Whether the starts are banded (else scattered).
    banded: bool,
    /// The banded start's used columns, one bit each (empty for scattered starts).
    used_columns: Vec<u64>,
}

impl Board {
    /// An empty board for `n <= MAX_N`, with the start its size calls for; `None` if the
    /// memory cannot be had.
    pub(crate) fn new(n: usize) -> Option<Self> {
        Self::with_start(n, n >= BANDED_FROM)
    }

    /// An empty board whose starts are banded or scattered as asked (tests take the banded
    /// start to small boards).
    pub(crate) fn with_start(n: usize, banded: bool) -> Option<Self> {
        let mut columns = Vec::new();
        columns.try_reserve_exact(n).ok()?;
        let mut listed = Vec::new();
        listed.try_reserve_exact(n.div_ceil(64)).ok()?;
        listed.resize(n.div_ceil(64), 0);
        let mut used_columns = Vec::new();
        if banded {
            used_columns.try_reserve_exact(n.div_ceil(64)).ok()?;
        }
        Some(Board {
            n,
            columns,
            falling: Diagonals::new(2 * n - 1)?,
            rising: Diagonals::new(2 * n - 1)?,
            pairs: 0,
            suspects: Vec::new(),
            listed,
            banded,
            used_columns,
        })
    }

    /// Each row's column (the whole board once [`Board::start`] has run).
    pub(crate) fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// Gives up the board for its columns.
    pub(crate) fn into_columns(self) -> Vec<u32> {
        self.columns
    }

    #[inline(always)]
    fn falling_of(&self, row: usize, column: usize) -> usize {
        row + (self.n - 1) - column
    }

    fn list(&mut self, row: usize) {
        let (word, bit) = (row / 64, 1u64 << (row % 64));
        if self.listed[word] & bit == 0 {
            self.listed[word] |= bit;
            self.suspects.push(row as u32);
        }
    }

    /// Queens attacking the queen of `row`.
    fn attackers(&self, row: usize) -> u64 {
        let column = self.columns[row] as usize;
        let falling = self.falling.count(self.falling_of(row, column));
        let rising = self.rising.count(row + column);
        falling + rising - 2
    }

    /// Places the queens row by row, each on a column still free whose two diagonals are empty
    /// where one is found quickly, so only a few rows are left in conflict (listed as
    /// suspects): banded or scattered, as the board was made. Returns `false` if the stop flag was raised.
    pub(crate) fn start(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        stopped: &dyn Fn() -> bool,
    ) -> bool {
        if self.banded {
            self.start_banded(rng, stopped)
        } else {
            self.start_scattered(rng, stopped)
        }
    }

    /// Empties the board: no queen, no pair, no suspect.
    fn reset(&mut self) {
        self.columns.clear();
        self.falling.clear();
        self.rising.clear();
        self.listed.fill(0);
        self.suspects.clear();
        self.pairs = 0;
    }

    /// The scattered start: each row probes the unused columns, the tail `columns[row..]`,
    /// from a random position on (neighbouring positions mostly hold neighbouring columns, whose
    /// diagonal bits share cache lines); the first with both diagonals free is swapped to the
    /// front of the tail, else, after `PROBES`, the least attacked and the row is a suspect.
    /// (Probing a shuffled tail from its front piles the rejected columns up there: some 60
    /// times more conflicts.) Returns `false` if the stop flag was raised.
    fn start_scattered(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        stopped: &dyn Fn() -> bool,
    ) -> bool {
        let n = self.n;
        self.reset();
        // n <= MAX_N < 2^32: every column fits u32.
        self.columns.extend(0..n as u32);
        // The position of row `row + 2 * LOOKAHEAD` is drawn that many rows early and its
        // cache line of `columns` prefetched; `LOOKAHEAD` rows later, that column's diagonal
        // words are prefetched in turn. A prefetch does not wait for memory, so the misses of
        // many rows overlap instead of stalling the current one. The draws come in row order
        // all the same, so the result does not depend on it.
        let mut ahead = [0usize; 2 * LOOKAHEAD];
        for (row, slot) in ahead.iter_mut().enumerate().take(n) {
            *slot = row + uniform_below(rng.next_u64(), n - row);
            prefetch(&self.columns[*slot]);
        }
        for row in 0..n {
            if row % 65536 == 0 && stopped() {
                return false;
            }
            let pool = n - row;
            let slot = row % (2 * LOOKAHEAD);
            let mut at = ahead[slot];
            let farther = row + 2 * LOOKAHEAD;
            if farther < n {
                let drawn = farther + uniform_below(rng.next_u64(), n - farther);
                ahead[slot] = drawn;
                prefetch(&self.columns[drawn]);
            }
            let later = row + LOOKAHEAD;
            if later < n {
                let column = self.columns[ahead[later % (2 * LOOKAHEAD)]] as usize;
                self.falling.prefetch(self.falling_of(later, column));
                self.rising.prefetch(later + column);
            }
            let mut best = (u8::MAX, at);
            for _ in 0..PROBES.min(pool) {
                let column = self.columns[at] as usize;
                let crowd = u8::from(self.falling.is_occupied(self.falling_of(row, column)))
                    + u8::from(self.rising.is_occupied(row + column));
                if crowd < best.0 {
                    best = (crowd, at);
                    if crowd == 0 {
                        break;
                    }
                }
                at += 1;
                if at == n {
                    at = row;
                }
            }
            self.columns.swap(row, best.1);
            let column = self.columns[row] as usize;
            let before =
                self.falling.add(self.falling_of(row, column)) + self.rising.add(row + column);
            if before > 0 {
                self.pairs += before;
                self.list(row);
            }
        }
        true
    }

    /// The change in attacking pairs if the queens of rows `i` and `j` swapped columns (the
    /// cases as in [`DiagonalCounts::swap_delta`](nqueens_local::DiagonalCounts::swap_delta)).
    #[inline]
    fn swap_delta(&self, i: usize, j: usize) -> i64 {
        let (a, b) = (self.columns[i] as usize, self.columns[j] as usize);
        let leave = |d: &Diagonals, x: usize, y: usize| -> i64 {
            let cx = d.count(x) as i64;
            if x == y {
                -(2 * cx - 3)
            } else {
                -(cx - 1) - (d.count(y) as i64 - 1)
            }
        };
        let enter = |d: &Diagonals, x: usize, y: usize| -> i64 {
            let cx = d.count(x) as i64;
            if x == y {
                2 * cx + 1
            } else {
                cx + d.count(y) as i64
            }
        };
        leave(&self.falling, self.falling_of(i, a), self.falling_of(j, b))
            + leave(&self.rising, i + a, j + b)
            + enter(&self.falling, self.falling_of(i, b), self.falling_of(j, a))
            + enter(&self.rising, i + b, j + a)
    }

    /// Swaps the columns of rows `i` and `j`, updating the counters, the pair total and the
    /// suspects.
    fn swap(&mut self, i: usize, j: usize, delta: i64) {
        let (a, b) = (self.columns[i] as usize, self.columns[j] as usize);
        for (row, from, to) in [(i, a, b), (j, b, a)] {
            self.falling.remove(self.falling_of(row, from));
            self.rising.remove(row + from);
            self.falling.add(self.falling_of(row, to));
            self.rising.add(row + to);
        }
        self.columns.swap(i, j);
        self.pairs = self.pairs.wrapping_add_signed(delta);
        for row in [i, j] {
            if self.attackers(row) > 0 {
                self.list(row);
            }
        }
    }

    /// Draws all `PARTNERS` swap partners of the queen of row `i` at once into `drawn`, and
    /// prefetches what their swap deltas will read, so that on a banded board their cache
    /// misses overlap. (Scattered boards draw their partners one at a time.)
    fn draw_partners(&self, rng: &mut Xoshiro256PlusPlus, i: usize, drawn: &mut [u32; PARTNERS]) {
        let a = self.columns[i] as usize;
        for slot in drawn.iter_mut() {
            let j = partner(rng, self.n, i);
            // n <= MAX_N < 2^32: every row fits u32.
            *slot = j as u32;
            prefetch(&self.columns[j]);
            self.falling.prefetch(self.falling_of(j, a));
            self.rising.prefetch(j + a);
        }
        for &j in drawn.iter() {
            let j = j as usize;
            let b = self.columns[j] as usize;
            self.falling.prefetch(self.falling_of(i, b));
            self.rising.prefetch(i + b);
            self.falling.prefetch(self.falling_of(j, b));
            self.rising.prefetch(j + b);
        }
    }
}

/// A random partner for the queen of row `i` on `n` rows: any row but `i` (a draw from
/// `n - 1` rows that skips over `i`).
#[inline(always)]
fn partner(rng: &mut Xoshiro256PlusPlus, n: usize, i: usize) -> usize {
    let j = uniform_below(rng.next_u64(), n - 1);
    j + usize::from(j >= i)
}

impl Repairable for Board {
    fn restart(&mut self, rng: &mut Xoshiro256PlusPlus, config: &Config) -> bool {
        self.start(rng, &|| config.stop.is_stopped())
    }

    fn placed(&self) -> impl Iterator<Item = (usize, usize)> {
        self.columns()
            .iter()
            .enumerate()
            .map(|(row, &column)| (row, column as usize))
    }

    /// Queens attacked by at least one other: those on a crowded diagonal of either direction,
    /// less those on one of each (found at the crossing square of each such pair of diagonals).
    fn attacked_queens(&self) -> u64 {
        let n = self.n;
        let on_crowded: u64 = self
            .falling
            .crowded()
            .chain(self.rising.crowded())
            .map(|(_, count)| count)
            .sum();
        let mut on_both = 0;
        for (f, _) in self.falling.crowded() {
            for (r, _) in self.rising.crowded() {
                // row - column = f - (n - 1) and row + column = r.
                let twice_row = (r + f) as i64 - (n as i64 - 1);
                if twice_row < 0 || twice_row % 2 != 0 {
                    continue;
                }
                let row = (twice_row / 2) as usize;
                if row < n && r >= row && r - row < n && self.columns[row] as usize == r - row {
                    on_both += 1;
                }
            }
        }
        on_crowded - on_both
    }

    /// The repair ([`Repairable::repair`]): a move takes a random attacked suspect, samples
    /// `PARTNERS` random rows and swaps with the partner that leaves the fewest attacking pairs
    /// (ties at random), stopping the sample early at a swap that frees the queen without
    /// attacking anyone; a swap that would add pairs is not made.
    fn repair<const OBSERVED: bool>(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        allowance: u64,
        stall: u64,
        config: &Config,
    ) -> (u64, Ended) {
        let n = self.n;
        let mut moves = 0u64;
        let mut since_better = 0u64;
        let mut lowest = self.pairs;
        while self.pairs > 0 {
            if moves >= allowance || since_better >= stall {
                return (moves, Ended::Budget);
            }
            if moves.is_multiple_of(1024) && config.stop.is_stopped() {
                return (moves, Ended::Interrupted);
            }
            let pick = uniform_below(rng.next_u64(), self.suspects.len());
            // The invariant keeps a suspect listed while any pair is left.
            let Some(&i) = self.suspects.get(pick) else {
                return (moves, Ended::Budget);
            };
            let i = i as usize;
            let attackers = self.attackers(i);
            if attackers == 0 {
                // Not attacked, so in no attacking pair: dropping it keeps the invariant.
                self.suspects.swap_remove(pick);
                self.listed[i / 64] &= !(1u64 << (i % 64));
                continue;
            }
            moves += 1;
            let mut best = (i64::MAX, i);
            let mut ties = 0u64;
            let mut drawn = [0u32; PARTNERS];
            if self.banded {
                self.draw_partners(rng, i, &mut drawn);
            }
            for &drawn_row in &drawn {
                let j = if self.banded {
                    drawn_row as usize
                } else {
                    partner(rng, n, i)
                };
                let delta = self.swap_delta(i, j);
                if delta < best.0 {
                    best = (delta, j);
                    ties = 1;
                    if delta <= -(attackers as i64) {
                        break;
                    }
                } else if delta == best.0 {
                    // Reservoir sampling keeps each tied partner with equal probability.
                    ties += 1;
                    if uniform_below(rng.next_u64(), ties as usize) == 0 {
                        best.1 = j;
                    }
                }
            }
            if best.0 <= 0 {
                self.swap(i, best.1, best.0);
                if OBSERVED {
                    config.observe(Event::Swapped {
                        first: i,
                        second: best.1,
                    });
                }
            } else if OBSERVED {
                let column = self.columns[i] as usize;
                config.observe(Event::Moved {
                    row: i,
                    from: column,
                    to: column,
                });
            }
            if self.pairs < lowest {
                lowest = self.pairs;
                since_better = 0;
            } else {
                since_better += 1;
            }
        }
        (moves, Ended::Satisfied)
    }

    /// Bytes held.
    fn bytes(&self) -> u64 {
        (4 * self.columns.capacity()
            + self.falling.bytes()
            + self.rising.bytes()
            + 4 * self.suspects.capacity()
            + 8 * self.listed.capacity()
            + 8 * self.used_columns.capacity()) as u64
    }
}
