//! AIMA's figures for hill climbing at n = 8 (3rd ed., §4.1.1), which the bench's batches of
//! seeded climbs reproduce, one experiment per variant. A batch's cost is the full run's median
//! on the 2-core reference machine, rounded up.

use nqueens_core::{Claim, CostModel, Experiment, Figure, Measure, Runs, Sizes};

const AIMA: &str = "Russell and Norvig, *Artificial Intelligence: A Modern Approach*, 3rd ed. \
                    (2010), §4.1.1 *Hill-climbing search* (the same text in the 4th ed., §4.1.1)";

/// [`AIMA`] again, in the rows after the first of a series.
const AIMA_AGAIN: &str = "AIMA, the same section";

/// AIMA's section on random restarts.
const RESTARTS: &str = "AIMA, the same section, *random-restart hill climbing*";

const STEEPEST_REASON: &str =
    "AIMA gives neither its sample size nor its tie rule; ours are stated above";
const SIDEWAYS_REASON: &str = "AIMA does not say how it breaks ties between best successors or \
                               whether it counts a climb's last sideways moves; ours takes a \
                               uniformly random best successor and counts every move made";

/// A figure of AIMA's at n = 8: `published` give or take `precision`.
const fn aima(
    source: &'static str,
    claim: &'static str,
    of: Measure,
    (published, precision): (f64, f64),
    reason: &'static str,
) -> Claim {
    Claim {
        source,
        claim,
        n: 8,
        figure: Figure::Mean {
            of,
            published,
            precision,
            reason,
        },
    }
}

/// Batches of climbs at n = 8 with `variant`, costing `seconds` a batch.
const fn climbs(
    variant: &'static str,
    what: &'static str,
    seconds: &'static [(usize, f64)],
    claims: &'static [Claim],
) -> Experiment {
    Experiment {
        variant: Some(variant),
        runs: Runs::Climbs { what },
        sizes: Sizes::every(&[8]),
        cost: CostModel::power(seconds, 1.0),
        claims,
    }
}

/// In the report's order: AIMA's steepest ascent, its sideways moves, then first choice, which
/// AIMA gives no figure for at n = 8.
pub(crate) const EXPERIMENTS: &[Experiment] = &[
    climbs(
        "steepest",
        "steepest ascent",
        &[(8, 2.5e-3)],
        &[
            aima(
                AIMA,
                "8-queens, steepest ascent from random states: solves 14%, stuck 86%",
                Measure::SuccessRate,
                (0.14, 0.005),
                "",
            ),
            aima(
                AIMA_AGAIN,
                "… 4 steps on average when it succeeds",
                Measure::StepsOnSuccess,
                (4.0, 0.5),
                STEEPEST_REASON,
            ),
            aima(
                AIMA_AGAIN,
                "… and 3 when it gets stuck",
                Measure::StepsWhenStuck,
                (3.0, 0.5),
                STEEPEST_REASON,
            ),
            aima(
                RESTARTS,
                "without sideways moves, p ≈ 0.14: roughly 7 climbs (6 failures, 1 success)",
                Measure::ClimbsPerSolution,
                (7.0, 0.5),
                "",
            ),
            aima(
                AIMA_AGAIN,
                "… roughly 22 steps per solution in all",
                Measure::StepsPerSolution,
                (22.0, 0.5),
                "",
            ),
        ],
    ),
    climbs(
        "sideways",
        "up to 100 consecutive sideways moves",
        &[(8, 1.5e-3)],
        &[
            aima(
                AIMA,
                "8-queens, up to 100 consecutive sideways moves: solves 94% of random states",
                Measure::SuccessRate,
                (0.94, 0.005),
                "",
            ),
            aima(
                AIMA_AGAIN,
                "… roughly 21 steps for each successful instance",
                Measure::StepsOnSuccess,
                (21.0, 0.5),
                SIDEWAYS_REASON,
            ),
            aima(
                AIMA_AGAIN,
                "… and 64 for each failure",
                Measure::StepsWhenStuck,
                (64.0, 0.5),
                SIDEWAYS_REASON,
            ),
            aima(
                RESTARTS,
                "with sideways moves, 1/0.94 ≈ 1.06 climbs per solution",
                Measure::ClimbsPerSolution,
                (1.06, 0.005),
                "",
            ),
            aima(
                AIMA_AGAIN,
                "… (1 × 21) + (0.06/0.94) × 64 ≈ 25 steps per solution",
                Measure::StepsPerSolution,
                (25.0, 0.5),
                "it follows from the steps above, which differ; measured directly (all moves \
                 over all climbs, per solution) rather than computed",
            ),
        ],
    ),
    climbs(
        "first-choice",
        "first-choice hill climbing",
        &[(8, 1.5e-3)],
        &[],
    ),
];
