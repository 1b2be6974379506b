//! `nqueens`: solve, count, list, verify and compare N-Queens strategies from the command line.
//!
//! Exit status: 0 on success (and when the reader of standard output went away, as with
//! `| head`); 1 when the answer is negative (no solution exists, a placement is not valid) or
//! a run fails (a file that cannot be written, a closed standard output); 2 for a usage error
//! (bad flags, unknown strategy, a size the strategy does not accept, files that are not what
//! the command takes); `128 + signal` when stopped by a signal: 130 for Ctrl-C (SIGINT), 143
//! for SIGTERM, 129 for SIGHUP (partial results are printed first, marked partial). Commands
//! return a [`Status`] or an error, and only [`exit_code`] turns either into a number.

mod compare;
mod count;
mod instance;
mod list;
mod memory;
mod merge;
mod output;
mod render;
mod report;
mod signals;
mod solve;
mod strategies;
mod trace;
mod verify;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use nqueens::core::split::{CheckpointError, MergeError};
use nqueens::core::{
    Capabilities, Config, Error as SolverError, Given, Operation, Registry, Solver, StopFlag, quote,
};
use nqueens::count::{Conflict, Names};

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
    Solve(solve::SolveArgs),
    /// Print the number of solutions.
    Count(count::CountArgs),
    /// Stream every solution, one a line (lexicographic order for the backtracking strategies).
    List(list::ListArgs),
    /// Check placements: `valid`, or exactly why not.
    ///
    /// The placement is given as arguments (`nqueens verify 1 3 0 2` or `"1,3,0,2"`), or else read
    /// from standard input, one placement a line, so `nqueens list 8 | nqueens verify` checks all.
    Verify(verify::VerifyArgs),
    /// List the strategies with their capabilities and limits.
    Strategies(strategies::StrategiesArgs),
    /// Run every strategy on the same sizes: count all solutions, and find a first solution.
    Compare(compare::CompareArgs),
    /// Add up the JSON records of `count N --shard I/K`, checking that the shards cover the
    /// whole count exactly once; prints the total. `--audit K` recounts K random subproblems
    /// and compares them with the records; `--key FILE` accepts only records sealed with FILE.
    Merge(merge::MergeArgs),
    /// Turn a `cargo bench` run into charts, board pictures and reports/README.md.
    Report(report::ReportArgs),
    /// Draw one board as an SVG or PNG picture: a given placement, or a solution of --n N.
    Render(render::RenderArgs),
    /// Print a reproducible N-Queens completion instance: K random non-attacking queens on an
    /// N × N board, as `row:col` pairs for `--given`.
    Instance(instance::InstanceArgs),
    /// Record one strategy's search step by step: JSON Lines (default, on standard output), or
    /// by the extension of --out an animated SVG or GIF, or an HTML player (--compare S2 puts a
    /// second strategy beside it).
    Trace(trace::TraceArgs),
}

/// Which strategy, and which of its variants.
#[derive(Args, Debug, Clone, Default)]
struct StrategyArgs {
    /// Strategy by registry name (see `nqueens strategies`); default: the fastest that can do it.
    #[arg(long, short)]
    strategy: Option<String>,
    /// Strategy variant (mode), where the strategy has several (see `nqueens strategies`).
    #[arg(long, visible_alias = "mode")]
    variant: Option<String>,
}

impl StrategyArgs {
    /// The strategy the user named, or the registry's default for `operation` at `n` (checked
    /// for `given` queens), with a config carrying the variant, `given` and `stop`.
    fn choose<'r>(
        &self,
        registry: &'r Registry,
        operation: Operation,
        n: usize,
        given: Option<&Given>,
        stop: &StopFlag,
    ) -> anyhow::Result<(&'r dyn Solver, Config)> {
        let mine = Config {
            variant: self.variant.clone(),
            given: given.cloned(),
            stop: stop.clone(),
            ..Config::default()
        };
        let (solver, config) = match &self.strategy {
            Some(name) => (registry.get(name)?, mine),
            None => {
                let choice = match given {
                    None => registry.default_for(operation, n),
                    Some(_) => registry.default_for_given(operation, n),
                };
                match choice {
                    Ok(choice) => (choice.solver, choice.apply(mine)),
                    Err(error @ SolverError::NoStrategy { .. }) => {
                        anyhow::bail!(no_default(registry, operation, n, given, &error))
                    }
                    Err(error) => return Err(error.into()),
                }
            }
        };
        // A variant without a strategy names the strategies that have it, not the default
        // that does not.
        if let (None, Some(variant)) = (&self.strategy, &self.variant)
            && solver.capabilities().named(variant).is_none()
        {
            let with = registry.names_with(|c| c.named(variant).is_some());
            anyhow::bail!(UsageError(match with.as_slice() {
                [] => format!("--variant {variant}: no strategy has a variant of that name"),
                _ => format!(
                    "--variant {variant} needs --strategy (the default here, {}, has no \
                     such variant): strategies with it: {}",
                    solver.name(),
                    with.join(", ")
                ),
            }));
        }
        if given.is_some()
            && let Err(error @ SolverError::GivenNotHonoured { .. }) =
                solver.check(operation, n, &config)
        {
            let able = Names(registry.names_with(Capabilities::keeps_given));
            let conflict = Conflict::GivenNotKept {
                refusal: error,
                able,
            };
            anyhow::bail!(UsageError(conflict.to_string()));
        }
        Ok((solver, config))
    }
}

