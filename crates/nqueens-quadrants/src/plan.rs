//! The list of subproblems of one count (one per class of east-row sets), the quadrant tables
//! they share, and the memory they take.
//!
//! (Over 500 lines: the tables' estimates, bounds and walk share the plan's lazily built
//! tables, which only this module touches.)

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use nqueens_core::split::{Fingerprint, Subproblems, Tally};
use nqueens_core::{Details, Error, Operation, Stats, StopFlag};

use crate::board::Board;
use crate::halves::{Half, half_keys};
use crate::join::JoinKernel;
use crate::quadrant::{Placement, Quadrant};
use crate::scratch::Scratch;

/// The largest board the plan's masks hold: rows in a `u64`, diagonals (`2n - 1`) in a `u64`.
pub(crate) const MAX_MASK_N: usize = 32;

/// Which quarter of the board a table covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Quarter {
    NorthWest,
    NorthEast,
    SouthWest,
    SouthEast,
}

/// The subproblems of counting the `n × n` board (one per class of east-row sets, weighted by
/// the class size, in a fixed order so that index `i` means the same work everywhere), and the
/// quadrant tables they share, built on first use and kept for the plan's life.
#[derive(Debug)]
pub(crate) struct Plan {
    board: Board,
    /// Each class: its smallest east-row set, its middle queen's row and its size.
    sets: Vec<Class>,
    /// The quadrant tables, built on first use: north-west, north-east, south-west,
    /// south-east, each indexed by its rows within its half (bit `i` for the half's row `i`).
    tables: Box<[OnceLock<Option<Quadrant>>]>,
    /// Bytes of tables held now, and at most so far.
    held: AtomicU64,
    peak: AtomicU64,
    /// The west-east join's code, picked for this CPU.
    kernel: JoinKernel,
    /// The buffers of threads between subproblems (one per thread at most), kept with the
    /// plan.
    scratch: Mutex<Vec<Scratch>>,
}

impl Plan {
    /// The plan for `n` (`1..=32`): for even `n`, `C(n, n / 2)` east-row sets, about a quarter
    /// of them listed; for odd `n`, `C(n - 1, n / 2)` sets for each of the `n / 2 + 1` south
    /// rows of the middle queen, about half of them listed (a quarter for the middle row). No
    /// table is built yet.
    pub(crate) fn new(n: usize) -> Result<Plan, Error> {
        if n == 0 {
            return Err(Error::ZeroSize);
        }
        if n > MAX_MASK_N {
            return Err(Error::TooLarge {
                strategy: crate::NAME,
                operation: Operation::Count,
                n,
                limit: MAX_MASK_N,
            });
        }
        let board = Board::new(n);
        let tables = (0..2 * (1usize << board.north) + 2 * (1usize << board.south()))
            .map(|_| OnceLock::new())
            .collect();
        Ok(Plan {
            board,
            sets: classes(&board),
            tables,
            held: AtomicU64::new(0),
            peak: AtomicU64::new(0),
            kernel: JoinKernel::detect(),
            scratch: Mutex::new(Vec::new()),
        })
    }

    /// The most bytes the plan's tables (the shared quadrant tables and the half-board keys
    /// of the subproblems under way) held at once so far.
    pub(crate) fn peak_bytes(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }

    /// Records `bytes` more held (or fewer, for a negative change).
    fn hold(&self, bytes: u64) {
        let now = self.held.fetch_add(bytes, Ordering::Relaxed) + bytes;
        self.peak.fetch_max(now, Ordering::Relaxed);
    }

    /// Where the table of `quarter` for the half-rows `rows` lives, and its board rows, first
    /// column and width.
    fn locate(&self, quarter: Quarter, rows: u64) -> (usize, Vec<usize>, usize, usize) {
        let b = &self.board;
        let first_row = match quarter {
            Quarter::NorthWest | Quarter::NorthEast => 0,
            Quarter::SouthWest | Quarter::SouthEast => b.north,
        };
        let (first_column, width) = match quarter {
            Quarter::NorthWest | Quarter::SouthWest => (0, b.west),
            Quarter::NorthEast | Quarter::SouthEast => (b.east_first, b.east()),
        };
        let board_rows = (0..64)
            .filter(|i| rows >> i & 1 == 1)
            .map(|i| first_row + i)
            .collect();
        (self.index(quarter, rows), board_rows, first_column, width)
    }

