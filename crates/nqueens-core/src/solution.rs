//! Placements, solutions, parsing and the validator: element `i` of a board's list is the
//! 0-based column of the queen in row `i`; a [`Solution`] is a [`Placement`] that passed
//! [`Placement::validate`].

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use thiserror::Error;

use crate::Columns;

/// A list of queen columns, one per row, not yet known to be a solution.
///
/// It parses from numbers separated by spaces or commas and prints as space-separated numbers.
///
/// ```
/// use nqueens_core::Placement;
/// let p: Placement = "1, 3, 0, 2".parse()?;
/// assert_eq!(p.columns(), &[1, 3, 0, 2]);
/// assert_eq!(p.to_string(), "1 3 0 2");
/// assert!(p.validate().is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Placement(Vec<u32>);

/// A placement of `n` queens on an `n × n` board where no two attack each other.
///
/// The only ways to build one check it, so holding a `Solution` is proof of validity.
///
/// ```
/// use nqueens_core::Solution;
/// let s: Solution = "2 0 3 1".parse()?;
/// assert_eq!(s.n(), 4);
/// assert!("0 1 2 3".parse::<Solution>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Solution(pub(crate) Vec<u32>);

/// Which diagonal two queens share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Diagonal {
    /// Running down and to the right: `row - column` is the same for both queens.
    Falling,
    /// Running up and to the right: `row + column` is the same for both queens.
    Rising,
}

impl fmt::Display for Diagonal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Diagonal::Falling => "falling (\\)",
            Diagonal::Rising => "rising (/)",
        })
    }
}

/// Why a placement is not a solution. Rows and columns in messages are 0-based.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InvalidPlacement {
    /// No queens at all: a board must have at least one row.
    #[error("the placement is empty: a board needs at least one queen")]
    Empty,
    /// The placement has a different number of queens than the board size asked for.
    #[error("expected {expected} queens (one per row), found {found}")]
    WrongLength {
        /// Board size the caller expected.
        expected: usize,
        /// Number of queens in the placement.
        found: usize,
    },
    /// A queen's column is not on the board.
    #[error("row {row}: column {column} is off the board (columns are 0..={max})", max = n - 1)]
    OffBoard {
        /// Row of the offending queen.
        row: usize,
        /// Its column.
        column: u32,
        /// Board size.
        n: usize,
    },
    /// Two queens stand in the same column.
    #[error("rows {first} and {second} share column {column}")]
    SameColumn {
        /// The earlier row.
        first: usize,
        /// The later row.
        second: usize,
        /// The shared column.
        column: u32,
    },
    /// Two queens stand on the same diagonal.
    #[error("rows {first} and {second} share a {diagonal} diagonal")]
    SameDiagonal {
        /// The earlier row.
        first: usize,
        /// The later row.
        second: usize,
        /// Which diagonal.
        diagonal: Diagonal,
    },
}

/// Why a text is not a placement. Positions are 1-based character offsets into the input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePlacementError {
    /// Nothing but separators.
    #[error("no columns given: expected numbers separated by spaces or commas, like `1 3 0 2`")]
    Empty,
    /// Something that is not a decimal digit, space or comma.
    #[error(
        "unexpected {found:?} at position {position}: only digits, spaces and commas are allowed"
    )]
    UnexpectedChar {
        /// The offending character.
        found: char,
        /// Its 1-based position.
        position: usize,
    },
    /// A comma with no number before it.
    #[error("missing number before the comma at position {position}")]
    MissingNumber {
        /// 1-based position of the comma.
        position: usize,
    },
    /// A trailing comma.
    #[error("the placement ends with a comma at position {position}")]
    TrailingComma {
        /// 1-based position of the comma.
        position: usize,
    },
    /// A number that does not fit a column index.
    #[error("number {text} at position {position} is too large for a column")]
    TooLarge {
        /// The digits as written.
        text: String,
        /// 1-based position of its first digit.
        position: usize,
    },
}

