//! Before and after: this run's criterion times against an earlier run's, case by case.
//!
//! A baseline is a directory an earlier run left: the bench saves every complete run under
//! `target/nqueens-bench/runs/<run id>/` (criterion's `new/` files of the cases it measured,
//! `stats.csv` and `run.json`), and `nqueens report --baseline DIR` reads one back. A plain
//! criterion directory works too (without the statistics, every result in it counts).
//!
//! For each case in both runs the ratio is after / before of criterion's medians. Its
//! confidence interval comes from resampling: both runs' samples (seconds per iteration) are
//! drawn with replacement, [`RESAMPLES`] times, and the 2.5th and 97.5th percentiles of the
//! ratio of medians bound it (a fixed seed: the same files give the same report). Without
//! samples the interval is the quotient of criterion's own intervals, which is wider. A change
//! counts only when the whole interval lies on one side of 1 and the ratio is more than
//! [`NOISE`] away from it; anything else is "within the noise".
//!
//! Two runs on a shared machine differ as a whole (another load, another clock), by more than
//! any one case's interval says. That run-wide drift is the median of all the cases' ratios
//! ([`drift`], with at least [`DRIFT_MIN_CASES`] cases in both runs): each case is judged by
//! its ratio divided by the drift, so an unchanged run on a slower afternoon shows no
//! regression, while a strategy made slower stands out against the others. A change that
//! slows every case alike shows as drift, which the report states beside the verdicts.

use std::path::{Path, PathBuf};

use crate::{CaseStatus, CriterionData, Estimate, ReportError, RunManifest, StatsFile};

/// Resamples drawn for a ratio's interval.
pub const RESAMPLES: usize = 4_000;

/// Changes smaller than this share (2%) are within the noise whatever the interval says.
pub const NOISE: f64 = 0.02;

/// Fewer cases in both runs than this, and the drift is taken as 1 (nothing to factor out).
pub const DRIFT_MIN_CASES: usize = 8;

/// The run-wide ratio of the cases' after / before `ratios` (their median), or 1 with fewer
/// than [`DRIFT_MIN_CASES`] of them.
pub fn drift(ratios: &[f64]) -> f64 {
    let mut ratios: Vec<f64> = ratios
        .iter()
        .copied()
        .filter(|r| r.is_finite() && *r > 0.0)
        .collect();
    if ratios.len() < DRIFT_MIN_CASES {
        return 1.0;
    }
    median(&mut ratios)
}

/// An earlier run to compare with.
#[derive(Clone, Debug, Default)]
pub struct Baseline {
    /// Where it was read from.
    pub dir: PathBuf,
    /// Its criterion results that belong to it.
    pub criterion: CriterionData,
    /// Its statistics, when the directory holds them.
    pub stats: Option<StatsFile>,
    /// Its manifest, when the directory holds one.
    pub manifest: Option<RunManifest>,
}

impl Baseline {
    /// Reads a saved run (`DIR/criterion`, `DIR/stats.csv`, `DIR/run.json`) or a plain
    /// criterion directory.
    pub fn read(dir: &Path) -> Result<Self, ReportError> {
        if !dir.is_dir() {
            return Err(ReportError::NoResults {
                dir: dir.to_path_buf(),
                hint: "the baseline is not a directory: pass a run the bench saved \
                       (target/nqueens-bench/runs/<run>) or a criterion directory"
                    .to_string(),
            });
        }
        let nested = dir.join("criterion");
        let criterion_dir = if nested.is_dir() {
            nested
        } else {
            dir.to_path_buf()
        };
        let mut criterion = crate::read_criterion(&criterion_dir)?;
        let stats_path = dir.join("stats.csv");
        let stats = if stats_path.exists() {
            Some(StatsFile::read(&stats_path)?)
        } else {
            None
        };
        let manifest_path = dir.join(crate::MANIFEST_NAME);
        let manifest = if manifest_path.exists() {
            Some(RunManifest::read(&manifest_path)?)
        } else {
            None
        };
        if let Some(stats) = &stats {
            // As for the run itself: only what its statistics list as measured.
            criterion.estimates.retain(|e| {
                stats.records.iter().any(|r| {
                    r.status == CaseStatus::Measured
                        && r.group == e.group
                        && r.id == e.function
                        && case_parameter_matches(r, e)
                })
            });
        }
        Ok(Self {
            dir: dir.to_path_buf(),
            criterion,
            stats,
            manifest,
        })
    }

    /// The baseline's run, as its manifest names it: `commit of date (profile)`.
    pub fn describe(&self) -> String {
        match self.manifest.as_ref().and_then(|m| m.runs.first()) {
            Some(run) => format!(
                "commit {} of {}, {} profile",
                run.commit_label(),
                run.date(),
                run.profile
            ),
            None => "a run without a manifest".to_string(),
        }
    }
}

