//! The direct counts of symmetric solutions against OEIS and against brute force, and
//! Burnside's identity on the symmetry counter's runs.

use nqueens::count::{BurnsideMismatch, SymmetryTypes};
use nqueens::symmetry::SymmetrySolver;
use nqueens_core::{Config, CountRun, Ended, Error, Solver, StopFlag, Symmetry, Turn, known};

/// The symmetric solutions of `n` under `turn`, through the checked path.
fn count_symmetric(n: usize, turn: Turn, config: &Config) -> Result<CountRun, Error> {
    let config = Config {
        symmetric: Some(turn),
        ..config.clone()
    };
    SymmetrySolver.count(n, &config)
}

/// Burnside's check of a count, with the workspace's registry.
fn symmetry_types(
    n: usize,
    total: u64,
    unique: u64,
    config: &Config,
) -> Result<Option<SymmetryTypes>, nqueens::count::CountError> {
    nqueens::count::symmetry_types(&nqueens::registry(), n, total, unique, config)
}

/// P(n), solutions invariant under a half turn, n = 1..=27: OEIS A032522
/// (<https://oeis.org/A032522>).
const HALF_TURN: [u64; 27] = [
    1, 0, 0, 2, 2, 4, 8, 4, 16, 12, 48, 80, 136, 420, 1240, 3000, 8152, 18104, 44184, 144620,
    375664, 1250692, 3581240, 11675080, 34132592, 115718268, 320403024,
];

/// R(n), solutions invariant under a quarter turn, n = 1..=41: OEIS A033148
/// (<https://oeis.org/A033148>); zero unless n = 0 or 1 (mod 4).
const QUARTER_TURN: [u64; 41] = [
    1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0, 64, 128, 0, 0, 480, 704, 0, 0, 3328, 3264, 0, 0,
    32896, 43776, 0, 0, 406784, 667904, 0, 0, 5845504, 8650752, 0, 0, 77184000, 101492736,
];

fn count(n: usize, turn: Turn) -> u64 {
    let run = count_symmetric(n, turn, &Config::default()).unwrap();
    assert_eq!(run.ended, Ended::Exhausted);
    run.total
}

/// R up to n = 33 takes well under a second; larger boards are measured by hand.
#[test]
fn quarter_turns_match_oeis_up_to_33() {
    for n in 1..=33 {
        assert_eq!(count(n, Turn::Quarter), QUARTER_TURN[n - 1], "R({n})");
    }
}

/// P up to n = 20 takes a fraction of a second (n = 24, about 8 s, is measured by hand).
#[test]
fn half_turns_match_oeis_up_to_20() {
    for n in 1..=20 {
        assert_eq!(count(n, Turn::Half), HALF_TURN[n - 1], "P({n})");
    }
}

/// Every solution by plain backtracking, for the brute-force cross-check.
fn all_solutions(n: usize) -> Vec<Vec<u32>> {
    fn extend(n: usize, board: &mut Vec<u32>, found: &mut Vec<Vec<u32>>) {
        if board.len() == n {
            found.push(board.clone());
            return;
        }
        let row = board.len();
        for column in 0..n as u32 {
            let safe = board
                .iter()
                .enumerate()
                .all(|(r, &c)| c != column && c.abs_diff(column) as usize != row - r);
            if safe {
                board.push(column);
                extend(n, board, found);
                board.pop();
            }
        }
    }
    let mut found = Vec::new();
    extend(n, &mut Vec::new(), &mut found);
    found
}

#[test]
fn direct_counts_agree_with_filtering_every_solution() {
    for n in 1..=10 {
        let solutions = all_solutions(n);
        let fixed = |g: Symmetry| solutions.iter().filter(|s| g.apply(s) == **s).count() as u64;
        assert_eq!(count(n, Turn::Half), fixed(Symmetry::Rotate180), "P({n})");
        assert_eq!(count(n, Turn::Quarter), fixed(Symmetry::Rotate90), "R({n})");
    }
}

