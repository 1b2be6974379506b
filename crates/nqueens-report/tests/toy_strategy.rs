//! A strategy that exists only in the tests (`common::Toy`) shows up everywhere the workbench
//! compares strategies, with no edit anywhere else: `compare`'s tables, the bench's plan (what
//! `cargo bench -- --list` prints), a chart's legend and the report's tables. Everything that
//! lists strategies reads the registry it is given.

use std::time::Duration;

use nqueens_core::{
    Capabilities, Config, Limit, MemoryTrade, Operation, Reading, Tradeoff, Tradeoffs, Variant,
};
use nqueens_report::bench::{Budget, Mode, Plan, Profile, series};
use nqueens_report::compare::{self, run_job};
use nqueens_report::group::COUNT_ALL;
use nqueens_report::{
    CaseRecord, CaseStatus, CriterionData, Estimate, Family, Interval, ReportInput, StatsFile,
    project,
};
use nqueens_run::Registry;

use crate::common::{TempDir, Toy, write_readme};

const TOY: Variant = Variant {
    name: Some("plain"),
    summary: "a toy backtracker",
    complete: true,
    first: Limit::UpTo(9),
    list: Limit::UpTo(9),
    count: Limit::UpTo(9),
    ..Variant::BLANK
};

const TOY_TWICE: Variant = Variant {
    name: Some("twice"),
    ..TOY
};

/// The toy, a backtracker up to n = 9, in two variants.
fn registry() -> Registry {
    Toy::registry(&const { Capabilities::new(TOY.summary, &[TOY, TOY_TWICE]) })
}

#[test]
fn compare_tables_show_the_toy() {
    let registry = registry();
    let config = Config::default();
    let plan = compare::plan(&registry, &[compare::Job::Count], &[6, 8], &config);
    let ran = run_job(&registry, plan[0].clone(), &config, Duration::from_secs(5));
    let text = ran.write(&registry, &config);
    let rows: Vec<&str> = text.lines().filter(|l| l.contains("toy")).collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(
        rows[0].starts_with("6 ") && rows[0].ends_with(" 4"),
        "{text}"
    );
    assert!(
        rows[1].starts_with("8 ") && rows[1].ends_with(" 92"),
        "{text}"
    );
}

#[test]
fn the_bench_plans_every_variant_of_the_toy() {
    let registry = registry();
    let plan = Plan::for_profile(Mode::List, Profile::Default, None);
    let mut budget = Budget::new(false);
    for operation in [Operation::Count, Operation::First] {
        for series in series(&plan, &registry, operation) {
            budget.plan(&plan, &series.units(&plan, operation));
        }
    }
    let ids: Vec<String> = budget.ids().collect();
    for id in [
        "count_all/toy/8",
        "count_all/toy-twice/8",
        "first_solution/toy/8",
        "first_solution/toy-twice/8",
    ] {
        assert!(ids.iter().any(|i| i == id), "{id} not in the plan {ids:?}");
    }
    // Its limits decide its sizes: nothing past n = 9.
    assert!(!ids.iter().any(|id| id.ends_with("/10")), "{ids:?}");
}

/// An estimate of `nanos` at `group/function/n`.
fn estimate(group: &str, function: &str, n: usize, nanos: f64) -> Estimate {
    let interval = Interval {
        point: nanos,
        lower: nanos * 0.95,
        upper: nanos * 1.05,
    };
    Estimate {
        group: group.to_string(),
        function: function.to_string(),
        parameter: n.to_string(),
        median: interval,
        confidence: 0.95,
        samples: Vec::new(),
        written: None,
    }
}

/// The toy's counts at n = 4, 6, 8, its `twice` variant taking twice as long and holding a
/// tenth of the heap, as the bench would record them.
fn toy_counts() -> (CriterionData, StatsFile) {
    let mut criterion = CriterionData::default();
    let mut stats = StatsFile::default();
    for (label, variant, factor) in [("toy", "", 1.0), ("toy-twice", "twice", 2.0)] {
        for n in [4, 6, 8] {
            let nanos = factor * 1e3 * (n * n) as f64;
            criterion
                .estimates
                .push(estimate(COUNT_ALL, label, n, nanos));
            let mut record = CaseRecord::new(COUNT_ALL, label, "toy", n, CaseStatus::Measured);
            record.variant = variant.to_string();
            record.seconds = nanos * 1e-9;
            record.heap_peak_bytes = (1000.0 / factor / factor) as u64;
            stats.records.push(record);
        }
    }
    (criterion, stats)
}

