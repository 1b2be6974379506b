//! Saving finished subproblems to a file, so that an interrupted count resumes where it stopped.
//!
//! The file is text: a header line naming the strategy, `n`, the number of subproblems and
//! their list's fingerprint, then one line per
//! finished subproblem, `index total unique check`, where `check` is a hash of the three numbers.
//! Lines are only ever appended, each in one write straight to the file. A crash can leave at
//! most a torn last line (no newline, or a wrong check): opening the file again drops it and
//! the subproblem is counted again. Lines are not synced to disk one by one (that would cost
//! milliseconds per subproblem), so after a power failure the last few may be lost the same way.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use thiserror::Error;

use super::{PlanRun, Shard, ShardRecord, Subproblems, Tally, count_subproblems};
use crate::Config;

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
        /// The line.
        text: String,
    },
    /// Another run holds the file.
    #[error("checkpoint {path} is in use by another count: wait for it, or use another file")]
    InUse {
        /// The file.
        path: PathBuf,
    },
    /// The count itself failed.
    #[error(transparent)]
    Count(#[from] crate::Error),
}

/// A checkpoint file opened for one list of [`Subproblems`]: the subproblems it already holds,
/// and a handle to append more.
///
/// ```
/// use nqueens_core::split::{Checkpoint, Shard, Subproblems, Tally};
/// use nqueens_core::{Config, StopFlag};
///
/// /// Five subproblems; subproblem `i` has `i` solutions.
/// struct Five;
///
/// impl Subproblems for Five {
///     fn strategy(&self) -> &'static str { "five" }
///     fn n(&self) -> usize { 5 }
///     fn len(&self) -> usize { 5 }
///     fn fingerprint(&self) -> String { "0000000000000005".into() }
///     fn count_one(&self, index: usize, stop: &StopFlag) -> Option<Tally> {
///         (!stop.is_stopped()).then_some(Tally { total: index as u64, unique: 0 })
///     }
/// }
///
/// let path = std::env::temp_dir().join(format!("nqueens-doc-split-{}.ckpt", std::process::id()));
/// # std::fs::remove_file(&path).ok();
/// let config = Config::default();
/// let first = Checkpoint::open(&path, &Five)?.count_shard(&Five, Shard::whole(), &config)?;
/// // A second run finds every subproblem saved, and only adds them up.
/// let again = Checkpoint::open(&path, &Five)?;
/// assert_eq!(again.done().len(), 5);
/// let resumed = again.count_shard(&Five, Shard::whole(), &config)?;
/// assert_eq!((first.count, resumed.count, resumed.complete), (10, 10, true));
/// # drop(again);
/// std::fs::remove_file(&path).ok();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    file: Mutex<File>,
    done: BTreeMap<usize, Tally>,
}

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

