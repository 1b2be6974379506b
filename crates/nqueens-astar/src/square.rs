//! Formulation (a): a queen on any empty square no queen attacks, in any order.

use crate::search::{Formulation, Move};

/// The state is a set of queens no two of which attack each other; a child adds a queen on any
/// square of the board no queen attacks. The same set is reached in every order its queens can be
/// placed, so states are deduplicated by a key: since no two queens share a row, a set is one
/// `column + 1` (0 = empty) per row, packed in 5 bits per row. `h` = queens still to place.
pub(crate) struct Squares {
    n: usize,
    /// Column of the queen in each row, if any.
    queens: Vec<Option<u8>>,
    placed: usize,
    key: u128,
    /// Occupied columns, `/` diagonals (bit `row + column`) and `\` diagonals
    /// (bit `row + n - 1 - column`).
    taken: u32,
    rising: u64,
    falling: u64,
}

/// Bits per row in a key: enough for `column + 1` up to [`crate::KEY_MAX_N`].
pub(crate) const KEY_BITS: usize = 5;

impl Squares {
    pub(crate) fn new(n: usize) -> Self {
        Self {
            n,
            queens: vec![None; n],
            placed: 0,
            key: 0,
            taken: 0,
            rising: 0,
            falling: 0,
        }
    }

    fn attacked(&self, row: usize, column: usize) -> bool {
        self.taken >> column & 1 == 1
            || self.rising >> (row + column) & 1 == 1
            || self.falling >> (row + self.n - 1 - column) & 1 == 1
    }
}

impl Formulation for Squares {
    fn start_h(&self) -> u32 {
        self.n as u32
    }

    fn start_key(&self) -> Option<u128> {
        Some(0)
    }

    fn max_children(&self) -> usize {
        self.n * self.n
    }

    fn load(&mut self, path: &[Move]) {
        self.queens.fill(None);
        (self.placed, self.key, self.taken, self.rising, self.falling) = (0, 0, 0, 0, 0);
        for &[row, column] in path {
            let (r, c) = (usize::from(row), usize::from(column));
            self.queens[r] = Some(column);
            self.placed += 1;
            self.key |= u128::from(column + 1) << (KEY_BITS * r);
            self.taken |= 1 << c;
            self.rising |= 1 << (r + c);
            self.falling |= 1 << (r + self.n - 1 - c);
        }
    }

    fn is_goal(&self) -> bool {
        self.placed == self.n
    }

    fn expand(&mut self, emit: &mut dyn FnMut(Move, u32, Option<u128>)) {
        let h = (self.n - self.placed - 1) as u32;
        // Last square first, so that the first square in row-major order is expanded first.
        for row in (0..self.n).rev() {
            if self.queens[row].is_some() {
                continue;
            }
            for column in (0..self.n).rev() {
                if !self.attacked(row, column) {
                    let key = self.key | ((column as u128 + 1) << (KEY_BITS * row));
                    emit([row as u8, column as u8], h, Some(key));
                }
            }
        }
    }

    fn rows(&self) -> usize {
        self.n
    }

    fn board(&self, out: &mut [Option<u32>]) {
        for (square, queen) in out.iter_mut().zip(&self.queens) {
            *square = queen.map(u32::from);
        }
    }

    /// A step is the queen on (`step[0]`, `step[1]`).
    fn placed_row(&self, step: Move, _depth: usize) -> usize {
        usize::from(step[0])
    }

    /// No empty row has a safe square: the first one is shown.
    fn dead_row(&self, _path: &[Move]) -> usize {
        self.queens.iter().position(Option::is_none).unwrap_or(0)
    }

    fn columns(&self) -> Vec<u32> {
        self.queens
            .iter()
            .map(|q| q.map_or(u32::MAX, u32::from))
            .collect()
    }
}
