//! AIMA's figures for hill climbing at n = 8 (3rd ed., §4.1.1), which the bench's batches of
//! seeded climbs reproduce, one experiment per variant, in the report's order. A batch's cost
//! is the full run's median on the 2-core reference machine, rounded up.

use nqueens_core::Measure::*;
use nqueens_core::{Claim, CostModel, Experiment, Figure, Measure, Runs, Sizes};

const AIMA: &str = "Russell and Norvig, *Artificial Intelligence: A Modern Approach*, 3rd ed. \
                    (2010), §4.1.1 *Hill-climbing search* (the same text in the 4th ed., §4.1.1)";
const AGAIN: &str = "AIMA, the same section";
const RESTARTS: &str = "AIMA, the same section, *random-restart hill climbing*";
const STEEPEST: &str = "AIMA gives neither its sample size nor its tie rule; ours are stated above";
const SIDEWAYS: &str = "AIMA does not say how it breaks ties between best successors or whether \
                        it counts a climb's last sideways moves; ours takes a uniformly random \
                        best successor and counts every move made";

/// The size of AIMA's figures.
const N: usize = 8;

/// AIMA's figure at n = 8: `published`, give or take `precision`.
const fn aima(
    source: &'static str,
    claim: &'static str,
    of: Measure,
    (published, precision): (f64, f64),
    reason: &'static str,
) -> Claim {
    let figure = Figure::Mean {
        of,
        published,
        precision,
        reason,
    };
    Claim {
        source,
        claim,
        n: N,
        figure,
    }
}

/// Batches of `variant`'s climbs at n = 8, costing `seconds` a batch.
const fn climbs(
    variant: &'static str,
    what: &'static str,
    seconds: &'static [(usize, f64)],
    claims: &'static [Claim],
) -> Experiment {
    let (sizes, cost) = (Sizes::every(&[N]), CostModel::power(seconds, 1.0));
    Experiment {
        variant: Some(variant),
        runs: Runs::Climbs { what },
        sizes,
        cost,
        claims,
    }
}

#[rustfmt::skip]
pub(crate) const EXPERIMENTS: &[Experiment] = &[
    climbs("steepest", "steepest ascent", &[(8, 2.5e-3)], &[
        aima(AIMA, "8-queens, steepest ascent from random states: solves 14%, stuck 86%", SuccessRate, (0.14, 0.005), ""),
        aima(AGAIN, "… 4 steps on average when it succeeds", StepsOnSuccess, (4.0, 0.5), STEEPEST),
        aima(AGAIN, "… and 3 when it gets stuck", StepsWhenStuck, (3.0, 0.5), STEEPEST),
        aima(RESTARTS, "without sideways moves, p ≈ 0.14: roughly 7 climbs (6 failures, 1 success)", ClimbsPerSolution, (7.0, 0.5), ""),
        aima(AGAIN, "… roughly 22 steps per solution in all", StepsPerSolution, (22.0, 0.5), ""),
    ]),
    climbs("sideways", "up to 100 consecutive sideways moves", &[(8, 1.5e-3)], &[
        aima(AIMA, "8-queens, up to 100 consecutive sideways moves: solves 94% of random states", SuccessRate, (0.94, 0.005), ""),
        aima(AGAIN, "… roughly 21 steps for each successful instance", StepsOnSuccess, (21.0, 0.5), SIDEWAYS),
        aima(AGAIN, "… and 64 for each failure", StepsWhenStuck, (64.0, 0.5), SIDEWAYS),
        aima(RESTARTS, "with sideways moves, 1/0.94 ≈ 1.06 climbs per solution", ClimbsPerSolution, (1.06, 0.005), ""),
        aima(AGAIN, "… (1 × 21) + (0.06/0.94) × 64 ≈ 25 steps per solution", StepsPerSolution, (25.0, 0.5),
             "it follows from the steps above, which differ; measured directly (all moves over all climbs, per \
              solution) rather than computed"),
    ]),
    // AIMA gives no figure for first choice at n = 8: the report says what it measured.
    climbs("first-choice", "first-choice hill climbing", &[(8, 1.5e-3)], &[]),
];
