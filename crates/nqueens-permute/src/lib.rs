//! # nqueens-permute
//!
//! Permutation filtering, the approach of Roger Hui's J essay: every row and every column holds
//! exactly one queen, so a candidate is a permutation of `0..n` (`columns[row]`); walk **every**
//! permutation and keep those where no two queens share a diagonal. It is the brute-force
//! baseline of the comparison. Registry name `permutation`: [`PermutationSolver`].
//!
//! ## The walk
//!
//! Permutations come in lexicographic order, so solutions do too (as the backtracking
//! strategies list them). The step is the classic successor (Knuth, *The Art of Computer
//! Programming* 4A, §7.2.1.2, Algorithm L): find the pivot (the last row whose column is
//! smaller than the next row's), swap it with the smallest larger column after it, reverse the
//! rows after it; O(1) amortized.
//!
//! The diagonal test stops at the first clashing row and reuses what the step left alone: rows
//! `0..pivot` keep their diagonal masks, so a clash among them fails the permutation without
//! another look, and otherwise the test resumes at the pivot row. That is all it reuses: unlike
//! backtracking, which skips every permutation of a clashing prefix, each of the `n!`
//! permutations is generated and counted in
//! [`Stats::examined`](nqueens_core::Stats::examined). There is no search tree: `nodes` and
//! `backtracks` stay 0.
//!
//! ## Limits
//!
//! | operation | sizes | why |
//! |---|---|---|
//! | count, list | n ≤ 13 | 13! ≈ 6.2 × 10⁹ permutations |
//! | first | n ≤ 15 | the first solution of n = 15 is permutation number 7,205,631,500 |
//!
//! The first solution's rank grows about as `n!` (n = 14: 572,494,993; n = 16: about 10¹¹), so
//! both limits cap a run near seven billion permutations; larger sizes are
//! [`Error::TooLarge`]. A first-solution search also stops after
//! [`Config::budget`](nqueens_core::Config::budget) permutations; listing and counting ignore it.
//!
//! ## Complexity and speed
//!
//! Time Θ(n!) for a count or a listing, and for a first solution its rank; O(n) memory. The
//! walk's rate against the C yardstick of the same walk (`shared/yardstick/permutations.c`) is
//! in the comparison report (`reports/README.md`); `cargo run --release -p nqueens-permute
//! --example rate -- 12` times one count by hand.
//!
//! ```
//! use nqueens_core::{Config, Solver};
//! use nqueens_permute::PermutationSolver;
//!
//! let run = PermutationSolver.count(8, &Config::default())?;
//! assert_eq!(run.total, 92);
//! assert_eq!(run.stats.examined, 40_320); // 8!
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

mod walk;

use std::ops::ControlFlow;

use nqueens_core::{BenchExtra, Counterpart, Sizes};
use nqueens_core::{
    Budget, Capabilities, Cost, CostModel, Ended, Error, FirstRun, Job, Limit, Observer, Operation,
    Reading, Solution, Stats, Strategy, Tradeoff, Tradeoffs, Variant, VisitRun, Visitor,
};

use walk::{Limits, walk, walk_watched};

/// Largest `n` counted or listed: 13! ≈ 6.2 billion permutations.
pub const MAX_COMPLETE: usize = 13;

/// Largest `n` for a first solution: n = 15 walks 7.2 billion permutations to its first
/// solution.
pub const MAX_FIRST: usize = walk::MAX_N;

/// Generate and test: every permutation of `0..n` in lexicographic order, kept when no two
/// queens share a diagonal. Registry name `permutation`.
///
/// A watched first-solution search shows every permutation it examines: the rows each
/// lexicographic step rewrites are [assigned](nqueens_core::Event::Assigned) (a permutation is
/// a candidate, not a search node: `examined` counts them and `nodes` stays zero), and the
/// solution is [found](nqueens_core::Event::Found). Listing and counting report only their
/// progress, one subproblem per first-row column.
///
/// ```
/// use nqueens_core::{Config, Solver};
/// use nqueens_permute::PermutationSolver;
///
/// let run = PermutationSolver.first(6, &Config::default())?;
/// assert_eq!(run.solution(), Some(&"1 3 5 0 2 4".parse()?));
/// // The first solution of n = 6 is permutation number 187 in lexicographic order.
/// assert_eq!(run.stats.examined, 187);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PermutationSolver;

/// One line for `nqueens strategies`, for the strategy and its one variant.
const SUMMARY: &str =
    "generate and test: every permutation in lexicographic order, filtered by diagonals";