    /// The quarters, north-west, north-east, south-west, south-east, with their half's rows.
    fn quarters(&self) -> [(Quarter, usize); 4] {
        let b = &self.board;
        [
            (Quarter::NorthWest, b.north),
            (Quarter::NorthEast, b.north),
            (Quarter::SouthWest, b.south()),
            (Quarter::SouthEast, b.south()),
        ]
    }

    /// Where the table of `quarter` for the half-rows `rows` lives in `tables`.
    fn index(&self, quarter: Quarter, rows: u64) -> usize {
        let b = &self.board;
        let (north_count, south_count) = (1usize << b.north, 1usize << b.south());
        let base = match quarter {
            Quarter::NorthWest => 0,
            Quarter::NorthEast => north_count,
            Quarter::SouthWest => 2 * north_count,
            Quarter::SouthEast => 2 * north_count + south_count,
        };
        base + rows as usize
    }

    /// The table of `quarter` for the half-rows `rows`, built if this is its first use;
    /// `None` if its memory cannot be had.
    fn table(&self, quarter: Quarter, rows: u64) -> Option<&Quadrant> {
        self.tables[self.index(quarter, rows)]
            .get_or_init(|| {
                let (_, board_rows, first_column, width) = self.locate(quarter, rows);
                let table = Quadrant::build(&self.board, &board_rows, first_column, width)?;
                self.hold(table.bytes());
                Some(table)
            })
            .as_ref()
    }

    /// The board it counts.
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    /// The bytes every quadrant table will take, counted exactly, and the bound on one
    /// thread's keys that the tables' sizes per column set give (see [`Memory::keys`]), from one
    /// walk of the quarters without storing them (about as long as building them); `None` as
    /// soon as the tables' running sum passes `limit` or `stop` is raised: refusing a size far
    /// above the limit costs only the walk up to it.
    pub(crate) fn memory_within(&self, limit: u64, stop: &StopFlag) -> Option<Memory> {
        let b = &self.board;
        let mut tables = 0u64;
        // North-west, north-east, south-west, south-east.
        let mut largest: [LargestRuns; 4] = Default::default();
        for ((quarter, half_rows), largest) in self.quarters().into_iter().zip(&mut largest) {
            largest.resize(half_rows + 1, Vec::new());
            for rows in 0..1u64 << half_rows {
                if stop.is_stopped() {
                    return None;
                }
                let (_, board_rows, first_column, width) = self.locate(quarter, rows);
                let sizes = Quadrant::sizes(b, &board_rows, first_column, width);
                let bytes = Quadrant::bytes_for(width, &sizes);
                tables = tables.saturating_add(bytes);
                if tables > limit {
                    return None;
                }
                let most = &mut largest[board_rows.len()];
                most.resize(sizes.len(), 0);
                for (most, size) in most.iter_mut().zip(sizes) {
                    *most = (*most).max(size);
                }
            }
        }
        let [north_west, north_east, south_west, south_east] = &largest;
        let keys = keys_bound([
            (north_west, south_west, b.west),
            (north_east, south_east, b.east()),
        ]);
        Some(Memory { tables, keys })
    }

