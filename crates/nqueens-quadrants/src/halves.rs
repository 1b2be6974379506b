//! The north-south join: a half board's placements, one north and one south quadrant
//! placement, written as the keys the west-east join ([`crate::join`]) pairs.

use crate::join::JoinKernel;
use crate::quadrant::{Placement, Quadrant};
use crate::scratch::{Scratch, room};

impl Scratch {
    /// Packs the key bits of `shared` (those both halves can set, see [`packing`]) in the
    /// keys [`half_keys`] writes next, as `kernel` packs them; returns the key bits the join
    /// must look at.
    pub fn pack(&mut self, shared: u64, kernel: JoinKernel) -> u32 {
        self.shared = shared;
        if kernel.packs_with_pext() {
            self.packing.clear();
            return shared.count_ones();
        }
        packing(shared, &mut self.packing)
    }
}

/// Fills `tables` to pack the key bits of `shared` together (one lookup per key byte) and
/// returns the number of key bits the west-east join must look at; leaves it empty when
/// packing would not save a key byte (only the bytes count). A bit no west key has, or no
/// east key has, cannot clash: `shared` holds the others.
fn packing(shared: u64, tables: &mut Vec<[u64; 256]>) -> u32 {
    let (reach, packed) = (u64::BITS - shared.leading_zeros(), shared.count_ones());
    tables.clear();
    if packed.div_ceil(8) == reach.div_ceil(8) {
        return reach;
    }
    tables.resize(reach.div_ceil(8) as usize, [0u64; 256]);
    let mut next = 0;
    for (byte, table) in tables.iter_mut().enumerate() {
        for i in 0..8 {
            let (low, high) = table.split_at_mut(1 << i);
            if shared >> (8 * byte + i) & 1 == 1 {
                for (to, from) in high[..1 << i].iter_mut().zip(low.iter()) {
                    *to = from | 1 << next;
                }
                next += 1;
            } else {
                high[..1 << i].copy_from_slice(low);
            }
        }
    }
    next
}

/// The key `key` packed by `tables` (see [`packing`]); unchanged when there are none.
#[inline]
fn pack(tables: &[[u64; 256]], key: u64) -> u64 {
    if tables.is_empty() {
        return key;
    }
    tables.iter().enumerate().fold(0, |packed, (byte, table)| {
        packed | table[(key >> (8 * byte)) as usize & 0xff]
    })
}

/// Which half [`half_keys`] builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Half {
    West,
    East,
}

/// Writes to the `half` keys of `scratch` the join key, packed as [`Scratch::pack`] said, of
/// every half-board placement made of one placement of `north` and one of `south` using the
/// other columns of the half (`width` columns), no common diagonal and no key bit in
/// `forbidden` (the diagonals of a queen placed first); returns how many. `None` when
/// memory for the keys cannot be had.
pub(crate) fn half_keys(
    north: &Quadrant,
    south: &Quadrant,
    width: usize,
    forbidden: u64,
    half: Half,
    kernel: JoinKernel,
    scratch: &mut Scratch,
) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if kernel.packs_with_pext() {
        return half_keys_pext(north, south, width, forbidden, half, scratch);
    }
    let _ = kernel;
    let packing = std::mem::take(&mut scratch.packing);
    let built = half_keys_with(north, south, width, forbidden, half, scratch, |key| {
        pack(&packing, key)
    });
    scratch.packing = packing;
    built
}

/// [`half_keys`] packing with `pext` (BMI2), one instruction where the tables take one
/// lookup per key byte, for the kernels of CPUs that run it fast ([`JoinKernel::Avx2Pext`],
/// [`JoinKernel::Avx512`]). On Zen 4 (AVX-512), n = 17 on one thread took 1.41-1.58 s of CPU
/// against 1.60-1.94 s with the tables, n = 18 5.05-5.10 s against 5.22-5.46 s (three
/// interleaved runs each).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
fn half_keys_pext(
    north: &Quadrant,
    south: &Quadrant,
    width: usize,
    forbidden: u64,
    half: Half,
    scratch: &mut Scratch,
) -> Option<usize> {
    #[target_feature(enable = "bmi2")]
    fn compiled(
        north: &Quadrant,
        south: &Quadrant,
        width: usize,
        forbidden: u64,
        half: Half,
        scratch: &mut Scratch,
    ) -> Option<usize> {
        let shared = scratch.shared;
        half_keys_with(north, south, width, forbidden, half, scratch, |key| {
            std::arch::x86_64::_pext_u64(key, shared)
        })
    }
    // SAFETY: the kernels that pack with `pext` (the only caller's condition) are only made
    // by `JoinKernel::detect` after the CPU said it has BMI2, the feature `compiled` is built
    // for; the function is otherwise safe Rust.
    unsafe { compiled(north, south, width, forbidden, half, scratch) }
}

