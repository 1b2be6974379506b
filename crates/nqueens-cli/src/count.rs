//! `nqueens count`: the number of solutions (or of classes, `--unique`), on all cores, with a
//! progress bar and time estimate for long counts, checkpoints to resume, and shards to spread
//! one count over processes or machines.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use nqueens::core::{
    Config, CountRun, Operation, Progress, Registry, Solver, Stats, StopFlag, known,
};
use nqueens::symmetry::{Checkpoint, CheckpointError, Plan, Shard, ShardRecord, SymmetrySolver};
use serde::Serialize;

use crate::{INTERRUPTED, Pick, choose};

/// Options of `nqueens count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    /// Board size (at least 1).
    #[arg(value_parser = crate::parse_size)]
    n: usize,
    #[command(flatten)]
    pick: Pick,
    /// Print the number of solutions distinct up to rotation and reflection (OEIS A002562).
    #[arg(long)]
    unique: bool,
    /// Worker threads (default: all cores).
    #[arg(long, short = 't', value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// No progress bar and no time estimate.
    #[arg(long, short)]
    quiet: bool,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
    /// Save finished subproblems to FILE as they finish; rerun with the same FILE to resume an
    /// interrupted count (symmetry strategy).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Count only slice I of K (0-based, e.g. 2/8) of the subproblems and print one JSON record
    /// for `nqueens merge` (symmetry strategy).
    #[arg(long, value_name = "I/K")]
    shard: Option<Shard>,
}

/// From this size on, a count takes minutes or more: say so, and estimate the time.
const LONG_COUNT_N: usize = 20;

/// How long to watch the first subproblems before estimating the whole run.
const ESTIMATE_AFTER: Duration = Duration::from_secs(5);

/// The board counted to forecast a long count before it starts: a fraction of a second.
const CALIBRATION_N: usize = 15;

/// How much faster than the number of solutions the counting time grows per unit of `n`
/// (measured on two cores: 1.0 from n = 16 to 17, 1.1 from n = 17 to 18).
const TIME_PER_SOLUTION_GROWTH: f64 = 1.05;

/// Seconds a count of `n` would take with `threads`: the time of a count of [`CALIBRATION_N`]
/// on this machine, scaled by the ratio of the solution counts (OEIS A000170, continued past
/// the last known term at its last ratio). A subproblem of a large board can take minutes, so
/// the estimate from the first finished subproblems comes late; this one comes at once.
fn forecast(n: usize, threads: Option<usize>, stop: &StopFlag) -> Option<f64> {
    let config = Config {
        threads,
        stop: stop.clone(),
        ..Config::default()
    };
    let started = Instant::now();
    let run = SymmetrySolver.count(CALIBRATION_N, &config).ok()?;
    let seconds = started.elapsed().as_secs_f64();
    let solutions = |m: usize| known::all_solutions(m).map(|s| s as f64);
    let last = known::KNOWN_UP_TO;
    let target = solutions(n).or_else(|| {
        let ratio = solutions(last)? / solutions(last - 1)?;
        Some(solutions(last)? * ratio.powi(i32::try_from(n - last).ok()?))
    })?;
    let growth = TIME_PER_SOLUTION_GROWTH.powi(i32::try_from(n - CALIBRATION_N).ok()?);
    run.complete
        .then(|| seconds * target / solutions(CALIBRATION_N).unwrap_or(1.0) * growth)
}

/// Progress of a count: an indicatif bar on a terminal, and one time estimate on standard error
/// for long counts.
struct Reporter {
    bar: Option<indicatif::ProgressBar>,
    quiet: bool,
    estimate: bool,
    started: Instant,
    total: AtomicU64,
    done: AtomicU64,
    estimated: AtomicBool,
}

impl Reporter {
    fn new(quiet: bool, estimate: bool) -> Reporter {
        // The bar is for someone watching: not when the output goes to a file or a pipe.
        let watched = io::stdout().is_terminal() && io::stderr().is_terminal();
        let bar = (!quiet && watched).then(|| {
            let bar = indicatif::ProgressBar::new(0);
            // The template is a constant, so failing to parse it is a bug caught by any run;
            // fall back to the default style rather than panic.
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} subproblems, {per_sec}, ETA {eta}",
            ) {
                bar.set_style(style);
            }
            bar
        });
        Reporter {
            bar,
            quiet,
            estimate: estimate && !quiet,
            started: Instant::now(),
            total: AtomicU64::new(0),
            done: AtomicU64::new(0),
            estimated: AtomicBool::new(false),
        }
    }

    fn say(&self, message: &str) {
        if self.quiet {
            return;
        }
        match &self.bar {
            Some(bar) => bar.println(message),
            None => eprintln!("{message}"),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Progress for Reporter {
    fn start(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        if let Some(bar) = &self.bar {
            bar.set_length(total);
        }
    }

    fn advance(&self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(done);
        }
        let done = self.done.fetch_add(done, Ordering::Relaxed) + done;
        let elapsed = self.started.elapsed();
        if self.estimate
            && elapsed >= ESTIMATE_AFTER
            && !self.estimated.swap(true, Ordering::Relaxed)
        {
            // The plan hands out subproblems in an interleaved order, so the first ones are a
            // fair sample of the rest.
            let total = self.total.load(Ordering::Relaxed);
            let whole = elapsed.as_secs_f64() * total as f64 / done as f64;
            self.say(&format!(
                "estimate from the first subproblems: about {} in all ({done} of {total} took \
                 {})",
                human(whole),
                human(elapsed.as_secs_f64()),
            ));
        }
    }
}

/// A duration in the largest unit that keeps it readable.
fn human(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7200.0 => format!("{:.0} min", s / 60.0),
        s if s < 2.0 * 86400.0 => format!("{:.1} h", s / 3600.0),
        s if s < 2.0 * 365.0 * 86400.0 => format!("{:.0} days", s / 86400.0),
        s => format!("{:.0} years", s / (365.25 * 86400.0)),
    }
}

