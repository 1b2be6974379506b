//! Saving finished subproblems to a file, so that an interrupted count resumes where it stopped.
//!
//! The file is text: a header naming the strategy, `n`, the number of subproblems and their
//! list's fingerprint, then one line per finished subproblem, `index total unique check`, where
//! `check` is FNV-1a over the header and the three numbers (the first version hashed the
//! numbers alone; its files are refused in words). With a [`Key`] the header names the key's
//! id and every line carries a fifth field, an HMAC-SHA256 of the header and the numbers.
//!
//! Lines are only appended, each in one write, and not synced one by one: a crash or power
//! failure can leave a torn last line, which opening the file drops (that subproblem is
//! counted again). Reading is bounded per line and stops at the first damaged line, so a file
//! that is not a checkpoint is refused after a few bytes.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use thiserror::Error;

use super::key::{self, Key, LineMac};
use super::shard::count_rest;
use super::{Shard, ShardRecord, Subproblems, Tally, fnv1a};
use nqueens_core::Config;

/// Why a checkpoint could not be used.
#[derive(Debug, Error)]
pub enum CheckpointError {
    /// Reading or writing the file failed.
    #[error("checkpoint {path}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The file exists but is not a checkpoint.
    #[error("{path} is not an nqueens count checkpoint (its first line is {found:?})")]
    NotACheckpoint {
        /// The file.
        path: PathBuf,
        /// Its first line.
        found: String,
    },
    /// The header line was cut off, so the file holds no counted subproblem.
    #[error(
        "checkpoint {path} is truncated: its header line is cut off ({found:?}), so it holds no \
         counted subproblem; delete it and run the count again"
    )]
    Truncated {
        /// The file.
        path: PathBuf,
        /// What is left of the header (at most its first characters).
        found: String,
    },
    /// The file was written by an earlier version, whose lines' checks cover their numbers only.
    #[error(
        "checkpoint {path} was written by an earlier version of nqueens (its lines are not \
         checked against the count): finish that count with the version that started it, or \
         start over with a new file"
    )]
    OldFormat {
        /// The file.
        path: PathBuf,
    },
    /// The file is a checkpoint of another count.
    #[error(
        "checkpoint {path} belongs to another count ({found}), not this one ({expected}): use another file"
    )]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What the file is for.
        found: String,
        /// What this run is.
        expected: String,
    },
    /// A line before the last is damaged: the file was edited or two runs wrote to it.
    #[error("checkpoint {path} is damaged at line {line}: {text:?}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// The line (at most its first characters; bytes that are not text replaced).
        text: String,
    },
    /// The file's key (or none) does not match the run's.
    #[error("checkpoint {path}: {why}")]
    Key {
        /// The file.
        path: PathBuf,
        /// What does not match, and what to do.
        why: String,
    },
    /// Another run holds the file.
    #[error("checkpoint {path} is in use by another count: wait for it, or use another file")]
    InUse {
        /// The file.
        path: PathBuf,
    },
    /// The count itself failed.
    #[error(transparent)]
    Count(#[from] nqueens_core::Error),
}

/// A checkpoint file opened for one list of [`Subproblems`], with the subproblems it holds.
#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    file: Mutex<File>,
    done: BTreeMap<usize, Tally>,
    /// The hash of the header every line's check starts from.
    seed: u64,
    /// With a key: what makes and checks each line's keyed check.
    mac: Option<LineMac>,
}

/// The header line (without its newline) of a checkpoint of `plan`, the same in every version.
fn header(plan: &dyn Subproblems) -> String {
    format!(
        "nqueens checkpoint strategy={} n={} subproblems={} plan={}",
        plan.strategy(),
        plan.n(),
        plan.len(),
        plan.fingerprint()
    )
}

const MAGIC: &str = "nqueens checkpoint ";

/// The longest header read: a real one is about a hundred bytes.
const MAX_HEADER: usize = 1024;

/// The longest subproblem line read: three numbers and a check take under 80 bytes.
const MAX_LINE: usize = 256;

/// The longest torn tail dropped: a crash leaves at most a few blocks of zeros or stale bytes.
const MAX_TORN_TAIL: u64 = 1 << 20;

/// How much of a bad line an error quotes.
const QUOTED: usize = 60;

/// The check of one line: FNV-1a over the numbers, continuing from the header's hash.
fn check(seed: u64, index: usize, tally: Tally) -> u64 {
    let mut hash = seed;
    for word in [index as u64, tally.total, tally.unique] {
        hash = fnv1a(hash, &word.to_le_bytes());
    }
    hash
}