/// Either half of turning text into a [`Solution`]: it did not parse, or it is not valid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolutionFromStrError {
    /// The text is not a list of columns.
    #[error(transparent)]
    Parse(#[from] ParsePlacementError),
    /// The columns are not a solution.
    #[error(transparent)]
    Invalid(#[from] InvalidPlacement),
}

impl InvalidPlacement {
    /// Rows `first` and `second` share `column` (`diagonal`: `None`) or a diagonal.
    pub(crate) fn clash(
        first: usize,
        second: usize,
        column: u32,
        diagonal: Option<Diagonal>,
    ) -> Self {
        match diagonal {
            None => InvalidPlacement::SameColumn {
                first,
                second,
                column,
            },
            Some(diagonal) => InvalidPlacement::SameDiagonal {
                first,
                second,
                diagonal,
            },
        }
    }
}

impl Placement {
    /// The columns, one per row.
    pub fn columns(&self) -> &[u32] {
        &self.0
    }

    /// Number of queens (rows).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no queens.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Checks the placement, and on success turns it into a [`Solution`].
    pub fn validate(self) -> Result<Solution, InvalidPlacement> {
        validate(&self.0)?;
        Ok(Solution(self.0))
    }
}

impl Solution {
    /// Checks `columns` and wraps them as a solution.
    ///
    /// ```
    /// use nqueens_core::{InvalidPlacement, Solution};
    /// assert!(Solution::from_columns(vec![1, 3, 0, 2]).is_ok());
    /// assert!(matches!(
    ///     Solution::from_columns(vec![0, 2, 1]),
    ///     Err(InvalidPlacement::SameDiagonal { first: 1, second: 2, .. })
    /// ));
    /// ```
    pub fn from_columns(columns: Vec<u32>) -> Result<Self, InvalidPlacement> {
        Placement(columns).validate()
    }

    /// Board size.
    pub fn n(&self) -> usize {
        self.0.len()
    }

    /// The columns, one per row.
    pub fn columns(&self) -> &[u32] {
        &self.0
    }

    /// Gives the columns back.
    pub fn into_columns(self) -> Vec<u32> {
        self.0
    }
}

impl AsRef<[u32]> for Solution {
    fn as_ref(&self) -> &[u32] {
        &self.0
    }
}

impl From<Solution> for Placement {
    fn from(solution: Solution) -> Self {
        Placement(solution.0)
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Columns(&self.0).fmt(f)
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Columns(&self.0).fmt(f)
    }
}

impl FromStr for Placement {
    type Err = ParsePlacementError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut columns = Vec::new();
        // Where the last comma is, while no number has followed it.
        let mut pending_comma: Option<usize> = None;
        // 1-based character positions, with byte offsets.
        let mut chars = text.char_indices().enumerate().peekable();
        while let Some((index, (start, ch))) = chars.next() {
            let position = index + 1;
            match ch {
                '0'..='9' => {
                    let mut end = start + 1;
                    while let Some(&(_, (byte, '0'..='9'))) = chars.peek() {
                        end = byte + 1;
                        chars.next();
                    }
                    // A number followed by a character that is not allowed is refused for
                    // that character.
                    let separated = chars
                        .peek()
                        .is_none_or(|&(_, (_, next))| next == ',' || next.is_whitespace());
                    match text[start..end].parse() {
                        Ok(column) => columns.push(column),
                        Err(_) if separated => {
                            let text = text[start..end].to_string();
                            return Err(ParsePlacementError::TooLarge { text, position });
                        }
                        Err(_) => {}
                    }
                    pending_comma = None;
                }
                ',' if pending_comma.is_some() || columns.is_empty() => {
                    return Err(ParsePlacementError::MissingNumber { position });
                }
                ',' => pending_comma = Some(position),
                c if c.is_whitespace() => {}
                found => return Err(ParsePlacementError::UnexpectedChar { found, position }),
            }
        }
        if let Some(position) = pending_comma {
            return Err(ParsePlacementError::TrailingComma { position });
        }
        if columns.is_empty() {
            return Err(ParsePlacementError::Empty);
        }
        Ok(Placement(columns))
    }
}

impl FromStr for Solution {
    type Err = SolutionFromStrError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Ok(text.parse::<Placement>()?.validate()?)
    }
}

/// The pairs of queens that attack each other, one queen per row at `columns`, counted over
/// every pair of rows (same column or same diagonal): the oracle of the local searches'
/// incremental counters, and what a stuck climb is shown with; O(n²).
///
/// ```
/// assert_eq!(nqueens_core::attacking_pairs(&[1, 3, 0, 2]), 0);
/// assert_eq!(nqueens_core::attacking_pairs(&[0, 1, 2]), 3);
/// ```
pub fn attacking_pairs(columns: &[u32]) -> u64 {
    let mut pairs = 0;
    for i in 0..columns.len() {
        for j in i + 1..columns.len() {
            let gap = columns[i].abs_diff(columns[j]) as usize;
            if gap == 0 || gap == j - i {
                pairs += 1;
            }
        }
    }
    pairs
}

/// Checks that `columns` is a solution: not empty, every column on the board, no two queens in
/// one column or on one diagonal; the first clash from the top is reported with both rows.
/// O(n) time and about 5n bits, so it checks boards of 10^8 queens.
///
/// ```
/// use nqueens_core::{validate, InvalidPlacement};
/// assert_eq!(validate(&[1, 3, 0, 2]), Ok(()));
/// assert_eq!(
///     validate(&[0, 0]),
///     Err(InvalidPlacement::SameColumn { first: 0, second: 1, column: 0 })
/// );
/// ```
pub fn validate(columns: &[u32]) -> Result<(), InvalidPlacement> {
    let n = columns.len();
    if n == 0 {
        return Err(InvalidPlacement::Empty);
    }
    let mut used_columns = BitSet::new(n);
    let mut falling = BitSet::new(2 * n - 1);
    let mut rising = BitSet::new(2 * n - 1);
    for (row, &column) in columns.iter().enumerate() {
        let c = column as usize;
        if c >= n {
            return Err(InvalidPlacement::OffBoard { row, column, n });
        }
        // Falling diagonals share `row - column`, shifted by n - 1 to be non-negative;
        // rising diagonals share `row + column`. Each insert says whether its line was free.
        if !(used_columns.insert(c) && falling.insert(row + (n - 1) - c) && rising.insert(row + c))
        {
            return Err(clash_of(columns, row));
        }
    }
    Ok(())
}

