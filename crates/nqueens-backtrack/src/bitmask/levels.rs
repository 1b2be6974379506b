//! The bitmask form's own walk for the tree's profile: the nodes per level kept in a plain
//! array, over half the tree by the mirror, so that n = 16's 1,141,190,303 nodes take seconds
//! rather than the half-minute of a walk that reports every step to an observer.

use nqueens_core::{Ended, StopFlag};

use super::descend;
use crate::STOP_POLL_MASK;

/// The nodes per level of the whole `n × n` tree (`n + 1` levels, the root's 1 first), and how
/// the walk ended: stopped by `stop` or exhausted.
///
/// The mirror `c -> n - 1 - c` maps the subtree below a first queen in column `c` onto the one
/// below column `n - 1 - c` level by level, so the walk visits the first row's left half
/// (counted twice) and the middle column of odd `n` (once), as the counter does.
pub(super) fn mirrored(n: usize, stop: &StopFlag) -> (Vec<u64>, Ended) {
    let all = super::full_mask(n);
    let mut levels = vec![0u64; n + 1];
    levels[0] = 1;
    let first_row = (0..n / 2)
        .map(|c| (1u32 << c, 2))
        .chain((n % 2 == 1).then(|| (1u32 << (n / 2), 1)));
    let mut below = vec![0u64; n + 1];
    let mut visited = 0u64;
    for (bit, weight) in first_row {
        below.fill(0);
        below[1] = 1;
        let stopped = n > 1
            && walk(
                all,
                descend(0, 0, 0, bit),
                1,
                &mut below,
                &mut visited,
                stop,
            );
        for (level, count) in levels.iter_mut().zip(&below).skip(1) {
            *level += weight * count;
        }
        if stopped {
            return (levels, stop.reason().unwrap_or(Ended::Interrupted));
        }
    }
    (levels, Ended::Exhausted)
}

/// Adds the nodes below a partial placement of `row` queens, with attack masks `masks`, to
/// `levels` (a queen put in row `row` is a node of level `row + 1`); `visited` counts the
/// nodes for the stop flag's polls. Returns whether `stop` was seen raised.
fn walk(
    all: u32,
    (columns, falling, rising): (u32, u32, u32),
    row: usize,
    levels: &mut [u64],
    visited: &mut u64,
    stop: &StopFlag,
) -> bool {
    let mut free = all & !(columns | falling | rising);
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        levels[row + 1] += 1;
        *visited += 1;
        if *visited & STOP_POLL_MASK == 0 && stop.is_stopped() {
            return true;
        }
        let next = descend(columns, falling, rising, bit);
        if row + 1 < levels.len() - 1 && walk(all, next, row + 1, levels, visited, stop) {
            return true;
        }
    }
    false
}
