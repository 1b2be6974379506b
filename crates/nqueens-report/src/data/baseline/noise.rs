//! Between-run noise: how far two runs of one build drift apart, case by case (criterion's
//! interval says how well one run pinned its median down, not where the next run lands). Runs
//! are paired, the drift divided out, and each case's band is [`MARGIN`] times the largest
//! deviation |ln ratio| of its strategy, at least its duration class's [`CLASS_QUANTILE`]; a
//! kernel's, [`MARGIN`] times its counts' spread, at least [`INSTRUCTION_FLOOR`]. The runs:
//! [`Noise::for_comparison`], on top of the stored [`Noise::reference`] (`reference-*.csv`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{Baseline, drift, quantile};
use crate::{CaseStatus, Run, RunManifest, StatsFile};

/// How far beyond the largest deviation seen for a case its band reaches (one pair of runs is
/// one draw of the spread; the next run may land a little further out).
pub const MARGIN: f64 = 1.5;

/// The quantile of a duration class's deviations that a strategy never seen gets. Not higher:
/// the few strategies that wander fill the top of every class, and have bands of their own.
pub(crate) const CLASS_QUANTILE: f64 = 0.75;

/// With fewer deviations in a class, the class takes the reference's band.
const MIN_CLASS_CASES: usize = 20;

/// The least band of an instruction count (0.5%), so that a change of 1% shows: in the
/// reference runs every kernel but `sat` agreed within a third of it (a test checks this).
/// `sat` counted on every thread wanders by a few tenths of a percent (0.22% in
/// `reference-under-load.csv`), and by 1.2% once under heavier load: the least steady kernel.
pub(crate) const INSTRUCTION_FLOOR: f64 = 0.005;

/// The upper bounds of the duration classes, seconds (the last class is open).
const CLASS_BOUNDS: [f64; 2] = [1e-4, 1e-2];

/// The reference pairs; `reference-under-load.csv` was measured while other builds ran.
const REFERENCES: [&str; 3] = [
    include_str!("reference-noise.csv"),
    include_str!("reference-count-all.csv"),
    include_str!("reference-under-load.csv"),
];

/// The note that marks an instruction count taken on every thread the kernel starts (counts
/// without it measured the calling thread only, and are compared only with their like).
pub const EVERY_THREAD_COUNTED: &str = "every thread counted";

/// `group/function` of `group/function/parameter`.
pub(super) fn strategy_of(case: &str) -> &str {
    case.rsplit_once('/').map_or(case, |(strategy, _)| strategy)
}

/// The duration class of a case whose median is `seconds`.
fn class(seconds: f64) -> usize {
    CLASS_BOUNDS.iter().take_while(|&&b| seconds >= b).count()
}

/// One run's figures the comparison reads.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Figures {
    /// Median seconds per case, by `group/function/parameter`.
    pub times: BTreeMap<String, f64>,
    /// Instructions per kernel, by `instructions/<label>/<operation>-<n>[ (calling thread)]`.
    pub kernels: BTreeMap<String, f64>,
}

impl Figures {
    /// The figures of a run read as a baseline.
    pub fn of(run: &Baseline) -> Self {
        let times = run
            .criterion
            .estimates
            .iter()
            .filter(|e| e.median.point > 0.0)
            .map(|e| (e.case(), e.median.point))
            .collect();
        Self {
            times,
            kernels: run.stats.as_ref().map(kernels).unwrap_or_default(),
        }
    }
}

/// The measured instruction counts of a statistics file, by kernel:
/// `instructions/<label>/<operation>-<n>`, with ` (calling thread)` for a count that did not
/// follow the kernel's threads.
pub(super) fn kernels(stats: &StatsFile) -> BTreeMap<String, f64> {
    let key = |record: &crate::CaseRecord| {
        let (operation, rest) = record.note.split_once(':').unwrap_or((&record.note, ""));
        let suffix = if rest.contains(EVERY_THREAD_COUNTED) {
            ""
        } else {
            " (calling thread)"
        };
        format!(
            "{}/{}/{}-{}{suffix}",
            crate::group::INSTRUCTIONS,
            record.id,
            operation.trim(),
            record.n
        )
    };
    stats
        .records
        .iter()
        .filter(|r| {
            r.group == crate::group::INSTRUCTIONS
                && r.status == CaseStatus::Measured
                && r.instructions > 0
        })
        .map(|r| (key(r), r.instructions as f64))
        .collect()
}

