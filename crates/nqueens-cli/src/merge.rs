//! `nqueens merge`: add up the JSON records of `nqueens count N --shard I/K`, after checking
//! that they cover the whole count exactly once.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use nqueens::core::split::{ShardRecord, merge};
use nqueens::core::{Config, Registry};

use crate::{Status, UsageError};

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

/// Runs `nqueens merge`. The records are checked against the list of subproblems their
/// strategy makes for their size in this version, taken from the registry.
pub fn run(registry: &Registry, args: &MergeArgs) -> anyhow::Result<Status> {
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
            let record = serde_json::from_str(line).map_err(|error| {
                UsageError(format!(
                    "{} line {}: not a shard record: {error}",
                    path.display(),
                    i + 1
                ))
            })?;
            records.push(record);
        }
    }
    let merged = merge(&records, |strategy, n| {
        registry.get(strategy)?.plan(n, &Config::default())
    })?;
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &merged)?;
        writeln!(out)?;
    } else if args.unique {
        writeln!(out, "{}", merged.unique)?;
    } else {
        writeln!(out, "{}", merged.count)?;
    }
    Ok(Status::Success)
}
