//! Russell and Norvig, *Artificial Intelligence: A Modern Approach*, 3rd ed. (2010), Fig. 4.6:
//! the genetic algorithm's first population of 8-queens states, 24748552, 32752411, 24415124
//! and 32543213 (each digit the row of the queen in its column, 1-based), has fitness 24, 23,
//! 20 and 11 (non-attacking pairs) and selection probabilities 31%, 29%, 26% and 14%
//! (fitness-proportional, rounded).
//!
//! Our GA rates a board by its attacking pairs (to minimise) and selects by tournaments of 5:
//! the figure's fitness is 28 minus ours, its probabilities follow from that fitness exactly,
//! and ours for the same population are 781, 211, 31 and 1 in 1,024.

use nqueens_genetic::{attacking_pairs, tournament_odds};

/// The figure's states as boards: a digit's column is our row, its row our column (a board
/// turned over its diagonal, which keeps every attack).
fn figure_states() -> [Vec<u32>; 4] {
    ["24748552", "32752411", "24415124", "32543213"].map(|digits| {
        digits
            .bytes()
            .map(|d| u32::from(d - b'1'))
            .collect::<Vec<u32>>()
    })
}

/// Pairs of 8 queens: 28.
const PAIRS: u64 = 8 * 7 / 2;

#[test]
fn the_figure_s_fitness_is_28_minus_our_attacking_pairs() {
    let pairs: Vec<u64> = figure_states()
        .iter()
        .map(|s| attacking_pairs(s).unwrap())
        .collect();
    assert_eq!(pairs, [4, 5, 8, 17]);
    let fitness: Vec<u64> = pairs.iter().map(|p| PAIRS - p).collect();
    assert_eq!(fitness, [24, 23, 20, 11]);
}

#[test]
fn the_figure_s_probabilities_are_fitness_proportional() {
    let fitness: Vec<u64> = figure_states()
        .iter()
        .map(|s| PAIRS - attacking_pairs(s).unwrap())
        .collect();
    let sum: u64 = fitness.iter().sum();
    assert_eq!(sum, 78);
    // 24/78, 23/78, 20/78, 11/78 = 30.8%, 29.5%, 25.6%, 14.1%: the figure's 31, 29, 26, 14.
    let percent: Vec<u64> = fitness
        .iter()
        .map(|&f| (200 * f + sum) / (2 * sum)) // f / sum in percent, rounded half up
        .collect();
    assert_eq!(percent, [31, 29, 26, 14]);
}

#[test]
fn our_tournaments_of_5_select_the_same_population_otherwise() {
    let pairs: Vec<u64> = figure_states()
        .iter()
        .map(|s| attacking_pairs(s).unwrap())
        .collect();
    let odds = tournament_odds(&pairs, 5);
    // (4/4)^5 - (3/4)^5, (3/4)^5 - (2/4)^5, ...: 76.3%, 20.6%, 3.0%, 0.1%.
    assert_eq!(
        odds,
        [781.0 / 1024.0, 211.0 / 1024.0, 31.0 / 1024.0, 1.0 / 1024.0]
    );
}
