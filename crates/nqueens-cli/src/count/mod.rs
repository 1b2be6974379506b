//! `nqueens count`: the number of solutions (or of classes, `--unique`, or of symmetric
//! solutions, `--symmetric`), with a progress bar and time estimate, checkpoints and shards.
//! The workflow is the library's [`nqueens::count`]: this module makes one [`Counter`], says
//! what it decided, runs it and prints the result.

mod args;
pub(crate) mod progress;
mod record_file;
mod symmetric;
mod wording;

pub use args::CountArgs;
pub(crate) use args::{parse_bytes, read_key};
pub(crate) use record_file::read_records;
pub(crate) use wording::cli_error;

use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use nqueens::core::{Config, Details, Ended, Observer, Registry, Stats, StopFlag, quote};
use nqueens::count::{CountRequest, Counted, Counter};
use serde::Serialize;

use crate::Status;
use crate::output::{message, warn};
use args::thread_count;
use progress::{LONG_COUNT_N, Reporter, announce_long_count};

#[derive(Serialize)]
struct CountReport<'a> {
    n: usize,
    strategy: &'a str,
    total: u64,
    unique: Option<u64>,
    /// With `--unique`: the classes by orbit size, P and R (checked by Burnside's identity).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    types: Option<symmetric::TypesReport>,
    complete: bool,
    seconds: f64,
    /// The solver's statistics; `null` with `--checkpoint` (a run sees only its share).
    stats: Option<Stats>,
    /// How the strategy counted, in its own words (`join_kernel`: `quadrants`' code for this CPU).
    #[serde(flatten)]
    details: &'a Details,
}

#[derive(Serialize)]
struct SymmetricReport<'a> {
    n: usize,
    strategy: &'a str,
    symmetric: &'a str,
    total: u64,
    complete: bool,
    seconds: f64,
}

/// Runs `nqueens count`.
pub fn run(registry: &Registry, stop: &StopFlag, args: &CountArgs) -> anyhow::Result<Status> {
    let n = args.n;
    let given = args.given.given.clone();
    // The time estimate is calibrated on plain counts, not on completions.
    let estimate = args.symmetric.is_some() || (n >= LONG_COUNT_N && given.is_none());
    let reporter = Arc::new(Reporter::new(args.quiet, estimate));
    let shard = args.shard.map(args::ShardArg::resolve).transpose()?;
    let splits = args.shard.is_some() || args.checkpoint.is_some();
    let config = Config {
        variant: args.strategy.variant.clone(),
        given,
        // `--json` prints the statistics, so it asks for those that cost time (the symmetry
        // counter's nodes); they come from the solver's own count, not a shard or checkpoint.
        stats: args.json && !splits,
        threads: args.threads.map(thread_count),
        memory_limit: args.memory_limit,
        stop: stop.clone(),
        observer: reporter
            .shows_anything()
            .then(|| reporter.clone() as Arc<dyn Observer>),
        symmetric: args.symmetric.map(Into::into),
        ..Config::default()
    };
    let request = CountRequest {
        n,
        strategy: args.strategy.strategy.clone(),
        classes: args.unique,
        shard,
        checkpoint: args.checkpoint.clone(),
        key: args.key.as_deref().map(read_key).transpose()?,
    };
    let counter = Counter::new(registry, request, config).map_err(cli_error)?;
    let out = args.out.as_deref().filter(|path| path.as_os_str() != "-");
    if let (Some(path), Some(shard)) = (out, shard)
        && record_file::already_counted(&counter, path)?
    {
        message(&format!(
            "shard {shard} of n = {n} is already counted in {}: nothing to do",
            quote(&path.display().to_string(), 200)
        ));
        return Ok(Status::Success);
    }
    let (solver, name) = (counter.solver(), counter.solver().name());
    if let Some(fallback) = counter.fallback() {
        // The refusal says why (quadrants': its estimate, and the limit it passed).
        let error = &fallback.error;
        warn(&format!(
            "{error} (--memory-limit raises it); counting with {name} instead"
        ));
    }
    if args.threads.is_some() && !solver.capabilities().resumable {
        warn(&format!(
            "--threads does nothing here: {name} counts on one thread"
        ));
    }
    if let (Some(path), saved @ 1..) = (&args.checkpoint, counter.resumed()) {
        reporter.say(&format!(
            "resuming from {}: {saved} subproblems already counted",
            path.display()
        ));
    }
    if reporter.estimate
        && args.symmetric.is_none()
        && let Some(forecast) = counter.forecast()
    {
        announce_long_count(n, &forecast, args.checkpoint.is_some(), &reporter);
    }
    let started = Instant::now();
    let counted = counter.run().map_err(cli_error)?;
    reporter.finish();
    let seconds = started.elapsed().as_secs_f64();
    match &counted.shard {
        Some(record) => record_file::print_shard(record, out),
        None => print_count(args, &counted, seconds),
    }
}

/// Prints a count (whole or partial) and says how it ended.
fn print_count(args: &CountArgs, counted: &Counted, seconds: f64) -> anyhow::Result<Status> {
    let run = &counted.run;
    let mut out = crate::output::stdout()?;
    // A partial count says so on the same line, so that `count 17 > n.txt` interrupted cannot
    // be taken for the final count.
    let partial = if run.is_complete() { "" } else { PARTIAL };
    if let (true, Some(turn)) = (args.json, args.symmetric) {
        let report = SymmetricReport {
            n: args.n,
            strategy: counted.strategy,
            symmetric: &nqueens::core::Turn::from(turn).to_string(),
            total: run.total,
            complete: run.is_complete(),
            seconds,
        };
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else if args.json {
        let report = CountReport {
            n: args.n,
            strategy: counted.strategy,
            total: run.total,
            unique: run.unique,
            types: counted.types.filter(|_| args.unique).map(Into::into),
            complete: run.is_complete(),
            seconds,
            stats: args.checkpoint.is_none().then_some(run.stats),
            details: &counted.details,
        };
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else if let (true, Some(unique)) = (args.unique, run.unique) {
        writeln!(out, "{unique}{partial}")?;
    } else {
        writeln!(out, "{}{partial}", run.total)?;
    }
    out.flush()?;
    if counted.unchecked {
        message("interrupted while checking the count against Burnside's identity: unchecked");
        return Ok(Status::Interrupted);
    }
    match run.ended {
        Ended::Exhausted | Ended::Satisfied => Ok(Status::Success),
        Ended::Interrupted | Ended::Deadline => {
            message("interrupted: the count above is partial (a lower bound)");
            if args.checkpoint.is_some() {
                message("rerun the same command to resume from the checkpoint");
            }
            Ok(Status::Interrupted)
        }
        Ended::Budget => {
            message(&format!(
                "{} stopped early ({}): the count above is partial (a lower bound)",
                counted.strategy, run.ended
            ));
            Ok(Status::Negative)
        }
    }
}

/// What follows a count that is not the whole count, on its line.
const PARTIAL: &str = " (partial)";
