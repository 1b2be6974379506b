//! The statistics CSV the bench harness writes beside criterion's timings.
//!
//! One row per case probed: the group, the criterion function id, the strategy, variant, size,
//! seed and thread count, what became of the case, the wall time of the probe run, and the
//! solver's own [`Stats`] plus the peak heap the bench's counting allocator saw. Lines starting
//! with `#` carry `key: value` metadata (machine, date, mode, command).

use std::fmt::Write as _;
use std::path::Path;
use std::str::FromStr;

use nqueens_core::Stats;

use crate::ReportError;

/// The CSV header, in column order.
pub const HEADER: &str = "group,id,strategy,variant,n,seed,threads,status,seconds,result,nodes,backtracks,examined,moves,restarts,initial_conflicts,peak_bytes,heap_peak_bytes,note";

/// What became of one probed case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseStatus {
    /// Probed within the budget and handed to criterion.
    Measured,
    /// The probe ran past the time budget: this size and larger ones are left out.
    OverBudget,
    /// Left out because a smaller size of the same series ran past the budget.
    Skipped,
    /// The strategy returned an error (a refusal, for instance).
    Error,
}

impl CaseStatus {
    /// The word used in the CSV.
    pub fn as_str(self) -> &'static str {
        match self {
            CaseStatus::Measured => "ok",
            CaseStatus::OverBudget => "over-budget",
            CaseStatus::Skipped => "skipped",
            CaseStatus::Error => "error",
        }
    }
}

/// A status word that is none of [`CaseStatus`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown status {0:?}")]
pub struct UnknownStatus(pub String);

impl FromStr for CaseStatus {
    type Err = UnknownStatus;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "ok" => Ok(CaseStatus::Measured),
            "over-budget" => Ok(CaseStatus::OverBudget),
            "skipped" => Ok(CaseStatus::Skipped),
            "error" => Ok(CaseStatus::Error),
            other => Err(UnknownStatus(other.to_string())),
        }
    }
}

/// A line of the statistics CSV that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct StatsParseError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// One probed case.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseRecord {
    /// Criterion group (`count_all`, `first_solution`, `validate`, `yardstick`).
    pub group: String,
    /// Criterion function id: the strategy, `strategy-variant` for a non-default variant, or a
    /// yardstick label.
    pub id: String,
    /// Registry name of the strategy (or the yardstick program).
    pub strategy: String,
    /// Variant name; empty for the default.
    pub variant: String,
    /// Board size.
    pub n: usize,
    /// Seed of a randomized run.
    pub seed: Option<u64>,
    /// Worker threads asked for.
    pub threads: Option<usize>,
    /// What became of the case.
    pub status: CaseStatus,
    /// Wall time of the probe run, in seconds.
    pub seconds: f64,
    /// The answer: a count, `found`, `no-solution`, `valid`; empty when there is none.
    pub result: String,
    /// The solver's own counters.
    pub stats: Stats,
    /// Peak heap bytes allocated during the probe run, above what was live before it.
    pub heap_peak_bytes: u64,
    /// Free text (an error message, why a case was skipped).
    pub note: String,
}

impl CaseRecord {
    /// A record with zero counters and empty text fields.
    pub fn new(group: &str, id: &str, strategy: &str, n: usize, status: CaseStatus) -> Self {
        Self {
            group: group.to_string(),
            id: id.to_string(),
            strategy: strategy.to_string(),
            variant: String::new(),
            n,
            seed: None,
            threads: None,
            status,
            seconds: 0.0,
            result: String::new(),
            stats: Stats::default(),
            heap_peak_bytes: 0,
            note: String::new(),
        }
    }

    /// The record as one CSV line (no newline). Text fields lose commas and line breaks.
    pub fn to_csv_line(&self) -> String {
        let opt = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
        let s = &self.stats;
        format!(
            "{},{},{},{},{},{},{},{},{:.9},{},{},{},{},{},{},{},{},{},{}",
            clean(&self.group),
            clean(&self.id),
            clean(&self.strategy),
            clean(&self.variant),
            self.n,
            opt(self.seed),
            opt(self.threads.map(|t| t as u64)),
            self.status.as_str(),
            self.seconds,
            clean(&self.result),
            s.nodes,
            s.backtracks,
            s.examined,
            s.moves,
            s.restarts,
            s.initial_conflicts,
            s.peak_bytes,
            self.heap_peak_bytes,
            clean(&self.note),
        )
    }

