//! The list of subproblems of one count, and running any subset of it on a thread pool.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use nqueens_core::{Config, Error, Operation};

use crate::constellation::{Class, classes};
use crate::kernel::{Tally, count_class};
use crate::{Shard, ShardRecord};

/// The largest board the 64-bit masks of the search hold (see the kernel's offsets).
pub const MAX_MASK_N: usize = 32;

/// The subproblems of counting the `n × n` board: one per orbit of border constellations, in a
/// fixed order, so that index `i` means the same work in every process and on every machine.
///
/// ```
/// use nqueens_core::Config;
/// use nqueens_symmetry::Plan;
///
/// let plan = Plan::new(8)?;
/// let all: Vec<usize> = (0..plan.len()).collect();
/// let run = plan.run(&all, &Config::default(), &|_, _| {})?;
/// assert_eq!((run.total, run.unique, run.complete), (92, 12, true));
/// # Ok::<(), nqueens_core::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Plan {
    n: usize,
    classes: Vec<Class>,
}

/// What [`Plan::run`] counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanRun {
    /// Solutions in the subproblems that finished.
    pub total: u64,
    /// Classes of solutions (up to rotation and reflection) in them.
    pub unique: u64,
    /// How many subproblems finished.
    pub done: usize,
    /// Whether every requested subproblem finished (false after a stop).
    pub complete: bool,
}

impl Plan {
    /// The plan for `n` (`1..=32`): about `n⁴ / 8` subproblems, listed in a few milliseconds.
    pub fn new(n: usize) -> Result<Plan, Error> {
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
        })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// How many subproblems there are.
    pub fn len(&self) -> usize {
        self.classes.len()
    }

    /// A hash of the subproblem list (FNV-1a over each class's constellation and stabilizer, in
    /// order), as 16 hexadecimal digits. Checkpoints and shard records carry it, so that the
    /// work of a version that lists the subproblems differently is refused instead of being
    /// added to the wrong ones.
    pub fn fingerprint(&self) -> String {
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        let mut mix = |word: u32| {
            for byte in word.to_le_bytes() {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        };
        mix(self.n as u32);
        for class in &self.classes {
            let c = class.constellation;
            for word in [
                c.top,
                c.bottom,
                c.left,
                c.right,
                u32::from(class.stabilizer),
            ] {
                mix(word);
            }
        }
        format!("{hash:016x}")
    }

    /// The most slices `count --shard I/K` may cut the plan into: one subproblem each (one
    /// slice when there are none).
    pub fn max_slices(&self) -> usize {
        self.len().max(1)
    }

    /// Whether there are none (n = 2 and 3: no border constellation is possible).
    pub fn is_empty(&self) -> bool {
        self.classes.is_empty()
    }

    /// Counts the subproblems whose indices are in `todo` (each below [`Plan::len`]; duplicates
    /// are counted twice) on `config.threads` threads (all cores if `None`), calling `on_done`
    /// with each finished subproblem's index and tally as it finishes, from the worker threads.
    ///
    /// Reports `start(todo.len())` and one `advance(1)` per subproblem to `config.progress`.
    /// When `config.stop` is raised, the subproblems under way are abandoned (their partial
    /// counts dropped, so the result stays a sum of whole subproblems) and the run returns with
    /// `complete: false`. The work is taken in an interleaved order, so the first subproblems
    /// to finish are a fair sample for estimating the rest.
    pub fn run(
        &self,
        todo: &[usize],
        config: &Config,
        on_done: &(dyn Fn(usize, Tally) + Sync),
    ) -> Result<PlanRun, Error> {
        if let Some(&bad) = todo.iter().find(|&&i| i >= self.len()) {
            return Err(Error::Refused {
                strategy: crate::NAME,
                n: self.n,
                reason: format!(
                    "subproblem {bad} does not exist (the plan has {})",
                    self.len()
                ),
            });
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(config.threads.unwrap_or(0))
            .build()
            .map_err(|e| Error::Refused {
                strategy: crate::NAME,
                n: self.n,
                reason: format!("cannot start worker threads: {e}"),
            })?;
        if let Some(progress) = &config.progress {
            progress.start(todo.len() as u64);
        }
        let order = interleaved(todo.len());
        let next = AtomicUsize::new(0);
        let total = AtomicU64::new(0);
        let unique = AtomicU64::new(0);
        let done = AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        let worker = || {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&position) = order.get(i) else {
                    return;
                };
                let index = todo[position];
                let Some(tally) = count_class(self.n, self.classes[index], &config.stop) else {
                    stopped.store(true, Ordering::Relaxed);
                    return;
                };
                total.fetch_add(tally.total, Ordering::Relaxed);
                unique.fetch_add(tally.unique, Ordering::Relaxed);
                done.fetch_add(1, Ordering::Relaxed);
                on_done(index, tally);
                if let Some(progress) = &config.progress {
                    progress.advance(1);
                }
            }
        };
        pool.scope(|scope| {
            for _ in 0..pool.current_num_threads() {
                scope.spawn(|_| worker());
            }
        });
        let done = done.into_inner();
        Ok(PlanRun {
            total: total.into_inner(),
            unique: unique.into_inner(),
            done,
            complete: !stopped.into_inner() && done == todo.len(),
        })
    }
}

impl Plan {
    /// Counts one slice of the plan (all of it with [`Shard::whole`]) and describes the result
    /// for [`crate::merge`]. Interrupted by `config.stop`, the record says `complete: false`.
    pub fn count_shard(&self, shard: Shard, config: &Config) -> Result<ShardRecord, Error> {
        let started = Instant::now();
        let run = self.run(&shard.indices(self.len()), config, &|_, _| {})?;
        Ok(self.shard_record(shard, run, started))
    }

    pub(crate) fn shard_record(&self, shard: Shard, run: PlanRun, started: Instant) -> ShardRecord {
        ShardRecord {
            strategy: crate::NAME.to_string(),
            n: self.n,
            shard,
            subproblems: shard.indices(self.len()).len(),
            plan: self.len(),
            fingerprint: self.fingerprint(),
            count: run.total,
            unique: run.unique,
            complete: run.complete,
            elapsed: started.elapsed().as_secs_f64(),
        }
    }
}

/// A permutation of `0..len` that walks the list with a large stride, so that any prefix of it
/// samples the whole list evenly.
fn interleaved(len: usize) -> Vec<usize> {
    // A stride near len / φ that shares no factor with len visits every position once.
    let mut stride = (len as f64 * 0.618_033_988_7) as usize;
    while stride > 1 && gcd(stride, len) != 1 {
        stride -= 1;
    }
    let stride = stride.max(1);
    (0..len).map(|i| i * stride % len).collect()
}

fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interleaving_is_a_permutation() {
        for len in 0..200 {
            let mut order = interleaved(len);
            order.sort_unstable();
            assert_eq!(order, (0..len).collect::<Vec<_>>());
        }
    }
}
