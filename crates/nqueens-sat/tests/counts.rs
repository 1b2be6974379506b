//! Every encoding against OEIS A000170 and the validator.

use std::collections::BTreeSet;

use nqueens_core::{Config, Ended, Solver, known, validate_size};
use nqueens_sat::{AtMostOne, SatSolver, encode};

const VARIANTS: [&str; 5] = ["pairwise", "ladder", "bitwise", "commander", "bimander"];

fn config(variant: &str) -> Config {
    Config {
        variant: Some(variant.into()),
        ..Config::default()
    }
}

#[test]
fn counts_match_oeis() {
    for variant in VARIANTS {
        for n in 1..=9 {
            let run = SatSolver.count(n, &config(variant)).unwrap();
            assert!(run.is_complete(), "{variant} n = {n}");
            assert_eq!(
                Some(run.total),
                known::all_solutions(n),
                "{variant} n = {n}"
            );
        }
    }
}

#[test]
fn listed_solutions_are_distinct_and_valid() {
    for variant in VARIANTS {
        for n in [4, 6, 8] {
            let (all, run) = SatSolver.collect(n, &config(variant)).unwrap();
            assert_eq!(run.ended, Ended::Exhausted);
            assert!(all.iter().all(|c| validate_size(c, n).is_ok()), "{variant}");
            let distinct: BTreeSet<_> = all.iter().collect();
            assert_eq!(distinct.len(), all.len(), "{variant} n = {n}");
            assert_eq!(Some(all.len() as u64), known::all_solutions(n));
            // Every solution after the first needed a conflict or more to leave the last.
            assert!(n < 8 || run.stats.backtracks > 0);
        }
    }
}

#[test]
fn no_solution_is_proven_for_2_and_3() {
    for variant in VARIANTS {
        for n in [2, 3] {
            assert!(SatSolver.first(n, &config(variant)).unwrap().proves_none());
        }
    }
}

#[test]
fn first_solutions_validate() {
    for variant in VARIANTS {
        for n in [1, 5, 16, 40] {
            let run = SatSolver.first(n, &config(variant)).unwrap();
            let solution = run.solution().expect("a solution exists");
            assert!(
                validate_size(solution.columns(), n).is_ok(),
                "{variant} n = {n}"
            );
        }
    }
}

#[test]
fn formula_sizes_follow_the_encodings() {
    // Pairwise: n² variables; C(k, 2) clauses for a line or diagonal of k squares, plus the 2n
    // at-least-one clauses. Each direction has two diagonals of each length k < n and one of
    // length n.
    let n = 8u64;
    let c2 = |k: u64| k * (k - 1) / 2;
    let diagonals = 2 * (2 * (2..n).map(c2).sum::<u64>() + c2(n));
    let pairwise = encode(8, AtMostOne::Pairwise).unwrap();
    assert_eq!(pairwise.variables, n * n);
    assert_eq!(pairwise.clauses, 2 * n + 2 * n * c2(n) + diagonals);
    // The others add variables and need far fewer clauses on large boards.
    for amo in [
        AtMostOne::Ladder,
        AtMostOne::Bitwise,
        AtMostOne::Commander,
        AtMostOne::Bimander,
    ] {
        let small = encode(8, amo).unwrap();
        assert!(small.variables > n * n, "{amo:?}");
        let large = encode(60, amo).unwrap();
        let large_pairwise = encode(60, AtMostOne::Pairwise).unwrap();
        assert!(large.clauses < large_pairwise.clauses / 2, "{amo:?}");
    }
}

#[test]
fn a_spent_budget_or_a_raised_flag_ends_the_run() {
    for variant in VARIANTS {
        let budget = Config {
            budget: Some(5),
            ..config(variant)
        };
        let run = SatSolver.count(8, &budget).unwrap();
        assert_eq!(run.ended, Ended::Budget, "{variant}");
        assert!(run.total < 92);
        let stopped = config(variant);
        stopped.stop.stop();
        assert_eq!(
            SatSolver.count(8, &stopped).unwrap().ended,
            Ended::Interrupted
        );
        assert_eq!(
            SatSolver.first(100, &stopped).unwrap().ended(),
            Ended::Interrupted
        );
    }
}

#[test]
fn a_flag_raised_mid_run_ends_it_within_milliseconds() {
    // A formula that takes seconds to solve; the flag goes up after 50 ms.
    let config = config("pairwise");
    let flag = config.stop.clone();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        flag.stop();
        std::time::Instant::now()
    });
    let run = SatSolver.first(150, &config).unwrap();
    let raised = raiser.join().unwrap();
    assert_eq!(run.ended(), Ended::Interrupted);
    // Milliseconds when the machine is idle; the bound leaves room for a loaded CI machine.
    assert!(raised.elapsed() < std::time::Duration::from_secs(1));
}
