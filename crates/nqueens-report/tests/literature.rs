//! *The literature, reproduced* as the README shows it: the exact rows with their verdicts
//! (their figures are tests of the strategy crates), and the rows one bench run each fills
//! (Knuth's 16-queens tree, Pearson's first solutions, Sosič and Gu's 500,000 queens), with
//! and without those runs.

use nqueens_core::{Figure, Measure, Runs, Stats};
use nqueens_report::{
    CaseRecord, CaseStatus, ReportInput, Reproduction, StatsFile, group::LITERATURE,
};

use crate::common::{TempDir, write_readme};

/// The README's literature section from a report of `records` alone.
fn literature_section(name: &str, records: Vec<CaseRecord>) -> String {
    let dir = TempDir::new(name);
    let input = ReportInput {
        stats: Some(StatsFile {
            meta: Vec::new(),
            records,
        }),
        generated: "2026-01-02 05:00 UTC".to_string(),
        literature: Reproduction::of_registry(&nqueens::registry()),
        ..ReportInput::default()
    };
    let readme = write_readme(&input, &dir.0.join("out"));
    let start = readme.find("## The literature, reproduced").unwrap();
    let end = readme[start..].find("## Validation floor").unwrap();
    readme[start..start + end].to_string()
}

/// The table row whose source or claim contains `key`.
fn row<'a>(section: &'a str, key: &str) -> &'a str {
    section
        .lines()
        .find(|line| line.starts_with('|') && line.contains(key))
        .unwrap_or_else(|| panic!("no row with {key:?} in\n{section}"))
}

fn run(id: &str, strategy: &str, n: usize, seconds: f64, result: &str) -> CaseRecord {
    let mut r = CaseRecord::new(LITERATURE, id, strategy, n, CaseStatus::Measured);
    r.seconds = seconds;
    r.result = result.to_string();
    r
}

#[test]
fn the_exact_rows_stand_with_their_verdicts() {
    let section = literature_section("literature-exact", Vec::new());
    for (key, verdict) in [
        (
            "1, 8, 42, 140, 344, 568, 550, 312, 92",
            "holds (exact; a test)",
        ),
        (
            "2,057, 8,394, 35,539, 166,926, 856,189",
            "holds (exact; a test)",
        ),
        ("15,720 squares examined", "holds (exact; a test)"),
        ("fitness 24, 23, 20, 11", "holds (exact; a test)"),
        ("31%, 29%, 26%, 14%", "holds (exact; a test)"),
        ("(1) a lexicographic search", "holds (exact; a test)"),
        (
            "(2) \"for most even N < 30\"",
            "holds narrowly (exact; a test)",
        ),
        ("(3) ordering by fewest", "differs: none is quick up to 96"),
    ] {
        assert!(row(&section, key).contains(verdict), "{key}: {section}");
    }
    assert!(row(&section, "31%, 29%").contains("76.3%, 20.6%, 3.0%, 0.1%"));
    assert!(row(&section, "15,720").contains("`vector` makes exactly these safety tests"));
    // Stone and Stone are checked now; Knuth's 1975 estimates are still not.
    let not_checked = section.split("Not checked").nth(1).unwrap();
    assert!(!not_checked.contains("Stone and Stone's first-solution effort"));
    assert!(not_checked.contains("Math. Comp. 29, 1975"));
    // Without the bench's runs, the rows they fill say so.
    for key in ["1,141,190,303", "n = 20 in 1 min 46 s", "up to 500,000"] {
        assert!(
            row(&section, key).contains("not run in this profile"),
            "{key}"
        );
    }
}

