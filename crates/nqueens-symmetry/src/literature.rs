//! The figure of the literature the test suite checks of the counts by symmetry.

use nqueens_core::{After, Claim, Experiment};

/// Hui's 92 solutions of 8-queens, 12 up to rotation and reflection.
pub(crate) const EXPERIMENTS: &[Experiment] = &[Experiment::tested(
    After::FirstSolutions,
    "",
    &[Claim::tested(
        "Roger Hui, *N Queens Problem*, J Wiki essay",
        "8-queens has 92 solutions, 12 up to rotation and reflection",
        "92 and 12 (`symmetry`; every counter checks A000170 and A002562)",
        "holds (exact; a test)",
    )],
)];
