//! `nqueens solve`: one solution, as a line of columns, optionally with the board.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use nqueens::core::{
    Board, BoardStyle, Columns, Config, Ended, Operation, Registry, Stats, StopFlag,
};
use serde::Serialize;

use crate::{Status, StrategyArgs, UsageError};

/// Options of `nqueens solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Board size (at least 1).
    #[arg(value_parser = crate::parse_size)]
    n: usize,
    #[command(flatten)]
    strategy: StrategyArgs,
    /// Seed for randomized strategies (one is chosen and reported when omitted).
    #[arg(long)]
    seed: Option<u64>,
    /// Work budget for one run, in the strategy's unit (moves, nodes); default: its own.
    #[arg(long)]
    budget: Option<u64>,
    /// Write the solution line (and board) to this file instead of standard output.
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// Also draw the board.
    #[arg(long)]
    board: bool,
    /// Draw the board with Unicode pieces and squares (implies --board).
    #[arg(long)]
    unicode: bool,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

/// Largest board `solve --board` draws: beyond it the picture is unreadable and huge.
const MAX_BOARD_PICTURE: usize = 1000;

#[derive(Serialize)]
struct SolveReport<'a> {
    n: usize,
    strategy: &'a str,
    variant: Option<&'a str>,
    seed: Option<u64>,
    outcome: &'a str,
    solution: Option<&'a [u32]>,
    seconds: f64,
    stats: Stats,
}

/// Runs `nqueens solve`.
pub fn run(registry: &Registry, stop: &StopFlag, args: &SolveArgs) -> anyhow::Result<Status> {
    let n = args.n;
    let style = match (args.board, args.unicode) {
        (_, true) => Some(BoardStyle::Unicode),
        (true, false) => Some(BoardStyle::Ascii),
        (false, false) => None,
    };
    if style.is_some() && n > MAX_BOARD_PICTURE {
        anyhow::bail!(UsageError(format!(
            "a board picture of n = {n} would have {n}² squares; --board draws up to n = {MAX_BOARD_PICTURE}"
        )));
    }
    let (solver, config) = args.strategy.choose(registry, Operation::First, n, stop)?;
    let config = Config {
        seed: args.seed,
        budget: args.budget,
        ..config
    };
    let started = Instant::now();
    let run = solver.first(n, &config)?;
    let seconds = started.elapsed().as_secs_f64();
    if let (Some(seed), false) = (run.seed, args.json) {
        eprintln!("seed: {seed}");
    }
    let solution = run.solution.as_ref().map(|s| s.columns());
    let outcome = match solution {
        Some(_) => "found",
        None if run.proves_none() => "no-solution",
        // `budget-exhausted` or `interrupted`.
        None => run.ended.label(),
    };
    // Large solutions (10^8 queens) are written number by number, never built as one string.
    let mut out: BufWriter<Box<dyn Write>> = BufWriter::new(match &args.out {
        Some(path) => {
            Box::new(File::create(path).with_context(|| format!("creating {}", path.display()))?)
        }
        None => Box::new(io::stdout().lock()),
    });
    if args.json {
        let report = SolveReport {
            n,
            strategy: solver.name(),
            variant: config.variant.as_deref(),
            seed: run.seed,
            outcome,
            solution,
            seconds,
            stats: run.stats,
        };
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else if let Some(columns) = solution {
        writeln!(out, "{}", Columns(columns))?;
        if let Some(style) = style {
            write!(out, "{}", Board::new(columns, style))?;
        }
    }
    out.flush()?;
    if solution.is_some() {
        return Ok(Status::Success);
    }
    if run.proves_none() {
        if !args.json {
            eprintln!("no solution exists for n = {n}");
        }
        return Ok(Status::Negative);
    }
    if !args.json {
        let hint = match run.ended {
            Ended::Budget => " (--budget sets a larger one)",
            _ => "",
        };
        eprintln!(
            "{} stopped without a solution: {}{hint}",
            solver.name(),
            run.ended
        );
    }
    Ok(match run.ended {
        Ended::Interrupted | Ended::Deadline => Status::Interrupted,
        _ => Status::Negative,
    })
}
