//! The host's side of a count: the pieces of the plan (one per first-row queen, halved by the
//! mirror), the subproblems each piece hands the kernel (its boards with the first rows
//! placed), launches of bounded size with the stop flag polled between them, and the sum.
//!
//! Nothing here knows CUDA: it drives any [`Launcher`], the GPU's or, in the tests, the CPU
//! build of the same kernel.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use nqueens_core::split::{Fingerprint, Subproblems, Tally};
use nqueens_core::{Details, Error, StopFlag};

/// Runs the counting kernel (`kernel/count.cu`) over a batch of subproblems.
pub(crate) trait Launcher: Send + Sync {
    /// Counts the placements of the `rows` rows left on each board of `boards` (three words
    /// per board: the next row's taken columns, its squares attacked by the diagonals going
    /// left and going right, all within `full`, the mask of the board's columns) into
    /// `counts`, one per board.
    fn launch(&self, boards: &[u32], rows: u32, full: u32, counts: &mut [u64])
    -> Result<(), Error>;

    /// What a run report says of the device (its name and launch shape); nothing by default.
    fn details(&self) -> Details {
        Details::new()
    }

    /// Seconds its kernels have run so far, where it measures them.
    fn kernel_seconds(&self) -> Option<f64> {
        None
    }
}

impl<L: Launcher + ?Sized> Launcher for std::sync::Arc<L> {
    fn launch(
        &self,
        boards: &[u32],
        rows: u32,
        full: u32,
        counts: &mut [u64],
    ) -> Result<(), Error> {
        (**self).launch(boards, rows, full, counts)
    }

    fn details(&self) -> Details {
        (**self).details()
    }

    fn kernel_seconds(&self) -> Option<f64> {
        (**self).kernel_seconds()
    }
}

/// Subproblems per launch at most: the stop flag is polled between launches, so this bounds
/// how long an interrupted count takes to stop (at n = 22 with 7 rows placed, two million
/// boards are a few percent of the count), while leaving a dozen or more per thread of the
/// grid (about 1,000 blocks of 128 threads) for the work fetching to balance: a launch waits
/// for its slowest thread, and with a handful of boards per thread that tail would weigh.
/// Not tuned on a GPU yet.
pub(crate) const LAUNCH_SUBPROBLEMS: usize = 1 << 21;

/// The rows the host places before the kernel takes over, as the published GPU counters do
/// (5 to 7 rows): 6 up to n = 20 (2,967,560 boards at n = 20, mirror halved), 7 from n = 21,
/// so that every launch of two million boards has many per thread; at least 2, so that the
/// middle column's piece of an odd board is halved by the mirror in its second row; at most
/// `n`.
pub(crate) fn prefix_rows(n: usize) -> usize {
    let rows = if n >= 21 { 7 } else { 6 };
    n.saturating_sub(2).clamp(2, rows).min(n)
}

/// How a count is cut: the rows the host places, and the boards of one launch at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Split {
    /// Rows placed on the host (at least 2 for odd `n` above 1, at most `n`).
    pub prefix_rows: usize,
    /// Boards per launch at most (at least 1).
    pub launch_boards: usize,
}

impl Split {
    /// The cut the GPU counts size `n` with.
    pub(crate) fn for_size(n: usize) -> Split {
        Split {
            prefix_rows: prefix_rows(n),
            launch_boards: LAUNCH_SUBPROBLEMS,
        }
    }
}

/// The pieces of a count at size `n`: the first row's queen in each column of the west half,
/// and for odd `n` the middle column. The mirror maps each solution with the first queen in
/// the east half onto one with it in the west half, so every solution of a piece stands for
/// two; for the middle column, the mirror keeps the first queen and moves the second across
/// (it cannot be in the middle column too), so that piece counts the second queen in the west
/// half only, for two as well. n = 1 is the exception: its one solution is its own mirror.
pub(crate) fn pieces(n: usize) -> usize {
    n.div_ceil(2)
}

/// How many solutions each counted placement of a piece stands for.
fn weight(n: usize) -> u64 {
    if n == 1 { 1 } else { 2 }
}

/// The boards of piece `piece` at size `n` (`n` in 1..=32) with its first `prefix` rows
/// placed (`prefix` in 1..=n), in a fixed order: three words each, as [`Launcher::launch`]
/// takes them, the diagonals already moved to the next row.
pub(crate) fn boards(n: usize, piece: usize, prefix: usize) -> Vec<u32> {
    let mut boards = Vec::new();
    let full = full_mask(n);
    walk(n, piece, prefix, &mut |_, [cols, left, right]| {
        boards.extend([cols, left & full, right & full]);
    });
    boards
}

/// Visits the placements of the first `prefix` rows of piece `piece` at size `n`, in the
/// order of [`boards`]: each with its queens' columns and the next row's masks (taken
/// columns, the two diagonals' attacks, not yet cut to the board).
pub(crate) fn walk(n: usize, piece: usize, prefix: usize, visit: &mut dyn FnMut(&[u32], [u32; 3])) {
    let full = full_mask(n);
    let half = n / 2;
    let column = piece.min(half) as u32;
    let queen = 1u32 << column;
    // The middle column's piece puts the second queen in the west half only.
    let second_row = if n % 2 == 1 && column as usize == half {
        full_mask(half)
    } else {
        full
    };
    let mut placer = Placer {
        full,
        second_row,
        prefix,
        columns: vec![column],
        visit,
    };
    placer.rows(queen, queen << 1, queen >> 1);
}

