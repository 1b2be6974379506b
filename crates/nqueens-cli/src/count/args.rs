//! The options of `nqueens count`, and the values they parse: memory sizes, thread counts,
//! shards (`I/K`, or `auto` from the environment) and key files.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use clap::Args;
use nqueens::core::quote;
use nqueens::core::split::{Key, KeyError, LauncherError, Remedy, Shard};

use super::symmetric;
use crate::output::warn;
use crate::{GivenArgs, StrategyArgs, UsageError};

/// Options of `nqueens count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    /// Board size (at least 1).
    #[arg(value_parser = crate::parse_size)]
    pub(crate) n: usize,
    #[command(flatten)]
    pub(crate) strategy: StrategyArgs,
    #[command(flatten)]
    pub(crate) given: GivenArgs,
    /// Print the number of solutions distinct up to rotation and reflection (OEIS A002562);
    /// with --json, also the classes by orbit size and P and R (see --symmetric).
    #[arg(long)]
    pub(crate) unique: bool,
    /// Worker threads (default: all cores; at most 1024, and at most 4 per core are started).
    #[arg(long, short = 't', value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS))]
    pub(crate) threads: Option<u16>,
    /// The most memory a counter that sizes its tables first may take (quadrants: default
    /// 4G), in bytes or with a binary unit: 512M, 8G, 16GiB.
    #[arg(long, value_name = "SIZE", value_parser = parse_bytes)]
    pub(crate) memory_limit: Option<u64>,
    /// No progress bar and no time estimate.
    #[arg(long, short)]
    pub(crate) quiet: bool,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
    /// Save finished subproblems to FILE as they finish; rerun with the same FILE to resume an
    /// interrupted count (resumable strategies: symmetry, quadrants; without --strategy,
    /// symmetry).
    #[arg(long, value_name = "FILE")]
    pub(crate) checkpoint: Option<PathBuf>,
    /// Count only slice I of K (0-based, e.g. 2/8) of the subproblems and print one JSON record
    /// for `nqueens merge` (resumable strategies: symmetry, quadrants; without --strategy,
    /// symmetry). `auto` takes I and K from a Slurm job array or an MPI launcher; `auto/K`
    /// fixes K and takes I from the array's task ID or a Kubernetes Indexed Job's index.
    #[arg(long, value_name = "I/K|auto[/K]")]
    pub(crate) shard: Option<ShardArg>,
    /// With --shard: write the record to FILE (atomically, and only once the shard is whole)
    /// instead of standard output; if FILE already holds the complete record of this shard,
    /// say so and exit 0 at once (`-`: standard output).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub(crate) out: Option<PathBuf>,
    /// With --shard or --checkpoint: seal the record and the checkpoint's lines with a keyed
    /// check (HMAC-SHA256) made with the secret in FILE (16 to 4096 bytes; make one with
    /// `head -c 32 /dev/urandom > FILE`), which nobody without FILE can recompute after
    /// editing a number. `merge --key FILE` then refuses records without it; a keyed
    /// checkpoint resumes only with the same FILE. It protects against whoever lacks the key,
    /// not against whoever holds it.
    #[arg(long, value_name = "FILE")]
    pub(crate) key: Option<PathBuf>,
    /// Count only the solutions a half turn (OEIS A032522) or a quarter turn (OEIS A033148)
    /// maps onto themselves, by a search over the rows that determine them (n up to 64).
    #[arg(long, value_name = "TURN")]
    pub(crate) symmetric: Option<symmetric::TurnArg>,
}

/// What `--shard` was given: a slice by hand, or one to read from the environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ShardArg {
    /// `I/K`.
    Given(Shard),
    /// `auto` or `auto/K`: the index (and the count) from the environment ([`Shard::from_env`]).
    Auto(Option<usize>),
}

impl FromStr for ShardArg {
    type Err = String;

    fn from_str(text: &str) -> Result<ShardArg, String> {
        let Some(rest) = text.strip_prefix("auto") else {
            return text.parse().map(ShardArg::Given).map_err(|e| e.to_string());
        };
        if rest.is_empty() {
            return Ok(ShardArg::Auto(None));
        }
        match rest.strip_prefix('/').and_then(|k| k.parse::<usize>().ok()) {
            Some(count) if count > 0 => Ok(ShardArg::Auto(Some(count))),
            _ => Err("write auto, auto/K (K at least 1) or I/K".to_owned()),
        }
    }
}

