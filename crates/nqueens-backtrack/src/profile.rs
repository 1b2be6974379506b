//! Knuth's profile of the backtrack tree: how many nodes each level of the row-by-row tree has.
//!
//! Knuth (*The Art of Computer Programming*, vol. 4, pre-fascicle 5B, §7.2.2 *Backtrack
//! programming*, 2018) measures a backtrack search by its tree: level k holds the partial
//! placements of k queens in the first k rows that no two attack, the empty board at level 0
//! and the solutions at level n. The list of level sizes is the tree's *profile*, OEIS A319284
//! (rows n = 0..19); A319283 gives its sum, A319235 and A319236 the profiles of n = 8 (1, 8,
//! 42, 140, 344, 568, 550, 312, 92: 2,057 nodes) and n = 16 (1,141,190,303 nodes).
//!
//! Both backtracking forms walk exactly this tree, so [`walk`] reads the profile from the
//! events they report to an [`Observer`]: each [`Event::Placed`] in row `r` is one node at
//! level `r + 1`. (Without given queens `bitmask` walks half the tree by the mirror instead,
//! in `bitmask/levels.rs`.)

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use nqueens_core::{Config, Error, Event, Observer, Solver, TreeProfile};

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

/// Walks the whole tree of `solver` (one of this crate's two forms) for the `n × n` board and
/// reads its profile from the placements its listing search reports; `config`'s stop flag
/// ends the walk early, and its observer, if any, is replaced.
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