/// Why no default was picked for `operation` at `n`, naming the strategies that accept it.
fn no_default(
    registry: &Registry,
    operation: Operation,
    n: usize,
    given: Option<&Given>,
    refusal: &SolverError,
) -> UsageError {
    let mut able = Vec::new();
    for solver in registry.iter() {
        for variant in solver.capabilities().variants {
            let config = Config {
                variant: variant.name.map(str::to_string),
                given: given.cloned(),
                ..Config::default()
            };
            if solver.check(operation, n, &config).is_ok() {
                able.push(match variant.name {
                    Some(name) => format!("-s {} --variant {name}", solver.name()),
                    None => format!("-s {}", solver.name()),
                });
            }
        }
    }
    let what = given.map_or("", |_| " with given queens");
    UsageError(if able.is_empty() {
        // The registry's words, with the largest size the default rule reaches.
        refusal.to_string()
    } else {
        format!(
            "no default strategy can {operation} for n = {n}{what}; name one that can: {}",
            able.join(", ")
        )
    })
}

/// Queens that must be on the board, for `solve`, `count` and `list`.
#[derive(Args, Debug, Clone, Default)]
struct GivenArgs {
    /// Queens that must be on the board (N-Queens completion): 0-based `row:col` pairs
    /// (`1:3,3:2`) or a placement line with `.` for free rows (`". 3 . 2"`). Given queens
    /// that attack each other or lie off the board are refused.
    #[arg(long, value_name = "QUEENS")]
    given: Option<Given>,
}

/// Parses a board size, refusing 0 in the library's words and a huge number as too large.
fn parse_size(text: &str) -> Result<usize, String> {
    let digits = text.trim();
    match digits.parse::<usize>() {
        Ok(0) => Err(SolverError::ZeroSize.to_string()),
        Ok(n) => Ok(n),
        Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => Err(format!(
            "n = {} is too large: no board of that size can be solved or stored",
            quote(digits, 24)
        )),
        Err(_) => Err(format!(
            "{:?} is not a board size (a whole number, at least 1)",
            quote(text, 24)
        )),
    }
}

/// `text` with every word longer than `longest` characters cut to its first `kept` and `…`.
fn shorten_words(text: &str, longest: usize, kept: usize) -> String {
    text.split_inclusive(char::is_whitespace)
        .map(|word| {
            let trimmed = word.trim_end();
            if trimmed.chars().count() > longest {
                format!("{}{}", quote(trimmed, kept), &word[trimmed.len()..])
            } else {
                word.to_string()
            }
        })
        .collect()
}

/// The longest word of an error message printed whole (a path, a name the user gave).
const ECHOED_WORD: usize = 512;

/// How a command that ran to its end finished (it says why itself); [`exit_code`] maps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    /// It did what was asked.
    Success,
    /// The answer is negative: no solution exists or was found, a placement is not valid.
    Negative,
    /// A signal (Ctrl-C, SIGTERM) stopped it; what it had was printed first.
    Interrupted,
}

/// A request the CLI itself refuses; it exits with status 2 like clap's usage errors.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct UsageError(String);

/// The system allocator, remembering a failed allocation for [`memory::install`]'s handler.
#[global_allocator]
static ALLOCATOR: memory::Recording = memory::Recording;

