//! Counting the completions of one constellation: the hot loop.
//!
//! One file on purpose (over 500 lines): the loop, its start from a constellation and the
//! per-class driver all rest on the one mask layout described here, and split apart each would
//! have to restate it.
//!
//! The edge queens are placed first; the search fills the remaining ("free") rows top to bottom
//! on three bitmasks: `columns` (taken columns), `rising` (`/` diagonals, shifted right one bit
//! per row) and `falling` (`\` diagonals, shifted left one bit per row), bit `c + offset`
//! standing for column `c` of the row being filled. Because the queens of column 0, column
//! `n - 1` and row `n - 1` sit *below* some free rows, their diagonals are seeded at the first
//! free row as if they came from far above: a falling diagonal that reaches the board further
//! down sits left of column 0 at first, hence the offset of `n - 2` bits, and a rising one right
//! of column `n - 1`, up to `2n - 3`, hence masks of `3n - 4` bits: `u64` up to n = 22, `u128`
//! above. All three masks share one layout, so the hot loop is the plain bitmask loop. Rows
//! already holding a queen are skipped by shifting the diagonals two or more places at once:
//! the search keeps the free rows ahead as a bitmask, so no step tests "is this row taken".
//!
//! The search has three stages. The upper rows run the plain loop ([`Kernel::top`]). The last
//! [`TAIL_ROWS`] or so rows, where most nodes are, look at every remaining row and column before
//! branching and fill forced squares out of order ([`Kernel::tail`]). The last two rows are
//! counted without branching ([`Kernel::last_two`]).

use std::cell::Cell;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

use nqueens_core::split::Tally;
use nqueens_core::{StopFlag, Symmetry};

use crate::constellation::{Class, Constellation};

/// Levels below the first free row searched with a stop check per node, whatever is left below.
const POLLED_LEVELS: usize = 3;

/// Subtrees with at most this many free rows left run the unchecked hot loop: about a
/// millisecond each, so that Ctrl-C stays responsive at any size (on large boards the top
/// levels alone would leave minutes between checks).
const UNPOLLED_ROWS: u32 = 12;

/// From this many free rows left (or `n - 10`, if more, up to [`MAX_TAIL_ROWS`]), the search
/// looks at every remaining row and column before branching (see [`Kernel::tail_of`]);
/// measured best at n = 16-18. The cap changes the search from n = 21 on (unmeasured: those
/// counts take days), never the counts.
const TAIL_ROWS: u32 = 7;

/// The most free rows [`Kernel::tail_of`] is compiled for.
const MAX_TAIL_ROWS: u32 = 10;

/// The largest `n` whose masks fit a `u64` (`3n - 4 <= 64` bits would do; the seeding needs
/// column `2n - 3` at offset `n - 2` to stay below bit 64).
const U64_MAX_N: usize = 22;

/// An unsigned integer used as a row of bits.
trait Mask:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// Only the lowest set bit.
    fn lowest(self) -> Self;
    /// All but the lowest set bit.
    fn but_lowest(self) -> Self;
    /// How many bits are set.
    fn ones(self) -> u64;
}

macro_rules! mask {
    ($t:ty) => {
        impl Mask for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn lowest(self) -> Self {
                // Two's complement keeps the lowest set bit and clears the others.
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn but_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn ones(self) -> u64 {
                u64::from(self.count_ones())
            }
        }
    };
}
mask!(u64);
mask!(u128);

/// Rows from the current free row to the next one, given the free rows as bits (bit `i`: the
/// row `i` rows below the current one is free; bit 0, the current row, always is).
#[inline(always)]
fn step_to_next(rows: u64) -> u32 {
    (rows >> 1).trailing_zeros() + 1
}

/// The fixed parameters of one constellation's search, compiled twice: with `NODES` the
/// search counts its nodes (see [`Kernel::tried`]), without it that code is not there at all,
/// so a plain count pays nothing for statistics.
struct Kernel<M, const NODES: bool> {
    /// The board's columns.
    all: M,
    /// Free rows left from which [`Kernel::tail`] takes over.
    tail_rows: u32,
    /// Queens placed so far, when `NODES`.
    nodes: Cell<u64>,
}

