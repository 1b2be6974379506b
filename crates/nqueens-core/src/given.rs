//! Queens that must be on the board: the partial placement of an N-Queens completion problem
//! ([`Given`]), and reproducible random instances of it ([`Given::random`]).
//!
//! Completing a partial placement is NP-complete and counting its completions #P-complete
//! (Gent, Jefferson and Nightingale, "Complexity of n-Queens Completion", JAIR 59, 2017),
//! where plain N-Queens is solved in O(n) by a formula.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde::Serialize;
use thiserror::Error;

use crate::{Diagonal, InvalidPlacement};

/// Queens given on the board, at most one per row, no two attacking each other: what a
/// completion must keep. Rows and columns are 0-based.
///
/// It parses from `row:col` pairs (`1:0,3:2`) or a placement line with `.` for the free rows
/// (`. 0 . 2`, which also fixes the board size), and prints as pairs; [`Given::check`] checks
/// the queens against a board size.
///
/// ```
/// use nqueens_core::Given;
/// let given: Given = "1:3, 3:2".parse()?;
/// assert_eq!(given.to_string(), "1:3,3:2");
/// assert_eq!(given.queens(), ". 3 . 2".parse::<Given>()?.queens());
/// assert!(given.check(4).is_ok());
/// assert!(given.check(3).is_err());
/// let attacking = "1:0,3:2".parse::<Given>().unwrap_err();
/// assert_eq!(attacking.to_string(), "the given queens attack each other: rows 1 and 3 share a falling (\\) diagonal");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Given {
    /// (row, column), sorted by row, one per row.
    queens: Vec<(usize, u32)>,
    /// The board size a placement line implies (its length); `None` for pairs.
    #[serde(skip)]
    board: Option<usize>,
}

/// Why queens cannot be given: the text is not in either form, or the queens cannot stand.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum InvalidGiven {
    /// Nothing given.
    #[error(
        "no queens given: expected row:column pairs like `1:3,3:2` or a placement line like `. 3 . 2`"
    )]
    Empty,
    /// A part that is neither a `row:column` pair nor (in a placement line) a column or `.`.
    #[error("{found:?} is not {expected}")]
    Syntax {
        /// The offending part (its start, if long).
        found: String,
        /// What was expected there.
        expected: &'static str,
    },
    /// The same row appears twice.
    #[error("row {row} is given twice")]
    SameRow {
        /// The row.
        row: usize,
    },
    /// Two given queens attack each other.
    #[error("the given queens attack each other: {0}")]
    Attacking(InvalidPlacement),
    /// A queen lies off the board.
    #[error("the given queen {row}:{column} is off the {n} × {n} board (rows and columns are 0..={max})", max = n - 1)]
    OffBoard {
        /// Its row.
        row: usize,
        /// Its column.
        column: u32,
        /// The board size.
        n: usize,
    },
    /// A placement line whose length is not the board size.
    #[error("the given placement line has {found} rows, but the board has {expected}")]
    WrongLength {
        /// The board size.
        expected: usize,
        /// The rows of the line.
        found: usize,
    },
    /// More queens asked for than the board has rows.
    #[error("{queens} queens cannot stand on an {n} × {n} board without two sharing a row")]
    TooMany {
        /// Queens asked for.
        queens: usize,
        /// The board size.
        n: usize,
    },
    /// The random placement got stuck on every try.
    #[error(
        "could not place {queens} non-attacking queens on the {n} × {n} board in {tries} random tries: ask for fewer"
    )]
    NotPlaced {
        /// Queens asked for.
        queens: usize,
        /// The board size.
        n: usize,
        /// How many times it started over.
        tries: u32,
    },
    /// [`Given::random`] reached its cap on work before it placed them all.
    #[error(
        "could not place {queens} non-attacking queens on the {n} × {n} board within the work \
         cap of {cap} steps (after {tries} random tries): ask for fewer"
    )]
    WorkCapReached {
        /// Queens asked for.
        queens: usize,
        /// The board size.
        n: usize,
        /// The cap, in steps (a square examined, or a step of sorting the attacked ones).
        cap: u64,
        /// The try it was on.
        tries: u32,
    },
}

/// Random tries [`Given::random`] makes before it gives up.
const RANDOM_TRIES: u32 = 1000;

/// The most steps [`Given::random`] takes over all its tries (a stuck try costs O(n²)).
const RANDOM_WORK: u64 = 200_000_000;

