//! Safe squares per row, for the scaling variant's "most constrained row" choice.
//!
//! A queen on (`r`, `c`) can take from another row `r'` only three squares: (`r'`, `c`) on its
//! column, (`r'`, `c + r' - r`) on its `\` diagonal and (`r'`, `c + r - r'`) on its `/`
//! diagonal. Testing them row by row costs nine bit lookups per row. Instead each of the three
//! families is read as one bitset over the rows, `n / 64` word operations each, by keeping the
//! attacked lines also in the orientation that family walks them:
//!
//! - down column `c`, row `r'` meets rising diagonal `r' + c` (a window of `rising`) and
//!   falling diagonal `c + n - 1 - r'`, which runs backwards: `falling_reversed` holds bit
//!   `n - 1 - c + r` for a queen on (`r`, `c`), so that it is a window too;
//! - along the queen's `\` diagonal, row `r'` meets column `c - r + r'` (a window of `columns`)
//!   and rising diagonal `2r' + c - r`, a stride of two: `rising_halves[p]` holds the rising
//!   diagonals of parity `p`, one bit each, so that every other diagonal is a window;
//! - along the queen's `/` diagonal, row `r'` meets column `c + r - r'` (a window of
//!   `columns_reversed`) and the falling diagonal of `falling_reversed` index `2r' + n - 1 - c - r`
//!   (a window of `falling_reversed_halves`).
//!
//! The third line of each square is the queen's own, free both before it is placed and after it
//! is lifted. Column bitsets are padded by `n` attacked bits on each side, so a square off the
//! board is never safe; diagonal halves are padded so that no window starts below bit 0. The
//! counts then change only at the set bits of the three bitsets: the squares actually taken
//! or given back, a handful per row early in a run and fewer later.

/// Attacked lines in every orientation the count update reads, and the counts themselves.
#[derive(Default)]
pub(crate) struct RowCounts {
    n: usize,
    /// Words in a bitset over the rows.
    words: usize,
    /// Safe squares per row; a filled row carries [`FILLED`] on top. Padded with `u32::MAX`
    /// up to a whole number of words.
    counts: Vec<u32>,
    /// Bit `n + c` for a used column `c`; the `n` bits either side are set (off the board).
    columns: Vec<u64>,
    /// Bit `n + (n - 1 - c)` for a used column `c`, padded like `columns`.
    columns_reversed: Vec<u64>,
    /// Bit `r + c` for a used `/` diagonal.
    rising: Vec<u64>,
    /// Bit `n - 1 - c + r` for a used `\` diagonal (the falling diagonals in reverse).
    falling_reversed: Vec<u64>,
    /// `rising_halves[p]`: bit `half_pad + k` for used rising diagonal `2k + p`.
    rising_halves: [Vec<u64>; 2],
    /// `falling_reversed_halves[p]`: bit `half_pad + k` for `falling_reversed` bit `2k + p`.
    falling_reversed_halves: [Vec<u64>; 2],
    /// Unused bits below bit 0 of a diagonal half: windows start at most this far below.
    half_pad: usize,
    /// Scratch bitsets over the rows: the squares one queen takes or gives back, per family.
    taken: [Vec<u64>; 3],
    /// Scratch bitset over the rows.
    scratch: Vec<u64>,
}

/// Added to a filled row's count so that it is never the minimum nor zero.
const FILLED: u32 = 1 << 31;

/// Squares taken from four rows, given their four bits of `ones` (low nibble of the index) and
/// of `twos` (high nibble): row `i` loses bit `i` of `ones` plus twice bit `i` of `twos`.
const SQUARES: [[u32; 4]; 256] = {
    let mut table = [[0; 4]; 256];
    let mut index = 0;
    while index < 256 {
        let mut row = 0;
        while row < 4 {
            table[index][row] = ((index >> row) & 1) as u32 + 2 * ((index >> (4 + row)) & 1) as u32;
            row += 1;
        }
        index += 1;
    }
    table
};

/// `len` bits from bit `start` of `bits` into `out` (`out.len()` words); `bits` must hold the
/// word after the window's last.
fn window(bits: &[u64], start: usize, out: &mut [u64]) {
    let (word, shift) = (start / 64, start % 64);
    // `lo >> s | hi << (64 - s)`, the second shift split as `<< 1 << (63 - s)` so that s = 0
    // gives 0 instead of an overflowing shift.
    for (w, slot) in out.iter_mut().enumerate() {
        *slot = (bits[word + w] >> shift) | ((bits[word + w + 1] << 1) << (63 - shift));
    }
}

/// Flips bit `index` of `bits`.
fn flip(bits: &mut [u64], index: usize) {
    bits[index / 64] ^= 1 << (index % 64);
}

/// Words of the bitsets for a board of size `n`: over the rows, padded columns, diagonals,
/// diagonal halves. Each holds the word after its last window's last.
fn sizes(n: usize) -> (usize, usize, usize, usize) {
    let words = n.div_ceil(64);
    let columns = 3 * n / 64 + 3;
    let diagonals = 2 * n / 64 + words + 2;
    let halves = (half_pad(n) + n) / 64 + words + 2;
    (words, columns, diagonals, halves)
}

