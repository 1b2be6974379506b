//! What a strategy declares for the bench beyond its series, read from the registry alone: a
//! toy strategy that exists only in the tests (`common::Toy`) declares a C counterpart with
//! goals and two `once` sweeps, and the plan runs them with no edit anywhere else; what it
//! picked for the machine (a run's metadata) shows in the report's head.

use nqueens_core::{
    BenchExtra, Capabilities, Cost, CostModel, Counterpart, Limit, OnceSweep, Sizes, Variant,
};
use nqueens_report::bench::{Mode, Plan, Profile, Runner};
use nqueens_report::{Family, ReportInput, StatsFile};
use nqueens_run::Registry;

use crate::common::{TempDir, Toy, write_readme};

const TOY: Variant = Variant {
    summary: "a toy",
    complete: true,
    first: Limit::UpTo(20),
    count: Limit::UpTo(20),
    cost: Cost {
        count: CostModel::per_row(&[(8, 1e-3)], 10.0),
        ..Cost::UNKNOWN
    },
    ..Variant::BLANK
};

/// The toy, a counter and finder up to n = 20 that declares what the bench measures of it
/// (it is never run here).
fn registry() -> Registry {
    Toy::registry(
        &const {
            Capabilities::new(TOY.summary, &[TOY]).bench(&[
                BenchExtra::Yardstick(Counterpart {
                    program: "count",
                    threads: &[Some(1), Some(2)],
                    goals: Sizes {
                        test: &[18],
                        quick: &[],
                        full: &[18],
                    },
                }),
                BenchExtra::Once(OnceSweep {
                    from: 10,
                    to: 16,
                    seconds: 2.0,
                    full_only: false,
                }),
                BenchExtra::Once(OnceSweep {
                    from: 20,
                    to: 20,
                    seconds: 60.0,
                    full_only: true,
                }),
            ])
        },
    )
}

/// `label/n` of each yardstick case the plan of `profile` runs.
fn yardstick_ids(profile: Profile) -> Vec<String> {
    let plan = Plan::for_profile(Mode::List, profile, None);
    let registry = registry();
    let cases = plan.yardstick_cases(&registry);
    cases
        .iter()
        .map(|c| format!("{}/{}", c.label, c.n))
        .collect()
}

#[test]
fn the_toy_runs_beside_its_counterpart_then_alone_at_its_goals() {
    assert_eq!(
        yardstick_ids(Profile::Default),
        [
            "count.c/15",
            "toy-t1/15",
            "toy-t2/15",
            "permutations.c/11",
            "toy-t1/18",
            "toy-t2/18"
        ]
    );
    // The full profile also runs the counterparts once at n = 17; the quick one leaves the
    // goals out.
    assert!(yardstick_ids(Profile::Full).contains(&"toy-t2/17".to_string()));
    assert_eq!(
        yardstick_ids(Profile::Quick),
        ["count.c/14", "toy-t1/14", "toy-t2/14", "permutations.c/10"]
    );
}

#[test]
fn a_counterpart_row_costs_what_the_variant_declares() {
    let plan = Plan::for_profile(Mode::List, Profile::Default, None);
    let registry = registry();
    let cases = plan.yardstick_cases(&registry);
    let toy = cases.iter().find(|c| c.label == "toy-t2").expect("toy-t2");
    assert!(matches!(toy.runner, Runner::Solver(_, Some(2))));
    // Not resumable: its count does not split over threads, so every row costs the same.
    let expected = 1e-3 * 10f64.powi(15 - 8);
    assert!((toy.seconds().expect("a cost") - expected).abs() < 1e-6 * expected);
}

#[test]
fn the_toy_sweeps_run_as_each_profile_says() {
    let registry = registry();
    let sweeps = |profile| {
        let plan = Plan::for_profile(Mode::List, profile, None);
        let sweeps = plan.once_sweeps(&registry);
        let sizes: Vec<Vec<usize>> = sweeps.iter().map(|s| s.sizes.clone()).collect();
        sizes
    };
    assert_eq!(sweeps(Profile::Default), [(10..=16).collect::<Vec<_>>()]);
    assert_eq!(sweeps(Profile::Full), [(10..=16).collect(), vec![20]]);
    // The test profile: the sizes up to 12.
    assert_eq!(sweeps(Profile::Test), [vec![10, 11, 12]]);
}

#[test]
fn what_a_strategy_picked_for_the_machine_heads_the_report() {
    let stats = StatsFile {
        meta: vec![
            ("toy kernel".to_string(), "fast".to_string()),
            ("unknown kernel".to_string(), "slow".to_string()),
        ],
        ..StatsFile::default()
    };
    let dir = TempDir::new("bench-extras");
    let input = ReportInput {
        stats: Some(stats),
        generated: "2026-01-02 05:00 UTC".to_string(),
        strategies: vec![Family {
            name: "toy".to_string(),
            ..Family::default()
        }],
        ..ReportInput::default()
    };
    let readme = write_readme(&input, &dir.0.join("reports"));
    assert!(readme.contains("- **toy kernel:** fast"), "{readme}");
    // Only the registry's strategies' keys: another is not theirs to show.
    assert!(!readme.contains("unknown kernel"), "{readme}");
}
