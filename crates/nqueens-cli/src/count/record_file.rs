//! Shard records in files: `count --shard --out FILE` writes its record whole, and a rerun
//! that finds it there complete does not count again, so a scheduler may start the same shard
//! any number of times; `merge` reads records back.

use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;

use anyhow::Context;
use nqueens::core::quote;
use nqueens::core::split::ShardRecord;
use nqueens::count::Counter;

use crate::output::message;
use crate::{Status, UsageError};

/// The longest line read: a record takes about 250 bytes and up to 45 bytes per subproblem.
const MAX_RECORD: usize = 64 << 20;

/// How much of a parser's message is quoted: it may quote the bad value.
const QUOTED: usize = 160;

/// Whether FILE already holds this shard's complete record (a partial or outdated one is redone).
pub(super) fn already_counted(counter: &Counter<'_>, path: &Path) -> anyhow::Result<bool> {
    let shown = quote(&path.display().to_string(), 200);
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
    read_records(path, file, &mut records).map_err(|error| refuse(format!("{error:#}")))?;
    match records.as_slice() {
        [] => Ok(false),
        [record] => counter
            .completes(record)
            .map_err(|error| refuse(error.to_string()).into()),
        _ => Err(refuse(format!("it holds {} records, not one", records.len())).into()),
    }
}

/// One JSON line for `nqueens merge`, on standard output or written whole to `--out FILE`.
pub(super) fn print_shard(record: &ShardRecord, file: Option<&Path>) -> anyhow::Result<Status> {
    match file {
        // FILE only ever holds a whole shard, so that a rerun can trust it; the checkpoint
        // keeps a partial one's progress.
        Some(path) if record.is_complete() => return write(path, record),
        Some(path) => {
            message(&format!(
                "interrupted: shard {} is partial and {} was not written; rerun the same \
                 command to count it (with --checkpoint, from where it stopped)",
                record.shard,
                quote(&path.display().to_string(), 200)
            ));
            return Ok(Status::Interrupted);
        }
        None => print_record(record)?,
    }
    if record.is_complete() {
        Ok(Status::Success)
    } else {
        message("interrupted: this shard is partial; rerun it (with --checkpoint to resume)");
        Ok(Status::Interrupted)
    }
}

/// Prints `record` as one JSON line on standard output.
fn print_record(record: &ShardRecord) -> anyhow::Result<()> {
    let mut out = crate::output::stdout()?;
    serde_json::to_writer(&mut out, record)?;
    writeln!(out)?;
    Ok(out.flush()?)
}

/// Writes `record` to `path` as one JSON line, whole or not at all, unless another run wrote
/// something else there meanwhile: then the record goes to standard output and the command is
/// refused (exit 2). A lock on the directory (`flock`) makes the check and the write one step.
fn write(path: &Path, record: &ShardRecord) -> anyhow::Result<Status> {
    let shown = quote(&path.display().to_string(), 200);
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let lock = File::open(dir).with_context(|| format!("opening the directory of {shown}"))?;
    lock.lock()
        .with_context(|| format!("locking the directory of {shown}"))?;
    if let Some(found) = written_meanwhile(path, record)? {
        print_record(record)?;
        anyhow::bail!(UsageError(format!(
            "--out {shown}: another run wrote there while shard {} was counted: it holds {found}; \
             it is not replaced: this shard's record is on standard output instead (save it to \
             a file of its own for merge)",
            record.shard
        )));
    }
    let mut line = serde_json::to_vec(record)?;
    line.push(b'\n');
    nqueens_report::write_atomically(path, |out| out.write_all(&line))?;
    Ok(Status::Success)
}

/// What `path` holds that `record` must not replace (not an empty file or the same shard's record).
fn written_meanwhile(path: &Path, record: &ShardRecord) -> anyhow::Result<Option<String>> {
    let file = match File::open(path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        other => other.with_context(|| format!("reading {}", path.display()))?,
    };
    let mut found = Vec::new();
    if let Err(error) = read_records(path, file, &mut found) {
        return Ok(Some(format!(
            "something that is not a shard record ({error:#})"
        )));
    }
    Ok(match found.as_slice() {
        [] => None,
        [other]
            if other.strategy == record.strategy
                && other.n == record.n
                && other.shard == record.shard =>
        {
            None
        }
        [other] => Some(format!(
            "the record of shard {} of n = {} ({})",
            other.shard, other.n, other.strategy
        )),
        more => Some(format!("{} records", more.len())),
    })
}

/// Appends the records of one input (named `name` in messages), one JSON object a line; the
/// first line that is not an intact record is an error, and nothing after it is read.
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
                quote(&error.to_string(), QUOTED)
            ))
        })?;
        // The words of merge's own refusals of such records.
        if let Err(refusal) = record.verify() {
            anyhow::bail!(bad(refusal.to_string()));
        }
        records.push(record);
    }
    Ok(())
}
