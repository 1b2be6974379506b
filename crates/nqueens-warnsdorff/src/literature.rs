//! The figures of the literature on ordering by fewest moves that the test suite checks: Stone
//! and Stone's (3), up to the limits (and beyond them by hand), and Hui's `queensw 29`.

use nqueens_core::{After, Claim, Experiment};

/// Stone and Stone's (3) beside `faithful`, `dlx` and `cp`'s first fail; Hui's solution.
#[rustfmt::skip]
pub(crate) const EXPERIMENTS: &[Experiment] = &[
    Experiment::tested(After::TreeProfiles,
        "Beyond their limits, Stone and Stone's (3) was measured by hand (2026-11-27, `ci` profile, the 2-core \
         machine busy, each limit lifted by a local patch not committed, 10 s a board): with n up to 96, \
         `faithful` ran past 10 s at 13 sizes from 76 on, `dlx` at 30 from 64 on, `cp` first-fail at n = 86, 88, \
         91 and 93. `warnsdorff`'s default variant (most constrained row, random order, restarts) solved every \
         n = 4..96 with seed 1, but it is randomized, not their deterministic ordering.",
        &[Claim::tested("Stone and Stone, the same abstract",
            "(3) ordering by fewest possible moves finds a first solution \"very quickly for all N < 97\"",
            "`warnsdorff --variant faithful`, `dlx` and `cp --variant first-fail` each find one at every n from 4 \
             to their limit (75, 50 and 85; at worst 6,104,882 nodes at n = 74, 820,545 at n = 48, 3,410 \
             decisions at n = 81), and refuse larger n",
            "differs: none is quick up to 96 (a test up to the limits; beyond them by hand, below)")]),
    Experiment::tested(After::FirstSolutions, "", &[Claim::tested("the same essay",
        "`queensw 29` prints 0 4 8 12 2 17 21 25 10 14 6 22 26 7 15 19 23 27 1 5 28 9 3 20 11 24 16 18 13",
        "the same solution (`warnsdorff --variant faithful`)", "holds (exact; a test)")]),
];
