//! The local searches' shared board bookkeeping: queens per diagonal ([`DiagonalCounts`]) and
//! the permutation board built on them ([`PermutationBoard`]), with the O(1) change in
//! attacking pairs of a swap.

use rand::Rng;

use nqueens_core::StopFlag;

use crate::{uniform_below, zeroed_counters};

/// Queens per diagonal of an `n × n` board, in both directions: what every local search
/// updates in O(1) per move to know its conflicts without a scan.
#[derive(Clone, Debug)]
pub struct DiagonalCounts {
    n: usize,
    /// Queens per `\` diagonal, indexed by `row - column + n - 1`.
    falling: Vec<u32>,
    /// Queens per `/` diagonal, indexed by `row + column`.
    rising: Vec<u32>,
}

impl DiagonalCounts {
    /// Zeroed counters for the `n × n` board (`n >= 1`); `None` if the memory cannot be had.
    pub fn new(n: usize) -> Option<Self> {
        Some(DiagonalCounts {
            n,
            falling: zeroed_counters(2 * n - 1)?,
            rising: zeroed_counters(2 * n - 1)?,
        })
    }

    /// Bytes held: 8 per diagonal pair, about 16 per row.
    pub fn bytes(&self) -> usize {
        4 * (self.falling.capacity() + self.rising.capacity())
    }

    /// Empties every diagonal.
    pub fn clear(&mut self) {
        self.falling.fill(0);
        self.rising.fill(0);
    }

    #[inline(always)]
    fn falling_of(&self, row: usize, column: usize) -> usize {
        row + (self.n - 1) - column
    }

    /// Queens on the two diagonals through (`row`, `column`), a queen standing there included.
    #[inline(always)]
    pub fn on(&self, row: usize, column: usize) -> u32 {
        self.falling[self.falling_of(row, column)] + self.rising[row + column]
    }

    /// Whether a queen at (`row`, `column`) shares a diagonal with another.
    #[inline(always)]
    pub fn crowded(&self, row: usize, column: usize) -> bool {
        self.falling[self.falling_of(row, column)] > 1 || self.rising[row + column] > 1
    }

    /// Puts a queen at (`row`, `column`); returns the queens already on its diagonals, that is
    /// the diagonal pairs it makes.
    #[inline(always)]
    pub fn place(&mut self, row: usize, column: usize) -> u32 {
        let f = self.falling_of(row, column);
        let before = self.falling[f] + self.rising[row + column];
        self.falling[f] += 1;
        self.rising[row + column] += 1;
        before
    }

    /// Takes away the queen at (`row`, `column`).
    #[inline(always)]
    pub fn lift(&mut self, row: usize, column: usize) {
        let f = self.falling_of(row, column);
        self.falling[f] -= 1;
        self.rising[row + column] -= 1;
    }

    /// Moves `row`'s queen from column `from` to `to`.
    #[inline(always)]
    pub fn shift(&mut self, row: usize, from: usize, to: usize) {
        self.lift(row, from);
        self.place(row, to);
    }

    /// The diagonal pairs of the permutation `columns`, counted on these (empty) counters and
    /// left empty again: O(n), clearing only the counters it touched.
    pub fn pairs_of(&mut self, columns: &[u32]) -> u64 {
        let mut pairs = 0u64;
        for (row, &column) in columns.iter().enumerate() {
            pairs += u64::from(self.place(row, column as usize));
        }
        for (row, &column) in columns.iter().enumerate() {
            let column = column as usize;
            let f = self.falling_of(row, column);
            self.falling[f] = 0;
            self.rising[row + column] = 0;
        }
        pairs
    }

    /// The change in diagonal pairs if the queens of rows `i` (column `a`) and `j` (column
    /// `b`), `i != j` and `a != b`, swapped columns, from eight counters.
    ///
    /// Per direction, a diagonal left is never one entered (that would need `i = j` or equal
    /// columns), but the two left may be one diagonal, and so may the two entered: those cases
    /// remove or add the pair between the moving queens themselves.
    #[inline(always)]
    pub fn swap_delta(&self, i: usize, a: usize, j: usize, b: usize) -> i64 {
        let leave = |d: &[u32], x: usize, y: usize| -> i64 {
            let cx = i64::from(d[x]);
            if x == y {
                -(2 * cx - 3)
            } else {
                -(cx - 1) - (i64::from(d[y]) - 1)
            }
        };
        let enter = |d: &[u32], x: usize, y: usize| -> i64 {
            let cx = i64::from(d[x]);
            if x == y {
                2 * cx + 1
            } else {
                cx + i64::from(d[y])
            }
        };
        leave(&self.falling, self.falling_of(i, a), self.falling_of(j, b))
            + leave(&self.rising, i + a, j + b)
            + enter(&self.falling, self.falling_of(i, b), self.falling_of(j, a))
            + enter(&self.rising, i + b, j + a)
    }
}