    fn from_fields(fields: &[&str]) -> Result<Self, String> {
        if fields.len() != HEADER.split(',').count() {
            return Err(format!(
                "expected {} fields, found {}",
                HEADER.split(',').count(),
                fields.len()
            ));
        }
        fn num<T: FromStr>(name: &str, text: &str) -> Result<T, String> {
            text.trim()
                .parse()
                .map_err(|_| format!("{name}: {text:?} is not a number"))
        }
        fn opt<T: FromStr>(name: &str, text: &str) -> Result<Option<T>, String> {
            if text.trim().is_empty() {
                Ok(None)
            } else {
                num(name, text).map(Some)
            }
        }
        Ok(Self {
            group: fields[0].to_string(),
            id: fields[1].to_string(),
            strategy: fields[2].to_string(),
            variant: fields[3].to_string(),
            n: num("n", fields[4])?,
            seed: opt("seed", fields[5])?,
            threads: opt("threads", fields[6])?,
            status: fields[7]
                .parse()
                .map_err(|e: UnknownStatus| e.to_string())?,
            seconds: num("seconds", fields[8])?,
            result: fields[9].to_string(),
            stats: Stats {
                nodes: num("nodes", fields[10])?,
                backtracks: num("backtracks", fields[11])?,
                examined: num("examined", fields[12])?,
                moves: num("moves", fields[13])?,
                restarts: num("restarts", fields[14])?,
                initial_conflicts: num("initial_conflicts", fields[15])?,
                peak_bytes: num("peak_bytes", fields[16])?,
            },
            heap_peak_bytes: num("heap_peak_bytes", fields[17])?,
            note: fields[18].to_string(),
        })
    }
}

/// Commas and line breaks would break the row; semicolons and spaces stand in for them.
fn clean(text: &str) -> String {
    text.replace(',', ";").replace(['\n', '\r'], " ")
}

/// A filtered bench run merged into an earlier file: a `# update:` metadata line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Update {
    /// When it ran, `YYYY-MM-DD HH:MM UTC`.
    pub date: String,
    /// `quick` or `full`.
    pub mode: String,
    /// How long it took.
    pub duration: String,
    /// The arguments after `--` (the filter and flags).
    pub args: String,
}

impl Update {
    /// The metadata value: `date; mode mode; took duration; args: args` (arguments last, so
    /// any text in them survives).
    pub fn to_meta(&self) -> String {
        format!(
            "{}; {} mode; took {}; args: {}",
            self.date, self.mode, self.duration, self.args
        )
    }

    /// Reads a value written by [`Update::to_meta`]; `None` when it is not one.
    ///
    /// ```
    /// use nqueens_report::Update;
    ///
    /// let update = Update {
    ///     date: "2026-01-02 03:04 UTC".into(),
    ///     mode: "quick".into(),
    ///     duration: "1 min 2 s".into(),
    ///     args: "--quick yardstick|count_all".into(),
    /// };
    /// assert_eq!(Update::from_meta(&update.to_meta()), Some(update));
    /// ```
    pub fn from_meta(value: &str) -> Option<Self> {
        let (head, args) = value.split_once("; args: ")?;
        let mut parts = head.split("; ");
        let date = parts.next()?.to_string();
        let mode = parts.next()?.strip_suffix(" mode")?.to_string();
        let duration = parts.next()?.strip_prefix("took ")?.to_string();
        Some(Self {
            date,
            mode,
            duration,
            args: args.to_string(),
        })
    }
}

/// The whole statistics file: metadata and records.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StatsFile {
    /// `key: value` pairs from the `#` lines, in file order.
    pub meta: Vec<(String, String)>,
    /// One record per probed case, in the order they ran.
    pub records: Vec<CaseRecord>,
}

