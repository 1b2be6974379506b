//! The tables of one quadrant: every placement of queens on a set of rows of one half of the
//! board into distinct columns of one half, with no two on a diagonal.

use crate::board::Board;

/// Queens in one quadrant, as the two masks the joins need (see [`Board::key`] and
/// [`Board::fit`]). Both are ORs of one bit per diagonal, so the masks of a half-board
/// placement are the ORs of its two quadrants' masks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Placement {
    /// The diagonals the other half of the board (west or east) can also reach.
    pub key: u64,
    /// The diagonals the other quadrant of the same half (north or south) can also reach.
    pub fit: u32,
}

/// Queens being placed by the walk: columns used (bit `c` for the half's column `c`) and the
/// diagonals occupied, as full-board bit indices (`row + column` for the sums,
/// `column - row + n - 1` for the differences).
#[derive(Clone, Copy, Debug, Default)]
struct Partial {
    columns: u32,
    sums: u64,
    differences: u64,
}

/// The placements of one quadrant for one set of rows, sorted by their column set, with the
/// start of each column set's run (so the placements using exactly the columns `c` are
/// `placements[starts[c]..starts[c + 1]]`). The column sets themselves are not stored: the
/// run says them.
#[derive(Debug, Default)]
pub(crate) struct Quadrant {
    placements: Vec<Placement>,
    starts: Vec<u32>,
    /// The column sets some placement uses, ascending.
    used: Vec<u32>,
    /// The OR of every placement's key: the key bits this table can set.
    reach: u64,
}

impl Quadrant {
    /// Every placement of queens on `rows` (ascending board rows) into the `width` columns
    /// from `first_column`, or `None` when the memory for it cannot be had.
    pub fn build(board: &Board, rows: &[usize], first_column: usize, width: usize) -> Option<Self> {
        // Counted in u64: `starts` holds u32 offsets, so a table of more than u32::MAX
        // placements is refused (as out of memory) rather than wrapped.
        let mut sizes = vec![0u64; 1];
        sizes.extend(Self::sizes(board, rows, first_column, width));
        for i in 1..sizes.len() {
            sizes[i] += sizes[i - 1];
        }
        let total = sizes[1 << width];
        u32::try_from(total).ok()?;
        let total = usize::try_from(total).ok()?;
        let mut placements = Vec::new();
        placements.try_reserve_exact(total).ok()?;
        placements.resize(total, Placement::default());
        // A counting sort by column set: the walk again, each placement written into its run.
        let mut next = sizes.clone();
        walk(
            board,
            rows,
            first_column,
            width,
            Partial::default(),
            &mut |p| {
                let slot = &mut next[p.columns as usize];
                placements[*slot as usize] = Placement {
                    key: board.key(p.sums, p.differences),
                    fit: board.fit(first_column, width, p.sums, p.differences),
                };
                *slot += 1;
            },
        );
        let reach = placements.iter().fold(0, |all, p| all | p.key);
        let mut used = Vec::new();
        used.try_reserve_exact(sizes.windows(2).filter(|run| run[1] > run[0]).count())
            .ok()?;
        used.extend((0..1u32 << width).filter(|&c| sizes[c as usize + 1] > sizes[c as usize]));
        Some(Quadrant {
            placements,
            starts: sizes.iter().map(|&start| start as u32).collect(),
            used,
            reach,
        })
    }

    /// How many placements `rows` have for each column set (bit `c` for the quadrant's
    /// column `c`), without storing them: the runs [`build`](Self::build) will hold.
    pub fn sizes(board: &Board, rows: &[usize], first_column: usize, width: usize) -> Vec<u64> {
        let mut sizes = vec![0u64; 1 << width];
        walk(
            board,
            rows,
            first_column,
            width,
            Partial::default(),
            &mut |p| sizes[p.columns as usize] += 1,
        );
        sizes
    }

    /// The bytes a table of `width` columns takes whose runs have `sizes` placements (as
    /// [`sizes`](Self::sizes) gives them): the placements, the runs' starts and the list of
    /// column sets in use.
    pub fn bytes_for(width: usize, sizes: &[u64]) -> u64 {
        let used = sizes.iter().filter(|&&size| size > 0).count() as u64;
        sizes
            .iter()
            .sum::<u64>()
            .saturating_mul(size_of::<Placement>() as u64)
            .saturating_add(((1u64 << width) + 1 + used) * size_of::<u32>() as u64)
    }

    /// The bytes this table holds.
    pub fn bytes(&self) -> u64 {
        (self.placements.capacity() * size_of::<Placement>()
            + (self.starts.capacity() + self.used.capacity()) * size_of::<u32>()) as u64
    }

    /// The column sets some placement uses, ascending.
    pub fn used(&self) -> &[u32] {
        &self.used
    }

    /// The key bits some placement of this table sets.
    pub fn reach(&self) -> u64 {
        self.reach
    }

    /// The placements using exactly the columns `columns`.
    #[inline]
    pub fn using(&self, columns: u32) -> &[Placement] {
        let c = columns as usize;
        &self.placements[self.starts[c] as usize..self.starts[c + 1] as usize]
    }
}

/// Bitmask backtracking over `rows`, calling `found` with each complete placement. The open
/// columns of row `r` are read off the diagonal masks by one shift each: sum diagonal
/// `r + first_column + c` is bit `c` of `sums >> (r + first_column)`, and difference diagonal
/// `first_column + c - r + n - 1` is bit `c` of `differences >> (first_column + n - 1 - r)`.
fn walk(
    board: &Board,
    rows: &[usize],
    first_column: usize,
    width: usize,
    placed: Partial,
    found: &mut dyn FnMut(Partial),
) {
    let Some((&row, rest)) = rows.split_first() else {
        found(placed);
        return;
    };
    let all = (1u64 << width) - 1;
    let mut open = all
        & !u64::from(placed.columns)
        & !(placed.sums >> (row + first_column))
        & !(placed.differences >> (first_column + board.n - 1 - row));
    while open != 0 {
        let c = open.trailing_zeros() as usize;
        open &= open - 1;
        let column = first_column + c;
        let next = Partial {
            columns: placed.columns | 1 << c,
            sums: placed.sums | 1 << (row + column),
            differences: placed.differences | 1 << (column + board.n - 1 - row),
        };
        walk(board, rest, first_column, width, next, found);
    }
}
