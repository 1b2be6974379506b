//! The permutation walk's events replay to its first solution (issue #19): each permutation
//! examined is drawn by assigning the rows the step rewrote; no search counter.

use nqueens_core::Config;
use nqueens_permute::PermutationSolver;
use nqueens_run::check_events;

#[test]
fn each_permutation_is_drawn() {
    for n in [1, 4, 5, 6, 8, 9] {
        check_events(&PermutationSolver, n, &Config::default()).unwrap();
    }
}
