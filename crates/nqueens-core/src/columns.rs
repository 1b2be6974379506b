//! The one formatter of a list of columns, `1 3 0 2`, from a terminal line to a solution of
//! 10^8 queens (889 MB): numbers are written into a byte buffer two digits per table lookup,
//! and each full block goes to the destination in one call.

use std::fmt;
use std::io;

/// Prints a list of columns as space-separated numbers, a block at a time, so that a board of
/// 10^8 queens never becomes one string; [`Columns::write_to`] is the faster way to a file.
///
/// ```
/// assert_eq!(nqueens_core::Columns(&[1, 3, 0, 2]).to_string(), "1 3 0 2");
/// let mut out = Vec::new();
/// nqueens_core::Columns(&[10, 0, 4_294_967_295]).write_to(&mut out)?;
/// assert_eq!(out, b"10 0 4294967295");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Columns<'a>(pub &'a [u32]);

/// Bytes of the longest number and its separator: `u32::MAX` has ten digits.
const LONGEST: usize = 11;

/// Block size of [`Columns::write_to`]: its system calls cost nothing next to the formatting.
const WRITE_BLOCK: usize = 1 << 18;

/// Block size of [`Display`](fmt::Display): on the stack, and a formatter buffers anyway.
const DISPLAY_BLOCK: usize = 512;

/// `"00"`, `"01"`, ..., `"99"`, back to back: the two digits of `k` are at `2k`.
const PAIRS: [u8; 200] = {
    let mut pairs = [0; 200];
    let mut k = 0;
    while k < 100 {
        pairs[2 * k] = b'0' + (k / 10) as u8;
        pairs[2 * k + 1] = b'0' + (k % 10) as u8;
        k += 1;
    }
    pairs
};

/// Decimal digits of `value`.
fn digits(value: u32) -> usize {
    // ilog10 is a count of leading zeros and a table lookup.
    value.checked_ilog10().map_or(1, |log| log as usize + 1)
}

/// Writes `value` and a space into `block` at `at` ([`LONGEST`] bytes), returning the next `at`.
fn push(block: &mut [u8], at: usize, mut value: u32) -> usize {
    let end = at + digits(value);
    block[end] = b' ';
    let mut i = end;
    while value >= 100 {
        let pair = 2 * (value % 100) as usize;
        value /= 100;
        i -= 2;
        block[i..i + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if value >= 10 {
        let pair = 2 * value as usize;
        block[i - 2..i].copy_from_slice(&PAIRS[pair..pair + 2]);
    } else {
        block[i - 1] = b'0' + value as u8;
    }
    end + 1
}

impl Columns<'_> {
    /// Formats the columns a block at a time for `emit` (the last without its trailing space).
    fn format<E>(
        &self,
        block: &mut [u8],
        mut emit: impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut at = 0;
        for &column in self.0 {
            if at + LONGEST > block.len() {
                emit(&block[..at])?;
                at = 0;
            }
            at = push(block, at, column);
        }
        match at {
            0 => Ok(()),
            _ => emit(&block[..at - 1]),
        }
    }

    /// Writes the columns as [`Display`](fmt::Display) prints them, in blocks of up to 256 KiB
    /// (no UTF-8 check); fails with the first error of `out`.
    pub fn write_to(&self, out: &mut dyn io::Write) -> io::Result<()> {
        let mut block = vec![0; WRITE_BLOCK.min(self.0.len() * LONGEST + LONGEST)];
        self.format(&mut block, |bytes| out.write_all(bytes))
    }
}

impl fmt::Display for Columns<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut block = [0; DISPLAY_BLOCK];
        self.format(&mut block, |bytes| {
            // Digits and spaces only: always valid UTF-8.
            f.write_str(std::str::from_utf8(bytes).map_err(|_| fmt::Error)?)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every digit count, block boundaries and the empty list, against the standard formatter.
    #[test]
    fn matches_the_standard_formatter() {
        let mut values: Vec<u32> = vec![0, 1, 9, 10, 99, 100, 999, 1000, u32::MAX, u32::MAX - 1];
        values.extend((0..10).map(|d| 10u32.pow(d)));
        values.extend((1..10).map(|d| 10u32.pow(d) - 1));
        values.extend((0..100_000u32).map(|i| i.wrapping_mul(2_654_435_761)));
        for len in [0, 1, 2, 3, 46, 47, 48, 100, values.len()] {
            let list = &values[..len];
            let expected = list
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            assert_eq!(Columns(list).to_string(), expected, "{len} numbers");
            let mut out = Vec::new();
            Columns(list).write_to(&mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), expected, "{len} numbers");
        }
    }
}
