//! `nqueens solve`: one solution, as a line of columns, optionally with the board.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use nqueens::core::{
    Board, BoardStyle, Columns, Config, Ended, FirstOutcome, Operation, Registry, Solver, Stats,
    StopFlag, attacking_pairs,
};
use serde::Serialize;

use crate::output::{StopWriter, message, warn};
use crate::{GivenArgs, Status, StrategyArgs, UsageError};

/// Options of `nqueens solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Board size (at least 1).
    #[arg(value_parser = crate::parse_size)]
    n: usize,
    #[command(flatten)]
    strategy: StrategyArgs,
    #[command(flatten)]
    given: GivenArgs,
    /// Seed for randomized strategies (one is chosen and reported when omitted).
    #[arg(long)]
    seed: Option<u64>,
    /// Work budget for one run, in the strategy's unit (moves, nodes); default: its own.
    #[arg(long)]
    budget: Option<u64>,
    /// Hill climbing: the most random restarts after a climb gets stuck (0: one climb, as the
    /// textbook runs it). A climb stuck with none left ends the run "stuck" (exit 1), showing
    /// the board it stopped on. Default: as many as the budget allows.
    #[arg(long)]
    restarts: Option<u64>,
    /// The most memory a strategy that holds large tables or frontiers may take (astar:
    /// default 256M of frontier; breadth: 1G of levels; sat: no bound unless given, then its
    /// formula is estimated first), in bytes or with a binary unit: 512M, 8G, 16GiB.
    #[arg(long, value_name = "SIZE", value_parser = crate::count::parse_bytes)]
    memory_limit: Option<u64>,
    /// Write the solution line (and board) to this file instead of standard output. The file
    /// is replaced only by a whole solution: when none is found, or writing fails, it is left
    /// as it was.
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// Also draw the board.
    #[arg(long, conflicts_with = "json")]
    board: bool,
    /// Draw the board with Unicode pieces and squares (implies --board).
    #[arg(long, conflicts_with = "json")]
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
    /// The given queens, as `row:col` pairs, when there were some.
    #[serde(skip_serializing_if = "Option::is_none")]
    given: Option<String>,
    outcome: &'a str,
    solution: Option<&'a [u32]>,
    /// The board a climb got stuck on with no restart left (outcome `stuck`).
    #[serde(skip_serializing_if = "Option::is_none")]
    stuck_on: Option<&'a [u32]>,
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
    let (solver, config) = args.strategy.choose(
        registry,
        Operation::First,
        n,
        args.given.given.as_ref(),
        stop,
    )?;
    let config = Config {
        seed: args.seed,
        budget: args.budget,
        restarts: args.restarts,
        memory_limit: args.memory_limit,
        ..config
    };
    warn_about_ignored(solver, n, &config)?;
    let started = Instant::now();
    let run = solver.first(n, &config)?;
    let seconds = started.elapsed().as_secs_f64();
    // The seed drawn, so the run can be replayed; one that was given is known already.
    if let (Some(seed), false, None) = (run.seed, args.json, args.seed) {
        message(&format!("seed: {seed}"));
    }
    let solution = run.solution().map(|s| s.columns());
    let outcome = match run.outcome() {
        FirstOutcome::Found(_) => "found",
        // Out of restarts: a budget, said as the textbook does.
        FirstOutcome::NotFound(_) if run.stuck_on.is_some() => "stuck",
        FirstOutcome::NotFound(Ended::Exhausted) => "no-solution",
        // `budget-exhausted`, `interrupted` or `timeout`.
        FirstOutcome::NotFound(ended) => ended.label(),
    };
    let report = SolveReport {
        n,
        strategy: solver.name(),
        variant: run.variant,
        seed: run.seed,
        given: config.given.as_ref().map(ToString::to_string),
        outcome,
        solution,
        stuck_on: run.stuck_on.as_deref(),
        seconds,
        stats: run.stats,
    };
    // Large solutions (10^8 queens) are written number by number, never built as one string.
    let write = |out: &mut dyn Write| -> io::Result<()> {
        if args.json {
            serde_json::to_writer(&mut *out, &report)?;
            writeln!(out)?;
        } else if let Some(columns) = solution {
            Columns(columns).write_to(out)?;
            writeln!(out)?;
            if let Some(style) = style {
                write!(out, "{}", Board::new(columns, style))?;
            }
        }
        Ok(())
    };
    match &args.out {
        // Without a solution the text form writes nothing, and the file keeps what it had; a
        // signal stops a large write and keeps the old file (a stopped run's answer is short).
        Some(path) if (args.json || solution.is_some()) && !stop.is_stopped() => {
            let written = nqueens_report::write_atomically(path, |out| {
                write(&mut StopWriter::new(out, stop))
            });
            if stop.is_stopped() {
                let what = match written {
                    Ok(()) => format!("{} was written whole just before", path.display()),
                    Err(_) => format!("{} was not written", path.display()),
                };
                message(&format!("interrupted while writing: {what}"));
                return Ok(Status::Interrupted);
            }
            written?;
        }
        Some(path) if args.json || solution.is_some() => {
            nqueens_report::write_atomically(path, write)?;
        }
        Some(_) => {}
        None => {
            let mut out = BufWriter::new(crate::output::stdout()?);
            write(&mut out)?;
            out.flush()?;
        }
    }
    if solution.is_some() {
        return Ok(Status::Success);
    }
    if run.proves_none() {
        if !args.json {
            message(&match &config.given {
                Some(given) => format!("the given queens {given} have no completion for n = {n}"),
                None => format!("no solution exists for n = {n}"),
            });
        }
        return Ok(Status::Negative);
    }
    if let (Some(board), false) = (&run.stuck_on, args.json) {
        // The board the climb got stuck on, with its attacking pairs (and its picture).
        let (strategy, restarts) = (solver.name(), run.stats.restarts);
        let pairs = attacking_pairs(board);
        message(&format!(
            "{strategy} got stuck after {restarts} restart(s): no move of a queen within its row\n\
             lowers the {pairs} attacking pair(s) of the board it stopped on:\n{}",
            Columns(board)
        ));
        if let Some(style) = style {
            message(Board::new(board, style).to_string().trim_end());
        }
        return Ok(Status::Negative);
    }
    if !args.json {
        let hint = match run.ended() {
            // A* ends the same way when its frontier reaches the memory bound.
            Ended::Budget => {
                " (--budget sets a larger one; a search that bounds its memory ends so at \
                 --memory-limit too)"
            }
            _ => "",
        };
        message(&format!(
            "{} stopped without a solution: {}{hint}",
            solver.name(),
            run.ended()
        ));
    }
    Ok(match run.ended() {
        Ended::Interrupted | Ended::Deadline => Status::Interrupted,
        _ => Status::Negative,
    })
}

/// Warns about each of `--restarts`, `--seed` and `--budget` that the variant to run ignores.
pub fn warn_about_ignored(solver: &dyn Solver, n: usize, config: &Config) -> anyhow::Result<()> {
    let variant = solver.check(Operation::First, n, config)?;
    let name = solver.name();
    let restarts = config.restarts.is_some() && !variant.bounds_restarts;
    let seed = config.seed.is_some() && !variant.randomized;
    let budget = config.budget.is_some() && variant.budget.is_none();
    for (ignored, flag, why) in [
        (restarts, "--restarts", "does not restart climbs"),
        (seed, "--seed", "is deterministic"),
        (budget, "--budget", "takes no budget"),
    ] {
        if ignored {
            warn(&format!("{flag} does nothing here: {name} {why}"));
        }
    }
    Ok(())
}
