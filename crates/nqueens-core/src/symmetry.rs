//! The eight symmetries of the square board, canonical forms and orbit sizes: the solutions of
//! each `n` fall into classes ("orbits") of 1, 2, 4 or 8 (OEIS A002562 counts them), each
//! represented by its lexicographically smallest member.

use std::fmt;

use serde::Serialize;

use crate::Solution;

/// A rotation that maps a solution onto itself ([`Config::symmetric`](crate::Config::symmetric));
/// no reflection maps a solution of more than one queen onto itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Turn {
    /// The half turn (180°): P(n), OEIS A032522.
    Half,
    /// The quarter turn (90°, and so 270° and 180° too): R(n), OEIS A033148.
    Quarter,
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Turn::Half => "half",
            Turn::Quarter => "quarter",
        })
    }
}

/// One of the eight rotations and reflections of the square (the dihedral group D4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// Three quarter turns clockwise.
    Rotate270,
    /// Mirror left to right: column `c` becomes `n - 1 - c`.
    MirrorColumns,
    /// Mirror top to bottom: row `r` becomes `n - 1 - r`.
    MirrorRows,
    /// Reflection in the main diagonal: row and column swap.
    Transpose,
    /// Reflection in the other diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Applies the symmetry to a placement given as one column per row (any permutation of
    /// `0..n`; the result is again one column per row).
    ///
    /// ```
    /// use nqueens_core::Symmetry;
    /// assert_eq!(Symmetry::MirrorColumns.apply(&[1, 3, 0, 2]), vec![2, 0, 3, 1]);
    /// assert_eq!(Symmetry::Rotate90.apply(&[1, 3, 0, 2]), vec![1, 3, 0, 2]);
    /// ```
    ///
    /// # Panics
    /// If `columns` is not a permutation of `0..n` (a [`Solution`] always is).
    pub fn apply(self, columns: &[u32]) -> Vec<u32> {
        let n = columns.len() as u32;
        let mut image = vec![0u32; columns.len()];
        for (r, &c) in columns.iter().enumerate() {
            let (row, column) = self.map_square(n, r as u32, c);
            image[row as usize] = column;
        }
        image
    }

    /// Where the square (`row`, `column`) of an `n × n` board goes (both below `n`).
    ///
    /// ```
    /// use nqueens_core::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.map_square(8, 0, 2), (2, 7));
    /// assert_eq!(Symmetry::Transpose.map_square(8, 0, 2), (2, 0));
    /// ```
    pub fn map_square(self, n: u32, row: u32, column: u32) -> (u32, u32) {
        let last = n.wrapping_sub(1);
        match self {
            Symmetry::Identity => (row, column),
            Symmetry::Rotate90 => (column, last - row),
            Symmetry::Rotate180 => (last - row, last - column),
            Symmetry::Rotate270 => (last - column, row),
            Symmetry::MirrorColumns => (row, last - column),
            Symmetry::MirrorRows => (last - row, column),
            Symmetry::Transpose => (column, row),
            Symmetry::AntiTranspose => (last - column, last - row),
        }
    }
}

impl Solution {
    /// The image of this solution under `symmetry`, which is again a solution.
    pub fn transformed(&self, symmetry: Symmetry) -> Solution {
        Solution(symmetry.apply(self.columns()))
    }

    /// All eight images, in the order of [`Symmetry::ALL`] (duplicates kept).
    pub fn images(&self) -> [Solution; 8] {
        Symmetry::ALL.map(|s| self.transformed(s))
    }

    /// The lexicographically smallest of the eight images: the same for every member of the
    /// class, and its own canonical form.
    ///
    /// ```
    /// use nqueens_core::Solution;
    /// let s: Solution = "2 0 3 1".parse()?;
    /// assert_eq!(s.canonical().to_string(), "1 3 0 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn canonical(&self) -> Solution {
        let mut images = self.images();
        images.sort_unstable();
        images[0].clone()
    }

    /// How many distinct solutions the symmetries make of this one: 1, 2, 4 or 8.
    ///
    /// ```
    /// use nqueens_core::Solution;
    /// assert_eq!("1 3 0 2".parse::<Solution>()?.orbit_size(), 2);
    /// assert_eq!("0 4 7 5 2 6 1 3".parse::<Solution>()?.orbit_size(), 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn orbit_size(&self) -> usize {
        let mut images = self.images();
        images.sort_unstable();
        1 + images.windows(2).filter(|w| w[0] != w[1]).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_images_are_distinct_maps() {
        let s: Solution = "0 4 7 5 2 6 1 3".parse().unwrap();
        let mut images: Vec<Vec<u32>> = s.images().iter().map(|i| i.columns().to_vec()).collect();
        for image in &images {
            crate::validate(image).unwrap();
        }
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn rotating_four_times_is_identity() {
        let s: Solution = "1 3 5 0 2 4".parse().unwrap();
        let mut t = s.clone();
        for _ in 0..4 {
            t = t.transformed(Symmetry::Rotate90);
        }
        assert_eq!(t, s);
        assert_eq!(
            s.transformed(Symmetry::Rotate90)
                .transformed(Symmetry::Rotate90),
            s.transformed(Symmetry::Rotate180)
        );
        assert_eq!(
            s.transformed(Symmetry::Rotate180)
                .transformed(Symmetry::Rotate90),
            s.transformed(Symmetry::Rotate270)
        );
    }

    #[test]
    fn one_queen_is_its_own_orbit() {
        let s: Solution = "0".parse().unwrap();
        assert_eq!(s.orbit_size(), 1);
        assert_eq!(s.canonical(), s);
    }
}
