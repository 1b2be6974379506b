//! The whole report: charts, board pictures and `README.md`, from criterion's estimates and the
//! statistics CSV.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::chart::{Panel, Point, Series, Units};
use crate::{
    CaseRecord, CaseStatus, CriterionData, Estimate, ImageFormat, Machine, ReportError, StatsFile,
    draw_board, draw_chart, format_bytes, format_count, format_seconds, format_size,
};

/// A solution to draw as a chessboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPicture {
    /// One 0-based column per row.
    pub columns: Vec<u32>,
    /// The strategy that found it.
    pub strategy: String,
}

/// Everything a report is made from.
#[derive(Clone, Debug, Default)]
pub struct ReportInput {
    /// Criterion's estimates.
    pub criterion: CriterionData,
    /// The bench harness's statistics, when the CSV was found.
    pub stats: Option<StatsFile>,
    /// Where the benchmarks ran (taken from the CSV when it names the machine).
    pub machine: Option<Machine>,
    /// When the report is generated, `YYYY-MM-DD HH:MM UTC`.
    pub generated: String,
    /// Solutions to draw.
    pub boards: Vec<BoardPicture>,
    /// The commands that produced the data, shown in the README.
    pub commands: Vec<String>,
}

/// Where and how to write.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    /// Output directory (created if missing).
    pub out: PathBuf,
    /// Also write PNG copies of the charts and boards.
    pub png: bool,
}

/// What a report run wrote, and what it had to leave out.
#[derive(Clone, Debug, Default)]
pub struct ReportSummary {
    /// Files written, README last.
    pub files: Vec<PathBuf>,
    /// Problems that did not stop the report (unreadable results, missing statistics).
    pub warnings: Vec<String>,
    /// Every series label (strategy, variant or yardstick) that appears in the report.
    pub labels: Vec<String>,
}

/// Groups of the harness, with their headings.
const COUNT: &str = "count_all";
const FIRST: &str = "first_solution";
const VALIDATE: &str = "validate";
const YARDSTICK: &str = "yardstick";
const ONCE: &str = "once";

/// The estimates and records of one report, indexed.
struct Data<'a> {
    input: &'a ReportInput,
    records: &'a [CaseRecord],
    /// Criterion's estimates that belong to the run the statistics describe.
    estimates: Vec<&'a Estimate>,
    /// Estimates left out as leftovers of earlier runs (`group/id/n`).
    stale: Vec<String>,
    colors: Vec<String>,
}

impl<'a> Data<'a> {
    fn new(input: &'a ReportInput) -> Self {
        let records = input.stats.as_ref().map_or(&[][..], |s| &s.records[..]);
        // Criterion keeps the results of every case it ever ran; with the statistics at hand,
        // only the cases they list as measured belong to this run.
        let (estimates, stale): (Vec<&Estimate>, Vec<&Estimate>) =
            input.criterion.estimates.iter().partition(|e| {
                input.stats.is_none()
                    || records.iter().any(|r| {
                        r.status == CaseStatus::Measured
                            && r.group == e.group
                            && r.id == e.function
                            && Some(r.n) == e.n()
                    })
            });
        let stale = stale
            .iter()
            .map(|e| format!("{}/{}/{}", e.group, e.function, e.parameter))
            .collect();
        let mut colors: Vec<String> = Vec::new();
        let ids = records
            .iter()
            .map(|r| r.id.clone())
            .chain(estimates.iter().map(|e| e.function.clone()));
        for id in ids {
            if !colors.contains(&id) {
                colors.push(id);
            }
        }
        Self {
            input,
            records,
            estimates,
            stale,
            colors,
        }
    }

    fn color(&self, label: &str) -> usize {
        self.colors.iter().position(|l| l == label).unwrap_or(0)
    }

    /// Estimates of `group`, by function id in first-seen order, each sorted by n.
    fn estimates(&self, group: &str) -> Vec<(String, Vec<(usize, &'a Estimate)>)> {
        let mut by_id: Vec<(String, Vec<(usize, &Estimate)>)> = Vec::new();
        let mut sorted: Vec<&Estimate> = self
            .estimates
            .iter()
            .copied()
            .filter(|e| e.group == group)
            .collect();
        sorted.sort_by_key(|e| (self.color(&e.function), e.n()));
        for estimate in sorted {
            let Some(n) = estimate.n() else { continue };
            match by_id.iter_mut().find(|(id, _)| *id == estimate.function) {
                Some((_, points)) => points.push((n, estimate)),
                None => by_id.push((estimate.function.clone(), vec![(n, estimate)])),
            }
        }
        by_id
    }

    /// Measured records of `(group, id, n)`: one, or one per seed.
    fn records(&self, group: &str, id: &str, n: usize) -> Vec<&'a CaseRecord> {
        self.records
            .iter()
            .filter(|r| {
                r.group == group && r.id == id && r.n == n && r.status == CaseStatus::Measured
            })
            .collect()
    }

