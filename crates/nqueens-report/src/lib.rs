//! # nqueens-report
//!
//! The comparison report of the N-Queens workbench: it reads what `cargo bench` left behind —
//! criterion's `target/criterion/**/new/{estimates,benchmark}.json` and the harness's
//! statistics CSV (`target/nqueens-bench/stats.csv`) — and writes `reports/`:
//!
//! - SVG charts (PNG copies on request): time vs n for counting (log y) and for a first
//!   solution (log–log), the work done (nodes, permutations examined, moves) vs n, and the
//!   spread of randomized strategies over their seeds; each titled with the machine and date.
//!   Each plot has its legend in a column beside it, never over the data; every strategy keeps
//!   its colour and hollow marker shape across charts, and series with the same values (the
//!   nodes of `vector` and `breadth`, say) are drawn dashed over each other and named as such
//!   under the legend;
//! - chessboard pictures of solutions ([`draw_board`]), light and dark squares with the queens
//!   drawn;
//! - `README.md`: the tables behind the charts (median and confidence interval), the machine,
//!   the commands, and a generated summary (ratios at n = 12, growth rates fitted over the
//!   sizes whose time clearly exceeds the strategy's fixed cost, the speed-up over the C
//!   yardsticks, the spread over seeds).
//!
//! The statistics CSV decides which of criterion's results belong to the run: criterion keeps
//! every result it ever wrote, so those the CSV does not list as measured are left out with a
//! warning. A filtered bench run merges its cases into the CSV ([`StatsFile::merge`]) and
//! notes itself as an [`Update`].
//!
//! Criterion's files are internal and unversioned, so [`read_criterion`] reads them
//! defensively: a missing directory is a clear [`ReportError::NoResults`], a malformed file a
//! warning. Charts render with no system fonts: [`register_fonts`] loads DejaVu Sans from bytes
//! into plotters' `ab_glyph` backend.
//!
//! Cost: reading and drawing are linear in the number of benchmarks; a full report (about 300
//! benchmarks, five charts, two boards) is written in well under a second.
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

mod board;
mod chart;
mod criterion;
mod error;
mod format;
mod machine;
mod report;
mod stats;

use std::sync::Once;

use plotters::style::{FontStyle, register_font};

pub use board::{MAX_BOARD, draw_board};
pub use chart::{ImageFormat, Panel, Point, Series, Units, draw_chart};
pub use criterion::{CriterionData, Estimate, Interval, read_criterion};
pub use error::ReportError;
pub use format::{format_bytes, format_count, format_seconds, format_size};
pub use machine::{Machine, utc_now, utc_timestamp};
pub use report::{BoardPicture, ReportInput, ReportOptions, ReportSummary, load, write_report};
pub use stats::{
    CaseRecord, CaseStatus, HEADER, StatsFile, StatsParseError, UnknownStatus, Update,
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
