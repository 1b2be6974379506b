//! The section *The literature, reproduced*: published figures beside ours, each with its
//! source and a verdict. The statistical figures come from the bench group `literature`
//! (rows of the statistics CSV); the exact ones are tests (`tests/literature.rs` at the
//! workspace root), which fail if a figure stops holding, and their rows are the template's.

use crate::{CaseRecord, CaseStatus, format_count};

use crate::group::LITERATURE;

const AIMA: &str = "Russell and Norvig, *Artificial Intelligence: A Modern Approach*, 3rd ed. \
                    (2010), §4.1.1 *Hill-climbing search* (the same text in the 4th ed., §4.1.1)";

/// [`AIMA`] again, in the rows after the first of a series.
const AIMA_AGAIN: &str = "AIMA, the same section";

/// A figure measured over batches of seeds: the value and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Measured {
    value: f64,
    low: f64,
    high: f64,
}

/// One published figure, within what precision, and why ours may differ.
struct Figure<'a> {
    claim: &'a str,
    published: f64,
    /// Half the unit the figure is rounded to ("about 14%": 0.5 points).
    precision: f64,
    /// Why a difference is expected, said when the verdict is "differs".
    reason: &'a str,
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
    let means: Vec<f64> = batches
        .iter()
        .filter(|(_, y)| *y > 0.0)
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
fn mean_interval(values: &[f64]) -> Measured {
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

/// Where AIMA gives each figure of [`Climbs::figures`], and how it is shown: scale, digits, unit.
const SHOWN: [(&str, f64, usize, &str); 5] = [
    (AIMA, 100.0, 1, "% of climbs solved"),
    (AIMA_AGAIN, 1.0, 2, "steps on success"),
    (AIMA_AGAIN, 1.0, 2, "steps when stuck"),
    (RESTARTS, 1.0, 2, "climbs per solution, 1/p"),
    (AIMA_AGAIN, 1.0, 2, "steps per solution"),
];

/// What the batches of one hill-climbing variant at n = 8 add up to.
struct Climbs {
    seeds: f64,
    climbs: f64,
    /// Success rate, steps on success, steps when stuck (unknown when no climb got stuck),
    /// climbs per solution and steps per solution.
    figures: [Option<Measured>; 5],
}

fn climbs(records: &[CaseRecord], id: &str) -> Option<Climbs> {
    let batches: Vec<(&CaseRecord, f64)> = records
        .iter()
        .filter(|r| r.group == LITERATURE && r.id == id && r.n == 8)
        .filter(|r| r.status == CaseStatus::Measured)
        .filter_map(|r| Some((r, solved(r)?)))
        .collect();
    let seeds: f64 = batches.iter().map(|(_, s)| s).sum();
    let stuck: f64 = batches.iter().map(|(r, _)| r.stats.restarts as f64).sum();
    let success = wilson(seeds, seeds + stuck)?;
    let per = |f: &dyn Fn(&CaseRecord, f64) -> (f64, f64)| {
        ratio(&batches.iter().map(|&(r, s)| f(r, s)).collect::<Vec<_>>())
    };
    let success_steps = per(&|r, s| (r.stats.moves.saturating_sub(r.stats.backtracks) as f64, s))?;
    let stuck_steps = per(&|r, _| (r.stats.backtracks as f64, r.stats.restarts as f64));
    let steps_per_solution = per(&|r, s| (r.stats.moves as f64, s))?;
    // 1/p, its interval from p's.
    let restarts = Measured {
        value: 1.0 / success.value,
        low: 1.0 / success.high,
        high: 1.0 / success.low,
    };
    Some(Climbs {
        seeds,
        climbs: seeds + stuck,
        figures: [
            Some(success),
            Some(success_steps),
            stuck_steps,
            Some(restarts),
            Some(steps_per_solution),
        ],
    })
}

/// Whether the published figure, at its precision, meets our interval; else why not.
fn verdict(figure: &Figure<'_>, ours: &Measured) -> String {
    let (low, high) = (
        figure.published - figure.precision,
        figure.published + figure.precision,
    );
    if low <= ours.high && ours.low <= high {
        "holds within the interval".to_string()
    } else {
        format!("differs: {}", figure.reason)
    }
}

fn show(estimate: &Measured, scale: f64, digits: usize) -> String {
    format!(
        "{:.digits$} ({:.digits$}–{:.digits$})",
        estimate.value * scale,
        estimate.low * scale,
        estimate.high * scale
    )
}

/// The statistical rows of the section's table (source, published, ours, verdict).
pub(super) fn rows(records: &[CaseRecord]) -> Vec<[String; 4]> {
    let mut rows = hill_climbing_rows(records);
    rows.extend(min_conflicts_rows(records));
    rows.push(super::literature_runs::sosic_gu_1990_row(records));
    rows
}

/// What `first-choice` measured, which has no published figure at n = 8 to meet.
pub(super) fn first_choice_sentence(records: &[CaseRecord]) -> String {
    let Some(c) = climbs(records, "hill-climbing-first-choice") else {
        return "First-choice hill climbing has no published figure at n = 8.".to_string();
    };
    let steps = |m: Option<Measured>| m.map_or_else(|| "–".to_string(), |m| show(&m, 1.0, 2));
    let [success, success_steps, stuck_steps, ..] = c.figures;
    format!(
        "First-choice hill climbing has no published figure at n = 8; ours solves {} % of {} \
         climbs, in {} steps on success and {} when stuck.",
        success.map_or_else(String::new, |m| show(&m, 100.0, 1)),
        format_count(c.climbs),
        steps(success_steps),
        steps(stuck_steps)
    )
}

const STEEPEST: &str = "hill-climbing-steepest";
const SIDEWAYS: &str = "hill-climbing";
const STEEPEST_REASON: &str =
    "AIMA gives neither its sample size nor its tie rule; ours are stated above";
const SIDEWAYS_REASON: &str = "AIMA does not say how it breaks ties between best successors or \
                               whether it counts a climb's last sideways moves; ours takes a \
                               uniformly random best successor and counts every move made";

/// AIMA's figures for each hill-climbing variant, in the order of [`Climbs::figures`].
const CLIMB_CLAIMS: [(&str, &str, [Figure<'static>; 5]); 2] = [
    (
        STEEPEST,
        "steepest ascent",
        [
            Figure {
                claim: "8-queens, steepest ascent from random states: solves 14%, stuck 86%",
                published: 0.14,
                precision: 0.005,
                reason: "",
            },
            Figure {
                claim: "… 4 steps on average when it succeeds",
                published: 4.0,
                precision: 0.5,
                reason: STEEPEST_REASON,
            },
            Figure {
                claim: "… and 3 when it gets stuck",
                published: 3.0,
                precision: 0.5,
                reason: STEEPEST_REASON,
            },
            Figure {
                claim: "without sideways moves, p ≈ 0.14: roughly 7 climbs (6 failures, 1 success)",
                published: 7.0,
                precision: 0.5,
                reason: "",
            },
            Figure {
                claim: "… roughly 22 steps per solution in all",
                published: 22.0,
                precision: 0.5,
                reason: "",
            },
        ],
    ),
    (
        SIDEWAYS,
        "up to 100 consecutive sideways moves",
        [
            Figure {
                claim: "8-queens, up to 100 consecutive sideways moves: solves 94% of random states",
                published: 0.94,
                precision: 0.005,
                reason: "",
            },
            Figure {
                claim: "… roughly 21 steps for each successful instance",
                published: 21.0,
                precision: 0.5,
                reason: SIDEWAYS_REASON,
            },
            Figure {
                claim: "… and 64 for each failure",
                published: 64.0,
                precision: 0.5,
                reason: SIDEWAYS_REASON,
            },
            Figure {
                claim: "with sideways moves, 1/0.94 ≈ 1.06 climbs per solution",
                published: 1.06,
                precision: 0.005,
                reason: "",
            },
            Figure {
                claim: "… (1 × 21) + (0.06/0.94) × 64 ≈ 25 steps per solution",
                published: 25.0,
                precision: 0.5,
                reason: "it follows from the steps above, which differ; measured directly (all \
                         moves over all climbs, per solution) rather than computed",
            },
        ],
    ),
];

/// AIMA's section on random restarts.
const RESTARTS: &str = "AIMA, the same section, *random-restart hill climbing*";

fn hill_climbing_rows(records: &[CaseRecord]) -> Vec<[String; 4]> {
    let mut rows = Vec::new();
    for (id, name, figures) in &CLIMB_CLAIMS {
        let Some(c) = climbs(records, id) else {
            rows.push([
                AIMA.to_string(),
                format!("8-queens, {name}"),
                "not measured (run `cargo bench --bench compare -- literature`)".to_string(),
                "–".to_string(),
            ]);
            continue;
        };
        for ((figure, ours), (source, scale, digits, unit)) in
            figures.iter().zip(c.figures).zip(SHOWN)
        {
            let Some(ours) = ours else { continue };
            rows.push([
                source.to_string(),
                figure.claim.to_string(),
                format!(
                    "{} {unit} over {} climbs from seeds 1..={} (`{id}`)",
                    show(&ours, scale, digits),
                    format_count(c.climbs),
                    c.seeds
                ),
                verdict(figure, &ours),
            ]);
        }
    }
    rows
}

fn min_conflicts_rows(records: &[CaseRecord]) -> Vec<[String; 4]> {
    let runs = |n: usize| -> Vec<&CaseRecord> {
        records
            .iter()
            .filter(|r| r.group == LITERATURE && r.id == "min-conflicts" && r.n == n)
            .filter(|r| r.status == CaseStatus::Measured && r.result == "found")
            .collect()
    };
    let mut rows = Vec::new();
    let million = runs(1_000_000);
    if !million.is_empty() {
        let moves: Vec<f64> = million.iter().map(|r| r.stats.moves as f64).collect();
        let ours = mean_interval(&moves);
        let figure = Figure {
            claim: "min-conflicts solves the million-queens problem in an average of 50 steps \
                    after the initial assignment",
            published: 50.0,
            precision: 5.0,
            reason: "ours needs fewer: its greedy start places each queen on a least-attacked \
                     square among random probes and leaves fewer conflicts to repair, and a \
                     repair swaps two queens' columns (`nqueens-minconflicts`); the steps \
                     count depends on both",
        };
        rows.push([
            "Russell and Norvig, AIMA, 3rd ed. (2010), §6.4 *Local search for CSPs*, after Minton \
             et al. (1992)"
                .to_string(),
            figure.claim.to_string(),
            format!(
                "{} repair moves, mean over {} seeds (`min-conflicts`, n = 10^6)",
                show(&ours, 1.0, 1),
                moves.len()
            ),
            verdict(&figure, &ours),
        ]);
    }
    let huge = runs(3_000_000);
    if !huge.is_empty() {
        let slowest = huge.iter().map(|r| r.seconds).fold(0.0, f64::max);
        let fastest = huge.iter().map(|r| r.seconds).fold(f64::MAX, f64::min);
        let holds = if slowest < 60.0 {
            "holds (on a different machine: theirs an IBM RS 6000 of 1991, ours the bench's)"
        } else {
            "differs: the bench machine was slower than a minute"
        };
        rows.push([
            "Rok Sosič and Jun Gu, *3,000,000 Queens in Less Than One Minute*, SIGART Bulletin \
             2(2), 1991, pp. 22–24 (abstract)"
                .to_string(),
            "3,000,000 queens in about 55 s".to_string(),
            format!(
                "{fastest:.1}–{slowest:.1} s wall time over {} seeds (`min-conflicts`, start \
                 included)",
                huge.len()
            ),
            holds.to_string(),
        ]);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_core::Stats;

    fn batch(id: &str, seed: u64, solved: u64, stats: Stats) -> CaseRecord {
        let mut r = CaseRecord::new(LITERATURE, id, "hill-climbing", 8, CaseStatus::Measured);
        r.seed = Some(seed);
        r.result = format!("found {solved} of {solved}");
        r.stats = stats;
        r
    }

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
        let c = climbs(&records, "hill-climbing-steepest").unwrap();
        assert_eq!((c.seeds, c.climbs), (200.0, 1420.0));
        let [success, success_steps, stuck_steps, ..] = c.figures.map(Option::unwrap);
        assert!((success.value - 200.0 / 1420.0).abs() < 1e-12);
        assert!(success.low < success.value && success.value < success.high);
        assert!((success_steps.value - 4.1).abs() < 1e-12);
        assert!((stuck_steps.value - 740.0 / 1220.0).abs() < 1e-12);
        let md = format!("{:?}", rows(&records));
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
