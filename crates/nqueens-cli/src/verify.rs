//! `nqueens verify`: check placements, given as arguments or one a line on standard input.

use std::io::{self, BufRead, BufWriter, Write};

use anyhow::Context;
use clap::Args;
use nqueens::core::{Placement, validate, validate_size};
use serde::Serialize;

use crate::Status;

/// Options of `nqueens verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Columns of the queens, row 0 first, separated by spaces or commas.
    #[arg(allow_negative_numbers = true)]
    placement: Vec<String>,
    /// Require exactly this many queens.
    #[arg(long, value_parser = crate::parse_size)]
    n: Option<usize>,
    /// Machine-readable output, one JSON object a line.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct VerifyReport {
    valid: bool,
    /// Queens in the placement; `None` when it did not parse.
    n: Option<usize>,
    error: Option<String>,
}

/// Runs `nqueens verify`: every placement is checked and reported; the status is negative if
/// any is invalid.
pub fn run(args: &VerifyArgs) -> anyhow::Result<Status> {
    let mut all_valid = true;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut check = |text: &str, out: &mut BufWriter<io::StdoutLock>| -> anyhow::Result<()> {
        let parsed = text.parse::<Placement>();
        let queens = parsed.as_ref().ok().map(Placement::len);
        let verdict = parsed.map_err(|e| e.to_string()).and_then(|p| {
            let columns = p.columns();
            match args.n {
                Some(n) => validate_size(columns, n),
                None => validate(columns),
            }
            .map_err(|e| e.to_string())
        });
        all_valid &= verdict.is_ok();
        if args.json {
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
    if args.placement.is_empty() {
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
        check(&args.placement.join(" "), &mut out)?;
    }
    out.flush()?;
    Ok(if all_valid {
        Status::Success
    } else {
        Status::Negative
    })
}
