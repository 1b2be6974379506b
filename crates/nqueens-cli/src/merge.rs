//! `nqueens merge`: add up the JSON records of `nqueens count N --shard I/K`, after checking
//! that they cover the whole count exactly once.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use nqueens::symmetry::{ShardRecord, merge};

/// Options of `nqueens merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Files holding shard records (one JSON record a line, as `count --shard` prints them);
    /// `-` reads standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print the number of solutions distinct up to rotation and reflection instead.
    #[arg(long)]
    unique: bool,
    /// Machine-readable output: n, shards, subproblems, count, unique.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &MergeArgs) -> anyhow::Result<ExitCode> {
    let mut records: Vec<ShardRecord> = Vec::new();
    for path in &args.files {
        let text = if path.as_os_str() == "-" {
            io::read_to_string(io::stdin()).context("reading standard input")?
        } else {
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?
        };
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            match serde_json::from_str(line) {
                Ok(record) => records.push(record),
                Err(error) => {
                    eprintln!(
                        "error: {} line {}: not a shard record: {error}",
                        path.display(),
                        i + 1
                    );
                    return Ok(ExitCode::from(2));
                }
            }
        }
    }
    let merged = match merge(&records) {
        Ok(merged) => merged,
        Err(error) => {
            eprintln!("error: {error}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &merged)?;
        writeln!(out)?;
    } else if args.unique {
        writeln!(out, "{}", merged.unique)?;
    } else {
        writeln!(out, "{}", merged.count)?;
    }
    Ok(ExitCode::SUCCESS)
}
