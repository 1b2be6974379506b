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
/// at a time (512 in the AVX2 kernel) and turned on their side: for each key bit, a 256-bit
/// lane set says which of the 256 keys have it (bit slicing). The keys of that chunk that
/// clash with a key `k` of the other list are then the OR of the lanes of `k`'s bits, and the
/// number that fit is the zeros of that OR. To take a whole byte of `k` at once, each chunk
/// first tabulates the OR for all 256 values of each key byte (the "four Russians" trick), so
/// a key costs one 32-byte lookup per key byte per 256 keys of the other list (the tables of
/// a 4-byte key fill 32 KiB, a core's first-level cache; 64 KiB with 512 keys, in the
/// second-level cache). The other list is read in blocks that stay in the second-level cache.
pub(crate) fn count_disjoint(
    west: &[u64],
    east: &[u64],
    bits: u32,
    kernel: JoinKernel,
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
        1 => kernel.count_sliced::<1>(sliced, scanned, stop),
        2 => kernel.count_sliced::<2>(sliced, scanned, stop),
        3 => kernel.count_sliced::<3>(sliced, scanned, stop),
        4 => kernel.count_sliced::<4>(sliced, scanned, stop),
        5 => kernel.count_sliced::<5>(sliced, scanned, stop),
        6 => kernel.count_sliced::<6>(sliced, scanned, stop),
        7 => kernel.count_sliced::<7>(sliced, scanned, stop),
        _ => kernel.count_sliced::<8>(sliced, scanned, stop),
    }
}

/// The code the west-east join runs, picked once per count from the CPU's features, so that
/// one portable build (`cargo install`) still uses the wide instructions where they exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinKernel {
    /// Plain Rust for the baseline x86-64 (or any other) target: the compiler ORs a chunk's
    /// 256 bits as two 128-bit SSE2 halves.
    Portable,
    /// The same code compiled for AVX2 (x86-64 only), on chunks of 512 keys: two 256-bit
    /// ORs per key byte, each key's bytes taken apart once for both.
    Avx2,
}

impl JoinKernel {
    /// The widest kernel this CPU runs.
    pub fn detect() -> JoinKernel {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
        {
            return JoinKernel::Avx2;
        }
        JoinKernel::Portable
    }

    /// Its name, for output that says which code counted: `portable` or `avx2`.
    pub fn name(self) -> &'static str {
        match self {
            JoinKernel::Portable => "portable",
            JoinKernel::Avx2 => "avx2",
        }
    }

    /// [`count_disjoint`] for keys of `BYTES` bytes, in this kernel.
    fn count_sliced<const BYTES: usize>(
        self,
        sliced: &[u64],
        scanned: &[u64],
        stop: &StopFlag,
    ) -> Option<u64> {
        #[cfg(target_arch = "x86_64")]
        if self == JoinKernel::Avx2 {
            return count_sliced_avx2::<BYTES>(sliced, scanned, stop);
        }
        count_sliced::<BYTES, PORTABLE_LANES>(sliced, scanned, stop)
    }
}

/// Words per chunk in the portable kernel: 256 keys, a 128-bit SSE2 OR for each half (wider
/// chunks' tables would overflow the first-level cache).
const PORTABLE_LANES: usize = 4;

/// Words per chunk in the AVX2 kernel: 512 keys. Their tables spill from the first-level
/// cache into the second, but each key's bytes are taken apart for twice as many keys, and
/// that wins: n = 18 on one thread took 5.9 s of CPU against 6.5 s with 256-key chunks.
const AVX2_LANES: usize = 8;

