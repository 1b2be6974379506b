//! `nqueens report`: charts, board pictures and `reports/README.md` from a `cargo bench` run.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, ValueEnum};
use nqueens::core::{Config, Registry, StopFlag};
use nqueens_report::export::Export;
use nqueens_report::project::{compare_sample, strategies_table};
use nqueens_report::{
    BENCH_DIR, Baseline, BoardPicture, Family, MAX_BOARD, Noise, ReportInput, ReportOptions,
    Reproduction, RunManifest, STATS_CSV, StatsFile, TracePicture, Verdict, load, origin,
    read_by_hand, utc_now, write_atomically, write_report,
};
use nqueens_trace::svg::{Timing, write_svg};
use nqueens_trace::{Trace, frames, html::write_html, record};

use crate::{Status, StrategyArgs};

/// Options of `nqueens report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// Criterion's output directory [default: $CARGO_TARGET_DIR/criterion when set, else
    /// target/criterion].
    #[arg(long, value_name = "DIR")]
    criterion: Option<PathBuf>,
    /// The bench harness's statistics [default: $CARGO_TARGET_DIR/nqueens-bench/stats.csv when
    /// set, else target/nqueens-bench/stats.csv].
    #[arg(long, value_name = "FILE")]
    stats: Option<PathBuf>,
    /// Where to write the charts, boards, README.md and the export (results.json, results.csv)
    /// [default: reports].
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Also write PNG copies of the charts and boards.
    #[arg(long)]
    png: bool,
    /// Board sizes to draw a solution of (the default strategy for each size finds it)
    /// [default: 8,32].
    #[arg(long, value_name = "N,..", value_delimiter = ',', value_parser = crate::parse_size)]
    boards: Option<Vec<usize>>,
    /// Compare with an earlier run: a directory the bench saved
    /// (target/nqueens-bench/runs/RUN) or a criterion directory. Adds a ratio per case with
    /// its confidence interval and noise band; regressions and gains lead the summary. Repeat
    /// it with several runs of one build: their spread is then the noise each case is judged
    /// against.
    #[arg(long, value_name = "DIR")]
    baseline: Vec<PathBuf>,
    /// Report rows measured by runs of different builds (commit, uncommitted changes, profile,
    /// machine, compiler, flags); every table row then names its run.
    #[arg(long)]
    allow_mixed: bool,
    /// Report what an interrupted bench run measured.
    #[arg(long)]
    allow_partial: bool,
    /// Counts run by hand, stated in the report's *Counted by hand* (each checked against
    /// OEIS A000170) [default: benches/by-hand.csv, when it exists].
    #[arg(long, value_name = "FILE")]
    by_hand: Option<PathBuf>,
    /// What to write: the report with the run's results beside it, or the results alone.
    #[arg(long, value_enum, default_value_t = Format::Report, long_help = format!(
        "What to write: the report with the run's results beside it, or the results alone. \
         Measures: {}; a figure from the statistics is the median over the seeds, its bounds \
         their range.",
        nqueens_report::export::measures()
    ))]
    format: Format,
}

/// What `nqueens report` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The report, and the run's results beside it (results.json, results.csv).
    Report,
    /// The run's results in the Bencher Metric Format ({benchmark: {measure: {value,
    /// lower_value, upper_value}}}), to standard output.
    Json,
    /// The same as CSV (benchmark,measure,value,lower,upper), to standard output.
    Csv,
}

/// The counts run by hand that the repository keeps, read when `--by-hand` is not given.
const DEFAULT_BY_HAND: &str = "benches/by-hand.csv";

/// `$CARGO_TARGET_DIR/<rest>` when the variable is set, else `target/<rest>`.
fn in_target(rest: &str) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| PathBuf::from("target"), PathBuf::from)
        .join(rest)
}

