//! Formulation (c): a complete random permutation, improved by swapping two queens' columns.

use nqueens_core::{Event, Observer};

use crate::search::{Formulation, GOLDEN, Move, redraw};

/// The state is a permutation (one queen per row and per column, so only diagonals can clash); a
/// child swaps the columns of two rows. `h` = attacking pairs, the sum over diagonals of
/// `k(k - 1)/2` for `k` queens on it: zero exactly at a solution. It is not admissible (one swap
/// can remove several pairs), so A* finds a solution, not a shortest swap sequence.
///
/// States are deduplicated by a 128-bit Zobrist key: the XOR of a pseudo-random word per
/// (row, column) pair of the permutation, so a swap updates it with four XORs. Two distinct
/// permutations share a key with probability 2^-128, so among the at most 2^32 states a search
/// can hold, a collision (which would only drop one state) has probability below 2^-64.
pub(crate) struct Swaps {
    n: usize,
    start: Vec<u8>,
    columns: Vec<u8>,
    key: u128,
    /// Queens on each `/` diagonal (`row + column`) and `\` diagonal (`row + n - 1 - column`).
    rising: Vec<u16>,
    falling: Vec<u16>,
    pairs: u32,
    /// Swaps from the start to the current state.
    swaps: u64,
}

impl Swaps {
    /// The search from the permutation `start` of `0..n`.
    pub(crate) fn new(start: Vec<u8>) -> Self {
        let n = start.len();
        let mut swaps = Self {
            n,
            columns: start.clone(),
            start,
            key: 0,
            rising: vec![0; 2 * n],
            falling: vec![0; 2 * n],
            pairs: 0,
            swaps: 0,
        };
        swaps.load(&[]);
        swaps
    }

    /// Queens that share a diagonal with another in the current state.
    pub(crate) fn attacked_queens(&self) -> u64 {
        (0..self.n)
            .filter(|&row| {
                let column = usize::from(self.columns[row]);
                self.rising[row + column] > 1 || self.falling[row + self.n - 1 - column] > 1
            })
            .count() as u64
    }

    /// Swaps from the start to the current state (after a goal, the length of the solution's
    /// swap sequence).
    pub(crate) fn swaps(&self) -> u64 {
        self.swaps
    }

    /// Adds or removes a queen, keeping `pairs` up to date: a queen joining a diagonal with `k`
    /// others makes `k` new pairs.
    fn place(&mut self, row: usize, column: usize, add: bool) {
        let (r, f) = (row + column, row + self.n - 1 - column);
        if add {
            self.pairs += u32::from(self.rising[r]) + u32::from(self.falling[f]);
            self.rising[r] += 1;
            self.falling[f] += 1;
        } else {
            self.rising[r] -= 1;
            self.falling[f] -= 1;
            self.pairs -= u32::from(self.rising[r]) + u32::from(self.falling[f]);
        }
    }

    /// Swaps the columns of rows `i` and `j`, updating the diagonal counts and the key.
    fn swap(&mut self, i: usize, j: usize) {
        let (a, b) = (usize::from(self.columns[i]), usize::from(self.columns[j]));
        self.place(i, a, false);
        self.place(j, b, false);
        self.place(i, b, true);
        self.place(j, a, true);
        self.columns.swap(i, j);
        self.key ^=
            self.zobrist(i, a) ^ self.zobrist(j, b) ^ self.zobrist(i, b) ^ self.zobrist(j, a);
    }

    /// The Zobrist word of a queen on (`row`, `column`): SplitMix64's output function on the
    /// square's index, twice, computed instead of stored so that large boards need no table.
    fn zobrist(&self, row: usize, column: usize) -> u128 {
        let square = (row * self.n + column) as u64;
        let word = |salt: u64| {
            let mut z = square
                .wrapping_mul(2)
                .wrapping_add(salt)
                .wrapping_mul(GOLDEN);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        u128::from(word(0)) << 64 | u128::from(word(1))
    }
}

impl Formulation for Swaps {
    fn start_h(&self) -> u32 {
        self.pairs
    }

    fn start_key(&self) -> Option<u128> {
        Some(self.key)
    }

    fn max_children(&self) -> usize {
        self.n * (self.n - 1) / 2
    }

    fn load(&mut self, path: &[Move]) {
        self.columns.copy_from_slice(&self.start);
        self.rising.fill(0);
        self.falling.fill(0);
        self.pairs = 0;
        self.key = 0;
        for row in 0..self.n {
            self.place(row, usize::from(self.columns[row]), true);
            self.key ^= self.zobrist(row, usize::from(self.columns[row]));
        }
        for &[i, j] in path {
            self.swap(usize::from(i), usize::from(j));
        }
        self.swaps = path.len() as u64;
    }

    fn is_goal(&self) -> bool {
        self.pairs == 0
    }

    fn expand(&mut self, emit: &mut dyn FnMut(Move, u32, Option<u128>)) {
        for i in 0..self.n {
            for j in i + 1..self.n {
                // Try the swap in place and undo it: O(1) per child instead of a rescan.
                self.swap(i, j);
                emit([i as u8, j as u8], self.pairs, Some(self.key));
                self.swap(i, j);
            }
        }
    }

    fn columns(&self) -> Vec<u32> {
        self.columns.iter().map(|&c| u32::from(c)).collect()
    }

    fn rows(&self) -> usize {
        self.n
    }

    fn board(&self, out: &mut [Option<u32>]) {
        for (square, &column) in out.iter_mut().zip(&self.columns) {
            *square = Some(u32::from(column));
        }
    }

    /// A swap of rows `i < j` is shown as the queen of row `i` placed on its new column (the
    /// node), row `j` assigned the column it left: the events have no node that moves two
    /// queens.
    fn placed_row(&self, step: Move, _depth: usize) -> usize {
        usize::from(step[0])
    }

    /// A permutation whose every swap leads to a state already generated: shown on the first
    /// row its last swap moved.
    fn dead_row(&self, path: &[Move]) -> usize {
        path.last().map_or(0, |step| usize::from(step[0]))
    }

    /// The solution's swap sequence, the moves the run reports: the board is redrawn as the
    /// start, then each swap of the path is [`Event::Swapped`] (one move each).
    fn show_path(&self, path: &[Move], shown: &mut [Option<u32>], observer: &dyn Observer) {
        let start: Vec<Option<u32>> = self.start.iter().map(|&c| Some(u32::from(c))).collect();
        redraw(shown, &start, observer);
        for &[i, j] in path {
            let (first, second) = (usize::from(i), usize::from(j));
            shown.swap(first, second);
            observer.observe(Event::Swapped { first, second });
        }
    }
}
