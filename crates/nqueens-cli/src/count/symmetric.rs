//! The words of `count --symmetric half|quarter`, and the symmetry types that
//! `count --unique --json` adds.

use nqueens::core::Turn;
use nqueens::count::SymmetryTypes;
use serde::Serialize;

/// The turn `--symmetric` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TurnArg {
    /// Invariant under a half turn: P(n), OEIS A032522.
    Half,
    /// Invariant under a quarter turn: R(n), OEIS A033148.
    Quarter,
}

impl From<TurnArg> for Turn {
    fn from(turn: TurnArg) -> Turn {
        match turn {
            TurnArg::Half => Turn::Half,
            TurnArg::Quarter => Turn::Quarter,
        }
    }
}

/// The classes of a count by orbit size, and P and R, as `count --unique --json` adds them.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TypesReport {
    /// P: solutions a half turn maps onto themselves.
    half_turn: u64,
    /// R: solutions a quarter turn maps onto themselves.
    quarter_turn: u64,
    /// Classes by the number of solutions in them.
    classes_by_orbit: Orbits,
}

#[derive(Clone, Copy, Debug, Serialize)]
struct Orbits {
    #[serde(rename = "8")]
    eight: u64,
    #[serde(rename = "4")]
    four: u64,
    #[serde(rename = "2")]
    two: u64,
    #[serde(rename = "1")]
    one: u64,
}

impl From<SymmetryTypes> for TypesReport {
    fn from(types: SymmetryTypes) -> TypesReport {
        TypesReport {
            half_turn: types.half_turn,
            quarter_turn: types.quarter_turn,
            classes_by_orbit: Orbits {
                eight: types.classes_of_8,
                four: types.classes_of_4,
                two: types.classes_of_2,
                one: types.classes_of_1,
            },
        }
    }
}