impl StatsFile {
    /// The value of metadata `key`, if present.
    pub fn meta(&self, key: &str) -> Option<&str> {
        self.meta
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The filtered runs merged into this file since its full run, oldest first.
    pub fn updates(&self) -> Vec<Update> {
        self.meta
            .iter()
            .filter(|(k, _)| k == "update")
            .filter_map(|(_, v)| Update::from_meta(v))
            .collect()
    }

    /// Merges the records of a newer run: a record of the same case (group, id, n and seed)
    /// is replaced where it stands, a new case goes after the last record of its series (or
    /// of its group), so the order, which fixes each strategy's colour in the charts, stays.
    ///
    /// ```
    /// use nqueens_report::{CaseRecord, CaseStatus, StatsFile};
    ///
    /// let row = |id: &str, n, seconds| {
    ///     let mut r = CaseRecord::new("count_all", id, id, n, CaseStatus::Measured);
    ///     r.seconds = seconds;
    ///     r
    /// };
    /// let mut file = StatsFile::default();
    /// file.records = vec![row("vector", 8, 1.0), row("bitmask", 8, 1.0)];
    /// file.merge(&[row("vector", 8, 2.0), row("vector", 9, 2.0)]);
    /// let cases: Vec<(&str, usize, f64)> =
    ///     file.records.iter().map(|r| (r.id.as_str(), r.n, r.seconds)).collect();
    /// assert_eq!(cases, [("vector", 8, 2.0), ("vector", 9, 2.0), ("bitmask", 8, 1.0)]);
    /// ```
    pub fn merge(&mut self, newer: &[CaseRecord]) {
        let same_case = |a: &CaseRecord, b: &CaseRecord| {
            a.group == b.group && a.id == b.id && a.n == b.n && a.seed == b.seed
        };
        for record in newer {
            if let Some(old) = self.records.iter_mut().find(|r| same_case(r, record)) {
                *old = record.clone();
                continue;
            }
            let after = self
                .records
                .iter()
                .rposition(|r| r.group == record.group && r.id == record.id)
                .or_else(|| self.records.iter().rposition(|r| r.group == record.group));
            match after {
                Some(i) => self.records.insert(i + 1, record.clone()),
                None => self.records.push(record.clone()),
            }
        }
    }

    /// The file as CSV text: metadata lines, the header, one line per record.
    ///
    /// ```
    /// use nqueens_report::{CaseRecord, CaseStatus, StatsFile};
    ///
    /// let mut file = StatsFile::default();
    /// file.meta.push(("mode".into(), "quick".into()));
    /// file.records.push(CaseRecord::new("count_all", "bitmask", "bitmask", 8, CaseStatus::Measured));
    /// let back = StatsFile::parse(&file.to_csv())?;
    /// assert_eq!(back, file);
    /// # Ok::<(), nqueens_report::StatsParseError>(())
    /// ```
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        for (key, value) in &self.meta {
            let _ = writeln!(out, "# {}: {}", clean(key), clean(value));
        }
        out.push_str(HEADER);
        out.push('\n');
        for record in &self.records {
            out.push_str(&record.to_csv_line());
            out.push('\n');
        }
        out
    }

    /// Parses CSV text; an error names the 1-based line and what was wrong with it.
    pub fn parse(text: &str) -> Result<Self, StatsParseError> {
        let mut file = StatsFile::default();
        let mut seen_header = false;
        for (index, line) in text.lines().enumerate() {
            let line = line.trim_end();
            if line.is_empty() {
                continue;
            }
            if let Some(meta) = line.strip_prefix('#') {
                if let Some((key, value)) = meta.split_once(':') {
                    file.meta
                        .push((key.trim().to_string(), value.trim().to_string()));
                }
                continue;
            }
            if !seen_header {
                if line != HEADER {
                    return Err(StatsParseError {
                        line: index + 1,
                        reason: "not the expected header".to_string(),
                    });
                }
                seen_header = true;
                continue;
            }
            let fields: Vec<&str> = line.split(',').collect();
            file.records
                .push(
                    CaseRecord::from_fields(&fields).map_err(|reason| StatsParseError {
                        line: index + 1,
                        reason,
                    })?,
                );
        }
        Ok(file)
    }

    /// Reads and parses the file at `path`.
    pub fn read(path: &Path) -> Result<Self, ReportError> {
        let text =
            std::fs::read_to_string(path).map_err(|e| ReportError::io("reading", path, e))?;
        Self::parse(&text).map_err(|e| ReportError::Stats {
            path: path.to_path_buf(),
            line: e.line,
            reason: e.reason,
        })
    }

    /// Writes the file to `path`, creating its directory. The text goes to a temporary file
    /// first and is renamed into place, so an interrupted run never leaves half a file.
    pub fn write(&self, path: &Path) -> Result<(), ReportError> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| ReportError::io("creating", dir, e))?;
        }
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".partial");
        let temporary = std::path::PathBuf::from(temporary);
        std::fs::write(&temporary, self.to_csv())
            .map_err(|e| ReportError::io("writing", &temporary, e))?;
        std::fs::rename(&temporary, path).map_err(|e| ReportError::io("writing", path, e))
    }
}
