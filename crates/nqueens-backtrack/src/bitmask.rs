//! The search on three bitmasks, and the mirror-halving counter.
//!
//! Bit `c` of each mask stands for column `c` of the next row to fill:
//! - `columns`: columns already holding a queen;
//! - `falling`: squares attacked along `\` diagonals; each row down, the attack moves one column
//!   right, so the mask shifts left by one;
//! - `rising`: squares attacked along `/` diagonals, shifting right by one each row.
//!
//! The free squares of a row are `all & !(columns | falling | rising)`, and `free & free.wrapping_neg()`
//! isolates the lowest free column: so the search visits columns in increasing order and emits
//! solutions in lexicographic order without ever scanning the board.

use nqueens_core::{BenchExtra, Counterpart, Sizes};
use nqueens_core::{
    Capabilities, Config, Cost, CostModel, CountRun, Ended, Error, Event, Given, Job, Limit,
    Reading, Stats, Strategy, Tradeoff, Tradeoffs, TreeProfile, Variant, VisitRun, Visitor, known,
};

use crate::STOP_POLL_MASK;

mod count;
mod levels;

/// Backtracking on three `u32` bitmasks (columns and both diagonals), taking free squares by
/// lowest set bit. Registry name `bitmask`; boards up to 32 columns.
///
/// A given row ([`Job::given`]) gets only its given square. Finding and listing report the
/// same steps as `vector` to an [`Observer`](nqueens_core::Observer); counting reports only its
/// first-row subproblems. Counting searches the first row's left half, doubled (the mirror
/// `c -> n - 1 - c`), and the middle column of odd `n` once; its nodes and dead ends are kept
/// only when [`Config::stats`] asks (the counter is compiled without them otherwise, and
/// reports zero). Finding, listing and counting given queens' completions (every one visited)
/// always report theirs.
#[derive(Clone, Copy, Debug, Default)]
pub struct BitmaskSolver;

/// Widest board the `u32` masks hold.
const MAX_N: usize = 32;

/// One line for `nqueens strategies`, for the strategy and its one variant.
const SUMMARY: &str = "backtracking on column/diagonal bitmasks; counts with mirror halving";

/// The only variant: the strategy has no modes.
const VARIANT: Variant = Variant {
    summary: SUMMARY,
    complete: true,
    first: Limit::UpTo(MAX_N),
    list: Limit::UpTo(MAX_N),
    count: Limit::UpTo(known::COUNT_FITS_U64),
    keeps_given: true,
    cost: Cost {
        first: CostModel::wall(&[(8, 2e-6), (16, 2e-4), (30, 1.12)]),
        count: CostModel::per_row(
            &[(4, 1e-7), (8, 2.5e-6), (12, 2.3e-3), (14, 0.075), (16, 3.5)],
            6.4,
        ),
        completion: CostModel::power(&[(12, 2e-4), (20, 5e-3), (28, 0.2)], 4.0),
    },
    ..Variant::BLANK
};

/// The mask with the low `n` bits set.
fn full_mask(n: usize) -> u32 {
    u32::MAX >> (MAX_N - n)
}

/// The attack masks after putting a queen on `bit` in a row with masks (`columns`, `falling`,
/// `rising`), as seen from the next row. `falling` keeps the bits it shifts past the board's
/// edge: every row's free squares are taken within the board's columns, which ignores them,
/// and so the shift needs no mask.
#[inline(always)]
fn descend(columns: u32, falling: u32, rising: u32, bit: u32) -> (u32, u32, u32) {
    (columns | bit, (falling | bit) << 1, (rising | bit) >> 1)
}

/// The squares each row may take: every column, or with given queens, the given column on a
/// given row and the squares no given queen attacks on a free row. ANDed into each row's free
/// squares, this mask is how the search completes given queens: a given row has one square,
/// and no other row ever takes a square a given queen attacks.
fn allowed_squares(n: usize, given: Option<&Given>) -> [u32; MAX_N] {
    let all = full_mask(n);
    let mut allowed = [all; MAX_N];
    let Some(given) = given else {
        return allowed;
    };
    for (row, mask) in allowed.iter_mut().enumerate().take(n) {
        for &(given_row, column) in given.queens() {
            if given_row == row {
                *mask = 1 << column;
                break;
            }
            let distance = row.abs_diff(given_row) as u32;
            let attacked =
                (1u64 << column) | (1u64 << (column + distance)) | ((1u64 << column) >> distance);
            *mask &= !(attacked as u32);
        }
    }
    allowed
}