/// [`count_sliced`] compiled for AVX2.
///
/// Why it is worth an `unsafe` (calling a function built for features the baseline target
/// lacks): n = 18 on one thread took 5.8-6.1 s of CPU (six runs) against 7.4-7.7 s with the
/// portable kernel, interleaved on the shared 2-core machine; callgrind at n = 16 counts
/// 1,733M instructions against 2,049M. Built for the CPU instead (`-C target-cpu=native`)
/// the portable kernel would do as well, but `cargo install` builds for the baseline.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
fn count_sliced_avx2<const BYTES: usize>(
    sliced: &[u64],
    scanned: &[u64],
    stop: &StopFlag,
) -> Option<u64> {
    #[target_feature(enable = "avx2,popcnt")]
    fn compiled<const BYTES: usize>(
        sliced: &[u64],
        scanned: &[u64],
        stop: &StopFlag,
    ) -> Option<u64> {
        count_sliced::<BYTES, AVX2_LANES>(sliced, scanned, stop)
    }
    // SAFETY: `JoinKernel::Avx2` is only made by `JoinKernel::detect` after the CPU said it
    // has AVX2 and POPCNT, the features `compiled` is built for; the function is otherwise
    // safe Rust.
    unsafe { compiled::<BYTES>(sliced, scanned, stop) }
}

/// One bit for each key of a chunk of `64 * L` keys.
type Lanes<const L: usize> = [u64; L];

/// Keys of the scanned list per pass over the sliced list's chunks: a block of them stays in
/// a core's second-level cache while every chunk's tables are built and matched against it
/// (a table costs about as much as 2,000 scanned keys, so the block keeps rebuilding cheap).
const SCAN_BLOCK: usize = 1 << 14;

/// [`count_disjoint`] for keys of `BYTES` bytes, chunks of `64 * LANES` sliced keys (inlined
/// into each kernel, which compiles it for its instructions).
#[inline(always)]
fn count_sliced<const BYTES: usize, const LANES: usize>(
    sliced: &[u64],
    scanned: &[u64],
    stop: &StopFlag,
) -> Option<u64> {
    let mut tables = vec![[[0u64; LANES]; 256]; BYTES];
    let mut total = 0u64;
    for block in scanned.chunks(SCAN_BLOCK) {
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
            let present = lanes_below::<LANES>(chunk.len());
            for &key in block {
                let bytes = key.to_le_bytes();
                let mut clash: Lanes<LANES> = [0; LANES];
                for (table, &byte) in tables.iter().zip(&bytes[..BYTES]) {
                    let entry = table[usize::from(byte)];
                    clash = std::array::from_fn(|l| clash[l] | entry[l]);
                }
                // Few pairs fit (about one in a thousand at n = 16): skip the popcounts of
                // zeros.
                let fits: Lanes<LANES> = std::array::from_fn(|l| !clash[l] & present[l]);
                if fits.iter().any(|&f| f != 0) {
                    total += fits.iter().map(|f| u64::from(f.count_ones())).sum::<u64>();
                }
            }
        }
    }
    Some(total)
}

/// The lanes of the first `len` keys of a chunk (`len <= 64 * LANES`).
#[inline(always)]
fn lanes_below<const LANES: usize>(len: usize) -> Lanes<LANES> {
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
            assert_eq!(
                count_disjoint(&west, &east, left, JoinKernel::detect(), &stop),
                Some(expected)
            );
        }
    }

    #[test]
    fn sliced_count_matches_the_pairs() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        // Several chunks and a partial one, on either side.
        for (bits, lengths) in [3u32, 8, 20, 30, 38, 54]
            .into_iter()
            .flat_map(|bits| [(bits, (700, 531)), (bits, (1800, 2500))])
        {
            let west = keys(&mut state, bits, lengths.0);
            let east = keys(&mut state, bits, lengths.1);
            let expected = Some(pairs(&west, &east));
            let stop = StopFlag::new();
            for kernel in [JoinKernel::Portable, JoinKernel::detect()] {
                assert_eq!(
                    count_disjoint(&west, &east, bits, kernel, &stop),
                    expected,
                    "{bits} bits, {lengths:?}, {kernel:?}"
                );
            }
        }
    }
}
