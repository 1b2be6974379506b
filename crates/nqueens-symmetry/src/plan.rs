//! The list of subproblems of one count: one per orbit of border constellations.

use std::sync::atomic::{AtomicU64, Ordering};

use nqueens_core::split::{Fingerprint, Subproblems, Tally};
use nqueens_core::{Error, Operation, Stats, StopFlag};

use crate::constellation::{Class, classes};
use crate::kernel::{count_class, count_class_nodes};

/// The largest board the 64-bit masks of the search hold (see the kernel's offsets).
pub const MAX_MASK_N: usize = 32;

/// The subproblems of counting the `n × n` board: one per orbit of border constellations, in a
/// fixed order, so that index `i` means the same work in every process and on every machine
/// (the counter's [`Subproblems`]).
#[derive(Debug)]
pub(crate) struct Plan {
    n: usize,
    classes: Vec<Class>,
    /// For a count that asks for statistics ([`Config::stats`](nqueens_core::Config::stats)),
    /// the nodes of the finished subproblems, counted by the kernel compiled with its node
    /// counter and added once per subproblem, so the threads rarely share it.
    nodes: Option<AtomicU64>,
}

impl Plan {
    /// The plan for `n` (`1..=32`, what the kernel's masks hold): about `n⁴ / 8` subproblems,
    /// listed in a few milliseconds; with `counting_nodes`, counted with the node counter.
    pub(crate) fn new(n: usize, counting_nodes: bool) -> Result<Plan, Error> {
        if n == 0 {
            return Err(Error::ZeroSize);
        }
        if n > MAX_MASK_N {
            return Err(Error::TooLarge {
                strategy: crate::NAME,
                operation: Operation::Count,
                n,
                limit: MAX_MASK_N,
            });
        }
        Ok(Plan {
            n,
            classes: classes(n),
            nodes: counting_nodes.then(|| AtomicU64::new(0)),
        })
    }
}

impl Subproblems for Plan {
    fn strategy(&self) -> &'static str {
        crate::NAME
    }

    fn n(&self) -> usize {
        self.n
    }

    /// One per class of border constellations; none for n = 2 and 3 (no border constellation
    /// is possible).
    fn len(&self) -> usize {
        self.classes.len()
    }

    /// A hash of the subproblem list (FNV-1a over each class's constellation and stabilizer, in
    /// order), as 16 hexadecimal digits. Checkpoints and shard records carry it, so that the
    /// work of a version that lists the subproblems differently is refused instead of being
    /// added to the wrong ones.
    fn fingerprint(&self) -> String {
        let mut hash = Fingerprint::new();
        hash.word(self.n as u32);
        for class in &self.classes {
            let c = class.constellation;
            for word in [
                c.top,
                c.bottom,
                c.left,
                c.right,
                u32::from(class.stabilizer),
            ] {
                hash.word(word);
            }
        }
        hash.finish()
    }

    /// Counts the solutions of one class's orbit and their classes with the kernel, which
    /// looks at `stop` often enough to answer it within milliseconds.
    fn count_one(&self, index: usize, stop: &StopFlag) -> Result<Option<Tally>, Error> {
        let Some(nodes) = &self.nodes else {
            return Ok(count_class(self.n, self.classes[index], stop));
        };
        let Some((tally, counted)) = count_class_nodes(self.n, self.classes[index], stop) else {
            return Ok(None);
        };
        nodes.fetch_add(counted, Ordering::Relaxed);
        Ok(Some(tally))
    }

    fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes.as_ref().map_or(0, |n| n.load(Ordering::Relaxed)),
            ..Stats::default()
        }
    }
}