#[derive(Serialize)]
struct CountReport<'a> {
    n: usize,
    strategy: &'a str,
    total: u64,
    unique: Option<u64>,
    complete: bool,
    seconds: f64,
    stats: Stats,
}

pub fn run(registry: &Registry, stop: &StopFlag, args: &CountArgs) -> anyhow::Result<ExitCode> {
    let n = args.n;
    let solver = choose(registry, &args.pick, Operation::Count, n)?;
    let symmetry = solver.name() == SymmetrySolver.name();
    if !symmetry && (args.checkpoint.is_some() || args.shard.is_some()) {
        eprintln!(
            "error: --checkpoint and --shard work with the symmetry strategy, not {}",
            solver.name()
        );
        return Ok(ExitCode::from(2));
    }
    if args.unique && !symmetry {
        eprintln!(
            "error: {} does not count classes; --unique needs --strategy symmetry",
            solver.name()
        );
        return Ok(ExitCode::from(2));
    }
    let reporter = Arc::new(Reporter::new(args.quiet, n >= LONG_COUNT_N));
    let config = Config {
        threads: args.threads.map(usize::from),
        progress: Some(reporter.clone() as Arc<dyn Progress>),
        ..crate::config(stop, &args.pick)
    };
    let started = Instant::now();
    let run = if symmetry {
        // The limits are the solver's; the plan only knows its masks.
        solver.check(Operation::Count, n, &config)?;
        let plan = Plan::new(n)?;
        if reporter.estimate {
            let threads = match config.threads {
                Some(t) => t,
                None => std::thread::available_parallelism().map_or(1, usize::from),
            };
            let guess = forecast(n, config.threads, stop).map_or_else(String::new, |s| {
                format!(
                    " and, timed against n = {CALIBRATION_N} here, would take about {} on \
                     {threads} thread(s)",
                    human(s)
                )
            });
            reporter.say(&format!(
                "n = {n} is a long count: {} subproblems{guess}. Ctrl-C stops and prints the \
                 partial count{}",
                plan.len(),
                if args.checkpoint.is_some() {
                    "; rerun with the same --checkpoint to resume"
                } else {
                    "; --checkpoint FILE makes it resumable"
                }
            ));
        }
        let shard = args.shard.unwrap_or_else(Shard::whole);
        if shard.count() > plan.max_slices() {
            reporter.finish();
            eprintln!(
                "error: --shard {shard}: n = {n} has only {} subproblems to share out",
                plan.len()
            );
            return Ok(ExitCode::from(2));
        }
        let record = match &args.checkpoint {
            None => plan.count_shard(shard, &config)?,
            Some(path) => match counted_with_checkpoint(path, &plan, shard, &config, &reporter) {
                Ok(record) => record,
                Err(
                    error @ (CheckpointError::Mismatch { .. }
                    | CheckpointError::NotACheckpoint { .. }
                    | CheckpointError::Corrupt { .. }
                    | CheckpointError::InUse { .. }),
                ) => {
                    reporter.finish();
                    eprintln!("error: {error}");
                    return Ok(ExitCode::from(2));
                }
                Err(error) => return Err(error.into()),
            },
        };
        reporter.finish();
        if args.shard.is_some() {
            return print_shard(&record);
        }
        CountRun {
            total: record.count,
            unique: Some(record.unique),
            complete: record.complete,
            stats: Stats::default(),
        }
    } else {
        let run = solver.count(n, &config)?;
        reporter.finish();
        run
    };
    let seconds = started.elapsed().as_secs_f64();
    let mut out = io::stdout().lock();
    if args.json {
        let report = CountReport {
            n,
            strategy: solver.name(),
            total: run.total,
            unique: run.unique,
            complete: run.complete,
            seconds,
            stats: run.stats,
        };
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else if let (true, Some(unique)) = (args.unique, run.unique) {
        writeln!(out, "{unique}")?;
    } else {
        writeln!(out, "{}", run.total)?;
    }
    if run.complete {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!("interrupted: the count above is partial (a lower bound)");
        if args.checkpoint.is_some() {
            eprintln!("rerun the same command to resume from the checkpoint");
        }
        Ok(ExitCode::from(INTERRUPTED))
    }
}

fn counted_with_checkpoint(
    path: &std::path::Path,
    plan: &Plan,
    shard: Shard,
    config: &Config,
    reporter: &Reporter,
) -> Result<ShardRecord, CheckpointError> {
    let checkpoint = Checkpoint::open(path, plan)?;
    let saved = shard
        .indices(plan.len())
        .iter()
        .filter(|i| checkpoint.done().contains_key(i))
        .count();
    if saved > 0 {
        reporter.say(&format!(
            "resuming from {}: {saved} subproblems already counted",
            path.display()
        ));
    }
    checkpoint.count_shard(plan, shard, config)
}

/// One JSON line for `nqueens merge`; an interrupted shard says `"complete": false` and exits
/// 130, and merge refuses it.
fn print_shard(record: &ShardRecord) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    serde_json::to_writer(&mut out, record)?;
    writeln!(out)?;
    if record.complete {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!("interrupted: this shard is partial; rerun it (with --checkpoint to resume)");
        Ok(ExitCode::from(INTERRUPTED))
    }
}