/// The search of one constellation, ready to start at its first free row.
struct Start<M, const NODES: bool> {
    kernel: Kernel<M, NODES>,
    free_rows: Vec<u32>,
    masks: (M, M, M),
}

fn start<M: Mask, const NODES: bool>(n: u32, c: Constellation) -> Start<M, NODES> {
    let offset = n.saturating_sub(2);
    let bit = |position: i64| M::ONE << (position + i64::from(offset)) as u32;
    let squares = c.squares(n);
    let filled: u64 = squares.iter().fold(0, |m, &(r, _)| m | 1 << r);
    let free_rows: Vec<u32> = (0..n).filter(|r| filled & 1 << r == 0).collect();
    let first = free_rows.first().copied().unwrap_or(n);
    let (mut columns, mut falling, mut rising) = (M::ZERO, M::ZERO, M::ZERO);
    for (row, column) in squares {
        columns = columns | bit(i64::from(column));
        // At row `first`, the `\` diagonal of (row, column) crosses column + first - row (at
        // least 2 - n) and the `/` diagonal column + row - first (at most 2n - 3); a falling
        // one already right of the board, or a rising one left of it, never comes back.
        let f = i64::from(column) + i64::from(first) - i64::from(row);
        if f < i64::from(n) {
            falling = falling | bit(f);
        }
        let r = i64::from(column) + i64::from(row) - i64::from(first);
        if r >= 0 {
            rising = rising | bit(r);
        }
    }
    let all = (0..n).fold(M::ZERO, |m, column| m | bit(i64::from(column)));
    Start {
        kernel: Kernel {
            all,
            tail_rows: TAIL_ROWS.max(n.saturating_sub(10)).min(MAX_TAIL_ROWS),
            nodes: Cell::new(0),
        },
        free_rows,
        masks: (columns, falling, rising),
    }
}

/// Whether a mask has any bit set, as 0 or 1.
#[inline(always)]
fn any<M: Mask>(m: M) -> u64 {
    u64::from(m != M::ZERO)
}

impl<M: Mask, const NODES: bool> Kernel<M, NODES> {
    /// Records `placed` more nodes: queens placed on an open square of a free row, by a branch
    /// or as a forced move. Nothing without `NODES`.
    #[inline(always)]
    fn tried(&self, placed: u64) {
        if NODES {
            self.nodes.set(self.nodes.get() + placed);
        }
    }

    /// The columns of the current free row still open after the masks.
    #[inline(always)]
    fn open(&self, columns: M, falling: M, rising: M) -> M {
        self.all & !(columns | rising | falling)
    }

    /// Completions of the `rem` free rows left (`rows` as in [`step_to_next`]), from any
    /// `rem >= 1`.
    fn count(&self, rows: u64, rem: u32, columns: M, falling: M, rising: M) -> u64 {
        match rem {
            0 => 1,
            1 => {
                let placed = any(self.open(columns, falling, rising));
                self.tried(placed);
                placed
            }
            2 => self.last_two(columns, falling, rising, step_to_next(rows)),
            3 => self.last_three(rows, columns, falling, rising),
            _ if rem <= self.tail_rows => self.tail(rows, rem, columns, falling, rising),
            _ => self.top(rows, rem, columns, falling, rising),
        }
    }

    /// The upper rows (`rem > tail_rows`): the plain bitmask loop, calling only for children
    /// whose row still has an open square. No statistics and no stop check here.
    fn top(&self, rows: u64, rem: u32, columns: M, falling: M, rising: M) -> u64 {
        let mut open = self.open(columns, falling, rising);
        self.tried(open.ones());
        let step = step_to_next(rows);
        let below = rows >> step;
        let mut total = 0;
        while open != M::ZERO {
            let bit = open.lowest();
            open = open ^ bit;
            let (c, f, r) = (
                columns | bit,
                (falling | bit) << step,
                (rising | bit) >> step,
            );
            if self.open(c, f, r) != M::ZERO {
                total += if rem - 1 > self.tail_rows {
                    self.top(below, rem - 1, c, f, r)
                } else {
                    self.tail(below, rem - 1, c, f, r)
                };
            }
        }
        total
    }

