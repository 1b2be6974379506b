//! The textbook search on a vector board.

use std::ops::Range;

use nqueens_core::{
    Capabilities, Config, Cost, CostModel, Ended, Error, Event, Job, Limit, Showcase, Stats,
    Strategy, TreeProfile, Variant, VisitRun, Visitor, known,
};

use crate::STOP_POLL_MASK;

/// Backtracking over a plain vector board (`board[row] = column`), checking each candidate
/// square against every queen already placed (O(row)), as the textbooks write it: the baseline
/// of the bitmask form. Registry name `vector`. A given row ([`Job::given`]) tries only its
/// given column. With an [`Observer`](nqueens_core::Observer) it reports every queen
/// [placed](Event::Placed) and [removed](Event::Removed), every [dead end](Event::Conflict)
/// and every [solution](Event::Found); without one, the search is compiled without the calls.
#[derive(Clone, Copy, Debug, Default)]
pub struct VectorSolver;

/// Largest board accepted for a first solution and for listing: the largest the search really
/// answers. Lexicographic backtracking needs 87 million nodes for the first solution of
/// n = 32, 140 million for n = 33, then 2.3 billion for n = 34 and more than 3 billion for
/// most sizes after it (the tree grows irregularly), hours at this strategy's speed.
const MAX_N: usize = 33;

/// The only variant: the strategy has no modes.
const VARIANT: Variant = Variant {
    summary: SUMMARY,
    complete: true,
    first: Limit::UpTo(MAX_N),
    list: Limit::UpTo(MAX_N),
    count: Limit::UpTo(known::COUNT_FITS_U64),
    keeps_given: true,
    cost: Cost {
        first: CostModel::wall(&[(8, 1e-5), (16, 3.9e-3), (30, 25.0)]),
        count: CostModel::per_row(&[(4, 3e-7), (8, 1.3e-4), (12, 0.09), (14, 3.8)], 6.0),
        completion: CostModel::power(&[(12, 2e-3), (20, 0.05), (28, 0.8)], 4.0),
    },
    ..Variant::BLANK
};

/// One line for `nqueens strategies`, for the strategy and its one variant.
const SUMMARY: &str = "backtracking on a vector board, checking the placed rows (textbook)";

/// Whether a queen at (`row`, `column`) is safe from the queens in `placed` (rows `0..row`).
fn is_safe(placed: &[u32], column: u32) -> bool {
    let row = placed.len();
    placed.iter().enumerate().all(|(other_row, &other_column)| {
        let distance = (row - other_row) as u32;
        // Same column, or as many columns apart as rows apart: a shared diagonal.
        other_column != column && other_column.abs_diff(column) != distance
    })
}

/// Runs the search, row `row` trying the columns `columns[row]`, handing each solution to
/// `on_solution`; returns the statistics and how it ended. With `OBSERVED`, every step is
/// reported to `config`'s observer.
fn search<const OBSERVED: bool>(
    n: usize,
    config: &Config,
    columns: &[Range<u32>],
    on_solution: &mut Visitor<'_>,
) -> (Stats, Ended) {
    let mut stats = Stats::default();
    let mut board = vec![0u32; n];
    let mut row = 0;
    let mut next_column = columns[0].start;
    // Whether any queen has been placed in `row` since the search last came down to it.
    let mut row_had_queen = false;
    loop {
        let end = columns[row].end;
        while next_column < end && !is_safe(&board[..row], next_column) {
            next_column += 1;
        }
        if next_column < end {
            board[row] = next_column;
            stats.nodes += 1;
            if OBSERVED {
                config.observe(Event::Placed {
                    row,
                    column: next_column as usize,
                });
            }
            if stats.nodes & STOP_POLL_MASK == 0 && config.stop.is_stopped() {
                return (stats, Ended::Interrupted);
            }
            if row + 1 == n {
                if OBSERVED {
                    config.observe(Event::Found);
                }
                if on_solution(&board).is_break() {
                    return (stats, Ended::Satisfied);
                }
                if OBSERVED {
                    config.observe(Event::Removed {
                        row,
                        column: next_column as usize,
                    });
                }
                next_column += 1;
                row_had_queen = true;
            } else {
                row += 1;
                next_column = columns[row].start;
                row_had_queen = false;
            }
        } else {
            if !row_had_queen {
                stats.backtracks += 1;
                if OBSERVED {
                    config.observe(Event::Conflict { row });
                }
            }
            if row == 0 {
                return (stats, Ended::Exhausted);
            }
            row -= 1;
            if OBSERVED {
                config.observe(Event::Removed {
                    row,
                    column: board[row] as usize,
                });
            }
            next_column = board[row] + 1;
            row_had_queen = true;
        }
    }
}

impl Strategy for VectorSolver {
    fn name(&self) -> &'static str {
        "vector"
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const {
            Capabilities::new(SUMMARY, &[VARIANT])
                .showcase(Showcase {
                    family: "Backtracking",
                    variant: None,
                    seed: None,
                })
                .literature(crate::literature::VECTOR)
        }
    }

    /// The tree's profile from a walk of the whole tree (the listing search, every solution
    /// visited), reading the placements it reports; `config`'s observer, if any, is replaced by
    /// the one that counts the levels. With given queens the tree is that of their completions.
    ///
    /// ```
    /// use nqueens_backtrack::VectorSolver;
    /// use nqueens_core::{Config, Solver};
    ///
    /// let profile = VectorSolver.profile(8, &Config::default())?;
    /// assert_eq!(profile.levels, [1, 8, 42, 140, 344, 568, 550, 312, 92]);
    /// assert_eq!((profile.total(), profile.squares_examined()), (2_057, 15_720));
    /// # Ok::<(), nqueens_core::Error>(())
    /// ```
    fn search_profile(&self, job: &Job<'_>) -> Result<TreeProfile, Error> {
        crate::profile::walk(self, job.n(), job.config())
    }

    fn search_all(&self, job: &Job<'_>, visitor: &mut Visitor<'_>) -> Result<VisitRun, Error> {
        let n = job.n() as u32;
        let columns: Vec<Range<u32>> = match job.given() {
            Some(given) => given
                .by_row(job.n())
                .into_iter()
                .map(|fixed| fixed.map_or(0..n, |c| c..c + 1))
                .collect(),
            None => vec![0..n; job.n()],
        };
        // One branch per run, not per node: see `search`.
        let (stats, ended) = if job.config().watches_steps() {
            search::<true>(job.n(), job.config(), &columns, visitor)
        } else {
            search::<false>(job.n(), job.config(), &columns, visitor)
        };
        Ok(VisitRun { ended, stats })
    }
}
