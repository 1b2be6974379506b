//! The annealing loop: Metropolis acceptance of random swaps under a cooling schedule, with
//! reheats when the floor temperature stops making progress.

use nqueens_core::{Config, Ended, Event};
use nqueens_local::uniform_below;
use rand::Rng;
use rand::rngs::Xoshiro256PlusPlus;

use crate::{Schedule, Stall};
use nqueens_local::PermutationBoard;

/// Uphill moves larger than this are never accepted: at the hottest schedule (T = 2) their
/// probability would be below e^-32, about 10^-14.
const MAX_UPHILL: usize = 64;

/// How often (in proposals) the stop flag is polled: about every 50 µs.
const POLL: u64 = 4096;

/// e^-x for x >= 0, from additions, multiplications and divisions only.
///
/// Each of those is correctly rounded by IEEE 754, so the acceptance thresholds, and with them
/// every run of a seed, are the same on every platform; `f64::exp` comes from the platform's
/// maths library, which may differ in the last bit and flip an acceptance.
pub(crate) fn exp_neg(x: f64) -> f64 {
    if x.is_nan() || x > 700.0 {
        return 0.0;
    }
    let mut y = x.max(0.0);
    let mut halvings = 0;
    while y > 0.5 {
        y /= 2.0;
        halvings += 1;
    }
    // Taylor series of e^-y for y <= 0.5: 16 terms leave an error far below one ulp.
    let (mut term, mut sum) = (1.0f64, 1.0f64);
    for i in 1..=16 {
        term *= -y / f64::from(i);
        sum += term;
    }
    for _ in 0..halvings {
        sum *= sum;
    }
    sum
}

/// The acceptance thresholds at temperature `t`: an uphill move of `d` pairs is accepted when
/// a uniform 64-bit draw is below `table[d]`, that is with probability e^(-d / t).
fn thresholds(t: f64, table: &mut [u64; MAX_UPHILL + 1]) {
    table[0] = u64::MAX;
    for (d, slot) in table.iter_mut().enumerate().skip(1) {
        // A float-to-int `as` saturates: p = 1 cannot overflow.
        *slot = (exp_neg(d as f64 / t) * 18_446_744_073_709_551_616.0) as u64;
    }
}

/// What one annealing run did.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counters {
    /// Swaps proposed (each evaluated in O(1)): the budget's unit.
    pub(crate) proposals: u64,
    /// Proposals accepted: the swaps made.
    pub(crate) swaps: u64,
    /// Proposals accepted although they added attacking pairs.
    pub(crate) uphill: u64,
    /// Reheats after a stall at the floor temperature.
    pub(crate) reheats: u64,
}

/// Anneals `board` (already shuffled) until no pair attacks, `budget` proposals are spent, or
/// the stop flag is raised. Returns why it ended and what it did. With `OBSERVED`, the steps
/// go to `config`'s observer as the crate documentation says; without, only the reheats (as
/// [`Event::Restarted`]).
// Kept out of line: inlined twice into `solve_with` (observed and not), the unobserved loop
// measured about 3% more instructions than before the events; out of line, 4% fewer.
#[inline(never)]
pub(crate) fn anneal<const OBSERVED: bool>(
    board: &mut PermutationBoard,
    rng: &mut Xoshiro256PlusPlus,
    schedule: &Schedule,
    budget: u64,
    config: &Config,
) -> (Ended, Counters) {
    let n = board.len();
    let mut counters = Counters::default();
    if board.pairs() == 0 {
        return (Ended::Satisfied, counters);
    }
    // A temperature step lasts one sweep: as many proposals as queens (at least 64, so small
    // boards still see each temperature for a while).
    let sweep = (n as u64).max(64);
    let mut t = schedule.start;
    let mut table = [0u64; MAX_UPHILL + 1];
    thresholds(t, &mut table);
    let mut lowest = board.pairs();
    let mut stalled = 0u64;
    loop {
        let mut improved = false;
        for _ in 0..sweep {
            if counters.proposals == budget {
                return (Ended::Budget, counters);
            }
            if counters.proposals.is_multiple_of(POLL) && config.stop.is_stopped() {
                return (Ended::Interrupted, counters);
            }
            counters.proposals += 1;
            let i = uniform_below(rng.next_u64(), n);
            let mut j = uniform_below(rng.next_u64(), n - 1);
            j += usize::from(j >= i);
            let delta = board.swap_delta(i, j);
            if delta > 0 {
                let d = delta as usize;
                if d > MAX_UPHILL || rng.next_u64() >= table[d] {
                    continue;
                }
                counters.uphill += 1;
                if OBSERVED {
                    config.observe(Event::Conflict { row: i });
                }
            }
            board.swap(i, j, delta);
            counters.swaps += 1;
            if OBSERVED {
                config.observe(Event::Swapped {
                    first: i,
                    second: j,
                });
            }
            let pairs = board.pairs();
            if pairs < lowest {
                if pairs == 0 {
                    return (Ended::Satisfied, counters);
                }
                lowest = pairs;
                improved = true;
            }
        }
        if t > schedule.floor {
            t = (t * schedule.cooling).max(schedule.floor);
        } else if improved {
            stalled = 0;
        } else {
            stalled += 1;
            if stalled >= schedule.patience {
                // Frozen in a local minimum: heat up again and cool down from there, or
                // start over from a new random permutation.
                counters.reheats += 1;
                config.observe(Event::Restarted);
                match schedule.stalled {
                    Stall::Reheat(to) => t = to,
                    Stall::Restart => {
                        if !board.shuffle(rng, &config.stop) {
                            return (Ended::Interrupted, counters);
                        }
                        t = schedule.start;
                    }
                }
                if OBSERVED {
                    config.observe_board(board.columns());
                }
                stalled = 0;
                lowest = board.pairs();
            }
        }
        thresholds(t, &mut table);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_neg_is_close_to_the_library_exp() {
        for x in [0.0, 1e-9, 0.3, 0.5, 1.0, 2.5, 10.0, 40.0, 300.0] {
            let (ours, lib) = (exp_neg(x), (-x).exp());
            assert!(
                (ours - lib).abs() <= 1e-12 * lib,
                "x = {x}: {ours} vs {lib}"
            );
        }
        assert_eq!(exp_neg(1000.0), 0.0);
        assert_eq!(exp_neg(f64::NAN), 0.0);
    }

    #[test]
    fn thresholds_are_the_acceptance_probabilities() {
        let mut table = [0u64; MAX_UPHILL + 1];
        thresholds(1.0, &mut table);
        assert_eq!(table[0], u64::MAX);
        let p1 = table[1] as f64 / 2f64.powi(64);
        assert!((p1 - (-1f64).exp()).abs() < 1e-12);
        assert!(table.windows(2).all(|w| w[0] >= w[1]));
    }
}
