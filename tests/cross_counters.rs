//! The two fast counters against each other, beyond the OEIS table each is checked against in
//! its own crate: a strategy crate depends on the core alone, so cross-strategy checks live here.

use nqueens::core::{Config, Solver};
use nqueens::quadrants::QuadrantsSolver;
use nqueens::symmetry::SymmetrySolver;

#[test]
fn quadrants_and_symmetry_agree_up_to_16() {
    let config = Config {
        threads: Some(2),
        ..Config::default()
    };
    for n in 1..=16 {
        let quadrants = QuadrantsSolver.count(n, &config).unwrap();
        let symmetry = SymmetrySolver.count(n, &config).unwrap();
        assert_eq!(quadrants.total, symmetry.total, "n = {n}");
    }
}