/// Bits below bit 0 of a diagonal half: a window starts `|s| / 2 + 1` below at most, `|s| < n`.
fn half_pad(n: usize) -> usize {
    n.div_ceil(2) + 1
}

/// `out[i] = !(out[i] | other[i])`: the squares neither line attacks.
fn free(out: &mut [u64], other: &[u64]) {
    for (o, x) in out.iter_mut().zip(other) {
        *o = !(*o | x);
    }
}

/// The position of the first `value` in `counts`. Whole chunks are tested without an early
/// exit, which the compiler turns into vector compares; only the chunk holding it is searched.
fn first_equal(counts: &[u32], value: u32) -> Option<usize> {
    const CHUNK: usize = 64;
    let chunks = counts.chunks(CHUNK);
    for (i, chunk) in chunks.enumerate() {
        if chunk
            .iter()
            .fold(false, |seen, &count| seen | (count == value))
        {
            return chunk
                .iter()
                .position(|&count| count == value)
                .map(|at| i * CHUNK + at);
        }
    }
    None
}

impl RowCounts {
    /// Every line free and every row with `n` safe squares, for a board of size `n`.
    pub(crate) fn reset(&mut self, n: usize) {
        let (words, column_words, diagonal_words, half_words) = sizes(n);
        self.n = n;
        self.words = words;
        self.counts.clear();
        self.counts.resize(n, n as u32);
        // Padding rows up to a whole word, never the minimum and never touched.
        self.counts.resize(64 * words, u32::MAX);
        let mut padded = vec![u64::MAX; column_words];
        for c in n..2 * n {
            flip(&mut padded, c);
        }
        self.columns.clone_from(&padded);
        self.columns_reversed = padded;
        self.rising = vec![0; diagonal_words];
        self.falling_reversed = vec![0; diagonal_words];
        self.half_pad = half_pad(n);
        self.rising_halves = [vec![0; half_words], vec![0; half_words]];
        self.falling_reversed_halves = [vec![0; half_words], vec![0; half_words]];
        self.taken = [vec![0; words], vec![0; words], vec![0; words]];
        self.scratch = vec![0; words];
    }

    /// Bytes held for a board of size `n`.
    pub(crate) fn bytes(n: usize) -> u64 {
        let (words, column_words, diagonal_words, half_words) = sizes(n);
        let bitset_words = 2 * column_words + 2 * diagonal_words + 4 * half_words + 4 * words;
        (bitset_words * 8 + words * 64 * 4) as u64
    }

    /// Places or lifts a queen on (`row`, `column`) in every orientation.
    fn toggle(&mut self, row: usize, column: usize) {
        let n = self.n;
        flip(&mut self.columns, n + column);
        flip(&mut self.columns_reversed, n + (n - 1 - column));
        let rise = row + column;
        flip(&mut self.rising, rise);
        flip(&mut self.rising_halves[rise % 2], self.half_pad + rise / 2);
        let fall = n - 1 - column + row;
        flip(&mut self.falling_reversed, fall);
        flip(
            &mut self.falling_reversed_halves[fall % 2],
            self.half_pad + fall / 2,
        );
    }

    /// Fills `taken` with the rows whose square on one of the lines of a queen on (`row`,
    /// `column`) is attacked by no queen on the board (the queen's own lines must be free):
    /// one bitset over the rows per family, `row` itself left out.
    fn exclusive(&mut self, row: usize, column: usize) {
        let n = self.n;
        // Where the rows' squares on a line of slope two start in a diagonal half.
        let half = |s: isize| {
            let start = self.half_pad as isize + s.div_euclid(2);
            (s.rem_euclid(2) as usize, start as usize)
        };
        let [down, falling, rising] = &mut self.taken;
        let scratch = &mut self.scratch;
        // Down the column: rising r' + c, falling_reversed r' + (n - 1 - c).
        window(&self.rising, column, down);
        window(&self.falling_reversed, n - 1 - column, scratch);
        free(down, scratch);
        // Along the queen's `\` diagonal: column r' + (c - r), rising 2r' + (c - r).
        let (parity, start) = half(column as isize - row as isize);
        window(&self.columns, n + column - row, falling);
        window(&self.rising_halves[parity], start, scratch);
        free(falling, scratch);
        // Along its `/` diagonal: reversed column r' + (n - 1 - c - r), falling_reversed
        // 2r' + (n - 1 - c - r).
        let (parity, start) = half(n as isize - 1 - column as isize - row as isize);
        window(&self.columns_reversed, 2 * n - 1 - column - row, rising);
        window(&self.falling_reversed_halves[parity], start, scratch);
        free(rising, scratch);
        let top = u64::MAX >> (self.words * 64 - n);
        for family in &mut self.taken {
            if let Some(last) = family.last_mut() {
                *last &= top;
            }
            family[row / 64] &= !(1 << (row % 64));
        }
    }