/// The clash of `row` with an earlier row, which the validator found: on its column, else its
/// falling, else its rising diagonal, with the first earlier row on that line. Rare, so the
/// earlier row is found by a second scan instead of storing rows.
#[cold]
fn clash_of(columns: &[u32], row: usize) -> InvalidPlacement {
    let column = columns[row];
    let on_line = |diagonal: Option<Diagonal>| {
        let same = |(other, &oc): (usize, &u32)| match diagonal {
            None => oc == column,
            Some(Diagonal::Falling) => other + column as usize == row + oc as usize,
            Some(Diagonal::Rising) => other + oc as usize == row + column as usize,
        };
        let first = columns[..row].iter().enumerate().position(same)?;
        Some((first, diagonal))
    };
    let lines = [None, Some(Diagonal::Falling), Some(Diagonal::Rising)];
    let (first, diagonal) = lines.into_iter().find_map(on_line).unwrap_or((row, None));
    InvalidPlacement::clash(first, row, column, diagonal)
}

/// Like [`validate`], and also checks that there are exactly `n` queens.
pub fn validate_size(columns: &[u32], n: usize) -> Result<(), InvalidPlacement> {
    if columns.len() != n {
        return Err(InvalidPlacement::WrongLength {
            expected: n,
            found: columns.len(),
        });
    }
    validate(columns)
}

/// A fixed-size set of small integers, one bit each.
struct BitSet(Vec<u64>);

impl BitSet {
    fn new(len: usize) -> Self {
        BitSet(vec![0; len.div_ceil(64)])
    }

    /// Adds `i`; returns whether it was absent.
    fn insert(&mut self, i: usize) -> bool {
        let word = &mut self.0[i / 64];
        let bit = 1u64 << (i % 64);
        let absent = *word & bit == 0;
        *word |= bit;
        absent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_spaces_commas_and_mixtures() {
        for text in ["1 3 0 2", "1,3,0,2", " 1, 3 ,0,  2\n", "1\t3 0,2"] {
            assert_eq!(text.parse::<Placement>().unwrap().columns(), &[1, 3, 0, 2]);
        }
    }

    #[test]
    fn parse_errors_say_what_and_where() {
        use ParsePlacementError::*;
        assert_eq!("".parse::<Placement>(), Err(Empty));
        assert_eq!("  ".parse::<Placement>(), Err(Empty));
        assert_eq!(
            "1 x 2".parse::<Placement>(),
            Err(UnexpectedChar {
                found: 'x',
                position: 3
            })
        );
        assert_eq!(
            "1 -2".parse::<Placement>(),
            Err(UnexpectedChar {
                found: '-',
                position: 3
            })
        );
        assert_eq!(
            "1,,2".parse::<Placement>(),
            Err(MissingNumber { position: 3 })
        );
        assert_eq!(
            ",1".parse::<Placement>(),
            Err(MissingNumber { position: 1 })
        );
        assert_eq!(
            "1,2,".parse::<Placement>(),
            Err(TrailingComma { position: 4 })
        );
        assert_eq!(
            "1 99999999999".parse::<Placement>(),
            Err(TooLarge {
                text: "99999999999".into(),
                position: 3
            })
        );
    }

    #[test]
    fn validator_names_the_clash() {
        use InvalidPlacement::*;
        assert_eq!(validate(&[]), Err(Empty));
        assert_eq!(validate(&[0]), Ok(()));
        assert_eq!(
            validate(&[1, 3, 4, 2]),
            Err(OffBoard {
                row: 2,
                column: 4,
                n: 4
            })
        );
        assert_eq!(
            validate(&[1, 3, 0, 3]),
            Err(SameColumn {
                first: 1,
                second: 3,
                column: 3
            })
        );
        assert_eq!(
            validate(&[0, 2, 4, 1, 3, 5]),
            Err(SameDiagonal {
                first: 0,
                second: 5,
                diagonal: Diagonal::Falling
            })
        );
        assert_eq!(
            validate(&[1, 0, 3, 2]),
            Err(SameDiagonal {
                first: 0,
                second: 1,
                diagonal: Diagonal::Rising
            })
        );
        assert_eq!(
            validate_size(&[1, 3, 0, 2], 5),
            Err(WrongLength {
                expected: 5,
                found: 4
            })
        );
    }

    #[test]
    fn display_round_trips() {
        let s: Solution = "3 0 4 1 5 2".parse().unwrap();
        assert_eq!(s.to_string().parse::<Solution>().unwrap(), s);
    }
}
