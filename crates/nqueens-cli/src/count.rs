//! `nqueens count`: the number of solutions, with a progress bar for long counts.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use clap::Args;
use nqueens::core::{Config, Operation, Progress, Registry, StopFlag};
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
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

/// An indicatif bar fed by a strategy's progress reports.
struct ProgressBar(indicatif::ProgressBar);

impl Progress for ProgressBar {
    fn start(&self, total: u64) {
        self.0.set_length(total);
    }

    fn advance(&self, done: u64) {
        self.0.inc(done);
    }
}

fn progress_bar(quiet: bool) -> Option<Arc<ProgressBar>> {
    if quiet || !io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(0);
    // The template is a constant, so failing to parse it is a bug caught by any run; fall back
    // to the default style rather than panic.
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} subproblems, ETA {eta}",
    ) {
        bar.set_style(style);
    }
    Some(Arc::new(ProgressBar(bar)))
}

#[derive(Serialize)]
struct CountReport<'a> {
    n: usize,
    strategy: &'a str,
    total: u64,
    unique: Option<u64>,
    complete: bool,
    seconds: f64,
    stats: nqueens::core::Stats,
}

pub fn run(registry: &Registry, stop: &StopFlag, args: &CountArgs) -> anyhow::Result<ExitCode> {
    let CountArgs {
        n,
        ref pick,
        quiet,
        json,
    } = *args;
    let solver = choose(registry, pick, Operation::Count, n)?;
    let bar = progress_bar(quiet);
    let config = Config {
        progress: bar.clone().map(|b| b as Arc<dyn Progress>),
        ..crate::config(stop, pick)
    };
    let started = Instant::now();
    let run = solver.count(n, &config)?;
    let seconds = started.elapsed().as_secs_f64();
    if let Some(bar) = bar {
        bar.0.finish_and_clear();
    }
    let mut out = io::stdout().lock();
    if json {
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
    } else {
        writeln!(out, "{}", run.total)?;
    }
    if run.complete {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!("interrupted: the count above is partial (a lower bound)");
        Ok(ExitCode::from(INTERRUPTED))
    }
}
