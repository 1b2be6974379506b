//! The figures of AIMA's genetic algorithm that the test suite checks (`tests/aima.rs`).

use nqueens_core::{After, Claim, Experiment};

/// AIMA's Fig. 4.6: the fitness and selection odds of its population of four.
#[rustfmt::skip]
pub(crate) const EXPERIMENTS: &[Experiment] = &[Experiment::tested(After::TreeProfiles, "", &[
    Claim::tested("Russell and Norvig, AIMA, 3rd ed. (2010), §4.1.4 *Genetic algorithms*, Fig. 4.6",
        "8-queens states 24748552, 32752411, 24415124, 32543213: fitness 24, 23, 20, 11 (non-attacking pairs)",
        "24, 23, 20, 11 = 28 − `attacking_pairs`, the count `genetic` minimises (its genomes are permutations; \
         AIMA's digit is a row in each column, ours a column in each row, the board turned)",
        "holds (exact; a test)"),
    Claim::tested("AIMA, the same figure", "selection probabilities 31%, 29%, 26%, 14% (fitness-proportional)",
        "the same, rounded from our fitness over its sum (24/78, …); `genetic` selects by tournaments of 5 \
         instead, which give this population 76.3%, 20.6%, 3.0%, 0.1% (`tournament_odds`: 781, 211, 31 and 1 \
         in 1,024)",
        "holds (exact; a test)"),
])];