/// FNV-1a over the record's numbers: enough to tell a torn or edited line from a written one.
fn check(index: usize, tally: Tally) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for word in [index as u64, tally.total, tally.unique] {
        for byte in word.to_le_bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

fn parse_record(line: &str) -> Option<(usize, Tally)> {
    let mut fields = line.split(' ');
    let index = fields.next()?.parse().ok()?;
    let total = fields.next()?.parse().ok()?;
    let unique = fields.next()?.parse().ok()?;
    let hash = u64::from_str_radix(fields.next()?, 16).ok()?;
    let tally = Tally { total, unique };
    (fields.next().is_none() && hash == check(index, tally)).then_some((index, tally))
}

impl Checkpoint {
    /// Opens `path` for `plan`: creates it if missing, else loads the subproblems it holds
    /// (dropping a torn last line). Refuses a file made for another strategy, `n` or list.
    pub fn open(
        path: impl AsRef<Path>,
        plan: &dyn Subproblems,
    ) -> Result<Checkpoint, CheckpointError> {
        let path = path.as_ref().to_path_buf();
        let io = |source| CheckpointError::Io {
            path: path.clone(),
            source,
        };
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
        let mut text = String::new();
        file.read_to_string(&mut text).map_err(io)?;
        let expected = header(plan);
        let mut done = BTreeMap::new();
        if text.is_empty() {
            file.write_all(format!("{expected}\n").as_bytes())
                .map_err(io)?;
        } else {
            let mut lines = text.split_inclusive('\n');
            let first = lines.next().unwrap_or_default();
            let found = first.trim_end();
            if !found.starts_with(MAGIC) {
                return Err(CheckpointError::NotACheckpoint {
                    path,
                    found: found.chars().take(80).collect(),
                });
            }
            if found != expected || !first.ends_with('\n') {
                return Err(CheckpointError::Mismatch {
                    path,
                    found: found[MAGIC.len()..].to_string(),
                    expected: expected[MAGIC.len()..].to_string(),
                });
            }
            let mut good_end = first.len();
            let lines: Vec<&str> = lines.collect();
            for (i, line) in lines.iter().enumerate() {
                let record = line
                    .strip_suffix('\n')
                    .and_then(parse_record)
                    .filter(|&(index, _)| index < plan.len());
                match record {
                    Some((index, tally)) => {
                        done.insert(index, tally);
                        good_end += line.len();
                    }
                    // A crash can only tear the last line.
                    None if i + 1 == lines.len() => {}
                    None => {
                        return Err(CheckpointError::Corrupt {
                            path,
                            line: i + 2,
                            text: line.trim_end().to_string(),
                        });
                    }
                }
            }
            file.set_len(good_end as u64).map_err(io)?;
            file.seek(SeekFrom::End(0)).map_err(io)?;
        }
        file.flush().map_err(io)?;
        Ok(Checkpoint {
            path,
            file: Mutex::new(file),
            done,
        })
    }

    /// The subproblems already counted, by index in the list.
    pub fn done(&self) -> &BTreeMap<usize, Tally> {
        &self.done
    }

    /// Appends one finished subproblem, in a single write.
    pub fn record(&self, index: usize, tally: Tally) -> Result<(), CheckpointError> {
        let line = format!(
            "{index} {} {} {:x}\n",
            tally.total,
            tally.unique,
            check(index, tally)
        );
        // A worker that panicked while holding the lock left no partial line behind (the line
        // is one write), so the file is still usable.
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(line.as_bytes())
            .and_then(|()| file.flush())
            .map_err(|source| CheckpointError::Io {
                path: self.path.clone(),
                source,
            })
    }

    /// Counts the subproblems of `shard` this checkpoint does not hold yet, appending each as
    /// it finishes, and returns the record of the whole shard (saved and new subproblems).
    ///
    /// If a line cannot be written, the run is stopped (by raising `config.stop`) and the
    /// error returned.
    pub fn count_shard(
        &self,
        plan: &dyn Subproblems,
        shard: Shard,
        config: &Config,
    ) -> Result<ShardRecord, CheckpointError> {
        let started = Instant::now();
        let indices = shard.indices(plan.len());
        let todo: Vec<usize> = indices
            .iter()
            .copied()
            .filter(|i| !self.done.contains_key(i))
            .collect();
        let failure = Mutex::new(None);
        let run = count_subproblems(plan, &todo, config, &|index, tally| {
            if let Err(error) = self.record(index, tally) {
                config.stop.stop();
                failure
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(error);
            }
        })?;
        if let Some(error) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(error);
        }
        let saved =
            indices
                .iter()
                .filter_map(|i| self.done.get(i))
                .fold(Tally::default(), |sum, t| Tally {
                    total: sum.total + t.total,
                    unique: sum.unique + t.unique,
                });
        let run = PlanRun {
            total: run.total + saved.total,
            unique: run.unique + saved.unique,
            done: run.done + (indices.len() - todo.len()),
            ended: run.ended,
        };
        Ok(ShardRecord::new(plan, shard, &run, started.elapsed()))
    }
}
