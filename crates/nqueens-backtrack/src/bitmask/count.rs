//! The bitmask strategy's counter: mirror halving over the first row, the stop flag looked at
//! above [`QUIET_ROWS`] rows left, and below that a kernel that knows how many rows are left.
//!
//! Everything here is compiled twice, with and without statistics (`STATS`): the count that
//! nobody asked statistics of carries no counter at all.

use nqueens_core::{Config, Ended, Event, Stats, StopFlag};

use super::descend;

/// Rows left at which a count stops looking at the stop flag and runs [`count_quiet`]. With
/// `L` rows left only `L` columns are free, so a quiet subtree has at most `L!` solutions and
/// `Σ L!/(L-k)!` nodes (986,410 for L = 9): few enough for [`Tally`]'s fields, and far less
/// than a millisecond's work between two looks at the flag.
const QUIET_ROWS: u32 = 9;

/// What [`count_quiet`] returns. Without statistics, the solutions of a subtree; with them,
/// its solutions, nodes and dead ends packed in one `u64` (20, 22 and 22 bits; see
/// [`QUIET_ROWS`] for the bounds), so that the kernel adds one number per child either way.
type Tally = u64;

/// One node in a [`Tally`] with statistics.
const NODE: Tally = 1 << 20;
/// One dead end in a [`Tally`] with statistics.
const DEAD_END: Tally = 1 << 42;

/// Counts the whole board by mirror halving: the first queen in the left half of the first
/// row (weight 2) or the middle column of odd `n` (weight 1), each subproblem split by the
/// second row's queen so that the stop flag is looked at often. The observer hears of each
/// first-row subproblem, never of a node. With `STATS`, the statistics are the nodes (queens
/// placed) and dead ends of the halved tree; without, they stay zero.
pub(super) fn count_halves<const STATS: bool>(n: usize, config: &Config) -> (u64, Stats, Ended) {
    let all = super::full_mask(n);
    let mut stats = Stats::default();
    let first_row: Vec<(u32, u64)> = (0..n / 2)
        .map(|c| (1u32 << c, 2))
        .chain((n % 2 == 1).then(|| (1u32 << (n / 2), 1)))
        .collect();
    config.observe(Event::Started {
        subproblems: first_row.len() as u64,
    });
    let mut total = 0u64;
    for &(bit, weight) in &first_row {
        if config.stop.is_stopped() {
            break;
        }
        let below = count_below::<STATS>(
            all,
            descend(0, 0, 0, bit),
            n as u32 - 1,
            &mut stats,
            &config.stop,
        );
        if STATS {
            stats.nodes += 1;
        }
        total += weight * below;
        // A subproblem cut short by the flag is counted in part (the total is then a lower
        // bound) but not reported done.
        if config.stop.is_stopped() {
            break;
        }
        config.observe(Event::SubproblemDone);
    }
    let ended = if config.stop.is_stopped() {
        Ended::Interrupted
    } else {
        Ended::Exhausted
    };
    (total, stats, ended)
}

/// Counts the completions below a partial placement with `left` rows to fill, looking at `stop`
/// once per node down to [`QUIET_ROWS`] rows left and handing the rest to [`count_quiet`].
/// Each placed queen is a node; a partial placement with no free square is a dead end (both
/// kept in `stats` with `STATS`). Once `stop` is raised it returns what it has counted (the
/// caller then reports the count as partial).
fn count_below<const STATS: bool>(
    all: u32,
    (columns, falling, rising): (u32, u32, u32),
    left: u32,
    stats: &mut Stats,
    stop: &StopFlag,
) -> u64 {
    if left <= QUIET_ROWS {
        let tally = count_quiet::<STATS>(all, columns, falling, rising, left);
        if !STATS {
            return tally;
        }
        stats.nodes += (tally / NODE) % (DEAD_END / NODE);
        stats.backtracks += tally / DEAD_END;
        return tally % NODE;
    }
    if stop.is_stopped() {
        return 0;
    }
    let mut free = all & !(columns | falling | rising);
    if STATS {
        stats.backtracks += u64::from(free == 0);
    }
    let mut total = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        if STATS {
            stats.nodes += 1;
        }
        let next = descend(columns, falling, rising, bit);
        total += count_below::<STATS>(all, next, left - 1, stats, stop);
    }
    total
}

