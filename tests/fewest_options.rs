//! Stone and Stone, "Efficient search techniques: an empirical study of the N-Queens problem",
//! *IBM J. Res. Dev.* 31(4):464–474, 1987 (its abstract), claim (3): ordering the search by
//! fewest possible moves finds a first solution "very quickly for all N < 97". Our three
//! fewest-options searches, at every n they accept up to 96: `warnsdorff`'s `faithful` variant
//! (rows in order, the square leaving the fewest grandchildren first), `dlx` (the item with the
//! fewest options first) and `cp`'s `first-fail` (the row with the fewest values left first).
//!
//! Each finds a first solution at every n from 4 to its first-solution limit (75 for
//! `faithful`'s sure answers, 50 for `dlx`, 85 for `cp`); beyond those limits, which the
//! strategies set where the first search stops being quick, the claim does not hold for them
//! (measured by hand with the limits lifted, 10 s a board: `faithful` runs out of time at 13
//! sizes from 76 to 96, `dlx` at 30 from 64 on, `cp` at n = 86, 88, 91 and 93). About 4 s in
//! the `ci` profile.

use nqueens::core::{Config, Ended, Solver};

fn strategy(name: &str) -> &'static dyn Solver {
    let registry = Box::leak(Box::new(nqueens::registry()));
    registry.get(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Runs `name`'s `variant` for a first solution at every n of `sizes`; returns the nodes of
/// the largest search and the n it was at.
fn first_solutions(
    name: &str,
    variant: Option<&str>,
    sizes: std::ops::RangeInclusive<usize>,
) -> (u64, usize) {
    let config = Config {
        variant: variant.map(String::from),
        ..Config::default()
    };
    let solver = strategy(name);
    let mut worst = (0, 0);
    for n in sizes {
        let run = solver.first(n, &config).unwrap();
        assert_eq!(run.ended(), Ended::Satisfied, "{name} n = {n}");
        worst = worst.max((run.stats.nodes, n));
    }
    worst
}

#[test]
fn warnsdorff_faithful_finds_every_first_solution_up_to_75() {
    // Hui's fixed order: 6,104,882 nodes at n = 74 (its worst below 76).
    let worst = first_solutions("warnsdorff", Some("faithful"), 4..=75);
    assert_eq!(worst, (6_104_882, 74));
}

#[test]
fn dlx_finds_every_first_solution_up_to_50() {
    // 820,545 nodes at n = 48, its worst below 51.
    let worst = first_solutions("dlx", None, 4..=50);
    assert_eq!(worst, (820_545, 48));
}

#[cfg(feature = "cp")]
#[test]
fn cp_first_fail_finds_every_first_solution_up_to_85() {
    // 3,410 decisions at n = 81, its worst below 86.
    let worst = first_solutions("cp", Some("first-fail"), 4..=85);
    assert_eq!(worst, (3_410, 81));
}
