//! `nqueens`: solve, count, list, verify and compare N-Queens strategies from the command line.
//!
//! Exit status: 0 on success; 1 when the answer is negative (no solution exists, a placement is
//! not valid) or a run fails; 2 for a usage error (bad flags, unknown strategy, a size the
//! strategy does not accept); 130 when interrupted by Ctrl-C (partial results are printed first).

mod compare;
mod count;
mod merge;
mod report;
mod table;

use std::fs::File;
use std::io::{self, BufRead, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};
use nqueens::core::{
    Board, BoardStyle, Columns, Config, Error as SolverError, Operation, Outcome, Placement,
    Registry, Solution, Solver, StopFlag, VisitEnd, validate, validate_size,
};
use serde::Serialize;

/// Solve, count, list, verify and compare N-Queens strategies.
#[derive(Parser, Debug)]
#[command(name = "nqueens", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print one solution as space-separated columns (row 0 first).
    Solve {
        /// Board size (at least 1).
        #[arg(value_parser = parse_size)]
        n: usize,
        #[command(flatten)]
        pick: Pick,
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
    },
    /// Print the number of solutions.
    Count(count::CountArgs),
    /// Stream every solution, one a line (lexicographic order for the backtracking strategies).
    List {
        /// Board size (at least 1).
        #[arg(value_parser = parse_size)]
        n: usize,
        #[command(flatten)]
        pick: Pick,
        /// Stop after this many solutions.
        #[arg(long)]
        limit: Option<u64>,
        /// One canonical representative per class of solutions up to rotation and reflection
        /// (the lexicographically smallest of its 8 images), printed as `COLUMNS  (orbit K)`
        /// where K (1, 2, 4 or 8) is how many solutions the class has.
        #[arg(long)]
        unique: bool,
    },
    /// Check placements: `valid`, or exactly why not.
    ///
    /// The placement is given as arguments (`nqueens verify 1 3 0 2` or `"1,3,0,2"`), or else read
    /// from standard input, one placement a line, so `nqueens list 8 | nqueens verify` checks all.
    Verify {
        /// Columns of the queens, row 0 first, separated by spaces or commas.
        #[arg(allow_negative_numbers = true)]
        placement: Vec<String>,
        /// Require exactly this many queens.
        #[arg(long, value_parser = parse_size)]
        n: Option<usize>,
        /// Machine-readable output, one JSON object a line.
        #[arg(long)]
        json: bool,
    },
    /// List the strategies with their capabilities and limits.
    Strategies {
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Run every strategy on the same sizes: count all solutions, and find a first solution.
    Compare(compare::CompareArgs),
    /// Add up the JSON records of `count N --shard I/K`, checking that the shards cover the
    /// whole count exactly once; prints the total.
    Merge(merge::MergeArgs),
    /// Turn a `cargo bench` run into charts, board pictures and reports/README.md.
    Report(report::ReportArgs),
    /// Draw one board as an SVG or PNG picture: a given placement, or a solution of --n N.
    Render(report::RenderArgs),
}

/// Which strategy, and which of its variants.
#[derive(Args, Debug, Clone)]
struct Pick {
    /// Strategy by registry name (see `nqueens strategies`); default: the fastest that can do it.
    #[arg(long, short)]
    strategy: Option<String>,
    /// Strategy variant (mode), where the strategy has several (see `nqueens strategies`).
    #[arg(long, visible_alias = "mode")]
    variant: Option<String>,
}

