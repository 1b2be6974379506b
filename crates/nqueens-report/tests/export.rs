//! The export checked against the run it came from: a synthetic bench run (criterion's files
//! and the statistics CSV, read back as the report reads them) is exported, and every measured
//! case, every value and every bound is found again in the files, in the JSON and the CSV alike.

use std::collections::BTreeMap;
use std::path::Path;

use nqueens_core::Stats;
use nqueens_report::export::{COUNTERS, Export, LATENCY, Metric};
use nqueens_report::{CaseRecord, CaseStatus, HEADER, Run, RunManifest, StatsFile, load};

use crate::common::{TempDir, fake_benchmark};

fn record(group: &str, id: &str, n: usize, seed: Option<u64>) -> CaseRecord {
    let mut r = CaseRecord::new(group, id, id, n, CaseStatus::Measured);
    r.seed = seed;
    r.run = "run-1".into();
    r
}

/// A bench run in `dir`: counting (nodes and heap), seeded first solutions (moves, no nodes),
/// a case over the budget, instruction counts and a run timed once (statistics only), and a
/// criterion result left by an earlier run. The criterion results' medians, by id.
fn bench_run(dir: &Path) -> BTreeMap<String, f64> {
    let criterion = dir.join("criterion");
    let mut stats = StatsFile::default();
    let mut medians = BTreeMap::new();
    let mut timed = |group: &str, id: &str, n: usize, nanos: f64| {
        fake_benchmark(&criterion, group, id, n, nanos, 0.03);
        medians.insert(format!("{group}/{id}/{n}"), nanos);
    };
    for n in [6usize, 8, 10] {
        timed("count_all", "bitmask", n, 1_000.0 * n as f64);
        let mut r = record("count_all", "bitmask", n, None);
        r.stats = Stats {
            nodes: 17 * n as u64,
            ..Stats::default()
        };
        r.heap_peak_bytes = 8 * n as u64;
        stats.records.push(r);
        timed("first_solution", "min-conflicts", n, 333.3 * n as f64);
        for seed in 1..=3 {
            let mut r = record("first_solution", "min-conflicts", n, Some(seed));
            r.stats = Stats {
                moves: seed * n as u64,
                ..Stats::default()
            };
            r.heap_peak_bytes = 100 * seed + n as u64;
            (r.allocations, r.allocated_bytes) = (seed, 40 * seed);
            stats.records.push(r);
        }
    }
    stats.records.push(CaseRecord::new(
        "count_all",
        "bitmask",
        "bitmask",
        12,
        CaseStatus::OverBudget,
    ));
    let mut kernel = record("instructions", "bitmask", 9, None);
    kernel.instructions = 8_238_869;
    stats.records.push(kernel);
    let mut once = record("once", "warnsdorff", 1_000, Some(1));
    once.stats.nodes = 1_000;
    once.heap_peak_bytes = 30_264;
    stats.records.push(once);
    // Criterion keeps what an earlier run wrote; the statistics do not list it.
    fake_benchmark(&criterion, "count_all", "vector", 8, 5e3, 0.03);
    stats.write(&dir.join("stats.csv")).unwrap();
    medians
}

/// The manifest of one run, started and ended at the given Unix times.
fn manifest(started: u64, finished: u64) -> RunManifest {
    RunManifest {
        runs: vec![Run {
            id: "run-1".into(),
            started,
            finished: Some(finished),
            ..Run::default()
        }],
        ..RunManifest::default()
    }
}

/// `column` of every measured statistics row of the case `group/id/n` (every seed), or
/// `group/id/n/seed`, read from the CSV text by the column's name; its zeros left out.
fn column_values(csv: &str, column: &str, case: &str) -> Vec<f64> {
    let at = HEADER.split(',').position(|c| c == column).unwrap();
    csv.lines()
        .filter(|line| !line.starts_with('#') && *line != HEADER)
        .map(|line| line.split(',').collect::<Vec<_>>())
        .filter(|cells| {
            let id = format!("{}/{}/{}", cells[1], cells[2], cells[5]);
            cells[8] == "ok" && (id == case || format!("{id}/{}", cells[6]) == case)
        })
        .map(|cells| cells[at].parse().unwrap())
        .filter(|v| *v != 0.0)
        .collect()
}

/// `a` and `b` hold the same benchmarks and measures, with the same figures to the last bit but
/// one: the JSON holds each figure's shortest exact decimal, which serde_json's default parser
/// (without its `float_roundtrip` feature) may read back one unit in the last place off.
fn assert_same(a: &Export, b: &Export) {
    let keys = |e: &Export| -> Vec<(String, String)> {
        e.benchmarks
            .iter()
            .flat_map(|(k, m)| m.keys().map(move |measure| (k.clone(), measure.clone())))
            .collect()
    };
    assert_eq!(keys(a), keys(b));
    let figures = |e: &Export| -> Vec<f64> {
        e.benchmarks
            .values()
            .flat_map(BTreeMap::values)
            .flat_map(|m| [m.value, m.lower_value, m.upper_value])
            .collect()
    };
    for (x, y) in figures(a).into_iter().zip(figures(b)) {
        assert!(
            (x - y).abs() <= 2.0 * f64::EPSILON * y.abs(),
            "{x} against {y}"
        );
    }
}

