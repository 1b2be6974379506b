//! The grouping of the west-east join's keys by a few key bits, so that groups of the two
//! sides that share one of those bits are never joined.

use crate::scratch::room;

/// Most key bits the keys are grouped by before the west-east join.
const MAX_GROUP_BITS: usize = 6;

/// Most groups: one per value of the grouping bits.
pub(crate) const MAX_GROUPS: usize = 1 << MAX_GROUP_BITS;

/// Fewest sliced keys per group, on average: smaller groups waste more of their last chunk
/// (and rebuild tables for fewer keys) than their grouping saves. Measured: a 12-subproblem
/// shard of n = 20 ran its join in 1,412M instructions ungrouped, 670M with 2,048, 593M with
/// 1,024, 555M with 512 (plus 51M, 66M, 82M to sort).
const MIN_GROUP: usize = 1024;

/// Fewest sliced keys to group at all. Below, the CPU time did not follow the instructions
/// saved: n = 18 on one thread took 5.12-5.18 s grouped from 2,048 keys, 5.13-5.28 s
/// ungrouped (five interleaved runs each), n = 19 about 7% more grouped than ungrouped
/// (47.8 s against 43.7 s; shards of 90 subproblems, 1.09-1.13 s against 1.02-1.06 s), while
/// a shard of 117 subproblems of n = 20 took 0.85 s grouped against 1.55-1.70 s ungrouped.
const GROUPED_FROM: usize = 8192;

/// How the keys of both sides are grouped before the join: by the values of a few key bits
/// that both sides often have. A group of one side never clashes on those bits with a group
/// of the other whose value shares no bit with its own, and every other pair of groups has a
/// key bit in common in all its pairs: only the pairs of compatible groups are joined. With
/// bits that half the keys of each side have, each bit leaves 3/4 of the pairs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Groups {
    /// The grouping bits' positions in the keys (the first `bits` of them).
    positions: [u32; MAX_GROUP_BITS],
    pub bits: usize,
    /// The last group's number (`2^bits - 1`).
    pub count: usize,
}

impl Groups {
    /// As many bits as leave the sliced side [`MIN_GROUP`] keys per group (at most
    /// [`MAX_GROUP_BITS`]), the bits with the most pairs both of whose keys have it (counted
    /// on a sample of each side).
    pub fn choose(sliced: &[u64], scanned: &[u64]) -> Groups {
        let mut bits = 0;
        while sliced.len() >= GROUPED_FROM
            && bits < MAX_GROUP_BITS
            && sliced.len() >> (bits + 1) >= MIN_GROUP
        {
            bits += 1;
        }
        let mut positions = [0; MAX_GROUP_BITS];
        if bits > 0 {
            let (sliced, scanned) = (bit_counts(sliced), bit_counts(scanned));
            let mut both: Vec<(u64, u32)> = (0..64)
                .map(|bit| (sliced[bit] * scanned[bit], bit as u32))
                .filter(|&(pairs, _)| pairs > 0)
                .collect();
            both.sort_unstable_by(|x, y| y.cmp(x));
            bits = bits.min(both.len());
            for (position, &(_, bit)) in positions.iter_mut().zip(&both[..bits]) {
                *position = bit;
            }
        }
        Groups {
            positions,
            bits,
            count: (1 << bits) - 1,
        }
    }

    /// Sorts `keys` by group and writes where each group starts, and after the last, its
    /// end; returns the sorted keys, in `keys` or in `spare` (`None` when memory for `spare`
    /// cannot be had). One branch-free pass per grouping bit splits every group in two; a
    /// counting sort cost about what the grouping saved at n = 18 (each counter waits for
    /// its last store).
    pub fn sort<'a>(
        &self,
        keys: &'a mut [u64],
        spare: &'a mut Vec<u64>,
        starts: &mut [usize; MAX_GROUPS + 1],
    ) -> Option<&'a [u64]> {
        let len = keys.len();
        starts[..2].copy_from_slice(&[0, len]);
        if self.bits == 0 {
            return Some(keys);
        }
        room(spare, len)?;
        let (mut from, mut to) = (keys, &mut spare[..len]);
        let mut groups = 1;
        for &bit in &self.positions[..self.bits] {
            let mut split = [0; MAX_GROUPS + 1];
            for group in 0..groups {
                let (start, end) = (starts[group], starts[group + 1]);
                // Keys without the bit fill the group's place from its start, keys with it
                // from its end: each key is written at both fronts, and the front it belongs
                // to advances (the other write is overwritten later, or is the same slot).
                let (mut low, mut high) = (start, end);
                for &key in &from[start..end] {
                    let has = (key >> bit) as usize & 1;
                    to[low] = key;
                    to[high - 1] = key;
                    low += 1 - has;
                    high -= has;
                }
                split[2 * group] = start;
                split[2 * group + 1] = low;
            }
            groups *= 2;
            split[groups] = len;
            starts[..=groups].copy_from_slice(&split[..=groups]);
            std::mem::swap(&mut from, &mut to);
        }
        Some(from)
    }
}

/// How many keys of a sample of `keys` (at most about 1,024, evenly spread) have each bit.
fn bit_counts(keys: &[u64]) -> [u64; 64] {
    let mut counts = [0u64; 64];
    for &key in keys.iter().step_by((keys.len() / 1024).max(1)) {
        let mut rest = key;
        while rest != 0 {
            counts[rest.trailing_zeros() as usize] += 1;
            rest &= rest - 1;
        }
    }
    counts
}