impl Given {
    /// The queens at `(row, column)`, in any order, unless a row repeats or two attack. O(k).
    pub fn new(mut queens: Vec<(usize, u32)>) -> Result<Given, InvalidGiven> {
        queens.sort_unstable();
        if let Some(pair) = queens.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(InvalidGiven::SameRow { row: pair[0].0 });
        }
        // The first row seen on each column and diagonal (keyed by column, row - column and
        // row + column), so a clash names both rows.
        let mut first_row = HashMap::new();
        for &(row, column) in &queens {
            let (r, c) = (row as i64, i64::from(column));
            let lines = [
                (None, c),
                (Some(Diagonal::Falling), r - c),
                (Some(Diagonal::Rising), r + c),
            ];
            if let Some((line, &first)) = lines
                .iter()
                .find_map(|line| Some((line, first_row.get(line)?)))
            {
                let clash = InvalidPlacement::clash(first, row, column, line.0);
                return Err(InvalidGiven::Attacking(clash));
            }
            first_row.extend(lines.map(|line| (line, row)));
        }
        Ok(Given {
            queens,
            board: None,
        })
    }

    /// Checks that every queen is on the `n × n` board (and a placement line has `n` rows).
    pub fn check(&self, n: usize) -> Result<(), InvalidGiven> {
        if let Some(found) = self.board.filter(|&rows| rows != n) {
            return Err(InvalidGiven::WrongLength { expected: n, found });
        }
        match self
            .queens
            .iter()
            .find(|&&(row, column)| row >= n || column as usize >= n)
        {
            Some(&(row, column)) => Err(InvalidGiven::OffBoard { row, column, n }),
            None => Ok(()),
        }
    }

    /// The queens, `(row, column)` by increasing row.
    pub fn queens(&self) -> &[(usize, u32)] {
        &self.queens
    }

    /// How many queens are given.
    pub fn len(&self) -> usize {
        self.queens.len()
    }

    /// Whether none is (only a placement line of dots gives none).
    pub fn is_empty(&self) -> bool {
        self.queens.is_empty()
    }

    /// The given column of each row of an `n`-row board (checked), `None` for free rows.
    pub fn by_row(&self, n: usize) -> Vec<Option<u32>> {
        let mut rows = vec![None; n];
        for &(row, column) in &self.queens {
            rows[row] = Some(column);
        }
        rows
    }

    /// The first given queen `columns` (a full placement) does not have, if any.
    ///
    /// ```
    /// use nqueens_core::Given;
    /// let given: Given = "0:1".parse()?;
    /// assert_eq!(given.missing_in(&[1, 3, 0, 2]), None);
    /// assert_eq!(given.missing_in(&[2, 0, 3, 1]), Some((0, 1)));
    /// # Ok::<(), nqueens_core::InvalidGiven>(())
    /// ```
    pub fn missing_in(&self, columns: &[u32]) -> Option<(usize, u32)> {
        self.queens
            .iter()
            .copied()
            .find(|&(row, column)| columns.get(row) != Some(&column))
    }

    /// `queens` random non-attacking queens on the `n × n` board, the same for the same
    /// arguments on every platform (Xoshiro256++ seeded with `seed`).
    ///
    /// Rows are taken in a random order, each taking a column drawn uniformly from those left
    /// safe (a row with none is passed over); when the rows run out first it starts over, up to
    /// 1,000 times and 2·10^8 steps in all. A row's safe columns come from the at most 3p
    /// squares the p queens placed attack in it (sorted) or from its n squares, whichever costs
    /// less: O(min(n, p log p)) per row. Such instances are not consistently hard (Gent,
    /// Jefferson and Nightingale, 2017).
    ///
    /// ```
    /// use nqueens_core::Given;
    /// let given = Given::random(8, 3, 42)?;
    /// assert_eq!(given.len(), 3);
    /// assert!(given.check(8).is_ok());
    /// assert_eq!(given, Given::random(8, 3, 42)?);
    /// # Ok::<(), nqueens_core::InvalidGiven>(())
    /// ```
    pub fn random(n: usize, queens: usize, seed: u64) -> Result<Given, InvalidGiven> {
        if queens > n {
            return Err(InvalidGiven::TooMany { queens, n });
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut rows: Vec<usize> = (0..n).collect();
        let mut safe = Vec::with_capacity(n);
        let mut work = 0u64;
        for tried in 1..=RANDOM_TRIES {
            // Fisher–Yates with the generator's own bounded draws.
            for i in (1..n).rev() {
                rows.swap(i, rng.random_range(0..=i));
            }
            let mut used_columns = vec![false; n];
            let mut falling = vec![false; 2 * n];
            let mut rising = vec![false; 2 * n];
            let mut placed = Vec::with_capacity(queens);
            for &row in &rows {
                if placed.len() == queens {
                    break;
                }
                // Sorting the 3p attacked squares costs about 3p·log2(3p) steps, scanning the
                // row n: the cheaper way is taken, and its cost counted.
                let attacks = 3 * placed.len() as u64 + 1;
                let sorting = attacks * u64::from(attacks.ilog2() + 1);
                let sparse = sorting < n as u64;
                work += sorting.min(n as u64);
                if work > RANDOM_WORK {
                    return Err(InvalidGiven::WorkCapReached {
                        queens,
                        n,
                        cap: RANDOM_WORK,
                        tries: tried,
                    });
                }
                // The same draw picks the same column either way: the k-th safe column in
                // increasing order, k uniform below their number.
                let column = if sparse {
                    attacked_in_row(row, n, &placed, &mut safe);
                    let Some(free) = n.checked_sub(safe.len()).filter(|&free| free > 0) else {
                        continue;
                    };
                    nth_not_in(rng.random_range(0..free), &safe)
                } else {
                    safe.clear();
                    safe.extend((0..n).filter(|&c| {
                        !used_columns[c] && !falling[row + n - 1 - c] && !rising[row + c]
                    }));
                    if safe.is_empty() {
                        continue;
                    }
                    safe[rng.random_range(0..safe.len())]
                };
                used_columns[column] = true;
                falling[row + n - 1 - column] = true;
                rising[row + column] = true;
                placed.push((row, column as u32));
            }
            if placed.len() == queens {
                return Given::new(placed);
            }
        }
        Err(InvalidGiven::NotPlaced {
            queens,
            n,
            tries: RANDOM_TRIES,
        })
    }
}

