//! The west-east join: how many pairs of a subproblem's west and east half keys share no bit.

use nqueens_core::StopFlag;

use crate::group::{Groups, MAX_GROUPS};
use crate::scratch::{OutOfMemory, Scratch};

impl Scratch {
    /// How many pairs of the first `west` west keys and `east` east keys share no bit
    /// ([`count_disjoint`]).
    pub fn count(
        &mut self,
        (west, east): (usize, usize),
        bits: u32,
        kernel: JoinKernel,
        stop: &StopFlag,
    ) -> Result<Option<u64>, OutOfMemory> {
        count_disjoint(
            &mut self.west[..west],
            &mut self.east[..east],
            bits,
            kernel,
            stop,
            &mut self.spare,
            &mut self.tables,
        )
    }
}

/// How many pairs (`w` of `west`, `e` of `east`) share no bit (`w & e == 0`), for keys of at
/// most `bits` bits; `None` when `stop` was raised.
///
/// The keys of the shorter list are taken 256 at a time (512 in the AVX2 kernel, 1,024 in the
/// AVX-512 one) and bit-sliced: per key bit, a 256-bit lane says which keys have it. The keys
/// clashing with a key `k` of the other list are the OR of the lanes of `k`'s bits, and those
/// that fit its zeros. Each chunk tabulates that OR for all 256 values of each key byte (the
/// "four Russians" trick), so a key costs one 32-byte lookup per key byte per chunk (a 4-byte
/// key's tables fill 32 KiB, the first-level cache); the other list is read in blocks that
/// stay in the second-level cache.
pub(crate) fn count_disjoint(
    west: &mut [u64],
    east: &mut [u64],
    bits: u32,
    kernel: JoinKernel,
    stop: &StopFlag,
    spare: &mut [Vec<u64>; 2],
    tables: &mut Vec<u64>,
) -> Result<Option<u64>, OutOfMemory> {
    if bits == 0 {
        return Ok(Some((west.len() * east.len()) as u64));
    }
    // Disjointness is symmetric: slice the shorter list, so that fewer chunks pay for tables.
    let (sliced, scanned) = if west.len() <= east.len() {
        (west, east)
    } else {
        (east, west)
    };
    let groups = Groups::choose(sliced, scanned);
    let mut starts = ([0; MAX_GROUPS + 1], [0; MAX_GROUPS + 1]);
    let [sliced_spare, scanned_spare] = spare;
    let sliced = groups
        .sort(sliced, sliced_spare, &mut starts.0)
        .ok_or(OutOfMemory)?;
    let scanned = groups
        .sort(scanned, scanned_spare, &mut starts.1)
        .ok_or(OutOfMemory)?;
    // Each group's start, and the end.
    let bounds = groups.count + 2;
    let parts = Parts {
        sliced,
        sliced_starts: &starts.0[..bounds],
        scanned,
        scanned_starts: &starts.1[..bounds],
    };
    Ok(match bits.div_ceil(8) {
        1 => kernel.count_sliced::<1>(&parts, stop, tables),
        2 => kernel.count_sliced::<2>(&parts, stop, tables),
        3 => kernel.count_sliced::<3>(&parts, stop, tables),
        4 => kernel.count_sliced::<4>(&parts, stop, tables),
        5 => kernel.count_sliced::<5>(&parts, stop, tables),
        6 => kernel.count_sliced::<6>(&parts, stop, tables),
        7 => kernel.count_sliced::<7>(&parts, stop, tables),
        _ => kernel.count_sliced::<8>(&parts, stop, tables),
    })
}