/// [`half_keys`] with the keys packed by `pack`.
#[inline(always)]
fn half_keys_with(
    north: &Quadrant,
    south: &Quadrant,
    width: usize,
    forbidden: u64,
    half: Half,
    scratch: &mut Scratch,
    pack: impl Fn(u64) -> u64,
) -> Option<usize> {
    let Scratch {
        west,
        east,
        tops,
        bottoms,
        ..
    } = scratch;
    let keys = if half == Half::West { west } else { east };
    let all = (1u32 << width) - 1;
    let mut end = 0;
    // North and south share no column, so the south queens use exactly the columns the north
    // ones leave: each placement of either table takes part in one column set, and has its
    // key packed once (packing keeps a subset of the bits, so the OR of packed keys is the
    // packed OR).
    for &columns in north.used() {
        let (above, below) = (north.using(columns), south.using(all ^ columns));
        if below.is_empty() {
            continue;
        }
        let kept_above = keep(above, tops, forbidden, &pack)?;
        let kept_below = keep(below, bottoms, forbidden, &pack)?;
        // Room for every candidate pair first, so the loop below has no branch on the
        // outcome of the diagonal test: it writes every candidate's key and advances past the
        // ones that fit (the test fails for about half of them, at random).
        room(keys, end + above.len() * below.len())?;
        end = pair_up(keys, end, &tops[..kept_above], &bottoms[..kept_below]);
    }
    Some(end)
}

/// Writes to `to` the placements of `from` with no key bit in `forbidden` (the diagonals of
/// a queen placed first), their keys packed by `pack`; returns how many. Written without a
/// branch on the outcome (it is taken at random). `None` when memory for `to` cannot be had.
#[inline(always)]
fn keep(
    from: &[Placement],
    to: &mut Vec<Placement>,
    forbidden: u64,
    pack: &impl Fn(u64) -> u64,
) -> Option<usize> {
    room(to, from.len())?;
    let mut kept = 0;
    for placement in from {
        to[kept] = *placement;
        kept += usize::from(placement.key & forbidden == 0);
    }
    // Packed once kept: with lookups, packing costs more than the test.
    for placement in &mut to[..kept] {
        placement.key = pack(placement.key);
    }
    Some(kept)
}

/// Writes from `out[end]` on the keys of `tops` with `bottoms` whose fit masks miss theirs;
/// returns the new end. `out` has room for every pair. A function of its own, so that the
/// compiler keeps its loop's state in registers (inlined in [`half_keys`], it reloaded the
/// end and the output from the stack on every pair).
#[inline(never)]
fn pair_up(out: &mut [u64], mut end: usize, tops: &[Placement], bottoms: &[Placement]) -> usize {
    for top in tops {
        let (key, fit) = (top.key, top.fit);
        for bottom in bottoms {
            out[end] = key | bottom.key;
            end += usize::from(fit & bottom.fit == 0);
        }
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::join::tests::keys;

    #[test]
    fn packing_keeps_the_clashes_of_shared_bits() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for shared in [
            0x3fff_0003u64,
            0x0fff_ff00_00ff,
            0x3_ff00_fff0,
            1 << 40 | 0xff,
        ] {
            let mut tables = Vec::new();
            let bits = packing(shared, &mut tables);
            assert!(!tables.is_empty(), "{shared:x} packs");
            let keys = keys(&mut state, 44, 400);
            for pair in keys.windows(2) {
                let (a, b) = (pack(&tables, pair[0]), pack(&tables, pair[1]));
                assert!(a >> bits == 0 && b >> bits == 0, "{shared:x}");
                // Packing is an OR of lookups: the packed OR is the OR of the packed keys.
                assert_eq!(pack(&tables, pair[0] | pair[1]), a | b, "{shared:x}");
                assert_eq!(a & b == 0, pair[0] & pair[1] & shared == 0, "{shared:x}");
            }
        }
    }
}
