//! Burnside's identity: a full count checked against the symmetric solutions, and its classes
//! sorted by orbit size.
//!
//! No reflection fixes a solution of more than one queen, so by Burnside's lemma the classes
//! of the n × n board, n ≥ 2, are `(Q + P + 2R) / 8`, with Q all solutions (A000170), P those a
//! half turn fixes (A032522) and R those a quarter turn fixes (A033148): `R / 2` classes of 2,
//! `(P - R) / 4` of 4 and `(Q - P) / 8` of 8. P and R come from a direct search
//! ([`Variant::symmetric`](nqueens_core::Variant::symmetric)), independent of the full count.

use nqueens_core::{Config, Operation, Turn};
use nqueens_run::Registry;

use super::CountError;

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

/// A count that fails Burnside's identity: one of the counts is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the count fails its check: Burnside's identity says n = {n} has (Q + P + 2R) / 8 \
     classes with Q = {total} solutions, P = {half_turn} fixed by a half turn and \
     R = {quarter_turn} by a quarter turn, but {unique} classes were counted \
     (or the classes do not come out whole); the count is wrong, please report it"
)]
pub struct BurnsideMismatch {
    /// Board size.
    pub n: usize,
    /// Q, the solutions counted.
    pub total: u64,
    /// The classes counted.
    pub unique: u64,
    /// P, counted directly.
    pub half_turn: u64,
    /// R, counted directly.
    pub quarter_turn: u64,
}

impl SymmetryTypes {
    /// Sorts `total` solutions in `unique` classes of the `n × n` board by type, given P and
    /// R, after checking Burnside's identity `8 · unique = Q + P + 2R` (for n ≥ 2; n = 1 is one
    /// class of one) and that each type comes out whole.
    ///
    /// ```
    /// use nqueens::count::SymmetryTypes;
    ///
    /// let types = SymmetryTypes::from_counts(8, 92, 12, 4, 0)?;
    /// assert_eq!((types.classes_of_8, types.classes_of_4, types.classes_of_2), (11, 1, 0));
    /// assert!(SymmetryTypes::from_counts(8, 92, 13, 4, 0).is_err());
    /// # Ok::<(), nqueens::count::BurnsideMismatch>(())
    /// ```
    pub fn from_counts(
        n: usize,
        total: u64,
        unique: u64,
        half_turn: u64,
        quarter_turn: u64,
    ) -> Result<SymmetryTypes, BurnsideMismatch> {
        let (q, p, r) = (total, half_turn, quarter_turn);
        let whole = match n {
            // One class of one: the lone queen.
            1 => (q, unique, p, r) == (1, 1, 1, 1),
            // Every solution a quarter turn fixes, the half turn fixes too.
            _ => {
                r <= p
                    && p <= q
                    && (q - p) % 8 == 0
                    && (p - r) % 4 == 0
                    && r % 2 == 0
                    && 8 * u128::from(unique) == u128::from(q) + u128::from(p) + 2 * u128::from(r)
            }
        };
        if !whole {
            return Err(BurnsideMismatch {
                n,
                total,
                unique,
                half_turn,
                quarter_turn,
            });
        }
        Ok(SymmetryTypes {
            half_turn,
            quarter_turn,
            classes_of_8: (q - p) / 8,
            classes_of_4: (p - r) / 4,
            classes_of_2: r / 2,
            classes_of_1: u64::from(n == 1),
        })
    }
}

/// Checks a complete count against Burnside's identity, with P and R counted by the first
/// strategy of `registry` that can (unobserved), and sorts its classes by type; `Ok(None)`
/// when `config.stop` was raised first, or no strategy counts them.
pub fn symmetry_types(
    registry: &Registry,
    n: usize,
    total: u64,
    unique: u64,
    config: &Config,
) -> Result<Option<SymmetryTypes>, CountError> {
    let turned = |turn| Config {
        observer: None,
        variant: None,
        stats: false,
        symmetric: Some(turn),
        ..config.clone()
    };
    let Some(counter) = registry.iter().find(|solver| {
        solver.capabilities().counts_symmetric()
            && solver
                .check(Operation::Count, n, &turned(Turn::Half))
                .is_ok()
    }) else {
        return Ok(None);
    };
    let half = counter.count(n, &turned(Turn::Half))?;
    let quarter = counter.count(n, &turned(Turn::Quarter))?;
    if !(half.is_complete() && quarter.is_complete()) {
        return Ok(None);
    }
    Ok(Some(SymmetryTypes::from_counts(
        n,
        total,
        unique,
        half.total,
        quarter.total,
    )?))
}