/// The depth-first walk of the first rows that lists a piece's boards.
struct Placer<'a> {
    full: u32,
    second_row: u32,
    prefix: usize,
    /// The columns of the queens placed so far, row by row.
    columns: Vec<u32>,
    visit: &'a mut dyn FnMut(&[u32], [u32; 3]),
}

impl Placer<'_> {
    fn rows(&mut self, cols: u32, left: u32, right: u32) {
        let row = self.columns.len();
        if row == self.prefix {
            (self.visit)(&self.columns, [cols, left, right]);
            return;
        }
        let allowed = if row == 1 { self.second_row } else { self.full };
        let mut open = allowed & !(cols | left | right);
        while open != 0 {
            let queen = open & open.wrapping_neg();
            open &= open - 1;
            self.columns.push(queen.trailing_zeros());
            self.rows(cols | queen, (left | queen) << 1, (right | queen) >> 1);
            self.columns.pop();
        }
    }
}

/// The mask of an `n`-column row (`n` in 0..=32).
pub(crate) fn full_mask(n: usize) -> u32 {
    u32::MAX.checked_shr(32 - n as u32).unwrap_or(0)
}

/// What one piece's count did, for the run's report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PieceWork {
    /// Subproblems handed to the kernel.
    pub subproblems: u64,
    /// Kernel launches.
    pub launches: u64,
}

/// Counts piece `piece` at size `n`, cut as `split` says: `Ok(None)` when `stop` was raised
/// before it finished.
pub(crate) fn count_piece(
    launcher: &dyn Launcher,
    n: usize,
    piece: usize,
    split: Split,
    stop: &StopFlag,
) -> Result<Option<(u64, PieceWork)>, Error> {
    let prefix = split.prefix_rows;
    let launch = split.launch_boards.max(1);
    let boards = boards(n, piece, prefix);
    let rows = (n - prefix) as u32;
    let full = full_mask(n);
    let mut counts = vec![0u64; launch.min(boards.len() / 3)];
    let mut total = 0u64;
    let mut work = PieceWork::default();
    let overflow = || Error::Overflow {
        strategy: crate::NAME,
        n,
    };
    for chunk in boards.chunks(3 * launch) {
        if stop.is_stopped() {
            return Ok(None);
        }
        let counts = &mut counts[..chunk.len() / 3];
        launcher.launch(chunk, rows, full, counts)?;
        for &count in counts.iter() {
            total = total.checked_add(count).ok_or_else(overflow)?;
        }
        work.subproblems += counts.len() as u64;
        work.launches += 1;
    }
    let total = total.checked_mul(weight(n)).ok_or_else(overflow)?;
    Ok(Some((total, work)))
}

/// The plan of a GPU count: its pieces, counted one launch sequence each.
pub(crate) struct Plan<L> {
    n: usize,
    split: Split,
    launcher: L,
    on_piece: Box<dyn Fn(PieceWork) + Send + Sync>,
    /// Subproblems handed to the kernel and launches, over the finished pieces.
    boards: AtomicU64,
    launches: AtomicU64,
    /// The launcher's kernel seconds when the plan was made: its run reports the difference.
    kernel_start: Option<f64>,
    /// One piece at a time, whatever the runner's threads: the device is the parallel part,
    /// and each piece holds its boards in host memory while it counts.
    one_piece: Mutex<()>,
}

impl<L: Launcher> Plan<L> {
    /// The plan at size `n` (1..=32), cut as `split` says; `on_piece` hears what each
    /// finished piece did.
    pub(crate) fn new(
        n: usize,
        split: Split,
        launcher: L,
        on_piece: Box<dyn Fn(PieceWork) + Send + Sync>,
    ) -> Self {
        Plan {
            n,
            split,
            kernel_start: launcher.kernel_seconds(),
            launcher,
            on_piece,
            boards: AtomicU64::new(0),
            launches: AtomicU64::new(0),
            one_piece: Mutex::new(()),
        }
    }
}

impl<L: Launcher> Subproblems for Plan<L> {
    fn strategy(&self) -> &'static str {
        crate::NAME
    }

    fn n(&self) -> usize {
        self.n
    }

    fn len(&self) -> usize {
        pieces(self.n)
    }

    fn fingerprint(&self) -> String {
        // The pieces are the first row's west columns (and the middle one): they depend on n
        // alone, not on the rows placed on the host, which may differ between devices.
        let mut hash = Fingerprint::new();
        hash.word(u64::from_le_bytes(*b"gpu-row1"))
            .word(self.n as u64);
        hash.finish()
    }

    fn count_one(&self, index: usize, stop: &StopFlag) -> Result<Option<Tally>, Error> {
        let _one = self
            .one_piece
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let Some((total, work)) = count_piece(&self.launcher, self.n, index, self.split, stop)?
        else {
            return Ok(None);
        };
        self.boards.fetch_add(work.subproblems, Ordering::Relaxed);
        self.launches.fetch_add(work.launches, Ordering::Relaxed);
        (self.on_piece)(work);
        Ok(Some(Tally { total, unique: 0 }))
    }

    /// The device's own details, with the rows placed on the host, the boards and launches.
    fn details(&self) -> Details {
        let mut details = self.launcher.details();
        details.insert("host_rows", self.split.prefix_rows.to_string());
        details.insert("boards", self.boards.load(Ordering::Relaxed).to_string());
        details.insert(
            "launches",
            self.launches.load(Ordering::Relaxed).to_string(),
        );
        if let (Some(start), Some(now)) = (self.kernel_start, self.launcher.kernel_seconds()) {
            details.insert("kernel_seconds", format!("{:.3}", now - start));
        }
        details
    }
}
