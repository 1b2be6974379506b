//! `nqueens count`: the number of solutions (or of classes, `--unique`), on all cores, with a
//! progress bar and time estimate for long counts, checkpoints to resume, and shards to spread
//! one count over processes or machines.
//!
//! Which strategies can do what is read from their capabilities, never from their names:
//! `--unique` needs one that counts classes, `--checkpoint` and `--shard` one whose count is
//! resumable (split into numbered subproblems, [`Solver::plan`]).

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use nqueens::core::format::format_seconds;
use nqueens::core::split::{
    Checkpoint, CheckpointError, Shard, ShardRecord, Subproblems, count_shard,
};
use nqueens::core::{
    Capabilities, Config, CountRun, Ended, Event, Observer, Operation, Registry, Solver, Stats,
    StopFlag, known,
};
use serde::Serialize;

use crate::output::{message, warn};
use crate::{GivenArgs, Status, StrategyArgs, UsageError};

/// Options of `nqueens count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    /// Board size (at least 1).
    #[arg(value_parser = crate::parse_size)]
    pub(crate) n: usize,
    #[command(flatten)]
    pub(crate) strategy: StrategyArgs,
    #[command(flatten)]
    pub(crate) given: GivenArgs,
    /// Print the number of solutions distinct up to rotation and reflection (OEIS A002562);
    /// with --json, also the classes by orbit size and P and R (see --symmetric).
    #[arg(long)]
    pub(crate) unique: bool,
    /// Worker threads (default: all cores; at most 1024, and at most 4 per core are started).
    #[arg(long, short = 't', value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS))]
    pub(crate) threads: Option<u16>,
    /// The most memory a counter that sizes its tables first may take (quadrants: default
    /// 4G), in bytes or with a binary unit: 512M, 8G, 16GiB.
    #[arg(long, value_name = "SIZE", value_parser = parse_bytes)]
    pub(crate) memory_limit: Option<u64>,
    /// No progress bar and no time estimate.
    #[arg(long, short)]
    pub(crate) quiet: bool,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
    /// Save finished subproblems to FILE as they finish; rerun with the same FILE to resume an
    /// interrupted count (resumable strategies: symmetry, quadrants; without --strategy,
    /// symmetry).
    #[arg(long, value_name = "FILE")]
    pub(crate) checkpoint: Option<PathBuf>,
    /// Count only slice I of K (0-based, e.g. 2/8) of the subproblems and print one JSON record
    /// for `nqueens merge` (resumable strategies: symmetry, quadrants; without --strategy,
    /// symmetry).
    #[arg(long, value_name = "I/K")]
    pub(crate) shard: Option<Shard>,
    /// Count only the solutions a half turn (OEIS A032522) or a quarter turn (OEIS A033148)
    /// maps onto themselves, by a search over the rows that determine them (n up to 64).
    #[arg(long, value_name = "TURN")]
    pub(crate) symmetric: Option<crate::symmetric::TurnArg>,
}

/// A `--memory-limit`: a whole number of bytes, or with a binary unit K, M, G or T (`KiB`,
/// `MB`, ... are read the same way: powers of 1024).
fn parse_bytes(text: &str) -> Result<u64, String> {
    let not_a_size = || {
        format!(
            "{:?} is not a memory size (a whole number with an optional unit K, M, G or T, \
             e.g. 512M, 8G)",
            crate::short(text, 24)
        )
    };
    let trimmed = text.trim();
    let digits = trimmed.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let shift = match trimmed[digits.len()..].to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => return Err(not_a_size()),
    };
    let value: u64 = digits.trim().parse().map_err(|_| not_a_size())?;
    match value.checked_mul(1 << shift) {
        Some(0) => Err("a memory limit of 0 leaves no room for any table".to_string()),
        Some(bytes) => Ok(bytes),
        None => Err(format!(
            "{:?} is more bytes than a u64 holds",
            crate::short(text, 24)
        )),
    }
}

/// The most `--threads` accepts: past the cores of any usual machine, and each thread costs
/// its stack and its start.
const MAX_THREADS: i64 = 1024;

/// Threads started per core at most: more only add overhead to a CPU-bound count.
const THREADS_PER_CORE: usize = 4;

/// The threads to start for `--threads requested`: no more than [`THREADS_PER_CORE`] per core
/// of this machine, with a warning when that is fewer than asked.
pub(crate) fn thread_count(requested: u16) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let bound = cores.saturating_mul(THREADS_PER_CORE);
    let requested = usize::from(requested);
    // Said once, though a count sizes its threads more than once (a probe, then the run).
    static WARNED: std::sync::Once = std::sync::Once::new();
    if requested > bound {
        WARNED.call_once(|| {
            warn(&format!(
                "--threads {requested}: this machine has {cores} core(s); using {bound} threads \
             ({THREADS_PER_CORE} per core), more would only slow the count down"
            ));
        });
    }
    requested.min(bound)
}

