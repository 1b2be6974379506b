//! The textbook search on a vector board.

use nqueens_core::{
    Capabilities, Config, Error, FirstRun, Limit, Solver, Stats, VisitEnd, VisitRun, Visitor,
    first_of_stream, known,
};

use crate::STOP_POLL_MASK;

/// Backtracking over a plain vector board (`board[row] = column`), checking each candidate
/// square against every queen already placed, as the textbooks and blogs write it.
///
/// Registry name `vector`. Each safety test costs O(row), so a node costs more the deeper it is;
/// it is the baseline the bitmask form is measured against.
#[derive(Clone, Copy, Debug, Default)]
pub struct VectorSolver;

/// Largest board accepted for a first solution and for listing. Lexicographic backtracking
/// stalls long before this (near n = 32); the bound keeps column numbers in a `u32` and the
/// board's allocation small, so a huge `n` is refused instead of aborting the process.
const MAX_N: usize = 100_000;

/// Whether a queen at (`row`, `column`) is safe from the queens in `placed` (rows `0..row`).
fn is_safe(placed: &[u32], column: u32) -> bool {
    let row = placed.len();
    placed.iter().enumerate().all(|(other_row, &other_column)| {
        let distance = (row - other_row) as u32;
        // Same column, or as many columns apart as rows apart: a shared diagonal.
        other_column != column && other_column.abs_diff(column) != distance
    })
}

/// Runs the search, handing each solution to `on_solution`; returns the statistics and how the
/// search ended.
fn search(n: usize, config: &Config, on_solution: &mut Visitor<'_>) -> (Stats, VisitEnd) {
    let mut stats = Stats::default();
    let mut board = vec![0u32; n];
    let n32 = n as u32;
    let mut row = 0;
    let mut next_column = 0u32;
    // Whether any queen has been placed in `row` since the search last came down to it.
    let mut row_had_queen = false;
    loop {
        while next_column < n32 && !is_safe(&board[..row], next_column) {
            next_column += 1;
        }
        if next_column < n32 {
            board[row] = next_column;
            stats.nodes += 1;
            if stats.nodes & STOP_POLL_MASK == 0 && config.stop.is_stopped() {
                return (stats, VisitEnd::Interrupted);
            }
            if row + 1 == n {
                if on_solution(&board).is_break() {
                    return (stats, VisitEnd::Broken);
                }
                next_column += 1;
                row_had_queen = true;
            } else {
                row += 1;
                next_column = 0;
                row_had_queen = false;
            }
        } else {
            if !row_had_queen {
                stats.backtracks += 1;
            }
            if row == 0 {
                return (stats, VisitEnd::Exhausted);
            }
            row -= 1;
            next_column = board[row] + 1;
            row_had_queen = true;
        }
    }
}

impl Solver for VectorSolver {
    fn name(&self) -> &'static str {
        "vector"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            summary: "backtracking on a vector board, checking the placed rows (textbook)",
            complete: true,
            randomized: false,
            first: Limit::UpTo(MAX_N),
            list: Limit::UpTo(MAX_N),
            count: Limit::UpTo(known::COUNT_FITS_U64),
            variants: &[],
        }
    }

    fn search_first(&self, n: usize, config: &Config) -> Result<FirstRun, Error> {
        first_of_stream(|visitor| self.search_all(n, config, visitor))
    }

    fn search_all(
        &self,
        n: usize,
        config: &Config,
        visitor: &mut Visitor<'_>,
    ) -> Result<VisitRun, Error> {
        let (stats, end) = search(n, config, visitor);
        Ok(VisitRun { stats, end })
    }
}
