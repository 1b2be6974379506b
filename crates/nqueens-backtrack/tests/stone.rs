//! Harold S. Stone and Janice M. Stone, "Efficient search techniques: an empirical study of
//! the N-Queens problem", *IBM J. Res. Dev.* 31(4):464–474, 1987 (its abstract): (1) the effort
//! of a lexicographic search for a first solution grows exponentially with N; (2) "for most
//! even N < 30", searching lexicographically for a solution of N + 1 and removing its corner
//! queen is 2 to 70 times faster. Checked with our lexicographic search (`bitmask`, which
//! makes OEIS A140450's tentative placements exactly: the root package's `tests/literature.rs`)
//! on every even N from 4 to 28, in under a second in the `ci` profile.

use nqueens_backtrack::BitmaskSolver;
use nqueens_core::{Config, FirstRun, Solver, validate_size};

/// OEIS A140450, n = 1..=33: the queens a lexicographic depth-first search places tentatively
/// (every square tried) before its first solution (Colin S. Pearson and Martin S. Pearson,
/// 2008).
const A140450: [u64; 33] = [
    1, 6, 18, 26, 15, 171, 42, 876, 333, 975, 517, 3066, 1365, 26495, 20280, 160712, 91222, 743229,
    48184, 3992510, 179592, 38217905, 584591, 9878316, 1216775, 10339849, 12263400, 84175966,
    44434525, 1692888135, 408773285, 2799725104, 4618568460,
];

fn first(n: usize) -> FirstRun {
    let config = Config {
        stats: true,
        ..Config::default()
    };
    BitmaskSolver.first(n, &config).unwrap()
}

/// The squares a first-solution run tried, as A140450 counts them: `n` per row entered, less
/// the squares right of the solution's queens (see the root package's `tests/literature.rs`).
fn squares_tried(n: usize, run: &FirstRun) -> u64 {
    let n64 = n as u64;
    let columns = run.solution().unwrap().columns();
    n64 * run.stats.nodes - columns.iter().map(|&c| n64 - 1 - u64::from(c)).sum::<u64>()
}

/// Each even N of 4..=28: the squares tried for N's first solution, and for N + 1's.
fn efforts() -> Vec<(usize, u64, u64)> {
    (4..=28)
        .step_by(2)
        .map(|n| {
            let (even, odd) = (first(n), first(n + 1));
            // The odd board's first solution has its first queen in the corner: the others
            // then fill rows and columns 1..=N, none on the corner's diagonal, so removing it
            // leaves a solution of N.
            let columns = odd.solution().unwrap().columns();
            assert_eq!(columns[0], 0, "N + 1 = {}", n + 1);
            let reduced: Vec<u32> = columns[1..].iter().map(|c| c - 1).collect();
            validate_size(&reduced, n).unwrap();
            (n, squares_tried(n, &even), squares_tried(n + 1, &odd))
        })
        .collect()
}

#[test]
fn the_corner_trick_is_2_to_70_times_faster_for_7_of_the_13_even_n_from_4_to_28() {
    let efforts = efforts();
    for &(n, even, odd) in &efforts {
        assert_eq!((even, odd), (A140450[n - 1], A140450[n]), "N = {n}");
    }
    let ratio = |&(_, even, odd): &(usize, u64, u64)| even as f64 / odd as f64;
    let within: Vec<usize> = efforts
        .iter()
        .filter(|e| (2.0..=70.0).contains(&ratio(e)))
        .map(|e| e.0)
        .collect();
    assert_eq!(within, [6, 8, 12, 18, 20, 22, 24]);
    // Faster at every even N but 26 (12,263,400 squares against 10,339,849: 0.84); at
    // most 65.4 times (N = 22: 38,217,905 against 584,591).
    let slower: Vec<usize> = efforts
        .iter()
        .filter(|e| ratio(e) <= 1.0)
        .map(|e| e.0)
        .collect();
    assert_eq!(slower, [26]);
    let best = efforts.iter().map(ratio).fold(0.0, f64::max);
    assert!((best - 65.376).abs() < 1e-3, "{best}");
}

#[test]
fn the_lexicographic_effort_grows_exponentially() {
    // Least squares of ln(squares tried) on n, n = 4..=31 (every size our search reaches in
    // seconds): a factor of 1.868 per queen, and a line that explains 93.7% of the spread
    // though the effort jumps up and down from one n to the next.
    let points: Vec<(f64, f64)> = (4..=31)
        .map(|n| (n as f64, (squares_tried(n, &first(n)) as f64).ln()))
        .collect();
    let count = points.len() as f64;
    let (mean_n, mean_ln) = (
        points.iter().map(|p| p.0).sum::<f64>() / count,
        points.iter().map(|p| p.1).sum::<f64>() / count,
    );
    let spread_n: f64 = points.iter().map(|p| (p.0 - mean_n).powi(2)).sum();
    let spread_ln: f64 = points.iter().map(|p| (p.1 - mean_ln).powi(2)).sum();
    let covariance: f64 = points
        .iter()
        .map(|p| (p.0 - mean_n) * (p.1 - mean_ln))
        .sum();
    let slope = covariance / spread_n;
    let explained = covariance * covariance / (spread_n * spread_ln);
    assert!((slope.exp() - 1.8678).abs() < 1e-4, "{}", slope.exp());
    assert!((explained - 0.9367).abs() < 1e-4, "{explained}");
}
