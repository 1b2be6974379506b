//! One row of the statistics CSV: the columns, built from [`Stats::FIELDS`], and how a
//! [`CaseRecord`] is written to and read from them.

use std::str::FromStr;

use nqueens_core::Stats;

/// The CSV header: 11 columns on the case, one per [`Stats::FIELDS`] entry in its order (a test
/// checks them), then what the bench measured itself. A file with other columns (written by
/// another version of the harness) is refused with the columns that differ named, except
/// the header of the files from before the allocations were counted.
pub const HEADER: &str = "run,group,id,strategy,variant,n,seed,threads,status,seconds,result,\
                          nodes,backtracks,examined,moves,restarts,initial_conflicts,peak_bytes,\
                          heap_peak_bytes,allocations,allocated_bytes,instructions,note";

/// The header of the harness's files before it counted allocations (runs kept as baselines):
/// read with the allocations 0, not measured.
pub(super) const HEADER_BEFORE_ALLOCATIONS: &str = "run,group,id,strategy,variant,n,seed,threads,\
     status,seconds,result,nodes,backtracks,examined,moves,restarts,initial_conflicts,\
     peak_bytes,heap_peak_bytes,instructions,note";

/// What became of one probed case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CaseStatus {
    /// Probed within the budget and handed to criterion.
    #[default]
    Measured,
    /// The probe ran past the time budget (`timeout` in the CSV, the spelling of
    /// [`Ended::Deadline`](nqueens_core::Ended::Deadline) everywhere): this size and larger ones
    /// are left out.
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
            CaseStatus::OverBudget => "timeout",
            CaseStatus::Skipped => "skipped",
            CaseStatus::Error => "error",
        }
    }

    /// The status a CSV word names (`over-budget`: the word of files written before `timeout`).
    fn from_word(word: &str) -> Result<Self, String> {
        match word {
            "ok" => Ok(CaseStatus::Measured),
            "timeout" | "over-budget" => Ok(CaseStatus::OverBudget),
            "skipped" => Ok(CaseStatus::Skipped),
            "error" => Ok(CaseStatus::Error),
            other => Err(format!("unknown status {other:?}")),
        }
    }
}

/// Why `line` is not [`HEADER`]: the columns missing and the columns not expected, or the order.
pub(super) fn header_mismatch(line: &str) -> String {
    let found: Vec<&str> = line.split(',').map(str::trim).collect();
    let columns: Vec<&str> = HEADER.split(',').collect();
    // The columns of `from` that `other` lacks, each to 40 characters.
    let lacking = |from: &[&str], other: &[&str]| -> Vec<String> {
        let lacked = from.iter().filter(|c| !other.contains(c));
        lacked.map(|c| format!("{c:.40}")).collect()
    };
    let mut parts = Vec::new();
    let missing = lacking(&columns, &found);
    if !missing.is_empty() {
        parts.push(format!("missing column(s) {}", missing.join(", ")));
    }
    let extra = lacking(&found, &columns);
    if !extra.is_empty() {
        let shown = &extra[..extra.len().min(5)];
        parts.push(format!("unexpected column(s) {}", shown.join(", ")));
    }
    if parts.is_empty() {
        parts.push("the columns are in another order".to_string());
    }
    format!(
        "not the expected header ({}): written by another version of the bench harness, or \
         not its statistics; rerun `cargo bench`",
        parts.join("; ")
    )
}

