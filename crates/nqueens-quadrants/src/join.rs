//! The two joins: north with south quadrants into half-board keys, and west halves with east
//! halves into a count.

use nqueens_core::StopFlag;

use crate::quadrant::Quadrant;

/// Appends to `keys` the join key of every half-board placement made of one placement of
/// `north` and one of `south` using the other columns of the half (`width` columns), no
/// common diagonal and no key bit in `forbidden` (the diagonals of a queen placed first).
/// `None` when memory for the keys cannot be had.
pub(crate) fn half_keys(
    north: &Quadrant,
    south: &Quadrant,
    width: usize,
    forbidden: u64,
    keys: &mut Vec<u64>,
) -> Option<()> {
    let all = (1u32 << width) - 1;
    // North and south share no column, so the south queens use exactly the columns the north
    // ones leave. Room for every candidate pair first, so the loop below has no branch on the
    // outcome of the diagonal test: it writes every candidate's key and advances past the
    // ones that fit (the test fails for about half of them, at random).
    let candidates: usize = (0..=all)
        .map(|columns| north.using(columns).len() * south.using(all ^ columns).len())
        .sum();
    let start = keys.len();
    keys.try_reserve(candidates).ok()?;
    keys.resize(start + candidates, 0);
    let mut end = start;
    // A queen placed first (the middle column's, for odd n) attacks some placements of each
    // table: north ones are skipped as they come, south ones in the same branch-free test as
    // the diagonals (filtering the south runs first, with a branch per placement taken at
    // random, measured slower, and so did filtering whole tables per subproblem).
    for columns in 0..=all {
        let bottoms = south.using(all ^ columns);
        for top in north.using(columns) {
            if top.key & forbidden != 0 {
                continue;
            }
            for bottom in bottoms {
                let key = top.key | bottom.key;
                keys[end] = key;
                end += usize::from((top.fit & bottom.fit == 0) & (key & forbidden == 0));
            }
        }
    }
    keys.truncate(end);
    Some(())
}

/// Returns how many low bits of the keys the join must look at: a bit no west key has, or no
/// east key has, cannot clash. When dropping those bits and packing the others together saves
/// a key byte, the keys are rewritten so (the packing is tabulated per key byte, one lookup
/// per byte of each key); otherwise they are left as they are, since only the bytes count.
pub(crate) fn pack_keys(west: &mut [u64], east: &mut [u64], bits: u32) -> u32 {
    let either = |keys: &[u64]| keys.iter().fold(0u64, |all, &key| all | key);
    let shared = either(west) & either(east);
    let (reach, packed) = (u64::BITS - shared.leading_zeros(), shared.count_ones());
    if packed.div_ceil(8) == reach.div_ceil(8) {
        return reach;
    }
    let bytes = bits.div_ceil(8) as usize;
    let mut tables = vec![[0u64; 256]; bytes];
    let mut next = 0;
    for (byte, table) in tables.iter_mut().enumerate() {
        for i in 0..8 {
            if shared >> (8 * byte + i) & 1 == 1 {
                let (low, high) = table.split_at_mut(1 << i);
                for (to, from) in high[..1 << i].iter_mut().zip(low.iter()) {
                    *to = from | 1 << next;
                }
                next += 1;
            } else {
                let (low, high) = table.split_at_mut(1 << i);
                high[..1 << i].copy_from_slice(low);
            }
        }
    }
    for key in west.iter_mut().chain(east.iter_mut()) {
        let mut packed = 0;
        for (byte, table) in tables.iter().enumerate() {
            packed |= table[(*key >> (8 * byte)) as usize & 0xff];
        }
        *key = packed;
    }
    next
}

/// How many pairs (`w` of `west`, `e` of `east`) share no bit (`w & e == 0`), for keys of at
/// most `bits` bits; `None` when `stop` was raised.
///
/// A quadratic loop would test every pair. Instead the keys of the shorter list are taken 256
/// at a time and turned on their side: for each key bit, a 256-bit lane set says which of the
/// 256 keys have it (bit slicing). The keys of that chunk that clash with a key `k` of the
/// other list are then the OR of the lanes of `k`'s bits, and the number that fit is the zeros
/// of that OR. To take a whole byte of `k` at once, each chunk first tabulates the OR for all
/// 256 values of each key byte (the "four Russians" trick), so a key costs one 32-byte lookup
/// per key byte per 256 keys of the other list (the tables of a 4-byte key fill 32 KiB, a
/// core's first-level cache).
pub(crate) fn count_disjoint(
    west: &[u64],
    east: &[u64],
    bits: u32,
    stop: &StopFlag,
) -> Option<u64> {
    // Disjointness is symmetric: slice the shorter list, so that fewer chunks pay for tables.
    let (sliced, scanned) = if west.len() <= east.len() {
        (west, east)
    } else {
        (east, west)
    };
    match bits.div_ceil(8) {
        0 => Some((west.len() * east.len()) as u64),
        1 => count_sliced::<1>(sliced, scanned, stop),
        2 => count_sliced::<2>(sliced, scanned, stop),
        3 => count_sliced::<3>(sliced, scanned, stop),
        4 => count_sliced::<4>(sliced, scanned, stop),
        5 => count_sliced::<5>(sliced, scanned, stop),
        6 => count_sliced::<6>(sliced, scanned, stop),
        7 => count_sliced::<7>(sliced, scanned, stop),
        _ => count_sliced::<8>(sliced, scanned, stop),
    }
}

