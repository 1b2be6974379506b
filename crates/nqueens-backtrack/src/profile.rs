//! Knuth's profile of the backtrack tree: how many nodes each level of the row-by-row tree has.
//!
//! Knuth (*The Art of Computer Programming*, vol. 4, pre-fascicle 5B, §7.2.2 *Backtrack
//! programming*, 2018) measures a backtrack search by its tree: level k holds the partial
//! placements of k queens in the first k rows that no two attack, the empty board at level 0
//! and the solutions at level n. The list of level sizes is the tree's *profile*, OEIS A319284
//! (rows n = 0..19); A319283 gives its sum, A319235 and A319236 the profiles of n = 8 (1, 8,
//! 42, 140, 344, 568, 550, 312, 92: 2,057 nodes) and n = 16 (1,141,190,303 nodes).
//!
//! Both backtracking forms walk exactly this tree, so the profile is read from the events they
//! already report to an [`Observer`]: each [`Event::Placed`] in row `r` is one node at level
//! `r + 1` ([`walk`], what `vector` does, and `bitmask` with given queens). Without given
//! queens `bitmask` has a faster walk of its own, over half the tree by the mirror
//! (`bitmask/levels.rs`). Nothing is added to the searches: a run that nobody profiles is
//! compiled without the calls (see [`Event`]), and the counting kernels are not involved at
//! all.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use nqueens_core::{Config, Ended, Error, Event, Observer, Solver};

/// The profile of a row-by-row backtrack tree (Knuth; OEIS A319284), as a search walked it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeProfile {
    /// `levels[k]`: the nodes at level `k`, the placements of `k` queens in the first `k` rows
    /// that no two attack. `levels[0] = 1` is the empty board and `levels[n]` the solutions, so
    /// there are `n + 1` levels.
    pub levels: Vec<u64>,
    /// How the walk ended: only [`Ended::Exhausted`] gives the whole tree; otherwise the levels
    /// count what was visited before the stop.
    pub ended: Ended,
}

impl TreeProfile {
    /// The board size.
    pub fn n(&self) -> usize {
        self.levels.len().saturating_sub(1)
    }

    /// Every node of the tree, the empty board included (OEIS A319283: 2,057 for n = 8).
    pub fn total(&self) -> u64 {
        self.levels.iter().sum()
    }

    /// The nodes above the last level: the placements whose next row the search tries (2,057
    /// - 92 = 1,965 for n = 8).
    pub fn interior(&self) -> u64 {
        self.total() - self.levels.last().copied().unwrap_or(0)
    }

    /// The squares a search that tries every column of the next row examines: `n` per
    /// interior node, Knuth's 15,720 for n = 8. The `vector` board makes exactly these safety
    /// tests (its loop tests each column of the row below every interior node), though no
    /// [`Stats`](nqueens_core::Stats) field counts them; `bitmask` takes its free squares from
    /// the masks and never looks at an attacked one.
    pub fn squares_examined(&self) -> u64 {
        self.n() as u64 * self.interior()
    }
}

/// Counts the [`Event::Placed`] of each row: the nodes of each level below the root.
struct LevelCounter {
    placed: Vec<AtomicU64>,
}

impl Observer for LevelCounter {
    fn observe(&self, event: Event) {
        if let Event::Placed { row, .. } = event
            && let Some(count) = self.placed.get(row)
        {
            count.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Walks the whole tree of `solver` (one of this crate's two forms, which visit it row by row,
/// top down) for the `n × n` board and reads its profile from the placements its listing
/// search reports.
/// `config`'s stop flag ends the walk early; its observer, if any, is replaced.
pub(crate) fn walk(solver: &dyn Solver, n: usize, config: &Config) -> Result<TreeProfile, Error> {
    let counter = Arc::new(LevelCounter {
        placed: (0..n).map(|_| AtomicU64::new(0)).collect(),
    });
    let watched = Config {
        observer: Some(counter.clone()),
        ..config.clone()
    };
    let run = solver.visit(n, &watched, &mut |_| ControlFlow::Continue(()))?;
    let levels = std::iter::once(1)
        .chain(
            counter
                .placed
                .iter()
                .map(|count| count.load(Ordering::Relaxed)),
        )
        .collect();
    Ok(TreeProfile {
        levels,
        ended: run.ended,
    })
}
