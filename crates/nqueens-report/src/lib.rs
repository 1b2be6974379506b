//! # nqueens-report
//!
//! The measuring side of the N-Queens workbench: what compares strategies, over any
//! [`Registry`](nqueens_run::Registry) it is given, and the report of a bench run
//! (`reports/`). Its rooms:
//!
//! - **running**: [`compare`](mod@compare) (`nqueens compare`: every strategy on the same sizes) and
//!   [`bench`](mod@bench) (the bench's profiles, cases, cost models and budget, which `benches/compare`
//!   runs under criterion);
//! - **bench data**: criterion's estimates ([`read_criterion`]), the statistics CSV
//!   ([`StatsFile`]), the run manifest ([`RunManifest`]), kept runs and the before/after
//!   statistics ([`Baseline`], [`Noise`], [`compare()`]), counts run by hand ([`read_by_hand`]);
//! - **presentation**: charts ([`draw_chart`], styled by registry order: [`Styles`]), board
//!   pictures, the report's `README.md` (its prose a template, `report/readme.md.j2`) and the
//!   project README's generated blocks ([`project`]).
//!
//! **Reads** ([`load`]): criterion's `target/criterion/**/new/{estimates,benchmark}.json` (the
//! median time and its confidence interval per `group/label/n`, read defensively: criterion's
//! files are internal and unversioned), the bench's statistics CSV ([`STATS_CSV`]; it decides
//! which of criterion's results belong to the run) and the manifest beside it (`run.json`:
//! which build measured each row; [`origin`] says whether they can stand side by side). Every
//! file is read with a size bound and only if it is a regular file ([`read_text_bounded`]).
//! The groups are named once in [`group`].
//!
//! **Writes** ([`write_report`]): seven SVG charts (PNG copies on request), board pictures,
//! animated traces and `README.md`, and the project README's blocks between
//! `<!-- nqueens report: NAME (generated; edits are lost) -->` markers. With baselines, every
//! case in both runs gets its ratio, a resampled confidence interval and a [`Verdict`] against
//! the between-run [`Noise`]. Charts render with no system fonts ([`register_fonts`]).
//!
//! **Cost**: reading and drawing are linear in the number of benchmarks; a full report (about
//! 300 benchmarks, seven charts, two boards) is written in well under a second, plus 4,000
//! resamples per case compared with a baseline.
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
pub use data::manifest::{
    HARNESS_VERSION, MANIFEST, MANIFEST_NAME, Origin, Run, RunManifest, origin,
};
pub use data::stats::{
    BENCH_DIR, CaseRecord, CaseStatus, HEADER, STATS_CSV, StatsFile, StatsParseError,
    UnknownStatus, Update,
};
pub use error::ReportError;
pub use files::{read_text_bounded, write_atomically};
pub use format::{format_bytes, format_count, format_seconds, format_size};
pub use machine::{Machine, utc_now, utc_timestamp};
pub use report::{
    BoardPicture, ReportInput, ReportOptions, ReportSummary, TracePicture, load, write_report,
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