/// One bit for each key of a chunk: four words, which the compiler ORs two at a time with SSE2
/// (wider chunks would overflow the first-level cache with their tables).
type Lanes = [u64; LANES];

/// Words in [`Lanes`].
const LANES: usize = 4;

/// [`count_disjoint`] for keys of `BYTES` bytes.
fn count_sliced<const BYTES: usize>(
    sliced: &[u64],
    scanned: &[u64],
    stop: &StopFlag,
) -> Option<u64> {
    let mut tables = vec![[[0u64; LANES]; 256]; BYTES];
    let mut total = 0u64;
    for chunk in sliced.chunks(64 * LANES) {
        if stop.is_stopped() {
            return None;
        }
        // slices[b]: which keys of the chunk have bit b.
        let mut slices = [[0u64; LANES]; 64];
        for (j, &key) in chunk.iter().enumerate() {
            let mut rest = key;
            while rest != 0 {
                slices[rest.trailing_zeros() as usize][j / 64] |= 1 << (j % 64);
                rest &= rest - 1;
            }
        }
        for (byte, table) in tables.iter_mut().enumerate() {
            // Doubling: the values with bit `i` set are those below `1 << i` plus that bit.
            for i in 0..8 {
                let slice = slices[8 * byte + i];
                let (low, high) = table.split_at_mut(1 << i);
                for (to, from) in high[..1 << i].iter_mut().zip(low.iter()) {
                    *to = std::array::from_fn(|l| from[l] | slice[l]);
                }
            }
        }
        let present = lanes_below(chunk.len());
        for &key in scanned {
            let bytes = key.to_le_bytes();
            let mut clash: Lanes = [0; LANES];
            for (table, &byte) in tables.iter().zip(&bytes[..BYTES]) {
                let entry = table[usize::from(byte)];
                clash = std::array::from_fn(|l| clash[l] | entry[l]);
            }
            // Few pairs fit (about one in a thousand at n = 16): skip the popcounts of zeros.
            let fits: Lanes = std::array::from_fn(|l| !clash[l] & present[l]);
            if fits.iter().any(|&f| f != 0) {
                total += fits.iter().map(|f| u64::from(f.count_ones())).sum::<u64>();
            }
        }
    }
    Some(total)
}

/// The lanes of the first `len` keys of a chunk (`len <= 64 * LANES`).
fn lanes_below(len: usize) -> Lanes {
    let word = |count: usize| match count {
        0 => 0,
        64.. => !0,
        _ => (1u64 << count) - 1,
    };
    std::array::from_fn(|l| word(len.saturating_sub(64 * l).min(64)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sparse random keys of `bits` bits.
    fn keys(state: &mut u64, bits: u32, len: usize) -> Vec<u64> {
        (0..len)
            .map(|_| {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                *state & state.rotate_left(11) & ((1u64 << bits) - 1)
            })
            .collect()
    }

    fn pairs(west: &[u64], east: &[u64]) -> u64 {
        west.iter()
            .map(|w| east.iter().filter(|&&e| w & e == 0).count() as u64)
            .sum()
    }

    #[test]
    fn packing_keeps_the_count() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for (bits, west_only, east_only) in [(30u32, 0x3u64, 0x300u64), (30, 1 << 29, 0xf0_0000)] {
            // Bits only one side has cannot clash: packing drops them (or leaves them be).
            let mut west: Vec<u64> = keys(&mut state, bits, 300)
                .iter()
                .map(|k| k & !east_only)
                .collect();
            let mut east: Vec<u64> = keys(&mut state, bits, 200)
                .iter()
                .map(|k| k & !west_only)
                .collect();
            let expected = pairs(&west, &east);
            let left = pack_keys(&mut west, &mut east, bits);
            let stop = StopFlag::new();
            assert_eq!(count_disjoint(&west, &east, left, &stop), Some(expected));
        }
    }

    #[test]
    fn sliced_count_matches_the_pairs() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for bits in [3u32, 8, 20, 30, 38, 54] {
            // Several chunks and a partial one, on either side.
            let west = keys(&mut state, bits, 700);
            let east = keys(&mut state, bits, 531);
            let stop = StopFlag::new();
            assert_eq!(
                count_disjoint(&west, &east, bits, &stop),
                Some(pairs(&west, &east)),
                "{bits} bits"
            );
        }
    }
}
