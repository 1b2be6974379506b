//! The genetic operators on permutations: fitness by diagonal counters, tournament selection,
//! PMX and order crossover, swap mutation.

use nqueens_local::uniform_below;
use rand::Rng;
use rand::rngs::Xoshiro256PlusPlus;

/// A probability as a threshold on a uniform 64-bit draw (`p >= 1` always, `p <= 0` never).
/// Float multiplication is correctly rounded, so this is the same on every platform.
pub(crate) fn threshold(p: f64) -> u64 {
    if p >= 1.0 {
        u64::MAX
    } else if p > 0.0 {
        // A float-to-int `as` saturates.
        (p * 18_446_744_073_709_551_616.0) as u64
    } else {
        0
    }
}

/// Whether an event of probability `threshold / 2^64` happens.
#[inline(always)]
pub(crate) fn chance(rng: &mut Xoshiro256PlusPlus, threshold: u64) -> bool {
    threshold == u64::MAX || rng.next_u64() < threshold
}

/// The index of the fittest (fewest pairs) of `size` individuals drawn with replacement.
#[inline]
pub(crate) fn tournament(rng: &mut Xoshiro256PlusPlus, fitness: &[u64], size: usize) -> usize {
    let mut best = uniform_below(rng.next_u64(), fitness.len());
    for _ in 1..size {
        let other = uniform_below(rng.next_u64(), fitness.len());
        if fitness[other] < fitness[best] {
            best = other;
        }
    }
    best
}

/// Two cut points `a < b` in `0..=n` delimiting a non-empty segment.
fn cuts(rng: &mut Xoshiro256PlusPlus, n: usize) -> (usize, usize) {
    let a = uniform_below(rng.next_u64(), n);
    let b = a + 1 + uniform_below(rng.next_u64(), n - a);
    (a, b)
}

/// Partially mapped crossover (Goldberg and Lingle, 1985): the child keeps `first`'s columns
/// in a random segment of rows and `second`'s columns elsewhere, a column that would repeat
/// being replaced through the segment's mapping. `place` is scratch of length n.
pub(crate) fn pmx(
    rng: &mut Xoshiro256PlusPlus,
    first: &[u32],
    second: &[u32],
    child: &mut [u32],
    place: &mut [u32],
) {
    let n = first.len();
    let (a, b) = cuts(rng, n);
    // place[column] = the row of `first` holding it, for the columns of the segment only;
    // u32::MAX elsewhere.
    place.fill(u32::MAX);
    for row in a..b {
        place[first[row] as usize] = row as u32;
    }
    child[a..b].copy_from_slice(&first[a..b]);
    for row in (0..a).chain(b..n) {
        let mut column = second[row];
        // Follow the mapping until the column is one the segment does not hold; it ends
        // because the segment's columns map one to one.
        while place[column as usize] != u32::MAX {
            column = second[place[column as usize] as usize];
        }
        child[row] = column;
    }
}

/// Order crossover (Davis, 1985): the child keeps `first`'s columns in a random segment and
/// takes the other columns in the order `second` has them, starting after the segment.
/// `used` is scratch of length n.
pub(crate) fn order(
    rng: &mut Xoshiro256PlusPlus,
    first: &[u32],
    second: &[u32],
    child: &mut [u32],
    used: &mut [u32],
) {
    let n = first.len();
    let (a, b) = cuts(rng, n);
    used.fill(0);
    for row in a..b {
        used[first[row] as usize] = 1;
    }
    child[a..b].copy_from_slice(&first[a..b]);
    let mut to = b % n;
    for k in 0..n {
        let column = second[(b + k) % n];
        if used[column as usize] == 0 {
            child[to] = column;
            to = (to + 1) % n;
        }
    }
}

/// Swaps the columns of two distinct random rows.
#[inline]
pub(crate) fn swap_mutation(rng: &mut Xoshiro256PlusPlus, child: &mut [u32]) {
    let n = child.len();
    if n < 2 {
        return;
    }
    let i = uniform_below(rng.next_u64(), n);
    let mut j = uniform_below(rng.next_u64(), n - 1);
    j += usize::from(j >= i);
    child.swap(i, j);
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_local::DiagonalCounts;
    use rand::SeedableRng;

    fn is_permutation(columns: &[u32]) -> bool {
        let mut sorted = columns.to_vec();
        sorted.sort_unstable();
        sorted.iter().enumerate().all(|(i, &c)| c as usize == i)
    }

    fn shuffled(rng: &mut Xoshiro256PlusPlus, n: usize) -> Vec<u32> {
        let mut v: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            v.swap(i, uniform_below(rng.next_u64(), i + 1));
        }
        v
    }

    #[test]
    fn crossovers_give_permutations_that_keep_a_segment_of_the_first_parent() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
        for n in [1, 2, 3, 8, 31] {
            for _ in 0..200 {
                let (p, q) = (shuffled(&mut rng, n), shuffled(&mut rng, n));
                let (mut child, mut scratch) = (vec![0; n], vec![0; n]);
                for op in [pmx, order] {
                    op(&mut rng, &p, &q, &mut child, &mut scratch);
                    assert!(is_permutation(&child), "{p:?} × {q:?} = {child:?}");
                    assert!((0..n).any(|i| child[i] == p[i]));
                }
                // PMX: where neither parent's segment column clashes, the second's is kept.
                pmx(&mut rng, &p, &p, &mut child, &mut scratch);
                assert_eq!(child, p);
            }
        }
    }

    #[test]
    fn pairs_are_counted_from_scratch_each_time() {
        let mut fitness = DiagonalCounts::new(4).unwrap();
        assert_eq!(fitness.pairs_of(&[0, 1, 2, 3]), 6);
        assert_eq!(fitness.pairs_of(&[1, 3, 0, 2]), 0);
        assert_eq!(fitness.pairs_of(&[3, 2, 1, 0]), 6);
        assert_eq!(fitness.pairs_of(&[0, 2, 1, 3]), 2);
    }
}