fn main() -> ExitCode {
    // First, before any file is opened: a closed standard stream must not lend its number.
    output::guard_standard_streams();
    // Without it an allocation failure aborts (134) instead of saying so; the command can
    // still run.
    if let Err(error) = memory::install() {
        output::warn(&format!("allocation failures will abort: {error}"));
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help and version: clap prints them, in colour, on a terminal; elsewhere they are
        // written here, so that a failed write is an error and not a silent success.
        Err(error) if !error.use_stderr() => {
            if io::stdout().is_terminal() {
                error.exit();
            }
            let written = output::stdout().and_then(|mut out| {
                write!(out, "{}", error.render())?;
                out.flush()
            });
            return match written {
                Ok(()) => ExitCode::SUCCESS,
                Err(failure) if failure.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(failure) => {
                    output::message(&format!("error: {failure}"));
                    ExitCode::FAILURE
                }
            };
        }
        // A usage error may quote megabytes of a bad argument: quote its start only.
        Err(error) => {
            output::message(shorten_words(&error.render().to_string(), 64, 40).trim_end());
            return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
        }
    };
    let stop = StopFlag::new();
    signals::install(&stop);
    let result = run(cli, &stop);
    if let Err(error) = &result
        && !is_broken_pipe(error)
    {
        // Names, variants and paths the user gave are quoted back: a path of usual length
        // whole, a 100 KB "name" by its start.
        let text = format!("error: {}", describe(error));
        output::message(&shorten_words(&text, ECHOED_WORD, 200));
    }
    exit_code(&result)
}

fn run(cli: Cli, stop: &StopFlag) -> anyhow::Result<Status> {
    let registry = nqueens::registry();
    match cli.command {
        Command::Solve(args) => solve::run(&registry, stop, &args),
        Command::Count(args) => count::run(&registry, stop, &args),
        Command::List(args) => list::run(&registry, stop, &args),
        Command::Verify(args) => verify::run(&args, stop),
        Command::Strategies(args) => strategies::run(&registry, &args),
        Command::Compare(args) => compare::run(&registry, stop, &args),
        Command::Merge(args) => merge::run(&registry, stop, &args),
        Command::Report(args) => report::run(&registry, stop, &args),
        Command::Render(args) => render::run(&registry, stop, &args),
        Command::Instance(args) => instance::run(&args),
        Command::Trace(args) => trace::run(&registry, stop, &args),
    }
}

/// The one mapping from how a command ended to the exit status.
fn exit_code(result: &anyhow::Result<Status>) -> ExitCode {
    match result {
        Ok(Status::Success) => ExitCode::SUCCESS,
        Ok(Status::Negative) => ExitCode::FAILURE,
        Ok(Status::Interrupted) => ExitCode::from(signals::interrupted_status()),
        // The reader went away (`nqueens list 12 | head`): that is not a failure.
        Err(error) if is_broken_pipe(error) => ExitCode::SUCCESS,
        Err(error) if is_usage_error(error) => ExitCode::from(2),
        Err(_) => ExitCode::FAILURE,
    }
}

/// Errors in the request itself, not failures of the run, exit like clap's usage errors.
fn is_usage_error(error: &anyhow::Error) -> bool {
    if error.downcast_ref::<UsageError>().is_some() {
        return true;
    }
    if let Some(error) = error.downcast_ref::<SolverError>() {
        return !matches!(
            error,
            SolverError::InvalidSolution(_)
                | SolverError::GivenDropped { .. }
                | SolverError::Overflow { .. }
                | SolverError::OutOfMemory { .. }
                | SolverError::NoSuchSubproblem { .. }
        );
    }
    if error.downcast_ref::<MergeError>().is_some() {
        return true;
    }
    if let Some(error) = error.downcast_ref::<CheckpointError>() {
        return match error {
            // A pipe, a device or a directory given as the checkpoint.
            CheckpointError::Io { source, .. } => source.kind() == io::ErrorKind::InvalidInput,
            CheckpointError::Count(_) => false,
            _ => true,
        };
    }
    false
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        let kind = match cause.downcast_ref::<io::Error>() {
            Some(error) => Some(error.kind()),
            // JSON written straight to standard output fails with the pipe inside.
            None => cause
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind),
        };
        kind == Some(io::ErrorKind::BrokenPipe)
    })
}

/// The error and its causes, `: `-separated, each said once.
fn describe(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in error.chain() {
        let mut part = cause.to_string();
        // The library says what the bound is; the flag that raises it is the command's.
        if let Some(SolverError::MemoryLimit { .. }) = cause.downcast_ref::<SolverError>() {
            part.push_str(" (--memory-limit raises it)");
        }
        if text.contains(&part) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&part);
    }
    text
}