    fn time_series(&self, group: &str) -> Vec<Series> {
        self.estimates(group)
            .into_iter()
            .map(|(id, points)| Series {
                style: self.color(&id),
                label: id,
                points: points
                    .iter()
                    .map(|(n, e)| Point {
                        x: *n as f64,
                        y: e.median.point,
                        low: e.median.lower,
                        high: e.median.upper,
                    })
                    .collect(),
            })
            .collect()
    }

    /// The work counter of a group per id and n: nodes, or permutations examined, or moves;
    /// the median over seeds with its range.
    fn work_series(&self, group: &str) -> Vec<Series> {
        let mut out: Vec<Series> = Vec::new();
        let mut keys: Vec<(String, usize)> = Vec::new();
        for r in self
            .records
            .iter()
            .filter(|r| r.group == group && r.status == CaseStatus::Measured)
        {
            if !keys.contains(&(r.id.clone(), r.n)) {
                keys.push((r.id.clone(), r.n));
            }
        }
        for (id, n) in keys {
            let records = self.records(group, &id, n);
            let (what, values) = work_values(&records);
            if values.is_empty() {
                continue;
            }
            let label = format!("{id} ({what})");
            let point = spread(n as f64, &values);
            match out.iter_mut().find(|s| s.label == label) {
                Some(series) => series.points.push(point),
                None => out.push(Series {
                    style: self.color(&id),
                    label,
                    points: vec![point],
                }),
            }
        }
        for series in &mut out {
            series.points.sort_by(|a, b| a.x.total_cmp(&b.x));
        }
        out
    }

    /// Randomized cases of the first-solution group: (id, n) with two or more seeds.
    fn seeded(&self) -> Vec<(String, usize, Vec<&'a CaseRecord>)> {
        let mut out: Vec<(String, usize, Vec<&CaseRecord>)> = Vec::new();
        for r in self
            .records
            .iter()
            .filter(|r| r.group == FIRST && r.status == CaseStatus::Measured && r.seed.is_some())
        {
            match out.iter_mut().find(|(id, n, _)| *id == r.id && *n == r.n) {
                Some((_, _, list)) => list.push(r),
                None => out.push((r.id.clone(), r.n, vec![r])),
            }
        }
        out.retain(|(_, _, list)| list.len() >= 2);
        out
    }
}

/// The counter that measures a strategy's work, and its values over the given runs.
fn work_values(records: &[&CaseRecord]) -> (&'static str, Vec<f64>) {
    let pick = |f: fn(&CaseRecord) -> u64| -> Vec<f64> {
        records
            .iter()
            .map(|r| f(r) as f64)
            .filter(|v| *v > 0.0)
            .collect()
    };
    for (what, f) in [
        (
            "nodes",
            (|r: &CaseRecord| r.stats.nodes) as fn(&CaseRecord) -> u64,
        ),
        ("examined", |r: &CaseRecord| r.stats.examined),
        ("moves", |r: &CaseRecord| r.stats.moves),
    ] {
        let values = pick(f);
        if !values.is_empty() {
            return (what, values);
        }
    }
    ("nodes", Vec::new())
}

/// The median of `values` with their full range as the bar.
fn spread(x: f64, values: &[f64]) -> Point {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    let median = if sorted.len().is_multiple_of(2) && mid > 0 {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    } else {
        sorted.get(mid).copied().unwrap_or(0.0)
    };
    Point {
        x,
        y: median,
        low: sorted.first().copied().unwrap_or(median),
        high: sorted.last().copied().unwrap_or(median),
    }
}

/// The sizes a growth fit uses: from `min_n` up, where a run takes at least ten times the
/// series' fastest run (that fastest run being mostly fixed cost: thread start-up, allocation,
/// process start) and at least 10 µs; the largest five of them, where growth has settled.
fn fit_window(times: &[(usize, f64)], min_n: usize) -> Vec<(usize, f64)> {
    let fastest = times
        .iter()
        .map(|p| p.1)
        .filter(|t| *t > 0.0)
        .fold(f64::INFINITY, f64::min);
    let floor = (10.0 * fastest).max(1e-5);
    let above: Vec<(usize, f64)> = times
        .iter()
        .copied()
        .filter(|&(n, t)| n >= min_n && t >= floor)
        .collect();
    above[above.len().saturating_sub(5)..].to_vec()
}

/// How a Rust time compares with a C time: `2.41× faster` (C time / Rust time) or `1.18×
/// slower`.
fn versus(c_secs: f64, secs: f64) -> String {
    if c_secs <= 0.0 || secs <= 0.0 {
        "-".to_string()
    } else if secs <= c_secs {
        format!("{:.2}× faster", c_secs / secs)
    } else {
        format!("{:.2}× slower", secs / c_secs)
    }
}