    /// The last `rem` rows (`4 <= rem <= tail_rows`), by [`Kernel::tail_of`] for that many.
    #[inline(always)]
    fn tail(&self, rows: u64, rem: u32, columns: M, falling: M, rising: M) -> u64 {
        match rem {
            4 => self.tail_of::<4>(rows, columns, falling, rising),
            5 => self.tail_of::<5>(rows, columns, falling, rising),
            6 => self.tail_of::<6>(rows, columns, falling, rising),
            7 => self.tail_of::<7>(rows, columns, falling, rising),
            8 => self.tail_of::<8>(rows, columns, falling, rising),
            9 => self.tail_of::<9>(rows, columns, falling, rising),
            10 => self.tail_of::<10>(rows, columns, falling, rising),
            // Not reached (`tail_rows <= MAX_TAIL_ROWS`); the plain loop counts any rem > 10 right.
            _ => self.top(rows, rem, columns, falling, rising),
        }
    }

    /// The last `REM` rows, where most nodes of the tree are. Before branching (from five rows
    /// left up), every remaining row is checked: a row with no open square, or a free column
    /// open in no row, ends the branch; a row with exactly one open square, or a column open in
    /// exactly one row, is filled at once, out of order. That queen enters the masks with its
    /// diagonals traced back up to the current row (`\` one column left and `/` one column
    /// right per row up), and its row leaves `rows`, so the later shifts jump it. This halves
    /// the nodes of the search, for a few mask operations per row.
    ///
    /// Compiled once per `REM`, so the look over the `REM - 1` rows below is unrolled and the
    /// call for the rows left after a move is direct: 10% fewer instructions and 25% fewer
    /// mispredicted branches than one loop for any count of rows (callgrind, n = 15), 2-4%
    /// less time.
    fn tail_of<const REM: u32>(&self, rows: u64, columns: M, falling: M, rising: M) -> u64 {
        // With four rows left the look costs more than it saves (measured 4-7% at n = 16-17).
        if REM > 4 {
            let mut below = rows & (rows - 1);
            let mut forced = (M::ZERO, 0);
            // Columns open in some remaining row, and in at least two.
            let mut once = self.open(columns, falling, rising);
            let mut twice = M::ZERO;
            for _ in 1..REM {
                let d = below.trailing_zeros();
                below &= below - 1;
                let open = self.all & !(columns | falling << d | rising >> d);
                if open == M::ZERO {
                    return 0;
                }
                if open.but_lowest() == M::ZERO {
                    forced = (open, d);
                    break;
                }
                twice = twice | (once & open);
                once = once | open;
            }
            if forced.0 == M::ZERO {
                let free = self.all & !columns;
                if once != free {
                    return 0;
                }
                let single = free & !twice;
                if single != M::ZERO {
                    forced = self.row_of(single.lowest(), rows, columns, falling, rising);
                }
            }
            if forced.0 != M::ZERO {
                let (bit, d) = forced;
                let (columns, mut falling, mut rising) =
                    (columns | bit, falling | bit >> d, rising | bit << d);
                self.tried(1);
                let mut rows = rows ^ 1 << d;
                if d == 0 {
                    // The current row itself was filled: move down to the next free one.
                    let step = rows.trailing_zeros();
                    falling = falling << step;
                    rising = rising >> step;
                    rows >>= step;
                }
                return self.tail(rows, REM - 1, columns, falling, rising);
            }
        }
        let mut open = self.open(columns, falling, rising);
        self.tried(open.ones());
        let step = step_to_next(rows);
        let below = rows >> step;
        let mut total = 0;
        while open != M::ZERO {
            let bit = open.lowest();
            open = open ^ bit;
            let (c, f, r) = (
                columns | bit,
                (falling | bit) << step,
                (rising | bit) >> step,
            );
            if REM == 4 {
                total += self.last_three(below, c, f, r);
            } else if self.open(c, f, r) != M::ZERO {
                total += self.tail(below, REM - 1, c, f, r);
            }
        }
        total
    }

