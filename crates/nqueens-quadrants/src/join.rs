//! The two joins: north with south quadrants into half-board keys, and west halves with east
//! halves into a count.

use nqueens_core::StopFlag;

use crate::board::Board;
use crate::quadrant::Quadrant;

/// Appends to `keys` the join key of every half-board placement made of one placement of
/// `north` and one of `south` using the other columns of the half (`width` columns) and no
/// common diagonal. `None` when memory for the keys cannot be had.
pub(crate) fn half_keys(
    board: &Board,
    north: &Quadrant,
    south: &Quadrant,
    width: usize,
    keys: &mut Vec<u64>,
) -> Option<()> {
    let all = ((1u64 << width) - 1) as u32;
    for top in north.all() {
        // North and south share no column, so the south queens use exactly the others.
        for bottom in south.using(all ^ top.columns) {
            if top.fits(bottom) {
                if keys.len() == keys.capacity() {
                    keys.try_reserve(keys.len().max(1024)).ok()?;
                }
                keys.push(board.key(top.sums | bottom.sums, top.differences | bottom.differences));
            }
        }
    }
    Some(())
}

/// Drops from both key lists the bits that cannot clash (a bit no west key has, or no east key
/// has) and packs the others together, so the join looks up fewer key bytes; returns the bits
/// left. The packing is tabulated per key byte, one lookup per byte of each key.
pub(crate) fn pack_keys(west: &mut [u64], east: &mut [u64], bits: u32) -> u32 {
    let either = |keys: &[u64]| keys.iter().fold(0u64, |all, &key| all | key);
    let shared = either(west) & either(east);
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
/// A quadratic loop would test every pair. Instead the east keys are taken 64 at a time and
/// turned on their side: for each key bit, a 64-bit word says which of the 64 keys have it
/// (bit slicing). The east keys that clash with `w` are then the OR of the words of `w`'s
/// bits, and the number that fit is the zeros of that OR. To take a whole byte of `w` at once,
/// each chunk first tabulates the OR for all 256 values of each byte of the key (the "four
/// Russians" trick), so one west key costs one lookup per key byte per 64 east keys.
pub(crate) fn count_disjoint(
    west: &[u64],
    east: &[u64],
    bits: u32,
    stop: &StopFlag,
) -> Option<u64> {
    match bits.div_ceil(8) {
        0 => Some((west.len() * east.len()) as u64),
        1 => count_sliced::<1>(west, east, stop),
        2 => count_sliced::<2>(west, east, stop),
        3 => count_sliced::<3>(west, east, stop),
        4 => count_sliced::<4>(west, east, stop),
        5 => count_sliced::<5>(west, east, stop),
        6 => count_sliced::<6>(west, east, stop),
        7 => count_sliced::<7>(west, east, stop),
        _ => count_sliced::<8>(west, east, stop),
    }
}

/// [`count_disjoint`] for keys of `BYTES` bytes.
fn count_sliced<const BYTES: usize>(west: &[u64], east: &[u64], stop: &StopFlag) -> Option<u64> {
    let mut tables = vec![[0u64; 256]; BYTES];
    let mut total = 0u64;
    for chunk in east.chunks(64) {
        if stop.is_stopped() {
            return None;
        }
        // slices[b]: which keys of the chunk have bit b.
        let mut slices = [0u64; 64];
        for (j, &key) in chunk.iter().enumerate() {
            let mut rest = key;
            while rest != 0 {
                slices[rest.trailing_zeros() as usize] |= 1 << j;
                rest &= rest - 1;
            }
        }
        for (byte, table) in tables.iter_mut().enumerate() {
            // Doubling: the values with bit `i` set are those below `1 << i` plus that bit.
            for i in 0..8 {
                let slice = slices[8 * byte + i];
                let (low, high) = table.split_at_mut(1 << i);
                for (to, from) in high[..1 << i].iter_mut().zip(low.iter()) {
                    *to = from | slice;
                }
            }
        }
        let present = if chunk.len() == 64 {
            !0
        } else {
            (1u64 << chunk.len()) - 1
        };
        for &key in west {
            let mut clash = 0u64;
            for (byte, table) in tables.iter().enumerate() {
                clash |= table[(key >> (8 * byte)) as usize & 0xff];
            }
            // Few pairs fit (about one in a thousand at n = 16): skip the popcount of a zero.
            let fits = !clash & present;
            if fits != 0 {
                total += u64::from(fits.count_ones());
            }
        }
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sliced_count_matches_the_pairs() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |bits: u32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state & state.rotate_left(11) & ((1u64 << bits) - 1)
        };
        for bits in [3u32, 8, 20, 30, 38, 54] {
            let west: Vec<u64> = (0..150).map(|_| next(bits)).collect();
            let east: Vec<u64> = (0..131).map(|_| next(bits)).collect();
            let pairs = west
                .iter()
                .map(|w| east.iter().filter(|&&e| w & e == 0).count() as u64)
                .sum::<u64>();
            let stop = StopFlag::new();
            assert_eq!(
                count_disjoint(&west, &east, bits, &stop),
                Some(pairs),
                "{bits} bits"
            );
        }
    }
}
