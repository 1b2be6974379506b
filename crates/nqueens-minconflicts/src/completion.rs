//! Min-conflicts with given queens (N-Queens completion): the given queens stay where they are,
//! and only the free rows are searched.
//!
//! The board is a permutation again, but of the free columns over the free rows: a given row
//! keeps its column, and a move swaps the columns of two free rows, so given queens are never
//! moved and rows and columns never clash. The start and the repair are those of the main
//! board, on the plain `u32` counts of [`DiagonalCounts`] (completion boards are small beside
//! the 10^8 queens the main board is tuned for), whose swap delta is O(1):
//!
//! - **start**: each free row takes, from the unused free columns, the first of at most 64
//!   random probes whose two diagonals are empty (given queens included), else the least
//!   crowded probe;
//! - **repair**: a random attacked free queen swaps with the best of 64 random free partners
//!   (fewest attacking pairs after the swap, never more than before), until no pair is left,
//!   restarting after a stall and ending when the move budget runs out.
//!
//! An attacking pair always holds a free queen (given queens do not attack each other), so the
//! suspects are free rows only. The search is still incomplete: it cannot prove that the given
//! queens have no completion, and on such an instance it runs until its budget is spent.

use nqueens_core::{Config, Ended, Error, Event, Given, Stats};
use nqueens_local::{DiagonalCounts, uniform_below};
use rand::Rng;
use rand::rngs::Xoshiro256PlusPlus;

use crate::restart::{Repairable, restarts};

/// Random probes per row at the start, and random partners per move.
const SAMPLES: usize = 64;

/// The board of a completion run.
struct Board {
    n: usize,
    columns: Vec<u32>,
    /// The rows with a given queen, and those without: the only ones that move.
    given_rows: Vec<usize>,
    free_rows: Vec<usize>,
    /// The columns no given queen holds.
    free_columns: Vec<u32>,
    /// Queens per diagonal, both directions.
    diagonals: DiagonalCounts,
    /// Attacking pairs: the sum of `count choose 2` over the diagonals.
    pairs: u64,
    /// Free rows that may be attacked (every attacking pair has one listed), and the marks.
    suspects: Vec<usize>,
    listed: Vec<bool>,
}

impl Board {
    /// The board of `given`; `None` if its counters' memory cannot be had.
    fn new(n: usize, given: &Given) -> Option<Board> {
        let fixed = given.by_row(n);
        let mut taken = vec![false; n];
        let mut columns = vec![0; n];
        for (row, column) in fixed.iter().enumerate() {
            if let Some(c) = *column {
                columns[row] = c;
                taken[c as usize] = true;
            }
        }
        Some(Board {
            n,
            columns,
            given_rows: given.queens().iter().map(|&(row, _)| row).collect(),
            free_rows: (0..n).filter(|&r| fixed[r].is_none()).collect(),
            free_columns: (0..n as u32).filter(|&c| !taken[c as usize]).collect(),
            diagonals: DiagonalCounts::new(n)?,
            pairs: 0,
            suspects: Vec::new(),
            listed: vec![false; n],
        })
    }

    /// Puts the queen of `row` on the board's counts; returns the pairs it adds.
    fn add(&mut self, row: usize) -> u64 {
        u64::from(self.diagonals.place(row, self.columns[row] as usize))
    }

    fn attackers(&self, row: usize) -> u32 {
        self.diagonals.on(row, self.columns[row] as usize) - 2
    }

    fn list(&mut self, row: usize) {
        if !self.listed[row] {
            self.listed[row] = true;
            self.suspects.push(row);
        }
    }

    /// A new greedy start: the given queens, then each free row on a free column.
    fn start(&mut self, rng: &mut Xoshiro256PlusPlus) {
        self.diagonals.clear();
        self.listed.fill(false);
        self.suspects.clear();
        self.pairs = 0;
        // The given queens first: they attack no one.
        for i in 0..self.given_rows.len() {
            self.add(self.given_rows[i]);
        }
        let mut pool = self.free_columns.clone();
        for i in 0..self.free_rows.len() {
            let row = self.free_rows[i];
            let mut best = (u32::MAX, 0);
            for _ in 0..SAMPLES.min(pool.len()) {
                let at = uniform_below(rng.next_u64(), pool.len());
                let crowd = self.diagonals.on(row, pool[at] as usize);
                if crowd < best.0 {
                    best = (crowd, at);
                    if crowd == 0 {
                        break;
                    }
                }
            }
            self.columns[row] = pool.swap_remove(best.1);
            let added = self.add(row);
            if added > 0 {
                self.pairs += added;
                self.list(row);
            }
        }
    }

