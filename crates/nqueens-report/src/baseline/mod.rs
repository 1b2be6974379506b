//! Before and after: this run's criterion times and kernel instruction counts against one or
//! more earlier runs, case by case.
//!
//! A baseline is a directory an earlier run left: the bench saves every complete run under
//! `target/nqueens-bench/runs/<run id>/` (criterion's `new/` files of the cases it measured,
//! `stats.csv` and `run.json`), and `nqueens report --baseline DIR` reads one back; the option
//! may be repeated with runs of one build (the same commit, profile, machine, compiler and
//! flags), whose medians then stand for "before" together. A plain criterion directory works
//! too (without the statistics, every result in it counts).
//!
//! For each case in both, the ratio is after / before of the medians (before: the median of
//! the baselines' medians). Its confidence interval comes from resampling: this run's and the
//! baselines' samples (seconds per iteration) are drawn with replacement, [`RESAMPLES`] times,
//! and the 2.5th and 97.5th percentiles of the ratio of medians bound it (a fixed seed: the
//! same files give the same report). Without samples the interval is the quotient of
//! criterion's own intervals, which is wider.
//!
//! Two runs on a shared machine differ as a whole (another load, another clock): that
//! run-wide drift is the median of all the cases' ratios ([`drift`], with at least
//! [`DRIFT_MIN_CASES`] cases), and each case is judged by its ratio divided by the drift. They
//! also differ case by case, by more than any one run's interval says: the [`Noise`] of runs of
//! one build gives every case a band. A case is slower (faster) only when its ratio, drift
//! divided out, is beyond its band, more than [`NOISE`] from 1, and its whole interval is on
//! that side of 1; anything else is "within the noise". A kernel's instruction count (the
//! bench's `instructions` group) is judged against its own band, with no drift: the steady
//! signal, which shows a change of a percent that the times cannot.

mod noise;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub use noise::{
    CLASS_BOUNDS, CLASS_QUANTILE, EVERY_THREAD_COUNTED, Figures, INSTRUCTION_FLOOR, MARGIN,
    MIN_CLASS_CASES, Noise, kernel_key, reference_csv,
};

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

    /// Checks that `baselines` are runs of one build (commit and uncommitted changes,
    /// profile, machine, compiler, flags): several baselines stand for one "before" only then.
    pub fn check_one_build(baselines: &[Baseline]) -> Result<(), ReportError> {
        let Some((first, rest)) = baselines.split_first() else {
            return Ok(());
        };
        let run = |b: &Baseline| b.manifest.as_ref().and_then(|m| m.runs.first().cloned());
        let Some(reference) = run(first) else {
            if rest.is_empty() {
                return Ok(());
            }
            return Err(ReportError::Baselines(format!(
                "{} has no run manifest (run.json), so it cannot be told to be a run of the                  same build as the other baselines: give it alone, or give runs the bench kept                  (target/nqueens-bench/runs/<run>)",
                first.dir.display()
            )));
        };
        for other in rest {
            let Some(theirs) = run(other) else {
                return Err(ReportError::Baselines(format!(
                    "{} has no run manifest (run.json): several baselines must be runs the                      bench kept, of one build",
                    other.dir.display()
                )));
            };
            let differences = reference.differences(&theirs);
            if !differences.is_empty() {
                return Err(ReportError::Baselines(format!(
                    "the baselines {} and {} are runs of different builds ({}): repeated                      --baseline takes runs of one build, whose spread is the noise; compare                      with one of them at a time",
                    first.dir.display(),
                    other.dir.display(),
                    differences.join("; ")
                )));
            }
        }
        Ok(())
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

/// What a [`Change`] measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Criterion's median time, seconds.
    Time,
    /// A kernel's instruction count under callgrind.
    Instructions,
}

/// One case (or kernel) in both runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// `group/function/parameter`; for a kernel `instructions/label/operation-n`.
    pub case: String,
    /// What was compared.
    pub measure: Measure,
    /// The baselines' median (the median of their medians), seconds or instructions.
    pub before: f64,
    /// This run's median, seconds or instructions.
    pub after: f64,
    /// after / before.
    pub ratio: f64,
    /// The ratio's confidence interval (95%); for instruction counts, the ratio itself.
    pub lower: f64,
    /// See [`Change::lower`].
    pub upper: f64,
    /// Whether the interval came from resampling (else from criterion's intervals).
    pub resampled: bool,
    /// The run-wide drift the verdict factored out (the median ratio of all cases; 1 when
    /// there was none, and for instruction counts).
    pub drift: f64,
    /// The noise band: the ratio (after the drift) beyond which the case changed, either way
    /// ([`Noise::time_band`], [`Noise::kernel_band`]).
    pub band: f64,
    /// Whether repeated runs of one build measure the case alike (a kernel whose instruction
    /// counts wander is not steady; times always are judged as noisy).
    pub steady: bool,
    /// What it says.
    pub verdict: Verdict,
}