/// A board whose columns are a permutation (one queen per row and per column), so only
/// diagonal conflicts remain, measured as attacking pairs; a swap of two rows' columns keeps it
/// a permutation and changes the pairs by [`PermutationBoard::swap_delta`], in O(1).
///
/// ```
/// use nqueens_core::StopFlag;
/// use nqueens_local::PermutationBoard;
/// use rand::SeedableRng;
///
/// let mut board = PermutationBoard::new(8).unwrap();
/// let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(1);
/// assert!(board.shuffle(&mut rng, &StopFlag::new()));
/// let (before, delta) = (board.pairs(), board.swap_delta(0, 1));
/// board.swap(0, 1, delta);
/// assert_eq!(board.pairs() as i64, before as i64 + delta);
/// ```
#[derive(Clone, Debug)]
pub struct PermutationBoard {
    columns: Vec<u32>,
    diagonals: DiagonalCounts,
    /// Attacking pairs: the sum over diagonals of count × (count - 1) / 2.
    pairs: u64,
}

impl PermutationBoard {
    /// An empty board for `n >= 1`; `None` if the memory cannot be had.
    pub fn new(n: usize) -> Option<Self> {
        Some(PermutationBoard {
            columns: zeroed_counters(n)?,
            diagonals: DiagonalCounts::new(n)?,
            pairs: 0,
        })
    }

    /// Bytes held: 4 per queen and about 16 per row of diagonal counters.
    pub fn bytes(&self) -> usize {
        4 * self.columns.capacity() + self.diagonals.bytes()
    }

    /// The board size.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.columns.len()
    }

    /// Whether the board has no rows (never: boards have `n >= 1`).
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }

    /// Attacking pairs on the board.
    #[inline(always)]
    pub fn pairs(&self) -> u64 {
        self.pairs
    }

    /// Each row's column.
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// Gives up the board for its columns.
    pub fn into_columns(self) -> Vec<u32> {
        self.columns
    }

    /// Queens attacked by at least one other: those on a diagonal holding two or more. O(n).
    pub fn attacked_queens(&self) -> u64 {
        let attacked = (self.columns.iter().enumerate())
            .filter(|&(row, &column)| self.diagonals.crowded(row, column as usize));
        attacked.count() as u64
    }

    /// A uniformly random permutation (Fisher–Yates), with its counters and pair total.
    /// Returns `false` if `stop` was raised meanwhile.
    pub fn shuffle(&mut self, rng: &mut impl Rng, stop: &StopFlag) -> bool {
        let n = self.columns.len();
        for (row, column) in self.columns.iter_mut().enumerate() {
            // Boards of local search stay below 2^32 queens: every column fits u32.
            *column = row as u32;
        }
        for row in (1..n).rev() {
            if row % 65536 == 0 && stop.is_stopped() {
                return false;
            }
            let other = uniform_below(rng.next_u64(), row + 1);
            self.columns.swap(row, other);
        }
        self.diagonals.clear();
        self.pairs = 0;
        for (row, &column) in self.columns.iter().enumerate() {
            self.pairs += u64::from(self.diagonals.place(row, column as usize));
        }
        true
    }

    /// The change in attacking pairs if the queens of rows `i` and `j` (`i != j`) swapped
    /// columns, from eight counters.
    #[inline(always)]
    pub fn swap_delta(&self, i: usize, j: usize) -> i64 {
        let (a, b) = (self.columns[i] as usize, self.columns[j] as usize);
        self.diagonals.swap_delta(i, a, j, b)
    }

    /// Swaps the columns of rows `i` and `j`, whose change in pairs is `delta`.
    #[inline(always)]
    pub fn swap(&mut self, i: usize, j: usize, delta: i64) {
        let (a, b) = (self.columns[i] as usize, self.columns[j] as usize);
        self.diagonals.shift(i, a, b);
        self.diagonals.shift(j, b, a);
        self.columns.swap(i, j);
        self.pairs = self.pairs.wrapping_add_signed(delta);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_run::attacking_pairs;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    #[test]
    fn swap_deltas_match_a_recount() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        for n in [2, 3, 5, 8, 17, 40] {
            let mut board = PermutationBoard::new(n).unwrap();
            board.shuffle(&mut rng, &StopFlag::new());
            assert_eq!(board.pairs(), attacking_pairs(&board.columns), "n = {n}");
            let mut counts = DiagonalCounts::new(n).unwrap();
            assert_eq!(counts.pairs_of(&board.columns), board.pairs());
            assert_eq!(counts.on(0, 0) + counts.on(n - 1, n - 1), 0, "left empty");
            let attacked = (0..n)
                .filter(|&i| {
                    (0..n).any(|j| {
                        j != i
                            && board.columns[i].abs_diff(board.columns[j]) as usize == i.abs_diff(j)
                    })
                })
                .count();
            assert_eq!(board.attacked_queens(), attacked as u64, "n = {n}");
            for _ in 0..500 {
                let i = uniform_below(rng.next_u64(), n);
                let j = (i + 1 + uniform_below(rng.next_u64(), n - 1)) % n;
                let delta = board.swap_delta(i, j);
                let before = board.pairs();
                board.swap(i, j, delta);
                assert_eq!(board.pairs(), attacking_pairs(&board.columns), "n = {n}");
                assert_eq!(board.pairs() as i64 - before as i64, delta);
            }
        }
    }
}
