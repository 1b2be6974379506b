//! Properties every registered strategy's solutions have: they validate, their symmetry images
//! are solutions, and the canonical form is idempotent and shared by the whole orbit.

use std::collections::BTreeSet;

use nqueens::core::{Config, Operation, Solution, Symmetry, known};
use proptest::prelude::*;

/// Every solution of `n` from the default lister.
fn solutions(n: usize) -> Vec<Solution> {
    let registry = nqueens::registry();
    let lister = registry.default_for(Operation::List, n).unwrap().solver;
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