    /// An estimate of the tables' bytes ([`memory_within`](Self::memory_within)) from a sample: for each quarter and
    /// each number of rows, the mean of up to four evenly spaced row sets, times how many sets
    /// have that many rows (the sizes of tables with as many rows are close). About a
    /// twentieth of the exact walk at n = 22; `None` when `stop` is raised.
    pub(crate) fn table_bytes_sampled(&self, stop: &StopFlag) -> Option<u64> {
        const SAMPLE: u64 = 4;
        let b = &self.board;
        let mut total = 0f64;
        for (quarter, half_rows) in self.quarters() {
            let sets = 1u64 << half_rows;
            // How many sets have each number of rows, and the sample's sizes.
            let mut with_rows = vec![0u64; half_rows + 1];
            for rows in 0..sets {
                with_rows[rows.count_ones() as usize] += 1;
            }
            let mut seen = vec![0u64; half_rows + 1];
            let mut sampled = vec![(0u64, 0u64); half_rows + 1];
            for rows in 0..sets {
                let k = rows.count_ones() as usize;
                let step = with_rows[k].div_ceil(SAMPLE);
                seen[k] += 1;
                if !(seen[k] - 1).is_multiple_of(step) {
                    continue;
                }
                if stop.is_stopped() {
                    return None;
                }
                let (_, board_rows, first_column, width) = self.locate(quarter, rows);
                let bytes = Quadrant::bytes_for(
                    width,
                    &Quadrant::sizes(b, &board_rows, first_column, width),
                );
                let (sum, count) = &mut sampled[k];
                *sum += bytes;
                *count += 1;
            }
            for (k, &(sum, count)) in sampled.iter().enumerate() {
                total += with_rows[k] as f64 * (sum as f64 / count.max(1) as f64);
            }
        }
        Some(total as u64)
    }

    /// Counts the solutions whose east rows are `class.east` (and for odd `n` whose middle
    /// queen stands in `class.middle`); `None` when stopped, [`Error::OutOfMemory`] when a
    /// table or the keys could not get their memory.
    fn count_set(&self, class: Class, stop: &StopFlag) -> Result<Option<u64>, Error> {
        let b = &self.board;
        let north = (1u64 << b.north) - 1;
        let east = class.east;
        let (west, forbidden) = match class.middle {
            Some(row) => (
                !east & !(1 << row) & ((1u64 << b.n) - 1),
                b.middle_key(usize::from(row)),
            ),
            None => (!east & ((1u64 << b.n) - 1), 0),
        };
        let (Some(north_west), Some(south_west), Some(north_east), Some(south_east)) = (
            self.table(Quarter::NorthWest, west & north),
            self.table(Quarter::SouthWest, west >> b.north),
            self.table(Quarter::NorthEast, east & north),
            self.table(Quarter::SouthEast, east >> b.north),
        ) else {
            return Err(self.out_of_memory());
        };
        if stop.is_stopped() {
            return Ok(None);
        }
        // A scratch of the pool (as many as threads have counted at once), or a new one; its
        // growth is held for the plan's life.
        let mut scratch = self
            .scratch
            .lock()
            .ok()
            .and_then(|mut pool| pool.pop())
            .unwrap_or_default();
        let before = scratch.bytes();
        let shared = (north_west.reach() | south_west.reach())
            & (north_east.reach() | south_east.reach())
            & !forbidden;
        let bits = scratch.pack(shared, self.kernel);
        let built = half_keys(
            north_west,
            south_west,
            b.west,
            forbidden,
            Half::West,
            self.kernel,
            &mut scratch,
        )
        .zip(half_keys(
            north_east,
            south_east,
            b.east(),
            forbidden,
            Half::East,
            self.kernel,
            &mut scratch,
        ));
        let count = built.map(|lengths| scratch.count(lengths, bits, self.kernel, stop));
        self.hold(scratch.bytes().saturating_sub(before));
        if let Ok(mut pool) = self.scratch.lock() {
            pool.push(scratch);
        }
        match count {
            Some(Ok(count)) => Ok(count),
            _ => Err(self.out_of_memory()),
        }
    }

    /// The error of a table or keys that could not get their memory.
    fn out_of_memory(&self) -> Error {
        Error::OutOfMemory {
            strategy: crate::NAME,
            n: self.board.n,
            what: format!(
                "its tables could not get their memory (they held {} at the peak); \
                 try fewer --threads, or --checkpoint to keep the finished subproblems",
                nqueens_core::Bytes(self.peak_bytes())
            ),
        }
    }
}

/// What a count's tables and keys take, from [`Plan::memory_within`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Memory {
    /// The bytes of every quadrant table, exactly.
    pub tables: u64,
    /// An upper bound on the bytes of one thread's buffers for one subproblem (see
    /// [`Scratch::bytes`]).
    pub keys: u64,
}

