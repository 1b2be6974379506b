//! `nqueens report`: charts, board pictures and `reports/README.md` from a `cargo bench` run.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use nqueens::core::{Registry, StopFlag};
use nqueens_report::{
    BoardPicture, MAX_BOARD, ReportInput, ReportOptions, STATS_CSV, load, utc_now, write_report,
};

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

/// `$CARGO_TARGET_DIR/<rest>` when the variable is set, else `target/<rest>`.
fn in_target(rest: &str) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| PathBuf::from("target"), PathBuf::from)
        .join(rest)
}

/// Runs `nqueens report`.
pub fn run(registry: &Registry, stop: &StopFlag, args: &ReportArgs) -> anyhow::Result<Status> {
    let criterion_dir = args
        .criterion
        .clone()
        .unwrap_or_else(|| in_target("criterion"));
    let stats_path = args.stats.clone().unwrap_or_else(|| in_target(STATS_CSV));
    let (criterion, stats) = load(&criterion_dir, &stats_path)?;
    let mut boards = Vec::new();
    let default_strategy = StrategyArgs::default();
    for &n in &args.boards {
        if n > MAX_BOARD {
            anyhow::bail!("--boards: n = {n} is larger than the largest board drawn ({MAX_BOARD})");
        }
        match crate::render::solution_of(registry, &default_strategy, Some(1), stop, n)? {
            Some((columns, strategy)) => boards.push(BoardPicture { columns, strategy }),
            None => crate::output::warn(&format!("no solution for n = {n}, board left out")),
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
        crate::output::warn(warning);
    }
    let mut out = crate::output::stdout()?;
    for file in &summary.files {
        writeln!(out, "{}", file.display())?;
    }
    out.flush()?;
    Ok(Status::Success)
}