/// From this size on, a count takes minutes or more: say so, and estimate the time.
const LONG_COUNT_N: usize = 20;

/// How long to watch the first subproblems before estimating the whole run.
const ESTIMATE_AFTER: Duration = Duration::from_secs(5);

/// The board counted to forecast a long count before it starts: a fraction of a second.
const CALIBRATION_N: usize = 15;

/// How much faster than the number of solutions the counting time grows per unit of `n`
/// (measured with the symmetry strategy on two cores: 1.0 from n = 16 to 17, 1.1 from n = 17
/// to 18).
const TIME_PER_SOLUTION_GROWTH: f64 = 1.05;

/// Seconds a count of `n` would take with `solver` and `config`: the time of a count of
/// [`CALIBRATION_N`] on this machine, scaled by the ratio of the solution counts (OEIS
/// A000170, continued past the last known term at its last ratio). A subproblem of a large
/// board can take minutes, so the estimate from the first finished subproblems comes late;
/// this one comes at once.
fn forecast(solver: &dyn Solver, n: usize, config: &Config) -> Option<f64> {
    // The calibration is not part of the count the progress bar shows.
    let config = Config {
        observer: None,
        ..config.clone()
    };
    let started = Instant::now();
    let run = solver.count(CALIBRATION_N, &config).ok()?;
    let seconds = started.elapsed().as_secs_f64();
    let solutions = |m: usize| known::all_solutions(m).map(|s| s as f64);
    let last = known::KNOWN_UP_TO;
    let target = solutions(n).or_else(|| {
        let ratio = solutions(last)? / solutions(last - 1)?;
        Some(solutions(last)? * ratio.powi(i32::try_from(n - last).ok()?))
    })?;
    let growth = TIME_PER_SOLUTION_GROWTH.powi(i32::try_from(n - CALIBRATION_N).ok()?);
    run.is_complete()
        .then(|| seconds * target / solutions(CALIBRATION_N).unwrap_or(1.0) * growth)
}

/// Progress of a count: an indicatif bar on a terminal, and one time estimate on standard error
/// for long counts. It watches the run as its [`Observer`], through the subproblem events.
pub(crate) struct Reporter {
    bar: Option<indicatif::ProgressBar>,
    quiet: bool,
    estimate: bool,
    started: Instant,
    total: AtomicU64,
    done: AtomicU64,
    estimated: AtomicBool,
}

impl Reporter {
    pub(crate) fn new(quiet: bool, estimate: bool) -> Reporter {
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

    /// Whether it shows anything: a strategy that nobody observes runs its unobserved code.
    pub(crate) fn shows_anything(&self) -> bool {
        self.bar.is_some() || self.estimate
    }

    fn say(&self, text: &str) {
        if self.quiet {
            return;
        }
        match &self.bar {
            Some(bar) => bar.println(text),
            None => message(text),
        }
    }

    /// Clears the bar, before the result is printed.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    fn start(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        if let Some(bar) = &self.bar {
            bar.set_length(total);
        }
    }

    fn advance(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        let elapsed = self.started.elapsed();
        if self.estimate
            && elapsed >= ESTIMATE_AFTER
            && !self.estimated.swap(true, Ordering::Relaxed)
        {
            // Subproblems are handed out in an interleaved order, so the first ones are a fair
            // sample of the rest.
            let total = self.total.load(Ordering::Relaxed);
            let whole = elapsed.as_secs_f64() * total as f64 / done as f64;
            self.say(&format!(
                "estimate from the first subproblems: about {} in all ({done} of {total} took \
                 {})",
                format_seconds(whole),
                format_seconds(elapsed.as_secs_f64()),
            ));
        }
    }
}

impl Observer for Reporter {
    fn observe(&self, event: Event) {
        match event {
            Event::Started { subproblems } => self.start(subproblems),
            Event::SubproblemDone => self.advance(),
            _ => {}
        }
    }
}

impl Drop for Reporter {
    /// A count that fails leaves no bar behind its error message.
    fn drop(&mut self) {
        self.finish();
    }
}

#[derive(Serialize)]
struct CountReport<'a> {
    n: usize,
    strategy: &'a str,
    total: u64,
    unique: Option<u64>,
    /// With `--unique`: the classes by orbit size, P and R (checked by Burnside's identity).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    types: Option<crate::symmetric::TypesReport>,
    complete: bool,
    seconds: f64,
    stats: Stats,
}

