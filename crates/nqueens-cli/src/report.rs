//! `nqueens report` (charts and `reports/README.md` from a `cargo bench` run) and
//! `nqueens render` (one board as a picture).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use nqueens::core::{Config, Operation, Outcome, Placement, Registry, StopFlag, validate};
use nqueens_report::{
    BoardPicture, ImageFormat, MAX_BOARD, ReportInput, ReportOptions, draw_board, load, utc_now,
    write_report,
};

use crate::{Pick, UsageError};

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
    /// Where to write the charts, boards and README.md.
    #[arg(long, value_name = "DIR", default_value = "reports")]
    out: PathBuf,
    /// Also write PNG copies of the charts and boards.
    #[arg(long)]
    png: bool,
    /// Board sizes to draw a solution of (the default strategy for each size finds it).
    #[arg(long, value_name = "N,..", value_delimiter = ',', default_values_t = [8, 32],
          value_parser = crate::parse_size)]
    boards: Vec<usize>,
}

/// Options of `nqueens render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// Columns of the queens, row 0 first, separated by spaces or commas (or use --n).
    placement: Vec<String>,
    /// Draw a solution of this size found by a strategy instead of a given placement.
    #[arg(long, value_parser = crate::parse_size, conflicts_with = "placement")]
    n: Option<usize>,
    #[command(flatten)]
    pick: Pick,
    /// Seed for randomized strategies.
    #[arg(long)]
    seed: Option<u64>,
    /// The picture to write: FILE.svg or FILE.png.
    #[arg(long, short, value_parser = parse_picture_path)]
    out: PathBuf,
}

fn parse_picture_path(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    match ImageFormat::from_path(&path) {
        Some(_) => Ok(path),
        None => Err(format!("{text:?} must end in .svg or .png")),
    }
}

/// `$CARGO_TARGET_DIR/<rest>` when the variable is set, else `target/<rest>`.
fn in_target(rest: &str) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| PathBuf::from("target"), PathBuf::from)
        .join(rest)
}

/// Finds a solution of size `n` with `solver` (the registry's default when none is named).
fn solve(
    registry: &Registry,
    pick: &Pick,
    seed: Option<u64>,
    stop: &StopFlag,
    n: usize,
) -> anyhow::Result<Option<(Vec<u32>, String)>> {
    let solver = crate::choose(registry, pick, Operation::First, n)?;
    let config = Config {
        seed,
        ..crate::config(stop, pick)
    };
    let run = solver.first(n, &config)?;
    Ok(match run.outcome {
        Outcome::Found(solution) => Some((solution.into_columns(), solver.name().to_string())),
        Outcome::NoSolution | Outcome::Stopped(_) => None,
    })
}

/// Runs `nqueens report`.
pub fn run_report(
    registry: &Registry,
    stop: &StopFlag,
    args: &ReportArgs,
) -> anyhow::Result<ExitCode> {
    let criterion_dir = args
        .criterion
        .clone()
        .unwrap_or_else(|| in_target("criterion"));
    let stats_path = args
        .stats
        .clone()
        .unwrap_or_else(|| in_target("nqueens-bench/stats.csv"));
    let (criterion, stats) = load(&criterion_dir, &stats_path)?;
    let mut boards = Vec::new();
    let default_pick = Pick {
        strategy: None,
        variant: None,
    };
    for &n in &args.boards {
        if n > MAX_BOARD {
            anyhow::bail!("--boards: n = {n} is larger than the largest board drawn ({MAX_BOARD})");
        }
        match solve(registry, &default_pick, Some(1), stop, n)? {
            Some((columns, strategy)) => boards.push(BoardPicture { columns, strategy }),
            None => eprintln!("warning: no solution for n = {n}, board left out"),
        }
    }
    let bench_args = stats
        .as_ref()
        .and_then(|s| s.meta("args"))
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map_or(String::new(), |a| format!(" -- {a}"));
    // Filtered reruns merged into the statistics since: their commands, in order.
    let reruns: Vec<String> = stats.as_ref().map_or(Vec::new(), |s| {
        s.updates()
            .iter()
            .map(|u| format!("cargo bench --bench compare -- {}", u.args.trim()))
            .collect()
    });
    let report_args: Vec<String> = std::env::args().skip(1).collect();
    let input = ReportInput {
        criterion,
        stats,
        machine: None,
        generated: utc_now(),
        boards,
        commands: std::iter::once(format!("cargo bench --bench compare{bench_args}"))
            .chain(reruns)
            .chain(std::iter::once(format!(
                "cargo run --release --bin nqueens -- {}",
                report_args.join(" ")
            )))
            .collect(),
    };
    let options = ReportOptions {
        out: args.out.clone(),
        png: args.png,
    };
    let summary = write_report(&input, &options)
        .with_context(|| format!("writing the report into {}", args.out.display()))?;
    for warning in &summary.warnings {
        eprintln!("warning: {warning}");
    }
    for file in &summary.files {
        println!("{}", file.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `nqueens render`.
pub fn run_render(
    registry: &Registry,
    stop: &StopFlag,
    args: &RenderArgs,
) -> anyhow::Result<ExitCode> {
    let Some(format) = ImageFormat::from_path(&args.out) else {
        anyhow::bail!(UsageError(format!(
            "{} must end in .svg or .png",
            args.out.display()
        )));
    };
    let (columns, caption) = match args.n {
        Some(n) => {
            if n > MAX_BOARD {
                anyhow::bail!(UsageError(format!(
                    "n = {n} is larger than the largest board drawn ({MAX_BOARD})"
                )));
            }
            match solve(registry, &args.pick, args.seed, stop, n)? {
                Some((columns, strategy)) => {
                    let seed = args.seed.map_or(String::new(), |s| format!(" (seed {s})"));
                    let caption = format!("n = {n}: a solution found by {strategy}{seed}");
                    (columns, caption)
                }
                None => {
                    eprintln!("no solution found for n = {n}: nothing drawn");
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
        None => {
            if args.placement.is_empty() {
                anyhow::bail!(UsageError(
                    "give a placement (e.g. `1 3 0 2`) or --n N".to_string()
                ));
            }
            let placement: Placement = args
                .placement
                .join(" ")
                .parse()
                .map_err(|e: nqueens::core::ParsePlacementError| UsageError(e.to_string()))?;
            let columns = placement.columns().to_vec();
            // A queen off the board cannot be drawn: refuse before warning about anything else.
            if let Some((row, &column)) = columns
                .iter()
                .enumerate()
                .find(|&(_, &column)| column as usize >= columns.len())
            {
                anyhow::bail!(UsageError(format!(
                    "the queen of row {row} is in column {column}, outside a board of size {}",
                    columns.len()
                )));
            }
            // Long placements do not fit on one caption line.
            let shown = if columns.len() <= 16 {
                format!(": {placement}")
            } else {
                String::new()
            };
            let caption = match validate(&columns) {
                Ok(()) => format!("n = {}{shown}", columns.len()),
                Err(why) => {
                    eprintln!("warning: not a solution ({why}); drawn anyway");
                    format!("n = {}{shown} (not a solution: {why})", columns.len())
                }
            };
            (columns, caption)
        }
    };
    draw_board(&columns, &caption, &args.out, format)?;
    println!("{}", args.out.display());
    Ok(ExitCode::SUCCESS)
}
