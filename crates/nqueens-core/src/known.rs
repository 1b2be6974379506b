//! Known solution counts, from the On-Line Encyclopedia of Integer Sequences.
//!
//! A000170 (all solutions) and A002562 (up to rotation and reflection), n = 1..=27, as
//! published at <https://oeis.org/A000170> and <https://oeis.org/A002562>, which every
//! strategy is tested against; and the solutions a half turn (A032522, n ≤ 27) and a quarter
//! turn (A033148, n ≤ 63) map onto themselves.

/// The terms of a sequence as OEIS prints them (`1, 0, 0, 2`); other than `N` fails the build.
const fn terms<const N: usize>(text: &str) -> [u64; N] {
    let (bytes, mut table, mut term, mut i) = (text.as_bytes(), [0; N], 0, 0);
    while i < bytes.len() {
        match bytes[i] {
            b',' => term += 1,
            b' ' => {}
            digit @ b'0'..=b'9' => table[term] = table[term] * 10 + (digit - b'0') as u64,
            _ => panic!("a term that is not a whole number"),
        }
        i += 1;
    }
    assert!(term + 1 == N, "a table of another length");
    table
}

/// A000170: the number of solutions for n = 1..=27, indexed by `n - 1`.
const ALL: [u64; 27] = terms(
    "1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, \
    95815104, 666090624, 4968057848, 39029188884, 314666222712, 2691008701644, \
    24233937684440, 227514171973736, 2207893435808352, 22317699616364044, 234907967154122528",
);

/// A002562: the number of solutions distinct up to rotation and reflection, indexed by `n - 1`.
const UNIQUE: [u64; 27] = terms(
    "1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939, \
    83263591, 621012754, 4878666808, 39333324973, 336376244042, 3029242658210, \
    28439272956934, 275986683743434, 2789712466510289, 29363495934315694",
);

/// A032522: the solutions a half turn maps onto themselves, n = 1..=27, indexed by `n - 1`.
const HALF_TURN: [u64; 27] = terms(
    "1, 0, 0, 2, 2, 4, 8, 4, 16, 12, 48, 80, 136, 420, 1240, 3000, 8152, 18104, 44184, 144620, \
    375664, 1250692, 3581240, 11675080, 34132592, 115718268, 320403024",
);

/// A033148: the solutions a quarter turn maps onto themselves, n = 1..=63, indexed by `n - 1`.
const QUARTER_TURN: [u64; 63] = terms(
    "1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0, 64, 128, 0, 0, 480, 704, 0, 0, 3328, 3264, \
    0, 0, 32896, 43776, 0, 0, 406784, 667904, 0, 0, 5845504, 8650752, 0, 0, 77184000, \
    101492736, 0, 0, 1261588480, 1795233792, 0, 0, 21517426688, 35028172800, 0, 0, \
    406875119616, 652044443648, 0, 0, 8613581094912, 12530550128640, 0, 0, 194409626533888, \
    291826098503680, 0, 0",
);

/// The largest `n` whose counts are known.
pub const KNOWN_UP_TO: usize = ALL.len();

/// The number of solutions for `n` (OEIS A000170), if known.
///
/// ```
/// assert_eq!(nqueens_core::known::all_solutions(8), Some(92));
/// assert_eq!(nqueens_core::known::all_solutions(0), None);
/// ```
pub fn all_solutions(n: usize) -> Option<u64> {
    n.checked_sub(1).and_then(|i| ALL.get(i).copied())
}

/// The number of solutions for `n` up to rotation and reflection (OEIS A002562), if known.
///
/// ```
/// assert_eq!(nqueens_core::known::unique_solutions(8), Some(12));
/// ```
pub fn unique_solutions(n: usize) -> Option<u64> {
    n.checked_sub(1).and_then(|i| UNIQUE.get(i).copied())
}

/// The number of solutions for `n` that a half turn maps onto themselves (OEIS A032522), if
/// known (n up to 27).
///
/// ```
/// assert_eq!(nqueens_core::known::half_turn_solutions(8), Some(4));
/// ```
pub fn half_turn_solutions(n: usize) -> Option<u64> {
    n.checked_sub(1).and_then(|i| HALF_TURN.get(i).copied())
}

/// The number of solutions for `n` that a quarter turn maps onto themselves (OEIS A033148), if
/// known (n up to 63).
///
/// ```
/// assert_eq!(nqueens_core::known::quarter_turn_solutions(12), Some(8));
/// ```
pub fn quarter_turn_solutions(n: usize) -> Option<u64> {
    n.checked_sub(1).and_then(|i| QUARTER_TURN.get(i).copied())
}

/// The largest `n` whose solution count surely fits a `u64`, where counting strategies cap
/// their limits: A000170 grows about 10.5-fold per row near n = 27 (2.35 × 10^17), so n = 28
/// takes about 2.5 × 10^18 and n = 29 about 2.8 × 10^19, above `u64::MAX` ≈ 1.8 × 10^19.
pub const COUNT_FITS_U64: usize = 28;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_hold_the_published_terms() {
        assert_eq!((ALL[0], ALL[7], ALL[26]), (1, 92, 234907967154122528));
        assert_eq!((UNIQUE[9], UNIQUE[26]), (92, 29363495934315694));
        assert_eq!((HALF_TURN[7], HALF_TURN[26]), (4, 320403024));
        assert_eq!((QUARTER_TURN[11], QUARTER_TURN[60]), (8, 291826098503680));
        assert_eq!(ALL.iter().filter(|&&count| count == 0).count(), 2);
    }
}
