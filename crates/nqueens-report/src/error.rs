//! The report's error type.

use std::path::PathBuf;

use thiserror::Error;

/// Why a report (or one of its pieces) could not be produced.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ReportError {
    /// Reading or writing a file failed (the I/O error is in the message, not a `source`:
    /// anyhow's chained printing would repeat it).
    #[error("{action} {}: {error}", path.display())]
    Io {
        /// What was being done ("reading", "writing", "creating").
        action: &'static str,
        /// The file or directory.
        path: PathBuf,
        /// The underlying error.
        error: std::io::Error,
    },
    /// The criterion directory holds no usable results.
    #[error("no criterion results under {}: {hint}", dir.display())]
    NoResults {
        /// The directory searched.
        dir: PathBuf,
        /// What to do about it.
        hint: String,
    },
    /// A line of the statistics CSV could not be read.
    #[error("{}: line {line}: {reason}", path.display())]
    Stats {
        /// The CSV file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What was wrong with it.
        reason: String,
    },
    /// The statistics CSV is empty, cut off, or has no cases.
    #[error("{}: {reason}", path.display())]
    UnusableStats {
        /// The CSV file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The plotting library failed while drawing a chart or board.
    #[error("drawing {}: {reason}", path.display())]
    Draw {
        /// The picture being drawn.
        path: PathBuf,
        /// The plotting library's message.
        reason: String,
    },
    /// Several baselines, one of them without a run manifest.
    #[error(
        "{}: no run manifest (run.json), so it cannot be told to be a run of the same build as \
         the other baselines: give it alone, or give runs the bench kept \
         (target/nqueens-bench/runs/<run>)",
        dir.display()
    )]
    BaselineWithoutManifest {
        /// The baseline's directory.
        dir: PathBuf,
    },
    /// Two baselines are runs of different builds.
    #[error(
        "the baselines {} and {} are runs of different builds ({}): repeated --baseline takes \
         runs of one build, whose spread is the noise; compare with one of them at a time",
        first.display(),
        other.display(),
        differences.join("; ")
    )]
    BaselinesOfDifferentBuilds {
        /// The first baseline's directory.
        first: PathBuf,
        /// The other baseline's directory.
        other: PathBuf,
        /// How their builds differ.
        differences: Vec<String>,
    },
    /// A board picture was asked for with an unusable placement.
    #[error("cannot draw the board: {0}")]
    Board(#[from] BadBoard),
    /// The README's template could not be filled (a fault of this crate).
    #[error("writing the README from its template: {0}")]
    Template(#[from] minijinja::Error),
}

/// Why a placement cannot be drawn as a board.
#[derive(Debug, thiserror::Error)]
pub enum BadBoard {
    /// No queen at all.
    #[error("the placement is empty")]
    Empty,
    /// More rows than the largest board drawn ([`MAX_BOARD`](crate::MAX_BOARD)).
    #[error("n = {n} is larger than the largest board drawn ({max})")]
    TooLarge {
        /// The placement's size.
        n: usize,
        /// The largest board drawn.
        max: usize,
    },
    /// A queen outside the board.
    #[error("row {row} has column {column}, outside a board of size {n}")]
    Outside {
        /// The queen's row.
        row: usize,
        /// Its column.
        column: u32,
        /// The board's size.
        n: usize,
    },
}

impl ReportError {
    /// An I/O error with its context.
    pub(crate) fn io(
        action: &'static str,
        path: impl Into<PathBuf>,
        error: std::io::Error,
    ) -> Self {
        Self::Io {
            action,
            path: path.into(),
            error,
        }
    }
}