/// The only variant: the strategy has no modes.
const VARIANT: Variant = Variant {
    summary: SUMMARY,
    complete: true,
    budget: Some(Budget::Examined),
    first: Limit::UpTo(MAX_FIRST),
    list: Limit::UpTo(MAX_COMPLETE),
    count: Limit::UpTo(MAX_COMPLETE),
    cost: Cost {
        first: CostModel::per_row(&[(8, 1.4e-5)], 12.0),
        count: CostModel::per_row(&[(4, 2e-7), (8, 1.2e-4), (11, 0.16), (12, 1.3)], 12.0),
        completion: CostModel::UNKNOWN,
    },
    ..Variant::BLANK
};

impl PermutationSolver {
    /// Runs the walk for the job's `n`. The limits keep `n` within the sizes the walk is built
    /// for; should they ever be raised past them, the size is refused with the typed error
    /// rather than a panic.
    fn run<F>(
        &self,
        operation: Operation,
        n: usize,
        limits: &Limits<'_>,
        on_solution: &mut F,
    ) -> Result<(Stats, Ended), Error>
    where
        F: FnMut(&[u32]) -> ControlFlow<()>,
    {
        let (examined, ended) = walk(n, limits, on_solution).ok_or(Error::TooLarge {
            strategy: self.name(),
            operation,
            n,
            limit: walk::MAX_N,
        })?;
        let stats = Stats {
            examined,
            ..Stats::default()
        };
        Ok((stats, ended))
    }
}

impl PermutationSolver {
    /// [`Strategy::search_first`] with every permutation reported to `steps` (see
    /// [`walk::walk_watched`]); out of line, so that the unwatched search compiles as alone.
    #[inline(never)]
    fn first_watched(&self, job: &Job<'_>, steps: &dyn Observer) -> Result<FirstRun, Error> {
        let (stop, budget) = (&job.config().stop, job.config().budget.unwrap_or(u64::MAX));
        let mut found = None;
        let (examined, ended) =
            walk_watched(job.n(), stop, budget, steps, &mut |columns: &[u32]| {
                found = Some(columns.to_vec());
                ControlFlow::Break(())
            })
            .ok_or(Error::TooLarge {
                strategy: self.name(),
                operation: Operation::First,
                n: job.n(),
                limit: walk::MAX_N,
            })?;
        let stats = Stats {
            examined,
            ..Stats::default()
        };
        Ok(match found {
            Some(columns) => FirstRun::found(Solution::from_columns(columns)?, stats),
            None => FirstRun::without_solution(ended, stats),
        })
    }
}

// At n = 12 at most: beyond it the filter takes minutes.
const TRADEOFFS: Tradeoffs = Tradeoffs::new(&[Tradeoff {
    up_to: Some(12),
    ..Tradeoff::new(
        "Permutation filtering, the brute-force baseline",
        Reading::Count,
        &["bitmask"],
        "at n = {{ n }} `{{ us.id }}` ({{ us.time | seconds }}) is {{ (us.time / rival.time) | \
         fixed(0) }}× slower than `{{ rival.id }}` ({{ rival.time | seconds }})",
    )
}]);

impl Strategy for PermutationSolver {
    fn name(&self) -> &'static str {
        "permutation"
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const {
            // Timed beside permutations.c, the same walk in C.
            Capabilities::new(SUMMARY, &[VARIANT])
                .bench(&[BenchExtra::Yardstick(Counterpart {
                    program: "permutations",
                    threads: &[Some(1)],
                    goals: Sizes::NONE,
                })])
                .tradeoffs(TRADEOFFS)
        }
    }

    /// Walks until the first solution, within [`Config::budget`](nqueens_core::Config::budget)
    /// permutations if one is given.
    fn search_first(&self, job: &Job<'_>) -> Result<FirstRun, Error> {
        if let Some(steps) = job.config().steps() {
            return self.first_watched(job, steps);
        }
        let limits = Limits {
            stop: &job.config().stop,
            budget: job.config().budget.unwrap_or(u64::MAX),
            observer: None,
        };
        let mut found = None;
        let (stats, ended) = self.run(
            Operation::First,
            job.n(),
            &limits,
            &mut |columns: &[u32]| {
                found = Some(columns.to_vec());
                ControlFlow::Break(())
            },
        )?;
        Ok(match found {
            Some(columns) => FirstRun::found(Solution::from_columns(columns)?, stats),
            None => FirstRun::without_solution(ended, stats),
        })
    }

    /// Walks every permutation (the budget is for first-solution searches only); counting
    /// counts this stream.
    fn search_all(&self, job: &Job<'_>, visitor: &mut Visitor<'_>) -> Result<VisitRun, Error> {
        let limits = Limits {
            stop: &job.config().stop,
            budget: u64::MAX,
            observer: job.config().steps(),
        };
        let (stats, ended) = self.run(Operation::List, job.n(), &limits, &mut &mut *visitor)?;
        Ok(VisitRun { ended, stats })
    }
}