/// The counting kernel: the [`Tally`] of the subtree below a partial placement with `left`
/// rows to fill, the placement itself not counted as a node. It never looks at the stop flag.
///
/// Knowing the rows left, each depth is a function of its own ([`rows_3`] to [`rows_9`]): no
/// test for a complete board, the last two rows counted without a loop ([`two_rows`]), and a
/// call only every third level, the levels between inlined (what gcc's recursive inlining does
/// for the C yardstick).
fn count_quiet<const STATS: bool>(
    all: u32,
    columns: u32,
    falling: u32,
    rising: u32,
    left: u32,
) -> Tally {
    match left {
        0 => 1,
        1 => last_row::<STATS>(all, columns, falling, rising),
        2 => two_rows::<STATS>(all, columns, falling, rising),
        3 => rows_3::<STATS>(all, columns, falling, rising),
        4 => rows_4::<STATS>(all, columns, falling, rising),
        5 => rows_5::<STATS>(all, columns, falling, rising),
        6 => rows_6::<STATS>(all, columns, falling, rising),
        7 => rows_7::<STATS>(all, columns, falling, rising),
        8 => rows_8::<STATS>(all, columns, falling, rising),
        9 => rows_9::<STATS>(all, columns, falling, rising),
        _ => expand::<STATS>(all, columns, falling, rising, |c, f, r| {
            count_quiet::<STATS>(all, c, f, r, left - 1)
        }),
    }
}

/// One level of the kernel: each free square of the row, counted `below`.
#[inline(always)]
fn expand<const STATS: bool>(
    all: u32,
    columns: u32,
    falling: u32,
    rising: u32,
    below: impl Fn(u32, u32, u32) -> Tally,
) -> Tally {
    let mut free = all & !(columns | falling | rising);
    if STATS && free == 0 {
        return DEAD_END;
    }
    let mut tally = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        let (c, f, r) = descend(columns, falling, rising, bit);
        tally += below(c, f, r);
        if STATS {
            tally += NODE;
        }
    }
    tally
}

/// Defines `rows_L`, the kernel with `L` rows left, as one level over `rows_{L-1}`.
macro_rules! rows {
    ($(#[$inline:meta])* $name:ident over $below:ident) => {
        /// The kernel with as many rows left as the name says.
        $(#[$inline])*
        fn $name<const STATS: bool>(all: u32, columns: u32, falling: u32, rising: u32) -> Tally {
            expand::<STATS>(all, columns, falling, rising, |c, f, r| {
                $below::<STATS>(all, c, f, r)
            })
        }
    };
}

rows!(#[inline(always)] rows_3 over two_rows);
rows!(#[inline(always)] rows_4 over rows_3);
rows!(#[inline(never)] rows_5 over rows_4);
rows!(#[inline(always)] rows_6 over rows_5);
rows!(#[inline(always)] rows_7 over rows_6);
rows!(#[inline(never)] rows_8 over rows_7);
rows!(#[inline(always)] rows_9 over rows_8);

/// The kernel with two rows left, without a loop or a branch. Only two columns are open, `low`
/// and `high`: the two rows are solved by `low` then `high` or by `high` then `low`, each
/// when the first square is free on this row and the second is not attacked on the last one
/// by the queens above, and neither when the two queens would touch diagonally (`high` just
/// right of `low`, as the masks shift).
#[inline(always)]
fn two_rows<const STATS: bool>(all: u32, columns: u32, falling: u32, rising: u32) -> Tally {
    let open = all & !columns;
    let low = open & open.wrapping_neg();
    let high = open ^ low;
    let attacked_here = falling | rising;
    let attacked_last = (falling << 1) | (rising >> 1);
    let low_first = (low & attacked_here == 0) & (high & attacked_last == 0);
    let high_first = (high & attacked_here == 0) & (low & attacked_last == 0);
    let apart = u64::from(high != low << 1);
    let solutions = apart * (u64::from(low_first) + u64::from(high_first));
    if !STATS {
        return solutions;
    }
    // Every queen put on this row is a node, and a dead end unless a solution follows it; a
    // solution's last queen is one more node; no queen at all makes this placement a dead end.
    let placed = u64::from(low & attacked_here == 0) + u64::from(high & attacked_here == 0);
    solutions
        + NODE * (placed + solutions)
        + DEAD_END * (placed - solutions + u64::from(placed == 0))
}

/// The kernel with one row left: a solution if that row has a free square, else a dead end.
#[inline(always)]
fn last_row<const STATS: bool>(all: u32, columns: u32, falling: u32, rising: u32) -> Tally {
    let solved = u64::from(all & !(columns | falling | rising) != 0);
    if STATS {
        solved * (1 + NODE) + (1 - solved) * DEAD_END
    } else {
        solved
    }
}