    /// The square of `column` (one bit) in the only remaining row where it is open, as the
    /// column and the row's distance below the current one.
    fn row_of(&self, column: M, rows: u64, columns: M, falling: M, rising: M) -> (M, u32) {
        let open_in = |d: u32| column & !(columns | falling << d | rising >> d) != M::ZERO;
        // The caller saw the column open in some remaining row, so the search finds one.
        let d = (0..64)
            .find(|&d| rows >> d & 1 == 1 && open_in(d))
            .unwrap_or(0);
        (column, d)
    }

    /// Completions of the last three free rows: a loop over the first, then [`Kernel::last_two`].
    #[inline(always)]
    fn last_three(&self, rows: u64, columns: M, falling: M, rising: M) -> u64 {
        let mut open = self.open(columns, falling, rising);
        self.tried(open.ones());
        let step = step_to_next(rows);
        let gap = step_to_next(rows >> step);
        let mut total = 0;
        while open != M::ZERO {
            let bit = open.lowest();
            open = open ^ bit;
            total += self.last_two(
                columns | bit,
                (falling | bit) << step,
                (rising | bit) >> step,
                gap,
            );
        }
        total
    }

    /// Completions of the last two free rows, `gap` rows apart, without branching: the two
    /// columns left, `x` and `y`, go either `x` above `y` or `y` above `x`; each way needs both
    /// squares open, and neither way works if `x` and `y` are `gap` columns apart (a diagonal).
    #[inline(always)]
    fn last_two(&self, columns: M, falling: M, rising: M, gap: u32) -> u64 {
        let free = self.all & !columns;
        let x = free.lowest();
        let y = free ^ x;
        let upper = !(falling | rising);
        let lower = !(falling << gap | rising >> gap);
        let straight = any(x & upper) & any(y & lower);
        let crossed = any(y & upper) & any(x & lower);
        let apart = u64::from((x << gap | x >> gap) & y == M::ZERO);
        let completions = apart * (straight + crossed);
        // The queens tried in the upper row, and the lower row's, one per completion.
        self.tried(any(x & upper) + any(y & upper) + completions);
        completions
    }

    /// Like [`Kernel::count`] for the top [`POLLED_LEVELS`] rows and above [`UNPOLLED_ROWS`],
    /// looking at the stop flag at each node; `None` when stopped.
    fn count_polled(
        &self,
        d: usize,
        rows: u64,
        rem: u32,
        masks: (M, M, M),
        stop: &StopFlag,
    ) -> Option<u64> {
        let (columns, falling, rising) = masks;
        if (d >= POLLED_LEVELS && rem <= UNPOLLED_ROWS) || rem <= 3 {
            return Some(self.count(rows, rem, columns, falling, rising));
        }
        if stop.is_stopped() {
            return None;
        }
        let mut open = self.open(columns, falling, rising);
        self.tried(open.ones());
        let step = step_to_next(rows);
        let mut total = 0;
        while open != M::ZERO {
            let bit = open.lowest();
            open = open ^ bit;
            let next = (
                columns | bit,
                (falling | bit) << step,
                (rising | bit) >> step,
            );
            total += self.count_polled(d + 1, rows >> step, rem - 1, next, stop)?;
        }
        Some(total)
    }
}