/// Least-squares slope of `ys` against `xs`.
fn slope(xs: &[f64], ys: &[f64]) -> Option<f64> {
    let count = xs.len() as f64;
    if xs.len() < 3 {
        return None;
    }
    let mx = xs.iter().sum::<f64>() / count;
    let my = ys.iter().sum::<f64>() / count;
    let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    let sxy: f64 = xs.iter().zip(ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    (sxx > 0.0).then(|| sxy / sxx)
}

/// Writes the report into `options.out`.
///
/// Charts need criterion data for their group; a group with none is left out with a warning.
/// Board pictures are drawn from `input.boards`.
pub fn write_report(
    input: &ReportInput,
    options: &ReportOptions,
) -> Result<ReportSummary, ReportError> {
    crate::register_fonts();
    let out = &options.out;
    std::fs::create_dir_all(out).map_err(|e| ReportError::io("creating", out, e))?;
    let data = Data::new(input);
    let mut summary = ReportSummary {
        warnings: input.criterion.warnings.clone(),
        ..ReportSummary::default()
    };
    if let Some(first) = data.stale.first() {
        summary.warnings.push(format!(
            "{} criterion result(s) left out: the statistics CSV does not list them as measured \
             (left by an earlier run), e.g. {first}",
            data.stale.len()
        ));
    }
    let sizeless: Vec<String> = data
        .estimates
        .iter()
        .filter(|e| e.n().is_none())
        .map(|e| format!("{}/{}/{}", e.group, e.function, e.parameter))
        .collect();
    if let Some(first) = sizeless.first() {
        summary.warnings.push(format!(
            "{} criterion result(s) left out: their parameter is not a board size, e.g. {first}",
            sizeless.len()
        ));
    }
    if input.stats.is_none() {
        summary.warnings.push(
            "no statistics CSV: the report has times but no node counts, seeds or skipped cases"
                .to_string(),
        );
    }
    let machine = input
        .stats
        .as_ref()
        .and_then(|s| {
            Some(Machine {
                cpu: s.meta("cpu")?.to_string(),
                cores: s.meta("cores")?.parse().ok()?,
            })
        })
        .or_else(|| input.machine.clone())
        .unwrap_or_else(Machine::detect);
    let run_date = input
        .stats
        .as_ref()
        .and_then(|s| s.meta("date"))
        .unwrap_or(&input.generated)
        .to_string();
    let updates = input
        .stats
        .as_ref()
        .map(StatsFile::updates)
        .unwrap_or_default();
    let subheading = match updates.last() {
        Some(update) => format!(
            "{} · benchmarked {run_date}, partly rerun {}",
            machine.describe(),
            update.date
        ),
        None => format!("{} · benchmarked {run_date}", machine.describe()),
    };
    let formats: Vec<ImageFormat> = if options.png {
        vec![ImageFormat::Svg, ImageFormat::Png]
    } else {
        vec![ImageFormat::Svg]
    };
    let mut charts: Vec<String> = Vec::new();
    let mut draw = |name: &str,
                    heading: &str,
                    panels: Vec<Panel>,
                    summary: &mut ReportSummary|
     -> Result<(), ReportError> {
        if panels.iter().all(|p| p.series.is_empty()) {
            summary
                .warnings
                .push(format!("{name}: no data, chart left out"));
            return Ok(());
        }
        for panel in &panels {
            for series in &panel.series {
                let base = series.label.split(" (").next().unwrap_or(&series.label);
                if !summary.labels.iter().any(|l| l == base) {
                    summary.labels.push(base.to_string());
                }
            }
        }
        for &format in &formats {
            let path = out.join(format!("{name}.{}", format.extension()));
            draw_chart(&path, format, heading, &subheading, &panels)?;
            summary.files.push(path);
        }
        charts.push(name.to_string());
        Ok(())
    };

    let count_series = data.time_series(COUNT);
    draw(
        "count_all",
        "Count all solutions: time vs n",
        vec![Panel {
            title: "median time per count (bars: 95% confidence interval)".to_string(),
            x_label: "n (board size)".to_string(),
            y_label: "time per run (log scale)".to_string(),
            x_log: false,
            x_units: Units::Size,
            y_units: Units::Seconds,
            series: count_series,
        }],
        &mut summary,
    )?;
    let mut first_series = data.time_series(FIRST);
    for mut floor in data.time_series(VALIDATE) {
        floor.label = format!("{} (floor)", floor.label);
        first_series.push(floor);
    }
    draw(
        "first_solution",
        "Find a first solution: time vs n",
        vec![Panel {
            title: "median time to a first solution (bars: 95% CI; seeds cycled)".to_string(),
            x_label: "n (board size, log scale)".to_string(),
            y_label: "time per run (log scale)".to_string(),
            x_log: true,
            x_units: Units::Size,
            y_units: Units::Seconds,
            series: first_series,
        }],
        &mut summary,
    )?;
    draw(
        "work",
        "Work done: search nodes, permutations examined, local-search moves",
        vec![
            Panel {
                title: "counting all solutions".to_string(),
                x_label: "n (board size)".to_string(),
                y_label: "nodes / permutations (log scale)".to_string(),
                x_log: false,
                x_units: Units::Size,
                y_units: Units::Count,
                series: data.work_series(COUNT),
            },
            Panel {
                title: "to a first solution (bars: range over seeds)".to_string(),
                x_label: "n (board size, log scale)".to_string(),
                y_label: "nodes / moves (log scale)".to_string(),
                x_log: true,
                x_units: Units::Size,
                y_units: Units::Count,
                series: data.work_series(FIRST),
            },
        ],
        &mut summary,
    )?;
    let seeded = data.seeded();
    let (time_spread, move_spread) = seeded_series(&data, &seeded);
    let seed_count = seeded.iter().map(|(_, _, l)| l.len()).max().unwrap_or(0);
    draw(
        "randomized",
        &format!("Randomized strategies: spread over {seed_count} fixed seeds"),
        vec![
            Panel {
                title: "time of one run per seed: median and range".to_string(),
                x_label: "n (board size, log scale)".to_string(),
                y_label: "time per run (log scale)".to_string(),
                x_log: true,
                x_units: Units::Size,
                y_units: Units::Seconds,
                series: time_spread,
            },
            Panel {
                title: "moves per seed: median and range".to_string(),
                x_label: "n (board size, log scale)".to_string(),
                y_label: "moves (log scale)".to_string(),
                x_log: true,
                x_units: Units::Size,
                y_units: Units::Count,
                series: move_spread,
            },
        ],
        &mut summary,
    )?;

    let mut board_files = Vec::new();
    for board in &input.boards {
        let n = board.columns.len();
        let caption = format!(
            "n = {n}: a solution found by {}{}",
            board.strategy,
            if n <= 16 {
                format!(" ({})", nqueens_core::Columns(&board.columns))
            } else {
                String::new()
            }
        );
        for &format in &formats {
            let path = out.join(format!("board-{n}.{}", format.extension()));
            draw_board(&board.columns, &caption, &path, format)?;
            summary.files.push(path);
        }
        board_files.push((n, board.strategy.clone()));
    }

    let readme = readme(&data, &machine, &run_date, &charts, &board_files, &seeded);
    let path = out.join("README.md");
    std::fs::write(&path, readme).map_err(|e| ReportError::io("writing", &path, e))?;
    summary.files.push(path);
    Ok(summary)
}

type Seeded<'a> = [(String, usize, Vec<&'a CaseRecord>)];

