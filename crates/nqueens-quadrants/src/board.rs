//! How the board is cut: rows into north and south, columns into west and east (for odd `n`
//! around the middle column, whose queen is placed first), and the window of diagonals a west
//! half and an east half can share.

use crate::quadrant::Placement;

/// The cut of an `n × n` board into quadrants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    /// The board size.
    pub n: usize,
    /// Rows `0..north` are the north half, the rest the south half.
    pub north: usize,
    /// Columns `0..west` are the west half.
    pub west: usize,
    /// Columns `east_first..n` are the east half: `west` for even `n`; for odd `n`, `west + 1`,
    /// the middle column `west` being set aside for the queen placed first.
    pub east_first: usize,
    /// The first diagonal (sum, and difference index) of the join key's window.
    key_from: usize,
    /// Diagonals of each direction in the join key's window.
    key_width: usize,
}

impl Board {
    /// The cut in the middle: `n / 2` rows north and columns west. For odd `n` the south half
    /// has the extra row, and the middle column is neither west nor east: its queen stands in
    /// a south row (see [`Board::middle_rows`]), and the key window widens to the `n`
    /// diagonals of each direction that queen can occupy.
    pub fn new(n: usize) -> Board {
        let half = n / 2;
        let odd = n % 2;
        Board {
            n,
            north: half,
            west: half,
            east_first: half + odd,
            key_from: half,
            key_width: n.saturating_sub(1 - odd),
        }
    }

    /// An upper bound on the bytes of the quadrant tables, from their shapes alone: a table of
    /// `k` rows into `w` columns holds at most `w! / (w - k)!` placements (distinct columns,
    /// diagonals ignored). Instant, and loose (about 25× at n = 16).
    pub fn table_bytes_bound(&self) -> u64 {
        let quarter = |rows: usize, width: usize| -> u64 {
            (0..=rows.min(width))
                .map(|k| {
                    let choose = (0..k as u64).fold(1u64, |c, i| c * (rows as u64 - i) / (i + 1));
                    let arrangements =
                        (0..k as u64).fold(1u64, |p, i| p.saturating_mul(width as u64 - i));
                    choose.saturating_mul(
                        arrangements.saturating_mul(size_of::<Placement>() as u64)
                            + 4 * (2 * (1 << width) + 1),
                    )
                })
                .fold(0u64, u64::saturating_add)
        };
        [
            quarter(self.north, self.west),
            quarter(self.north, self.east()),
            quarter(self.south(), self.west),
            quarter(self.south(), self.east()),
        ]
        .into_iter()
        .fold(0, u64::saturating_add)
    }

    /// An upper bound on the bytes of one thread's half-board keys from the halves' shapes
    /// alone (instant, and loose against the keys a plan counts, more so as `n` grows): a half
    /// of `w` columns has at most `w!` placements (8 bytes each), held twice (as built, and
    /// sorted by group for the west-east join), each with the growth of a vector on top.
    pub fn keys_bound_from_shapes(&self) -> u64 {
        let factorial = |w: usize| (1..=w as u64).fold(1u64, u64::saturating_mul);
        (factorial(self.west) + factorial(self.east())).saturating_mul(2 * 2 * 8)
    }

    /// A lower bound on the bytes of the quadrant tables, from the board's shape alone: every
    /// table (one per set of half-rows of each quarter) holds the starts of its runs, one
    /// `u32` per column set of its width and one more, whatever its placements. Instant (no
    /// plan is built), and exact for that part: 64 MiB at n = 22, 4 GiB at n = 28, so a
    /// smaller memory limit is refused at once. For n up to 32 (the widths fit a shift).
    pub fn table_bytes_floor(&self) -> u64 {
        [
            (self.north, self.west),
            (self.north, self.east()),
            (self.south(), self.west),
            (self.south(), self.east()),
        ]
        .into_iter()
        .map(|(half_rows, width)| {
            let starts = ((1u64 << width) + 1) * size_of::<u32>() as u64;
            starts.saturating_mul(1 << half_rows)
        })
        .fold(0, u64::saturating_add)
    }

    /// The rows the middle column's queen is counted in (odd `n`; empty for even `n`): the
    /// south half. The north-south flip maps the other rows onto the north half, so those
    /// solutions are counted through their flips (see `Plan`).
    pub fn middle_rows(&self) -> std::ops::Range<usize> {
        if self.east_first == self.west {
            0..0
        } else {
            self.north..self.n
        }
    }

    /// The key bits of the diagonals of a queen in the middle column at `row`: the half-board
    /// keys that have one of them attack it.
    pub fn middle_key(&self, row: usize) -> u64 {
        self.key(1 << (row + self.west), 1 << (self.west + self.n - 1 - row))
    }

    /// Rows in the south half.
    pub fn south(&self) -> usize {
        self.n - self.north
    }

    /// Columns in the east half.
    pub fn east(&self) -> usize {
        self.n - self.east_first
    }

    /// The join key of a half's queens: only the diagonals both halves can reach matter when
    /// a west half meets an east half. For even `n`, west queens occupy sums
    /// `0..=west + n - 2`, east queens sums `west..=2n - 2`, so they share the `n - 1` sums
    /// from `west`; with differences indexed `column - row + n - 1` the shared range starts at
    /// `west` too. For odd `n` (east from `west + 1`, the middle queen in a south row) the
    /// `n` diagonals of each direction from `west` hold every one the middle queen can take
    /// and every one both halves share. The key holds the sums in its low bits and the
    /// differences above them.
    #[inline]
    pub fn key(&self, sums: u64, differences: u64) -> u64 {
        let width = self.key_width;
        let mask = (1u64 << width) - 1;
        ((sums >> self.key_from) & mask) | (((differences >> self.key_from) & mask) << width)
    }

    /// The fit mask of queens in the quadrant of `width` columns from `first_column`: the
    /// diagonals that the quadrant's north and south parts can both reach (the north-south
    /// overlap), `width - 1` sums from `first_column + north` in the low bits and `width - 1`
    /// differences from `first_column + n - north` above them. Two quadrants of one half
    /// attack each other exactly when their fit masks share a bit.
    #[inline]
    pub fn fit(&self, first_column: usize, width: usize, sums: u64, differences: u64) -> u32 {
        let overlap = width.saturating_sub(1);
        let mask = (1u64 << overlap) - 1;
        let sums = (sums >> (first_column + self.north)) & mask;
        let differences = (differences >> (first_column + self.n - self.north)) & mask;
        // At most 2 × 15 bits: a half has at most 16 columns (n ≤ 32).
        (sums | differences << overlap) as u32
    }
}
