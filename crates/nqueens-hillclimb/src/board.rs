//! The complete-state board of AIMA's formulation: one queen per row, anywhere in it, with
//! counters per column and per diagonal, so a move's change in attacking pairs costs O(1).

use nqueens_core::StopFlag;
use nqueens_local::{DiagonalCounts, uniform_below, zeroed_counters};
use rand::Rng;
use rand::rngs::Xoshiro256PlusPlus;

/// A board holding one queen per row; columns may repeat, so columns and both diagonals
/// carry conflicts. The cost is the number of attacking pairs (AIMA's heuristic `h`).
pub(crate) struct Board {
    n: usize,
    columns: Vec<u32>,
    /// Queens per column.
    per_column: Vec<u32>,
    /// Queens per diagonal, both directions.
    diagonals: DiagonalCounts,
    /// Attacking pairs: over every line, count × (count - 1) / 2.
    pairs: u64,
}

impl Board {
    /// An empty board; `None` if the memory cannot be had.
    pub(crate) fn new(n: usize) -> Option<Self> {
        Some(Board {
            n,
            columns: zeroed_counters(n)?,
            per_column: zeroed_counters(n)?,
            diagonals: DiagonalCounts::new(n)?,
            pairs: 0,
        })
    }

    /// Bytes held: 24 per row.
    pub(crate) fn bytes(&self) -> usize {
        4 * (self.columns.capacity() + self.per_column.capacity()) + self.diagonals.bytes()
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

    /// Each row's column.
    pub(crate) fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// Gives up the board for its columns.
    pub(crate) fn into_columns(self) -> Vec<u32> {
        self.columns
    }

    /// The column of `row`'s queen.
    #[inline(always)]
    pub(crate) fn column(&self, row: usize) -> usize {
        self.columns[row] as usize
    }

    /// Queens attacked by at least one other. O(n).
    pub(crate) fn attacked_queens(&self) -> u64 {
        (0..self.n)
            .filter(|&row| self.queen_conflicts(row) > 0)
            .count() as u64
    }

    /// A uniformly random state: every row's queen in a uniformly random column, independently
    /// (AIMA's "randomly generated state", n^n of them). Returns `false` if `stop` was raised.
    pub(crate) fn randomize(&mut self, rng: &mut Xoshiro256PlusPlus, stop: &StopFlag) -> bool {
        let n = self.n;
        for (row, column) in self.columns.iter_mut().enumerate() {
            if row % 65536 == 65535 && stop.is_stopped() {
                return false;
            }
            // n <= MAX_N < 2^32: every column fits u32.
            *column = uniform_below(rng.next_u64(), n) as u32;
        }
        self.per_column.fill(0);
        self.diagonals.clear();
        self.pairs = 0;
        for row in 0..n {
            let column = self.column(row);
            self.pairs += u64::from(self.per_column[column] + self.diagonals.place(row, column));
            self.per_column[column] += 1;
        }
        true
    }

    /// The other queens attacking `row`'s queen.
    #[inline(always)]
    pub(crate) fn queen_conflicts(&self, row: usize) -> u32 {
        let column = self.column(row);
        self.per_column[column] + self.diagonals.on(row, column) - 3
    }

    /// The change in attacking pairs if `row`'s queen, which has `own` conflicts, moved to
    /// `to` (not its column). The target's three lines are none of the source's (same row,
    /// other column), so the queens there are exactly the pairs the move makes.
    #[inline(always)]
    pub(crate) fn move_delta(&self, row: usize, own: u32, to: usize) -> i64 {
        let arriving = self.per_column[to] + self.diagonals.on(row, to);
        i64::from(arriving) - i64::from(own)
    }

    /// Moves `row`'s queen to column `to`, a move whose change in pairs is `delta`.
    #[inline(always)]
    pub(crate) fn move_queen(&mut self, row: usize, to: usize, delta: i64) {
        let from = self.column(row);
        self.per_column[from] -= 1;
        self.per_column[to] += 1;
        self.diagonals.shift(row, from, to);
        self.columns[row] = to as u32;
        self.pairs = self.pairs.wrapping_add_signed(delta);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_run::attacking_pairs;
    use rand::SeedableRng;

    #[test]
    fn move_deltas_match_a_recount() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        for n in [1, 2, 3, 5, 8, 17, 40] {
            let mut board = Board::new(n).unwrap();
            assert!(board.randomize(&mut rng, &StopFlag::new()));
            assert_eq!(board.pairs(), attacking_pairs(&board.columns), "n = {n}");
            if n == 1 {
                continue;
            }
            for _ in 0..500 {
                let row = uniform_below(rng.next_u64(), n);
                let from = board.column(row);
                let to = (from + 1 + uniform_below(rng.next_u64(), n - 1)) % n;
                let delta = board.move_delta(row, board.queen_conflicts(row), to);
                let before = board.pairs();
                board.move_queen(row, to, delta);
                assert_eq!(board.pairs(), attacking_pairs(&board.columns), "n = {n}");
                assert_eq!(board.pairs() as i64 - before as i64, delta);
            }
        }
    }
}
