//! The construction's events replay to its solution (issue #19): every row assigned, then
//! found; no search counter.

use nqueens_construct::ConstructionSolver;
use nqueens_core::Config;
use nqueens_run::check_events;

#[test]
fn the_formula_is_assigned_row_by_row() {
    // Each residue of n mod 6 (the formulas' cases), odd and even.
    for n in [1, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 20] {
        check_events(&ConstructionSolver, n, &Config::default()).unwrap();
    }
}
