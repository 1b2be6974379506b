//! The literature, reproduced: every exact figure of the report's section *The literature,
//! reproduced* (`crates/nqueens-report/src/report/literature.rs`), checked against our
//! strategies. The statistical figures (hill climbing at n = 8, min-conflicts' repairs, the
//! 3,000,000 queens) are measured by the bench group `literature`, with their intervals.

use nqueens::core::{Config, Ended, Operation, Solver};

fn strategy(name: &str) -> &'static dyn Solver {
    let registry = Box::leak(Box::new(nqueens::registry()));
    registry.get(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Statistics on, so that `bitmask` keeps its nodes.
fn with_stats() -> Config {
    Config {
        stats: true,
        ..Config::default()
    }
}

/// OEIS A140450, n = 1..=33: the queens a lexicographic depth-first search places
/// tentatively before its first solution (Colin S. Pearson and Martin S. Pearson, 2008).
const A140450: [u64; 33] = [
    1, 6, 18, 26, 15, 171, 42, 876, 333, 975, 517, 3066, 1365, 26495, 20280, 160712, 91222, 743229,
    48184, 3992510, 179592, 38217905, 584591, 9878316, 1216775, 10339849, 12263400, 84175966,
    44434525, 1692888135, 408773285, 2799725104, 4618568460,
];

/// OEIS A141843, rows n = 1..=12: the lexicographically first solution, 1-based columns row
/// by row, zeros where none exists.
const A141843: [&str; 12] = [
    "1",
    "0 0",
    "0 0 0",
    "2 4 1 3",
    "1 3 5 2 4",
    "2 4 6 1 3 5",
    "1 3 5 7 2 4 6",
    "1 5 8 6 3 7 2 4",
    "1 3 6 8 2 4 9 7 5",
    "1 3 6 8 10 5 9 2 4 7",
    "1 3 5 7 9 11 2 4 6 8 10",
    "1 3 5 8 10 12 6 11 2 7 9 4",
];

/// A140450 from a first-solution run: Pearson's search tries every square of a row in order,
/// so each row it enters costs n tries, except the rows of the solution it stops in, which
/// cost their column + 1. Every placement below the last row enters a row (the first row is
/// entered once more at the start), and a safe placement in the last row is the solution:
/// tries = n · (1 + nodes - 1) - Σ (n - 1 - column) with a solution, n · (1 + nodes) without.
fn tentative_placements(n: usize, nodes: u64, solution: Option<&[u32]>) -> u64 {
    let n64 = n as u64;
    match solution {
        Some(columns) => n64 * nodes - columns.iter().map(|&c| n64 - 1 - u64::from(c)).sum::<u64>(),
        None => n64 * (1 + nodes),
    }
}

/// Our nodes count the queens placed on safe squares; A140450 counts every square tried.
/// Both searches reproduce every term they reach in a few seconds.
#[test]
fn lexicographic_backtracking_makes_the_oeis_a140450_placements() {
    for (name, largest) in [("vector", 28), ("bitmask", 31)] {
        let solver = strategy(name);
        for n in 1..=largest {
            let run = solver.first(n, &with_stats()).unwrap();
            let columns = run.solution().map(|s| s.columns());
            assert_eq!(
                tentative_placements(n, run.stats.nodes, columns),
                A140450[n - 1],
                "{name} n = {n}"
            );
        }
    }
}

#[test]
fn the_first_solution_is_oeis_a141843() {
    for name in ["vector", "bitmask"] {
        let solver = strategy(name);
        for (n, row) in (1..).zip(A141843) {
            let run = solver.first(n, &Config::default()).unwrap();
            let ours = match run.solution() {
                Some(s) => s.columns().iter().map(|c| (c + 1).to_string()).collect(),
                None => {
                    assert_eq!(run.ended(), Ended::Exhausted, "{name} n = {n}");
                    vec!["0".to_string(); n]
                }
            };
            assert_eq!(ours.join(" "), row, "{name} n = {n}");
        }
    }
}

/// AIMA (Russell and Norvig, 3rd ed. §3.2.1, 4th ed. §3.2.1): the incremental formulation
/// with the leftmost-column rule (a queen in the leftmost empty column, on a square no queen
/// attacks) has 2,057 states for 8-queens. They are the nodes of the whole backtracking tree,
/// the empty board included: our `nodes` count the queens placed, every node but the root.
#[test]
fn the_incremental_formulation_has_aima_s_2057_states() {
    for name in ["vector", "breadth"] {
        let run = strategy(name).count(8, &with_stats()).unwrap();
        assert_eq!(run.total, 92);
        assert_eq!(run.stats.nodes + 1, 2057, "{name}");
    }
    // The bitmask counter halves the tree by the mirror; its stream walks all of it.
    let mut listed = 0;
    let run = strategy("bitmask")
        .visit(8, &with_stats(), &mut |_| {
            listed += 1;
            std::ops::ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!((listed, run.stats.nodes + 1), (92, 2057));
}

/// Hui's essay (J Wiki, *N Queens Problem*): 92 solutions of 8-queens, 12 up to rotation and
/// reflection; `queensw 29` prints one solution, reproduced exactly by `warnsdorff`'s
/// `faithful` variant.
#[test]
fn hui_s_essay_figures_hold() {
    let run = strategy("symmetry").count(8, &Config::default()).unwrap();
    assert_eq!((run.total, run.unique), (92, Some(12)));
    let faithful = Config {
        variant: Some("faithful".into()),
        ..Config::default()
    };
    let run = strategy("warnsdorff").first(29, &faithful).unwrap();
    assert_eq!(
        run.solution().map(|s| s.to_string()).as_deref(),
        Some("0 4 8 12 2 17 21 25 10 14 6 22 26 7 15 19 23 27 1 5 28 9 3 20 11 24 16 18 13")
    );
    assert!(
        strategy("warnsdorff")
            .check(Operation::First, 29, &faithful)
            .is_ok()
    );
}
