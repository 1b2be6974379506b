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
//!   statistics ([`Baseline`], [`Noise`], [`judge`]), counts run by hand ([`read_by_hand`]);
//! - **presentation**: charts ([`draw_chart`], styled by registry order: [`Styles`]), board
//!   pictures, the report's `README.md` (its prose a template, `report/readme.md.j2`) and the
//!   project README's generated blocks ([`project`]).
//!
//! **From what.** Two sources, read by [`load`]:
//!
//! - criterion's `target/criterion/**/new/{estimates,benchmark}.json`: the median time per run
//!   and its confidence interval for every `group/label/n` benchmark ([`read_criterion`]);
//! - the harness's statistics CSV ([`STATS_CSV`] under the target directory, [`StatsFile`]):
//!   one row per probed case with its status (measured, timeout, skipped, error), the wall
//!   time of the probe, the solver's [`Stats`](nqueens_core::Stats) (one column per
//!   [`Stats::FIELDS`](nqueens_core::Stats::FIELDS) entry) and the heap peak, plus `#` metadata
//!   (machine, date, mode, filtered reruns as [`Update`]s).
//!
//! - the run manifest beside the CSV ([`RunManifest`], `run.json`): which bench runs measured
//!   the rows ([`CaseRecord::run`]), each with its commit, uncommitted changes, profile,
//!   machine, compiler, flags, start and end.
//!
//! The groups, named once in [`group`], are `count_all`, `first_solution`, `validate`,
//! `yardstick`, `once`, `completion` and `instructions`. The CSV decides which of criterion's
//! results belong to the run: criterion keeps every result it ever wrote, so those the CSV does
//! not list as measured, or that were written outside the run that measured their case, are
//! left out with a warning. A filtered bench run merges its cases into the CSV
//! ([`StatsFile::merge`]) and its run into the manifest; [`origin`] says whether the runs behind
//! the rows can stand side by side (the CLI refuses them otherwise, unless asked to mix).
//!
//! **Before and after.** [`Baseline`] reads an earlier run (a copy the bench kept, or a
//! criterion directory); several runs of one build may stand for "before" together. [`Noise`]
//! measures how far runs of one build drift apart, case by case, and [`compare()`] gives every
//! case in both its ratio with a resampled confidence interval and a [`Verdict`] judged
//! against that noise, and every kernel its instruction-count ratio; the README then leads
//! with the regressions and gains.
//!
//! Every file is read with a size bound and only if it is a regular file
//! ([`read_text_bounded`]): a link to `/dev/zero` or a FIFO among criterion's files is skipped
//! with a warning, never read or waited on.
//!
//! **What it draws** ([`write_report`]):
//!
//! - `count_all.svg`: counting time vs n (log y), from criterion's `count_all` medians;
//! - `first_solution.svg`: time to a first solution vs n (log–log), from `first_solution`, with
//!   the `validate` times drawn as the floor every strategy pays;
//! - `work.svg`: the work counter of each case vs n ([`Stats::work`](nqueens_core::Stats::work):
//!   permutations examined, search nodes or local-search moves), for counting and for a first
//!   solution, from the CSV;
//! - `memory.svg`: each counter's heap peak against its counting time (log–log, one point per
//!   n from 8), from the `count_all` times and the CSV's heap peaks: joining quadrant tables
//!   (`quadrants`) buys time with memory, the backtracking counters stay low;
//! - `randomized.svg`: the randomized strategies over their seeds, from the CSV's seeded
//!   `first_solution` rows: time per seed solved, the share of seeds solved within the probe
//!   budget, and the work per solution (median and range), against n;
//! - `board-<n>.svg`: chessboard pictures of solutions ([`draw_board`]);
//! - `README.md`: the machine and the commands, a generated summary (ratios at n = 12, growth
//!   rates fitted over the sizes whose time clearly exceeds the strategy's fixed cost, from
//!   which n joining (`quadrants`) beats searching (`symmetry`) and at what memory, the
//!   speed-up over the C yardsticks, the spread over seeds, and per randomized strategy the
//!   largest n it solves for every seed within the budget), a table per group (median,
//!   confidence interval, and the counters some case of the group reports), the runs timed
//!   once, the yardstick table, and the cases left out;
//! - `results.json` and `results.csv`: the run's results for other tools ([`export`]: the
//!   Bencher Metric Format, and the same as CSV).
//!
//! Charts are SVG (PNG copies on request), titled with the machine and date. Each plot has its
//! legend in a column beside it, never over the data, and grows taller when the legend needs
//! the room. Every strategy has a colour and hollow marker shape of its own, fixed by its place in
//! the registry ([`Styles`]), so it looks the same in every chart and every report; its variants keep
//! the colour and differ by dash and marker. Series with the same values (the nodes of
//! `vector` and `breadth`, say) are drawn with distinct dashes over each other and named as such
//! under the legend.
//!
//! The summary opens with the tradeoffs the project README describes, computed from the run
//! (`bitmask` against `vector`, mirror halving, `dlx`'s nodes, joining against searching, where
//! each strategy stops scaling, the local searches against each other). When the directory the
//! report is written to has a `README.md` beside it (`reports/../README.md`) holding the
//! markers `<!-- nqueens report: tradeoffs (generated; edits are lost) -->` and
//! `<!-- /nqueens report: tradeoffs -->`, those sentences replace what is between them, so the
//! project README's figures are the run's, never copied by hand.
//!
//! Criterion's files are internal and unversioned, so [`read_criterion`] reads them
//! defensively: a missing directory is a clear [`ReportError::NoResults`], a malformed file a
//! warning. Charts render with no system fonts: [`register_fonts`] loads DejaVu Sans from bytes
//! into plotters' `ab_glyph` backend. Numbers are printed by [`format_seconds`],
//! [`format_count`], [`format_size`] and [`format_bytes`], which the command line uses too.
//!
//! Cost: reading and drawing are linear in the number of benchmarks; a full report (about 300
//! benchmarks, seven charts, two boards) is written in well under a second.
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
    Baseline, CLASS_BOUNDS, CLASS_QUANTILE, Change, Confirmation, EVERY_THREAD_COUNTED,
    FAMILY_MARGIN, Figures, INSTRUCTION_FLOOR, MARGIN, MIN_CLASS_CASES, Measure, NOISE, Noise,
    RESAMPLES, TOGETHER_MIN, Together, Verdict, beyond_band, compare, judge, kernel_key, lone_band,
    reference_csv, uncompared_kernels,
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
