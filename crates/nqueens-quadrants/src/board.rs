//! How the board is cut: rows into north and south, columns into west and east, and the
//! window of diagonals a west half and an east half can share.

/// The cut of an `n × n` board into quadrants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    /// The board size.
    pub n: usize,
    /// Rows `0..north` are the north half, the rest the south half.
    pub north: usize,
    /// Columns `0..west` are the west half, the rest the east half.
    pub west: usize,
}

impl Board {
    /// The cut in the middle: `n / 2` rows north and columns west (for odd `n` the south and
    /// east halves have the extra row and column).
    pub fn new(n: usize) -> Board {
        Board {
            n,
            north: n / 2,
            west: n / 2,
        }
    }

    /// Rows in the south half.
    pub fn south(&self) -> usize {
        self.n - self.north
    }

    /// Columns in the east half.
    pub fn east(&self) -> usize {
        self.n - self.west
    }

    /// Bits of a join key: the `n - 1` sum diagonals and `n - 1` difference diagonals that
    /// both halves can reach.
    pub fn key_bits(&self) -> u32 {
        2 * self.n.saturating_sub(1) as u32
    }

    /// The join key of a half's queens: only the diagonals both halves can reach matter when
    /// a west half meets an east half. West queens occupy sums `0..=west + n - 2`, east queens
    /// sums `west..=2n - 2`, so they share the `n - 1` sums from `west`; with differences
    /// indexed `column - row + n - 1` the shared range starts at `west` too. The key holds the
    /// shared sums in its low `n - 1` bits and the shared differences above them.
    #[inline]
    pub fn key(&self, sums: u64, differences: u64) -> u64 {
        let width = self.n.saturating_sub(1);
        let mask = (1u64 << width) - 1;
        ((sums >> self.west) & mask) | (((differences >> self.west) & mask) << width)
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