#[test]
fn the_report_draws_and_tabulates_the_toy() {
    let registry = registry();
    let (criterion, stats) = toy_counts();
    let dir = TempDir::new("toy-report");
    let input = ReportInput {
        criterion,
        stats: Some(stats),
        generated: "2026-01-02 05:00 UTC".to_string(),
        strategies: Family::of_registry(&registry),
        ..ReportInput::default()
    };
    let out = dir.0.join("reports");
    let readme = write_readme(&input, &out);
    let chart = std::fs::read_to_string(out.join("count_all.svg")).expect("the chart");
    let legend: Vec<&str> = chart.lines().map(str::trim).collect();
    assert!(legend.contains(&"toy"), "the legend names toy:\n{chart}");
    assert!(legend.contains(&"toy-twice"), "the legend names toy-twice");
    for label in ["toy", "toy-twice"] {
        assert!(
            readme
                .lines()
                .any(|l| l.starts_with(&format!("| `{label}`"))
                    || l.starts_with(&format!("| {label} "))),
            "no table row for {label}:\n{readme}"
        );
    }
}

/// A sentence on a rival's time against ours.
const SAID: &str = "`{{ us.id }}` counts {{ (rival.time / us.time) | times(\"faster\", \
                    \"slower\") }} than `{{ rival.id }}` at n = {{ n }}";

/// `tradeoff`, on the toy's `twice` variant.
const fn twice(tradeoff: Tradeoff) -> Tradeoff {
    Tradeoff {
        variant: Some("twice"),
        ..tradeoff
    }
}

/// What the toy declares it trades against its own `twice` variant (the last test's toy).
const TRADES: Tradeoffs = Tradeoffs {
    sentences: &[
        Tradeoff::new("Toys", Reading::Count, &["toy-twice"], SAID),
        // No node counts in the run: left out, whether a filter or a sum needs them.
        twice(Tradeoff::new(
            "Toys",
            Reading::Count,
            &["toy"],
            "{{ us.nodes | count }}",
        )),
        twice(Tradeoff::new(
            "Toys",
            Reading::Count,
            &["toy"],
            "{{ us.nodes / 2 }}",
        )),
        // No first solutions in the run: left out.
        Tradeoff::new("Toys", Reading::First, &["toy-twice"], SAID),
        twice(Tradeoff::new(
            "Toys",
            Reading::Count,
            &["toy"],
            "`{{ us.id }}` takes {{ (us.time / rival.time) | fixed(1) }}× the time from n = \
             {{ from }}, {{ ratios | range }} as fast",
        )),
    ],
    memory: Some(MemoryTrade {
        against: "toy-twice",
        method: "hoarding",
        rival_method: "sharing",
    }),
    peer: None,
};

#[test]
fn the_report_says_what_the_toy_declares_it_trades() {
    let (criterion, stats) = toy_counts();
    let dir = TempDir::new("toy-trades");
    // The project README beside the report, with the tradeoffs' markers.
    let project = dir.0.join("README.md");
    let markers = format!(
        "{}\n{}\n",
        project::begin("tradeoffs"),
        project::end("tradeoffs")
    );
    std::fs::write(&project, markers).expect("the project README");
    let input = ReportInput {
        criterion,
        stats: Some(stats),
        generated: "2026-01-02 05:00 UTC".to_string(),
        strategies: Family::of_registry(&Toy::registry(
            &const { Capabilities::new(TOY.summary, &[TOY, TOY_TWICE]).tradeoffs(TRADES) },
        )),
        ..ReportInput::default()
    };
    let readme = write_readme(&input, &dir.0.join("reports"));
    let lines = [
        "- Hoarding beats sharing from n = 4: at n = 8 `toy` counts 2.0× faster than \
         `toy-twice` (17.8 h against 35.6 h; it holds 1000 B of heap where `toy-twice` holds \
         250 B; chart `memory.svg`).",
        "- Toys: `toy` counts 2.0× faster than `toy-twice` at n = 8; `toy-twice` takes 2.0× the \
         time from n = 8, 0× as fast.",
    ]
    .join("\n");
    assert!(
        readme.contains(&format!("## Summary\n\n{lines}\n")),
        "{readme}"
    );
    let project = std::fs::read_to_string(&project).expect("the project README");
    assert_eq!(
        project::block(&project, "tradeoffs"),
        Some(&*format!("\n{lines}\n"))
    );
}
