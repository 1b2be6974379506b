//! Queen counts for the `2n - 1` diagonals of one direction, compressed for boards where nearly
//! every diagonal holds zero or one queen.
//!
//! A count is one occupancy bit plus an excess (`count - 1`) kept in a map only for the
//! diagonals holding two or more queens. The bits take n/4 bytes per direction instead of the
//! 8n bytes of `u32` counters, so for n = 10^7 both directions fit in 5 MB of cache, and the
//! random lookups of the greedy start and the repair seldom go out to main memory. The greedy
//! start leaves few crowded diagonals (about 2 × 10^-5 n), so the map stays small.

use std::collections::HashMap;

/// Counts of queens on each diagonal of one direction.
pub(crate) struct Diagonals {
    occupied: Vec<u64>,
    /// `count - 1` for every diagonal holding at least two queens.
    excess: HashMap<u32, u32>,
}

impl Diagonals {
    /// Room for `len` diagonals, all empty; `None` if the memory cannot be had.
    pub(crate) fn new(len: usize) -> Option<Self> {
        let words = len.div_ceil(64);
        let mut occupied = Vec::new();
        occupied.try_reserve_exact(words).ok()?;
        occupied.resize(words, 0);
        Some(Diagonals {
            occupied,
            excess: HashMap::new(),
        })
    }

    /// Empties every diagonal.
    pub(crate) fn clear(&mut self) {
        self.occupied.fill(0);
        self.excess.clear();
    }

    /// Whether diagonal `d` holds a queen.
    #[inline(always)]
    pub(crate) fn is_occupied(&self, d: usize) -> bool {
        self.occupied[d / 64] >> (d % 64) & 1 != 0
    }

    /// Starts loading the occupancy word of diagonal `d` into the cache.
    #[inline(always)]
    pub(crate) fn prefetch(&self, d: usize) {
        crate::prefetch::prefetch(&self.occupied[d / 64]);
    }

    /// Queens on diagonal `d`.
    #[inline]
    pub(crate) fn count(&self, d: usize) -> u64 {
        if !self.is_occupied(d) {
            return 0;
        }
        // Diagonals fit u32: there are 2n - 1 < 2^31 of them for n <= MAX_N.
        1 + self
            .excess
            .get(&(d as u32))
            .map_or(0, |&extra| u64::from(extra))
    }

    /// Puts a queen on diagonal `d`; returns how many were there before.
    #[inline(always)]
    pub(crate) fn add(&mut self, d: usize) -> u64 {
        let word = &mut self.occupied[d / 64];
        let bit = 1u64 << (d % 64);
        if *word & bit == 0 {
            *word |= bit;
            return 0;
        }
        self.crowd(d)
    }

    /// [`Diagonals::add`] on an occupied diagonal: the rare case, kept out of the start's loop.
    #[cold]
    #[inline(never)]
    fn crowd(&mut self, d: usize) -> u64 {
        let extra = self.excess.entry(d as u32).or_insert(0);
        *extra += 1;
        u64::from(*extra)
    }

    /// Takes a queen off diagonal `d`, which must hold one; returns how many remain.
    #[inline]
    pub(crate) fn remove(&mut self, d: usize) -> u64 {
        match self.excess.get_mut(&(d as u32)) {
            Some(extra) => {
                *extra -= 1;
                let left = u64::from(*extra);
                if left == 0 {
                    self.excess.remove(&(d as u32));
                }
                left + 1
            }
            None => {
                self.occupied[d / 64] &= !(1u64 << (d % 64));
                0
            }
        }
    }

    /// Every diagonal holding two or more queens, with its count.
    pub(crate) fn crowded(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.excess
            .iter()
            .map(|(&d, &extra)| (d as usize, u64::from(extra) + 1))
    }

    /// Bytes held (the map's entries counted at 8 bytes plus a control byte).
    pub(crate) fn bytes(&self) -> usize {
        8 * self.occupied.capacity() + 9 * self.excess.capacity()
    }
}
