//! The section *The literature, reproduced*: the published figures the registered strategies
//! declare ([`Experiment`]), each beside what the bench group `literature` measured (rows of the
//! statistics CSV) with its source and a verdict, kind by kind ([`Runs`]): the climbs'
//! statistics here, the rows of runs to a first solution or a tree profile in
//! `literature_runs`. The exact figures are tests (`tests/literature.rs` at the workspace root
//! and the strategy crates'), which fail if a figure stops holding, and their rows are the
//! template's.

use nqueens_core::{Claim, Experiment, Figure, Measure, Runs, Sizes};
use nqueens_run::Registry;

use crate::bench::Profile;
use crate::bench::literature::{profiles_running, rank, record_label};
use crate::bench::plan::case_label;
use crate::format::and_list;
use crate::group::LITERATURE;
use crate::{CaseRecord, CaseStatus, format_count};

/// An experiment a registered strategy declares, with the label its records are kept under.
#[derive(Clone, Debug)]
pub struct Reproduction {
    /// The label of its records in the group `literature` (as the bench's trial labels them).
    pub label: String,
    /// The declaration.
    pub experiment: &'static Experiment,
}

impl Reproduction {
    /// Every experiment the strategies of `registry` declare, in its order.
    pub fn of_registry(registry: &Registry) -> Vec<Reproduction> {
        let mut all = Vec::new();
        for solver in registry.iter() {
            for experiment in solver.capabilities().literature {
                let case = case_label(solver, experiment.variant);
                all.push(Reproduction {
                    label: record_label(&case, experiment.runs),
                    experiment,
                });
            }
        }
        all
    }
}

/// What the section's template shows of the experiments: the table's rows (`rows`), the seeds
/// of a batch of climbs (`batch`), the sentences of the climbs without a published figure
/// (`unclaimed`) and the notes of the tested figures (`notes`).
pub(super) fn section(records: &[CaseRecord], all: &[Reproduction]) -> minijinja::Value {
    let notes = all.iter().filter_map(|r| match r.experiment.runs {
        Runs::Tested { note, .. } if !note.is_empty() => Some(note),
        _ => None,
    });
    minijinja::context! {
        rows => rows(records, all),
        batch => Runs::CLIMBS_BATCH,
        unclaimed => unclaimed(records, all),
        notes => notes.collect::<Vec<_>>().join(" "),
    }
}

/// The table's rows, kind by kind in the order of [`rank`], each kind's experiments in registry
/// order and each experiment's claims in the order it declares them.
fn rows(records: &[CaseRecord], all: &[Reproduction]) -> Vec<[String; 4]> {
    let mut sorted: Vec<&Reproduction> = all.iter().collect();
    sorted.sort_by_key(|r| rank(r.experiment.runs));
    let mut rows = Vec::new();
    for reproduction in sorted {
        let experiment = reproduction.experiment;
        if let Runs::Climbs { what } = experiment.runs {
            rows.extend(climbs_rows(records, reproduction, what));
            continue;
        }
        for claim in experiment.claims {
            let (ours, verdict) = match claim.figure {
                Figure::Tested { ours, verdict } => (ours.to_string(), verdict.to_string()),
                _ => super::literature_runs::ours(records, all, reproduction, claim)
                    .unwrap_or_else(|| not_run(&experiment.sizes, claim)),
            };
            rows.push([claim.source.into(), claim.claim.into(), ours, verdict]);
        }
    }
    rows
}

/// The measured records of `label` at `n` in the group.
pub(super) fn measured<'a>(
    records: &'a [CaseRecord],
    label: &str,
    n: usize,
) -> Vec<&'a CaseRecord> {
    let of = |r: &&CaseRecord| r.group == LITERATURE && r.id == label && r.n == n;
    let runs = records.iter().filter(of);
    runs.filter(|r| r.status == CaseStatus::Measured).collect()
}

/// Why a claim's row has no figure of ours (which profiles run its size), and the verdict it
/// states all the same.
fn not_run(sizes: &Sizes, claim: &Claim) -> (String, String) {
    let profiles = [Profile::Quick, Profile::Default, Profile::Full];
    let profiles = profiles_running(sizes, claim.n, &profiles);
    let profiles: Vec<&str> = profiles.into_iter().map(Profile::name).collect();
    let why = match profiles.is_empty() {
        true => "not run (no profile of the bench runs it)".to_string(),
        false => format!(
            "not run in this profile (the {} profiles run it)",
            and_list(&profiles)
        ),
    };
    (why, stated(claim.figure).to_string())
}

