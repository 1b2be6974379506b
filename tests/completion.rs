//! N-Queens completion: every strategy variant that honours given queens answers the same on
//! generated instances (satisfiable and not): the same completions listed, the same count, a
//! first solution exactly when one exists, and a proof of none from the complete ones.

use std::collections::BTreeSet;

use nqueens::backtrack::BitmaskSolver;
use nqueens::core::{Config, Ended, Given, Solver, Variant, validate_size};

/// Every (strategy, variant) of the registry that honours given queens.
fn honouring(registry: &nqueens::core::Registry) -> Vec<(&dyn Solver, &'static Variant)> {
    registry
        .iter()
        .flat_map(|solver| {
            solver
                .capabilities()
                .variants
                .iter()
                .filter(move |variant| variant.keeps_given)
                .map(move |variant| (solver, variant))
        })
        .collect()
}

fn config(variant: &Variant, given: &Given) -> Config {
    Config {
        variant: variant.name.map(str::to_string),
        given: Some(given.clone()),
        seed: Some(3),
        // Local search cannot prove "no completion": a small budget ends it on those.
        budget: (!variant.complete).then_some(20_000),
        ..Config::default()
    }
}

/// The completions of `given` on the `n × n` board, by bitmask, checked against the
/// validator and the given queens.
fn completions(n: usize, given: &Given) -> BTreeSet<Vec<u32>> {
    let plain = Config {
        given: Some(given.clone()),
        ..Config::default()
    };
    let (list, run) = BitmaskSolver.collect(n, &plain).unwrap();
    assert_eq!(run.ended, Ended::Exhausted);
    for columns in &list {
        validate_size(columns, n).unwrap();
        assert_eq!(given.missing_in(columns), None);
    }
    list.into_iter().collect()
}

/// Checks every honouring variant on one instance; returns whether it has a completion.
fn agree(n: usize, given: &Given) -> bool {
    let registry = nqueens::registry();
    let expected = completions(n, given);
    let label =
        |name: &str, variant: &Variant| format!("{name} {:?} n = {n} given {given}", variant.name);
    for (solver, variant) in honouring(&registry) {
        let config = config(variant, given);
        let label = label(solver.name(), variant);
        if variant.first.accepts(n) {
            let run = solver.first(n, &config).unwrap();
            match run.solution() {
                Some(solution) => assert!(expected.contains(solution.columns()), "{label}"),
                None if variant.complete => {
                    assert!(expected.is_empty(), "{label} missed a completion");
                    assert_eq!(run.ended(), Ended::Exhausted, "{label}");
                }
                None => assert_eq!(run.ended(), Ended::Budget, "{label}"),
            }
            if variant.complete {
                assert_eq!(run.solution().is_some(), !expected.is_empty(), "{label}");
            }
        }
        if variant.list.accepts(n) {
            let (list, run) = solver.collect(n, &config).unwrap();
            assert_eq!(run.ended, Ended::Exhausted, "{label}");
            let set: BTreeSet<Vec<u32>> = list.iter().cloned().collect();
            assert_eq!(set.len(), list.len(), "{label} repeats");
            assert_eq!(set, expected, "{label}");
        }
        if variant.count.accepts(n) {
            let run = solver.count(n, &config).unwrap();
            assert_eq!(
                (run.total, run.ended),
                (expected.len() as u64, Ended::Exhausted),
                "{label}"
            );
        }
    }
    !expected.is_empty()
}

#[test]
fn every_honouring_strategy_agrees_on_small_instances() {
    let (mut satisfiable, mut unsatisfiable) = (0, 0);
    for n in 4..=10 {
        for k in [1, n / 4, n / 3, n / 2] {
            for seed in 0..3 {
                let given = Given::random(n, k, seed).unwrap();
                if agree(n, &given) {
                    satisfiable += 1;
                } else {
                    unsatisfiable += 1;
                }
            }
        }
    }
    // The grid holds both kinds, so "no completion" is tested too.
    assert!(
        satisfiable > 10 && unsatisfiable > 10,
        "{satisfiable} / {unsatisfiable}"
    );
}

#[test]
fn complete_strategies_agree_on_larger_boards() {
    let registry = nqueens::registry();
    let (mut found, mut none) = (0, 0);
    for n in [16, 20, 24] {
        for k in [n / 4, n / 3, n / 2] {
            for seed in 0..2 {
                let given = Given::random(n, k, seed).unwrap();
                let mut answers = Vec::new();
                for name in ["bitmask", "dlx", "sat", "cp"] {
                    let solver = registry.get(name).unwrap();
                    let config = Config {
                        given: Some(given.clone()),
                        ..Config::default()
                    };
                    let run = solver.first(n, &config).unwrap();
                    assert!(run.ended().is_definite(), "{name} n = {n} given {given}");
                    answers.push((name, run.solution().is_some()));
                }
                assert!(
                    answers.iter().all(|&(_, a)| a == answers[0].1),
                    "n = {n} given {given}: {answers:?}"
                );
                if answers[0].1 { found += 1 } else { none += 1 }
            }
        }
    }
    assert!(found > 0 && none > 0, "{found} / {none}");
}

#[test]
fn all_queens_given_is_its_own_completion() {
    let given: Given = "1 3 0 2".parse().unwrap();
    for (solver, variant) in honouring(&nqueens::registry()) {
        let run = solver.first(4, &config(variant, &given)).unwrap();
        assert_eq!(
            run.solution().map(|s| s.to_string()).as_deref(),
            Some("1 3 0 2"),
            "{}",
            solver.name()
        );
    }
}

#[test]
fn min_conflicts_completes_a_larger_board_without_moving_given_queens() {
    let registry = nqueens::registry();
    let solver = registry.get("min-conflicts").unwrap();
    for seed in 0..3 {
        // A solution's first tenth, as given queens, always has a completion.
        let solution = registry
            .get("construction")
            .unwrap()
            .first(500, &Config::default())
            .unwrap()
            .into_solution()
            .unwrap();
        let given = Given::new(
            (0..500)
                .step_by(10)
                .map(|row| (row, solution.columns()[row]))
                .collect(),
        )
        .unwrap();
        let config = Config {
            given: Some(given.clone()),
            seed: Some(seed),
            ..Config::default()
        };
        let run = solver.first(500, &config).unwrap();
        let found = run
            .solution()
            .expect("a completion within the default budget");
        assert_eq!(given.missing_in(found.columns()), None);
    }
}