/// The registered strategies whose capabilities say `can`, by name, joined with `separator`.
fn strategies_that(
    registry: &Registry,
    can: impl Fn(&Capabilities) -> bool,
    separator: &str,
) -> String {
    let names: Vec<&str> = registry
        .iter()
        .filter(|s| can(&s.capabilities()))
        .map(|s| s.name())
        .collect();
    if names.is_empty() {
        "none is registered".to_string()
    } else {
        names.join(separator)
    }
}

/// Runs `nqueens count`.
pub fn run(registry: &Registry, stop: &StopFlag, args: &CountArgs) -> anyhow::Result<Status> {
    if let Some(turn) = args.symmetric {
        return crate::symmetric::run(registry, stop, args, turn.into());
    }
    let n = args.n;
    let given = args.given.given.as_ref();
    if given.is_some() && (args.unique || args.checkpoint.is_some() || args.shard.is_some()) {
        anyhow::bail!(UsageError(
            "--given counts the completions of the given queens in one run: --unique, \
             --checkpoint and --shard do not apply"
                .to_string()
        ));
    }
    let (mut solver, config) = args
        .strategy
        .choose(registry, Operation::Count, n, given, stop)?;
    let needs_classes = args.unique || args.shard.is_some() || args.checkpoint.is_some();
    if needs_classes && args.strategy.strategy.is_none() && !solver.capabilities().counts_classes {
        // The default counter at this size may not count classes (quadrants). --unique takes
        // the first counter of the rule that does, and so do shards and checkpoints, whose
        // records promise both counts (`merge --unique`, a rerun with --unique).
        if let Some(counter) = class_counter(registry, n) {
            solver = counter;
        }
    }
    if args.strategy.strategy.is_none() {
        // The default counter may refuse for memory (quadrants' tables under --memory-limit):
        // then the next pick of the count rule that accepts counts instead.
        let probe = Config {
            threads: args.threads.map(thread_count),
            memory_limit: args.memory_limit,
            stop: stop.clone(),
            ..Config::default()
        };
        if let Err(nqueens::core::Error::Refused { .. }) = solver.admit_count(n, &probe)
            && let Some(next) = registry
                .rule(Operation::Count)
                .iter()
                .filter_map(|pick| registry.get(pick.strategy).ok())
                .find(|other| {
                    other.name() != solver.name()
                        && (!needs_classes || other.capabilities().counts_classes)
                        && other.check(Operation::Count, n, &probe).is_ok()
                        && other.admit_count(n, &probe).is_ok()
                })
        {
            warn(&format!(
                "{} refuses n = {n} under the memory limit; counting with {} instead",
                solver.name(),
                next.name()
            ));
            solver = next;
        }
    }
    let capabilities = solver.capabilities();
    if !capabilities.resumable && (args.checkpoint.is_some() || args.shard.is_some()) {
        anyhow::bail!(UsageError(format!(
            "--checkpoint and --shard need a resumable strategy ({}), not {}",
            strategies_that(registry, |c| c.resumable, ", "),
            solver.name()
        )));
    }
    if args.unique && args.shard.is_some() {
        anyhow::bail!(UsageError(
            "--unique does nothing with --shard: the shard record holds both counts; \
             `nqueens merge --unique` prints the classes"
                .to_string()
        ));
    }
    if args.threads.is_some() && !capabilities.resumable {
        warn(&format!(
            "--threads does nothing here: {} counts on one thread",
            solver.name()
        ));
    }
    if args.unique && !capabilities.counts_classes {
        anyhow::bail!(UsageError(format!(
            "{} does not count classes; --unique needs --strategy {}",
            solver.name(),
            strategies_that(registry, |c| c.counts_classes, " or ")
        )));
    }
    // The time estimate is calibrated on plain counts, not on completions.
    let reporter = Arc::new(Reporter::new(
        args.quiet,
        n >= LONG_COUNT_N && given.is_none(),
    ));
    // `--json` prints the statistics, so it asks for those that cost time (the symmetry
    // counter's nodes); they come from the solver's own count, not from a shard or checkpoint.
    let wants_stats = args.json && args.shard.is_none() && args.checkpoint.is_none();
    let config = Config {
        stats: wants_stats,
        threads: args.threads.map(thread_count),
        memory_limit: args.memory_limit,
        observer: reporter
            .shows_anything()
            .then(|| reporter.clone() as Arc<dyn Observer>),
        ..config
    };
    let started = Instant::now();
    let run = if capabilities.resumable && !wants_stats {
        let plan = solver.plan(n, &config)?;
        if reporter.estimate {
            announce_long_count(solver, plan.as_ref(), &config, args, &reporter);
        }
        let shard = args.shard.unwrap_or_else(Shard::whole);
        if shard.count() > plan.max_slices() {
            anyhow::bail!(UsageError(format!(
                "--shard {shard}: n = {n} has only {} subproblems to share out",
                plan.len()
            )));
        }
        let record = match &args.checkpoint {
            None => count_shard(plan.as_ref(), shard, &config)?,
            Some(path) => counted_with_checkpoint(path, plan.as_ref(), shard, &config, &reporter)?,
        };
        reporter.finish();
        if args.shard.is_some() {
            return print_shard(&record);
        }
        CountRun {
            total: record.count,
            unique: capabilities.counts_classes.then_some(record.unique),
            ended: if record.complete {
                Ended::Exhausted
            } else {
                stop.reason().unwrap_or(Ended::Interrupted)
            },
            stats: plan.stats(),
        }
    } else {
        let run = solver.count(n, &config)?;
        reporter.finish();
        run
    };
    // Every whole count with classes is checked against P and R, counted directly.
    let types = match (run.is_complete(), run.unique) {
        (true, Some(unique)) => crate::symmetric::check(n, run.total, unique, &config)?,
        _ => None,
    };
    let unchecked = run.is_complete() && run.unique.is_some() && types.is_none();
    let seconds = started.elapsed().as_secs_f64();
    let mut out = crate::output::stdout()?;
    // A partial count says so on the same line, so that `count 17 > n.txt` interrupted cannot
    // be taken for the final count.
    let partial = if run.is_complete() { "" } else { PARTIAL };
    if args.json {
        let report = CountReport {
            n,
            strategy: solver.name(),
            total: run.total,
            unique: run.unique,
            types: types.filter(|_| args.unique).map(Into::into),
            complete: run.is_complete(),
            seconds,
            stats: run.stats,
        };
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else if let (true, Some(unique)) = (args.unique, run.unique) {
        writeln!(out, "{unique}{partial}")?;
    } else {
        writeln!(out, "{}{partial}", run.total)?;
    }
    out.flush()?;
    if unchecked {
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
                solver.name(),
                run.ended
            ));
            Ok(Status::Negative)
        }
    }
}

