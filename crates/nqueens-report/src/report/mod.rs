//! The whole report: charts, board pictures and `README.md`, from criterion's estimates and the
//! statistics CSV ([`data`] indexes them; [`charts`] and [`readme`] present them).

mod charts;
mod data;
mod fits;
mod instructions;
mod literature;
mod literature_runs;
mod memory;
mod once;
mod readme;
mod summary;
mod tables;
mod tradeoffs;
mod versus;

use std::path::{Path, PathBuf};

use data::Data;
pub use literature::Reproduction;

use crate::group::COMPLETION;
use crate::{
    Baseline, CriterionData, Estimate, Family, ImageFormat, Machine, Noise, ReportError,
    RunManifest, StatsFile, Update, draw_board,
};

/// A solution to draw as a chessboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPicture {
    /// One 0-based column per row.
    pub columns: Vec<u32>,
    /// The strategy that found it.
    pub strategy: String,
}

/// An animated trace of a search, drawn by the caller into the report's directory.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TracePicture {
    /// The family of strategies it stands for (`backtracking`, `local search`).
    pub family: String,
    /// The picture's file name, relative to the report's directory.
    pub file: String,
    /// What it shows (strategy, size, steps).
    pub caption: String,
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
    /// Animated traces already drawn, one per family of strategies.
    pub traces: Vec<TracePicture>,
    /// The HTML player page of those traces, relative to the report's directory, if written.
    pub trace_page: Option<String>,
    /// The commands that produced the data, shown in the README.
    pub commands: Vec<String>,
    /// The run manifest beside the statistics: which run measured each row.
    pub manifest: Option<RunManifest>,
    /// Earlier runs to compare with (`--baseline`, repeated: runs of one build).
    pub baselines: Vec<Baseline>,
    /// The between-run noise to judge against; `None`: [`Noise::reference`].
    pub noise: Option<Noise>,
    /// Counts run by hand, already checked (see [`read_by_hand`](crate::read_by_hand)).
    pub by_hand: Vec<crate::HandCount>,
    /// Blocks of the project README to fill besides the tradeoffs, by name ([`crate::project`]).
    pub readme_blocks: Vec<(String, String)>,
    /// The registered strategies, in registry order ([`Family::of_registry`]): the styles,
    /// and the tradeoffs they declare.
    pub strategies: Vec<Family>,
    /// The experiments of the literature the registered strategies declare
    /// ([`Reproduction::of_registry`]), for *The literature, reproduced*.
    pub literature: Vec<Reproduction>,
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
    /// The comparison with the baseline, when one was given.
    pub changes: Option<Vec<crate::Change>>,
}

/// Where and when the benchmarks ran (the statistics' machine and date where they name them),
/// and the filtered reruns merged since, as the charts' subheading and the README's head say it.
struct Provenance {
    machine: Machine,
    run_date: String,
    updates: Vec<Update>,
}

impl Provenance {
    fn new(input: &ReportInput) -> Self {
        let stats = input.stats.as_ref();
        let named = |s: &StatsFile| {
            let (cpu, cores) = (s.meta("cpu")?.to_string(), s.meta("cores")?.parse().ok()?);
            Some(Machine { cpu, cores })
        };
        let machine = stats.and_then(named).or_else(|| input.machine.clone());
        let run_date = stats.and_then(|s| s.meta("date"));
        Self {
            machine: machine.unwrap_or_else(Machine::detect),
            run_date: run_date.unwrap_or(&input.generated).to_string(),
            updates: stats.map(StatsFile::updates).unwrap_or_default(),
        }
    }

    /// The second line of every chart's heading.
    fn subheading(&self) -> String {
        let last = self.updates.last();
        let rerun = last.map_or(String::new(), |u| format!(", partly rerun {}", u.date));
        let machine = self.machine.describe();
        format!("{machine} · benchmarked {}{rerun}", self.run_date)
    }
}

/// Writes the report into `options.out`; a chart without data is left out with a warning.
pub fn write_report(
    input: &ReportInput,
    options: &ReportOptions,
) -> Result<ReportSummary, ReportError> {
    crate::register_fonts();
    let out = &options.out;
    let data = Data::new(input);
    // Everything that can refuse the report does so before a file is written, so the report
    // already there stays as it was.
    if input.stats.is_some() && data.estimates.is_empty() && !input.criterion.estimates.is_empty() {
        return Err(ReportError::NoResults {
            dir: PathBuf::from("criterion"),
            hint: format!(
                "none of its {} results belong to the run the statistics describe: they were \
                 left by another run or another version of the bench harness (or copied \
                 without their modification times: copy with `cp -a`); rerun `cargo bench`",
                input.criterion.estimates.len()
            ),
        });
    }
    Baseline::check_one_build(&input.baselines)?;
    let noise = input.noise.clone().unwrap_or_else(Noise::reference);
    let (stats, baselines) = (input.stats.as_ref(), &input.baselines);
    let compare = || crate::data::baseline::compare(&data.estimates, stats, baselines, &noise);
    let changes = (!baselines.is_empty()).then(compare).transpose()?;
    // The tradeoffs lead the summary and fill the project README's block.
    let tradeoffs = tradeoffs::tradeoff_lines(&data)?;
    std::fs::create_dir_all(out).map_err(|e| ReportError::io("creating", out, e))?;
    let mut summary = ReportSummary {
        warnings: warnings(&data),
        ..ReportSummary::default()
    };
    let provenance = Provenance::new(input);
    let formats: &[ImageFormat] = if options.png {
        &[ImageFormat::Svg, ImageFormat::Png]
    } else {
        &[ImageFormat::Svg]
    };
    let charts = charts::draw_charts(&data, &provenance.subheading(), out, formats, &mut summary)?;
    let boards = draw_boards(&input.boards, out, formats, &mut summary)?;
    let versus = changes.as_ref().map(|changes| versus::Against {
        changes,
        baselines,
        noise: &noise,
        uncompared: crate::data::baseline::uncompared_kernels(stats, baselines),
    });
    let readme = readme::readme(&data, &provenance, &tradeoffs, (&charts, &boards), versus)?;
    summary.changes = changes.clone();
    let path = out.join("README.md");
    crate::write_atomically(&path, |out| out.write_all(readme.as_bytes()))?;
    summary.files.push(path);
    if let Some(project) = project_readme(&data, &tradeoffs, out)? {
        summary.files.push(project);
    }
    Ok(summary)
}

