//! The GA's fitness and selection as pure functions, so that they can be set beside a
//! textbook's: Russell and Norvig's genetic algorithm figure (*Artificial Intelligence: A Modern
//! Approach*, 3rd ed., 2010, Fig. 4.6) rates four 8-queens states by their non-attacking
//! pairs (24, 23, 20, 11) and selects in proportion to that (31%, 29%, 26%, 14%).
//!
//! This GA differs on both counts, and the functions say exactly how:
//! - its genomes are permutations, so no two queens share a row or a column, and its fitness
//!   is the attacking pairs on the diagonals, to minimise. [`attacking_pairs`] counts the pairs
//!   of any one-queen-per-row board (shared columns too), so on a permutation it is the GA's
//!   fitness, and `n(n - 1)/2` minus it is the textbook's for any board;
//! - it selects by tournaments of 5, not in proportion to fitness: [`tournament_odds`]
//!   gives the chance that each individual of a population wins one.

/// The pairs of queens that attack each other on the board `columns` (the queen of row `r` on
/// column `columns[r]`, one per row): the pairs on a shared column or diagonal. On a
/// permutation only diagonals can be shared, and this is the GA's fitness; AIMA's fitness is
/// `n(n - 1)/2` minus it. `None` if a column is off the board (`columns[r] >= n`). Counted over
/// every pair of rows by core's [`attacking_pairs`](nqueens_core::attacking_pairs), O(n²), to
/// set beside the textbook; the GA itself counts in O(n) with diagonal counters.
///
/// ```
/// use nqueens_genetic::attacking_pairs;
/// // AIMA's first state, 24748552: the queen of each column on the row its digit says (1-based).
/// // Rows and columns exchanged are the same board turned over a diagonal: the same pairs.
/// let state: Vec<u32> = [2, 4, 7, 4, 8, 5, 5, 2].iter().map(|d| d - 1).collect();
/// assert_eq!(attacking_pairs(&state), Some(4)); // fitness 28 - 4 = 24
/// ```
pub fn attacking_pairs(columns: &[u32]) -> Option<u64> {
    let on_board = columns.iter().all(|&c| (c as usize) < columns.len());
    on_board.then(|| nqueens_core::attacking_pairs(columns))
}

/// The chance that each individual of a population with these attacking `pairs` wins one of
/// the GA's tournaments of `size`: `size` individuals drawn uniformly with replacement, the
/// first drawn of those with the fewest pairs winning.
///
/// In a population of `m`, an individual with `better` individuals strictly fitter than it and
/// `tied` with its pairs (itself included) wins when no draw falls among the `better` but not
/// every draw falls among the `m - better - tied` less fit, and it is then the first drawn of
/// its tie with chance `1 / tied`:
/// `(((m - better) / m)^size - ((m - better - tied) / m)^size) / tied`. Empty for an empty population; a `size` of 0 is taken as 1, as the GA takes it.
///
/// ```
/// use nqueens_genetic::tournament_odds;
/// // AIMA's four states (attacking pairs 4, 5, 8, 17) in a tournament of 5:
/// let odds = tournament_odds(&[4, 5, 8, 17], 5);
/// assert_eq!(odds, [781.0 / 1024.0, 211.0 / 1024.0, 31.0 / 1024.0, 1.0 / 1024.0]);
/// ```
pub fn tournament_odds(pairs: &[u64], size: usize) -> Vec<f64> {
    let m = pairs.len() as f64;
    let size = size.max(1) as i32;
    let all_among = |count: usize| (count as f64 / m).powi(size);
    pairs
        .iter()
        .map(|&mine| {
            let better = pairs.iter().filter(|&&p| p < mine).count();
            let tied = pairs.iter().filter(|&&p| p == mine).count();
            let worse_or_tied = pairs.len() - better;
            (all_among(worse_or_tied) - all_among(worse_or_tied - tied)) / tied as f64
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use super::*;
    use crate::operators::tournament;
    use nqueens_local::DiagonalCounts;

    #[test]
    fn the_odds_are_what_the_tournament_draws() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(41);
        for (pairs, size) in [
            (vec![4, 5, 8, 17], 5),
            (vec![3, 3, 1, 9, 3], 2),
            (vec![2, 7], 1),
        ] {
            let odds = tournament_odds(&pairs, size);
            assert!((odds.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{pairs:?}");
            let draws = 400_000;
            let mut wins = vec![0u64; pairs.len()];
            for _ in 0..draws {
                wins[tournament(&mut rng, &pairs, size)] += 1;
            }
            for (k, (&won, &odd)) in wins.iter().zip(&odds).enumerate() {
                let seen = won as f64 / draws as f64;
                // Four standard deviations of a frequency over 400,000 draws.
                let spread = 4.0 * (odd * (1.0 - odd) / draws as f64).sqrt() + 1e-9;
                assert!(
                    (seen - odd).abs() <= spread,
                    "{pairs:?} size {size}, individual {k}: {seen} against {odd}"
                );
            }
        }
    }

    #[test]
    fn on_permutations_the_pairs_are_the_fitness() {
        let mut fitness = DiagonalCounts::new(8).unwrap();
        for board in [
            [0, 4, 7, 5, 2, 6, 1, 3],
            [0, 1, 2, 3, 4, 5, 6, 7],
            [3, 1, 7, 5, 0, 2, 4, 6],
        ] {
            assert_eq!(attacking_pairs(&board), Some(fitness.pairs_of(&board)));
        }
        assert_eq!(attacking_pairs(&[0, 1, 2, 3, 4, 5, 6, 7]), Some(28));
        assert_eq!(attacking_pairs(&[0; 8]), Some(28));
        assert_eq!(attacking_pairs(&[0, 4, 7, 5, 2, 6, 1, 3]), Some(0));
        assert_eq!(attacking_pairs(&[0, 8]), None);
        assert_eq!(attacking_pairs(&[]), Some(0));
    }
}