/// The between-run noise the verdicts are judged against.
#[derive(Clone, Debug, PartialEq)]
pub struct Noise {
    /// Where it was measured, in words.
    pub source: String,
    /// Pairs of runs of one build it was measured from.
    pub(crate) pairs: usize,
    /// Largest deviation (|ln ratio|, drift divided out) per case and kernel.
    deviations: BTreeMap<String, f64>,
    /// Largest deviation of any case per strategy (`group/function`).
    strategies: BTreeMap<String, f64>,
    /// Each duration class's band (ln), by [`CLASS_QUANTILE`].
    classes: [f64; 3],
}

impl Noise {
    /// The reference noise stored in the crate: pairs of unchanged runs of the bench on the
    /// 2-core machine.
    pub fn reference() -> Self {
        let names: Vec<&str> = REFERENCES
            .iter()
            .map(|text| head_line(text, "runs:").unwrap_or("two unchanged runs"))
            .collect();
        let pairs = REFERENCES
            .iter()
            .map(|text| Self::measure(&parse_reference(text), String::new(), [0.0; 3]));
        let mut noise = pairs
            .reduce(Self::merge)
            .unwrap_or_else(|| Self::measure(&[], String::new(), [0.0; 3]));
        noise.source = format!("the reference ({})", names.join("; "));
        noise
    }

    /// The wider of two noises, case by case (their pairs added up).
    fn merge(mut self, other: Self) -> Self {
        self.pairs += other.pairs;
        for (map, theirs) in [
            (&mut self.deviations, other.deviations),
            (&mut self.strategies, other.strategies),
        ] {
            for (key, d) in theirs {
                widen(map, &key, d);
            }
        }
        for (a, b) in self.classes.iter_mut().zip(other.classes) {
            *a = a.max(b);
        }
        self
    }

    /// The noise of `runs` (all of one build), two by two; classes with too few cases take
    /// `fallback`.
    pub fn measure(runs: &[Figures], source: String, fallback: [f64; 3]) -> Self {
        let mut deviations: BTreeMap<String, f64> = BTreeMap::new();
        let mut strategies: BTreeMap<String, f64> = BTreeMap::new();
        let mut by_class: [Vec<f64>; 3] = Default::default();
        let mut pairs = 0;
        for (i, a) in runs.iter().enumerate() {
            for b in &runs[i + 1..] {
                pairs += 1;
                let common: Vec<(&String, f64, f64)> = a
                    .times
                    .iter()
                    .filter_map(|(case, &x)| b.times.get(case).map(|&y| (case, x, y)))
                    .collect();
                let ratios: Vec<f64> = common.iter().map(|(_, x, y)| y / x).collect();
                let d = drift(&ratios);
                for (case, x, y) in common {
                    let deviation = (y / x / d).ln().abs();
                    by_class[class((x * y).sqrt())].push(deviation);
                    widen(&mut deviations, case, deviation);
                    widen(&mut strategies, strategy_of(case), deviation);
                }
                for (key, &x) in &a.kernels {
                    if let Some(&y) = b.kernels.get(key) {
                        widen(&mut deviations, key, (y / x).ln().abs());
                    }
                }
            }
        }
        let mut classes = fallback;
        for (band, mut values) in classes.iter_mut().zip(by_class) {
            if values.len() >= MIN_CLASS_CASES {
                *band = quantile(&mut values, CLASS_QUANTILE);
            }
        }
        Self {
            source,
            pairs,
            deviations,
            strategies,
            classes,
        }
    }

    /// The noise a comparison with `baselines` is judged against: measured from the baselines
    /// when there are several (they are runs of one build), else from the runs kept in
    /// `kept_runs` that share a build with another kept run, and in any case at least
    /// [`Noise::reference`].
    pub fn for_comparison(baselines: &[Baseline], kept_runs: Option<&Path>) -> Self {
        let reference = Self::reference();
        let measured = if baselines.len() >= 2 {
            let figures: Vec<Figures> = baselines.iter().map(Figures::of).collect();
            Some(Self::measure(
                &figures,
                format!("the spread between the {} baselines", baselines.len()),
                reference.classes,
            ))
        } else {
            kept_runs.and_then(|dir| Self::from_kept_runs(dir, reference.classes))
        };
        let Some(measured) = measured else {
            return reference;
        };
        let source = format!("{} on top of {}", measured.source, reference.source);
        let mut noise = measured.merge(reference);
        noise.source = source;
        noise
    }