/// One probed case.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CaseRecord {
    /// The bench run that measured it: a [`Run::id`](crate::Run::id) of the run manifest
    /// (empty in files without one).
    pub run: String,
    /// Criterion group: one of [`crate::group`]'s names.
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
    /// Allocations during the probe run, a reallocation counting as one (0: none, or not
    /// measured).
    pub allocations: u64,
    /// Bytes those allocations asked for, in all (not net of what was freed).
    pub allocated_bytes: u64,
    /// Instructions executed by the case's kernel under callgrind (0: not counted).
    pub instructions: u64,
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
            n,
            status,
            ..Self::default()
        }
    }

    /// The case's criterion parameter: its size, or `n-k-seed` for a completion instance
    /// (whose note starts `k=K`).
    pub fn parameter(&self) -> String {
        let given = self
            .note
            .strip_prefix("k=")
            .and_then(|k| k.split(':').next());
        match (self.group == crate::group::COMPLETION, given, self.seed) {
            (true, Some(k), Some(seed)) => Self::completion_parameter(self.n, k, seed),
            _ => self.n.to_string(),
        }
    }

    /// The criterion parameter of a completion instance: `n-k-seed`, `k` queens given.
    pub fn completion_parameter(n: usize, k: impl std::fmt::Display, seed: u64) -> String {
        format!("{n}-{k}-{seed}")
    }

    /// The record as one CSV line (no newline). Text fields lose commas and line breaks.
    pub fn to_csv_line(&self) -> String {
        let opt = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
        let mut cells = vec![
            clean(&self.run),
            clean(&self.group),
            clean(&self.id),
            clean(&self.strategy),
            clean(&self.variant),
            self.n.to_string(),
            opt(self.seed),
            opt(self.threads.map(|t| t as u64)),
            self.status.as_str().to_string(),
            format!("{:.9}", self.seconds),
            clean(&self.result),
        ];
        cells.extend(
            Stats::FIELDS
                .iter()
                .map(|f| (f.get)(&self.stats).to_string()),
        );
        cells.extend([
            self.heap_peak_bytes.to_string(),
            self.allocations.to_string(),
            self.allocated_bytes.to_string(),
            self.instructions.to_string(),
            clean(&self.note),
        ]);
        cells.join(",")
    }

    /// Reads one row, each cell by its column's name in [`HEADER`] (`cell` gives `"0"` for
    /// the allocations of a file written before they were counted).
    pub(super) fn from_row<'a>(cell: impl Fn(&str) -> &'a str) -> Result<Self, String> {
        fn parse<T: FromStr>(name: &str, text: &str) -> Result<T, String> {
            (text.trim().parse()).map_err(|_| format!("{name}: {text:?} is not a number"))
        }
        let num = |name| parse(name, cell(name));
        let opt = |name| match cell(name).trim() {
            "" => Ok(None),
            text => parse(name, text).map(Some),
        };
        let mut stats = Stats::default();
        for field in Stats::FIELDS {
            (field.set)(&mut stats, num(field.name)?);
        }
        Ok(Self {
            run: cell("run").to_string(),
            group: cell("group").to_string(),
            id: cell("id").to_string(),
            strategy: cell("strategy").to_string(),
            variant: cell("variant").to_string(),
            n: parse("n", cell("n"))?,
            seed: opt("seed")?,
            threads: opt("threads")?.map(|t: u64| t as usize),
            status: CaseStatus::from_word(cell("status"))?,
            seconds: parse("seconds", cell("seconds"))?,
            result: cell("result").to_string(),
            stats,
            heap_peak_bytes: num("heap_peak_bytes")?,
            allocations: num("allocations")?,
            allocated_bytes: num("allocated_bytes")?,
            instructions: num("instructions")?,
            note: cell("note").to_string(),
        })
    }
}

/// Commas and line breaks would break the row; semicolons and spaces stand in for them.
pub(super) fn clean(text: &str) -> String {
    text.replace(',', ";").replace(['\n', '\r'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The header scripts read: a change here is a new version of the file.
    #[test]
    fn header_is_the_one_files_are_written_with() {
        assert_eq!(
            HEADER,
            "run,group,id,strategy,variant,n,seed,threads,status,seconds,result,nodes,\
             backtracks,examined,moves,restarts,initial_conflicts,peak_bytes,heap_peak_bytes,\
             allocations,allocated_bytes,instructions,note"
        );
    }

    /// The reader gives "0" for a column the header lacks (the allocation columns of older
    /// files), so every column a row is read by must be one of the header's.
    #[test]
    fn a_row_is_read_by_the_header_columns_only() {
        let asked = std::cell::RefCell::new(Vec::new());
        let read = CaseRecord::from_row(|name| {
            asked.borrow_mut().push(name.to_string());
            if name == "status" { "ok" } else { "0" }
        });
        assert!(read.is_ok(), "{read:?}");
        let columns: Vec<&str> = HEADER.split(',').collect();
        for name in asked.into_inner() {
            assert!(columns.contains(&name.as_str()), "{name} is not a column");
        }
    }

    #[test]
    fn the_header_names_every_counter_in_order() {
        let counters: Vec<&str> = Stats::FIELDS.iter().map(|f| f.name).collect();
        let columns: Vec<&str> = HEADER.split(',').collect();
        assert_eq!(columns[11..columns.len() - 5], counters[..]);
    }

    #[test]
    fn a_completion_instance_is_named_by_its_size_given_queens_and_seed() {
        let mut record = CaseRecord::new("completion", "dlx", "dlx", 12, CaseStatus::Measured);
        assert_eq!(record.parameter(), "12");
        (record.seed, record.note) = (Some(12031), "k=3".to_string());
        assert_eq!(record.parameter(), "12-3-12031");
        record.note = "k=3: it cannot prove that no completion exists".to_string();
        assert_eq!(record.parameter(), "12-3-12031");
        record.group = "count_all".to_string();
        assert_eq!(record.parameter(), "12");
    }

    #[test]
    fn a_header_from_another_version_names_the_columns_that_differ() {
        let old = "group,id,strategy,variant,n,seed,threads,status,seconds,result,nodes,\
                   backtracks,examined,moves,restarts,initial_conflicts,peak_bytes,\
                   heap_peak_bytes,note";
        let why = header_mismatch(old);
        assert!(why.contains("missing column(s) run, allocations"), "{why}");
        let why = header_mismatch(&format!("{HEADER},extra"));
        assert!(why.contains("unexpected column(s) extra"), "{why}");
    }
}
