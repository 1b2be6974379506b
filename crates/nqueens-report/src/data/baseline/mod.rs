//! Before and after: this run against one or more earlier runs of one build, case by case:
//! the ratio of the medians with a resampled 95% interval (a fixed seed: the same files give
//! the same report), judged by [`judge`](verdict::judge) against the case's [`Noise`] band
//! after dividing out the run-wide drift; a kernel's instruction count against its own band.

mod noise;
mod verdict;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

pub(crate) use noise::{CLASS_QUANTILE, INSTRUCTION_FLOOR};
pub use noise::{EVERY_THREAD_COUNTED, Figures, MARGIN, Noise};
pub(crate) use verdict::{Confirmation, FAMILY_MARGIN, NOISE, TOGETHER_MIN, lone_band};

use crate::data::median_range;
use crate::{CaseStatus, CriterionData, Estimate, ReportError, RunManifest, StatsFile};

/// Resamples drawn for a ratio's interval.
const RESAMPLES: usize = 4_000;

/// With fewer cases in both runs, the drift is taken as 1 (nothing to factor out).
const DRIFT_MIN_CASES: usize = 8;

/// The run-wide ratio of the cases' after / before `ratios`: their median, or 1 with fewer
/// than [`DRIFT_MIN_CASES`] of them.
fn drift(ratios: &[f64]) -> f64 {
    let mut ratios: Vec<f64> = ratios
        .iter()
        .copied()
        .filter(|r| r.is_finite() && *r > 0.0)
        .collect();
    if ratios.len() < DRIFT_MIN_CASES {
        return 1.0;
    }
    median_range(&mut ratios).map_or(1.0, |[median, ..]| median)
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
        let mut criterion = crate::read_criterion(if nested.is_dir() {
            nested.as_path()
        } else {
            dir
        })?;
        let stats = read_if_there(&dir.join("stats.csv"), StatsFile::read)?;
        let manifest = read_if_there(&dir.join(crate::MANIFEST_NAME), RunManifest::read)?;
        if let Some(stats) = &stats {
            // As for the run itself: only what its statistics list as measured.
            criterion
                .estimates
                .retain(|e| stats.records.iter().any(|r| measured_case(r, e)));
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
        let run = |b: &Baseline| b.manifest.as_ref().and_then(|m| m.runs.first().cloned());
        let without = |b: &Baseline| ReportError::BaselineWithoutManifest { dir: b.dir.clone() };
        let [first, rest @ ..] = baselines else {
            return Ok(());
        };
        if rest.is_empty() {
            return Ok(());
        }
        let reference = run(first).ok_or_else(|| without(first))?;
        for other in rest {
            let differences = reference.differences(&run(other).ok_or_else(|| without(other))?);
            if !differences.is_empty() {
                return Err(ReportError::BaselinesOfDifferentBuilds {
                    first: first.dir.clone(),
                    other: other.dir.clone(),
                    differences,
                });
            }
        }
        Ok(())
    }

    /// The baseline's run, as its manifest names it: `commit C of DATE, P profile`.
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

/// The file at `path` read by `read`, or `None` when there is none.
fn read_if_there<T>(
    path: &Path,
    read: fn(&Path) -> Result<T, ReportError>,
) -> Result<Option<T>, ReportError> {
    path.exists().then(|| read(path)).transpose()
}

/// Whether a statistics row measured the case of a criterion result: measured, of its group,
/// function and parameter ([`CaseRecord::parameter`](crate::CaseRecord::parameter)).
pub(crate) fn measured_case(record: &crate::CaseRecord, estimate: &Estimate) -> bool {
    record.status == CaseStatus::Measured
        && (record.group == estimate.group && record.id == estimate.function)
        && record.parameter() == estimate.parameter
}

/// What a case's ratio says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Measure {
    /// Criterion's median time, seconds.
    Time,
    /// A kernel's instruction count under callgrind.
    Instructions,
}

/// One case (or kernel) in both runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
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
    /// The ratio's 95% interval, lower end (for instruction counts, the ratio itself).
    pub lower: f64,
    /// Its upper end.
    pub upper: f64,
    /// Whether the interval came from resampling (else from criterion's intervals).
    pub resampled: bool,
    /// The run-wide drift divided out (1 when there was none, and for instruction counts).
    pub drift: f64,
    /// The noise band: the ratio (drift divided out) beyond which the case changed, either way.
    pub band: f64,
    /// Whether runs of one build measure it alike (times are always judged as noisy).
    pub steady: bool,
    /// What it says.
    pub verdict: Verdict,
    /// For a timed case beyond its band: what confirmed it, or that nothing did.
    pub(crate) confirmation: Option<Confirmation>,
}

