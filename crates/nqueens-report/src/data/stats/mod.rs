//! The statistics CSV the bench harness writes beside criterion's timings: one row per case
//! probed ([`CaseRecord`], columns in [`HEADER`]), and `# key: value` metadata lines (machine,
//! date, mode, command).

mod record;

use std::fmt::Write as _;
use std::path::Path;

pub use record::{CaseRecord, CaseStatus, HEADER};
use record::{HEADER_BEFORE_ALLOCATIONS, clean, header_mismatch};

use crate::ReportError;

/// The bench harness's own files (the statistics CSV, compiled yardsticks), relative to
/// Cargo's target directory.
pub const BENCH_DIR: &str = "nqueens-bench";

/// The statistics CSV, relative to Cargo's target directory: the bench writes it there and
/// `nqueens report` reads it from there by default.
pub const STATS_CSV: &str = "nqueens-bench/stats.csv";

/// The largest statistics file read: a full run writes a few hundred KiB.
const MAX_STATS: u64 = 256 << 20;

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
    pub fn from_meta(value: &str) -> Option<Self> {
        let (head, args) = value.split_once("; args: ")?;
        let mut parts = head.split("; ");
        Some(Self {
            date: parts.next()?.to_string(),
            mode: parts.next()?.strip_suffix(" mode")?.to_string(),
            duration: parts.next()?.strip_prefix("took ")?.to_string(),
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

    /// Parses CSV text; an error is the 1-based line and what was wrong with it.
    fn parse(text: &str) -> Result<Self, (usize, String)> {
        let meta = text
            .lines()
            .filter_map(|line| line.strip_prefix('#')?.split_once(':'));
        let meta = meta.map(|(key, value)| (key.trim().to_string(), value.trim().to_string()));
        let mut file = StatsFile {
            meta: meta.collect(),
            records: Vec::new(),
        };
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .quoting(false)
            .comment(Some(b'#'))
            .from_reader(text.as_bytes());
        let mut columns: Option<csv::StringRecord> = None;
        for row in reader.records() {
            let line_of = |error: &csv::Error| error.position().map_or(0, |p| p.line() as usize);
            let row = row.map_err(|error| (line_of(&error), error.to_string()))?;
            let line = row.position().map_or(0, |p| p.line() as usize);
            let Some(columns) = &columns else {
                let found = row.iter().collect::<Vec<_>>().join(",");
                let found = found.trim_end();
                if found != HEADER && found != HEADER_BEFORE_ALLOCATIONS {
                    return Err((line, header_mismatch(found)));
                }
                columns = Some(row);
                continue;
            };
            if row.len() != columns.len() {
                let (expected, found) = (columns.len(), row.len());
                let why = format!(
                    "expected {expected} fields, found {found} (a row with missing or extra \
                     columns: the file was edited, or written by another version of the harness)"
                );
                return Err((line, why));
            }
            let at = |name: &str| columns.iter().position(|column| column.trim_end() == name);
            let cell = |name: &str| at(name).and_then(|i| row.get(i)).unwrap_or("0");
            let record = CaseRecord::from_row(cell).map_err(|why| (line, why))?;
            file.records.push(record);
        }
        Ok(file)
    }

    /// Reads and parses the file at `path`, refusing one that cannot hold a whole run: empty,
    /// cut off (the bench writes every line with its newline, so a last line without one was
    /// torn), without the header, or without a single case. A report from such a file would
    /// say "no results" and replace a good one.
    pub fn read(path: &Path) -> Result<Self, ReportError> {
        let text = crate::read_text_bounded(path, MAX_STATS)
            .map_err(|e| ReportError::io("reading", path, e))?;
        let unusable = |reason: &str| ReportError::UnusableStats {
            path: path.to_path_buf(),
            reason: format!("{reason}; rerun `cargo bench` to write it again"),
        };
        if text.trim().is_empty() {
            return Err(unusable("the statistics file is empty"));
        }
        if !text.ends_with('\n') {
            return Err(unusable(
                "the statistics file is truncated: its last line is cut off",
            ));
        }
        let file = Self::parse(&text).map_err(|(line, reason)| ReportError::Stats {
            path: path.to_path_buf(),
            line,
            reason,
        })?;
        let header = |line: &str| [HEADER, HEADER_BEFORE_ALLOCATIONS].contains(&line.trim_end());
        if !text.lines().any(header) {
            return Err(unusable(
                "the statistics file has no header line: it is truncated, or not the bench's",
            ));
        }
        if file.records.is_empty() {
            return Err(unusable("the statistics file holds no cases"));
        }
        Ok(file)
    }

    /// Writes the file to `path` atomically, creating its directory.
    pub fn write(&self, path: &Path) -> Result<(), ReportError> {
        crate::files::write_text(path, &self.to_csv())
    }
}

#[cfg(test)]
mod tests {
    use nqueens_core::Stats;

    use super::*;

    #[test]
    fn the_csv_lives_in_the_bench_directory() {
        assert_eq!(STATS_CSV, format!("{BENCH_DIR}/stats.csv"));
    }

    #[test]
    fn an_update_round_trips() {
        let update = Update {
            date: "2026-01-02 03:04 UTC".into(),
            mode: "quick".into(),
            duration: "1 min 2 s".into(),
            args: "--quick yardstick|count_all".into(),
        };
        assert_eq!(Update::from_meta(&update.to_meta()), Some(update));
    }

    #[test]
    fn a_newer_case_replaces_its_row_and_a_new_one_follows_its_series() {
        let row = |id: &str, n, seconds| {
            let mut r = CaseRecord::new("count_all", id, id, n, CaseStatus::Measured);
            r.seconds = seconds;
            r
        };
        let mut file = StatsFile {
            meta: Vec::new(),
            records: vec![row("vector", 8, 1.0), row("bitmask", 8, 1.0)],
        };
        file.merge(&[row("vector", 8, 2.0), row("vector", 9, 2.0)]);
        let cases: Vec<(&str, usize, f64)> = file
            .records
            .iter()
            .map(|r| (r.id.as_str(), r.n, r.seconds))
            .collect();
        assert_eq!(
            cases,
            [("vector", 8, 2.0), ("vector", 9, 2.0), ("bitmask", 8, 1.0)]
        );
    }

    #[test]
    fn a_file_round_trips() {
        let mut file = StatsFile::default();
        file.meta.push(("mode".into(), "quick".into()));
        file.records.push(CaseRecord::new(
            "count_all",
            "bitmask",
            "bitmask",
            8,
            CaseStatus::Measured,
        ));
        assert_eq!(StatsFile::parse(&file.to_csv()), Ok(file));
    }

    #[test]
    fn blank_lines_are_skipped_and_a_short_row_is_named_by_its_line() {
        let record = CaseRecord::new("count_all", "bitmask", "bitmask", 8, CaseStatus::Measured);
        let file = StatsFile {
            meta: vec![("mode".into(), "quick".into())],
            records: vec![record],
        };
        let text = file.to_csv().replace('\n', "\n\n");
        assert_eq!(StatsFile::parse(&text), Ok(file));
        let short = format!("# mode: quick\n{HEADER}\nrun,count_all\n");
        let (line, why) = StatsFile::parse(&short).unwrap_err();
        assert_eq!(line, 3);
        assert!(why.contains("expected 23 fields, found 2"), "{why}");
    }

    #[test]
    fn a_file_from_before_the_allocations_reads_them_as_not_measured() {
        let mut record =
            CaseRecord::new("count_all", "bitmask", "bitmask", 8, CaseStatus::Measured);
        record.heap_peak_bytes = 99;
        record.instructions = 7;
        let line = record.to_csv_line().replace(",99,0,0,7,", ",99,7,");
        let old = format!("{HEADER_BEFORE_ALLOCATIONS}\n{line}\n");
        assert_eq!(StatsFile::parse(&old).map(|f| f.records), Ok(vec![record]));
    }

    #[test]
    fn every_counter_survives_a_round_trip() {
        let mut record = CaseRecord::new("count_all", "bitmask", "bitmask", 8, CaseStatus::Error);
        for (i, field) in Stats::FIELDS.iter().enumerate() {
            (field.set)(&mut record.stats, 10 + i as u64);
        }
        record.seed = Some(3);
        record.heap_peak_bytes = 99;
        (record.allocations, record.allocated_bytes) = (5, 300);
        record.note = "refused, n too large".to_string();
        let file = StatsFile {
            meta: Vec::new(),
            records: vec![record.clone()],
        };
        let back = StatsFile::parse(&file.to_csv()).map_err(|(_, why)| why);
        record.note = "refused; n too large".to_string();
        assert_eq!(back.map(|f| f.records), Ok(vec![record]));
    }
}
