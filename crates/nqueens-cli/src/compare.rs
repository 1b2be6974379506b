//! `nqueens compare`: every strategy on the same work, one table per job. The comparison itself
//! is [`nqueens_report::compare`](mod@nqueens_report::compare); this module reads the flags and prints.
//!
//! Before the first table, a line on standard error says what is about to run.

use std::io::Write;
use std::time::Duration;

use clap::Args;
use nqueens::core::{Registry, StopFlag};
use nqueens_report::compare::{Job, Planned, announcement, config, plan, run_job};

use crate::{Status, UsageError};

/// Options of `nqueens compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Board sizes for both jobs (default: 8 10 12 14 for counting, 8 16 24 32 100 10000 for a
    /// first solution).
    #[arg(value_parser = crate::parse_size)]
    sizes: Vec<usize>,
    /// Only this job.
    #[arg(long, value_enum)]
    job: Option<JobArg>,
    /// Give up on one case after this many seconds (the row then says "timeout").
    #[arg(long, default_value = "2", value_parser = parse_timeout)]
    timeout: Duration,
    /// Seed for randomized strategies.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Machine-readable output: one JSON array of cases.
    #[arg(long)]
    json: bool,
}

/// The jobs every strategy is put to.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum JobArg {
    /// Count every solution.
    Count,
    /// Find a first solution.
    First,
}

/// Parses `--timeout`: seconds, a finite number above zero.
fn parse_timeout(text: &str) -> Result<Duration, String> {
    let not_seconds = |_| format!("{text:?} is not a number of seconds");
    let seconds: f64 = text.trim().parse().map_err(not_seconds)?;
    if seconds <= 0.0 {
        return Err(format!(
            "the timeout must be above zero seconds, not {text}"
        ));
    }
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("{text:?} seconds is not a timeout this program can wait for"))
}

/// Runs `nqueens compare`.
pub fn run(registry: &Registry, stop: &StopFlag, args: &CompareArgs) -> anyhow::Result<Status> {
    let jobs = match args.job {
        Some(JobArg::Count) => vec![Job::Count],
        Some(JobArg::First) => vec![Job::First],
        None => vec![Job::Count, Job::First],
    };
    let config = config(args.seed, stop);
    let plan = plan(registry, &jobs, &args.sizes, &config);
    if plan.iter().all(|p| p.runnable.is_empty()) {
        let reasons: Vec<String> = plan.into_iter().flat_map(|p| p.refused).collect();
        let reasons = reasons.join("; ");
        anyhow::bail!(UsageError(format!("nothing to compare: {reasons}")));
    }
    eprintln!("{}", announcement(&plan, args.timeout, args.seed));
    // A strategy that cannot run here (a GPU counter without a GPU) is named once, with why,
    // where it would have taken part.
    for (name, why) in registry.unavailable() {
        let takes_part = |p: &Planned| {
            registry.get(name).is_ok_and(|solver| {
                let limit = solver.capabilities().widest(p.job.operation());
                p.runnable.iter().any(|&n| limit.accepts(n))
            })
        };
        if plan.iter().any(takes_part) {
            eprintln!("nqueens compare: skipping {name}: {why}");
        }
    }
    let mut out = crate::output::stdout()?;
    let mut cases = Vec::new();
    for planned in plan {
        let ran = run_job(registry, planned, &config, args.timeout);
        if !args.json {
            write!(out, "{}", ran.write(registry, &config))?;
        }
        cases.extend(ran.cases);
    }
    if args.json {
        serde_json::to_writer_pretty(&mut out, &cases)?;
        writeln!(out)?;
    }
    out.flush()?;
    Ok(if stop.is_stopped() {
        Status::Interrupted
    } else {
        Status::Success
    })
}