/// What follows a count that is not the whole count, on its line.
pub(crate) const PARTIAL: &str = " (partial)";

/// The first strategy of the count rule that counts classes and accepts `n`.
fn class_counter(registry: &Registry, n: usize) -> Option<&dyn Solver> {
    registry
        .rule(Operation::Count)
        .iter()
        .filter_map(|pick| registry.get(pick.strategy).ok())
        .find(|solver| {
            solver.capabilities().counts_classes
                && solver
                    .check(Operation::Count, n, &Config::default())
                    .is_ok()
        })
}

/// Says that `n` is a long count, how many subproblems it has and how long it should take,
/// and how to stop and resume it.
fn announce_long_count(
    solver: &dyn Solver,
    plan: &dyn Subproblems,
    config: &Config,
    args: &CountArgs,
    reporter: &Reporter,
) {
    let n = args.n;
    let guess = forecast(solver, n, config).map_or_else(String::new, |s| {
        format!(
            " and, timed against n = {CALIBRATION_N} here, would take about {} on {} thread(s)",
            format_seconds(s),
            config.thread_count()
        )
    });
    reporter.say(&format!(
        "n = {n} is a long count: {} subproblems{guess}. Ctrl-C stops and prints the partial \
         count{}",
        plan.len(),
        if args.checkpoint.is_some() {
            "; rerun with the same --checkpoint to resume"
        } else {
            "; --checkpoint FILE makes it resumable"
        }
    ));
}

pub(crate) fn counted_with_checkpoint(
    path: &Path,
    plan: &dyn Subproblems,
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
fn print_shard(record: &ShardRecord) -> anyhow::Result<Status> {
    let mut out = crate::output::stdout()?;
    serde_json::to_writer(&mut out, record)?;
    writeln!(out)?;
    out.flush()?;
    if record.complete {
        Ok(Status::Success)
    } else {
        message("interrupted: this shard is partial; rerun it (with --checkpoint to resume)");
        Ok(Status::Interrupted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes_read_with_binary_units() {
        assert_eq!(parse_bytes("1024"), Ok(1024));
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("16GiB"), Ok(16 << 30));
        assert_eq!(parse_bytes("2 gb"), Ok(2 << 30));
        for bad in ["", "G", "12X", "-1G", "0", "99999999999T", "1.5G"] {
            assert!(parse_bytes(bad).is_err(), "{bad}");
        }
    }
}