/// For each number of rows `k`, for each column set, the most placements of any table of one
/// quarter with `k` rows using exactly those columns.
type LargestRuns = Vec<Vec<u64>>;

/// [`Memory::keys`] from each half's north and south runs (the most placements of any table
/// with `k` rows per column set, by `k`) and its width.
///
/// A half made of a north table with `k` rows and a south table with the half's other rows
/// has, before its diagonal test, `Σ_c north(c) · south(all ∖ c)` placements over the column
/// sets `c` of `k` columns, and `half_keys` reserves room for exactly those. So the largest
/// value of that sum with, for each `c`, the largest `north(c)` of any north table with `k`
/// rows (and the same for the south) bounds every subproblem's keys. The keys (8 bytes each)
/// are held twice (as built, and sorted by group for the west-east join), each with a
/// vector's doubling growth on top, plus the north and south placements of one column set.
fn keys_bound(halves: [(&LargestRuns, &LargestRuns, usize); 2]) -> u64 {
    let (mut keys, mut placements) = (0u64, 0u64);
    for (north, south, width) in halves {
        let all = (1usize << width) - 1;
        let most = (0..=width.min(north.len().saturating_sub(1)))
            .filter(|&k| width - k < south.len())
            .map(|k| {
                (0..=all)
                    .filter(|c| c.count_ones() as usize == k)
                    .map(|c| north[k][c].saturating_mul(south[width - k][all ^ c]))
                    .fold(0u64, u64::saturating_add)
            })
            .max()
            .unwrap_or(0);
        keys = keys.saturating_add(most);
        // The placements of one column set each table leaves for the pairing.
        let widest = |runs: &LargestRuns| runs.iter().flatten().copied().max();
        let widest = widest(north).unwrap_or(0) + widest(south).unwrap_or(0);
        placements = placements.max(widest);
    }
    (keys.saturating_mul(2 * 2 * size_of::<u64>() as u64))
        .saturating_add(placements.saturating_mul(2 * size_of::<Placement>() as u64))
}

impl Subproblems for Plan {
    fn strategy(&self) -> &'static str {
        crate::NAME
    }

    fn n(&self) -> usize {
        self.board.n
    }

    fn len(&self) -> usize {
        self.sets.len()
    }

    /// FNV-1a over `n` and each class's east-row set, weight and (odd `n`) middle row, in
    /// order.
    fn fingerprint(&self) -> String {
        let mut hash = Fingerprint::new();
        hash.word(self.board.n as u64);
        for class in &self.sets {
            hash.word(class.east);
            hash.word(u64::from(class.weight));
            if let Some(row) = class.middle {
                hash.word(u64::from(row));
            }
        }
        hash.finish()
    }

    /// The peak memory of the tables (quadrant tables and half-board keys) so far.
    fn stats(&self) -> Stats {
        Stats {
            peak_bytes: self.peak_bytes(),
            ..Stats::default()
        }
    }

    /// The join kernel it picked for this CPU, as `join_kernel`.
    fn details(&self) -> Details {
        Details::from([("join_kernel", self.kernel.name().to_string())])
    }

    /// Counts the solutions of one class of east-row sets: the count of its smallest set
    /// times the class size; [`Error::OutOfMemory`] when a table could not get its memory.
    fn count_one(&self, index: usize, stop: &StopFlag) -> Result<Option<Tally>, Error> {
        let class = self.sets[index];
        let count = self.count_set(class, stop)?;
        Ok(count.map(|count| Tally {
            total: count * u64::from(class.weight),
            unique: 0,
        }))
    }
}

/// One subproblem: the solutions with these east rows (and this middle queen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Class {
    /// The east rows, bit `r` for row `r`: the smallest set of the class.
    east: u64,
    /// For odd `n`, the row of the middle column's queen (a south row).
    middle: Option<u8>,
    /// How many subproblems the class stands for, its own included.
    weight: u8,
}

