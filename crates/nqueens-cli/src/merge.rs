//! `nqueens merge`: add up the JSON records of `nqueens count N --shard I/K`, after checking
//! that they cover the whole count exactly once.
//!
//! Files are read a bounded line at a time and reading stops at the first line that is not a
//! whole, intact record, so a wrong file (or `/dev/urandom`) is refused after a few bytes.
//! Every error about the records themselves (not a record, edited, from another version, not
//! covering the count once) exits with status 2; a file that cannot be read, with status 1.

use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use nqueens::core::split::{MergeError, ShardRecord, merge};
use nqueens::core::{Config, Registry, StopFlag};

use crate::{Status, UsageError, short};

/// Options of `nqueens merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Files holding shard records (one JSON record a line, as `count --shard` prints them),
    /// or directories whose `*.json` files hold them (as `count --shard … --out DIR/…` writes
    /// them); `-` reads standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print the number of solutions distinct up to rotation and reflection instead.
    #[arg(long)]
    unique: bool,
    /// Machine-readable output: n, shards, subproblems, count, unique.
    #[arg(long)]
    json: bool,
}

/// The longest line read: a record takes about 250 bytes.
const MAX_RECORD: usize = 4096;

/// How much of a parser's message is quoted: it may quote the bad value.
const QUOTED: usize = 160;

/// Runs `nqueens merge`. The records are checked against the list of subproblems their
/// strategy makes for their size in this version, taken from the registry; a merged count
/// with classes is checked against Burnside's identity, like a whole `count`.
pub fn run(registry: &Registry, stop: &StopFlag, args: &MergeArgs) -> anyhow::Result<Status> {
    let mut out = crate::output::stdout()?;
    let mut records: Vec<ShardRecord> = Vec::new();
    // The file each record came from, to name it when the records do not add up.
    let mut sources: Vec<String> = Vec::new();
    {
        // Nothing is printed before every record is read: a signal while waiting for input
        // (`merge -`) ends the process at once.
        let _exit = crate::signals::exit_on_signal();
        for path in inputs(&args.files)? {
            if path.as_os_str() == "-" {
                read_records(
                    Path::new("standard input"),
                    io::stdin().lock(),
                    &mut records,
                )?;
            } else {
                let file =
                    File::open(&path).with_context(|| format!("reading {}", path.display()))?;
                read_records(&path, file, &mut records)?;
            }
            let name = crate::short(&path.display().to_string(), 120);
            sources.resize(records.len(), name);
        }
    }
    // Merging lists the subproblems but counts none: no memory bound applies (a count whose
    // tables needed a raised --memory-limit still merges).
    let unbounded = Config {
        memory_limit: Some(u64::MAX),
        ..Config::default()
    };
    let merged = merge(&records, |strategy, n| {
        registry.get(strategy)?.plan(n, &unbounded)
    })
    .map_err(|error| explain(error, &records, &sources))?;
    // merge() has checked that every record names the same strategy.
    let strategy = records.first().map(|record| record.strategy.as_str());
    let counts_classes = strategy
        .and_then(|name| registry.get(name).ok())
        .is_some_and(|solver| solver.capabilities().counts_classes);
    if args.unique && !counts_classes {
        anyhow::bail!(UsageError(format!(
            "--unique: strategy {} does not count classes of solutions, so its records carry \
             no class count; merge without --unique for the number of solutions",
            strategy.unwrap_or("-")
        )));
    }
    if counts_classes {
        let config = Config {
            stop: stop.clone(),
            ..Config::default()
        };
        let types = nqueens::count::symmetry_types(
            registry,
            merged.n,
            merged.count,
            merged.unique,
            &config,
        )
        .map_err(crate::count::cli_error)?;
        if types.is_none() {
            crate::output::message("interrupted while checking the merged count");
            return Ok(Status::Interrupted);
        }
    }
    if args.json {
        let mut report = serde_json::to_value(merged)?;
        // A counter that does not count classes leaves 0 in its records: that is not a class
        // count, so the report says null (as `count --json` does), never a wrong 0.
        if !counts_classes && let Some(unique) = report.get_mut("unique") {
            *unique = serde_json::Value::Null;
        }
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else if args.unique {
        writeln!(out, "{}", merged.unique)?;
    } else {
        writeln!(out, "{}", merged.count)?;
    }
    out.flush()?;
    Ok(Status::Success)
}

/// Appends the records of one input (named `name` in messages), one JSON object a line, blank
/// lines skipped; the first line that is not an intact record is an error, and nothing after it
/// is read.
pub(crate) fn read_records(
    name: &Path,
    input: impl Read,
    records: &mut Vec<ShardRecord>,
) -> anyhow::Result<()> {
    let mut input = BufReader::new(input);
    let mut bytes = Vec::new();
    for number in 1.. {
        let bad = |why: String| UsageError(format!("{} line {number}: {why}", name.display()));
        bytes.clear();
        let read = (&mut input)
            .take(MAX_RECORD as u64 + 1)
            .read_until(b'\n', &mut bytes)
            .with_context(|| format!("reading {}", name.display()))?;
        if read == 0 {
            return Ok(());
        }
        if bytes.len() > MAX_RECORD && bytes.last() != Some(&b'\n') {
            anyhow::bail!(bad(format!(
                "not a shard record: the line is longer than {MAX_RECORD} bytes"
            )));
        }
        let Ok(line) = std::str::from_utf8(&bytes) else {
            anyhow::bail!(bad("not a shard record: the line is not UTF-8 text".into()));
        };
        if line.trim().is_empty() {
            continue;
        }
        let record: ShardRecord = serde_json::from_str(line).map_err(|error| {
            bad(format!(
                "not a shard record: {}",
                short(&error.to_string(), QUOTED)
            ))
        })?;
        if record.check.is_empty() || !record.is_intact() {
            anyhow::bail!(bad(if record.check.is_empty() {
                format!(
                    "the record of shard {} has no check (an earlier version of nqueens wrote \
                     it, or it was edited): count that shard again with this version",
                    record.shard
                )
            } else {
                format!(
                    "the record of shard {} fails its check: its numbers were edited or \
                     damaged after `count --shard` wrote it; count that shard again",
                    record.shard
                )
            }));
        }
        records.push(record);
    }
    Ok(())
}

/// The files to read: each argument, or the `*.json` files of a directory, in name order.
fn inputs(arguments: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in arguments {
        if path.as_os_str() == "-" || !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let shown = crate::short(&path.display().to_string(), 120);
        let mut found: Vec<PathBuf> = fs::read_dir(path)
            .with_context(|| format!("reading the directory {shown}"))?
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|file| file.extension().is_some_and(|e| e == "json") && file.is_file())
            .collect();
        if found.is_empty() {
            anyhow::bail!(UsageError(format!(
                "{shown} is a directory with no *.json shard records in it"
            )));
        }
        found.sort();
        files.append(&mut found);
    }
    Ok(files)
}