#[test]
fn the_export_holds_every_measured_case_with_the_runs_figures() {
    let dir = TempDir::new("export");
    let medians = bench_run(&dir.0);
    let (criterion, stats) = load(&dir.0.join("criterion"), &dir.0.join("stats.csv")).unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let export = Export::of_run(
        &criterion,
        stats.as_ref(),
        Some(&manifest(now - 60, now + 60)),
    );
    let csv_text = std::fs::read_to_string(dir.0.join("stats.csv")).unwrap();

    // Every case criterion timed in this run, with its median and interval in nanoseconds.
    for (case, nanos) in &medians {
        let latency = export.benchmarks[case][LATENCY];
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b;
        assert!(close(latency.value, *nanos), "{case}: {latency:?}");
        assert!(close(latency.lower_value, nanos * 0.97), "{case}");
        assert!(close(latency.upper_value, nanos * 1.03), "{case}");
    }
    // The statistics-only cases, and nothing else: not the leftover, not the case over budget.
    let mut cases: Vec<&str> = medians.keys().map(String::as_str).collect();
    cases.extend(["instructions/bitmask/9", "once/warnsdorff/1000/1"]);
    cases.sort();
    assert_eq!(export.benchmarks.keys().collect::<Vec<_>>(), cases);

    // Each counter is the median of its column over the case's rows, their range its bounds,
    // and absent where the column is 0.
    for (case, measures) in &export.benchmarks {
        for counter in &COUNTERS {
            let mut values = column_values(&csv_text, counter.column, case);
            values.sort_by(f64::total_cmp);
            let Some(metric) = measures.get(counter.measure) else {
                assert!(values.is_empty(), "{case} {}: {values:?}", counter.measure);
                continue;
            };
            let median = values[values.len() / 2];
            let expected = Metric {
                value: median,
                lower_value: values[0],
                upper_value: values[values.len() - 1],
            };
            assert_eq!(*metric, expected, "{case} {}", counter.measure);
        }
    }
    assert_eq!(
        export.benchmarks["first_solution/min-conflicts/8"]["peak-heap"],
        Metric {
            value: 208.0,
            lower_value: 108.0,
            upper_value: 308.0
        }
    );
    assert_eq!(
        export.benchmarks["first_solution/min-conflicts/8"]["allocated-bytes"].upper_value,
        120.0
    );
    assert!(!export.benchmarks["first_solution/min-conflicts/8"].contains_key("nodes"));
    assert_eq!(
        export.benchmarks["instructions/bitmask/9"]["instructions"].value,
        8_238_869.0
    );
    for metric in export.benchmarks.values().flat_map(BTreeMap::values) {
        assert!(metric.lower_value <= metric.value && metric.value <= metric.upper_value);
    }

    // The JSON parses back to the same results; the CSV says the same, row by row.
    let mut json = Vec::new();
    export.write_json(&mut json).unwrap();
    let back: Export = serde_json::from_slice(&json).unwrap();
    assert_same(&back, &export);
    let mut csv = Vec::new();
    export.write_csv(&mut csv).unwrap();
    assert!(csv.starts_with(b"benchmark,measure,value,lower,upper\n"));
    let rows: Vec<(String, String, f64, f64, f64)> = csv::Reader::from_reader(&csv[..])
        .deserialize()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        rows.len(),
        export.benchmarks.values().map(BTreeMap::len).sum::<usize>()
    );
    let mut from_csv: BTreeMap<String, BTreeMap<String, Metric>> = BTreeMap::new();
    for (benchmark, measure, value, lower_value, upper_value) in rows {
        let metric = Metric {
            value,
            lower_value,
            upper_value,
        };
        from_csv
            .entry(benchmark)
            .or_default()
            .insert(measure, metric);
    }
    assert_eq!(from_csv, export.benchmarks);

    // The files beside the report are the same two texts.
    let paths = export.write_files(&dir.0).unwrap();
    assert_eq!(std::fs::read(&paths[0]).unwrap(), json);
    assert_eq!(std::fs::read(&paths[1]).unwrap(), csv);
}

#[test]
fn results_written_outside_the_run_are_not_its_own() {
    let dir = TempDir::new("export-stale");
    bench_run(&dir.0);
    let (criterion, stats) = load(&dir.0.join("criterion"), &dir.0.join("stats.csv")).unwrap();
    // A run that ended long before criterion wrote its files: none of their times is its own.
    let export = Export::of_run(&criterion, stats.as_ref(), Some(&manifest(1_000, 2_000)));
    assert!(
        export
            .benchmarks
            .values()
            .all(|measures| !measures.contains_key(LATENCY))
    );
    // The counters stay, under criterion's ids.
    assert_eq!(export.benchmarks.len(), 8);
    assert_eq!(
        export.benchmarks["first_solution/min-conflicts/8"]["peak-heap"].value,
        208.0
    );
    // Without statistics every criterion result is the run's, with its time only.
    let export = Export::of_run(&criterion, None, None);
    assert_eq!(export.benchmarks.len(), 7);
    assert!(export.benchmarks.values().all(|m| m.len() == 1));
}
