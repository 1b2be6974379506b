//! The one runner of the workspace: any subset of a list of subproblems on several threads,
//! for a plain count ([`count_plan`]) as for shards, checkpoints and audits.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::{Config, CountRun, Ended, Error, Event};

use super::{Subproblems, Tally};

/// What [`count_subproblems`] counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanRun {
    /// Solutions in the subproblems that finished.
    pub total: u64,
    /// Classes of solutions in them.
    pub unique: u64,
    /// How many subproblems finished.
    pub done: usize,
    /// [`Ended::Exhausted`] when every requested subproblem finished.
    pub ended: Ended,
}

/// Counts every subproblem of `plan` on [`Config::thread_count`] threads.
pub fn count_plan(plan: &dyn Subproblems, config: &Config) -> Result<PlanRun, Error> {
    let all: Vec<usize> = (0..plan.len()).collect();
    count_subproblems(plan, &all, config, &|_, _| {})
}

/// [`count_plan`] as a whole count, with the plan's statistics (and `classes`).
pub fn count_whole(
    plan: &dyn Subproblems,
    config: &Config,
    classes: bool,
) -> Result<CountRun, Error> {
    let run = count_plan(plan, config)?;
    Ok(CountRun {
        unique: classes.then_some(run.unique),
        ..CountRun::new(run.total, run.ended, plan.stats())
    })
}

