//! The permutation board: one queen per row and per column, its diagonal counters, and the
//! O(1) change in attacking pairs of swapping two queens' columns.

use nqueens_core::StopFlag;
use nqueens_core::local::{uniform_below, zeroed_counters};
use rand::Rng;
use rand::rngs::Xoshiro256PlusPlus;

/// A board whose `columns` are a permutation, so only diagonal conflicts remain, measured as
/// the number of attacking pairs.
pub(crate) struct Board {
    n: usize,
    columns: Vec<u32>,
    /// Queens per `\` diagonal, indexed by `row - column + n - 1`.
    falling: Vec<u32>,
    /// Queens per `/` diagonal, indexed by `row + column`.
    rising: Vec<u32>,
    /// Attacking pairs: the sum over diagonals of count × (count - 1) / 2.
    pairs: u64,
}

impl Board {
    /// An empty board; `None` if the memory cannot be had.
    pub(crate) fn new(n: usize) -> Option<Self> {
        Some(Board {
            n,
            columns: zeroed_counters(n)?,
            falling: zeroed_counters(2 * n - 1)?,
            rising: zeroed_counters(2 * n - 1)?,
            pairs: 0,
        })
    }

    /// Bytes held: 4 per queen and 16 per row of diagonal counters.
    pub(crate) fn bytes(&self) -> usize {
        4 * (self.columns.capacity() + self.falling.capacity() + self.rising.capacity())
    }

    /// The board size.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.n
    }

    /// Attacking pairs on the board.
    #[inline(always)]
    pub(crate) fn pairs(&self) -> u64 {
        self.pairs
    }

    /// Queens attacked by at least one other: those on a diagonal holding two or more. O(n).
    pub(crate) fn attacked_queens(&self) -> u64 {
        let attacked = self.columns.iter().enumerate().filter(|&(row, &column)| {
            let column = column as usize;
            self.falling[self.falling_of(row, column)] > 1 || self.rising[row + column] > 1
        });
        attacked.count() as u64
    }

    /// Each row's column.
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

    /// A uniformly random permutation (Fisher–Yates), with its counters and pair total.
    /// Returns `false` if `stop` was raised meanwhile.
    pub(crate) fn shuffle(&mut self, rng: &mut Xoshiro256PlusPlus, stop: &StopFlag) -> bool {
        let n = self.n;
        for (row, column) in self.columns.iter_mut().enumerate() {
            // n <= MAX_N < 2^32: every column fits u32.
            *column = row as u32;
        }
        for row in (1..n).rev() {
            if row % 65536 == 0 && stop.is_stopped() {
                return false;
            }
            let other = uniform_below(rng.next_u64(), row + 1);
            self.columns.swap(row, other);
        }
        self.falling.fill(0);
        self.rising.fill(0);
        self.pairs = 0;
        for row in 0..n {
            let column = self.columns[row] as usize;
            let f = self.falling_of(row, column);
            self.pairs += u64::from(self.falling[f] + self.rising[row + column]);
            self.falling[f] += 1;
            self.rising[row + column] += 1;
        }
        true
    }

    /// The change in attacking pairs if the queens of rows `i` and `j` (`i != j`) swapped
    /// columns, from eight counters.
    ///
    /// Per direction, a diagonal left is never one entered (that would need `i = j` or equal
    /// columns), but the two left may be one diagonal, and so may the two entered: those cases
    /// remove or add the pair between the moving queens themselves.
    #[inline(always)]
    pub(crate) fn swap_delta(&self, i: usize, j: usize) -> i64 {
        let (a, b) = (self.columns[i] as usize, self.columns[j] as usize);
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

    /// Swaps the columns of rows `i` and `j`, whose change in pairs is `delta`.
    #[inline(always)]
    pub(crate) fn swap(&mut self, i: usize, j: usize, delta: i64) {
        let (a, b) = (self.columns[i] as usize, self.columns[j] as usize);
        for (row, from, to) in [(i, a, b), (j, b, a)] {
            let (leave, enter) = (self.falling_of(row, from), self.falling_of(row, to));
            self.falling[leave] -= 1;
            self.rising[row + from] -= 1;
            self.falling[enter] += 1;
            self.rising[row + to] += 1;
        }
        self.columns.swap(i, j);
        self.pairs = self.pairs.wrapping_add_signed(delta);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Attacking pairs counted from scratch, over every pair of rows.
    fn brute_pairs(columns: &[u32]) -> u64 {
        let mut pairs = 0;
        for i in 0..columns.len() {
            for j in i + 1..columns.len() {
                if columns[i].abs_diff(columns[j]) as usize == j - i {
                    pairs += 1;
                }
            }
        }
        pairs
    }

    #[test]
    fn swap_deltas_match_a_recount() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        for n in [2, 3, 5, 8, 17, 40] {
            let mut board = Board::new(n).unwrap();
            board.shuffle(&mut rng, &StopFlag::new());
            assert_eq!(board.pairs(), brute_pairs(&board.columns), "n = {n}");
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
                assert_eq!(board.pairs(), brute_pairs(&board.columns), "n = {n}");
                assert_eq!(board.pairs() as i64 - before as i64, delta);
            }
        }
    }
}