fn seeded_series(data: &Data<'_>, seeded: &Seeded<'_>) -> (Vec<Series>, Vec<Series>) {
    let mut times: Vec<Series> = Vec::new();
    let mut moves: Vec<Series> = Vec::new();
    for (id, n, records) in seeded {
        let x = *n as f64;
        let secs: Vec<f64> = records.iter().map(|r| r.seconds).collect();
        let mv: Vec<f64> = records.iter().map(|r| r.stats.moves as f64).collect();
        for (list, values) in [(&mut times, secs), (&mut moves, mv)] {
            if values.iter().all(|v| *v <= 0.0) {
                continue;
            }
            let point = spread(x, &values);
            match list.iter_mut().find(|s| s.label == *id) {
                Some(series) => series.points.push(point),
                None => list.push(Series {
                    label: id.clone(),
                    style: data.color(id),
                    points: vec![point],
                }),
            }
        }
    }
    (times, moves)
}

fn ci(estimate: &Estimate) -> String {
    format!(
        "{} – {}",
        format_seconds(estimate.median.lower),
        format_seconds(estimate.median.upper)
    )
}

fn readme(
    data: &Data<'_>,
    machine: &Machine,
    run_date: &str,
    charts: &[String],
    boards: &[(usize, String)],
    seeded: &Seeded<'_>,
) -> String {
    let input = data.input;
    let meta = |key: &str| input.stats.as_ref().and_then(|s| s.meta(key));
    let mut md = String::new();
    let _ = writeln!(md, "# Comparison report\n");
    let _ = writeln!(
        md,
        "Generated by `nqueens report` on {} from a `cargo bench` run of {run_date}{}.\n",
        input.generated,
        meta("mode").map_or(String::new(), |m| format!(" ({m} mode)"))
    );
    let _ = writeln!(md, "- **Machine:** {}", machine.describe());
    if let Some(duration) = meta("duration") {
        let _ = writeln!(md, "- **Bench run took:** {duration}");
    }
    if let Some(stats) = &input.stats {
        for update in stats.updates() {
            let _ = writeln!(
                md,
                "- **Partly rerun:** {} ({} mode, took {}): `cargo bench --bench compare -- {}` \
                 replaced the cases it ran",
                update.date, update.mode, update.duration, update.args
            );
        }
    }
    for key in ["seeds", "probe budget", "rustc", "criterion"] {
        if let Some(value) = meta(key) {
            let _ = writeln!(md, "- **{key}:** {value}");
        }
    }
    let _ = writeln!(md, "\nRegenerate with:\n\n```sh");
    for command in &input.commands {
        let _ = writeln!(md, "{command}");
    }
    let _ = writeln!(md, "```\n");
    let _ = writeln!(
        md,
        "Times are criterion's median per run with its {:.0}% confidence interval; the counters \
         (nodes, backtracks, permutations examined, moves, peak heap) come from one probe run of \
         each case, recorded in the bench's statistics CSV. A case whose probe ran past the \
         budget is left out together with every larger size of that series (see *Left out*).\n",
        input
            .criterion
            .estimates
            .first()
            .map_or(95.0, |e| e.confidence * 100.0)
    );

    let _ = writeln!(md, "## Summary\n");
    for line in summary_lines(data, seeded) {
        let _ = writeln!(md, "- {line}");
    }
    md.push('\n');

    if charts.iter().any(|c| c == "count_all") {
        let _ = writeln!(
            md,
            "## Count all solutions\n\n![count_all](count_all.svg)\n"
        );
    } else {
        let _ = writeln!(md, "## Count all solutions\n");
    }
    time_table(&mut md, data, COUNT);
    if charts.iter().any(|c| c == "first_solution") {
        let _ = writeln!(
            md,
            "## Find a first solution\n\n![first_solution](first_solution.svg)\n"
        );
    } else {
        let _ = writeln!(md, "## Find a first solution\n");
    }
    let _ = writeln!(
        md,
        "Randomized strategies run over a fixed list of seeds: each criterion iteration takes the \
         next seed, so their time is the median over seeds; the counters are the median of one \
         run per seed.\n"
    );
    time_table(&mut md, data, FIRST);
    if charts.iter().any(|c| c == "work") {
        let _ = writeln!(md, "## Work done\n\n![work](work.svg)\n");
    }
    if !seeded.is_empty() {
        if charts.iter().any(|c| c == "randomized") {
            let _ = writeln!(
                md,
                "## Randomized strategies\n\n![randomized](randomized.svg)\n"
            );
        } else {
            let _ = writeln!(md, "## Randomized strategies\n");
        }
        seed_table(&mut md, seeded);
    }
    once_section(&mut md, data);
    let _ = writeln!(md, "## Validation floor\n");
    let _ = writeln!(
        md,
        "The validator every strategy's answer passes through, on one large solution: the least \
         any strategy pays at that size.\n"
    );
    time_table(&mut md, data, VALIDATE);
    let _ = writeln!(md, "## Yardstick: plain C on the same machine\n");
    yardstick_table(&mut md, data);
    left_out(&mut md, data);
    if !boards.is_empty() {
        let _ = writeln!(md, "## Boards\n");
        for (n, strategy) in boards {
            let _ = writeln!(md, "![n = {n}, found by {strategy}](board-{n}.svg)");
        }
        md.push('\n');
    }
    md
}