    /// The change in attacking pairs if rows `i` and `j` (`i != j`) swapped columns.
    fn swap_delta(&self, i: usize, j: usize) -> i64 {
        let (a, b) = (self.columns[i] as usize, self.columns[j] as usize);
        self.diagonals.swap_delta(i, a, j, b)
    }

    fn swap(&mut self, i: usize, j: usize, delta: i64) {
        let (a, b) = (self.columns[i] as usize, self.columns[j] as usize);
        self.diagonals.shift(i, a, b);
        self.diagonals.shift(j, b, a);
        self.columns.swap(i, j);
        self.pairs = self.pairs.wrapping_add_signed(delta);
        for row in [i, j] {
            if self.attackers(row) > 0 {
                self.list(row);
            }
        }
    }
}

impl Repairable for Board {
    fn restart(&mut self, rng: &mut Xoshiro256PlusPlus, config: &Config) -> bool {
        if config.stop.is_stopped() {
            return false;
        }
        self.start(rng);
        true
    }

    /// The free rows' queens: the given ones are on the board already.
    fn placed(&self) -> impl Iterator<Item = (usize, usize)> {
        self.free_rows
            .iter()
            .map(|&row| (row, self.columns[row] as usize))
    }

    fn attacked_queens(&self) -> u64 {
        (0..self.n).filter(|&row| self.attackers(row) > 0).count() as u64
    }

    /// The repair ([`Repairable::repair`]), as the main board's on the free rows.
    fn repair<const OBSERVED: bool>(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        allowance: u64,
        stall: u64,
        config: &Config,
    ) -> (u64, Ended) {
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
            let pick = uniform_below(rng.next_u64(), self.suspects.len().max(1));
            let Some(&i) = self.suspects.get(pick) else {
                return (moves, Ended::Budget);
            };
            if self.attackers(i) == 0 {
                self.suspects.swap_remove(pick);
                self.listed[i] = false;
                continue;
            }
            moves += 1;
            let partners = self.free_rows.len();
            let mut best = (i64::MAX, i);
            let mut ties = 0usize;
            for _ in 0..if partners > 1 { SAMPLES } else { 0 } {
                let j = self.free_rows[uniform_below(rng.next_u64(), partners)];
                if j == i {
                    continue;
                }
                let delta = self.swap_delta(i, j);
                if delta < best.0 {
                    (best, ties) = ((delta, j), 1);
                } else if delta == best.0 {
                    // Reservoir sampling keeps each tied partner with equal probability.
                    ties += 1;
                    if uniform_below(rng.next_u64(), ties) == 0 {
                        best.1 = j;
                    }
                }
            }
            if best.0 <= 0 && best.1 != i {
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

    fn bytes(&self) -> u64 {
        (4 * self.n * 5) as u64
    }
}

/// Searches for a completion of `given` on the `n × n` board with at most `budget` moves,
/// restarting after `stall` moves without progress ([`restarts`]). Returns the columns when
/// it found one; [`Error::OutOfMemory`] when the board's counters cannot be had.
pub(crate) fn complete<const OBSERVED: bool>(
    n: usize,
    given: &Given,
    rng: &mut Xoshiro256PlusPlus,
    budget: u64,
    stall: u64,
    config: &Config,
) -> Result<(Option<Vec<u32>>, Ended, Stats), Error> {
    let mut board = Board::new(n, given).ok_or_else(|| Error::OutOfMemory {
        strategy: "min-conflicts",
        n,
        what: format!(
            "the completion board's diagonal counters ({} bytes)",
            16 * n
        ),
    })?;
    let (ended, stats) = restarts::<_, OBSERVED>(&mut board, rng, budget, stall, config);
    let columns = (ended == Ended::Satisfied).then_some(board.columns);
    Ok((columns, ended, stats))
}