    /// The noise of the runs kept in `dir` that share a build with another kept run, if any:
    /// each build measured on its own (pairs are formed within a build), the widest kept.
    fn from_kept_runs(dir: &Path, fallback: [f64; 3]) -> Option<Self> {
        let mut kept: Vec<(PathBuf, Run)> = std::fs::read_dir(dir)
            .ok()?
            .filter_map(|entry| {
                let path = entry.ok()?.path();
                let manifest = RunManifest::read(&path.join(crate::MANIFEST_NAME)).ok()?;
                let run = manifest.runs.into_iter().next()?;
                run.is_complete().then_some((path, run))
            })
            .collect();
        kept.sort_by(|a, b| a.0.cmp(&b.0));
        let mut names = Vec::new();
        let mut builds: Vec<Vec<Figures>> = Vec::new();
        for (i, (_, run)) in kept.iter().enumerate() {
            let same_build = |other: &Run| other.differences(run).is_empty();
            if kept[..i].iter().any(|(_, earlier)| same_build(earlier)) {
                continue;
            }
            // A kept run that cannot be read is not a source of noise (the report does not
            // refuse itself for a file it was not given).
            let figures: Vec<Figures> = kept[i..]
                .iter()
                .filter(|(_, other)| same_build(other))
                .filter_map(|(path, _)| Baseline::read(path).ok())
                .map(|b| Figures::of(&b))
                .collect();
            if figures.len() >= 2 {
                names.push(format!("{} runs of {}", figures.len(), run.commit_label()));
                builds.push(figures);
            }
        }
        let measured = builds
            .iter()
            .map(|figures| Self::measure(figures, String::new(), fallback));
        measured.reduce(Self::merge).map(|mut noise| {
            noise.source = format!("the runs kept in {} ({})", dir.display(), names.join(", "));
            noise
        })
    }

    /// The ratio beyond which a case whose median is `seconds` changed (after the drift): its
    /// strategy's band, at least its class's.
    pub fn time_band(&self, case: &str, seconds: f64) -> f64 {
        let strategy = self
            .strategies
            .get(strategy_of(case))
            .map_or(0.0, |d| d * MARGIN);
        strategy.max(self.classes[class(seconds)]).exp()
    }

    /// The ratio beyond which a kernel's instruction count changed, and whether the kernel is
    /// steady (its counts of one build agree within [`INSTRUCTION_FLOOR`]).
    pub(crate) fn kernel_band(&self, key: &str) -> (f64, bool) {
        let floor = (1.0 + INSTRUCTION_FLOOR).ln();
        let own = self.deviations.get(key).map_or(0.0, |d| d * MARGIN);
        (own.max(floor).exp(), own <= floor)
    }

    /// Each duration class's band, as a ratio (under 100 µs, to 10 ms, over).
    pub(crate) fn class_bands(&self) -> [f64; 3] {
        self.classes.map(f64::exp)
    }
}

/// Raises `map[key]` to `deviation` if below.
fn widen(map: &mut BTreeMap<String, f64>, key: &str, deviation: f64) {
    let seen = map.entry(key.to_string()).or_insert(0.0);
    *seen = seen.max(deviation);
}

/// The value of the `# key value` line of the reference's head.
fn head_line<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .filter_map(|l| l.strip_prefix('#'))
        .find_map(|l| l.trim().strip_prefix(key))
        .map(str::trim)
}

