//! Formulation (b): one queen per row, added top to bottom.

use crate::search::{Formulation, Move};

/// The state is a prefix of columns, one per filled row; a child puts a queen on a square of the
/// next row that no queen above attacks. Every state has one path to it, so there is no visited
/// set. `h` = rows still empty.
pub(crate) struct Rows {
    n: usize,
    columns: Vec<u32>,
    /// Occupied columns and both diagonals as seen from the next row (bit `c` = column `c`):
    /// each row down, a `\` diagonal's attack moves one column right and a `/` one moves left.
    taken: u32,
    falling: u32,
    rising: u32,
}

impl Rows {
    pub(crate) fn new(n: usize) -> Self {
        Self {
            n,
            columns: Vec::with_capacity(n),
            taken: 0,
            falling: 0,
            rising: 0,
        }
    }

    fn all(&self) -> u32 {
        u32::MAX >> (32 - self.n)
    }
}

impl Formulation for Rows {
    fn start_h(&self) -> u32 {
        self.n as u32
    }

    fn start_key(&self) -> Option<u128> {
        None
    }

    fn max_children(&self) -> usize {
        self.n
    }

    fn load(&mut self, path: &[Move]) {
        let all = self.all();
        self.columns.clear();
        (self.taken, self.falling, self.rising) = (0, 0, 0);
        for &[column, _] in path {
            let bit = 1u32 << column;
            self.columns.push(u32::from(column));
            self.taken |= bit;
            self.falling = ((self.falling | bit) << 1) & all;
            self.rising = (self.rising | bit) >> 1;
        }
    }

    fn is_goal(&self) -> bool {
        self.columns.len() == self.n
    }

    fn expand(&mut self, emit: &mut dyn FnMut(Move, u32, Option<u128>)) {
        let h = (self.n - self.columns.len() - 1) as u32;
        let mut free = self.all() & !(self.taken | self.falling | self.rising);
        // Highest column first, so that the last emitted (expanded first) is the lowest: the
        // search then meets solutions in lexicographic order.
        while free != 0 {
            let column = 31 - free.leading_zeros();
            free ^= 1 << column;
            emit([column as u8, 0], h, None);
        }
    }

    fn columns(&self) -> Vec<u32> {
        self.columns.clone()
    }

    fn rows(&self) -> usize {
        self.n
    }

    fn board(&self, out: &mut [Option<u32>]) {
        out.fill(None);
        for (square, &column) in out.iter_mut().zip(&self.columns) {
            *square = Some(column);
        }
    }

    /// A state `depth` moves from the start has just filled row `depth - 1`.
    fn placed_row(&self, _step: Move, depth: usize) -> usize {
        depth.saturating_sub(1)
    }

    /// The row below the filled ones has no safe square.
    fn dead_row(&self, path: &[Move]) -> usize {
        path.len()
    }
}