/// Runs the lexicographic search, handing each solution to `on_solution`; each row takes only
/// the squares `allowed` gives it.
///
/// With `OBSERVED`, it reports the steps as the vector board does.
fn search<const OBSERVED: bool>(
    n: usize,
    config: &Config,
    allowed: &[u32; MAX_N],
    on_solution: &mut Visitor<'_>,
) -> (Stats, Ended) {
    let mut stats = Stats::default();
    let mut board = vec![0u32; n];
    // Per row: the free squares not tried yet, and the masks that row was entered with.
    let mut free = [0u32; MAX_N];
    let mut masks = [(0u32, 0u32, 0u32); MAX_N];
    free[0] = allowed[0];
    let mut row = 0;
    // Takes the queen of `row` off, for the observer (the masks need no undoing).
    let removed = |row: usize, board: &[u32]| {
        if OBSERVED {
            config.observe(Event::Removed {
                row,
                column: board[row] as usize,
            });
        }
    };
    loop {
        if free[row] == 0 {
            if row == 0 {
                return (stats, Ended::Exhausted);
            }
            row -= 1;
            removed(row, &board);
            continue;
        }
        let bit = free[row] & free[row].wrapping_neg();
        free[row] ^= bit;
        board[row] = bit.trailing_zeros();
        stats.nodes += 1;
        if OBSERVED {
            config.observe(Event::Placed {
                row,
                column: board[row] as usize,
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
            removed(row, &board);
            continue;
        }
        let (c, f, r) = masks[row];
        let next = descend(c, f, r, bit);
        let next_free = allowed[row + 1] & !(next.0 | next.1 | next.2);
        if next_free == 0 {
            stats.backtracks += 1;
            if OBSERVED {
                config.observe(Event::Conflict { row: row + 1 });
            }
            removed(row, &board);
            continue;
        }
        row += 1;
        masks[row] = next;
        free[row] = next_free;
    }
}

const TRADEOFFS: Tradeoffs = Tradeoffs::new(&[Tradeoff::new(
    "Backtracking",
    Reading::Count,
    &["vector"],
    "`{{ us.id }}` counts {{ ratios | range }} faster than `{{ rival.id }}` over n = \
     {{ from }}..{{ n }} (the same tree, three machine words instead of a scan of the placed \
     rows){% if us.nodes is defined and rival.nodes is defined %}{% set halving = \
     rival.nodes / us.nodes %}; at n = {{ n }}, {{ halving | fixed(2) }}× of it is mirror \
     halving ({{ us.nodes | count }} nodes against {{ rival.nodes | count }}) and {{ \
     (rival.time / us.time / halving) | fixed(0) }}× the cheaper node{% endif %}",
)]);

impl Strategy for BitmaskSolver {
    fn name(&self) -> &'static str {
        "bitmask"
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const {
            // Timed beside count.c, the same search in C, on its one thread.
            Capabilities::new(SUMMARY, &[VARIANT])
                .bench(&[BenchExtra::Yardstick(Counterpart {
                    program: "count",
                    threads: &[None],
                    goals: Sizes::NONE,
                })])
                .tradeoffs(TRADEOFFS)
                .literature(crate::literature::BITMASK)
        }
    }

    /// The tree's profile: without given queens, a walk of its own keeps the levels in an
    /// array over half the tree, by the mirror that halves the count (n = 16, 1,141,190,303
    /// nodes: 6 to 7 s in release mode on the 2-core reference machine, busy with other
    /// builds, against 33 s for the listing search's placements); with given queens, it reads
    /// the placements of the listing search, as `vector` does, on their completions' tree.
    /// Its observer hears nothing.
    fn search_profile(&self, job: &Job<'_>) -> Result<TreeProfile, Error> {
        if job.given().is_some() {
            return crate::profile::walk(self, job.n(), job.config());
        }
        let (levels, ended) = levels::mirrored(job.n(), &job.config().stop);
        Ok(TreeProfile { levels, ended })
    }

    fn search_all(&self, job: &Job<'_>, visitor: &mut Visitor<'_>) -> Result<VisitRun, Error> {
        let allowed = allowed_squares(job.n(), job.given());
        // One branch per run, not per node: see `search`.
        let (stats, ended) = if job.config().watches_steps() {
            search::<true>(job.n(), job.config(), &allowed, visitor)
        } else {
            search::<false>(job.n(), job.config(), &allowed, visitor)
        };
        Ok(VisitRun { ended, stats })
    }

    fn search_count(&self, job: &Job<'_>) -> Result<CountRun, Error> {
        let (n, config) = (job.n(), job.config());
        if job.given().is_some() {
            // The mirror image of a completion is not a completion of the same queens, so no
            // halving: every completion is visited and counted.
            let allowed = allowed_squares(n, job.given());
            let mut total = 0u64;
            // Counting reports no steps, like the mirror-halving counter.
            let (stats, ended) = search::<false>(n, config, &allowed, &mut |_| {
                total += 1;
                std::ops::ControlFlow::Continue(())
            });
            return Ok(CountRun::new(total, ended, stats));
        }
        // One branch per run: the counter without statistics keeps none.
        let (total, stats, ended) = if config.stats {
            count::count_halves::<true>(n, config)
        } else {
            count::count_halves::<false>(n, config)
        };
        Ok(CountRun::new(total, ended, stats))
    }
}
