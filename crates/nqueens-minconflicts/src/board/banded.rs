//! The banded greedy start for large boards: the greedy start of Sosic and Gu (each row takes a
//! free column whose two diagonals are empty), with the candidates drawn near a moving target
//! instead of anywhere, so that the memory it touches moves in a few sequential streams.
//!
//! Row `r` aims at column `t = 2r mod n`: the rows of the first half at the columns of one
//! parity, those of the second half between them, the family behind the explicit solutions
//! (Hoffman, Loessi and Moore 1969; Bernhardsson 1991), which is close to a solution already
//! for every `n`. The probe starts at a random column of `t .. t + JITTER` and tries the free
//! columns from there in order (wrapping at `n`), taking the first whose diagonals are both
//! empty; after `PROBES` free columns without one it takes the least attacked. The greedy
//! choice repairs the clashes of the family where `n` makes them, and the jitter makes every
//! seed's start its own. Row `r`'s column, falling diagonal (`≈ n - r`) and rising diagonal
//! (`≈ 3r`) each sweep their bit array in order, so the start runs at the speed of a few
//! streams instead of one cache miss per probe, and the validator that checks the solution
//! afterwards reads the same streams.
//!
//! The target has no random shift on purpose: with `t = 2r + s mod n` the rows wrap around
//! the columns three times instead of twice, and where all three passes share the rising
//! diagonals every column and diagonal is spoken for, so a slip of the greedy choice can
//! cascade (in a simulation, one seed in twenty at n = 10^7 left 148,555 queens in conflict;
//! without the shift, the most were 21 over 900 runs at n = 10^6 .. 10^6 + 5, 15 over 90
//! runs at n = 10^7 .. 10^7 + 5 and 10 over five seeds at n = 10^8).

use nqueens_local::uniform_below;
use rand::Rng;
use rand::rngs::Xoshiro256PlusPlus;

use super::{Board, PROBES};

/// The width of the window the probe of a row starts in. Narrow windows leave the fewest
/// queens in conflict (in a simulation over 150 seeds at n = 10^6, at most 8 with a width of
/// 4, 21 with 8, 149 with 16 and 2,529 with 32, where the band loses its shape), but they
/// also leave the band so full that a conflicted queen in the middle rows finds almost every
/// diagonal within its reach taken, and the repair of the last few conflicts can wander for
/// tens of thousands of moves: over seeds 1-20 at n = 3 × 10^6, at most 37,037 moves with 8
/// against 3,756 with 16. 16 is the compromise.
const JITTER: usize = 16;

impl Board {
    /// Places the queens row by row on a banded greedy start (see the module doc), leaving
    /// the rows in conflict listed as suspects. Returns `false` if the stop flag was raised.
    pub(super) fn start_banded(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        stopped: &dyn Fn() -> bool,
    ) -> bool {
        let n = self.n;
        self.reset();
        let words = n.div_ceil(64);
        // Set bits are used columns; the bits past `n` in the last word count as used.
        self.used_columns.clear();
        self.used_columns.resize(words, 0);
        if !n.is_multiple_of(64) {
            self.used_columns[words - 1] = !0u64 << (n % 64);
        }
        let mut target = 0;
        for row in 0..n {
            if row % 65536 == 0 && stopped() {
                return false;
            }
            let mut from = target + uniform_below(rng.next_u64(), JITTER);
            if from >= n {
                from -= n;
            }
            let column = self.probe_banded(row, from, PROBES.min(n - row));
            self.used_columns[column / 64] |= 1u64 << (column % 64);
            // n <= MAX_N < 2^32: every column fits u32.
            self.columns.push(column as u32);
            let before =
                self.falling.add(self.falling_of(row, column)) + self.rising.add(row + column);
            if before > 0 {
                self.pairs += before;
                self.list(row);
            }
            target += 2;
            if target >= n {
                target -= n;
            }
        }
        true
    }