/// The fields of one subproblem line: index, tally, FNV check and the keyed check if any.
fn parse_record(line: &[u8]) -> Option<(usize, Tally, u64, Option<&str>)> {
    let line = std::str::from_utf8(line).ok()?;
    let mut fields = line.split(' ');
    let index = fields.next()?.parse().ok()?;
    let total = fields.next()?.parse().ok()?;
    let unique = fields.next()?.parse().ok()?;
    let hash = u64::from_str_radix(fields.next()?, 16).ok()?;
    let tag = fields.next();
    fields
        .next()
        .is_none()
        .then_some((index, Tally { total, unique }, hash, tag))
}

/// One line read with a bound on its length.
enum Line {
    /// Nothing left.
    End,
    /// A whole line; the bytes without the newline.
    Whole(Vec<u8>),
    /// The last bytes of the file, with no newline after them.
    Torn(Vec<u8>),
    /// Longer than the bound: reading stopped there. Holds the first bytes.
    TooLong(Vec<u8>),
}

/// Reads one line of at most `max` bytes (newline excluded), never more than `max + 1` in all.
fn read_line(reader: &mut impl BufRead, max: usize) -> io::Result<Line> {
    let mut bytes = Vec::new();
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    reader.take(limit).read_until(b'\n', &mut bytes)?;
    Ok(match bytes.pop() {
        None => Line::End,
        Some(b'\n') => Line::Whole(bytes),
        Some(last) => {
            bytes.push(last);
            if bytes.len() > max {
                Line::TooLong(bytes)
            } else {
                Line::Torn(bytes)
            }
        }
    })
}

/// The error of a failed read or write of the checkpoint `path`.
fn io_error(path: &Path) -> impl Fn(io::Error) -> CheckpointError + Copy + '_ {
    move |source| CheckpointError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The start of `bytes` as text for a message.
fn quote(bytes: &[u8]) -> String {
    nqueens_core::quote(String::from_utf8_lossy(bytes).trim_end(), QUOTED)
}

impl Checkpoint {
    /// Opens `path` for `plan`: creates it if missing, else loads the subproblems it holds
    /// (dropping a torn last line). Refuses a file of another strategy, `n`, list or key.
    pub fn open(
        path: impl AsRef<Path>,
        plan: &dyn Subproblems,
        key: Option<&Key>,
    ) -> Result<Checkpoint, CheckpointError> {
        let path = path.as_ref().to_path_buf();
        let io = io_error(&path);
        // A pipe or a device would block the open or the reads (`--checkpoint /dev/stdout`
        // waits for a reader that never comes), and cannot be read back: refused up front.
        if let Ok(metadata) = std::fs::metadata(&path)
            && !metadata.is_file()
        {
            return Err(io(io::Error::new(
                io::ErrorKind::InvalidInput,
                if metadata.is_dir() {
                    "it is a directory: a checkpoint is a regular file, read back and appended to"
                } else {
                    "it is a pipe or a device, not a regular file: a checkpoint is read back and \
                     appended to"
                },
            )));
        }
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        // Two runs appending to one file would interleave their lines; the lock is released
        // when the file is closed, so a crashed run leaves none behind.
        file.try_lock().map_err(|error| match error {
            std::fs::TryLockError::WouldBlock => CheckpointError::InUse { path: path.clone() },
            std::fs::TryLockError::Error(source) => io(source),
        })?;
        let plain = header(plan);
        let expected = key::keyed_header(&plain, key);
        let seed = fnv1a(super::FNV_OFFSET, expected.as_bytes());
        let mac = key.map(|key| LineMac::new(key, &expected));
        let mut done = BTreeMap::new();
        let mut reader = BufReader::new(&file);
        let good_end = match read_line(&mut reader, MAX_HEADER).map_err(io)? {
            Line::End => None,
            Line::TooLong(bytes) => {
                return Err(CheckpointError::NotACheckpoint {
                    path,
                    found: quote(&bytes),
                });
            }
            Line::Torn(bytes) => {
                let found = String::from_utf8_lossy(&bytes);
                // A header cut inside its first word is still recognisably one.
                let truncated = found.starts_with(MAGIC) || MAGIC.starts_with(found.as_ref());
                let found = quote(&bytes);
                return Err(if truncated {
                    CheckpointError::Truncated { path, found }
                } else {
                    CheckpointError::NotACheckpoint { path, found }
                });
            }
            Line::Whole(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                let found = text.trim_end_matches('\r');
                if !found.starts_with(MAGIC) {
                    return Err(CheckpointError::NotACheckpoint {
                        path,
                        found: quote(&bytes),
                    });
                }
                if let Some(why) = key::header_mismatch(found, &plain, key) {
                    return Err(CheckpointError::Key { path, why });
                }
                if found != expected {
                    return Err(CheckpointError::Mismatch {
                        path,
                        found: nqueens_core::quote(&found[MAGIC.len()..], 200),
                        expected: expected[MAGIC.len()..].to_string(),
                    });
                }
                let lines =
                    Self::read_lines(&mut reader, &path, plan, (seed, mac.as_ref()), &mut done)?;
                Some(bytes.len() as u64 + 1 + lines)
            }
        };
        drop(reader);
        match good_end {
            None => file
                .write_all(format!("{expected}\n").as_bytes())
                .map_err(io)?,
            Some(good_end) => {
                file.set_len(good_end).map_err(io)?;
                file.seek(SeekFrom::End(0)).map_err(io)?;
            }
        }
        file.flush().map_err(io)?;
        Ok(Checkpoint {
            path,
            file: Mutex::new(file),
            done,
            seed,
            mac,
        })
    }