/// Whether a statistics row and a criterion result name the same case: the size, or for
/// completion instances the `n-k-seed` parameter.
pub(crate) fn case_parameter_matches(record: &crate::CaseRecord, estimate: &Estimate) -> bool {
    match estimate.n() {
        Some(n) => n == record.n,
        None => {
            let mut parts = estimate.parameter.split('-');
            parts.next().and_then(|n| n.parse().ok()) == Some(record.n)
                && parts.nth(1).and_then(|s| s.parse().ok()) == record.seed
        }
    }
}

/// What a case's ratio says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Slower beyond the noise.
    Regression,
    /// Faster beyond the noise.
    Gain,
    /// Inside the noise.
    Noise,
}

impl Verdict {
    /// The word the report prints.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Regression => "slower",
            Verdict::Gain => "faster",
            Verdict::Noise => "within the noise",
        }
    }
}

/// One case in both runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// `group/function/parameter`.
    pub case: String,
    /// The baseline's median, seconds.
    pub before: f64,
    /// This run's median, seconds.
    pub after: f64,
    /// after / before.
    pub ratio: f64,
    /// The ratio's confidence interval (95%).
    pub lower: f64,
    /// See [`Change::lower`].
    pub upper: f64,
    /// Whether the interval came from resampling (else from criterion's intervals).
    pub resampled: bool,
    /// The run-wide drift the verdict factored out (the median ratio of all cases; 1 when
    /// there was none).
    pub drift: f64,
    /// What it says.
    pub verdict: Verdict,
}

