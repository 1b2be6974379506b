//! A strategy that exists only in the tests (`common::Toy`) declares experiments of the
//! literature, and with no edit anywhere else the bench's `literature` group plans them (kind
//! by kind, at its sizes, under its labels) and the report sets its claims beside the runs.

use nqueens_core::{
    After, Capabilities, Claim, CostModel, Experiment, Figure, Limit, Measure, Runs, Sizes, Variant,
};
use nqueens_report::bench::{Budget, Mode, Plan, Profile, trials};
use nqueens_report::group::LITERATURE;
use nqueens_report::{CaseRecord, CaseStatus, ReportInput, Reproduction, StatsFile};
use nqueens_run::Registry;

use crate::common::{TempDir, Toy, write_readme};

const PLAIN: Variant = Variant {
    name: Some("plain"),
    first: Limit::UpTo(20),
    list: Limit::UpTo(20),
    ..Variant::BLANK
};

const TWICE: Variant = Variant {
    name: Some("twice"),
    ..PLAIN
};

const EXPERIMENTS: &[Experiment] = &[
    Experiment {
        variant: Some("twice"),
        runs: Runs::Seeded,
        sizes: Sizes::every(&[12]),
        cost: CostModel::power(&[(12, 0.01)], 1.0),
        claims: &[Claim {
            source: "Toy (2026)",
            claim: "about 10 repairs at n = 12",
            n: 12,
            figure: Figure::Mean {
                of: Measure::Repairs,
                published: 10.0,
                precision: 0.5,
                reason: "a toy",
            },
        }],
    },
    Experiment {
        variant: None,
        runs: Runs::TreeProfile,
        sizes: Sizes {
            test: &[4],
            quick: &[],
            full: &[10],
        },
        cost: CostModel::UNKNOWN,
        claims: &[Claim {
            source: "Toy (2026)",
            claim: "the 10-queens tree: 35,539 nodes",
            n: 10,
            figure: Figure::Exact {
                value: 35_539,
                holds: "holds",
            },
        }],
    },
    Experiment {
        variant: Some("plain"),
        runs: Runs::Climbs {
            what: "toy climbing",
        },
        sizes: Sizes::every(&[8]),
        cost: CostModel::UNKNOWN,
        claims: &[],
    },
    // Checked by a test of its own: nothing to plan, a row and a note in the report.
    Experiment::tested(
        After::FirstSolutions,
        "Toy's note, measured by hand.",
        &[Claim::tested(
            "Toy (2026), tested",
            "toy's exact figure",
            "the same",
            "holds (exact; a test)",
        )],
    ),
];

/// The toy, declaring [`EXPERIMENTS`] only: nothing here runs a search.
fn registry() -> Registry {
    Toy::registry(&const { Capabilities::new("a toy", &[PLAIN, TWICE]).literature(EXPERIMENTS) })
}

#[test]
fn the_literature_group_plans_the_toy_s_experiments() {
    let registry = registry();
    let plan = Plan::for_profile(Mode::List, Profile::Default, None);
    let cases = plan.cases(&registry);
    let mut budget = Budget::new(false);
    let units: Vec<_> = (trials(&plan, &cases).iter())
        .map(|t| t.unit(&plan))
        .collect();
    budget.plan(&plan, &units);
    let ids: Vec<String> = budget.ids().collect();
    // Kind by kind: climbs, seeded runs, tree profiles; each under its variant's label.
    assert_eq!(
        ids,
        [
            "literature/toy/8",
            "literature/toy-twice/12",
            "literature/toy-profile/10"
        ]
    );
    // Its costs: the seeded runs' model times the plan's seeds, the profile at the cap.
    let seeded = 0.01 * plan.seeds.len() as f64;
    assert!(budget.total() > seeded, "{}", budget.total());
}

#[test]
fn the_report_sets_the_toy_s_claims_beside_its_runs() {
    let mut records = Vec::new();
    for (seed, moves) in [(1, 9), (2, 11), (3, 10)] {
        let mut r = CaseRecord::new(LITERATURE, "toy-twice", "toy", 12, CaseStatus::Measured);
        r.variant = "twice".to_string();
        r.seed = Some(seed);
        r.result = "found".to_string();
        r.stats.moves = moves;
        records.push(r);
    }
    let dir = TempDir::new("toy-literature");
    let input = ReportInput {
        stats: Some(StatsFile {
            meta: Vec::new(),
            records,
        }),
        generated: "2026-01-02 05:00 UTC".to_string(),
        literature: Reproduction::of_registry(&registry()),
        ..ReportInput::default()
    };
    let readme = write_readme(&input, &dir.0.join("out"));
    let row = |key: &str| {
        readme
            .lines()
            .find(|l| l.starts_with("| Toy (2026)") && l.contains(key))
            .unwrap_or_else(|| panic!("no row {key:?} in\n{readme}"))
            .to_string()
    };
    let repairs = row("about 10 repairs");
    assert!(
        repairs.contains("| 10.0 (7.5–12.5) repair moves, mean over 3 seeds (`toy-twice`, n = 12) | holds within the interval |"),
        "{repairs}"
    );
    let tree = row("35,539 nodes");
    assert!(
        tree.contains("not run in this profile (the default and full profiles run it) | – |"),
        "{tree}"
    );
    assert!(readme.contains("Toy climbing has no published figure at n = 8."));
    let tested = row("toy's exact figure");
    assert!(
        tested.ends_with("| the same | holds (exact; a test) |"),
        "{tested}"
    );
    assert!(readme.contains("Toy's note, measured by hand."));
}