fn time_table(md: &mut String, data: &Data<'_>, group: &str) {
    let series = data.estimates(group);
    if series.is_empty() {
        let _ = writeln!(md, "No results for `{group}` in this run.\n");
        return;
    }
    // Only the counters some strategy of this group reports get a column.
    type Column = (&'static str, fn(&[&CaseRecord]) -> String);
    let columns: [Column; 6] = [
        ("nodes", |r| med(r, |r| r.stats.nodes, format_count)),
        ("backtracks", |r| {
            med(r, |r| r.stats.backtracks, format_count)
        }),
        ("examined", |r| med(r, |r| r.stats.examined, format_count)),
        ("moves", |r| med(r, |r| r.stats.moves, format_count)),
        ("restarts", |r| med(r, |r| r.stats.restarts, format_count)),
        ("peak heap", |r| {
            med(r, |r| r.heap_peak_bytes, |v| format_bytes(v as u64))
        }),
    ];
    let records_of = |id: &str, n: usize| data.records(group, id, n);
    let used: Vec<&Column> = columns
        .iter()
        .filter(|(name, _)| {
            series.iter().any(|(id, points)| {
                points.iter().any(|(n, _)| {
                    let r = records_of(id, *n);
                    !r.is_empty() && !["0", "0 B", "-"].contains(&column_value(name, &r).as_str())
                })
            })
        })
        .collect();
    let _ = write!(md, "| strategy | n | median | 95% CI |");
    for (name, _) in &used {
        let _ = write!(md, " {name} |");
    }
    let _ = write!(md, "\n|---|--:|--:|--:|");
    for _ in &used {
        md.push_str("--:|");
    }
    md.push('\n');
    for (id, points) in &series {
        for (n, estimate) in points {
            let _ = write!(
                md,
                "| `{id}` | {} | {} | {} |",
                format_size(*n),
                format_seconds(estimate.median.point),
                ci(estimate)
            );
            let records = records_of(id, *n);
            for (_, f) in &used {
                let value = if records.is_empty() {
                    "-".to_string()
                } else {
                    f(&records)
                };
                let _ = write!(md, " {value} |");
            }
            md.push('\n');
        }
    }
    md.push('\n');
}

fn column_value(name: &str, records: &[&CaseRecord]) -> String {
    match name {
        "nodes" => med(records, |r| r.stats.nodes, format_count),
        "backtracks" => med(records, |r| r.stats.backtracks, format_count),
        "examined" => med(records, |r| r.stats.examined, format_count),
        "moves" => med(records, |r| r.stats.moves, format_count),
        "restarts" => med(records, |r| r.stats.restarts, format_count),
        _ => med(records, |r| r.heap_peak_bytes, |v| format_bytes(v as u64)),
    }
}

/// The median of a counter over the runs (one, or one per seed), formatted.
fn med(records: &[&CaseRecord], f: fn(&CaseRecord) -> u64, show: fn(f64) -> String) -> String {
    let values: Vec<f64> = records.iter().map(|r| f(r) as f64).collect();
    if values.is_empty() {
        return "-".to_string();
    }
    show(spread(0.0, &values).y)
}

fn seed_table(md: &mut String, seeded: &Seeded<'_>) {
    let _ = writeln!(
        md,
        "| strategy | n | seeds | time: median (min – max) | moves: median (min – max) | restarts (max) |\n|---|--:|--:|--:|--:|--:|"
    );
    for (id, n, records) in seeded {
        let secs: Vec<f64> = records.iter().map(|r| r.seconds).collect();
        let moves: Vec<f64> = records.iter().map(|r| r.stats.moves as f64).collect();
        let t = spread(0.0, &secs);
        let m = spread(0.0, &moves);
        let restarts = records.iter().map(|r| r.stats.restarts).max().unwrap_or(0);
        let _ = writeln!(
            md,
            "| `{id}` | {} | {} | {} ({} – {}) | {} ({} – {}) | {restarts} |",
            format_size(*n),
            records.len(),
            format_seconds(t.y),
            format_seconds(t.low),
            format_seconds(t.high),
            format_count(m.y),
            format_count(m.low),
            format_count(m.high),
        );
    }
    md.push('\n');
}

/// The `once` records of each label, in first-seen order, sorted by n.
fn once_runs<'a>(data: &Data<'a>) -> Vec<(String, Vec<&'a CaseRecord>)> {
    let mut runs: Vec<(String, Vec<&CaseRecord>)> = Vec::new();
    for r in data.records.iter().filter(|r| r.group == ONCE) {
        match runs.iter_mut().find(|(id, _)| *id == r.id) {
            Some((_, list)) => list.push(r),
            None => runs.push((r.id.clone(), vec![r])),
        }
    }
    for (_, list) in &mut runs {
        list.sort_by_key(|r| r.n);
    }
    runs
}

