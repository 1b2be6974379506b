//! `nqueens list`: every solution, streamed one a line, or one per class with `--unique`.

use std::io::{BufWriter, Write};
use std::ops::ControlFlow;

use anyhow::Context;
use clap::Args;
use nqueens::core::{
    Columns, Config, Ended, Error as SolverError, Operation, Registry, Solution, StopFlag,
};

use crate::{GivenArgs, Status, StrategyArgs, UsageError};

/// Options of `nqueens list`.
#[derive(Args, Debug)]
pub struct ListArgs {
    /// Board size (at least 1).
    #[arg(value_parser = crate::parse_size)]
    n: usize,
    #[command(flatten)]
    strategy: StrategyArgs,
    #[command(flatten)]
    given: GivenArgs,
    /// Stop after this many solutions.
    #[arg(long)]
    limit: Option<u64>,
    /// The most memory a strategy that holds large tables or frontiers may take (breadth:
    /// default 1G for its levels), in bytes or with a binary unit: 512M, 8G, 16GiB.
    #[arg(long, value_name = "SIZE", value_parser = crate::count::parse_bytes)]
    memory_limit: Option<u64>,
    /// One canonical representative per class of solutions up to rotation and reflection
    /// (the lexicographically smallest of its 8 images), printed as `COLUMNS  (orbit K)`
    /// where K (1, 2, 4 or 8) is how many solutions the class has.
    #[arg(long)]
    unique: bool,
}

/// Runs `nqueens list`.
pub fn run(registry: &Registry, stop: &StopFlag, args: &ListArgs) -> anyhow::Result<Status> {
    let given = args.given.given.as_ref();
    if args.unique && given.is_some() {
        anyhow::bail!(UsageError(
            "--unique lists classes of all solutions; with --given the completions are listed, \
             which the symmetries do not keep"
                .to_string()
        ));
    }
    let (solver, config) = args
        .strategy
        .choose(registry, Operation::List, args.n, given, stop)?;
    let config = Config {
        memory_limit: args.memory_limit,
        ..config
    };
    let limit = args.limit;
    let mut out = BufWriter::new(crate::output::stdout()?);
    let mut written = 0u64;
    let mut failure: Option<anyhow::Error> = None;
    let run = solver.visit(args.n, &config, &mut |columns| {
        if limit.is_some_and(|limit| written >= limit) {
            return ControlFlow::Break(());
        }
        let line = if args.unique {
            // A class is printed once: at its lexicographically smallest member.
            let Ok(solution) = Solution::from_columns(columns.to_vec())
                .map_err(|error| failure = Some(SolverError::from(error).into()))
            else {
                return ControlFlow::Break(());
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
            failure = Some(anyhow::Error::new(error).context("writing solutions"));
            return ControlFlow::Break(());
        }
        written += 1;
        if limit.is_some_and(|limit| written >= limit) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    })?;
    if let Some(error) = failure {
        return Err(error);
    }
    out.flush().context("writing solutions")?;
    if run.ended == Ended::Interrupted {
        crate::output::message(&format!("interrupted after {written} solutions"));
        return Ok(Status::Interrupted);
    }
    Ok(Status::Success)
}