/// The two sides of a join, sorted by group, with where each group starts (and, last, the
/// end).
struct Parts<'a> {
    sliced: &'a [u64],
    sliced_starts: &'a [usize],
    scanned: &'a [u64],
    scanned_starts: &'a [usize],
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
    /// [`Avx2`](JoinKernel::Avx2) with the half keys packed by BMI2's `pext`, on the CPUs
    /// that run it in one instruction (Intel's, and AMD's from Zen 3 on: before, AMD
    /// microcoded it, and the packing tables are faster there). On the AMD EPYC (Zen 3) of
    /// the 2-core machine, one thread: n = 17 took 1.23-1.24 s of CPU against 1.65-1.66 s
    /// with the tables, n = 18 4.40-4.42 s against 4.71-4.97 s (interleaved runs).
    Avx2Pext,
    /// The same code compiled for AVX-512 (x86-64 only: F, BW, VL and VPOPCNTDQ, with BMI2's
    /// `pext` to pack the half keys), on chunks of 1,024 keys: two 512-bit ORs per key byte (three-way, `vpternlogq`), one mask test
    /// for a key that fits nowhere, `vpopcntq` for one that does.
    Avx512,
}

impl JoinKernel {
    /// The widest kernel this CPU runs.
    pub fn detect() -> JoinKernel {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi2")
        {
            return JoinKernel::Avx512;
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
        {
            if std::arch::is_x86_feature_detected!("bmi2") && pext_is_fast() {
                return JoinKernel::Avx2Pext;
            }
            return JoinKernel::Avx2;
        }
        JoinKernel::Portable
    }

    /// Whether the half keys are packed with `pext` (BMI2) rather than with lookup tables.
    pub(crate) fn packs_with_pext(self) -> bool {
        matches!(self, JoinKernel::Avx2Pext | JoinKernel::Avx512)
    }

    /// Its name, for output that says which code counted: `portable`, `avx2`, `avx2-pext` or
    /// `avx512`.
    pub fn name(self) -> &'static str {
        match self {
            JoinKernel::Portable => "portable",
            JoinKernel::Avx2 => "avx2",
            JoinKernel::Avx2Pext => "avx2-pext",
            JoinKernel::Avx512 => "avx512",
        }
    }

    /// [`count_disjoint`] for keys of `BYTES` bytes, in this kernel.
    fn count_sliced<const BYTES: usize>(
        self,
        parts: &Parts<'_>,
        stop: &StopFlag,
        tables: &mut Vec<u64>,
    ) -> Option<u64> {
        #[cfg(target_arch = "x86_64")]
        if matches!(self, JoinKernel::Avx2 | JoinKernel::Avx2Pext) {
            return count_sliced_avx2::<BYTES>(parts, stop, tables);
        }
        #[cfg(target_arch = "x86_64")]
        if self == JoinKernel::Avx512 {
            return count_sliced_avx512::<BYTES>(parts, stop, tables);
        }
        count_sliced::<BYTES, PORTABLE_LANES>(parts, stop, tables)
    }
}

/// Whether this CPU runs `pext` in one instruction: Intel's do (all that have BMI2), and AMD's
/// from family 19h (Zen 3) on; earlier AMD cores (and Hygon's, built on them) microcode it,
/// taking tens to hundreds of cycles by the mask. Other vendors are not assumed fast.
#[cfg(target_arch = "x86_64")]
fn pext_is_fast() -> bool {
    use std::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let name: Vec<u8> = [vendor.ebx, vendor.edx, vendor.ecx]
        .iter()
        .flat_map(|word| word.to_le_bytes())
        .collect();
    match name.as_slice() {
        b"GenuineIntel" => true,
        b"AuthenticAMD" => {
            // The family: the base family, plus the extended family when the base is 0xF.
            let signature = __cpuid(1).eax;
            let base = (signature >> 8) & 0xf;
            let family = if base == 0xf {
                base + ((signature >> 20) & 0xff)
            } else {
                base
            };
            family >= 0x19
        }
        _ => false,
    }
}

/// Words per chunk in the portable kernel: 256 keys, a 128-bit SSE2 OR for each half (wider
/// chunks' tables would overflow the first-level cache).
const PORTABLE_LANES: usize = 4;

