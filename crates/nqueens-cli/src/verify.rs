//! `nqueens verify`: check placements, given as arguments or one a line on standard input.
//!
//! Standard input is read a bounded line at a time, so endless input (`< /dev/zero`) is
//! refused instead of filling memory. With several placements, each verdict starts with its
//! line number.

use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};

use anyhow::Context;
use clap::Args;
use nqueens::core::{ParsePlacementError, Placement, StopFlag, quote, validate, validate_size};
use serde::Serialize;

use crate::{Status, UsageError};

/// Options of `nqueens verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Columns of the queens, row 0 first, separated by spaces or commas.
    #[arg(allow_negative_numbers = true)]
    placement: Vec<String>,
    /// Require exactly this many queens (and read lines of up to about 12·N bytes).
    #[arg(long, value_parser = crate::parse_size)]
    n: Option<usize>,
    /// Machine-readable output, one JSON object a line.
    #[arg(long)]
    json: bool,
}

/// The longest line read without `--n`: room for a placement of some five million queens.
const DEFAULT_MAX_LINE: usize = 64 << 20;

#[derive(Serialize)]
struct VerifyReport {
    /// The line of standard input, when several placements were read from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    valid: bool,
    /// Queens in the placement; `None` when it did not parse.
    n: Option<usize>,
    error: Option<String>,
}

/// The verdict on one placement: its queens when it parsed, and why it is not a solution.
struct Verdict {
    queens: Option<usize>,
    result: Result<(), String>,
}

/// Runs `nqueens verify`: negative if any placement is invalid.
pub fn run(args: &VerifyArgs, stop: &StopFlag) -> anyhow::Result<Status> {
    let mut out = BufWriter::new(crate::output::stdout()?);
    let status = if args.placement.is_empty() {
        let mut input = BufReader::with_capacity(1 << 16, io::stdin().lock());
        verify_lines(args, &mut input, &mut out, stop)?
    } else {
        let verdict = check(args, args.placement.join(" ").as_bytes());
        let valid = verdict.result.is_ok();
        report(args, &mut out, None, verdict)?;
        if valid {
            Status::Success
        } else {
            Status::Negative
        }
    };
    out.flush()?;
    Ok(status)
}

/// Checks every non-blank line of `input` (a lone verdict is printed without a line number).
fn verify_lines(
    args: &VerifyArgs,
    input: &mut BufReader<impl Read>,
    out: &mut impl Write,
    stop: &StopFlag,
) -> anyhow::Result<Status> {
    // A placement of n queens takes up to ten digits and a separator or two per queen, and
    // some slack for surrounding blanks.
    let limit = (args.n).map_or(DEFAULT_MAX_LINE, |n| {
        n.saturating_mul(12).saturating_add(1024)
    });
    let mut all_valid = true;
    let mut first: Option<(usize, Verdict)> = None;
    let mut numbered = false;
    let mut bytes = Vec::new();
    let mut interrupted = false;
    for number in 1.. {
        if stop.is_stopped() {
            interrupted = true;
            break;
        }
        // The verdicts so far are shown before a read that may wait, during which a signal ends
        // the process at once; between waits it only raises `stop`, cutting no verdict off.
        let waiting = if input.buffer().is_empty() {
            out.flush()?;
            Some(crate::signals::exit_on_signal())
        } else {
            None
        };
        bytes.clear();
        let read = input
            .by_ref()
            .take(u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1))
            .read_until(b'\n', &mut bytes)
            .context("reading standard input")?;
        drop(waiting);
        if read == 0 {
            break;
        }
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
        } else if bytes.len() > limit {
            // The verdict held back belongs to a multi-line input: it goes out numbered.
            if let Some((earlier, held)) = first.take() {
                report(args, out, Some(earlier), held)?;
            }
            out.flush()?;
            anyhow::bail!(
                "standard input line {number} is longer than {limit} bytes, more than a \
                 placement{} takes; nothing after it was read{}",
                args.n.map_or(String::new(), |n| format!(" of {n} queens")),
                if args.n.is_none() {
                    " (pass --n N to read longer lines)"
                } else {
                    ""
                }
            );
        }
        let mut line = bytes.as_slice();
        if number == 1 {
            line = line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line);
        }
        if line.trim_ascii().is_empty() {
            continue;
        }
        let verdict = check(args, line);
        all_valid &= verdict.result.is_ok();
        if numbered {
            report(args, out, Some(number), verdict)?;
        } else if let Some((earlier, held)) = first.take() {
            numbered = true;
            report(args, out, Some(earlier), held)?;
            report(args, out, Some(number), verdict)?;
        } else {
            first = Some((number, verdict));
        }
    }
    match first {
        Some((_, verdict)) => report(args, out, None, verdict)?,
        None if !numbered && !interrupted => anyhow::bail!(UsageError(
            "no placement given: pass columns as arguments or on standard input".to_string()
        )),
        None => {}
    }
    Ok(match (interrupted, all_valid) {
        (true, _) => Status::Interrupted,
        (false, true) => Status::Success,
        (false, false) => Status::Negative,
    })
}

/// Parses and validates one placement.
fn check(args: &VerifyArgs, text: &[u8]) -> Verdict {
    let parsed = std::str::from_utf8(text)
        .map_err(|_| "the line is not UTF-8 text".to_string())
        .and_then(|text| text.parse::<Placement>().map_err(|e| describe(&e)));
    let queens = parsed.as_ref().ok().map(Placement::len);
    let result = parsed.and_then(|p| {
        let columns = p.columns();
        match args.n {
            Some(n) => validate_size(columns, n),
            None => validate(columns),
        }
        .map_err(|e| e.to_string())
    });
    Verdict { queens, result }
}

/// The parser's message, quoting at most the start of a long number.
fn describe(error: &ParsePlacementError) -> String {
    match error {
        ParsePlacementError::TooLarge { text, position } if text.len() > 24 => format!(
            "number {} ({} digits) at position {position} is too large for a column",
            quote(text, 20),
            text.len()
        ),
        other => other.to_string(),
    }
}

/// Writes one verdict, with its line number when it has one.
fn report(
    args: &VerifyArgs,
    out: &mut impl Write,
    line: Option<usize>,
    verdict: Verdict,
) -> anyhow::Result<()> {
    if args.json {
        let report = VerifyReport {
            line,
            valid: verdict.result.is_ok(),
            n: verdict.queens,
            error: verdict.result.err(),
        };
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
    } else {
        if let Some(line) = line {
            write!(out, "line {line}: ")?;
        }
        match verdict.result {
            Ok(()) => writeln!(out, "valid")?,
            Err(reason) => writeln!(out, "invalid: {reason}")?,
        }
    }
    Ok(())
}