/// Every case in both this run (`after`, with its statistics for the instruction counts) and
/// the `baselines` (runs of one build), judged against `noise`: regressions first (largest
/// first), then gains (largest first), then the rest in the order of `after`, kernels last.
///
/// Fails when they have no case in common.
pub fn compare(
    after: &[&Estimate],
    after_stats: Option<&StatsFile>,
    baselines: &[Baseline],
    noise: &Noise,
) -> Result<Vec<Change>, ReportError> {
    let Some(first) = baselines.first() else {
        return Ok(Vec::new());
    };
    let pairs: Vec<(&Estimate, Vec<&Estimate>)> = after
        .iter()
        .filter_map(|a| {
            let before: Vec<&Estimate> = baselines
                .iter()
                .filter_map(|b| {
                    b.criterion.estimates.iter().find(|e| {
                        e.group == a.group && e.function == a.function && e.parameter == a.parameter
                    })
                })
                .collect();
            (!before.is_empty()).then_some((*a, before))
        })
        .collect();
    let mut befores: Vec<f64> = pairs
        .iter()
        .map(|(_, before)| {
            let mut medians: Vec<f64> = before.iter().map(|e| e.median.point).collect();
            median(&mut medians)
        })
        .collect();
    let ratios: Vec<f64> = pairs
        .iter()
        .zip(&befores)
        .map(|((a, _), b)| a.median.point / b)
        .collect();
    let drift = drift(&ratios);
    let mut changes: Vec<Change> = pairs
        .iter()
        .zip(befores.iter_mut())
        .map(|((a, before), b)| change(a, before, *b, drift, noise))
        .collect();
    if changes.is_empty() {
        let theirs: usize = baselines.iter().map(|b| b.criterion.estimates.len()).sum();
        return Err(ReportError::NoResults {
            dir: first.dir.clone(),
            hint: format!(
                "the baseline has no case in common with this run ({theirs} cases there, {} \
                 here): compare runs of the same groups and sizes",
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
    let mut kernels = kernel_changes(after_stats, baselines, noise);
    // Kernels join the list by verdict: a moved count is as much a change as a slower time.
    for k in kernels.drain(..) {
        let at = changes
            .iter()
            .position(|c| c.verdict > k.verdict)
            .unwrap_or(changes.len());
        changes.insert(at, k);
    }
    Ok(changes)
}

/// The kernels counted in this run and in the baselines the same way (every thread, or the
/// calling thread only), each judged by its instruction count against its band.
fn kernel_changes(after: Option<&StatsFile>, baselines: &[Baseline], noise: &Noise) -> Vec<Change> {
    let Some(after) = after else {
        return Vec::new();
    };
    let before: Vec<BTreeMap<String, u64>> = baselines
        .iter()
        .filter_map(|b| b.stats.as_ref().map(noise::kernels))
        .collect();
    let mut out = Vec::new();
    for (key, count) in noise::kernels(after) {
        let mut counts: Vec<f64> = before
            .iter()
            .filter_map(|k| k.get(&key).map(|&c| c as f64))
            .collect();
        if counts.is_empty() {
            continue;
        }
        let before = median(&mut counts);
        let ratio = count as f64 / before;
        let (band, steady) = noise.kernel_band(&key);
        let verdict = if ratio > band {
            Verdict::Regression
        } else if ratio < 1.0 / band {
            Verdict::Gain
        } else {
            Verdict::Noise
        };
        out.push(Change {
            case: key,
            measure: Measure::Instructions,
            before,
            after: count as f64,
            ratio,
            lower: ratio,
            upper: ratio,
            resampled: false,
            drift: 1.0,
            band,
            steady,
            verdict,
        });
    }
    out
}

/// The kernels of this run that a baseline counted another way (only the calling thread, by
/// a bench from before every thread was counted), which are therefore not compared.
pub fn uncompared_kernels(after: Option<&StatsFile>, baselines: &[Baseline]) -> Vec<String> {
    let Some(after) = after else {
        return Vec::new();
    };
    let before: Vec<BTreeMap<String, u64>> = baselines
        .iter()
        .filter_map(|b| b.stats.as_ref().map(noise::kernels))
        .collect();
    let other_way = |key: &str| match key.strip_suffix(" (calling thread)") {
        Some(plain) => plain.to_string(),
        None => format!("{key} (calling thread)"),
    };
    noise::kernels(after)
        .into_keys()
        .filter(|key| {
            !before.iter().any(|k| k.contains_key(key))
                && before.iter().any(|k| k.contains_key(&other_way(key)))
        })
        .collect()
}

/// One case's change against one or more baselines whose median is `before`, judged after
/// dividing out the run-wide `drift`, against the case's noise band.
fn change(
    after: &Estimate,
    baselines: &[&Estimate],
    before: f64,
    drift: f64,
    noise: &Noise,
) -> Change {
    let ratio = after.median.point / before;
    let before_samples: Vec<f64> = baselines
        .iter()
        .flat_map(|e| e.samples.iter().copied())
        .collect();
    let resampled = after.samples.len() >= 2 && before_samples.len() >= 2;
    let (lower, upper) = if resampled {
        resampled_interval(&after.samples, &before_samples)
    } else {
        let lowest = baselines
            .iter()
            .map(|e| e.median.lower)
            .fold(f64::INFINITY, f64::min);
        let highest = baselines.iter().map(|e| e.median.upper).fold(0.0, f64::max);
        (after.median.lower / highest, after.median.upper / lowest)
    };
    let case = after.case();
    let band = noise.time_band(&case, before);
    Change {
        case,
        measure: Measure::Time,
        before,
        after: after.median.point,
        ratio,
        lower,
        upper,
        resampled,
        drift,
        band,
        steady: false,
        verdict: verdict(ratio / drift, lower / drift, upper / drift, band),
    }
}

/// What a ratio and its interval say (after the drift is factored out): a change only beyond
/// the case's noise `band`, with the whole interval on that side of 1 and more than [`NOISE`]
/// away from it.
fn verdict(ratio: f64, lower: f64, upper: f64, band: f64) -> Verdict {
    if lower > 1.0 && ratio > (1.0 + NOISE).max(band) {
        Verdict::Regression
    } else if upper < 1.0 && ratio < (1.0 - NOISE).min(1.0 / band) {
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

    fn base(estimates: Vec<Estimate>) -> Baseline {
        Baseline {
            dir: PathBuf::from("base"),
            criterion: CriterionData {
                estimates,
                ..CriterionData::default()
            },
            ..Baseline::default()
        }
    }

    /// No between-run noise at all: only the intervals and the 2% judge.
    fn quiet() -> Noise {
        Noise::measure(&[], "none".into(), [0.0; 3])
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
        let changes = compare(&after, None, &[base(before)], &quiet()).unwrap();
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
        let changes = compare(&after, None, &[base(before)], &quiet()).unwrap();
        assert!((changes[0].drift - 1.08).abs() < 1e-9);
        assert_eq!(changes[0].case, "count_all/c/12");
        assert_eq!(changes[0].verdict, Verdict::Regression);
        assert!(changes[1..].iter().all(|c| c.verdict == Verdict::Noise));
    }

    #[test]
    fn no_common_case_is_an_error_and_no_samples_falls_back_on_intervals() {
        let before = vec![estimate("bitmask", 1e-3, 0.05)];
        let other = estimate("vector", 1e-3, 0.05);
        let error = compare(&[&other], None, &[base(before.clone())], &quiet()).unwrap_err();
        assert!(error.to_string().contains("no case in common"), "{error}");
        let mut bare = estimate("bitmask", 1.5e-3, 0.05);
        bare.samples.clear();
        let changes = compare(&[&bare], None, &[base(before)], &quiet()).unwrap();
        assert!(!changes[0].resampled);
        assert!((changes[0].lower - 1.5 * 0.95 / 1.05).abs() < 1e-9);
        assert_eq!(changes[0].verdict, Verdict::Regression);
    }

    #[test]
    fn a_case_within_its_band_is_noise_and_a_larger_change_is_not() {
        let names = ["a", "b", "c"];
        let before: Vec<Estimate> = names.iter().map(|f| estimate(f, 1e-3, 0.01)).collect();
        // Two earlier runs of one build: `a` wandered by 1.3×, the others not at all.
        let run = |wander: f64| Figures {
            times: names
                .iter()
                .map(|f| {
                    (
                        format!("count_all/{f}/12"),
                        if *f == "a" { 1e-3 * wander } else { 1e-3 },
                    )
                })
                .collect(),
            kernels: BTreeMap::new(),
        };
        let noise = Noise::measure(&[run(1.0), run(1.3)], "test".into(), [0.0; 3]);
        // `a` 1.4× slower: inside 1.3^1.5 = 1.48; `b` 1.4× slower: beyond its band of 1.
        let after: Vec<Estimate> = names
            .iter()
            .map(|f| estimate(f, if *f == "c" { 1e-3 } else { 1.4e-3 }, 0.01))
            .collect();
        let after: Vec<&Estimate> = after.iter().collect();
        let changes = compare(&after, None, &[base(before)], &noise).unwrap();
        let verdict = |case: &str| changes.iter().find(|c| c.case == case).unwrap().verdict;
        assert_eq!(verdict("count_all/a/12"), Verdict::Noise);
        assert_eq!(verdict("count_all/b/12"), Verdict::Regression);
        assert_eq!(verdict("count_all/c/12"), Verdict::Noise);
    }

    #[test]
    fn several_baselines_stand_together_and_must_be_one_build() {
        let before = |s: f64| base(vec![estimate("bitmask", s, 0.01)]);
        let after = [estimate("bitmask", 1.1e-3, 0.01)];
        let after: Vec<&Estimate> = after.iter().collect();
        let changes = compare(&after, None, &[before(1e-3), before(1.2e-3)], &quiet()).unwrap();
        // The median of 1 and 1.2 ms is 1.1 ms: no change.
        assert!((changes[0].ratio - 1.0).abs() < 1e-9);
        assert_eq!(changes[0].verdict, Verdict::Noise);

        let run = |commit: &str| crate::Run {
            id: commit.into(),
            commit: commit.into(),
            dirty: None,
            profile: "default".into(),
            args: String::new(),
            filtered: false,
            started: 0,
            finished: Some(1),
            cases_planned: 1,
            cases_done: 1,
            estimated_seconds: 0.0,
            cpu: "cpu".into(),
            cores: 2,
            rustc: "rustc".into(),
            flags: "flags".into(),
            criterion: "0.8.2".into(),
        };
        let kept = |commit: &str| Baseline {
            manifest: Some(RunManifest {
                harness: crate::HARNESS_VERSION,
                runs: vec![run(commit)],
            }),
            ..before(1e-3)
        };
        assert!(Baseline::check_one_build(&[kept("aaaaaaa"), kept("aaaaaaa")]).is_ok());
        let error = Baseline::check_one_build(&[kept("aaaaaaa"), kept("bbbbbbb")]).unwrap_err();
        assert!(error.to_string().contains("different builds"), "{error}");
        assert!(
            error.to_string().contains("commit aaaaaaa / bbbbbbb"),
            "{error}"
        );
        let error = Baseline::check_one_build(&[kept("aaaaaaa"), before(1e-3)]).unwrap_err();
        assert!(error.to_string().contains("no run manifest"), "{error}");
        assert!(Baseline::check_one_build(&[before(1e-3)]).is_ok());
    }

    #[test]
    fn a_moved_instruction_count_is_a_change_and_a_wandering_kernel_is_not_steady() {
        let stats = |bitmask: u64, sat: u64| {
            let row = |id: &str, n: usize, count: u64| {
                let mut r = crate::CaseRecord::new(
                    crate::group::INSTRUCTIONS,
                    id,
                    id,
                    n,
                    CaseStatus::Measured,
                );
                r.note = format!("count: {EVERY_THREAD_COUNTED}");
                r.instructions = count;
                r
            };
            StatsFile {
                meta: Vec::new(),
                records: vec![row("bitmask", 10, bitmask), row("sat", 8, sat)],
            }
        };
        let with = |s: StatsFile| Baseline {
            stats: Some(s),
            ..base(vec![estimate("bitmask", 1e-3, 0.01)])
        };
        let noise = Noise::measure(
            &[
                Figures::of(&with(stats(1000, 1000))),
                Figures::of(&with(stats(1000, 1100))),
            ],
            "test".into(),
            [0.0; 3],
        );
        let after = [estimate("bitmask", 1e-3, 0.01)];
        let after: Vec<&Estimate> = after.iter().collect();
        // bitmask 1% more instructions (time unchanged), sat 10% fewer: within its own spread.
        let changes = compare(
            &after,
            Some(&stats(1010, 1000)),
            &[with(stats(1000, 1100))],
            &noise,
        )
        .unwrap();
        let kernel = |key: &str| changes.iter().find(|c| c.case == key).unwrap();
        let bitmask = kernel("instructions/bitmask/count-10");
        assert_eq!(
            (bitmask.verdict, bitmask.steady),
            (Verdict::Regression, true)
        );
        assert_eq!(changes[0].case, bitmask.case);
        let sat = kernel("instructions/sat/count-8");
        assert_eq!((sat.verdict, sat.steady), (Verdict::Noise, false));
        assert_eq!(kernel("count_all/bitmask/12").verdict, Verdict::Noise);
    }
}