/// Words per chunk in the AVX2 kernel: 512 keys. Their tables spill from the first-level
/// cache into the second, but each key's bytes are taken apart for twice as many keys, and
/// that wins: n = 18 on one thread took 5.9 s of CPU against 6.5 s with 256-key chunks.
#[cfg(target_arch = "x86_64")]
const AVX2_LANES: usize = 8;

/// Defines `$name`, which runs [`count_sliced`] compiled for the CPU features `$features`,
/// with `$lanes` words per chunk.
macro_rules! kernel_for {
    ($(#[$doc:meta])* $name:ident = $features:literal, $lanes:expr) => {
        $(#[$doc])*
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        fn $name<const BYTES: usize>(
            parts: &Parts<'_>,
            stop: &StopFlag,
            tables: &mut Vec<u64>,
        ) -> Option<u64> {
            #[target_feature(enable = $features)]
            fn compiled<const BYTES: usize>(
                parts: &Parts<'_>,
                stop: &StopFlag,
                tables: &mut Vec<u64>,
            ) -> Option<u64> {
                count_sliced::<BYTES, { $lanes }>(parts, stop, tables)
            }
            // SAFETY: the kernel that calls `$name` is only made by `JoinKernel::detect` after
            // the CPU said it has `$features`, the features `compiled` is built for; the
            // function is otherwise safe Rust.
            unsafe { compiled::<BYTES>(parts, stop, tables) }
        }
    };
}

kernel_for! {
    /// [`count_sliced`] compiled for AVX2.
    ///
    /// Why it is worth an `unsafe` (calling a function built for features the baseline target
    /// lacks): n = 18 on one thread took 5.8-6.1 s of CPU (six runs) against 7.4-7.7 s with the
    /// portable kernel, interleaved on the shared 2-core machine; callgrind at n = 16 counts
    /// 1,733M instructions against 2,049M. Built for the CPU instead (`-C target-cpu=native`)
    /// the portable kernel would do as well, but `cargo install` builds for the baseline.
    count_sliced_avx2 = "avx2,popcnt", AVX2_LANES
}

/// Words per chunk in the AVX-512 kernel: 1,024 keys. Their tables (128 KiB for a 4-byte
/// key) live in the second-level cache, but each key's bytes are taken apart for twice as
/// many keys as with 512: n = 18 on one thread took 5.21-5.29 s of CPU against 5.64-5.81 s
/// with 512-key chunks (three interleaved runs each).
#[cfg(target_arch = "x86_64")]
const AVX512_LANES: usize = 16;

kernel_for! {
    /// [`count_sliced`] compiled for AVX-512.
    ///
    /// Why it is worth an `unsafe` (as for AVX2): on the AMD EPYC (Zen 4) of the 2-core machine,
    /// n = 18 on one thread took 5.21-5.29 s of CPU against 5.55-5.66 s with the AVX2 kernel of
    /// the same build (three interleaved runs each). Zen 4 splits a 512-bit operation in two
    /// 256-bit halves, so the gain is in instructions (a three-way OR, one mask test per key),
    /// not in width; valgrind does not run AVX-512, so it has no instruction count.
    count_sliced_avx512 = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,popcnt", AVX512_LANES
}

/// Words in a cache line.
const LINE_WORDS: usize = 8;

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
    parts: &Parts<'_>,
    stop: &StopFlag,
    tables: &mut Vec<u64>,
) -> Option<u64> {
    // The tables live in the thread's scratch: no allocation, and no zeroing but entry 0
    // (the doubling below writes every other entry before it is read).
    // Entries start on a cache line (the allocator aligns to 16 bytes only): a 64-byte
    // entry that straddled two lines cost two loads.
    let words = BYTES * 256 * LANES;
    if tables.len() < words + LINE_WORDS {
        tables.resize(words + LINE_WORDS, 0);
    }
    let skip = tables.as_ptr().align_offset(LINE_WORDS * size_of::<u64>());
    let (tables, _) = tables[skip..skip + words].as_chunks_mut::<LANES>();
    let (tables, _) = tables.as_chunks_mut::<256>();
    let Parts {
        sliced,
        sliced_starts,
        scanned,
        scanned_starts,
    } = *parts;
    let last = sliced_starts.len() - 2;
    let mut total = 0u64;
    for block in (0..scanned.len()).step_by(SCAN_BLOCK) {
        let block = block..scanned.len().min(block + SCAN_BLOCK);
        // The keys of the block in the scanned group `group`.
        let scanned_in = |group: usize| {
            &scanned[scanned_starts[group].clamp(block.start, block.end)
                ..scanned_starts[group + 1].clamp(block.start, block.end)]
        };
        for group in 0..=last {
            // The scanned groups that share no grouping bit with this one: the submasks of
            // its complement.
            let free = last & !group;
            let partners = std::iter::successors(Some(free), |&other| {
                (other != 0).then(|| (other - 1) & free)
            });
            if partners.clone().all(|other| scanned_in(other).is_empty()) {
                continue;
            }
            let part = &sliced[sliced_starts[group]..sliced_starts[group + 1]];
            for chunk in part.chunks(64 * LANES) {
                if stop.is_stopped() {
                    return None;
                }
                // slices[b]: which keys of the chunk have bit b, 64 keys at a time.
                let mut slices = [[0u64; LANES]; 64];
                for (lane, keys) in chunk.chunks(64).enumerate() {
                    let mut bits = [0u64; 64];
                    bits[..keys.len()].copy_from_slice(keys);
                    transpose(&mut bits);
                    for (slice, &word) in slices.iter_mut().zip(&bits) {
                        slice[lane] = word;
                    }
                }
                let (byte_slices, _) = slices.as_chunks::<8>();
                for (table, slices) in tables.iter_mut().zip(byte_slices) {
                    table[0] = [0; LANES];
                    // Each value is a smaller one (without its lowest bit) plus that bit's
                    // slice. Read back from the table, the entries are not vectorized across
                    // (the AVX-512 build did so with gathers and scatters, 20% slower in all).
                    for value in 1..256usize {
                        let (entry, slice) = (
                            table[value & (value - 1)],
                            &slices[value.trailing_zeros() as usize & 7],
                        );
                        table[value] = std::array::from_fn(|l| entry[l] | slice[l]);
                    }
                }
                let present = lanes_below::<LANES>(chunk.len());
                let mut counts: Lanes<LANES> = [0; LANES];
                for other in partners.clone() {
                    for &key in scanned_in(other) {
                        // The barrier keeps the loop one key at a time (the key costs a
                        // store and a load): built for AVX-512, the compiler vectorized it
                        // across keys with gathers, slower than the AVX2 kernel; the AVX2
                        // kernel without it ran 5.44G instructions at n = 17, 4.58G with.
                        let bytes = std::hint::black_box(key).to_le_bytes();
                        let mut clash: Lanes<LANES> = [0; LANES];
                        for (table, &byte) in tables.iter().zip(&bytes[..BYTES]) {
                            let entry = table[usize::from(byte)];
                            clash = std::array::from_fn(|l| clash[l] | entry[l]);
                        }
                        // Counted per lane, without a branch: about one pair in a
                        // thousand fits, so whether any of a chunk's keys fits is close to a
                        // coin toss, and a branch that skipped the popcounts of zeros was
                        // mispredicted so often that n = 18 on one thread took 6.2-6.6 s of
                        // CPU against 4.7-4.9 s without it (AVX2, interleaved runs).
                        let fits: Lanes<LANES> = std::array::from_fn(|l| !clash[l] & present[l]);
                        counts =
                            std::array::from_fn(|l| counts[l] + u64::from(fits[l].count_ones()));
                    }
                }
                total += counts.iter().sum::<u64>();
            }
        }
    }
    Some(total)
}

/// Transposes the 64 × 64 bit matrix `rows` (bit `c` of `rows[r]` is its entry `(r, c)`):
/// afterwards bit `c` of `rows[r]` is bit `r` of what `rows[c]` was. Slicing keys one set bit
/// at a time cost about 35 instructions per key at n = 17 (a shift, a load and a store per
/// bit, on a branch per bit); the transpose costs about 18, on no branch, and vectorizes.
/// The usual recursion on blocks: at step `j`, within every aligned block of `2j` rows,
/// the top-right `j × j` block swaps with the bottom-left one.
#[inline(always)]
fn transpose(rows: &mut [u64; 64]) {
    let mut step = 32;
    let mut low = 0x0000_0000_ffff_ffffu64;
    while step != 0 {
        for block in rows.chunks_exact_mut(2 * step) {
            let (top, bottom) = block.split_at_mut(step);
            for (upper, lower) in top.iter_mut().zip(bottom) {
                // The bits that differ between (r, c + step) and (r + step, c), c in `low`.
                let swap = ((*upper >> step) ^ *lower) & low;
                *lower ^= swap;
                *upper ^= swap << step;
            }
        }
        step >>= 1;
        low ^= low << step;
    }
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
pub(crate) mod tests {
    use super::*;

    /// Sparse random keys of `bits` bits.
    pub(crate) fn keys(state: &mut u64, bits: u32, len: usize) -> Vec<u64> {
        (0..len)
            .map(|_| {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                *state & state.rotate_left(11) & ((1u64 << bits) - 1)
            })
            .collect()
    }

    /// Every kernel this CPU runs (the portable one and AVX2 too on an AVX-512 CPU, with and
    /// without `pext` wherever the CPU has BMI2, fast or not).
    pub(crate) fn runnable() -> Vec<JoinKernel> {
        let mut kernels = vec![JoinKernel::Portable];
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
        {
            kernels.push(JoinKernel::Avx2);
            if std::arch::is_x86_feature_detected!("bmi2") {
                kernels.push(JoinKernel::Avx2Pext);
            }
        }
        if JoinKernel::detect() == JoinKernel::Avx512 {
            kernels.push(JoinKernel::Avx512);
        }
        kernels
    }

    fn pairs(west: &[u64], east: &[u64]) -> u64 {
        west.iter()
            .map(|w| east.iter().filter(|&&e| w & e == 0).count() as u64)
            .sum()
    }

    #[test]
    fn transpose_swaps_rows_and_columns() {
        let mut state = 0x1234_5678_9abc_def1u64;
        let rows: Vec<u64> = keys(&mut state, 63, 64)
            .iter()
            .map(|k| k ^ k.rotate_left(29))
            .collect();
        let mut transposed: [u64; 64] = rows.clone().try_into().expect("64 rows");
        transpose(&mut transposed);
        for (r, row) in rows.iter().enumerate() {
            for (c, column) in transposed.iter().enumerate() {
                assert_eq!(row >> c & 1, column >> r & 1, "({r}, {c})");
            }
        }
    }

    #[test]
    fn sliced_count_matches_the_pairs() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        // Several chunks and a partial one, on either side.
        for (bits, lengths) in [3u32, 8, 20, 30, 38, 54]
            .into_iter()
            .flat_map(|bits| [(bits, (700, 531)), (bits, (1800, 2500))])
            // Long enough to be grouped, and (the last) to be scanned in blocks.
            .chain([
                (30, (9000, 12000)),
                (54, (12000, 9000)),
                (36, (9000, 20000)),
            ])
        {
            let (mut west, mut east) = (
                keys(&mut state, bits, lengths.0),
                keys(&mut state, bits, lengths.1),
            );
            let expected = Some(pairs(&west, &east));
            let stop = StopFlag::new();
            for kernel in runnable() {
                assert_eq!(
                    count_disjoint(
                        &mut west,
                        &mut east,
                        bits,
                        kernel,
                        &stop,
                        &mut Default::default(),
                        &mut Vec::new()
                    ),
                    Ok(expected),
                    "{bits} bits, {lengths:?}, {kernel:?}"
                );
            }
        }
    }
}