/// Counts one class for an `n × n` board (`1 <= n <= 32`; `u128` masks above n = 22): the
/// solutions whose constellation lies in the class's orbit, and their classes up to rotation
/// and reflection; `None` if `stop` was raised first.
///
/// A class whose representative no symmetry fixes (almost all) stands for 8 constellations, each
/// with the same number `S` of completions, and its solutions fall into `S` classes of 8. A class
/// with a non-trivial stabilizer `G` has `8 / |G|` constellations, and by Burnside's lemma its
/// solutions make `(S + Σ fixed(g)) / |G|` classes, where `fixed(g)` counts the completions
/// that `g` maps onto themselves. Only a rotation can fix a solution, so only the rare classes
/// a rotation fixes have their solutions enumerated.
pub fn count_class(n: usize, class: Class, stop: &StopFlag) -> Option<Tally> {
    if n <= U64_MAX_N {
        count_with::<u64, false>(n, class, stop).map(|(tally, _)| tally)
    } else {
        count_with::<u128, false>(n, class, stop).map(|(tally, _)| tally)
    }
}

/// Like [`count_class`], with the nodes of the completion search: the queens it placed on an
/// open square of a free row, by branching or as forced moves (the edge queens, and the
/// enumeration of the rare rotation-fixed classes, are not counted). The same kernel compiled
/// with its node counter: about a fifth more instructions.
pub fn count_class_nodes(n: usize, class: Class, stop: &StopFlag) -> Option<(Tally, u64)> {
    if n <= U64_MAX_N {
        count_with::<u64, true>(n, class, stop)
    } else {
        count_with::<u128, true>(n, class, stop)
    }
}

/// The class's tally and, with `NODES`, the nodes searched (0 without).
fn count_with<M: Mask, const NODES: bool>(
    n: usize,
    class: Class,
    stop: &StopFlag,
) -> Option<(Tally, u64)> {
    let n32 = n as u32;
    let s = start::<M, NODES>(n32, class.constellation);
    let k = &s.kernel;
    if s.free_rows.is_empty() {
        // Every row holds an edge queen (only n = 1 gets here): the constellation is the
        // solution, so every symmetry fixing one fixes the other and the orbit is one class.
        let tally = Tally {
            total: class.orbit_size(),
            unique: 1,
        };
        return Some((tally, 0));
    }
    let first = s.free_rows[0];
    let rows = s.free_rows.iter().fold(0u64, |m, &r| m | 1 << (r - first));
    let free = s.free_rows.len() as u32;
    // A reflection of the board fixes no solution for n > 1 (two queens would share a row, a
    // column or, for the diagonal mirrors, an anti-diagonal), so only rotations need the
    // solutions enumerated for Burnside's lemma.
    let rotations: Vec<Symmetry> = Symmetry::ALL
        .iter()
        .enumerate()
        .filter(|&(i, g)| {
            class.stabilizer & 1 << i != 0
                && matches!(
                    g,
                    Symmetry::Rotate90 | Symmetry::Rotate180 | Symmetry::Rotate270
                )
        })
        .map(|(_, &g)| g)
        .collect();
    let completions = k.count_polled(0, rows, free, s.masks, stop)?;
    let mut fixed = 0u64;
    if !rotations.is_empty() {
        let mut board = vec![None; n];
        for (row, column) in class.constellation.squares(n32) {
            board[row as usize] = Some(column);
        }
        half_turn_completions(&mut board, 0, stop, &mut |solution| {
            fixed += rotations
                .iter()
                .filter(|g| g.apply(solution) == solution)
                .count() as u64;
        })?;
    }
    let tally = Tally {
        total: class.orbit_size() * completions,
        unique: (completions + fixed) / u64::from(class.stabilizer.count_ones()),
    };
    Some((tally, k.nodes.get()))
}

/// Whether a queen on (`row`, `column`) is safe from the queens on `board`.
fn safe(board: &[Option<u32>], row: usize, column: u32) -> bool {
    board.iter().enumerate().all(|(r, placed)| {
        placed.is_none_or(|c| c != column && r.abs_diff(row) != c.abs_diff(column) as usize)
    })
}