/// Counts the subproblems `todo` (each below `plan.len()`) on [`Config::thread_count`]
/// threads, calling `on_done` with each finished one's index and tally, from the workers.
///
/// Reports [`Event::Started`] and one [`Event::SubproblemDone`] per subproblem. At the stop
/// flag the subproblems under way are abandoned (the result stays a sum of whole subproblems)
/// and the run ends as the flag says; a subproblem that fails raises the flag and the count
/// returns its error. The work is taken in an interleaved order, so the first subproblems to
/// finish are a fair sample of the rest.
pub fn count_subproblems(
    plan: &dyn Subproblems,
    todo: &[usize],
    config: &Config,
    on_done: &(dyn Fn(usize, Tally) + Sync),
) -> Result<PlanRun, Error> {
    if let Some(&bad) = todo.iter().find(|&&i| i >= plan.len()) {
        return Err(Error::NoSuchSubproblem {
            strategy: plan.strategy(),
            n: plan.n(),
            index: bad,
            len: plan.len(),
        });
    }
    config.observe(Event::Started {
        subproblems: todo.len() as u64,
    });
    let order = interleaved(todo.len());
    let next = AtomicUsize::new(0);
    let total = AtomicU64::new(0);
    let unique = AtomicU64::new(0);
    let done = AtomicUsize::new(0);
    let stopped = AtomicBool::new(false);
    let failure = OnceLock::new();
    let overflowed = AtomicBool::new(false);
    // Sums are checked, never wrapped: a count past u64::MAX is an error, not a wrong answer.
    let add = |sum: &AtomicU64, value: u64| {
        sum.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| {
            s.checked_add(value)
        })
        .is_ok()
    };
    let worker = || {
        while let Some(&position) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
            let index = todo[position];
            let tally = match plan.count_one(index, &config.stop) {
                Ok(Some(tally)) => tally,
                Ok(None) => {
                    stopped.store(true, Ordering::Relaxed);
                    return;
                }
                Err(error) => {
                    config.stop.stop();
                    let _ = failure.set(error);
                    return;
                }
            };
            if !(add(&total, tally.total) && add(&unique, tally.unique)) {
                overflowed.store(true, Ordering::Relaxed);
                return;
            }
            done.fetch_add(1, Ordering::Relaxed);
            on_done(index, tally);
            config.observe(Event::SubproblemDone);
        }
    };
    let threads = config.thread_count().min(todo.len().max(1));
    std::thread::scope(|scope| {
        let workers: Vec<_> = (1..threads)
            .map(|_| std::thread::Builder::new().spawn_scoped(scope, worker))
            .collect();
        worker();
        // A thread that could not start leaves its share to the others; a worker that
        // panicked is a bug, passed on rather than reported as an interruption.
        for handle in workers.into_iter().flatten() {
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
    if let Some(error) = failure.into_inner() {
        return Err(error);
    }
    if overflowed.into_inner() {
        return Err(Error::Overflow {
            strategy: plan.strategy(),
            n: plan.n(),
        });
    }
    let done = done.into_inner();
    let ended = if !stopped.into_inner() && done == todo.len() {
        Ended::Exhausted
    } else {
        config.stop.reason().unwrap_or(Ended::Interrupted)
    };
    Ok(PlanRun {
        total: total.into_inner(),
        unique: unique.into_inner(),
        done,
        ended,
    })
}

/// A permutation of `0..len` by a large stride, so that any prefix samples the list evenly.
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
    use crate::StopFlag;

    #[test]
    fn interleaving_is_a_permutation() {
        for len in 0..200 {
            let mut order = interleaved(len);
            order.sort_unstable();
            assert_eq!(order, (0..len).collect::<Vec<_>>());
        }
    }

    /// Subproblem `i` has `i` solutions.
    struct Ramp(usize);

    impl Subproblems for Ramp {
        fn strategy(&self) -> &'static str {
            "ramp"
        }
        fn n(&self) -> usize {
            1
        }
        fn len(&self) -> usize {
            self.0
        }
        fn fingerprint(&self) -> String {
            format!("{:016x}", self.0)
        }
        fn count_one(&self, index: usize, stop: &StopFlag) -> Result<Option<Tally>, Error> {
            Ok((!stop.is_stopped()).then_some(Tally {
                total: index as u64,
                unique: 0,
            }))
        }
    }

    #[test]
    fn counts_every_piece_once_on_several_threads() {
        let config = Config {
            threads: Some(3),
            ..Config::default()
        };
        let all: Vec<usize> = (0..100).collect();
        let run = count_subproblems(&Ramp(100), &all, &config, &|_, _| {}).unwrap();
        assert_eq!(
            (run.total, run.done, run.ended),
            (4950, 100, Ended::Exhausted)
        );
        config.stop.expire();
        let run = count_subproblems(&Ramp(100), &all, &config, &|_, _| {}).unwrap();
        assert_eq!((run.done, run.ended), (0, Ended::Deadline));
        assert!(count_subproblems(&Ramp(3), &[3], &Config::default(), &|_, _| {}).is_err());
    }

    /// Subproblem 5 fails (as a table that cannot get its memory does).
    struct Failing;

    impl Subproblems for Failing {
        fn strategy(&self) -> &'static str {
            "failing"
        }
        fn n(&self) -> usize {
            1
        }
        fn len(&self) -> usize {
            10
        }
        fn fingerprint(&self) -> String {
            "000000000000000a".into()
        }
        fn count_one(&self, index: usize, stop: &StopFlag) -> Result<Option<Tally>, Error> {
            if index == 5 {
                return Err(Error::OutOfMemory {
                    strategy: "failing",
                    n: 1,
                    what: "a table".into(),
                });
            }
            Ok((!stop.is_stopped()).then_some(Tally {
                total: 1,
                unique: 0,
            }))
        }
    }

    #[test]
    fn a_failed_subproblem_is_its_error_not_an_interruption() {
        let all: Vec<usize> = (0..10).collect();
        let done = AtomicUsize::new(0);
        let config = Config::default();
        let result = count_subproblems(&Failing, &all, &config, &|_, _| {
            done.fetch_add(1, Ordering::Relaxed);
        });
        assert!(
            matches!(result, Err(Error::OutOfMemory { .. })),
            "{result:?}"
        );
        // What finished before it was reported (a checkpoint keeps it); the others were
        // stopped.
        assert!(done.into_inner() < 10);
        assert!(config.stop.is_stopped());
    }

    /// Every subproblem has a third of `u64::MAX` solutions: four of them overflow.
    struct Huge;

    impl Subproblems for Huge {
        fn strategy(&self) -> &'static str {
            "huge"
        }
        fn n(&self) -> usize {
            1
        }
        fn len(&self) -> usize {
            4
        }
        fn fingerprint(&self) -> String {
            "0000000000000004".into()
        }
        fn count_one(&self, _: usize, _: &StopFlag) -> Result<Option<Tally>, Error> {
            Ok(Some(Tally {
                total: u64::MAX / 3,
                unique: 0,
            }))
        }
    }

    #[test]
    fn a_sum_past_u64_max_is_an_error_not_a_wrapped_count() {
        for threads in [1, 2] {
            let config = Config {
                threads: Some(threads),
                ..Config::default()
            };
            let three = count_subproblems(&Huge, &[0, 1, 2], &config, &|_, _| {}).unwrap();
            assert_eq!(three.total, u64::MAX / 3 * 3);
            let four = count_subproblems(&Huge, &[0, 1, 2, 3], &config, &|_, _| {});
            assert!(matches!(
                four,
                Err(Error::Overflow {
                    strategy: "huge",
                    n: 1
                })
            ));
        }
    }
}
