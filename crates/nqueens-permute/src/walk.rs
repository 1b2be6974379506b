//! The walk over every permutation of `0..n` in lexicographic order, and the diagonal test.
//!
//! The walk keeps three things between permutations:
//! - `columns`, the permutation itself (`columns[row]` is the queen's column in `row`);
//! - `clash`, the first row whose queen shares a diagonal with an earlier row's queen (`n` when
//!   none does);
//! - `masks[row]`, the diagonals taken by the queens of rows `0..row`, for every
//!   `row <= clash`.
//!
//! The lexicographic step from one permutation to the next rewrites the columns from some pivot
//! row on and leaves rows `0..pivot` as they were. So when `clash < pivot`, the rows that clash
//! are untouched and the new permutation fails the test at once; otherwise the test resumes at
//! the pivot row from `masks[pivot]`. Every permutation is still written out by the step and
//! looked at by the test: no permutation is skipped.

use std::ops::ControlFlow;

use nqueens_core::{Ended, Event, Observer, StopFlag, attacking_pairs};

/// Largest board the walk is built for; its diagonal masks fit a `u32` up to 16 rows.
pub(crate) const MAX_N: usize = 15;

/// Permutations examined between looks at the stop flag: tens of microseconds apart.
const POLL_INTERVAL: u64 = 1 << 14;

/// What may end a walk early, and where its progress goes.
pub(crate) struct Limits<'a> {
    /// Polled every [`POLL_INTERVAL`] permutations.
    pub(crate) stop: &'a StopFlag,
    /// The most permutations to examine.
    pub(crate) budget: u64,
    /// Told of one subproblem per value of the first row's column (`n` in all): the walk
    /// reports [`Event::Started`] and one [`Event::SubproblemDone`] each time the first row
    /// moves on, a few times per walk and never per permutation.
    pub(crate) observer: Option<&'a dyn Observer>,
}

impl Limits<'_> {
    /// Reports `count` first-row columns done.
    fn done(&self, count: u64) {
        if let Some(observer) = self.observer {
            for _ in 0..count {
                observer.observe(Event::SubproblemDone);
            }
        }
    }
}

