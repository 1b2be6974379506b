//! The construction against the validator for every n in 4..=5000, and its answers for n <= 3
//! and beyond its limits.

use nqueens_construct::{ConstructionSolver, MAX_N};
use nqueens_core::{Config, Error, Solver, validate_size};

/// The columns the strategy answers for `n`, through the checked path; `None` when it finds
/// none or refuses `n`.
fn columns(n: usize) -> Option<Vec<u32>> {
    let run = ConstructionSolver.first(n, &Config::default()).ok()?;
    run.into_solution()
        .map(|solution| solution.columns().to_vec())
}

#[test]
fn every_n_up_to_5000_is_a_solution() {
    for n in 4..=5000 {
        let columns = columns(n).unwrap();
        assert_eq!(validate_size(&columns, n), Ok(()), "n = {n}");
    }
}

#[test]
fn large_boards_are_solutions() {
    for n in [65_536, 999_999, 1_000_000, 1_000_001, 1_000_002, 1_000_003] {
        assert_eq!(validate_size(&columns(n).unwrap(), n), Ok(()), "n = {n}");
    }
}

#[test]
fn first_answers_small_boards_from_the_known_facts() {
    let config = Config::default();
    assert_eq!(
        ConstructionSolver
            .first(1, &config)
            .unwrap()
            .into_solution(),
        Some("0".parse().unwrap())
    );
    for n in [2, 3] {
        let run = ConstructionSolver.first(n, &config).unwrap();
        assert!(run.proves_none(), "n = {n}: {:?}", run.ended());
    }
    assert_eq!(
        ConstructionSolver
            .first(6, &config)
            .unwrap()
            .into_solution(),
        Some("1 3 5 0 2 4".parse().unwrap())
    );
}

#[test]
fn first_reports_the_columns_it_holds() {
    let run = ConstructionSolver.first(1000, &Config::default()).unwrap();
    assert_eq!(run.stats.peak_bytes, 4000);
    assert_eq!(run.seed, None, "deterministic: no seed");
}

#[test]
fn refuses_beyond_its_limit() {
    assert!(matches!(
        ConstructionSolver.first(MAX_N + 1, &Config::default()),
        Err(Error::TooLarge { limit: MAX_N, .. })
    ));
    assert_eq!(columns(MAX_N + 1), None);
}
