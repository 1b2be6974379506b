//! `count --shard … --out FILE`: the shard's record written whole to FILE, and a rerun that
//! finds it there complete does not count again, so a scheduler may start the same shard any
//! number of times (a requeued Slurm task, a retried GNU parallel job, a resubmitted array).

use std::fs::{self, File};
use std::io;
use std::path::Path;

use anyhow::Context;
use nqueens::core::split::ShardRecord;
use nqueens::count::Counter;

use crate::UsageError;

/// Whether FILE already holds this shard's complete record. A missing or empty FILE, or one
/// holding this shard's partial record (or one made from another version's list of
/// subproblems), is counted again; anything else is refused rather than replaced.
pub(super) fn already_counted(counter: &Counter<'_>, path: &Path) -> anyhow::Result<bool> {
    let shown = crate::short(&path.display().to_string(), 200);
    let refuse = |why: String| {
        UsageError(format!(
            "--out {shown}: {why}; it is not replaced: remove it or choose another file"
        ))
    };
    let metadata = match fs::metadata(path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(false),
        other => other.with_context(|| format!("reading {shown}"))?,
    };
    if !metadata.is_file() {
        return Err(refuse("it is not a regular file".to_string()).into());
    }
    let file = File::open(path).with_context(|| format!("reading {shown}"))?;
    let mut records = Vec::new();
    crate::merge::read_records(path, file, &mut records)
        .map_err(|error| refuse(format!("{error:#}")))?;
    match records.as_slice() {
        [] => Ok(false),
        [record] => counter
            .completes(record)
            .map_err(|error| refuse(error.to_string()).into()),
        _ => Err(refuse(format!("it holds {} records, not one", records.len())).into()),
    }
}

/// Writes `record` to `path` as one JSON line, whole or not at all.
pub(super) fn write(path: &Path, record: &ShardRecord) -> anyhow::Result<()> {
    let mut line = serde_json::to_vec(record)?;
    line.push(b'\n');
    nqueens_report::write_atomically(path, |out| out.write_all(&line))?;
    Ok(())
}