/// The verdict a figure states as it stands ([`Figure::Beside`]), or none.
pub(super) fn stated(figure: Figure) -> &'static str {
    match figure {
        Figure::Beside { verdict } => verdict,
        _ => "–",
    }
}

/// A figure measured over batches of seeds: the value and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Measured {
    value: f64,
    low: f64,
    high: f64,
}

/// Student's t for a 95% two-sided interval with `df` degrees of freedom (1.96 from 120 on).
fn t95(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16, 2.14, 2.13,
        2.12, 2.11, 2.10, 2.09, 2.09, 2.08, 2.07, 2.07, 2.06, 2.06, 2.06, 2.05, 2.05, 2.05, 2.04,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df - 1],
        31..=60 => 2.02,
        61..=119 => 1.99,
        _ => 1.96,
    }
}

/// The ratio Σ top / Σ bottom over batches, with a batch-means interval (the batches are
/// independent runs of consecutive seeds).
fn ratio(batches: &[(f64, f64)]) -> Option<Measured> {
    let (top, bottom) = batches
        .iter()
        .fold((0.0, 0.0), |(t, b), &(x, y)| (t + x, b + y));
    if bottom == 0.0 {
        return None;
    }
    let value = top / bottom;
    let means: Vec<f64> = (batches.iter().filter(|b| b.1 > 0.0))
        .map(|(x, y)| x / y)
        .collect();
    // The batch means' interval, centred on the pooled ratio.
    let spread = mean_interval(&means);
    let half = (spread.high - spread.low) / 2.0;
    Some(Measured {
        value,
        low: value - half,
        high: value + half,
    })
}

/// The mean of independent runs, with Student's 95% interval.
pub(super) fn mean_interval(values: &[f64]) -> Measured {
    let k = values.len();
    let value = values.iter().sum::<f64>() / k.max(1) as f64;
    let half = if k < 2 {
        f64::INFINITY
    } else {
        let var = values.iter().map(|v| (v - value).powi(2)).sum::<f64>() / (k - 1) as f64;
        t95(k - 1) * (var / k as f64).sqrt()
    };
    Measured {
        value,
        low: value - half,
        high: value + half,
    }
}

/// Wilson's 95% interval for `successes` out of `trials`.
fn wilson(successes: f64, trials: f64) -> Option<Measured> {
    if trials == 0.0 {
        return None;
    }
    let (z, p) = (1.96f64, successes / trials);
    let denominator = 1.0 + z * z / trials;
    let centre = (p + z * z / (2.0 * trials)) / denominator;
    let half = z * (p * (1.0 - p) / trials + z * z / (4.0 * trials * trials)).sqrt() / denominator;
    Some(Measured {
        value: p,
        low: centre - half,
        high: centre + half,
    })
}

/// A batch's seeds solved, from its result `found S of T`.
fn solved(record: &CaseRecord) -> Option<f64> {
    let rest = record.result.strip_prefix("found ")?;
    let (solved, _) = rest.split_once(" of ")?;
    solved.parse().ok()
}

/// How a measure is shown: scale, digits, unit.
pub(super) fn shown(measure: Measure) -> (f64, usize, &'static str) {
    match measure {
        Measure::SuccessRate => (100.0, 1, "% of climbs solved"),
        Measure::StepsOnSuccess => (1.0, 2, "steps on success"),
        Measure::StepsWhenStuck => (1.0, 2, "steps when stuck"),
        Measure::ClimbsPerSolution => (1.0, 2, "climbs per solution, 1/p"),
        Measure::StepsPerSolution => (1.0, 2, "steps per solution"),
        Measure::Repairs => (1.0, 1, "repair moves"),
    }
}

/// The batches of one experiment of climbs at one size, each with the seeds it solved.
struct Climbs<'a> {
    seeds: f64,
    climbs: f64,
    batches: Vec<(&'a CaseRecord, f64)>,
}