impl ShardArg {
    /// The shard this process counts; the environment's mistakes are usage errors.
    pub(crate) fn resolve(self) -> Result<Shard, UsageError> {
        match self {
            ShardArg::Given(shard) => Ok(shard),
            ShardArg::Auto(count) => {
                Shard::from_env(count).map_err(|error| UsageError(launcher_wording(&error)))
            }
        }
    }
}

/// The key in `path` (`--key`): a file that cannot be read exits 1, one that cannot be a key 2.
pub(crate) fn read_key(path: &Path) -> anyhow::Result<Key> {
    Key::from_file(path).map_err(|error| match error {
        KeyError::Read { path, source } => anyhow::Error::new(source).context(format!(
            "reading the key file {}",
            quote(&path.display().to_string(), 200)
        )),
        error => UsageError(format!("--key: {}", quote(&error.to_string(), 400))).into(),
    })
}

/// A `--memory-limit`: a whole number of bytes, or with a binary unit K, M, G or T (or KiB, MB).
pub(crate) fn parse_bytes(text: &str) -> Result<u64, String> {
    let not_a_size = || {
        format!(
            "{:?} is not a memory size (a whole number with an optional unit K, M, G or T, \
             e.g. 512M, 8G)",
            quote(text, 24)
        )
    };
    let trimmed = text.trim();
    let digits = trimmed.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let shift = match trimmed[digits.len()..].to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => return Err(not_a_size()),
    };
    let value: u64 = digits.trim().parse().map_err(|_| not_a_size())?;
    match value.checked_mul(1 << shift) {
        Some(0) => Err("a memory limit of 0 leaves no room for any table".to_string()),
        Some(bytes) => Ok(bytes),
        None => Err(format!(
            "{:?} is more bytes than a u64 holds",
            quote(text, 24)
        )),
    }
}

/// The most `--threads` accepts: past the cores of any usual machine.
const MAX_THREADS: i64 = 1024;

/// Threads started per core at most: more only add overhead to a CPU-bound count.
const THREADS_PER_CORE: usize = 4;

/// The threads to start for `--threads requested`, at most [`THREADS_PER_CORE`] per core.
pub(super) fn thread_count(requested: u16) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let bound = cores.saturating_mul(THREADS_PER_CORE);
    let requested = usize::from(requested);
    // Said once, though a count may size its threads more than once.
    static WARNED: std::sync::Once = std::sync::Once::new();
    if requested > bound {
        WARNED.call_once(|| {
            warn(&format!(
                "--threads {requested}: this machine has {cores} core(s); using {bound} \
                 threads ({THREADS_PER_CORE} per core), more would only slow the count down"
            ));
        });
    }
    requested.min(bound)
}

/// A launcher's refusal, with what `--shard` could give instead.
fn launcher_wording(error: &LauncherError) -> String {
    let instead = match (error, error.remedy()) {
        (LauncherError::ArrayBeyondShards { shards, .. }, _) => {
            format!(
                " (submit --array=0-{} for auto/{shards})",
                shards.saturating_sub(1)
            )
        }
        (LauncherError::SizeDisagrees { .. }, _) => ", or give --shard auto".to_string(),
        (_, Remedy::Shard) => "; give --shard I/K".to_string(),
        (_, Remedy::ShardCount) => "; give --shard auto/K".to_string(),
        _ => String::new(),
    };
    format!("--shard auto: {error}{instead}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_in_three_forms() {
        assert_eq!("auto".parse(), Ok(ShardArg::Auto(None)));
        assert_eq!("auto/16".parse(), Ok(ShardArg::Auto(Some(16))));
        assert_eq!(
            "3/8".parse(),
            Ok(ShardArg::Given(Shard::new(3, 8).unwrap()))
        );
        for bad in ["auto/0", "auto/", "auto8", "autox", "auto/-1", "8/8"] {
            assert!(bad.parse::<ShardArg>().is_err(), "{bad}");
        }
    }

    #[test]
    fn memory_sizes_read_with_binary_units() {
        assert_eq!(parse_bytes("1024"), Ok(1024));
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("16GiB"), Ok(16 << 30));
        assert_eq!(parse_bytes("2 gb"), Ok(2 << 30));
        for bad in ["", "G", "12X", "-1G", "0", "99999999999T", "1.5G"] {
            assert!(parse_bytes(bad).is_err(), "{bad}");
        }
    }
}