/// One line per `once` label: a sweep over many sizes in a sentence, single runs with their
/// numbers.
fn once_lines(data: &Data<'_>) -> Vec<String> {
    let mut lines = Vec::new();
    for (id, runs) in once_runs(data) {
        let seed = runs
            .first()
            .and_then(|r| r.seed)
            .map_or(String::new(), |s| format!(", seed {s}"));
        let (found, not_found): (Vec<&&CaseRecord>, Vec<&&CaseRecord>) = runs
            .iter()
            .partition(|r| r.status == CaseStatus::Measured && r.result == "found");
        let failed: Vec<String> = not_found
            .iter()
            .map(|r| format!("n = {} ({})", format_size(r.n), once_outcome(r)))
            .collect();
        if runs.len() > 3 {
            let total: f64 = runs.iter().map(|r| r.seconds).sum();
            let slowest = found.iter().max_by(|a, b| a.seconds.total_cmp(&b.seconds));
            let mut line = format!(
                "`{id}`{seed}: a validated first solution for {} of the {} sizes n = {}..={}, \
                 {} in all",
                found.len(),
                runs.len(),
                format_size(runs[0].n),
                format_size(runs[runs.len() - 1].n),
                format_seconds(total)
            );
            if let Some(r) = slowest {
                let _ = write!(
                    line,
                    "; slowest n = {} ({}, {} nodes, {} restarts)",
                    format_size(r.n),
                    format_seconds(r.seconds),
                    format_count(r.stats.nodes as f64),
                    r.stats.restarts
                );
            }
            if !failed.is_empty() {
                let _ = write!(line, "; not found: {}", failed.join(", "));
            }
            lines.push(format!("{line}."));
        } else {
            for r in &runs {
                lines.push(format!(
                    "`{id}`{seed} at n = {}: {} in {} (one run; {} moves, {} nodes, {} restarts, \
                     peak heap {}).",
                    format_size(r.n),
                    once_outcome(r),
                    format_seconds(r.seconds),
                    format_count(r.stats.moves as f64),
                    format_count(r.stats.nodes as f64),
                    r.stats.restarts,
                    format_bytes(r.heap_peak_bytes)
                ));
            }
        }
    }
    lines
}

/// What a `once` run ended with, in words.
fn once_outcome(r: &CaseRecord) -> String {
    match r.status {
        CaseStatus::Measured if r.result == "found" => "found and validated".to_string(),
        CaseStatus::Measured => r.result.clone(),
        CaseStatus::OverBudget => "over its time budget".to_string(),
        CaseStatus::Skipped => "skipped".to_string(),
        CaseStatus::Error => format!("error: {}", r.note),
    }
}

fn once_section(md: &mut String, data: &Data<'_>) {
    let lines = once_lines(data);
    if lines.is_empty() {
        return;
    }
    let _ = writeln!(md, "## Timed once\n");
    let _ = writeln!(
        md,
        "Goals too slow or too many for criterion's samples: each run timed once, its solution \
         validated.\n"
    );
    for line in lines {
        let _ = writeln!(md, "- {line}");
    }
    md.push('\n');
}