/// Parses a board size, rejecting 0 with the same words the library uses.
fn parse_size(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err(SolverError::ZeroSize.to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "{text:?} is not a board size (a whole number, at least 1)"
        )),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stop = StopFlag::new();
    install_interrupt_handler(&stop);
    match run(cli, &stop) {
        Ok(code) => code,
        Err(error) => {
            if is_broken_pipe(&error) {
                // The reader went away (`nqueens list 12 | head`): that is not a failure.
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {error:#}");
            if error
                .downcast_ref::<SolverError>()
                .is_some_and(is_usage_error)
                || error.downcast_ref::<UsageError>().is_some()
            {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// Errors in the request itself (as opposed to a failure of the run) exit like usage errors.
fn is_usage_error(error: &SolverError) -> bool {
    !matches!(error, SolverError::InvalidSolution(_))
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// First Ctrl-C: raise the stop flag so the running search ends and reports what it has.
/// Second Ctrl-C: leave at once.
fn install_interrupt_handler(stop: &StopFlag) {
    let stop = stop.clone();
    // Failing to install the handler only loses graceful interruption, so it is not fatal.
    let _ = ctrlc::set_handler(move || {
        if stop.is_stopped() {
            std::process::exit(130);
        }
        stop.stop();
    });
}

const INTERRUPTED: u8 = 130;

/// Largest board `solve --board` draws: beyond it the picture is unreadable and huge.
const MAX_BOARD_PICTURE: usize = 1000;

/// A request the CLI itself refuses; it exits with status 2 like clap's usage errors.
#[derive(Debug)]
struct UsageError(String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

fn run(cli: Cli, stop: &StopFlag) -> anyhow::Result<ExitCode> {
    let registry = nqueens::registry();
    match cli.command {
        Command::Solve {
            n,
            pick,
            seed,
            budget,
            out,
            board,
            unicode,
            json,
        } => {
            let config = Config {
                seed,
                budget,
                ..config(stop, &pick)
            };
            let style = match (board, unicode) {
                (_, true) => Some(BoardStyle::Unicode),
                (true, false) => Some(BoardStyle::Ascii),
                (false, false) => None,
            };
            solve(&registry, &config, n, &pick, out.as_deref(), style, json)
        }
        Command::Count(args) => count::run(&registry, stop, &args),
        Command::List {
            n,
            pick,
            limit,
            unique,
        } => list(&registry, stop, n, &pick, limit, unique),
        Command::Verify { placement, n, json } => verify(&placement, n, json),
        Command::Strategies { json } => strategies(&registry, json),
        Command::Compare(args) => compare::run(&registry, stop, &args),
        Command::Merge(args) => merge::run(&args),
        Command::Report(args) => report::run_report(&registry, stop, &args),
        Command::Render(args) => report::run_render(&registry, stop, &args),
    }
}

/// The strategy the user named, or the registry's default for the job.
fn choose<'r>(
    registry: &'r Registry,
    pick: &Pick,
    operation: Operation,
    n: usize,
) -> Result<&'r dyn Solver, SolverError> {
    match &pick.strategy {
        Some(name) => registry.get(name),
        None => registry.default_for(operation, n),
    }
}

fn config(stop: &StopFlag, pick: &Pick) -> Config {
    Config {
        variant: pick.variant.clone(),
        stop: stop.clone(),
        ..Config::default()
    }
}

#[derive(Serialize)]
struct SolveReport<'a> {
    n: usize,
    strategy: &'a str,
    variant: Option<&'a str>,
    seed: Option<u64>,
    outcome: &'a str,
    solution: Option<&'a [u32]>,
    seconds: f64,
    stats: nqueens::core::Stats,
}

fn solve(
    registry: &Registry,
    config: &Config,
    n: usize,
    pick: &Pick,
    out_path: Option<&std::path::Path>,
    board: Option<BoardStyle>,
    json: bool,
) -> anyhow::Result<ExitCode> {
    if board.is_some() && n > MAX_BOARD_PICTURE {
        anyhow::bail!(UsageError(format!(
            "a board picture of n = {n} would have {n}² squares; --board draws up to n = {MAX_BOARD_PICTURE}"
        )));
    }
    let solver = choose(registry, pick, Operation::First, n)?;
    let started = Instant::now();
    let run = solver.first(n, config)?;
    let seconds = started.elapsed().as_secs_f64();
    if let (Some(seed), false) = (run.seed, json) {
        eprintln!("seed: {seed}");
    }
    let (outcome, solution) = match &run.outcome {
        Outcome::Found(solution) => ("found", Some(solution.columns())),
        Outcome::NoSolution => ("no-solution", None),
        Outcome::Stopped(nqueens::core::StopReason::Budget) => ("budget-exhausted", None),
        Outcome::Stopped(nqueens::core::StopReason::Interrupted) => ("interrupted", None),
    };
    // Large solutions (10^8 queens) are written number by number, never built as one string.
    let mut out: BufWriter<Box<dyn Write>> = BufWriter::new(match out_path {
        Some(path) => {
            Box::new(File::create(path).with_context(|| format!("creating {}", path.display()))?)
        }
        None => Box::new(io::stdout().lock()),
    });
    if json {
        let report = SolveReport {
            n,
            strategy: solver.name(),
            variant: pick.variant.as_deref(),
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
        if let Some(style) = board {
            write!(out, "{}", Board::new(columns, style))?;
        }
    }
    out.flush()?;
    Ok(match run.outcome {
        Outcome::Found(_) => ExitCode::SUCCESS,
        Outcome::NoSolution => {
            if !json {
                eprintln!("no solution exists for n = {n}");
            }
            ExitCode::FAILURE
        }
        Outcome::Stopped(reason) => {
            if !json {
                let hint = match reason {
                    nqueens::core::StopReason::Budget => " (--budget sets a larger one)",
                    nqueens::core::StopReason::Interrupted => "",
                };
                eprintln!(
                    "{} stopped without a solution: {reason}{hint}",
                    solver.name()
                );
            }
            match reason {
                nqueens::core::StopReason::Interrupted => ExitCode::from(INTERRUPTED),
                nqueens::core::StopReason::Budget => ExitCode::FAILURE,
            }
        }
    })
}

fn list(
    registry: &Registry,
    stop: &StopFlag,
    n: usize,
    pick: &Pick,
    limit: Option<u64>,
    unique: bool,
) -> anyhow::Result<ExitCode> {
    let solver = choose(registry, pick, Operation::List, n)?;
    let config = config(stop, pick);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut written = 0u64;
    let mut write_error = None;
    let mut invalid = None;
    let run = solver.visit(n, &config, &mut |columns| {
        if limit.is_some_and(|limit| written >= limit) {
            return ControlFlow::Break(());
        }
        let line = if unique {
            // A class is printed once: at its lexicographically smallest member.
            let solution = match Solution::from_columns(columns.to_vec()) {
                Ok(solution) => solution,
                Err(error) => {
                    invalid = Some(error);
                    return ControlFlow::Break(());
                }
            };
            if solution.canonical().columns() != columns {
                return ControlFlow::Continue(());
            }
            writeln!(
                out,
                "{}  (orbit {})",
                Columns(columns),
                solution.orbit_size()
            )
        } else {
            writeln!(out, "{}", Columns(columns))
        };
        if let Err(error) = line {
            write_error = Some(error);
            return ControlFlow::Break(());
        }
        written += 1;
        if limit.is_some_and(|limit| written >= limit) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    })?;
    if let Some(error) = write_error {
        return Err(error).context("writing solutions");
    }
    if let Some(error) = invalid {
        return Err(SolverError::from(error).into());
    }
    out.flush().context("writing solutions")?;
    if run.end == VisitEnd::Interrupted {
        eprintln!("interrupted after {written} solutions");
        return Ok(ExitCode::from(INTERRUPTED));
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct VerifyReport {
    valid: bool,
    /// Queens in the placement; `None` when it did not parse.
    n: Option<usize>,
    error: Option<String>,
}

fn verify(placement: &[String], n: Option<usize>, json: bool) -> anyhow::Result<ExitCode> {
    let mut all_valid = true;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut check = |text: &str, out: &mut BufWriter<io::StdoutLock>| -> anyhow::Result<()> {
        let parsed = text.parse::<Placement>();
        let queens = parsed.as_ref().ok().map(Placement::len);
        let verdict = parsed.map_err(|e| e.to_string()).and_then(|p| {
            let columns = p.columns();
            match n {
                Some(n) => validate_size(columns, n),
                None => validate(columns),
            }
            .map_err(|e| e.to_string())
        });
        all_valid &= verdict.is_ok();
        if json {
            let report = VerifyReport {
                valid: verdict.is_ok(),
                n: queens,
                error: verdict.err(),
            };
            serde_json::to_writer(&mut *out, &report)?;
            writeln!(out)?;
        } else {
            match verdict {
                Ok(_) => writeln!(out, "valid")?,
                Err(reason) => writeln!(out, "invalid: {reason}")?,
            }
        }
        Ok(())
    };
    if placement.is_empty() {
        let mut seen_any = false;
        for line in io::stdin().lock().lines() {
            let line = line.context("reading standard input")?;
            if line.trim().is_empty() {
                continue;
            }
            seen_any = true;
            check(&line, &mut out)?;
        }
        if !seen_any {
            anyhow::bail!("no placement given: pass columns as arguments or on standard input");
        }
    } else {
        check(&placement.join(" "), &mut out)?;
    }
    out.flush()?;
    Ok(if all_valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

#[derive(Serialize)]
struct StrategyReport<'a> {
    name: &'a str,
    #[serde(flatten)]
    capabilities: nqueens::core::Capabilities,
}

fn strategies(registry: &Registry, json: bool) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    if json {
        let reports: Vec<_> = registry
            .iter()
            .map(|s| StrategyReport {
                name: s.name(),
                capabilities: s.capabilities(),
            })
            .collect();
        serde_json::to_writer_pretty(&mut out, &reports)?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut rows = vec![table::row([
        "strategy",
        "complete",
        "seeded",
        "first",
        "list",
        "count",
        "variants",
        "what it is",
    ])];
    for solver in registry.iter() {
        let c = solver.capabilities();
        let yes_no = |b: bool| if b { "yes" } else { "no" }.to_string();
        rows.push(vec![
            solver.name().to_string(),
            yes_no(c.complete),
            yes_no(c.randomized),
            c.first.to_string(),
            c.list.to_string(),
            c.count.to_string(),
            if c.variants.is_empty() {
                "-".to_string()
            } else {
                c.variants.join(", ")
            },
            c.summary.to_string(),
        ]);
    }
    table::write(&mut out, &rows)?;
    Ok(ExitCode::SUCCESS)
}
