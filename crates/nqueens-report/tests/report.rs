//! The report from a synthetic criterion tree, from a malformed one, and from a real (tiny)
//! criterion run: every chart exists, is well-formed SVG or PNG, and names every strategy.

use std::path::{Path, PathBuf};
use std::time::Duration;

use nqueens_core::{Config, Solver, Stats};
use nqueens_report::{
    BoardPicture, CaseRecord, CaseStatus, ReportError, ReportInput, ReportOptions, StatsFile, load,
    read_criterion, write_report,
};

/// A fresh directory under the system temp dir, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let path =
            std::env::temp_dir().join(format!("nqueens-report-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        Self(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes the two files criterion 0.8 leaves for one benchmark.
fn fake_benchmark(root: &Path, group: &str, function: &str, n: usize, nanos: f64) {
    let dir = root
        .join(group)
        .join(function)
        .join(n.to_string())
        .join("new");
    std::fs::create_dir_all(&dir).unwrap();
    let benchmark = format!(
        r#"{{"group_id":"{group}","function_id":"{function}","value_str":"{n}","throughput":{{"Elements":{n}}},"full_id":"{group}/{function}/{n}","directory_name":"{group}/{function}/{n}","title":"{group}/{function}/{n}"}}"#
    );
    let interval = |point: f64| {
        format!(
            r#"{{"confidence_interval":{{"confidence_level":0.95,"lower_bound":{},"upper_bound":{}}},"point_estimate":{point},"standard_error":1.0}}"#,
            point * 0.95,
            point * 1.05
        )
    };
    let estimates = format!(
        r#"{{"mean":{},"median":{},"median_abs_dev":{},"slope":null,"std_dev":{}}}"#,
        interval(nanos),
        interval(nanos),
        interval(nanos / 10.0),
        interval(nanos / 10.0)
    );
    std::fs::write(dir.join("benchmark.json"), benchmark).unwrap();
    std::fs::write(dir.join("estimates.json"), estimates).unwrap();
}

fn record(group: &str, id: &str, n: usize, seed: Option<u64>, stats: Stats) -> CaseRecord {
    let mut r = CaseRecord::new(group, id, id, n, CaseStatus::Measured);
    r.seed = seed;
    r.stats = stats;
    r.seconds = 1e-6 * n as f64 * seed.map_or(1.0, |s| 1.0 + s as f64 / 10.0);
    r.heap_peak_bytes = 64 * n as u64;
    r
}

fn synthetic(root: &Path) -> StatsFile {
    let mut stats = StatsFile::default();
    stats.meta.push(("cpu".into(), "Test CPU 3000".into()));
    stats.meta.push(("cores".into(), "2".into()));
    stats
        .meta
        .push(("date".into(), "2026-01-02 03:04 UTC".into()));
    stats.meta.push(("mode".into(), "quick".into()));
    for n in 4..=12usize {
        let grow = 6f64.powi(n as i32 - 4);
        fake_benchmark(root, "count_all", "bitmask", n, 100.0 * grow);
        fake_benchmark(root, "count_all", "vector", n, 400.0 * grow);
        let nodes = Stats {
            nodes: (10.0 * grow) as u64,
            backtracks: (3.0 * grow) as u64,
            ..Stats::default()
        };
        stats
            .records
            .push(record("count_all", "bitmask", n, None, nodes));
        stats
            .records
            .push(record("count_all", "vector", n, None, nodes));
        if n <= 10 {
            fake_benchmark(
                root,
                "count_all",
                "permutation",
                n,
                300.0 * grow * 1.5f64.powi(n as i32),
            );
            let examined = Stats {
                examined: (1..=n as u64).product(),
                ..Stats::default()
            };
            stats
                .records
                .push(record("count_all", "permutation", n, None, examined));
        }
    }
    let mut over = CaseRecord::new(
        "count_all",
        "permutation",
        "permutation",
        11,
        CaseStatus::OverBudget,
    );
    over.seconds = 6.5;
    stats.records.push(over);
    stats.records.push(CaseRecord::new(
        "count_all",
        "permutation",
        "permutation",
        12,
        CaseStatus::Skipped,
    ));
    for n in [8usize, 100, 1_000, 10_000, 100_000, 1_000_000] {
        fake_benchmark(root, "first_solution", "min-conflicts", n, 50.0 * n as f64);
        fake_benchmark(
            root,
            "first_solution",
            "warnsdorff-faithful",
            n,
            80.0 * n as f64,
        );
        fake_benchmark(root, "validate", "validate", n, 2.0 * n as f64);
        for seed in [1, 2, 3] {
            let moves = Stats {
                moves: (n as u64) / 2 + seed * 7,
                initial_conflicts: n as u64 / 3,
                ..Stats::default()
            };
            stats.records.push(record(
                "first_solution",
                "min-conflicts",
                n,
                Some(seed),
                moves,
            ));
        }
        let nodes = Stats {
            nodes: n as u64,
            ..Stats::default()
        };
        stats.records.push(record(
            "first_solution",
            "warnsdorff-faithful",
            n,
            None,
            nodes,
        ));
    }
    fake_benchmark(root, "yardstick", "count.c", 16, 4.0e9);
    fake_benchmark(root, "yardstick", "symmetry-t2", 16, 1.0e9);
    let mut once = CaseRecord::new("yardstick", "count.c", "count.c", 17, CaseStatus::Measured);
    once.seconds = 30.0;
    stats.records.push(once);
    let mut once = CaseRecord::new(
        "yardstick",
        "symmetry-t2",
        "symmetry",
        17,
        CaseStatus::Measured,
    );
    once.seconds = 7.5;
    stats.records.push(once);
    stats
}

/// Checks that `path` is a complete SVG or PNG file that names every label.
fn assert_picture(path: &Path, labels: &[&str]) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match path.extension().and_then(|e| e.to_str()) {
        Some("svg") => {
            let text = String::from_utf8(bytes).expect("SVG is UTF-8");
            let start = text.find("<svg").expect("an <svg element");
            assert!(
                text[start..].trim_end().ends_with("</svg>"),
                "{} is not closed",
                path.display()
            );
            for label in labels {
                assert!(
                    text.contains(label),
                    "{} does not name {label}",
                    path.display()
                );
            }
        }
        Some("png") => {
            assert_eq!(
                &bytes[..8],
                b"\x89PNG\r\n\x1a\n",
                "{} is not a PNG",
                path.display()
            );
            assert_eq!(
                &bytes[bytes.len() - 8..bytes.len() - 4],
                b"IEND",
                "{} is truncated",
                path.display()
            );
        }
        other => panic!("unexpected picture {other:?}"),
    }
}

#[test]
fn synthetic_tree_gives_every_chart_board_and_table() {
    let dir = TempDir::new("synthetic");
    let criterion = dir.0.join("criterion");
    let stats = synthetic(&criterion);
    let stats_path = dir.0.join("stats.csv");
    stats.write(&stats_path).unwrap();
    let (criterion, stats) = load(&criterion, &stats_path).unwrap();
    assert_eq!(criterion.warnings, Vec::<String>::new());
    let out = dir.0.join("out");
    let input = ReportInput {
        criterion,
        stats,
        machine: None,
        generated: "2026-01-02 05:00 UTC".to_string(),
        boards: vec![
            BoardPicture {
                columns: vec![0, 4, 7, 5, 2, 6, 1, 3],
                strategy: "bitmask".into(),
            },
            BoardPicture {
                columns: vec![1, 3, 0, 2],
                strategy: "vector".into(),
            },
        ],
        commands: vec!["cargo bench --bench compare -- --quick".to_string()],
    };
    let summary = write_report(
        &input,
        &ReportOptions {
            out: out.clone(),
            png: true,
        },
    )
    .unwrap();
    assert!(summary.warnings.is_empty(), "{:?}", summary.warnings);

    assert_picture(
        &out.join("count_all.svg"),
        &[
            "bitmask",
            "vector",
            "permutation",
            "Test CPU 3000, 2 cores",
            "2026-01-02",
        ],
    );
    assert_picture(
        &out.join("first_solution.svg"),
        &["min-conflicts", "warnsdorff-faithful", "validate"],
    );
    assert_picture(
        &out.join("work.svg"),
        &[
            "bitmask (nodes)",
            "permutation (examined)",
            "min-conflicts (moves)",
        ],
    );
    assert_picture(
        &out.join("randomized.svg"),
        &["min-conflicts", "3 fixed seeds"],
    );
    for name in [
        "count_all",
        "first_solution",
        "work",
        "randomized",
        "board-8",
        "board-4",
    ] {
        assert_picture(&out.join(format!("{name}.png")), &[]);
    }
    assert_picture(&out.join("board-8.svg"), &["0 4 7 5 2 6 1 3"]);

    let readme = std::fs::read_to_string(out.join("README.md")).unwrap();
    for needle in [
        "Test CPU 3000, 2 cores",
        "(quick mode)",
        "cargo bench --bench compare -- --quick",
        "![count_all](count_all.svg)",
        "| `bitmask` | 12 |",
        "`bitmask` is fastest",
        "`vector` 4.0× slower",
        "`bitmask` counting time grows ×6.00 per extra row",
        "`min-conflicts` first solution: time ∝ n^1.00",
        "`symmetry-t2` 0.25×",
        "| 17 | `symmetry-t2` | 7.5 s | one run | 0.25× |",
        "`permutation`: n = 11 took over the probe budget (6.5 s); 1 larger sizes not run",
        "![n = 8, found by bitmask](board-8.svg)",
    ] {
        assert!(
            readme.contains(needle),
            "README lacks {needle:?}:\n{readme}"
        );
    }
    for label in [
        "bitmask",
        "vector",
        "permutation",
        "min-conflicts",
        "warnsdorff-faithful",
        "validate",
    ] {
        assert!(
            summary.labels.iter().any(|l| l == label),
            "{label} missing from {:?}",
            summary.labels
        );
    }
}

#[test]
fn missing_and_malformed_results_give_clear_messages() {
    let dir = TempDir::new("missing");
    let error = read_criterion(&dir.0.join("nowhere")).unwrap_err();
    assert!(matches!(error, ReportError::NoResults { .. }));
    assert!(error.to_string().contains("cargo bench"), "{error}");

    // A group with a truncated estimates file and one with no benchmark.json: warnings only.
    let root = dir.0.join("criterion");
    fake_benchmark(&root, "count_all", "bitmask", 8, 1000.0);
    let broken = root.join("count_all/vector/8/new");
    std::fs::create_dir_all(&broken).unwrap();
    std::fs::write(
        broken.join("estimates.json"),
        "{\"mean\": {\"confidence_int",
    )
    .unwrap();
    std::fs::write(broken.join("benchmark.json"), "{}").unwrap();
    let lonely = root.join("count_all/permutation/8/new");
    std::fs::create_dir_all(&lonely).unwrap();
    std::fs::write(lonely.join("estimates.json"), "{}").unwrap();
    let data = read_criterion(&root).unwrap();
    assert_eq!(data.estimates.len(), 1);
    assert_eq!(data.warnings.len(), 2, "{:?}", data.warnings);

    // Only broken files: an error, naming the first problem.
    std::fs::remove_dir_all(root.join("count_all/bitmask")).unwrap();
    let error = read_criterion(&root).unwrap_err();
    assert!(error.to_string().contains("first problem"), "{error}");

    // A statistics file with a bad row names its line.
    let stats = dir.0.join("stats.csv");
    std::fs::write(
        &stats,
        format!(
            "# cpu: x\n{}\ncount_all,a,a,,x,,,ok,0,,0,0,0,0,0,0,0,0,\n",
            nqueens_report::HEADER
        ),
    )
    .unwrap();
    let error = StatsFile::read(&stats).unwrap_err();
    assert!(error.to_string().contains("line 3"), "{error}");

    // No CSV at all: the report still loads, with a warning.
    fake_benchmark(&root, "count_all", "bitmask", 8, 1000.0);
    let (criterion, stats) = load(&root, &dir.0.join("absent.csv")).unwrap();
    assert!(stats.is_none());
    assert!(criterion.warnings.iter().any(|w| w.contains("absent.csv")));
}

#[test]
fn a_real_criterion_run_is_read_back() {
    let dir = TempDir::new("real");
    let root = dir.0.join("criterion");
    let mut c = criterion::Criterion::default()
        .output_directory(&root)
        .without_plots()
        .sample_size(10)
        .nresamples(1_000)
        .warm_up_time(Duration::from_millis(20))
        .measurement_time(Duration::from_millis(60));
    let mut group = c.benchmark_group("count_all");
    let solvers: [&dyn Solver; 2] = [
        &nqueens_backtrack::BitmaskSolver,
        &nqueens_backtrack::VectorSolver,
    ];
    for solver in solvers {
        for n in [5usize, 6, 7] {
            group.bench_with_input(
                criterion::BenchmarkId::new(solver.name(), n),
                &n,
                |b, &n| b.iter(|| solver.count(n, &Config::default())),
            );
        }
    }
    group.finish();
    let data = read_criterion(&root).unwrap();
    assert_eq!(data.warnings, Vec::<String>::new());
    assert_eq!(data.estimates.len(), 6);
    for e in &data.estimates {
        assert_eq!(e.group, "count_all");
        assert!(
            e.median.lower <= e.median.point && e.median.point <= e.median.upper,
            "{e:?}"
        );
        assert!(e.median.point > 0.0 && e.median.point < 1.0, "{e:?}");
    }
    let out = dir.0.join("out");
    let input = ReportInput {
        criterion: data,
        generated: "2026-01-02 05:00 UTC".to_string(),
        ..ReportInput::default()
    };
    let summary = write_report(
        &input,
        &ReportOptions {
            out: out.clone(),
            png: false,
        },
    )
    .unwrap();
    assert_picture(&out.join("count_all.svg"), &["bitmask", "vector"]);
    assert!(
        summary
            .warnings
            .iter()
            .any(|w| w.contains("no statistics CSV"))
    );
}
