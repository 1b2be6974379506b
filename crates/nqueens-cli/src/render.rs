//! `nqueens render`: one board as an SVG or PNG picture.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use nqueens::core::{Config, Operation, Placement, Registry, StopFlag, validate};
use nqueens_report::{ImageFormat, MAX_BOARD, draw_board};

use crate::output::{message, warn};
use crate::{Status, StrategyArgs, UsageError};

/// Options of `nqueens render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// Columns of the queens, row 0 first, separated by spaces or commas (or use --n).
    placement: Vec<String>,
    /// Draw a solution of this size found by a strategy instead of a given placement.
    #[arg(long, value_parser = crate::parse_size, conflicts_with = "placement")]
    n: Option<usize>,
    #[command(flatten)]
    strategy: StrategyArgs,
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

/// A solution of size `n` by the strategy `strategy` names (or the default), with its name.
pub fn solution_of(
    registry: &Registry,
    strategy: &StrategyArgs,
    seed: Option<u64>,
    stop: &StopFlag,
    n: usize,
) -> anyhow::Result<Option<(Vec<u32>, String)>> {
    let (solver, config) = strategy.choose(registry, Operation::First, n, None, stop)?;
    let config = Config { seed, ..config };
    let run = solver.first(n, &config)?;
    if let Some(seed) = run.seed.filter(|_| seed.is_none()) {
        message(&format!("seed: {seed}"));
    }
    Ok(run
        .into_solution()
        .map(|solution| (solution.into_columns(), solver.name().to_string())))
}

/// Runs `nqueens render`.
pub fn run(registry: &Registry, stop: &StopFlag, args: &RenderArgs) -> anyhow::Result<Status> {
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
            if args.seed.is_some() {
                let (solver, config) =
                    args.strategy
                        .choose(registry, Operation::First, n, None, stop)?;
                let config = Config {
                    seed: args.seed,
                    ..config
                };
                crate::solve::warn_about_ignored(solver, n, &config)?;
            }
            match solution_of(registry, &args.strategy, args.seed, stop, n)? {
                Some((columns, strategy)) => {
                    let seed = args.seed.map_or(String::new(), |s| format!(" (seed {s})"));
                    let caption = format!("n = {n}: a solution found by {strategy}{seed}");
                    (columns, caption)
                }
                None => {
                    message(&format!("no solution found for n = {n}: nothing drawn"));
                    return Ok(Status::Negative);
                }
            }
        }
        None => {
            if args.placement.is_empty() {
                anyhow::bail!(UsageError(
                    "give a placement (e.g. `1 3 0 2`) or --n N".to_string()
                ));
            }
            let unused: Vec<&str> = [
                ("--strategy", args.strategy.strategy.is_some()),
                ("--variant", args.strategy.variant.is_some()),
                ("--seed", args.seed.is_some()),
            ]
            .into_iter()
            .filter_map(|(flag, given)| given.then_some(flag))
            .collect();
            if !unused.is_empty() {
                warn(&format!(
                    "{} does nothing when a placement is given: no strategy runs",
                    unused.join(" and ")
                ));
            }
            let placement: Placement = args
                .placement
                .join(" ")
                .parse()
                .map_err(|e: nqueens::core::ParsePlacementError| UsageError(e.to_string()))?;
            let columns = placement.columns().to_vec();
            // The same refusal, with the same status, as `--n` past the largest board.
            if columns.len() > MAX_BOARD {
                anyhow::bail!(UsageError(format!(
                    "a placement of {} queens is larger than the largest board drawn ({MAX_BOARD})",
                    columns.len()
                )));
            }
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
                    warn(&format!("not a solution ({why}); drawn anyway"));
                    format!("n = {}{shown} (not a solution: {why})", columns.len())
                }
            };
            (columns, caption)
        }
    };
    // Written to a temporary file and renamed into place: a failure leaves the old picture.
    draw_board(&columns, &caption, &args.out, format)?;
    let mut out = crate::output::stdout()?;
    writeln!(out, "{}", args.out.display())?;
    out.flush()?;
    Ok(Status::Success)
}