/// Fills `attacked` with the columns of row `row` that the `placed` queens attack, sorted.
fn attacked_in_row(row: usize, n: usize, placed: &[(usize, u32)], attacked: &mut Vec<usize>) {
    attacked.clear();
    for &(r, c) in placed {
        let (c, distance) = (c as usize, r.abs_diff(row));
        attacked.push(c);
        if let Some(left) = c.checked_sub(distance) {
            attacked.push(left);
        }
        if c + distance < n {
            attacked.push(c + distance);
        }
    }
    attacked.sort_unstable();
    attacked.dedup();
}

/// The `k`-th (from 0) column not in `taken` (sorted, each once), counting upwards.
fn nth_not_in(k: usize, taken: &[usize]) -> usize {
    let mut column = k;
    for &t in taken {
        if t <= column {
            column += 1;
        } else {
            break;
        }
    }
    column
}

impl fmt::Display for Given {
    /// `row:column` pairs, comma-separated: the form `--given` reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (row, column)) in self.queens.iter().enumerate() {
            write!(f, "{}{row}:{column}", if i > 0 { "," } else { "" })?;
        }
        Ok(())
    }
}

impl FromStr for Given {
    type Err = InvalidGiven;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let parts: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|part| !part.is_empty())
            .collect();
        if parts.is_empty() {
            return Err(InvalidGiven::Empty);
        }
        // A whole number, or the error quoting `whole`, the part it came from.
        let number = |digits: &str, whole: &str, expected| {
            (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
                .then(|| digits.parse::<u32>().ok())
                .flatten()
                .ok_or_else(|| InvalidGiven::Syntax {
                    found: crate::quote(whole, 24),
                    expected,
                })
        };
        if text.contains(':') {
            const PAIR: &str = "a row:column pair of whole numbers, like 1:3";
            let queens = parts
                .iter()
                .map(|part| {
                    // Without a colon, the empty row is refused quoting the part.
                    let (row, column) = part.split_once(':').unwrap_or_default();
                    Ok((
                        number(row, part, PAIR)? as usize,
                        number(column, part, PAIR)?,
                    ))
                })
                .collect::<Result<Vec<_>, InvalidGiven>>()?;
            Given::new(queens)
        } else {
            const CELL: &str = "a column (a whole number) or `.` for a free row";
            let mut queens = Vec::new();
            for (row, part) in parts.iter().enumerate() {
                if *part != "." {
                    queens.push((row, number(part, part, CELL)?));
                }
            }
            let mut given = Given::new(queens)?;
            given.board = Some(parts.len());
            Ok(given)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_parse_to_the_same_queens() {
        let pairs: Given = "3:2 1:3".parse().unwrap();
        let line: Given = ". 3 , . 2 . .".parse().unwrap();
        assert_eq!(pairs.queens(), line.queens());
        assert_eq!(pairs.to_string(), "1:3,3:2");
        assert_eq!(line.check(6), Ok(()));
        assert_eq!(
            line.check(7),
            Err(InvalidGiven::WrongLength {
                expected: 7,
                found: 6
            })
        );
        assert_eq!(pairs.by_row(4), vec![None, Some(3), None, Some(2)]);
    }

    #[test]
    fn bad_text_and_impossible_queens_are_refused_with_the_reason() {
        let error = |text: &str| text.parse::<Given>().unwrap_err().to_string();
        assert!(error("").contains("no queens given"));
        assert!(error("1:2,x").contains("\"x\" is not a row:column pair"));
        assert!(error("1:2,3:").contains("\"3:\""));
        assert!(error("1 q 2").contains("\"q\" is not a column"));
        assert!(error("-1:2").contains("\"-1:2\""));
        assert!(error("99999999999:1").contains("99999999999"));
        assert_eq!(error("1:2,1:4"), "row 1 is given twice");
        assert_eq!(
            error("0:0,5:0"),
            "the given queens attack each other: rows 0 and 5 share column 0"
        );
        assert_eq!(
            error("4:0,2:2"),
            "the given queens attack each other: rows 2 and 4 share a rising (/) diagonal"
        );
        let far: Given = "2:9".parse().unwrap();
        assert_eq!(
            far.check(8).unwrap_err().to_string(),
            "the given queen 2:9 is off the 8 × 8 board (rows and columns are 0..=7)"
        );
    }

    #[test]
    fn random_instances_are_reproducible_and_valid() {
        for n in [1, 4, 8, 13, 40] {
            for k in [0, 1, n / 3, n / 2] {
                for seed in 0..5 {
                    let given = Given::random(n, k, seed).unwrap();
                    assert_eq!(given.len(), k);
                    given.check(n).unwrap();
                    assert_eq!(given, Given::random(n, k, seed).unwrap());
                    // Printing and parsing again gives the same queens.
                    if k > 0 {
                        assert_eq!(given, given.to_string().parse().unwrap());
                    }
                }
            }
        }
        assert_ne!(Given::random(40, 10, 1), Given::random(40, 10, 2));
        assert!(matches!(
            Given::random(4, 5, 0),
            Err(InvalidGiven::TooMany { .. })
        ));
        assert!(matches!(
            Given::random(3, 3, 0),
            Err(InvalidGiven::NotPlaced { .. })
        ));
    }

    #[test]
    fn a_few_queens_on_a_large_board_are_placed_at_once() {
        // Once refused ("in 1 random tries"): examining every square of 200 rows of 10^6
        // reached the work cap.
        let given = Given::random(1_000_000, 1000, 1).unwrap();
        assert_eq!(given.len(), 1000);
        assert_eq!(given.check(1_000_000), Ok(()));
        // What cannot be placed says which bound stopped it.
        assert!(matches!(
            Given::random(3, 3, 1),
            Err(InvalidGiven::NotPlaced { tries: 1000, .. })
        ));
        let error = Given::random(1_000_000, 999_999, 1).unwrap_err();
        assert!(matches!(
            error,
            InvalidGiven::WorkCapReached {
                cap: RANDOM_WORK,
                ..
            }
        ));
        assert!(
            error
                .to_string()
                .contains("within the work cap of 200000000 steps")
        );
    }

    #[test]
    fn the_attacked_squares_pick_the_column_the_scan_would() {
        let placed = [(0, 3), (4, 0), (2, 6)];
        let mut attacked = Vec::new();
        for row in [1, 3, 5, 7] {
            attacked_in_row(row, 8, &placed, &mut attacked);
            let scanned: Vec<usize> = (0..8)
                .filter(|&c| {
                    placed.iter().all(|&(r, q)| {
                        q as usize != c && (q as usize).abs_diff(c) != r.abs_diff(row)
                    })
                })
                .collect();
            let picked: Vec<usize> = (0..scanned.len())
                .map(|k| nth_not_in(k, &attacked))
                .collect();
            assert_eq!(picked, scanned, "row {row}");
        }
    }
}