fn climbs<'a>(records: &'a [CaseRecord], label: &str, n: usize) -> Option<Climbs<'a>> {
    let batches: Vec<(&CaseRecord, f64)> = measured(records, label, n)
        .into_iter()
        .filter_map(|r| Some((r, solved(r)?)))
        .collect();
    let seeds: f64 = batches.iter().map(|(_, s)| s).sum();
    let stuck: f64 = batches.iter().map(|(r, _)| r.stats.restarts as f64).sum();
    let climbs = seeds + stuck;
    (climbs > 0.0).then_some(Climbs {
        seeds,
        climbs,
        batches,
    })
}

impl Climbs<'_> {
    /// The figure of `measure` with its interval; `None` for a measure that is not a climb's,
    /// or steps of climbs that did not happen (none got stuck).
    fn of(&self, measure: Measure) -> Option<Measured> {
        let per = |f: fn(&CaseRecord, f64) -> (f64, f64)| {
            ratio(
                &self
                    .batches
                    .iter()
                    .map(|&(r, s)| f(r, s))
                    .collect::<Vec<_>>(),
            )
        };
        let success = wilson(self.seeds, self.climbs);
        match measure {
            Measure::SuccessRate => success,
            // 1/p, its interval from p's.
            Measure::ClimbsPerSolution => success.map(|p| Measured {
                value: 1.0 / p.value,
                low: 1.0 / p.high,
                high: 1.0 / p.low,
            }),
            Measure::StepsOnSuccess => {
                per(|r, s| (r.stats.moves.saturating_sub(r.stats.backtracks) as f64, s))
            }
            Measure::StepsWhenStuck => {
                per(|r, _| (r.stats.backtracks as f64, r.stats.restarts as f64))
            }
            Measure::StepsPerSolution => per(|r, s| (r.stats.moves as f64, s)),
            Measure::Repairs => None,
        }
    }
}

/// Whether `figure` (a [`Figure::Mean`]), at its precision, meets our interval; else why not.
pub(super) fn verdict(figure: &Figure, ours: &Measured) -> String {
    let Figure::Mean {
        published,
        precision,
        reason,
        ..
    } = *figure
    else {
        return "–".to_string();
    };
    if published - precision <= ours.high && ours.low <= published + precision {
        "holds within the interval".to_string()
    } else {
        format!("differs: {reason}")
    }
}

/// `value (low–high)`, scaled, to `digits` decimals.
pub(super) fn show(estimate: &Measured, scale: f64, digits: usize) -> String {
    let [value, low, high] = [estimate.value, estimate.low, estimate.high].map(|v| v * scale);
    format!("{value:.digits$} ({low:.digits$}–{high:.digits$})")
}

/// What the climbs without a published figure measured, a sentence for each size a profile
/// runs.
fn unclaimed(records: &[CaseRecord], all: &[Reproduction]) -> String {
    let mut sentences = Vec::new();
    for reproduction in all.iter().filter(|r| r.experiment.claims.is_empty()) {
        let (Runs::Climbs { what }, label) = (reproduction.experiment.runs, &reproduction.label)
        else {
            continue;
        };
        let what = crate::format::capital(what);
        let sizes = reproduction.experiment.sizes;
        let mut sizes = [sizes.quick, sizes.full].concat();
        sizes.sort_unstable();
        sizes.dedup();
        for n in sizes {
            let Some(c) = climbs(records, label, n) else {
                sentences.push(format!("{what} has no published figure at n = {n}."));
                continue;
            };
            let ours = |measure, scale, digits| {
                let figure = c.of(measure);
                figure.map_or_else(|| "–".to_string(), |m| show(&m, scale, digits))
            };
            let (rate, climbs) = (ours(Measure::SuccessRate, 100.0, 1), format_count(c.climbs));
            let on_success = ours(Measure::StepsOnSuccess, 1.0, 2);
            let stuck = ours(Measure::StepsWhenStuck, 1.0, 2);
            sentences.push(format!(
                "{what} has no published figure at n = {n}; ours solves {rate} % of {climbs} \
                 climbs, in {on_success} steps on success and {stuck} when stuck."
            ));
        }
    }
    sentences.join(" ")
}

