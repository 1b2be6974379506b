//! The figures of the literature on min-conflicts that the bench's seeded runs are set beside:
//! Minton et al.'s repairs at a million queens (as AIMA gives them) and Sosič and Gu's times at
//! 500,000 (1990) and 3,000,000 queens (1991).

use nqueens_core::{Claim, CostModel, Experiment, Figure, Measure, Runs, Sizes};

const SIZES: &[usize] = &[500_000, 1_000_000, 3_000_000];

/// One run to a first solution per seed, the greedy start included; its cost is the full run's
/// medians on the 2-core reference machine, rounded up.
#[rustfmt::skip]
pub(crate) const EXPERIMENTS: &[Experiment] = &[Experiment {
    variant: None,
    runs: Runs::Seeded,
    sizes: Sizes { test: &[1_000], quick: SIZES, full: SIZES },
    cost: CostModel::power(&[(1_000, 1e-4), (1_000_000, 0.04), (3_000_000, 0.1)], 1.1),
    claims: &[
        Claim {
            source: "Russell and Norvig, AIMA, 3rd ed. (2010), §6.4 *Local search for CSPs*, after Minton et al. \
                     (1992)",
            claim: "min-conflicts solves the million-queens problem in an average of 50 steps after the initial \
                    assignment",
            n: 1_000_000,
            figure: Figure::Mean { of: Measure::Repairs, published: 50.0, precision: 5.0,
                reason: "ours needs fewer: its greedy start places each queen on a least-attacked square among \
                         random probes and leaves fewer conflicts to repair, and a repair swaps two queens' \
                         columns (`nqueens-minconflicts`); the steps count depends on both" },
        },
        Claim {
            source: "Rok Sosič and Jun Gu, *3,000,000 Queens in Less Than One Minute*, SIGART Bulletin 2(2), 1991, \
                     pp. 22–24 (abstract)",
            claim: "3,000,000 queens in about 55 s",
            n: 3_000_000,
            figure: Figure::Within { seconds: 60.0,
                holds: "holds (on a different machine: theirs an IBM RS 6000 of 1991, ours the bench's)",
                differs: "differs: the bench machine was slower than a minute" },
        },
        Claim {
            source: "Rok Sosič and Jun Gu, *A polynomial time algorithm for the N-queens problem*, SIGART \
                     Bulletin 1(3), 1990",
            claim: "several CPU-hours for some n up to 500,000",
            n: 500_000,
            figure: Figure::Beside {
                verdict: "not the same work: theirs starts from a random permutation and tests swaps pairwise; \
                          ours starts greedily and repairs the few conflicts left (its repair moves), so the \
                          times do not compare" },
        },
    ],
}];
