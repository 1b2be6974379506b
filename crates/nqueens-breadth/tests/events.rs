//! Breadth-first search's events replay to its first solution and its counters (issue #19).

use nqueens_breadth::BreadthSolver;
use nqueens_core::Config;
use nqueens_run::check_events;

#[test]
fn each_arrangement_is_shown_as_it_is_extended() {
    for n in [1, 4, 5, 6, 8, 9] {
        check_events(&BreadthSolver::new(), n, &Config::default()).unwrap();
    }
}