/// Yardstick rows: criterion's median when present, else the one timed run from the CSV.
fn yardstick_rows(data: &Data<'_>) -> BTreeMap<usize, Vec<(String, f64, bool)>> {
    let mut rows: BTreeMap<usize, Vec<(String, f64, bool)>> = BTreeMap::new();
    for (id, points) in data.estimates(YARDSTICK) {
        for (n, e) in points {
            rows.entry(n)
                .or_default()
                .push((id.clone(), e.median.point, true));
        }
    }
    for r in data
        .records
        .iter()
        .filter(|r| r.group == YARDSTICK && r.status == CaseStatus::Measured)
    {
        let list = rows.entry(r.n).or_default();
        if !list.iter().any(|(id, _, _)| *id == r.id) {
            list.push((r.id.clone(), r.seconds, false));
        }
    }
    for list in rows.values_mut() {
        // The C program first, as the row the others are read against.
        list.sort_by_key(|(id, _, _)| !id.ends_with(".c"));
    }
    rows
}

fn yardstick_table(md: &mut String, data: &Data<'_>) {
    let rows = yardstick_rows(data);
    if rows.is_empty() {
        let _ = writeln!(
            md,
            "No yardstick in this run (it needs `gcc` and the shared `yardstick/` C programs \
             beside the workspace).\n"
        );
        return;
    }
    let _ = writeln!(
        md,
        "The C programs are compiled with `gcc -O3 -march=native` at bench start and timed as \
         processes (start-up included, under a millisecond). Speed-up: the C program's time \
         divided by the Rust time at the same n. Sizes too slow for ten samples (n = 17 in a \
         full run) are timed once each, side by side.\n"
    );
    let _ = writeln!(
        md,
        "| n | program | time | timed by | against C |\n|--:|---|--:|---|--:|"
    );
    for (n, list) in &rows {
        let c = list.iter().find(|(id, _, _)| id.ends_with(".c"));
        for (id, secs, by_criterion) in list {
            let ratio = match c {
                Some((c_id, c_secs, _)) if c_id != id => {
                    format!("{} than `{c_id}`", versus(*c_secs, *secs))
                }
                _ => "-".to_string(),
            };
            let _ = writeln!(
                md,
                "| {n} | `{id}` | {} | {} | {ratio} |",
                format_seconds(*secs),
                if *by_criterion {
                    "criterion median"
                } else {
                    "one run"
                }
            );
        }
    }
    md.push('\n');
}

fn left_out(md: &mut String, data: &Data<'_>) {
    let mut lines = Vec::new();
    let mut seen: Vec<(String, String)> = Vec::new();
    for r in data.records {
        match r.status {
            CaseStatus::OverBudget => {
                let larger = data
                    .records
                    .iter()
                    .filter(|o| {
                        o.group == r.group
                            && o.id == r.id
                            && o.status == CaseStatus::Skipped
                            && o.n > r.n
                    })
                    .count();
                lines.push(format!(
                    "`{}` `{}`: n = {} took over the probe budget ({}){}",
                    r.group,
                    r.id,
                    format_size(r.n),
                    format_seconds(r.seconds),
                    if larger > 0 {
                        format!("; {larger} larger sizes not run")
                    } else {
                        String::new()
                    }
                ));
            }
            CaseStatus::Error => {
                let key = (r.group.clone(), r.id.clone());
                if !seen.contains(&key) {
                    seen.push(key);
                    lines.push(format!(
                        "`{}` `{}`: n = {}: {}",
                        r.group,
                        r.id,
                        format_size(r.n),
                        r.note
                    ));
                }
            }
            CaseStatus::Measured | CaseStatus::Skipped => {}
        }
    }
    if !lines.is_empty() {
        let _ = writeln!(md, "## Left out\n");
        for line in lines {
            let _ = writeln!(md, "- {line}");
        }
        md.push('\n');
    }
}