/// Walks every permutation of `0..n` in lexicographic order, handing those with no shared
/// diagonal to `on_solution`. Returns the permutations examined and how the walk ended
/// ([`Ended::Satisfied`] when `on_solution` broke), or `None` if `n` is not in `1..=MAX_N`.
pub(crate) fn walk<F>(n: usize, limits: &Limits<'_>, on_solution: &mut F) -> Option<(u64, Ended)>
where
    F: FnMut(&[u32]) -> ControlFlow<()>,
{
    if let Some(observer) = limits.observer {
        observer.observe(Event::Started {
            subproblems: n as u64,
        });
    }
    // The board size becomes a constant of each walk, so the compiler knows every array bound
    // and the fixed rows n - 2 and n - 1 of the common step.
    macro_rules! sized {
        ($($size:literal)*) => {
            match n {
                1 => Some(walk_one(limits, on_solution)),
                $($size => Some(walk_sized::<$size, F>(limits, on_solution)),)*
                _ => None,
            }
        };
    }
    sized!(2 3 4 5 6 7 8 9 10 11 12 13 14 15)
}

/// The one permutation of one row, which is a solution.
fn walk_one<F>(limits: &Limits<'_>, on_solution: &mut F) -> (u64, Ended)
where
    F: FnMut(&[u32]) -> ControlFlow<()>,
{
    if limits.budget == 0 {
        return (0, Ended::Budget);
    }
    limits.done(1);
    match on_solution(&[0]) {
        ControlFlow::Continue(()) => (1, Ended::Exhausted),
        ControlFlow::Break(()) => (1, Ended::Satisfied),
    }
}

/// The walk for boards of `N >= 2` rows.
fn walk_sized<const N: usize, F>(limits: &Limits<'_>, on_solution: &mut F) -> (u64, Ended)
where
    F: FnMut(&[u32]) -> ControlFlow<()>,
{
    if limits.budget == 0 {
        return (0, Ended::Budget);
    }
    let mut columns: [u32; N] = std::array::from_fn(|row| row as u32);
    let mut masks = [(0u32, 0u32); MAX_N + 1];
    let mut examined = 0u64;
    let mut checkpoint = POLL_INTERVAL.min(limits.budget);
    // The first permutation is tested from row 0, like any whose pivot is at or before its clash.
    let mut pivot = 0;
    let mut clash = 0;
    // First-row columns reported done. (For N = 2 the first row changes in the one-swap step,
    // which reports nothing; the end makes up for it.)
    let mut advanced = 0u64;
    loop {
        examined += 1;
        if clash >= pivot {
            clash = test_from::<N>(&columns, &mut masks, pivot);
            if clash == N && on_solution(&columns).is_break() {
                return (examined, Ended::Satisfied);
            }
        }
        if examined == checkpoint {
            if examined >= limits.budget {
                return (examined, Ended::Budget);
            }
            if limits.stop.is_stopped() {
                return (examined, Ended::Interrupted);
            }
            checkpoint = examined.saturating_add(POLL_INTERVAL).min(limits.budget);
        }
        // The lexicographic successor: the pivot is the last row whose column is below the next
        // row's; it takes the smallest larger column from the (descending) rows after it, which
        // are then reversed into ascending order. Half of all steps have the pivot at N - 2 and
        // are a single swap.
        if columns[N - 2] < columns[N - 1] {
            columns.swap(N - 2, N - 1);
            pivot = N - 2;
        } else if N >= 3 && columns[N.saturating_sub(3)] < columns[N - 2] {
            // A third of all steps: the pivot at N - 3, rows N - 2 and N - 1 descending.
            pivot = N - 3;
            let (first, middle, last) = (columns[N - 3], columns[N - 2], columns[N - 1]);
            (columns[N - 3], columns[N - 2], columns[N - 1]) = if last > first {
                (last, first, middle)
            } else {
                (middle, last, first)
            };
        } else {
            pivot = N - 2;
            loop {
                if pivot == 0 {
                    limits.done(N as u64 - advanced);
                    return (examined, Ended::Exhausted);
                }
                pivot -= 1;
                if columns[pivot] < columns[pivot + 1] {
                    break;
                }
            }
            let mut successor = N - 1;
            while columns[successor] < columns[pivot] {
                successor -= 1;
            }
            columns.swap(pivot, successor);
            columns[pivot + 1..].reverse();
            if pivot == 0 {
                limits.done(1);
                advanced += 1;
            }
        }
    }
}

/// Tests rows `from..N` against the rows before them, whose diagonals are `masks[from]`, and
/// records the masks of each row that passes. Returns the first clashing row, or `N`.
#[inline(always)]
fn test_from<const N: usize>(
    columns: &[u32; N],
    masks: &mut [(u32, u32); MAX_N + 1],
    from: usize,
) -> usize {
    let (mut rising, mut falling) = masks[from];
    for row in from..N {
        // One bit per diagonal: `/` diagonals are numbered row + column, `\` diagonals
        // row + (N - 1 - column); both numbers are below 2N - 1 <= 29.
        let column = columns[row] as usize;
        let up = 1u32 << (row + column);
        let down = 1u32 << (row + N - 1 - column);
        if (rising & up) | (falling & down) != 0 {
            return row;
        }
        rising |= up;
        falling |= down;
        masks[row + 1] = (rising, falling);
    }
    N
}

/// The walk of a watched first-solution search: the same permutations in the same order, with
/// the same budget and stop flag, reported to `steps` as they are examined (the rows each
/// lexicographic step rewrote are [assigned](Event::Assigned), all of them the first time, and
/// a solution is [found](Event::Found)). A plain loop of its own, so that [`walk`], the walk
/// that is timed, compiles exactly as it would without watching. `None` if `n` is not in
/// `1..=MAX_N`.
pub(crate) fn walk_watched<F>(
    n: usize,
    stop: &StopFlag,
    budget: u64,
    steps: &dyn Observer,
    on_solution: &mut F,
) -> Option<(u64, Ended)>
where
    F: FnMut(&[u32]) -> ControlFlow<()>,
{
    if !(1..=MAX_N).contains(&n) {
        return None;
    }
    if budget == 0 {
        return Some((0, Ended::Budget));
    }
    let mut columns: Vec<u32> = (0..n as u32).collect();
    let mut examined = 0u64;
    let mut pivot = 0;
    loop {
        examined += 1;
        for (row, &column) in columns.iter().enumerate().skip(pivot) {
            steps.observe(Event::Assigned {
                row,
                column: column as usize,
            });
        }
        // A permutation is a solution when no two queens share a diagonal: counted over the
        // pairs of rows (at most 105), without the validator's scratch sets or its error.
        if attacking_pairs(&columns) == 0 {
            steps.observe(Event::Found);
            if on_solution(&columns).is_break() {
                return Some((examined, Ended::Satisfied));
            }
        }
        if examined >= budget {
            return Some((examined, Ended::Budget));
        }
        // Watched, the flag is read at every permutation (its events cost far more): a trace
        // cut at its step cap stops the walk there, not up to POLL_INTERVAL permutations on.
        if stop.is_stopped() {
            return Some((examined, Ended::Interrupted));
        }
        // The lexicographic successor (see `walk_sized`), or the end of the walk.
        let Some(at) = (0..n - 1)
            .rev()
            .find(|&row| columns[row] < columns[row + 1])
        else {
            return Some((examined, Ended::Exhausted));
        };
        let successor = (at + 1..n).rev().find(|&row| columns[row] > columns[at])?;
        columns.swap(at, successor);
        columns[at + 1..].reverse();
        pivot = at;
    }
}
