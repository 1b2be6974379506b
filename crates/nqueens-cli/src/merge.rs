//! `nqueens merge`: add up the JSON records of `nqueens count N --shard I/K`, after checking
//! that they cover the whole count exactly once.
//!
//! Reading stops at the first line that is not an intact record, so a wrong file is refused
//! after a few bytes. Every error about the records (not a record, edited, of another version
//! or key, failing the audit, not covering the count once) exits 2; an unreadable file, 1.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;
use clap::Args;
use nqueens::core::split::{AuditError, MergeError, ShardRecord, check_record, merge, random_seed};
use nqueens::core::{Config, Ended, Observer, Registry, StopFlag, quote};

use crate::count::progress::Reporter;
use crate::count::{read_key, read_records};
use crate::{Status, UsageError};

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
    /// Recount K subproblems drawn at random from the whole list and compare them with what
    /// the records claim for them; a difference is an error naming the shard, its file and the
    /// subproblem (exit 2). Probabilistic: a record with f wrong subproblems out of P escapes
    /// with probability at most (1 - f/P)^K; K at least P recounts everything. Costs about
    /// K/P of the whole count.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    audit: Option<u64>,
    /// The seed that draws the audit's sample (default: a random one; the audit prints the
    /// seed it used, so the same sample can be recounted again).
    #[arg(long, value_name = "S", requires = "audit")]
    audit_seed: Option<u64>,
    /// The most memory the audit's recount may take with a counter that sizes its tables
    /// first (quadrants: default 4G), as for `count --memory-limit`.
    #[arg(long, value_name = "SIZE", requires = "audit", value_parser = crate::count::parse_bytes)]
    memory_limit: Option<u64>,
    /// Refuse every record that does not carry a keyed check made with the secret in FILE (as
    /// `count --shard … --key FILE` writes them): an edited record, one without a keyed
    /// check, or one of another key. Without --key, a keyed record is refused.
    #[arg(long, value_name = "FILE")]
    key: Option<PathBuf>,
}

/// Runs `nqueens merge`, checking the records against this version's plan and Burnside's identity.
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
                let stdin = Path::new("standard input");
                read_records(stdin, io::stdin().lock(), &mut records)?;
            } else {
                let file =
                    File::open(&path).with_context(|| format!("reading {}", path.display()))?;
                read_records(&path, file, &mut records)?;
            }
            let name = quote(&path.display().to_string(), 120);
            sources.resize(records.len(), name);
        }
    }
    let key = args.key.as_deref().map(read_key).transpose()?;
    for (record, source) in records.iter().zip(&sources) {
        let flag = if key.is_some() { "--key: " } else { "" };
        check_record(record, key.as_ref())
            .map_err(|error| UsageError(format!("{source}: {flag}{error}")))?;
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
    if let Some(k) = args.audit
        && audit(registry, stop, args, k, &records, &sources)? == Status::Interrupted
    {
        return Ok(Status::Interrupted);
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

/// `merge --audit K`: recounts K subproblems drawn with a seed (said), against the records.
fn audit(
    registry: &Registry,
    stop: &StopFlag,
    args: &MergeArgs,
    k: u64,
    records: &[ShardRecord],
    sources: &[String],
) -> anyhow::Result<Status> {
    let Some(first) = records.first() else {
        return Ok(Status::Success);
    };
    let located = |shard, error: &AuditError| {
        let file = files_where(records, sources, |record| record.shard == shard);
        UsageError(format!("{error}{file}"))
    };
    // Checked before anything is counted: every record, sampled or not.
    if let Some(record) = records.iter().find(|record| record.tallies.is_none()) {
        let error = AuditError::NoTallies(record.shard);
        return Err(UsageError(format!(
            "--audit: {}: nqueens count {} --strategy {} --shard {}",
            located(record.shard, &error),
            first.n,
            first.strategy,
            record.shard
        ))
        .into());
    }
    let reporter = Arc::new(Reporter::new(false, false));
    let config = Config {
        stop: stop.clone(),
        memory_limit: args.memory_limit,
        observer: reporter
            .shows_anything()
            .then(|| reporter.clone() as Arc<dyn Observer>),
        ..Config::default()
    };
    let plan = registry
        .get(&first.strategy)?
        .plan(first.n, &config)
        .map_err(|error| anyhow::Error::new(error).context("--audit"))?;
    let seed = args.audit_seed.unwrap_or_else(random_seed);
    let sample =
        nqueens::core::split::sample(plan.len(), usize::try_from(k).unwrap_or(usize::MAX), seed);
    crate::output::message(&format!(
        "audit: recounting {} of the {} subproblems, drawn with seed {seed} (repeat with \
         --audit-seed {seed})",
        sample.len(),
        plan.len()
    ));
    let audited = nqueens::core::split::audit(records, plan.as_ref(), &sample, &config);
    reporter.finish();
    let audited = audited.map_err(|error| -> anyhow::Error {
        match error {
            AuditError::Mismatch { shard, .. } | AuditError::NoTallies(shard) => {
                located(shard, &error).into()
            }
            AuditError::Count(error) => anyhow::Error::new(error).context("--audit"),
            error @ AuditError::NotCovered(_) => error.into(),
        }
    })?;
    if audited.ended != Ended::Exhausted {
        crate::output::message(&format!(
            "interrupted during the audit: {} of {} subproblems recounted, all as the records \
             claim; no total printed",
            audited.checked,
            sample.len()
        ));
        return Ok(Status::Interrupted);
    }
    crate::output::message(&format!(
        "audit: all {} subproblems recounted as the records claim",
        audited.checked
    ));
    Ok(Status::Success)
}

/// The files to read: each argument, or the `*.json` files of a directory, in name order.
fn inputs(arguments: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in arguments {
        if path.as_os_str() == "-" || !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let shown = quote(&path.display().to_string(), 120);
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

/// A merge error with the files it concerns, or the commands that count the missing shards.
fn explain(error: MergeError, records: &[ShardRecord], sources: &[String]) -> anyhow::Error {
    let files = |matches: &dyn Fn(&ShardRecord) -> bool| files_where(records, sources, matches);
    let located = match &error {
        MergeError::Missing { missing, count } => {
            return UsageError(format!("{error}; {}", rerun_hint(records, missing, *count))).into();
        }
        MergeError::Damaged(shard)
        | MergeError::Tallies(shard)
        | MergeError::Unchecked(shard)
        | MergeError::Duplicate(shard)
        | MergeError::Incomplete(shard)
        | MergeError::Fingerprint { shard, .. }
        | MergeError::Strategy { shard, .. }
        | MergeError::WrongPlan { shard, .. }
        | MergeError::TooManySlices { shard, .. } => files(&|r| r.shard == *shard),
        MergeError::MixedSplits { other, .. } => files(&|r| r.shard == *other),
        MergeError::MixedSizes { other, .. } => files(&|r| r.n == *other),
        MergeError::Empty | MergeError::Overflow | MergeError::Plan { .. } => String::new(),
    };
    if located.is_empty() {
        error.into()
    } else {
        UsageError(format!("{error}{located}")).into()
    }
}

/// ` (in FILE, ...)`: the files of the records that `matches`, or nothing.
fn files_where(
    records: &[ShardRecord],
    sources: &[String],
    matches: impl Fn(&ShardRecord) -> bool,
) -> String {
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
}

/// How to count only the `missing` shards of `count`, with Slurm or any runner.
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