/// Passes to `on_solution` every completion of `board` (rows without a queen are `None`) that
/// a half turn maps onto itself; `None` when stopped. A rotation fixing a solution fixes it
/// under the half turn too, and such solutions are few: their queens come in pairs (r, c) and
/// (n - 1 - r, n - 1 - c), so the search fills pairs of rows from the top half only.
fn half_turn_completions(
    board: &mut [Option<u32>],
    row: usize,
    stop: &StopFlag,
    on_solution: &mut dyn FnMut(&[u32]),
) -> Option<()> {
    let last = board.len() - 1;
    let mirror = last - row;
    if row > mirror {
        let solution: Vec<u32> = board.iter().flatten().copied().collect();
        on_solution(&solution);
        return Some(());
    }
    if row < POLLED_LEVELS && stop.is_stopped() {
        return None;
    }
    let flip = |column: u32| last as u32 - column;
    match (board[row], board[mirror]) {
        (Some(a), Some(b)) if b == flip(a) => {
            half_turn_completions(board, row + 1, stop, on_solution)?;
        }
        (Some(_), Some(_)) => {}
        (Some(a), None) | (None, Some(a)) => {
            let (empty, column) = if board[row].is_none() {
                (row, flip(a))
            } else {
                (mirror, flip(a))
            };
            if safe(board, empty, column) {
                board[empty] = Some(column);
                half_turn_completions(board, row + 1, stop, on_solution)?;
                board[empty] = None;
            }
        }
        (None, None) => {
            for column in 0..=last as u32 {
                // The middle row of an odd board pairs with itself: only the centre works.
                if (row == mirror && column != flip(column)) || !safe(board, row, column) {
                    continue;
                }
                board[row] = Some(column);
                if row == mirror || safe(board, mirror, flip(column)) {
                    board[mirror] = Some(flip(column));
                    half_turn_completions(board, row + 1, stop, on_solution)?;
                    board[mirror] = None;
                }
                board[row] = None;
            }
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constellation::classes;

    /// Plain backtracking over the free rows in order: (completions, queens placed on a safe
    /// square), the nodes' definition without the kernel's shortcuts.
    fn plain(board: &mut [Option<u32>], row: usize) -> (u64, u64) {
        let n = board.len();
        if row == n {
            return (1, 0);
        }
        if board[row].is_some() {
            return plain(board, row + 1);
        }
        let (mut completions, mut nodes) = (0, 0);
        for column in 0..n as u32 {
            if !safe(board, row, column) {
                continue;
            }
            board[row] = Some(column);
            let (c, d) = plain(board, row + 1);
            board[row] = None;
            (completions, nodes) = (completions + c, nodes + 1 + d);
        }
        (completions, nodes)
    }

    /// Up to four free rows the kernel takes no shortcut that changes the tree (the look
    /// ahead starts at five), so its nodes are exactly plain backtracking's; above, forward
    /// checking and forced moves only prune, so they are at least the completions and at most
    /// plain backtracking's.
    #[test]
    fn nodes_are_the_queens_placed() {
        let stop = StopFlag::new();
        for n in 1..=11 {
            for class in classes(n) {
                let mut board = vec![None; n];
                for (row, column) in class.constellation.squares(n as u32) {
                    board[row as usize] = Some(column);
                }
                let free = board.iter().filter(|c| c.is_none()).count();
                let (completions, plain_nodes) = plain(&mut board, 0);
                let (_, nodes) = count_with::<u64, true>(n, class, &stop).unwrap();
                let (_, none) = count_with::<u64, false>(n, class, &stop).unwrap();
                assert_eq!(none, 0);
                if free <= 4 {
                    assert_eq!(nodes, plain_nodes, "n = {n}, {class:?}");
                } else {
                    assert!(
                        completions <= nodes && nodes <= plain_nodes,
                        "n = {n}, {class:?}: {nodes} nodes, plain {plain_nodes}"
                    );
                }
            }
        }
    }

    /// The `u128` masks serve only n > 22, too large to count in a test: they must agree with
    /// the `u64` ones class by class on small boards.
    #[test]
    fn wide_masks_count_like_narrow_ones() {
        let stop = StopFlag::new();
        for n in 1..=13 {
            for class in classes(n) {
                assert_eq!(
                    count_with::<u128, true>(n, class, &stop),
                    count_with::<u64, true>(n, class, &stop),
                    "n = {n}, {class:?}"
                );
            }
        }
    }
}
