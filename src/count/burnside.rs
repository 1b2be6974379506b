//! Burnside's identity: a full count checked against the symmetric solutions, and its classes
//! sorted by orbit size.
//!
//! No reflection fixes a solution of more than one queen (two of its queens would share a row,
//! a column or a diagonal), so by Burnside's (orbit-counting) lemma the classes of the
//! n × n board, n ≥ 2, are `(Q + P + 2R) / 8`, where Q counts all solutions (A000170), P those
//! a half turn fixes (A032522) and R those a quarter turn fixes (A033148): `R / 2` classes of 2
//! solutions, `(P - R) / 4` of 4 and `(Q - P) / 8` of 8. P and R come from the direct searches
//! of the `symmetric` module, independent of the full count they check.

use nqueens_core::{Config, Error};
use thiserror::Error;

use crate::symmetric::{Turn, count_symmetric};

/// A full count's solutions and classes sorted by symmetry type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymmetryTypes {
    /// P: solutions a half turn maps onto themselves (OEIS A032522).
    pub half_turn: u64,
    /// R: solutions a quarter turn maps onto themselves (OEIS A033148).
    pub quarter_turn: u64,
    /// Classes of 8 solutions (no symmetry fixes them): `(Q - P) / 8`.
    pub classes_of_8: u64,
    /// Classes of 4 solutions (fixed by the half turn only): `(P - R) / 4`.
    pub classes_of_4: u64,
    /// Classes of 2 solutions (fixed by the quarter turns): `R / 2`.
    pub classes_of_2: u64,
    /// Classes of one solution: only the lone queen of n = 1.
    pub classes_of_1: u64,
}

/// Why a count's symmetry types could not be given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SymmetricError {
    /// The symmetric counts could not run.
    #[error(transparent)]
    Count(#[from] Error),
    /// Burnside's identity does not hold: one of the counts is wrong.
    #[error(
        "the count fails its check: Burnside's identity says n = {n} has (Q + P + 2R) / 8 \
         classes with Q = {total} solutions, P = {half_turn} fixed by a half turn and \
         R = {quarter_turn} by a quarter turn, but {unique} classes were counted \
         (or the classes do not come out whole); the count is wrong, please report it"
    )]
    Identity {
        /// Board size.
        n: usize,
        /// Q, the solutions counted.
        total: u64,
        /// The classes counted.
        unique: u64,
        /// P, counted directly.
        half_turn: u64,
        /// R, counted directly.
        quarter_turn: u64,
    },
}

impl SymmetryTypes {
    /// Sorts `total` solutions in `unique` classes of the `n × n` board by type, given P and
    /// R, after checking Burnside's identity `8 · unique = Q + P + 2R` (for n ≥ 2; n = 1 is one
    /// class of one) and that each type comes out whole.
    ///
    /// ```
    /// use nqueens_symmetry::SymmetryTypes;
    ///
    /// let types = SymmetryTypes::from_counts(8, 92, 12, 4, 0)?;
    /// assert_eq!((types.classes_of_8, types.classes_of_4, types.classes_of_2), (11, 1, 0));
    /// assert!(SymmetryTypes::from_counts(8, 92, 13, 4, 0).is_err());
    /// # Ok::<(), nqueens_symmetry::SymmetricError>(())
    /// ```
    pub fn from_counts(
        n: usize,
        total: u64,
        unique: u64,
        half_turn: u64,
        quarter_turn: u64,
    ) -> Result<SymmetryTypes, SymmetricError> {
        let mismatch = SymmetricError::Identity {
            n,
            total,
            unique,
            half_turn,
            quarter_turn,
        };
        if n == 1 {
            return if (total, unique, half_turn, quarter_turn) == (1, 1, 1, 1) {
                Ok(SymmetryTypes {
                    half_turn,
                    quarter_turn,
                    classes_of_8: 0,
                    classes_of_4: 0,
                    classes_of_2: 0,
                    classes_of_1: 1,
                })
            } else {
                Err(mismatch)
            };
        }
        let (q, p, r) = (total, half_turn, quarter_turn);
        // Every solution a quarter turn fixes, the half turn fixes too.
        let whole = r <= p
            && p <= q
            && (q - p) % 8 == 0
            && (p - r) % 4 == 0
            && r % 2 == 0
            && 8 * u128::from(unique) == u128::from(q) + u128::from(p) + 2 * u128::from(r);
        if !whole {
            return Err(mismatch);
        }
        Ok(SymmetryTypes {
            half_turn,
            quarter_turn,
            classes_of_8: (q - p) / 8,
            classes_of_4: (p - r) / 4,
            classes_of_2: r / 2,
            classes_of_1: 0,
        })
    }
}

/// Checks a complete count of `total` solutions in `unique` classes of the `n × n` board
/// against Burnside's identity, with P and R counted directly ([`count_symmetric`], a small
/// fraction of the full count's time at every `n` it reaches), and sorts them by type.
/// `Ok(None)` when `config.stop` was raised before P and R were counted. The config's
/// observer is not told about these counts.
pub fn symmetry_types(
    n: usize,
    total: u64,
    unique: u64,
    config: &Config,
) -> Result<Option<SymmetryTypes>, SymmetricError> {
    let quiet = Config {
        observer: None,
        ..config.clone()
    };
    let half = count_symmetric(n, Turn::Half, &quiet)?;
    let quarter = count_symmetric(n, Turn::Quarter, &quiet)?;
    if !(half.is_complete() && quarter.is_complete()) {
        return Ok(None);
    }
    SymmetryTypes::from_counts(n, total, unique, half.total, quarter.total).map(Some)
}
