//! # nqueens-report
//!
//! The measuring side of the N-Queens workbench, over any [`Registry`](nqueens_run::Registry):
//! [`compare`](mod@compare) (`nqueens compare`), the bench's plan and budget
//! ([`bench`](mod@bench)), the bench's data (criterion's estimates, the statistics CSV
//! [`StatsFile`], the [`RunManifest`], counts run by hand, before/after [`compare()`] against a
//! [`Baseline`] and its [`Noise`]) and the report ([`write_report`]: SVG charts, boards, traces,
//! `README.md` from the template `report/readme.md.j2`, and the project README's blocks,
//! [`project`]).
//!
//! **Reads** ([`load`]): criterion's `target/criterion/**/new/{estimates,benchmark}.json`
//! (internal and unversioned, so read defensively), the statistics CSV ([`STATS_CSV`]: which
//! results belong to the run) and `run.json` beside it ([`origin`]), each with a size bound
//! ([`read_text_bounded`]). The groups are named in [`group`].
//!
//! **Cost**: linear in the number of benchmarks; a full report (about 300 benchmarks) takes
//! well under a second, plus 4,000 resamples per case compared with a baseline.
//!
//! **Writes** ([`write_report`]) also `results.json` and `results.csv`: the run's results for
//! other tools ([`export`]: the Bencher Metric Format, and the same as CSV).
//!
//! What each chart, table and verdict shows, and why: the project README's *Benchmarks and the
//! report*.
//!
//! ```
//! use nqueens_report::{ImageFormat, draw_board};
//!
//! let dir = std::env::temp_dir().join(format!("nqueens-report-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
//! let path = dir.join("board-4.svg");
//! draw_board(&[1, 3, 0, 2], "n = 4", &path, ImageFormat::Svg).map_err(|e| e.to_string())?;
//! let svg = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
//! assert_eq!(svg.trim_start().starts_with("<svg"), true);
//! # std::fs::remove_dir_all(&dir).ok();
//! # Ok::<(), String>(())
//! ```

#![deny(missing_docs)]

pub mod bench;
mod board;
mod chart;
pub mod compare;
mod data;
mod error;
pub mod export;
mod files;
mod format;
pub mod group;
mod machine;
pub mod project;
mod report;

use std::sync::Once;

use plotters::style::{FontStyle, register_font};

pub use board::{MAX_BOARD, draw_board};
pub use chart::{Family, ImageFormat, Panel, Point, Series, Styles, Units, draw_chart};
pub use data::baseline::{
    Baseline, Change, EVERY_THREAD_COUNTED, Figures, MARGIN, Measure, Noise, Verdict, compare,
};
pub use data::by_hand::{BY_HAND_HEADER, HandCount, read_by_hand};
pub use data::criterion::{CriterionData, Estimate, Interval, read_criterion};
pub use data::manifest::{HARNESS_VERSION, MANIFEST_NAME, Origin, Run, RunManifest, origin};
pub use data::stats::{BENCH_DIR, CaseRecord, CaseStatus, HEADER, STATS_CSV, StatsFile, Update};
pub use error::{BadBoard, ReportError};
pub use files::{read_text_bounded, write_atomically};
pub use format::{format_bytes, format_count, format_seconds, format_size};
pub use machine::{Machine, utc_now, utc_timestamp};
pub use report::{
    BoardPicture, ReportInput, ReportOptions, ReportSummary, Reproduction, TracePicture, load,
    write_report,
};

/// Registers DejaVu Sans (regular and bold) as plotters' `sans-serif`, once per process.
///
/// Drawing functions of this crate call it themselves; call it before using plotters directly
/// (criterion's own plots share the build) on a machine without system fonts.
pub fn register_fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The fonts are compiled in and valid, so a failure would leave text unrendered rather
        // than be worth an error path in every caller.
        let _ = register_font("sans-serif", FontStyle::Normal, dejavu::sans::regular());
        let _ = register_font("sans-serif", FontStyle::Bold, dejavu::sans::bold());
    });
}