/// Every set of `board.east()` rows, one per class under the board's symmetries that map such
/// a set onto another, smallest first, with its class size.
///
/// Even `n`: the north-south flip, and the east-west mirror, which turns the east rows into
/// the west rows. Odd `n`: the middle column's queen is placed first, in a south row `m`
/// (the flip maps a north row onto a south row, so a middle queen below the middle row
/// stands for itself and its flip); the mirror keeps it in place and swaps the east rows
/// with the west rows among the others, and for the middle row the flip applies too. Placing
/// that queen first is what lets the mirror halve odd boards as it halves even ones.
fn classes(board: &Board) -> Vec<Class> {
    let n = board.n;
    let flip = |set: u64| set.reverse_bits() >> (64 - n);
    let mut classes = Vec::new();
    let middles: Vec<Option<usize>> = if board.middle_rows().is_empty() {
        vec![None]
    } else {
        board.middle_rows().map(Some).collect()
    };
    for middle in middles {
        // The rows left to the halves, as `n` bits, and the flip's weight on the middle row.
        let taken = middle.map_or(0, |row| 1u64 << row);
        let free = ((1u64 << n) - 1) & !taken;
        let flips = middle.is_none_or(|row| 2 * row + 1 == n);
        let own_weight = if middle.is_some() && !flips { 2 } else { 1 };
        for set in subsets(free, board.east()) {
            let mut orbit = [set; 4];
            if flips {
                orbit[1] = flip(set);
            }
            // The mirror swaps the halves' rows; for odd n always, for even n the halves are
            // the same width.
            orbit[2] = free & !set;
            if flips {
                orbit[3] = flip(orbit[2]);
            }
            if orbit.iter().all(|&other| other >= set) {
                let mut distinct = orbit;
                distinct.sort_unstable();
                let size = 1 + distinct.windows(2).filter(|w| w[0] != w[1]).count();
                classes.push(Class {
                    east: set,
                    middle: middle.map(|row| row as u8),
                    weight: (size * own_weight) as u8,
                });
            }
        }
    }
    classes
}

/// Every subset of `k` bits of `of`, in increasing order (Gosper's hack on the ranks, each
/// rank spread onto the bits of `of`).
fn subsets(of: u64, k: usize) -> impl Iterator<Item = u64> {
    let bits = of.count_ones() as usize;
    let spread = move |mut ranks: u64| {
        let (mut set, mut rest) = (0u64, of);
        while ranks != 0 && rest != 0 {
            let low = rest & rest.wrapping_neg();
            if ranks & 1 == 1 {
                set |= low;
            }
            ranks >>= 1;
            rest ^= low;
        }
        set
    };
    let all = if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let mut next = (k <= bits).then(|| (1u64 << k) - 1);
    std::iter::from_fn(move || {
        let ranks = next?;
        next = if ranks == 0 {
            None
        } else {
            let low = ranks & ranks.wrapping_neg();
            let ripple = ranks + low;
            let following = (((ripple ^ ranks) >> 2) / low) | ripple;
            (following <= all && following > ranks).then_some(following)
        };
        Some(spread(ranks))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kernel_counts_every_board_exactly() {
        for kernel in crate::join::tests::runnable() {
            for n in 1..=13 {
                let mut plan = Plan::new(n).expect("a plan");
                plan.kernel = kernel;
                let stop = StopFlag::new();
                let total: u64 = (0..plan.len())
                    .map(|i| {
                        plan.count_one(i, &stop)
                            .expect("counted")
                            .expect("not stopped")
                    })
                    .map(|tally| tally.total)
                    .sum();
                assert_eq!(
                    Some(total),
                    nqueens_core::known::all_solutions(n),
                    "n = {n}, {kernel:?}"
                );
            }
        }
    }

    #[test]
    fn classes_cover_every_set_once() {
        for n in 1..=12 {
            let board = Board::new(n);
            let covered: u64 = classes(&board).iter().map(|c| u64::from(c.weight)).sum();
            // For odd n, each of the n rows of the middle queen, times the east sets of the
            // other rows.
            let k = board.east() as u32;
            let free = n - n % 2;
            let all = (0..1u64 << free).filter(|s| s.count_ones() == k).count() as u64
                * if n % 2 == 1 { n as u64 } else { 1 };
            assert_eq!(covered, all, "n = {n}");
        }
    }
}