    /// The column for `row`: the first of the next `probes` free columns from `from` on
    /// (wrapping) whose diagonals are both empty, else the least attacked of them. At least
    /// `probes` columns must be free.
    fn probe_banded(&self, row: usize, from: usize, probes: usize) -> usize {
        let words = self.used_columns.len();
        let mut at = from / 64;
        // Free columns of the current word not yet tried.
        let mut free = !self.used_columns[at] & (!0u64 << (from % 64));
        let mut best = (u8::MAX, from);
        for _ in 0..probes {
            // Near the end the free columns thin out; the scan skips used words, wrapping.
            while free == 0 {
                at += 1;
                if at == words {
                    at = 0;
                }
                free = !self.used_columns[at];
            }
            let column = at * 64 + free.trailing_zeros() as usize;
            free &= free - 1;
            let crowd = u8::from(self.falling.is_occupied(self.falling_of(row, column)))
                + u8::from(self.rising.is_occupied(row + column));
            if crowd < best.0 {
                best = (crowd, column);
                if crowd == 0 {
                    break;
                }
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use nqueens_core::{Config, validate_size};
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use super::Board;

    /// Attacking pairs counted from the columns alone.
    fn pairs_of(columns: &[u32]) -> u64 {
        let n = columns.len();
        let (mut falling, mut rising) = (vec![0u64; 2 * n], vec![0u64; 2 * n]);
        for (row, &column) in columns.iter().enumerate() {
            falling[row + n - 1 - column as usize] += 1;
            rising[row + column as usize] += 1;
        }
        falling
            .iter()
            .chain(&rising)
            .map(|c| c * c.saturating_sub(1) / 2)
            .sum()
    }

    #[test]
    fn a_banded_start_is_a_permutation_with_its_pairs_and_suspects_kept() {
        for n in (1..=200).chain([255, 256, 257, 1000, 4099]) {
            for seed in 0..4 {
                let mut board = Board::with_start(n, true).unwrap();
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                assert!(board.start(&mut rng, &|| false));
                let mut seen = vec![false; n];
                for &column in board.columns() {
                    assert!(
                        !std::mem::replace(&mut seen[column as usize], true),
                        "n = {n}"
                    );
                }
                assert_eq!(
                    board.pairs,
                    pairs_of(board.columns()),
                    "n = {n}, seed = {seed}"
                );
                // The suspects' invariant: every attacking pair has a listed row, so on each
                // diagonal at most one queen is not listed.
                let (mut falling, mut rising) = (vec![0i64; 2 * n], vec![0i64; 2 * n]);
                for (row, &column) in board.columns().iter().enumerate() {
                    let listed = i64::from(board.suspects.contains(&(row as u32)));
                    falling[row + n - 1 - column as usize] += 1 - listed;
                    rising[row + column as usize] += 1 - listed;
                }
                assert!(falling.iter().chain(&rising).all(|&unlisted| unlisted <= 1));
            }
        }
    }

    #[test]
    fn banded_starts_differ_by_seed() {
        let start = |seed| {
            let mut board = Board::with_start(5000, true).unwrap();
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            assert!(board.start(&mut rng, &|| false));
            board.columns().to_vec()
        };
        assert_eq!(start(1), start(1));
        assert_ne!(start(1), start(2));
    }

    #[test]
    fn the_search_from_banded_starts_solves_every_n_from_4_to_600() {
        for n in 4..=600 {
            for seed in [1, 2, 3] {
                let board = Board::with_start(n, true).unwrap();
                let config = Config::default();
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                let budget = crate::default_budget(n);
                let run = crate::search::<false>(board, n, &mut rng, budget, &config);
                let nqueens_local::Searched::Found(columns, _) = run else {
                    panic!("n = {n}, seed = {seed}: {run:?}")
                };
                assert_eq!(validate_size(&columns, n), Ok(()));
            }
        }
    }
}