/// The rows of an experiment of climbs: one per claim its runs meet, or one saying it was not
/// measured.
fn climbs_rows(
    records: &[CaseRecord],
    reproduction: &Reproduction,
    what: &str,
) -> Vec<[String; 4]> {
    let (claims, label) = (reproduction.experiment.claims, &reproduction.label);
    let mut rows = Vec::new();
    let mut unmeasured = Vec::new();
    for claim in claims {
        let Some(c) = climbs(records, label, claim.n) else {
            // One row for each size not measured, at its first claim.
            if !unmeasured.contains(&claim.n) {
                unmeasured.push(claim.n);
                rows.push([
                    claim.source.to_string(),
                    format!("{}-queens, {what}", claim.n),
                    "not measured (run `cargo bench --bench compare -- literature`)".to_string(),
                    "–".to_string(),
                ]);
            }
            continue;
        };
        let Figure::Mean { of, .. } = claim.figure else {
            continue;
        };
        let Some(ours) = c.of(of) else { continue };
        let (scale, digits, unit) = shown(of);
        let (shown, climbs) = (show(&ours, scale, digits), format_count(c.climbs));
        let seeds = c.seeds;
        let measured =
            format!("{shown} {unit} over {climbs} climbs from seeds 1..={seeds} (`{label}`)");
        let verdict = verdict(&claim.figure, &ours);
        rows.push([claim.source.into(), claim.claim.into(), measured, verdict]);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_core::Measure::{StepsOnSuccess, StepsWhenStuck, SuccessRate};
    use nqueens_core::Stats;

    fn batch(id: &str, seed: u64, solved: u64, stats: Stats) -> CaseRecord {
        let mut r = CaseRecord::new(LITERATURE, id, "hill-climbing", 8, CaseStatus::Measured);
        r.seed = Some(seed);
        r.result = format!("found {solved} of {solved}");
        r.stats = stats;
        r
    }

    /// Climbs at n = 8 with one claim: a success rate of 14%.
    const CLIMBS: Experiment = Experiment {
        variant: None,
        runs: Runs::Climbs {
            what: "steepest ascent",
        },
        sizes: nqueens_core::Sizes::every(&[8]),
        cost: nqueens_core::CostModel::UNKNOWN,
        claims: &[nqueens_core::Claim {
            source: "AIMA",
            claim: "solves 14%",
            n: 8,
            figure: Figure::Mean {
                of: Measure::SuccessRate,
                published: 0.14,
                precision: 0.005,
                reason: "",
            },
        }],
    };

    #[test]
    fn batches_give_rates_steps_and_intervals() {
        let stats = |restarts, moves, backtracks| Stats {
            restarts,
            moves,
            backtracks,
            ..Stats::default()
        };
        let records = vec![
            batch("hill-climbing-steepest", 1, 100, stats(600, 760, 360)),
            batch("hill-climbing-steepest", 101, 100, stats(620, 800, 380)),
        ];
        let c = climbs(&records, "hill-climbing-steepest", 8).unwrap();
        assert_eq!((c.seeds, c.climbs), (200.0, 1420.0));
        let [success, on_success, when_stuck] =
            [SuccessRate, StepsOnSuccess, StepsWhenStuck].map(|m| c.of(m).unwrap());
        assert!((success.value - 200.0 / 1420.0).abs() < 1e-12);
        assert!(success.low < success.value && success.value < success.high);
        assert!((on_success.value - 4.1).abs() < 1e-12);
        assert!((when_stuck.value - 740.0 / 1220.0).abs() < 1e-12);
        let declared = |label: &str| Reproduction {
            label: label.to_string(),
            experiment: &CLIMBS,
        };
        let all = [
            declared("hill-climbing-steepest"),
            declared("hill-climbing"),
        ];
        let md = format!("{:?}", rows(&records, &all));
        assert!(md.contains("holds within the interval"), "{md}");
        assert!(md.contains("not measured"), "{md}");
    }

    #[test]
    fn wilson_matches_a_known_interval() {
        // 14 of 100: Wilson's 95% interval is 8.53%–22.14%, by hand.
        let e = wilson(14.0, 100.0).unwrap();
        assert!(
            (e.low - 0.0852).abs() < 5e-4 && (e.high - 0.2214).abs() < 5e-4,
            "{e:?}"
        );
    }
}