/// A merge error with the files it concerns, and for missing shards the commands that count
/// only those.
fn explain(error: MergeError, records: &[ShardRecord], sources: &[String]) -> anyhow::Error {
    let files_where = |matches: &dyn Fn(&ShardRecord) -> bool| {
        let mut names: Vec<&str> = records
            .iter()
            .zip(sources)
            .filter(|(record, _)| matches(record))
            .map(|(_, name)| name.as_str())
            .collect();
        names.dedup();
        match names.as_slice() {
            [] => String::new(),
            names => format!(" (in {})", names.join(", ")),
        }
    };
    let located = match &error {
        MergeError::Missing { missing, count } => {
            return UsageError(format!("{error}; {}", rerun_hint(records, missing, *count))).into();
        }
        MergeError::Damaged(shard)
        | MergeError::Unchecked(shard)
        | MergeError::Duplicate(shard)
        | MergeError::Incomplete(shard)
        | MergeError::Fingerprint { shard, .. }
        | MergeError::Strategy { shard, .. }
        | MergeError::WrongPlan { shard, .. }
        | MergeError::TooManySlices { shard, .. } => files_where(&|r| r.shard == *shard),
        MergeError::MixedSplits { other, .. } => files_where(&|r| r.shard == *other),
        MergeError::MixedSizes { other, .. } => files_where(&|r| r.n == *other),
        MergeError::Empty | MergeError::Overflow | MergeError::Plan { .. } => String::new(),
    };
    if located.is_empty() {
        error.into()
    } else {
        UsageError(format!("{error}{located}")).into()
    }
}

/// How to count only the `missing` shards of `count`: the Slurm array of `contrib/slurm/`, or
/// any runner.
fn rerun_hint(records: &[ShardRecord], missing: &[usize], count: usize) -> String {
    let Some(first) = records.first() else {
        return String::new();
    };
    let n = first.n;
    let indices: Vec<String> = missing.iter().map(usize::to_string).collect();
    let mut ranges: Vec<String> = Vec::new();
    let mut i = 0;
    while i < missing.len() {
        let start = missing[i];
        while i + 1 < missing.len() && missing[i + 1] == missing[i] + 1 {
            i += 1;
        }
        ranges.push(match missing[i] {
            end if end == start => start.to_string(),
            end => format!("{start}-{end}"),
        });
        i += 1;
    }
    format!(
        "count only those, with Slurm: sbatch --array={} --export=ALL,NQ_N={n},NQ_SHARDS={count},\
         NQ_STRATEGY={} contrib/slurm/count.sbatch; or anywhere: for i in {}; do nqueens count \
         {n} --strategy {} --shard $i/{count}; done",
        ranges.join(","),
        first.strategy,
        indices.join(" "),
        first.strategy
    )
}
