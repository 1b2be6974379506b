//! The report from a synthetic criterion tree, from a malformed one, and from a real (tiny)
//! criterion run: every chart exists, is well-formed SVG or PNG, and names every strategy.
//!
//! (Over 500 lines: one synthetic bench run feeds every test here.)

use std::path::Path;
use std::time::Duration;

use nqueens_core::Stats;
use nqueens_report::bench::{LINEAR_RUNS, Mode, Plan, Profile};
use nqueens_report::{
    BoardPicture, CaseRecord, CaseStatus, ReportError, ReportInput, ReportOptions, StatsFile,
    Update, format_seconds, load, read_criterion, write_report,
};

use crate::common::{TempDir, fake_benchmark};

fn record(group: &str, id: &str, n: usize, seed: Option<u64>, stats: Stats) -> CaseRecord {
    let mut r = CaseRecord::new(group, id, id, n, CaseStatus::Measured);
    r.seed = seed;
    r.stats = stats;
    r.seconds = 1e-6 * n as f64 * seed.map_or(1.0, |s| 1.0 + s as f64 / 10.0);
    r.heap_peak_bytes = 64 * n as u64;
    (r.allocations, r.allocated_bytes) = (n as u64, 100 * n as u64);
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
        fake_benchmark(root, "count_all", "bitmask", n, 100.0 * grow, 0.05);
        fake_benchmark(root, "count_all", "vector", n, 400.0 * grow, 0.05);
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
        // A counter whose small boards cost a fixed 100 µs (a thread pool starting): too few
        // sizes clear that cost for a growth fit.
        fake_benchmark(root, "count_all", "symmetry", n, 1e5 + 10.0 * grow, 0.05);
        stats
            .records
            .push(record("count_all", "symmetry", n, None, Stats::default()));
        if n <= 10 {
            fake_benchmark(
                root,
                "count_all",
                "permutation",
                n,
                300.0 * grow * 1.5f64.powi(n as i32),
                0.05,
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
        fake_benchmark(
            root,
            "first_solution",
            "min-conflicts",
            n,
            50.0 * n as f64,
            0.05,
        );
        fake_benchmark(
            root,
            "first_solution",
            "warnsdorff-faithful",
            n,
            80.0 * n as f64,
            0.05,
        );
        fake_benchmark(root, "validate", "validate", n, 2.0 * n as f64, 0.05);
        stats
            .records
            .push(record("validate", "validate", n, None, Stats::default()));
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
    // A randomized strategy that stops finding solutions: every seed is probed at every size,
    // so its success rate falls from 10 of 10 to 7 of 10 (two over the budget, one out of its
    // own work budget) and then to none, after which the series stops.
    stats
        .meta
        .push(("probe budget".into(), "count 6s, first solution 10s".into()));
    for n in [8usize, 100, 300, 1_000] {
        let mut solved = 0;
        for seed in 1..=10u64 {
            let status = match (n, seed) {
                (300, 9 | 10) | (1_000, 1..=3) => CaseStatus::OverBudget,
                // Given up after three seeds ran past the budget with none solved.
                (1_000, _) => CaseStatus::Skipped,
                (300, 8) => CaseStatus::Error,
                _ => CaseStatus::Measured,
            };
            let mut r = record(
                "first_solution",
                "genetic",
                n,
                Some(seed),
                Stats {
                    examined: 100 * n as u64 * seed,
                    moves: n as u64 * seed,
                    ..Stats::default()
                },
            );
            r.status = status;
            match status {
                CaseStatus::Measured => {
                    r.result = "found".into();
                    solved += 1;
                }
                CaseStatus::OverBudget => {
                    r.seconds = 10.0 + seed as f64 / 100.0;
                    r.stats = Stats::default();
                }
                CaseStatus::Skipped => {
                    r.note = "the first 3 seeds at this size ran past the probe budget".into();
                    r.stats = Stats::default();
                }
                CaseStatus::Error => {
                    r.note = "its default work budget ran out".into();
                    r.stats = Stats::default();
                }
            }
            stats.records.push(r);
        }
        if solved > 0 {
            fake_benchmark(root, "first_solution", "genetic", n, 1e4 * n as f64, 0.05);
        }
    }
    let mut skipped = CaseRecord::new(
        "first_solution",
        "genetic",
        "genetic",
        3_000,
        CaseStatus::Skipped,
    );
    skipped.seed = Some(1);
    stats.records.push(skipped);
    for r in &mut stats.records {
        if r.id == "min-conflicts" {
            r.result = "found".into();
        }
    }
    // The yardstick: criterion medians at 16, one run each at 17.
    for (id, strategy, nanos) in [
        ("count.c", "count.c", 4.0e9),
        ("bitmask", "bitmask", 5.0e9),
        ("symmetry-t2", "symmetry", 1.0e9),
    ] {
        fake_benchmark(root, "yardstick", id, 16, nanos, 0.05);
        let mut at16 = CaseRecord::new("yardstick", id, strategy, 16, CaseStatus::Measured);
        at16.seconds = nanos * 1e-9;
        stats.records.push(at16);
    }
    // Completion: two strategies, instances with and without a completion, k = n/4 and n/2.
    for (id, scale) in [("dlx", 1.0), ("bitmask", 3.0)] {
        for (n, k, seed, result) in [
            (12, 3, 12030, "found"),
            (12, 6, 12060, "no-solution"),
            (20, 5, 20050, "found"),
            (20, 10, 20100, "no-solution"),
        ] {
            let mut r = CaseRecord::new("completion", id, id, n, CaseStatus::Measured);
            r.seed = Some(seed);
            r.note = format!("k={k}");
            r.result = result.into();
            r.seconds = scale * 1e-5 * (n * k) as f64;
            stats.records.push(r);
        }
    }
    // Left by an earlier run of a case the harness no longer has: not in the CSV, left out.
    fake_benchmark(root, "yardstick", "bitmask-t2", 16, 5.0e9, 0.05);
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
    // The joining counter once at 17, and alone (no C run) at 18 on one thread and two.
    for (id, n, seconds) in [
        ("quadrants-t1", 17, 0.5),
        ("quadrants-t1", 18, 2.0),
        ("quadrants-t2", 18, 1.0),
    ] {
        let mut once = CaseRecord::new("yardstick", id, "quadrants", n, CaseStatus::Measured);
        once.seconds = seconds;
        stats.records.push(once);
    }
    stats.meta.push((
        "update".into(),
        Update {
            date: "2026-01-03 10:00 UTC".into(),
            mode: "full".into(),
            duration: "3 min 1 s".into(),
            args: "yardstick".into(),
        }
        .to_meta(),
    ));
    stats
}

/// The x position of the `<text>` element that reads exactly `label` in an SVG.
fn text_x(svg: &str, label: &str) -> Option<i32> {
    let at = svg.find(&format!(">\n{label}\n</text>"))?;
    let open = svg[..at].rfind("<text x=\"")? + "<text x=\"".len();
    let digits: String = svg[open..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
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
        traces: vec![nqueens_report::TracePicture {
            family: "backtracking".into(),
            file: "trace-vector.svg".into(),
            caption: "vector, n = 8: 40 steps".into(),
        }],
        trace_page: Some("traces.html".into()),
        commands: vec!["cargo bench --bench compare -- --quick".to_string()],
        // The workbench's strategies, whose declarations the tradeoffs read.
        strategies: nqueens_report::Family::of_registry(&nqueens::registry()),
        ..ReportInput::default()
    };
    let summary = write_report(
        &input,
        &ReportOptions {
            out: out.clone(),
            png: true,
        },
    )
    .unwrap();
    assert_eq!(summary.warnings.len(), 1, "{:?}", summary.warnings);
    assert!(
        summary.warnings[0].contains("yardstick/bitmask-t2/16"),
        "{:?}",
        summary.warnings
    );

    assert_picture(
        &out.join("count_all.svg"),
        &[
            "bitmask",
            "vector",
            "permutation",
            "symmetry",
            "Test CPU 3000, 2 cores",
            "2026-01-02",
            "partly rerun 2026-01-03 10:00 UTC",
        ],
    );
    // Legends stand in a column right of the plots (which end at x = 750), never over data.
    let chart = |name: &str| std::fs::read_to_string(out.join(name)).unwrap();
    for (name, labels) in [
        ("count_all.svg", &["bitmask", "vector", "permutation"][..]),
        (
            "first_solution.svg",
            &["min-conflicts", "warnsdorff-faithful", "validate (floor)"][..],
        ),
        (
            "randomized.svg",
            &["min-conflicts", "genetic", "genetic (examined)"][..],
        ),
        (
            "work.svg",
            &["bitmask (nodes)", "min-conflicts (moves)"][..],
        ),
        ("completion.svg", &["dlx", "bitmask"][..]),
        (
            "symmetric.svg",
            &["Q: all solutions (A000170)", "R: quarter turn (A033148)"][..],
        ),
    ] {
        let svg = chart(name);
        for label in labels {
            let x = text_x(&svg, label).unwrap_or_else(|| panic!("{name} has no {label:?}"));
            assert!(x >= 750, "{name}: legend entry {label:?} at x = {x}");
        }
    }
    // bitmask and vector count the same nodes: the work chart says their lines coincide.
    let work = chart("work.svg");
    assert!(work.contains("Same values"), "work.svg names no overlap");
    assert!(
        work.contains("bitmask = vector"),
        "work.svg: overlap not named"
    );
    assert!(!chart("count_all.svg").contains("Same values"));
    assert_picture(
        &out.join("first_solution.svg"),
        &["min-conflicts", "warnsdorff-faithful", "validate"],
    );
    let readme = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(
        !readme.contains("bitmask-t2"),
        "a stale result was reported"
    );
    assert!(readme.contains("## Watching the searches"));
    assert!(readme.contains("| peak heap | allocations | bytes allocated |"));
    // Criterion's settings, from the plan of the run's profile (quick, in the statistics).
    let quick = Plan::for_profile(Mode::Bench, Profile::Quick, None).sampling;
    let settings = format!(
        "in the quick profile: a case whose probe run, {LINEAR_RUNS} times over, fits in {} is \
         fast, sampled in criterion's automatic mode ({} samples after {} of warm-up",
        format_seconds(quick.measurement.as_secs_f64()),
        quick.fast_samples,
        format_seconds(quick.warm_up.as_secs_f64()),
    );
    assert!(readme.contains(&settings), "{settings}");
    // Memory against time: drawn from the heap peaks; with no `quadrants` runs, no verdict.
    assert!(readme.contains("## Memory against time\n\n![memory](memory.svg)"));
    assert!(readme.contains("- No verdict on joining against searching"));
    assert_picture(
        &out.join("memory.svg"),
        &["bitmask", "symmetry", "256 B", "4 KiB"],
    );
    assert!(readme.contains("![vector, n = 8: 40 steps](trace-vector.svg)"));
    assert!(readme.contains("(traces.html)"));
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
        &[
            "min-conflicts",
            "10 fixed seeds",
            "seeds solved within the probe budget (10s a run)",
            "100%",
            "min-conflicts (moves)",
            "genetic (examined)",
        ],
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
        "`symmetry` is fastest",
        "`bitmask` 9.9× slower, `vector` 40× slower",
        "`bitmask` counting time grows ×6.00 per extra row",
        "`min-conflicts` first solution: time ∝ n^1.00",
        "`bitmask` counting time grows ×6.00 per extra row (exponential fit over n = 8..12)",
        "`symmetry` counting: no growth fit",
        "Permutation filtering, the brute-force baseline: at n = 10 `permutation` (",
        // The tradeoffs lead the summary.
        "## Summary\n\n- Backtracking: `bitmask` counts ",
        "Yardstick at n = 16 (`count.c` 4 s): `symmetry-t2` 4.0× faster than count.c (1 s), \
         `bitmask` 1.2× slower than count.c (5 s).",
        "Yardstick at n = 17 (`count.c` 30 s, one run each): `quadrants-t1` 60× faster \
         than count.c (500 ms), `symmetry-t2` 4.0× faster than count.c (7.5 s).",
        "Counting against C: `quadrants` on one thread against `count.c`: 60× faster at \
         n = 17; alone, it counts n = 18 in 2 s (1 s on two).",
        // The peer quadrants declares, beside its one-thread speed-up.
        "The joining counter's published peer, Kluev's N-Queens-Count-Sol (C++20), measured \
         against the same `count.c` on this machine type (one thread, interleaved runs, \
         medians; not rerun here): n = 17: `quadrants-t1` 60.0× faster than `count.c`, the \
         peer 7.9× (7.59× the peer).",
        "| 18 | `quadrants-t2` | 1 s | one run | - |",
        "| 16 | `count.c` | 4 s | criterion median | - |",
        "| 17 | `symmetry-t2` | 7.5 s | one run | 4.0× faster than `count.c` |",
        "**Partly rerun:** 2026-01-03 10:00 UTC (full mode, took 3 min 1 s): `cargo bench --bench compare -- yardstick`",
        "`permutation`: n = 11 took over the probe budget (6.5 s); 1 larger sizes not run",
        "![n = 8, found by bitmask](board-8.svg)",
        // The published counts by symmetry, whatever the bench measured.
        "## Solutions by symmetry\n\n![symmetric](symmetric.svg)",
        "Symmetry explains a vanishing part of the count: 4.3% of the solutions are symmetric \
         under a half turn at n = 8, 1.4e-9 at n = 27 (P = 320403024 of Q = \
         234907967154122528, R = 0), so all but 80100756 of its 29363495934315694 classes have \
         8 solutions",
        // The success rate: per size, per family, and the seeds left out.
        "| `genetic` | 300 | 7 of 10 | 420 µs (330 µs – 510 µs) | 120k (30k – 210k) examined | 0 |",
        "| `genetic` | 1000 | 0 of 3 | - | - | - |",
        "| `min-conflicts` | 1M | 3 of 3 |",
        "Within the probe budget (10 seeds, 10s a run): `genetic` solved every seed up to \
         n = 100 (n = 300: 7 of 10; n = 1000: 0 of 3); against `min-conflicts`, which solved \
         every seed up to n = 1M.",
        "Within the probe budget (3 seeds, 10s a run): `min-conflicts` solved every seed up to \
         n = 1M (every size run): the farthest of the randomized strategies.",
        "`first_solution` `genetic`: n = 300: 2 of 10 seeds took over the probe budget (up to \
         10.1 s); 1 of 10 seeds: its default work budget ran out",
        "`first_solution` `genetic`: n = 1000: 3 of 3 seeds took over the probe budget (up to \
         10 s); 7 more seeds not run; 1 larger sizes not run",
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
    fake_benchmark(&root, "count_all", "bitmask", 8, 1000.0, 0.05);
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
    fake_benchmark(&root, "count_all", "bitmask", 8, 1000.0, 0.05);
    let (criterion, stats) = load(&root, &dir.0.join("absent.csv")).unwrap();
    assert!(stats.is_none());
    assert!(criterion.warnings.iter().any(|w| w.contains("absent.csv")));
}

/// Counts the solutions with bitmasks of the attacked columns and diagonals. The test times
/// it only to get criterion's files; the strategy crates are tested elsewhere.
fn count_bitmask(n: usize) -> u64 {
    fn place(all: u32, columns: u32, left: u32, right: u32) -> u64 {
        if columns == all {
            return 1;
        }
        let mut free = all & !(columns | left | right);
        let mut total = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            total += place(all, columns | bit, (left | bit) << 1, (right | bit) >> 1);
        }
        total
    }
    place((1u32 << n) - 1, 0, 0, 0)
}

/// Counts the solutions with one column per row, checking each square against the queens
/// above it.
fn count_vector(n: usize) -> u64 {
    fn place(n: usize, queens: &mut Vec<usize>) -> u64 {
        if queens.len() == n {
            return 1;
        }
        let row = queens.len();
        let mut total = 0;
        for column in 0..n {
            let safe = queens
                .iter()
                .enumerate()
                .all(|(r, &c)| c != column && row - r != c.abs_diff(column));
            if safe {
                queens.push(column);
                total += place(n, queens);
                queens.pop();
            }
        }
        total
    }
    place(n, &mut Vec::with_capacity(n))
}

#[test]
fn a_real_criterion_run_is_read_back() {
    assert_eq!(
        [5, 6, 7].map(|n| (count_bitmask(n), count_vector(n))),
        [(10, 10), (4, 4), (40, 40)]
    );
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
    type Count = fn(usize) -> u64;
    let counters: [(&str, Count); 2] = [("bitmask", count_bitmask), ("vector", count_vector)];
    for (name, count) in counters {
        for n in [5usize, 6, 7] {
            group.bench_with_input(criterion::BenchmarkId::new(name, n), &n, |b, &n| {
                b.iter(|| count(n))
            });
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

#[test]
fn a_filtered_rerun_keeps_the_other_groups() {
    let dir = TempDir::new("merge");
    let path = dir.0.join("stats.csv");
    let row = |group: &str, id: &str, n: usize, seconds: f64| {
        let mut r = CaseRecord::new(group, id, id, n, CaseStatus::Measured);
        r.seconds = seconds;
        r
    };
    let mut full = StatsFile::default();
    full.meta.push(("mode".into(), "full".into()));
    full.records = vec![
        row("count_all", "vector", 8, 1.0),
        row("count_all", "bitmask", 8, 1.0),
        row("yardstick", "count.c", 16, 4.0),
        row("yardstick", "count.c", 17, 30.0),
        row("yardstick", "bitmask", 16, 5.0),
    ];
    full.write(&path).unwrap();

    // `-- yardstick` in quick mode: n = 16 only, so the n = 17 rows of the full run stay.
    let mut file = StatsFile::read(&path).unwrap();
    file.merge(&[
        row("yardstick", "count.c", 16, 4.5),
        row("yardstick", "symmetry-t1", 16, 2.0),
        row("yardstick", "bitmask", 16, 5.5),
    ]);
    let update = Update {
        date: "2026-01-03 10:00 UTC".into(),
        mode: "quick".into(),
        duration: "40 s".into(),
        args: "--quick yardstick".into(),
    };
    file.meta.push(("update".into(), update.to_meta()));
    file.write(&path).unwrap();

    let back = StatsFile::read(&path).unwrap();
    let cases: Vec<(&str, &str, usize, f64)> = back
        .records
        .iter()
        .map(|r| (r.group.as_str(), r.id.as_str(), r.n, r.seconds))
        .collect();
    assert_eq!(
        cases,
        [
            ("count_all", "vector", 8, 1.0),
            ("count_all", "bitmask", 8, 1.0),
            ("yardstick", "count.c", 16, 4.5),
            ("yardstick", "count.c", 17, 30.0),
            ("yardstick", "bitmask", 16, 5.5),
            ("yardstick", "symmetry-t1", 16, 2.0),
        ]
    );
    assert_eq!(back.meta("mode"), Some("full"));
    assert_eq!(back.updates(), [update]);
    assert!(!dir.0.join("stats.csv.partial").exists());
}