/// Fills the generated blocks of the project README beside the report's directory
/// (`reports/../README.md`) that it has markers for ([`crate::project`]): the tradeoffs, from
/// the run, and the caller's blocks (`input.readme_blocks`); returns its path if it changed.
fn project_readme(
    data: &Data<'_>,
    lines: &[String],
    out: &Path,
) -> Result<Option<PathBuf>, ReportError> {
    let Some(path) = out.parent().map(|dir| dir.join("README.md")) else {
        return Ok(None);
    };
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(None);
    };
    let tradeoffs: String = lines.iter().map(|line| format!("- {line}\n")).collect();
    let given = data.input.readme_blocks.iter();
    let given = given.map(|(name, body)| (name.as_str(), body.as_str()));
    let blocks = std::iter::once(("tradeoffs", tradeoffs.as_str())).chain(given);
    let mut filled = text.clone();
    for (name, body) in blocks {
        if !body.is_empty()
            && let Some(next) = crate::project::fill(&filled, name, body)
        {
            filled = next;
        }
    }
    if filled == text {
        return Ok(None);
    }
    crate::write_atomically(&path, |out| out.write_all(filled.as_bytes()))?;
    Ok(Some(path))
}

/// What the report has to leave out of its sources, and why.
fn warnings(data: &Data<'_>) -> Vec<String> {
    let input = data.input;
    let mut warnings = input.criterion.warnings.clone();
    // Completion instances are named `n-k-seed`, not by size, and are not charted by time.
    let sizeless = |e: &&&Estimate| e.n().is_none() && e.group != COMPLETION;
    let sizeless: Vec<_> = data.estimates.iter().filter(sizeless).copied().collect();
    let stale = "the statistics CSV does not list them as measured (left by an earlier run)";
    let no_size = "their parameter is not a board size";
    for (left_out, why) in [(data.stale.clone(), stale), (sizeless, no_size)] {
        if let Some(e) = left_out.first() {
            let first = format!("{}/{}/{}", e.group, e.function, e.parameter);
            let count = left_out.len();
            warnings.push(format!(
                "{count} criterion result(s) left out: {why}, e.g. {first}"
            ));
        }
    }
    if input.stats.is_none() {
        let why = "the report has times but no node counts, seeds or skipped cases";
        warnings.push(format!("no statistics CSV: {why}"));
    }
    warnings
}

/// Draws each board as `board-<n>` in every format; returns each board's size and finder.
fn draw_boards(
    boards: &[BoardPicture],
    out: &Path,
    formats: &[ImageFormat],
    summary: &mut ReportSummary,
) -> Result<Vec<(usize, String)>, ReportError> {
    let mut drawn = Vec::new();
    for board in boards {
        let n = board.columns.len();
        // Longer placements do not fit on the caption line.
        let shown = (n <= 16).then(|| format!(" ({})", nqueens_core::Columns(&board.columns)));
        let shown = shown.unwrap_or_default();
        let caption = format!("n = {n}: a solution found by {}{shown}", board.strategy);
        for &format in formats {
            let path = out.join(format!("board-{n}.{}", format.extension()));
            draw_board(&board.columns, &caption, &path, format)?;
            summary.files.push(path);
        }
        drawn.push((n, board.strategy.clone()));
    }
    Ok(drawn)
}

/// The documents' template environment: a block tag's line holds nothing else.
fn environment() -> minijinja::Environment<'static> {
    let mut env = minijinja::Environment::new();
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    env.set_keep_trailing_newline(true);
    env
}

/// Reads criterion results and the statistics CSV; a missing CSV is a warning.
pub fn load(
    criterion_dir: &Path,
    stats_path: &Path,
) -> Result<(CriterionData, Option<StatsFile>), ReportError> {
    let mut criterion = crate::read_criterion(criterion_dir)?;
    let stats = if stats_path.exists() {
        // A directory, device or pipe is refused by the read, not taken for a missing file.
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
