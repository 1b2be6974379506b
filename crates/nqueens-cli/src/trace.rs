//! `nqueens trace`: one strategy's search, step by step, as JSON Lines, an animated SVG or GIF,
//! or an HTML player.

use std::path::{Path, PathBuf};

use clap::Args;
use nqueens::core::{Config, Operation, Registry, StopFlag, quote};
use nqueens_report::{format_bytes, write_atomically};
use nqueens_trace::svg::Timing;
use nqueens_trace::{
    DEFAULT_MAX_STEPS, MAX_STEPS, Trace, TraceError, check_picture, frames, record,
};

use crate::output::{StopWriter, message, warn};
use crate::{GivenArgs, Status, StrategyArgs, UsageError};

/// Options of `nqueens trace`.
#[derive(Args, Debug)]
pub struct TraceArgs {
    /// Board size (at least 1; pictures up to 32).
    #[arg(value_parser = crate::parse_size)]
    n: usize,
    #[command(flatten)]
    strategy: StrategyArgs,
    #[command(flatten)]
    given: GivenArgs,
    /// Seed for randomized strategies (one is chosen and recorded when omitted).
    #[arg(long)]
    seed: Option<u64>,
    /// Record at most this many steps; a longer search is cut there, and the trace says so.
    #[arg(long, default_value_t = DEFAULT_MAX_STEPS, value_parser = parse_max_steps)]
    max_steps: u64,
    /// Where to write, by extension: FILE.jsonl (the events), FILE.svg or FILE.gif (an
    /// animation), FILE.html (a player page). Default: JSON Lines on standard output.
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// A second strategy (registry name) run on the same board, shown beside the first in the
    /// HTML player, stepping together.
    #[arg(long, value_name = "STRATEGY")]
    compare: Option<String>,
    /// Milliseconds per step in the SVG and GIF animations.
    #[arg(long, default_value_t = Timing::default().frame_ms, value_parser = clap::value_parser!(u32).range(10..=10_000))]
    frame_ms: u32,
}

fn parse_max_steps(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(steps @ 1..=MAX_STEPS) => Ok(steps),
        _ => Err(format!(
            "{:?} is not a step count from 1 to {MAX_STEPS}",
            quote(text, 24)
        )),
    }
}

/// What `--out` asks for, by its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    JsonLines,
    Svg,
    Gif,
    Html,
}

impl Format {
    fn of(path: &Path) -> Result<Format, UsageError> {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("jsonl" | "ndjson") => Ok(Format::JsonLines),
            Some("svg") => Ok(Format::Svg),
            Some("gif") => Ok(Format::Gif),
            Some("html" | "htm") => Ok(Format::Html),
            _ => Err(UsageError(format!(
                "{}: unknown trace format; the file must end in .jsonl, .svg, .gif or .html",
                path.display()
            ))),
        }
    }
}