    /// Takes (`TAKE`) or gives back one square per bit of `taken` from the rows' counts.
    ///
    /// The three families are first added bit-sliced, `ones` and `twos` being the low and high
    /// bits of each row's 0..=3; then four rows at a time take their four sums from
    /// [`SQUARES`], indexed by the four rows' bits of `ones` and of `twos`: branch-free, and one
    /// vector add per four rows even on baseline x86-64.
    fn add_taken<const TAKE: bool>(&mut self) {
        let [down, falling, rising] = &self.taken;
        // `counts` is padded to whole words: every chunk has 64 rows and every group 4.
        for (w, counts) in self.counts.chunks_exact_mut(64).enumerate() {
            let (x, y, z) = (down[w], falling[w], rising[w]);
            let mut ones = x ^ y ^ z;
            let mut twos = (x & y) | (z & (x ^ y));
            if ones | twos == 0 {
                continue;
            }
            for four in counts.chunks_exact_mut(4) {
                let squares = SQUARES[(ones & 15 | (twos & 15) << 4) as usize];
                for (count, taken) in four.iter_mut().zip(squares) {
                    *count = if TAKE {
                        count.wrapping_sub(taken)
                    } else {
                        count.wrapping_add(taken)
                    };
                }
                ones >>= 4;
                twos >>= 4;
            }
        }
    }

    /// Places a queen on the safe square (`row`, `column`), updates the counts, and returns the
    /// unfilled row with the fewest safe squares (ties: the first met scanning cyclically from
    /// `from`), or as the error the first such row left with none.
    pub(crate) fn place(&mut self, row: usize, column: usize, from: usize) -> Result<usize, usize> {
        self.exclusive(row, column);
        self.add_taken::<true>();
        self.toggle(row, column);
        self.counts[row] += FILLED;
        // Some other row is unfilled (the caller places no last queen), so the minimum is
        // below FILLED and never `row`.
        let fewest = self
            .counts
            .iter()
            .fold(u32::MAX, |least, &count| least.min(count));
        // `fewest` is one of the counts, so the scan always meets it; `row` is never returned.
        let best = first_equal(&self.counts[from..], fewest)
            .map(|i| from + i)
            .or_else(|| first_equal(&self.counts[..from], fewest))
            .unwrap_or(row);
        if fewest > 0 { Ok(best) } else { Err(best) }
    }

    /// Lifts the queen of `row` from `column` and gives the rows their squares back.
    pub(crate) fn lift(&mut self, row: usize, column: usize) {
        self.toggle(row, column);
        self.exclusive(row, column);
        self.add_taken::<false>();
        self.counts[row] -= FILLED;
    }

    /// Word operations one placement or lift costs, for the stop-flag polling.
    pub(crate) fn work(&self) -> u64 {
        (8 * self.words + self.n / 8) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Safe squares of every row given `queens` (row, column), counted square by square.
    fn recount(n: usize, queens: &[(usize, usize)]) -> Vec<u32> {
        let (mut columns, mut rising, mut falling) =
            (vec![false; n], vec![false; 2 * n], vec![false; 2 * n]);
        for &(r, c) in queens {
            (columns[c], rising[r + c], falling[c + n - r]) = (true, true, true);
        }
        (0..n)
            .map(|r| {
                (0..n)
                    .filter(|&c| !(columns[c] || rising[r + c] || falling[c + n - r]))
                    .count() as u32
            })
            .collect()
    }

    /// Places queens on safe squares in a scrambled order, lifting some again, and checks every
    /// unfilled row's count against a recount, across word boundaries (n up to 130).
    #[test]
    fn counts_match_a_recount() {
        for n in (1..=70).chain([127, 128, 129, 130]) {
            let mut counts = RowCounts::default();
            counts.reset(n);
            let mut queens: Vec<(usize, usize)> = Vec::new();
            let mut step = 0usize;
            for row in (0..n).map(|i| (i * 7 + 3) % n) {
                if queens.iter().any(|&(r, _)| r == row) {
                    continue;
                }
                let free: Vec<usize> = (0..n)
                    .filter(|&c| {
                        queens
                            .iter()
                            .all(|&(qr, qc)| qc != c && qr + c != row + qc && qr + qc != row + c)
                    })
                    .collect();
                let Some(&column) = free.get(step % free.len().max(1)) else {
                    break;
                };
                step += 5;
                let _ = counts.place(row, column, step % n);
                queens.push((row, column));
                if step.is_multiple_of(3) {
                    let (row, column) = queens.remove(queens.len() / 2);
                    counts.lift(row, column);
                }
                let expected = recount(n, &queens);
                for (r, &count) in expected.iter().enumerate() {
                    if !queens.iter().any(|&(qr, _)| qr == r) {
                        assert_eq!(counts.counts[r], count, "n = {n}, row {r}");
                    }
                }
            }
        }
    }
}
