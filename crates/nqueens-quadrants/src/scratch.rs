//! What one thread keeps from subproblem to subproblem: the buffers of both joins.

use crate::quadrant::Placement;

/// Buffers one thread reuses from subproblem to subproblem, so that a subproblem neither
/// allocates nor zeroes memory once they have grown (zeroing fresh buffers took 12-30% of
/// the instructions at n = 15-17).
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// The half-board keys of the west and the east half.
    pub(crate) west: Vec<u64>,
    pub(crate) east: Vec<u64>,
    /// The north and south placements of one column set, with packed keys.
    pub(crate) tops: Vec<Placement>,
    pub(crate) bottoms: Vec<Placement>,
    /// The key bits both halves can set, and the key packing's tables, one per key byte
    /// (none where the kernel packs with `pext`).
    pub(crate) shared: u64,
    pub(crate) packing: Vec<[u64; 256]>,
    /// The keys of either side sorted by group for the west-east join.
    pub(crate) spare: [Vec<u64>; 2],
    /// The west-east join's lookup tables.
    pub(crate) tables: Vec<u64>,
}

/// Memory for a buffer could not be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutOfMemory;

impl Scratch {
    /// The bytes its buffers for keys and placements hold (those that grow with `n`; not the
    /// join's lookup tables and the packing's, at most 128 KiB, as when they were allocated
    /// per subproblem).
    pub fn bytes(&self) -> u64 {
        (self.west.capacity() * size_of::<u64>()
            + self.east.capacity() * size_of::<u64>()
            + (self.tops.capacity() + self.bottoms.capacity()) * size_of::<Placement>()
            + self.spare.iter().map(Vec::capacity).sum::<usize>() * size_of::<u64>()) as u64
    }
}

/// Makes `buffer` at least `len` long (at least doubling it when it grows, so that growth
/// is rare), or `None` when the memory cannot be had. What it held stays: callers
/// overwrite what they use.
pub(crate) fn room<T: Copy + Default>(buffer: &mut Vec<T>, len: usize) -> Option<()> {
    if buffer.len() < len {
        let want = len.max(2 * buffer.len());
        buffer.try_reserve_exact(want - buffer.len()).ok()?;
        buffer.resize(want, T::default());
    }
    Some(())
}