/// The reference's two runs (`case,first,second`; instruction counts under their kernel key).
fn parse_reference(text: &str) -> [Figures; 2] {
    let mut runs = [Figures::default(), Figures::default()];
    let mut reader = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    for (case, a, b) in reader.deserialize::<(String, f64, f64)>().flatten() {
        let kernel = case.starts_with(crate::group::INSTRUCTIONS);
        for (run, value) in runs.iter_mut().zip([a, b]) {
            let map = if kernel {
                &mut run.kernels
            } else {
                &mut run.times
            };
            map.insert(case.clone(), value);
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference file for two runs, `first` and `second`, described by `head` (one line per
    /// `#` comment).
    fn reference_csv(head: &[String], first: &Figures, second: &Figures) -> String {
        let mut out: String = head.iter().map(|l| format!("# {l}\n")).collect();
        out.push_str("case,first,second\n");
        for (case, a) in &first.times {
            if let Some(b) = second.times.get(case) {
                out.push_str(&format!("{case},{a:e},{b:e}\n"));
            }
        }
        for (key, a) in &first.kernels {
            if let Some(b) = second.kernels.get(key) {
                out.push_str(&format!("{key},{a},{b}\n"));
            }
        }
        out
    }

    #[test]
    fn the_reference_parses_and_every_class_has_a_band() {
        let noise = Noise::reference();
        assert_eq!(noise.pairs, REFERENCES.len());
        assert!(noise.deviations.len() > 100, "{}", noise.deviations.len());
        for band in noise.class_bands() {
            assert!(band > 1.0 && band < 3.0, "{band}");
        }
        assert!(noise.source.contains("4793be7"), "{}", noise.source);
    }

    /// Regenerates the reference from two saved runs of one build (or of commits that
    /// change no measured code), named in `NQUEENS_NOISE_RUNS=FIRST,SECOND`.
    #[test]
    #[ignore = "writes src/data/baseline/reference-noise.csv (or NQUEENS_NOISE_FILE) from NQUEENS_NOISE_RUNS=FIRST,SECOND"]
    fn write_reference() {
        let Ok(dirs) = std::env::var("NQUEENS_NOISE_RUNS") else {
            return;
        };
        let (a, b) = dirs
            .split_once(',')
            .expect("NQUEENS_NOISE_RUNS=FIRST,SECOND");
        let read = |dir: &str| Baseline::read(Path::new(dir)).expect("a saved run");
        let (first, second) = (read(a), read(b));
        let name = |b: &Baseline| {
            format!(
                "{} ({})",
                b.dir
                    .file_name()
                    .map_or(String::new(), |n| n.to_string_lossy().into_owned()),
                b.describe()
            )
        };
        let mut head = vec![
            "Between-run noise of the bench: two runs that measured the same code, the medians \
             of every case (seconds) and the instruction counts of every kernel."
                .to_string(),
            format!("runs: {} and {}", name(&first), name(&second)),
        ];
        if let Ok(why) = std::env::var("NQUEENS_NOISE_WHY") {
            head.push(why);
        }
        head.push(
            "Written by: NQUEENS_NOISE_RUNS=FIRST,SECOND [NQUEENS_NOISE_FILE=NAME] cargo test -p \
             nqueens-report --lib -- --ignored write_reference"
                .to_string(),
        );
        let csv = reference_csv(&head, &Figures::of(&first), &Figures::of(&second));
        let file =
            std::env::var("NQUEENS_NOISE_FILE").unwrap_or_else(|_| "reference-noise.csv".into());
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/data/baseline")
            .join(file);
        std::fs::write(path, csv).expect("writing the reference");
    }

    #[test]
    fn every_reference_kernel_but_the_sat_wait_is_steady_under_the_floor() {
        let noise = Noise::reference();
        let kernels: Vec<&String> = noise
            .deviations
            .keys()
            .filter(|k| k.starts_with(crate::group::INSTRUCTIONS))
            .collect();
        assert!(kernels.len() >= 10, "{kernels:?}");
        // `sat` counted on the calling thread waits on a clock and is not steady; counted on
        // every thread it agreed within 0.3% in the pair under load, inside the floor (and
        // then moved by 1.2% in a run under heavier load: it is the least steady kernel).
        for key in kernels {
            let (_, steady) = noise.kernel_band(key);
            if key.contains("/sat/") {
                assert_eq!(steady, !key.ends_with("(calling thread)"), "{key}");
            } else {
                assert!(steady, "{key}");
            }
        }
    }

    #[test]
    fn a_case_that_wanders_gets_its_own_band_and_others_their_class() {
        let run = |wander: f64| Figures {
            times: (0..30)
                .map(|i| {
                    (
                        format!("g/f{i}/1"),
                        1e-3 * if i == 0 { wander } else { 1.0 },
                    )
                })
                .collect(),
            kernels: [("instructions/k/count-8".to_string(), 1000.0)].into(),
        };
        let noise = Noise::measure(&[run(1.0), run(1.5)], "test".into(), [0.1; 3]);
        assert!((noise.time_band("g/f0/1", 1e-3) - 1.5f64.powf(MARGIN)).abs() < 1e-9);
        // 29 cases of 30 did not move: the class's 95th percentile is 0.
        assert!((noise.time_band("g/f1/1", 1e-3) - 1.0).abs() < 1e-9);
        // A class with no cases falls back.
        assert!((noise.time_band("g/other/1", 1.0) - 0.1f64.exp()).abs() < 1e-9);
        let (band, steady) = noise.kernel_band("instructions/k/count-8");
        assert!(steady && (band - 1.0 - INSTRUCTION_FLOOR).abs() < 1e-9);
    }
}