/// Every case in both this run (`after`, with its statistics for the instruction counts) and
/// the `baselines` (runs of one build), judged against `noise`: regressions first (largest
/// first), then gains (largest first), then the rest in the order of `after`, kernels after
/// the cases of their verdict. Fails when they have no case in common.
pub fn compare(
    after: &[&Estimate],
    after_stats: Option<&StatsFile>,
    baselines: &[Baseline],
    noise: &Noise,
) -> Result<Vec<Change>, ReportError> {
    let Some(first) = baselines.first() else {
        return Ok(Vec::new());
    };
    let mut changes: Vec<Change> = after
        .iter()
        .filter_map(|a| change(a, baselines, noise))
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
    let drift = drift(&changes.iter().map(|c| c.ratio).collect::<Vec<f64>>());
    for c in &mut changes {
        c.drift = drift;
    }
    verdict::confirm(&mut changes);
    let key = |c: &Change| match c.verdict {
        Verdict::Regression => -c.ratio,
        Verdict::Gain => c.ratio,
        Verdict::Noise => 0.0,
    };
    changes.sort_by(|x, y| {
        (x.verdict, key(x))
            .partial_cmp(&(y.verdict, key(y)))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    // Kernels join the list by verdict: a moved count is as much a change as a slower time.
    changes.extend(kernel_changes(after_stats, baselines, noise));
    changes.sort_by_key(|c| c.verdict);
    Ok(changes)
}

/// Each baseline's instruction counts, by kernel.
fn baseline_kernels(baselines: &[Baseline]) -> Vec<BTreeMap<String, f64>> {
    baselines
        .iter()
        .filter_map(|b| b.stats.as_ref().map(noise::kernels))
        .collect()
}

/// The kernels counted in this run and in the baselines the same way (every thread, or the
/// calling thread only), each judged by its instruction count against its band.
fn kernel_changes(after: Option<&StatsFile>, baselines: &[Baseline], noise: &Noise) -> Vec<Change> {
    let before = baseline_kernels(baselines);
    let after = after.map(noise::kernels).unwrap_or_default();
    after
        .into_iter()
        .filter_map(|(key, count)| {
            let before = median_of(before.iter().filter_map(|k| k.get(&key).copied()))?;
            let ratio = count / before;
            let (band, steady) = noise.kernel_band(&key);
            let verdict = if ratio > band {
                Verdict::Regression
            } else if ratio < 1.0 / band {
                Verdict::Gain
            } else {
                Verdict::Noise
            };
            Some(Change {
                case: key,
                measure: Measure::Instructions,
                before,
                after: count,
                ratio,
                lower: ratio,
                upper: ratio,
                resampled: false,
                drift: 1.0,
                band,
                steady,
                verdict,
                confirmation: None,
            })
        })
        .collect()
}

/// The kernels of this run that a baseline counted another way (only the calling thread, by
/// a bench from before every thread was counted), which are therefore not compared.
pub(crate) fn uncompared_kernels(after: Option<&StatsFile>, baselines: &[Baseline]) -> Vec<String> {
    let before = baseline_kernels(baselines);
    let other_way = |key: &str| match key.strip_suffix(" (calling thread)") {
        Some(plain) => plain.to_string(),
        None => format!("{key} (calling thread)"),
    };
    let after = after.map(noise::kernels).unwrap_or_default();
    after
        .into_keys()
        .filter(|key| {
            !before.iter().any(|k| k.contains_key(key))
                && before.iter().any(|k| k.contains_key(&other_way(key)))
        })
        .collect()
}

/// One timed case against its estimates in the `baselines` (before: the median of their
/// medians), if any has it; the drift and its verdict are set by [`compare`], with its
/// strategy's other cases.
fn change(after: &Estimate, baselines: &[Baseline], noise: &Noise) -> Option<Change> {
    let estimates: Vec<&Estimate> = baselines
        .iter()
        .filter_map(|b| {
            b.criterion.estimates.iter().find(|e| {
                e.group == after.group
                    && e.function == after.function
                    && e.parameter == after.parameter
            })
        })
        .collect();
    let before = median_of(estimates.iter().map(|e| e.median.point))?;
    let ratio = after.median.point / before;
    let before_samples: Vec<f64> = estimates
        .iter()
        .flat_map(|e| e.samples.iter().copied())
        .collect();
    let resampled = after.samples.len() >= 2 && before_samples.len() >= 2;
    let (lower, upper) = if resampled {
        resampled_interval(&after.samples, &before_samples)
    } else {
        let lowest = estimates
            .iter()
            .map(|e| e.median.lower)
            .fold(f64::INFINITY, f64::min);
        let highest = estimates.iter().map(|e| e.median.upper).fold(0.0, f64::max);
        (after.median.lower / highest, after.median.upper / lowest)
    };
    let case = after.case();
    Some(Change {
        band: noise.time_band(&case, before),
        case,
        measure: Measure::Time,
        before,
        after: after.median.point,
        ratio,
        lower,
        upper,
        resampled,
        drift: 1.0,
        steady: false,
        verdict: Verdict::Noise,
        confirmation: None,
    })
}

/// The 95% interval of median(after) / median(before) over [`RESAMPLES`] resamples of both.
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
        if let (Some([ma, ..]), Some([mb, ..])) = (median_range(&mut a), median_range(&mut b))
            && mb > 0.0
        {
            ratios.push(ma / mb);
        }
    }
    if ratios.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let lower = quantile(&mut ratios, 0.025);
    (lower, quantile(&mut ratios, 0.975))
}

/// The value at quantile `q` of `values` (the nearest rank), sorting them.
fn quantile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    values[((values.len() - 1) as f64 * q).round() as usize]
}

/// The median of `values`, if there are any.
fn median_of(values: impl Iterator<Item = f64>) -> Option<f64> {
    median_range(&mut values.collect::<Vec<f64>>()).map(|[median, ..]| median)
}
