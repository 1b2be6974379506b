//! # nqueens-local
//!
//! What the seeded local searches (`min-conflicts`, `annealing`, `genetic`, `hill-climbing`)
//! share, written once: the frame around a search ([`seeded`]), the uniform draw, the
//! fallible allocation of counters and the diagonal bookkeeping ([`DiagonalCounts`],
//! [`PermutationBoard`]).

#![deny(missing_docs)]

use nqueens_core::{
    Config, Ended, Error, Event, FirstRun, Reading, Solution, Stats, Tradeoff, known,
};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

mod board;

pub use board::{DiagonalCounts, PermutationBoard};

/// The heading of the local searches' tradeoff sentences
/// ([`Tradeoff::heading`](nqueens_core::Tradeoff::heading)): the report joins sentences by
/// equal headings, so theirs make one line.
pub const TRADEOFF_HEADING: &str = "Local search";

/// A local search's sentence against min-conflicts, the fastest of them: its time to a first
/// solution against min-conflicts' at the largest size both reach.
pub const SLOWER_THAN_MIN_CONFLICTS: Tradeoff = Tradeoff::new(
    TRADEOFF_HEADING,
    Reading::First,
    &["min-conflicts"],
    "`{{ us.id }}` is {{ (us.time / rival.time) | times(\"slower\", \"faster\") }} than `{{ \
     rival.id }}` at n = {{ n | size }} ({{ us.time | seconds }} against {{ rival.time | \
     seconds }})",
);

/// `len` zeroed counters, or `None` when the memory cannot be had (a huge board is refused
/// instead of aborting the process).
///
/// ```
/// assert_eq!(nqueens_local::zeroed_counters(3), Some(vec![0, 0, 0]));
/// ```
pub fn zeroed_counters(len: usize) -> Option<Vec<u32>> {
    let mut counters = Vec::new();
    counters.try_reserve_exact(len).ok()?;
    counters.resize(len, 0);
    Some(counters)
}

/// A number below `k`, from one uniform 64-bit `word`: the high half of `word · k` (Lemire's
/// multiply-shift), the same on every platform, with a bias below `k / 2^64`.
///
/// ```
/// use nqueens_local::uniform_below;
///
/// assert_eq!(uniform_below(0, 10), 0);
/// assert_eq!(uniform_below(u64::MAX, 10), 9);
/// assert_eq!(uniform_below(1 << 63, 10), 5);
/// ```
// Always inlined: min-conflicts draws it in its innermost loop.
#[inline(always)]
pub fn uniform_below(word: u64, k: usize) -> usize {
    ((u128::from(word) * k as u128) >> 64) as usize
}

/// How a seeded local search on `n` queens starts.
enum Start {
    /// Search with this seed and this many moves (or generations) at most.
    Search { seed: u64, budget: u64 },
    /// The answer is known without a move.
    Answered(FirstRun),
}

/// Draws the seed ([`Config::seed_or_fresh`]), answers the sizes without a solution (n = 2
/// and 3, OEIS A000170) and a budget of 0 at once (a local search could only wander there: it
/// cannot prove anything), and otherwise says which seed and budget (`config.budget`, else
/// `default_budget`) to search with.
fn start(n: usize, config: &Config, default_budget: u64) -> Start {
    let seed = config.seed_or_fresh();
    let answered =
        |ended| Start::Answered(FirstRun::without_solution(ended, Stats::default()).seeded(seed));
    if known::all_solutions(n) == Some(0) {
        return answered(Ended::Exhausted);
    }
    match config.budget.unwrap_or(default_budget) {
        0 => answered(Ended::Budget),
        budget => Start::Search { seed, budget },
    }
}

/// How a seeded search ended, with what it cost.
#[derive(Debug)]
pub enum Searched {
    /// It found the solution with these columns.
    Found(Vec<u32>, Stats),
    /// It ended without one, for this reason.
    Ended(Ended, Stats),
    /// It got stuck on this board with no restart left ([`FirstRun::stuck`]).
    Stuck(Vec<u32>, Stats),
}

/// Runs `search` on `n` queens with a seeded generator and its budget (n = 2 and 3, and a
/// budget of 0, answered at once), and ends it as a [`FirstRun`] with its seed, reporting
/// [`Event::Found`] and validating the solution when there is one.
///
/// ```
/// use nqueens_core::{Config, Ended, Stats};
/// use nqueens_local::{Searched, seeded};
///
/// let config = Config { seed: Some(7), ..Config::default() };
/// let run = seeded(4, &config, 100, |_rng, budget| {
///     assert_eq!(budget, 100);
///     Ok(Searched::Found(vec![1, 3, 0, 2], Stats::default()))
/// })?;
/// assert_eq!((run.ended(), run.seed), (Ended::Satisfied, Some(7)));
/// # Ok::<(), nqueens_core::Error>(())
/// ```
pub fn seeded(
    n: usize,
    config: &Config,
    default_budget: u64,
    search: impl FnOnce(&mut Xoshiro256PlusPlus, u64) -> Result<Searched, Error>,
) -> Result<FirstRun, Error> {
    let (seed, budget) = match start(n, config, default_budget) {
        Start::Search { seed, budget } => (seed, budget),
        Start::Answered(run) => return Ok(run),
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let run = match search(&mut rng, budget)? {
        Searched::Found(columns, stats) => {
            config.observe(Event::Found);
            FirstRun::found(Solution::from_columns(columns)?, stats)
        }
        Searched::Ended(ended, stats) => FirstRun::without_solution(ended, stats),
        Searched::Stuck(board, stats) => FirstRun::stuck(board, stats),
    };
    Ok(run.seeded(seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_without_a_solution_and_a_zero_budget_are_answered_without_a_search() {
        let config = Config {
            seed: Some(7),
            ..Config::default()
        };
        let never = |_: &mut Xoshiro256PlusPlus, _| -> Result<Searched, Error> {
            panic!("no search expected")
        };
        let run = seeded(3, &config, 100, never).unwrap();
        assert_eq!((run.ended(), run.seed), (Ended::Exhausted, Some(7)));
        let spent = Config {
            budget: Some(0),
            ..config.clone()
        };
        assert_eq!(
            seeded(8, &spent, 100, never).unwrap().ended(),
            Ended::Budget
        );
        let searched = seeded(8, &config, 100, |_, budget| {
            assert_eq!(budget, 100);
            Ok(Searched::Ended(Ended::Budget, Stats::default()))
        });
        assert_eq!(searched.unwrap().seed, Some(7));
    }
}