/// Every case in both `after` and `before`, regressions first (largest first), then gains
/// (largest first), then the rest in the order of `after`.
///
/// Fails when the two have no case in common.
pub fn compare(
    after: &[&Estimate],
    before: &[Estimate],
    baseline_dir: &Path,
) -> Result<Vec<Change>, ReportError> {
    let pairs: Vec<(&Estimate, &Estimate)> = after
        .iter()
        .filter_map(|a| {
            before
                .iter()
                .find(|b| {
                    b.group == a.group && b.function == a.function && b.parameter == a.parameter
                })
                .map(|b| (*a, b))
        })
        .collect();
    let ratios: Vec<f64> = pairs
        .iter()
        .map(|(a, b)| a.median.point / b.median.point)
        .collect();
    let drift = drift(&ratios);
    let mut changes: Vec<Change> = pairs.iter().map(|(a, b)| change(a, b, drift)).collect();
    if changes.is_empty() {
        return Err(ReportError::NoResults {
            dir: baseline_dir.to_path_buf(),
            hint: format!(
                "the baseline has no case in common with this run ({} cases there, {} here): \
                 compare runs of the same groups and sizes",
                before.len(),
                after.len()
            ),
        });
    }
    changes.sort_by(|x, y| {
        let key = |c: &Change| match c.verdict {
            Verdict::Regression => -c.ratio,
            Verdict::Gain => c.ratio,
            Verdict::Noise => 0.0,
        };
        (x.verdict, key(x))
            .partial_cmp(&(y.verdict, key(y)))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    Ok(changes)
}

/// One case's change, judged after dividing out the run-wide `drift`.
fn change(after: &Estimate, before: &Estimate, drift: f64) -> Change {
    let ratio = after.median.point / before.median.point;
    let resampled = after.samples.len() >= 2 && before.samples.len() >= 2;
    let (lower, upper) = if resampled {
        resampled_interval(&after.samples, &before.samples)
    } else {
        (
            after.median.lower / before.median.upper,
            after.median.upper / before.median.lower,
        )
    };
    Change {
        case: format!("{}/{}/{}", after.group, after.function, after.parameter),
        before: before.median.point,
        after: after.median.point,
        ratio,
        lower,
        upper,
        resampled,
        drift,
        verdict: verdict(ratio / drift, lower / drift, upper / drift),
    }
}

/// What a ratio and its interval say (after the drift is factored out).
fn verdict(ratio: f64, lower: f64, upper: f64) -> Verdict {
    if lower > 1.0 && ratio > 1.0 + NOISE {
        Verdict::Regression
    } else if upper < 1.0 && ratio < 1.0 - NOISE {
        Verdict::Gain
    } else {
        Verdict::Noise
    }
}

/// The 95% interval of median(after) / median(before) over resamples of both.
fn resampled_interval(after: &[f64], before: &[f64]) -> (f64, f64) {
    // SplitMix64: a fixed, portable stream, so a report is reproducible from its files.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |bound: usize| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z % bound as u64) as usize
    };
    let mut ratios = Vec::with_capacity(RESAMPLES);
    let (mut a, mut b) = (vec![0.0; after.len()], vec![0.0; before.len()]);
    for _ in 0..RESAMPLES {
        for slot in &mut a {
            *slot = after[next(after.len())];
        }
        for slot in &mut b {
            *slot = before[next(before.len())];
        }
        let (ma, mb) = (median(&mut a), median(&mut b));
        if mb > 0.0 {
            ratios.push(ma / mb);
        }
    }
    ratios.sort_by(f64::total_cmp);
    let at = |q: f64| ratios[((ratios.len() - 1) as f64 * q).round() as usize];
    if ratios.is_empty() {
        (f64::NAN, f64::NAN)
    } else {
        (at(0.025), at(0.975))
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len().is_multiple_of(2) {
        (values[mid - 1] + values[mid]) / 2.0
    } else {
        values[mid]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Interval;

    fn estimate(function: &str, seconds: f64, spread: f64) -> Estimate {
        let samples: Vec<f64> = (0..10)
            .map(|i| seconds * (1.0 + spread * (i as f64 - 4.5) / 4.5))
            .collect();
        Estimate {
            group: "count_all".into(),
            function: function.into(),
            parameter: "12".into(),
            median: Interval {
                point: seconds,
                lower: seconds * (1.0 - spread),
                upper: seconds * (1.0 + spread),
            },
            mean: Interval {
                point: seconds,
                lower: seconds,
                upper: seconds,
            },
            confidence: 0.95,
            elements: None,
            samples,
            written: None,
        }
    }

    #[test]
    fn a_slowed_case_is_a_regression_and_an_unchanged_one_is_noise() {
        let before = vec![
            estimate("bitmask", 1e-3, 0.05),
            estimate("vector", 4e-3, 0.05),
            estimate("dlx", 2e-3, 0.05),
        ];
        let after = [
            estimate("bitmask", 2e-3, 0.05),
            estimate("vector", 4e-3, 0.05),
            estimate("dlx", 1e-3, 0.05),
        ];
        let after: Vec<&Estimate> = after.iter().collect();
        let changes = compare(&after, &before, Path::new("base")).unwrap();
        let verdicts: Vec<(&str, Verdict)> = changes
            .iter()
            .map(|c| (c.case.as_str(), c.verdict))
            .collect();
        assert_eq!(
            verdicts,
            [
                ("count_all/bitmask/12", Verdict::Regression),
                ("count_all/dlx/12", Verdict::Gain),
                ("count_all/vector/12", Verdict::Noise),
            ]
        );
        let slowed = &changes[0];
        assert!((slowed.ratio - 2.0).abs() < 1e-9);
        assert!(slowed.lower > 1.5 && slowed.upper < 2.5 && slowed.resampled);
        assert!(changes[2].lower <= 1.0 && changes[2].upper >= 1.0);
    }

    #[test]
    fn a_slower_machine_is_drift_and_a_slowed_strategy_still_stands_out() {
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
        let before: Vec<Estimate> = names.iter().map(|f| estimate(f, 1e-3, 0.01)).collect();
        // The whole machine 8% slower, and `c` twice as slow besides.
        let after: Vec<Estimate> = names
            .iter()
            .map(|f| estimate(f, if *f == "c" { 2.16e-3 } else { 1.08e-3 }, 0.01))
            .collect();
        let after: Vec<&Estimate> = after.iter().collect();
        let changes = compare(&after, &before, Path::new("base")).unwrap();
        assert!((changes[0].drift - 1.08).abs() < 1e-9);
        assert_eq!(changes[0].case, "count_all/c/12");
        assert_eq!(changes[0].verdict, Verdict::Regression);
        assert!(changes[1..].iter().all(|c| c.verdict == Verdict::Noise));
    }

    #[test]
    fn no_common_case_is_an_error_and_no_samples_falls_back_on_intervals() {
        let before = vec![estimate("bitmask", 1e-3, 0.05)];
        let other = estimate("vector", 1e-3, 0.05);
        let error = compare(&[&other], &before, Path::new("base")).unwrap_err();
        assert!(error.to_string().contains("no case in common"), "{error}");
        let mut bare = estimate("bitmask", 1.5e-3, 0.05);
        bare.samples.clear();
        let changes = compare(&[&bare], &before, Path::new("base")).unwrap();
        assert!(!changes[0].resampled);
        assert!((changes[0].lower - 1.5 * 0.95 / 1.05).abs() < 1e-9);
        assert_eq!(changes[0].verdict, Verdict::Regression);
    }
}
