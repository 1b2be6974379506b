//! Properties every registered strategy's solutions have: they validate, their symmetry images
//! are solutions, and the canonical form is idempotent and shared by the whole orbit.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use nqueens::core::{Config, Operation, Outcome, Solution, Symmetry, known};
use proptest::prelude::*;

/// Every solution of `n` from the default lister.
fn solutions(n: usize) -> Vec<Solution> {
    let registry = nqueens::registry();
    let lister = registry.default_for(Operation::List, n).unwrap();
    let (all, _) = lister.collect(n, &Config::default()).unwrap();
    all.into_iter()
        .map(|columns| Solution::from_columns(columns).unwrap())
        .collect()
}

proptest! {
    #[test]
    fn images_are_solutions_and_canonical_forms_agree(n in 4usize..=10, pick in any::<prop::sample::Index>()) {
        let all = solutions(n);
        let solution = pick.get(&all);
        let canonical = solution.canonical();
        prop_assert_eq!(canonical.canonical(), canonical.clone());
        for symmetry in Symmetry::ALL {
            let image = solution.transformed(symmetry);
            prop_assert!(nqueens::core::validate(image.columns()).is_ok());
            prop_assert!(all.contains(&image));
            prop_assert_eq!(image.canonical(), canonical.clone());
            prop_assert_eq!(image.orbit_size(), solution.orbit_size());
        }
    }
}

#[test]
fn orbits_add_up_to_the_known_counts() {
    for n in 1..=10 {
        let all = solutions(n);
        let classes: BTreeSet<Solution> = all.iter().map(Solution::canonical).collect();
        assert_eq!(Some(classes.len() as u64), known::unique_solutions(n));
        let orbit_total: usize = classes.iter().map(Solution::orbit_size).sum();
        assert_eq!(orbit_total, all.len());
    }
}

#[test]
fn every_strategy_agrees_with_oeis_and_validates() {
    let registry = nqueens::registry();
    for solver in registry.iter() {
        let caps = solver.capabilities();
        for n in 1..=9 {
            if caps.count.accepts(n) {
                let run = solver.count(n, &Config::default()).unwrap();
                assert_eq!(
                    Some(run.total),
                    known::all_solutions(n),
                    "{}",
                    solver.name()
                );
            }
            if caps.list.accepts(n) {
                solver
                    .visit(n, &Config::default(), &mut |c| {
                        nqueens::core::validate_size(c, n).unwrap();
                        ControlFlow::Continue(())
                    })
                    .unwrap();
            }
            if caps.first.accepts(n) {
                let config = Config {
                    seed: Some(7),
                    ..Config::default()
                };
                match solver.first(n, &config).unwrap().outcome {
                    Outcome::Found(s) => assert_eq!(s.n(), n),
                    Outcome::NoSolution => assert_eq!(known::all_solutions(n), Some(0)),
                    Outcome::Stopped(reason) => panic!("{} stopped: {reason}", solver.name()),
                }
            }
        }
    }
}