#[test]
fn the_bench_s_runs_fill_the_knuth_pearson_and_sosic_gu_rows() {
    let mut records = vec![run("bitmask-profile", "bitmask", 16, 6.5, "1141190303")];
    for (n, nodes, vector, bitmask) in [
        (20, 199_635, 0.053, 0.004),
        (22, 1_737_188, 0.4, 0.011),
        (24, 411_608, 0.1, 0.009),
    ] {
        for (id, seconds) in [("vector", vector), ("bitmask", bitmask)] {
            let mut r = run(id, id, n, seconds, "found");
            r.stats = Stats {
                nodes,
                ..Stats::default()
            };
            records.push(r);
        }
    }
    for (seed, seconds, moves) in [(1, 0.21, 14), (2, 0.16, 30), (3, 0.24, 22)] {
        let mut r = run("min-conflicts", "min-conflicts", 500_000, seconds, "found");
        r.seed = Some(seed);
        r.stats.moves = moves;
        records.push(r);
    }
    let section = literature_section("literature-runs", records);
    let knuth = row(&section, "1,141,190,303 nodes |");
    assert!(knuth.contains("| 1,141,190,303 nodes in 6.5 s"), "{knuth}");
    assert!(
        knuth.contains("holds (exact; also an ignored test)"),
        "{knuth}"
    );
    let pearson = row(&section, "n = 20 in 1 min 46 s");
    assert!(
        pearson.contains("`vector` 53 ms, `bitmask` 4 ms"),
        "{pearson}"
    );
    assert!(pearson.contains("199,635 nodes"), "{pearson}");
    assert!(pearson.contains("2,000× faster"), "{pearson}");
    assert!(row(&section, "n = 22 in 18 min 3 s").contains("1,737,188 nodes"));
    let sosic_gu = row(&section, "up to 500,000");
    assert!(
        sosic_gu.contains("160 ms–240 ms wall time, 14–30 repair moves, over 3 seeds"),
        "{sosic_gu}"
    );
    assert!(sosic_gu.contains("not the same work"), "{sosic_gu}");
    // A walk that did not finish is no total.
    let section = literature_section(
        "literature-interrupted",
        vec![run("bitmask-profile", "bitmask", 16, 1.0, "interrupted")],
    );
    let knuth = row(&section, "1,141,190,303 nodes |");
    assert!(knuth.contains("the walk ended: interrupted"), "{knuth}");
    assert!(knuth.ends_with("| differs |"), "{knuth}");
}

/// A declaration cannot name a variant its strategy lacks (its runs would silently never be
/// planned), nor a claim at a size no profile of the bench runs, nor a figure its runs do not
/// measure (a climb's measure of seeded runs; a tested figure of runs, or the reverse).
#[test]
fn every_declared_experiment_runs_a_variant_of_its_strategy_at_its_claims_sizes() {
    let registry = nqueens::registry();
    for solver in registry.iter() {
        let capabilities = solver.capabilities();
        for experiment in capabilities.literature {
            let name = solver.name();
            if let Some(variant) = experiment.variant {
                assert!(capabilities.named(variant).is_some(), "{name}: {variant}");
            }
            let runs = experiment.runs;
            for claim in experiment.claims {
                let (tested, figure) = (matches!(runs, Runs::Tested { .. }), claim.figure);
                let sizes = [experiment.sizes.quick, experiment.sizes.full];
                let run = sizes.iter().any(|s| s.contains(&claim.n));
                assert!(run || tested, "{name}: no profile runs n = {}", claim.n);
                let belongs = match figure {
                    Figure::Mean { of, .. } => match runs {
                        Runs::Climbs { .. } => of != Measure::Repairs,
                        Runs::Seeded => of == Measure::Repairs,
                        _ => false,
                    },
                    Figure::Tested { .. } => tested,
                    _ => !tested,
                };
                assert!(belongs, "{name}: {figure:?} is not a figure of {runs:?}");
            }
        }
    }
}

/// A strategy's first solution missing from a row of several (it failed, or ran past its
/// budget) is said in the row; the others' runs are still shown.
#[test]
fn a_missing_first_solution_leaves_the_others_in_the_row() {
    let mut vector = run("vector", "vector", 20, 0.053, "found");
    vector.stats.nodes = 199_635;
    let failed = run("bitmask", "bitmask", 20, 0.004, "ran past its budget");
    let section = literature_section("literature-missing", vec![vector, failed]);
    let pearson = row(&section, "n = 20 in 1 min 46 s");
    assert!(
        pearson.contains("`vector` 53 ms, `bitmask` not found (one run each)"),
        "{pearson}"
    );
    assert!(pearson.contains("; nodes: 199,635 |"), "{pearson}");
}