/// Runs `nqueens report`.
pub fn run(registry: &Registry, stop: &StopFlag, args: &ReportArgs) -> anyhow::Result<Status> {
    refuse_report_options(args)?;
    let criterion_dir = (args.criterion.clone()).unwrap_or_else(|| in_target("criterion"));
    let stats_path = args.stats.clone().unwrap_or_else(|| in_target(STATS_CSV));
    if args.stats.is_some() && !stats_path.exists() {
        anyhow::bail!(
            "--stats {}: no such file (the bench writes it to {})",
            stats_path.display(),
            in_target(STATS_CSV).display()
        );
    }
    let (criterion, stats) = load(&criterion_dir, &stats_path)?;
    let manifest = match &stats {
        Some(stats) => check_runs(stats, &stats_path, args)?,
        None => None,
    };
    if args.format != Format::Report {
        for warning in &criterion.warnings {
            crate::output::warn(warning);
        }
        let export = Export::of_run(&criterion, stats.as_ref(), manifest.as_ref());
        let mut out = crate::output::stdout()?;
        match args.format {
            Format::Csv => export.write_csv(&mut out)?,
            _ => export.write_json(&mut out)?,
        }
        out.flush()?;
        return Ok(Status::Success);
    }
    let out_dir = args.out.clone().unwrap_or_else(|| PathBuf::from("reports"));
    let read = |dir: &PathBuf| {
        Baseline::read(dir).with_context(|| format!("reading the baseline {}", dir.display()))
    };
    let baselines: anyhow::Result<Vec<_>> = args.baseline.iter().map(read).collect();
    let baselines = baselines?;
    Baseline::check_one_build(&baselines)?;
    let kept = in_target(BENCH_DIR).join("runs");
    let noise = (!baselines.is_empty()).then(|| Noise::for_comparison(&baselines, Some(&kept)));
    let by_hand = match &args.by_hand {
        Some(path) => read_by_hand(path)?,
        None if Path::new(DEFAULT_BY_HAND).is_file() => read_by_hand(Path::new(DEFAULT_BY_HAND))?,
        None => Vec::new(),
    };
    let mut boards = Vec::new();
    let default_strategy = StrategyArgs::default();
    for &n in args.boards.as_deref().unwrap_or(&[8, 32]) {
        if n > MAX_BOARD {
            anyhow::bail!("--boards: n = {n} is larger than the largest board drawn ({MAX_BOARD})");
        }
        match crate::render::solution_of(registry, &default_strategy, Some(1), stop, n)? {
            Some((columns, strategy)) => boards.push(BoardPicture { columns, strategy }),
            None => crate::output::warn(&format!("no solution for n = {n}, board left out")),
        }
    }
    let bench_args = stats.as_ref().and_then(|s| s.meta("args")).map(str::trim);
    let bench_args = bench_args.filter(|a| !a.is_empty());
    let bench_args = bench_args.map_or(String::new(), |a| format!(" -- {a}"));
    // The bench's command, the filtered reruns merged into its statistics since, this one.
    let mut commands = vec![format!("cargo bench --bench compare{bench_args}")];
    let updates = stats.iter().flat_map(StatsFile::updates);
    commands.extend(updates.map(|u| format!("cargo bench --bench compare -- {}", u.args.trim())));
    let report_args = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    let report = format!("cargo run --release --bin nqueens -- {report_args}");
    commands.push(report);
    // The traces are drawn here and written only once the report is: a report refused (by
    // `write_report`'s checks of its inputs) leaves every file of the one there as it was.
    let (traces, trace_page, trace_files) = draw_traces(registry, stop, &out_dir)?;
    let export = Export::of_run(&criterion, stats.as_ref(), manifest.as_ref());
    let input = ReportInput {
        criterion,
        stats,
        machine: None,
        generated: utc_now(),
        boards,
        traces,
        trace_page,
        manifest,
        baselines,
        noise,
        by_hand,
        strategies: Family::of_registry(registry),
        literature: Reproduction::of_registry(registry),
        readme_blocks: vec![
            ("strategies".to_string(), strategies_table(registry)),
            ("compare".to_string(), compare_sample(registry, stop)),
            ("export".to_string(), export.sample()),
        ],
        commands,
    };
    let options = ReportOptions {
        out: out_dir.clone(),
        png: args.png,
    };
    let summary = write_report(&input, &options)
        .with_context(|| format!("writing the report into {}", out_dir.display()))?;
    for (path, bytes) in &trace_files {
        write_atomically(path, |w| w.write_all(bytes))?;
    }
    let export = export.write_files(&out_dir)?;
    for warning in &summary.warnings {
        crate::output::warn(warning);
    }
    if let Some(changes) = &summary.changes {
        let count = |v: Verdict| changes.iter().filter(|c| c.verdict == v).count();
        let [slower, faster, within] =
            [Verdict::Regression, Verdict::Gain, Verdict::Noise].map(count);
        let cases = changes.len();
        crate::output::warn(&format!(
            "against the baseline: {slower} slower, {faster} faster, {within} within the noise \
             (of {cases} cases and kernels in both runs)"
        ));
    }
    let mut out = crate::output::stdout()?;
    let traces = trace_files.iter().map(|(path, _)| path);
    for file in traces.chain(&export).chain(&summary.files) {
        writeln!(out, "{}", file.display())?;
    }
    out.flush()?;
    Ok(Status::Success)
}