/// The symmetry counter's runs, checked as `nqueens count` checks them.
#[test]
fn the_counter_satisfies_burnside_up_to_14() {
    for n in 1..=14 {
        let run = SymmetrySolver.count(n, &Config::default()).unwrap();
        let unique = run.unique.unwrap();
        let types = symmetry_types(n, run.total, unique, &Config::default())
            .unwrap()
            .unwrap();
        assert_eq!(
            types.classes_of_8 + types.classes_of_4 + types.classes_of_2 + types.classes_of_1,
            unique,
            "n = {n}"
        );
        assert_eq!(
            8 * types.classes_of_8
                + 4 * types.classes_of_4
                + 2 * types.classes_of_2
                + types.classes_of_1,
            run.total,
            "n = {n}"
        );
    }
}

/// The identity with the published A000170 and A002562 and the direct counts up to n = 23,
/// and with the published P and R up to n = 27 (where A000170 is tabulated).
#[test]
fn the_oeis_tables_satisfy_burnside() {
    for n in 1..=27 {
        let (total, unique) = (
            known::all_solutions(n).unwrap(),
            known::unique_solutions(n).unwrap(),
        );
        let published =
            SymmetryTypes::from_counts(n, total, unique, HALF_TURN[n - 1], QUARTER_TURN[n - 1]);
        assert!(published.is_ok(), "n = {n}");
        if n <= 23 {
            let direct = symmetry_types(n, total, unique, &Config::default()).unwrap();
            assert_eq!(direct, Some(published.unwrap()), "n = {n}");
        }
    }
}

#[test]
fn a_count_that_breaks_the_identity_is_an_error() {
    let wrong = [
        (8, 92, 13, 4, 0),        // one class too many
        (8, 93, 12, 4, 0),        // one solution too many
        (12, 14200, 1787, 80, 0), // R lost: the classes no longer come out whole
        (1, 1, 1, 1, 0),
    ];
    for (n, total, unique, half, quarter) in wrong {
        assert!(matches!(
            SymmetryTypes::from_counts(n, total, unique, half, quarter),
            Err(BurnsideMismatch { .. })
        ));
    }
    let message = SymmetryTypes::from_counts(8, 92, 13, 4, 0)
        .unwrap_err()
        .to_string();
    assert!(message.contains("Burnside"), "{message}");
}

#[test]
fn every_thread_count_gives_the_same_counts() {
    for threads in 1..=3 {
        let config = Config {
            threads: Some(threads),
            ..Config::default()
        };
        assert_eq!(
            count_symmetric(28, Turn::Quarter, &config).unwrap().total,
            32896
        );
        assert_eq!(
            count_symmetric(17, Turn::Half, &config).unwrap().total,
            8152
        );
    }
}

#[test]
fn a_raised_stop_flag_ends_the_count_and_leaves_it_unchecked() {
    let config = Config {
        stop: StopFlag::new(),
        ..Config::default()
    };
    config.stop.stop();
    let run = count_symmetric(32, Turn::Quarter, &config).unwrap();
    assert!(!run.is_complete());
    assert!(run.total < 406784);
    assert!(matches!(symmetry_types(12, 14200, 1787, &config), Ok(None)));
}

#[test]
fn sizes_are_checked() {
    let turned = |turn| Config {
        symmetric: Some(turn),
        ..Config::default()
    };
    assert!(matches!(
        SymmetrySolver.plan(0, &turned(Turn::Half)),
        Err(Error::ZeroSize)
    ));
    assert!(matches!(
        SymmetrySolver.plan(65, &turned(Turn::Quarter)),
        Err(Error::TooLarge { limit: 64, .. })
    ));
    // The widest board is planned (not counted: that would take ages).
    for turn in [Turn::Half, Turn::Quarter] {
        assert!(SymmetrySolver.plan(64, &turned(turn)).is_ok());
    }
    // Strategies without a symmetric count refuse the turn; no strategy takes it to list.
    let registry = nqueens::registry();
    let bitmask = registry.get("bitmask").unwrap();
    assert!(matches!(
        bitmask.count(8, &turned(Turn::Half)),
        Err(Error::Unsupported { .. })
    ));
    assert!(matches!(
        bitmask.first(8, &turned(Turn::Half)),
        Err(Error::Unsupported { .. })
    ));
}