fn summary_lines(data: &Data<'_>, seeded: &Seeded<'_>) -> Vec<String> {
    let mut lines = Vec::new();
    let count = data.estimates(COUNT);
    // The comparison at n = 12 (the size the project's documents discuss), or the largest n
    // where two or more strategies finished.
    let mut sizes: BTreeMap<usize, Vec<(&str, f64)>> = BTreeMap::new();
    for (id, points) in &count {
        for (n, e) in points {
            sizes.entry(*n).or_default().push((id, e.median.point));
        }
    }
    let at = sizes
        .get_key_value(&12)
        .filter(|(_, l)| l.len() >= 2)
        .or_else(|| sizes.iter().rev().find(|(_, l)| l.len() >= 2));
    if let Some((n, list)) = at {
        let mut list = list.clone();
        list.sort_by(|a, b| a.1.total_cmp(&b.1));
        let (best, best_t) = list[0];
        let others: Vec<String> = list[1..]
            .iter()
            .map(|(id, t)| format!("`{id}` {:.1}× slower", t / best_t))
            .collect();
        lines.push(format!(
            "Counting at n = {n}: `{best}` is fastest ({}); {}.",
            format_seconds(best_t),
            others.join(", ")
        ));
    }
    // The contrast the project's documents draw: permutation filtering against bitmask
    // backtracking on the same board.
    let time_at = |n: usize, id: &str| {
        sizes
            .get(&n)
            .and_then(|list| list.iter().find(|(i, _)| *i == id))
            .map(|p| p.1)
    };
    if let Some((n, p, b)) = sizes
        .keys()
        .rev()
        .filter(|&&n| n <= 12)
        .find_map(|&n| Some((n, time_at(n, "permutation")?, time_at(n, "bitmask")?)))
        && b > 0.0
    {
        lines.push(format!(
            "At n = {n} permutation filtering (`permutation`, {}) is {:.0}× slower than bitmask \
             backtracking (`bitmask`, {}).",
            format_seconds(p),
            p / b,
            format_seconds(b)
        ));
    }
    for (id, points) in &count {
        let times: Vec<(usize, f64)> = points.iter().map(|(n, e)| (*n, e.median.point)).collect();
        let window = fit_window(&times, 0);
        let xs: Vec<f64> = window.iter().map(|p| p.0 as f64).collect();
        let ys: Vec<f64> = window.iter().map(|p| p.1.ln()).collect();
        match slope(&xs, &ys) {
            Some(s) => lines.push(format!(
                "`{id}` counting time grows ×{:.2} per extra row (exponential fit over n = {}..{}).",
                s.exp(),
                window[0].0,
                window[window.len() - 1].0
            )),
            None => lines.push(format!(
                "`{id}` counting: no growth fit, fewer than three sizes take clearly longer than \
                 its fixed cost ({} at n = {}).",
                format_seconds(times.iter().map(|p| p.1).fold(f64::INFINITY, f64::min)),
                times.first().map_or(0, |p| p.0)
            )),
        }
    }
    for (id, points) in data.estimates(FIRST) {
        let times: Vec<(usize, f64)> = points.iter().map(|(n, e)| (*n, e.median.point)).collect();
        let window = fit_window(&times, 100);
        let xs: Vec<f64> = window.iter().map(|p| (p.0 as f64).ln()).collect();
        let ys: Vec<f64> = window.iter().map(|p| p.1.ln()).collect();
        let largest = times.last().copied();
        if let (Some((n, t)), Some(s)) = (largest, slope(&xs, &ys)) {
            lines.push(format!(
                "`{id}` first solution: time ∝ n^{s:.2} (log–log fit over n = {}..{}); n = {} in {}.",
                format_size(window[0].0),
                format_size(window[window.len() - 1].0),
                format_size(n),
                format_seconds(t)
            ));
        } else if let Some((n, t)) = largest {
            lines.push(format!(
                "`{id}` first solution: largest n measured {} ({}).",
                format_size(n),
                format_seconds(t)
            ));
        }
    }
    for (n, list) in yardstick_rows(data) {
        let Some((c_id, c_secs, by_criterion)) = list.iter().find(|(id, _, _)| id.ends_with(".c"))
        else {
            continue;
        };
        let mut others: Vec<&(String, f64, bool)> =
            list.iter().filter(|(id, _, _)| id != c_id).collect();
        others.sort_by(|a, b| a.1.total_cmp(&b.1));
        let ratios: Vec<String> = others
            .iter()
            .map(|(id, secs, _)| {
                format!(
                    "`{id}` {} than {c_id} ({})",
                    versus(*c_secs, *secs),
                    format_seconds(*secs)
                )
            })
            .collect();
        if !ratios.is_empty() {
            lines.push(format!(
                "Yardstick at n = {n} (`{c_id}` {}{}): {}.",
                format_seconds(*c_secs),
                if *by_criterion { "" } else { ", one run each" },
                ratios.join(", ")
            ));
        }
    }
    if let Some((id, n, records)) = seeded.iter().max_by_key(|(_, n, _)| *n) {
        let moves: Vec<f64> = records.iter().map(|r| r.stats.moves as f64).collect();
        let secs: Vec<f64> = records.iter().map(|r| r.seconds).collect();
        let m = spread(0.0, &moves);
        let t = spread(0.0, &secs);
        lines.push(format!(
            "`{id}` at n = {} over {} seeds: median {} moves ({} – {}), {} per run ({} – {}).",
            format_size(*n),
            records.len(),
            format_count(m.y),
            format_count(m.low),
            format_count(m.high),
            format_seconds(t.y),
            format_seconds(t.low),
            format_seconds(t.high)
        ));
    }
    if lines.is_empty() {
        lines.push("Not enough data for a summary.".to_string());
    }
    lines
}

/// Reads criterion results and the statistics CSV, tolerating a missing CSV (a warning) but
/// not a missing criterion directory.
pub fn load(
    criterion_dir: &Path,
    stats_path: &Path,
) -> Result<(CriterionData, Option<StatsFile>), ReportError> {
    let mut criterion = crate::read_criterion(criterion_dir)?;
    let stats = if stats_path.is_file() {
        Some(StatsFile::read(stats_path)?)
    } else {
        criterion.warnings.push(format!(
            "{} not found: run the benches with this crate's harness (`cargo bench`) to record it",
            stats_path.display()
        ));
        None
    };
    Ok((criterion, stats))
}