/// With `--format json` or `csv`, the report's own options are refused, not ignored.
fn refuse_report_options(args: &ReportArgs) -> anyhow::Result<()> {
    if args.format == Format::Report {
        return Ok(());
    }
    let report_only = [
        ("--out", args.out.is_some()),
        ("--png", args.png),
        ("--boards", args.boards.is_some()),
        ("--baseline", !args.baseline.is_empty()),
        ("--by-hand", args.by_hand.is_some()),
    ];
    let format = args.format.to_possible_value();
    let format = format.as_ref().map_or("", |v| v.get_name());
    if let Some((flag, _)) = report_only.iter().find(|(_, given)| *given) {
        anyhow::bail!(
            "{flag} belongs to the report, and --format {format} prints the results alone: drop \
             {flag}, or use --format report (which writes them beside the report)"
        );
    }
    Ok(())
}

/// The run manifest beside the statistics, checked: every row's run listed, one build unless
/// `--allow-mixed`, every run finished unless `--allow-partial`. `None` (with a warning) for
/// statistics without a manifest.
fn check_runs(
    stats: &StatsFile,
    stats_path: &Path,
    args: &ReportArgs,
) -> anyhow::Result<Option<RunManifest>> {
    let path = RunManifest::path_beside(stats_path);
    if !path.exists() {
        crate::output::warn(&format!(
            "no run manifest ({}): the report cannot say which commit and build measured it",
            path.display()
        ));
        return Ok(None);
    }
    let manifest = RunManifest::read(&path)?;
    let origin = origin(&manifest, &stats.records, &path)?;
    if !origin.mixed.is_empty() && !args.allow_mixed {
        let runs: Vec<String> = origin
            .runs
            .iter()
            .map(|r| format!("{} ({}, {} profile)", r.commit_label(), r.date(), r.profile))
            .collect();
        let (mixed, runs) = (origin.mixed.join("; "), runs.join(", "));
        anyhow::bail!(
            "the statistics mix results of different runs that cannot stand side by side \
             ({mixed}); runs: {runs}. Rerun `cargo bench` whole, or pass --allow-mixed to mark \
             every row with its run"
        );
    }
    if let Some(run) = origin.interrupted.first()
        && !args.allow_partial
    {
        let (date, commit, profile) = (run.date(), run.commit_label(), &run.profile);
        let (done, planned) = (run.cases_done, run.cases_planned);
        anyhow::bail!(
            "the bench run of {date} (commit {commit}, {profile} profile) was interrupted after \
             {done} of {planned} cases; rerun `cargo bench`, or pass --allow-partial to report \
             what it measured"
        );
    }
    Ok(Some(manifest))
}

/// Steps each report trace keeps: enough for most families to finish at n = 8, few enough for
/// pictures of a few hundred kilobytes.
const REPORT_TRACE_STEPS: u64 = 400;

/// A file drawn for the report, not yet written: its path and its bytes.
type DrawnFile = (PathBuf, Vec<u8>);

/// Records one trace per family at n = 8, draws each as an animated SVG and all of
/// them in one HTML player page: each file's path in `out` and its bytes, written by the
/// caller once the report is.
fn draw_traces(
    registry: &Registry,
    stop: &StopFlag,
    out: &Path,
) -> anyhow::Result<(Vec<TracePicture>, Option<String>, Vec<DrawnFile>)> {
    let n = 8;
    let mut pictures = Vec::new();
    let mut traces: Vec<Trace> = Vec::new();
    let mut files = Vec::new();
    // Each strategy that declares a showcase, in registry order, at n = 8.
    for solver in registry.available() {
        let Some(showcase) = solver.capabilities().showcase else {
            continue;
        };
        let (family, variant, seed) = (showcase.family, showcase.variant, showcase.seed);
        let strategy = solver.name();
        let config = Config {
            variant: variant.map(str::to_string),
            seed,
            stop: stop.clone(),
            ..Config::default()
        };
        let trace = record(solver, n, config, REPORT_TRACE_STEPS)?;
        if stop.is_stopped() && !trace.end.cut {
            anyhow::bail!("interrupted while recording the traces");
        }
        let file = format!("trace-{strategy}.svg");
        let path = out.join(&file);
        let drawn = frames(&trace)?;
        let mut svg = Vec::new();
        write_svg(&trace, &drawn, Timing::default(), &mut svg)?;
        let name = variant.map_or(strategy.to_string(), |v| format!("{strategy} ({v})"));
        let ending = if trace.end.cut {
            format!("the first {} steps", trace.end.steps)
        } else {
            format!("{} steps to a solution", trace.end.steps)
        };
        let seed = seed.map_or(String::new(), |seed| format!(", seed {seed}"));
        pictures.push(TracePicture {
            family: family.to_string(),
            file,
            caption: format!("{name}, n = {n}{seed}: {ending}"),
        });
        files.push((path, svg));
        traces.push(trace);
    }
    let page = "traces.html".to_string();
    let mut html = Vec::new();
    write_html(&traces, &mut html)?;
    files.push((out.join(&page), html));
    Ok((pictures, Some(page), files))
}