    /// Reads the subproblem lines after the header into `done`, returning the bytes of the good
    /// lines: a bad last line (torn) is left out, a bad line before it is an error.
    fn read_lines(
        reader: &mut BufReader<&File>,
        path: &Path,
        plan: &dyn Subproblems,
        (seed, mac): (u64, Option<&LineMac>),
        done: &mut BTreeMap<usize, Tally>,
    ) -> Result<u64, CheckpointError> {
        let io = io_error(path);
        let corrupt = |line: usize, bytes: &[u8]| CheckpointError::Corrupt {
            path: path.to_path_buf(),
            line,
            text: quote(bytes),
        };
        let mut good = 0u64;
        // 1-based, and the header is line 1.
        for line in 2.. {
            match read_line(reader, MAX_LINE).map_err(io)? {
                Line::End | Line::Torn(_) => break,
                // A crash can leave a whole block of zeros or garbage with no newline at the
                // end: a torn last line, dropped (reading stops after `MAX_TORN_TAIL` bytes).
                Line::TooLong(bytes) => {
                    let mut rest = Vec::new();
                    reader
                        .take(MAX_TORN_TAIL)
                        .read_until(b'\n', &mut rest)
                        .map_err(io)?;
                    let at_end = reader.fill_buf().map_err(io)?.is_empty();
                    if at_end && !rest.contains(&b'\n') {
                        break;
                    }
                    return Err(corrupt(line, &bytes));
                }
                Line::Whole(bytes) => match parse_record(&bytes) {
                    Some((index, tally, hash, tag))
                        if index < plan.len()
                            && hash == check(seed, index, tally)
                            && key::line_verifies(mac, index, tally, tag) =>
                    {
                        done.insert(index, tally);
                        good += bytes.len() as u64 + 1;
                    }
                    // The first version's check covers the numbers alone.
                    Some((index, tally, hash, None))
                        if hash == check(super::FNV_OFFSET, index, tally) =>
                    {
                        return Err(CheckpointError::OldFormat {
                            path: path.to_path_buf(),
                        });
                    }
                    // A crash can only tear the last line.
                    _ if reader.fill_buf().map_err(io)?.is_empty() => break,
                    _ => return Err(corrupt(line, &bytes)),
                },
            }
        }
        Ok(good)
    }

    /// The subproblems already counted, by index in the list.
    pub fn done(&self) -> &BTreeMap<usize, Tally> {
        &self.done
    }

    /// Appends one finished subproblem, in a single write.
    pub fn record(&self, index: usize, tally: Tally) -> Result<(), CheckpointError> {
        let line = format!(
            "{index} {} {} {:x}{}\n",
            tally.total,
            tally.unique,
            check(self.seed, index, tally),
            key::line_suffix(self.mac.as_ref(), index, tally)
        );
        // A worker that panicked while holding the lock left no partial line behind (the line
        // is one write), so the file is still usable.
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(line.as_bytes())
            .and_then(|()| file.flush())
            .map_err(io_error(&self.path))
    }

    /// Counts the subproblems of `shard` not held yet, appending each as it finishes, into the
    /// record of the whole shard; a line that cannot be written stops the run with its error.
    pub fn count_shard(
        &self,
        plan: &dyn Subproblems,
        shard: Shard,
        config: &Config,
    ) -> Result<ShardRecord, CheckpointError> {
        let failure = Mutex::new(None);
        let record = count_rest(plan, shard, config, &self.done, &|index, tally| {
            if let Err(error) = self.record(index, tally) {
                config.stop.stop();
                failure
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(error);
            }
        })?;
        match failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(error) => Err(error),
            None => Ok(record),
        }
    }
}
