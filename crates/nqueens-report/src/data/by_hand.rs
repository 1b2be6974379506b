//! Counts too long for the bench, run by hand and recorded in a CSV file the repository keeps
//! (`benches/by-hand.csv`), so that the report states them beside the bench's figures with
//! the date, commit, wall and CPU time and peak memory of each, and checks each count against
//! OEIS A000170 before it prints it.
//!
//! The file has a header line and one line per count, fields separated by commas:
//!
//! ```text
//! date,commit,strategy,n,threads,count,wall_seconds,cpu_seconds,peak_rss_bytes,note
//! 2026-11-25,74a5b9b,quadrants,20,2,39029188884,236.0,258.1,367951872,machine shared
//! ```
//!
//! `note` is the rest of the line and may hold commas; lines starting with `#` are comments.

use std::path::Path;

use nqueens_core::known;

use crate::ReportError;
use crate::files::read_text_bounded;

/// The header the file must start with.
pub const BY_HAND_HEADER: &str =
    "date,commit,strategy,n,threads,count,wall_seconds,cpu_seconds,peak_rss_bytes,note";

/// The largest file read (a few hundred lines are plenty).
const MAX_BYTES: u64 = 1 << 20;

/// One count run by hand.
#[derive(Clone, Debug, PartialEq)]
pub struct HandCount {
    /// When, `YYYY-MM-DD`.
    pub date: String,
    /// The commit the binary was built from.
    pub commit: String,
    /// The strategy's registry name.
    pub strategy: String,
    /// The board size.
    pub n: usize,
    /// Threads it ran on.
    pub threads: usize,
    /// The count it printed (checked against A000170).
    pub count: u64,
    /// Wall-clock seconds.
    pub wall_seconds: f64,
    /// CPU (user) seconds, all threads together.
    pub cpu_seconds: f64,
    /// Peak resident memory, bytes.
    pub peak_rss_bytes: u64,
    /// How it was run, what else the machine did.
    pub note: String,
}

/// Reads and checks `path`: every count must be A000170's (a wrong one is an error, never a
/// line of the report).
pub fn read_by_hand(path: &Path) -> Result<Vec<HandCount>, ReportError> {
    let text =
        read_text_bounded(path, MAX_BYTES).map_err(|e| ReportError::io("reading", path, e))?;
    let bad = |line: usize, reason: String| ReportError::Stats {
        path: path.to_path_buf(),
        line,
        reason,
    };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    match lines.next() {
        Some((_, header)) if header == BY_HAND_HEADER => {}
        Some((line, _)) => {
            return Err(bad(line, format!("the header must be `{BY_HAND_HEADER}`")));
        }
        None => return Ok(Vec::new()),
    }
    let mut counts = Vec::new();
    for (line, text) in lines {
        let fields: Vec<&str> = text.splitn(10, ',').map(str::trim).collect();
        if fields.len() != 10 {
            let found = fields.len();
            return Err(bad(line, format!("10 fields expected, {found} found")));
        }
        // The field under the header's column `name`.
        let field = |name: &str| {
            let column = BY_HAND_HEADER.split(',').position(|c| c == name);
            fields[column.unwrap_or(0)]
        };
        let number = |name: &str| -> Result<u64, ReportError> {
            let text = field(name);
            text.parse()
                .map_err(|_| bad(line, format!("{name} `{text}` is not a whole number")))
        };
        let seconds = |name: &str| -> Result<f64, ReportError> {
            let text = field(name);
            text.parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0)
                .ok_or_else(|| bad(line, format!("{name} `{text}` is not a number of seconds")))
        };
        let n = number("n")? as usize;
        let count = number("count")?;
        if let Some(expected) = known::all_solutions(n)
            && expected != count
        {
            return Err(bad(
                line,
                format!("n = {n} has {expected} solutions (A000170), not {count}"),
            ));
        }
        counts.push(HandCount {
            date: field("date").to_string(),
            commit: field("commit").to_string(),
            strategy: field("strategy").to_string(),
            n,
            threads: number("threads")? as usize,
            count,
            wall_seconds: seconds("wall_seconds")?,
            cpu_seconds: seconds("cpu_seconds")?,
            peak_rss_bytes: number("peak_rss_bytes")?,
            note: field("note").to_string(),
        });
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Vec<HandCount>, ReportError> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("by-hand.csv");
        std::fs::write(&path, text).unwrap();
        read_by_hand(&path)
    }

    #[test]
    fn a_right_count_is_read_and_a_wrong_one_refused() {
        let good = format!(
            "{BY_HAND_HEADER}\n# a comment\n2026-11-25,abc1234,quadrants,20,2,39029188884,236,258.1,367951872,shared, loaded\n"
        );
        let counts = read(&good).unwrap();
        assert_eq!(counts.len(), 1);
        assert_eq!((counts[0].n, counts[0].count), (20, 39_029_188_884));
        assert_eq!(counts[0].note, "shared, loaded");
        let wrong = good.replace("39029188884", "39029188885");
        let error = read(&wrong).unwrap_err().to_string();
        assert!(
            error.contains("line 3") && error.contains("A000170"),
            "{error}"
        );
        let headless = "2026-11-25,abc1234,quadrants,20,2,39029188884,236,258,1,x\n";
        assert!(read(headless).unwrap_err().to_string().contains("header"));
        let short = format!("{BY_HAND_HEADER}\n2026-11-25,abc1234,quadrants,20\n");
        assert!(read(&short).unwrap_err().to_string().contains("10 fields"));
    }
}