/// Runs `nqueens trace`.
pub fn run(registry: &Registry, stop: &StopFlag, args: &TraceArgs) -> anyhow::Result<Status> {
    let n = args.n;
    let format = match &args.out {
        Some(path) => Format::of(path)?,
        None => Format::JsonLines,
    };
    if let Some(path) = &args.out {
        // A file that cannot be written fails the run (status 1), as in every command; it
        // is found out before the search, not after.
        check_writable(path)?;
    }
    if format != Format::JsonLines {
        check_picture(n, args.max_steps).map_err(|e| UsageError(e.to_string()))?;
    }
    if args.compare.is_some() && format != Format::Html {
        anyhow::bail!(UsageError(
            "--compare shows two traces side by side in the HTML player: use --out FILE.html"
                .into()
        ));
    }
    let mut traces = vec![trace_one(registry, stop, args, &args.strategy)?];
    if let Some(other) = &args.compare {
        let other = StrategyArgs {
            strategy: Some(other.clone()),
            variant: None,
        };
        traces.push(trace_one(registry, stop, args, &other)?);
    }
    for trace in &traces {
        if trace.end.cut {
            message(&format!(
                "{}: the search was cut at {} steps (--max-steps): the trace is its start",
                trace.header.strategy, trace.end.steps
            ));
        }
    }
    if stop.is_stopped() && !traces.iter().any(|t| t.end.cut) {
        message("interrupted: nothing written");
        return Ok(Status::Interrupted);
    }
    let timing = Timing {
        frame_ms: args.frame_ms,
        ..Timing::default()
    };
    let Some(path) = &args.out else {
        let mut out = crate::output::stdout()?;
        traces[0].write_jsonl(&mut StopWriter::new(&mut out, stop))?;
        return Ok(interrupted_while_writing(
            stop,
            "the trace above is incomplete",
        ));
    };
    let written = write_trace(path, format, &traces, timing, stop);
    if stop.is_stopped() {
        // The writer stopped at the signal: the old file, if any, is as it was (unless the
        // signal came after the last byte).
        let what = match written {
            Ok(()) => format!("{} was written whole just before", path.display()),
            Err(_) => "nothing written".to_string(),
        };
        return Ok(interrupted_while_writing(stop, &what));
    }
    written?;
    let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
    message(&format!(
        "wrote {}: {} steps, {}",
        path.display(),
        traces.iter().map(|t| t.end.steps).max().unwrap_or(0),
        format_bytes(bytes)
    ));
    Ok(Status::Success)
}

/// Success, or (after a signal) the interrupted status with `what` said on standard error.
fn interrupted_while_writing(stop: &StopFlag, what: &str) -> Status {
    if stop.is_stopped() {
        message(&format!("interrupted while writing: {what}"));
        Status::Interrupted
    } else {
        Status::Success
    }
}

/// Writes `traces` to `path` in `format`, stopping (with an error) at a signal.
fn write_trace(
    path: &Path,
    format: Format,
    traces: &[Trace],
    timing: Timing,
    stop: &StopFlag,
) -> anyhow::Result<()> {
    let first = &traces[0];
    match format {
        Format::JsonLines => write_atomically(path, |out| {
            first.write_jsonl(&mut StopWriter::new(out, stop))
        })?,
        Format::Svg | Format::Gif => {
            let frames = frames(first)?;
            let animate = match format {
                Format::Svg => nqueens_trace::svg::write_svg,
                _ => nqueens_trace::gif::write_gif,
            };
            write_atomically(path, |out| {
                animate(first, &frames, timing, &mut StopWriter::new(out, stop))
            })?
        }
        Format::Html => write_atomically(path, |out| {
            nqueens_trace::html::write_html(traces, &mut StopWriter::new(out, stop))
                .map_err(std::io::Error::other)
        })?,
    }
    Ok(())
}

/// Records the search of the strategy `strategy` names with the options of `args`.
fn trace_one(
    registry: &Registry,
    stop: &StopFlag,
    args: &TraceArgs,
    strategy: &StrategyArgs,
) -> anyhow::Result<Trace> {
    let n = args.n;
    let given = args.given.given.as_ref();
    // Without --strategy, the default for a first solution; a named count-only strategy is
    // traced counting.
    let (solver, config) = strategy.choose(registry, Operation::First, n, given, stop)?;
    if args.seed.is_some() && !solver.capabilities().variants.iter().any(|v| v.randomized) {
        warn(&format!(
            "{} is deterministic: --seed does nothing",
            solver.name()
        ));
    }
    let config = Config {
        seed: args.seed,
        ..config
    };
    record(solver, n, config, args.max_steps).map_err(|error| match error {
        TraceError::Solver(error) => error.into(),
        other => UsageError(other.to_string()).into(),
    })
}

/// Refuses, before any search, an output whose directory is missing or cannot be written.
fn check_writable(path: &Path) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        anyhow::bail!(
            "{}: no such directory for {}",
            dir.display(),
            path.display()
        );
    }
    if path.is_dir() {
        anyhow::bail!("{} is a directory", path.display());
    }
    let probe = dir.join(format!(".nqueens-trace-probe-{}", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|error| anyhow::anyhow!("{} cannot be written: {error}", path.display()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}
