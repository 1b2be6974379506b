//! The comparison with baseline runs in the README: the regressions and gains that lead the
//! summary, and a table of every case in both with its ratio and noise band.

use std::fmt::Write as _;

use crate::data::baseline::{
    CLASS_QUANTILE, Change, Confirmation, FAMILY_MARGIN, INSTRUCTION_FLOOR, MARGIN, Measure, NOISE,
    Noise, TOGETHER_MIN, Verdict, lone_band,
};
use crate::{Baseline, ReportError, format_count, format_seconds};

/// What the README says about a comparison.
pub(crate) struct Against<'a> {
    /// Every case and kernel compared, regressions and gains first.
    pub changes: &'a [Change],
    /// The runs compared with.
    pub baselines: &'a [Baseline],
    /// The noise the verdicts were judged against.
    pub noise: &'a Noise,
    /// Kernels a baseline counted another way, not compared.
    pub uncompared: Vec<String>,
}

impl Against<'_> {
    /// `commit 4793be7+changes of 2026-11-25 14:17 UTC, default profile`, or `3 runs of …`.
    fn describe(&self) -> String {
        match self.baselines {
            [one] => one.describe(),
            [first, ..] => format!("{} runs of {}", self.baselines.len(), first.describe()),
            [] => "no run".to_string(),
        }
    }

    /// The run-wide drift in words: `none`, `1.08× slower` or `1.05× faster` as a whole.
    fn drift_words(&self) -> String {
        match self
            .changes
            .iter()
            .find(|c| c.measure == Measure::Time)
            .map_or(1.0, |c| c.drift)
        {
            1.0 => "none".to_string(),
            drift if drift >= 1.0 => format!("{drift:.3}× slower as a whole"),
            drift => format!("{:.3}× faster as a whole", 1.0 / drift),
        }
    }
}

/// The summary's first lines: each regression, then each gain, or that there is neither.
pub(super) fn summary_lines(against: &Against<'_>) -> Result<Vec<String>, ReportError> {
    let mut lines = Vec::new();
    let changes = against.changes;
    for (verdict, title) in [(Verdict::Regression, "Regression"), (Verdict::Gain, "Gain")] {
        for c in changes.iter().filter(|c| c.verdict == verdict) {
            lines.push(match c.measure {
                Measure::Time => format!(
                    "{title} against the baseline: `{}` {}{} ({} → {}, ratio {:.2}, 95% CI {:.2} \
                     – {:.2}, noise band ×{:.2}{}).",
                    c.case,
                    times(c.ratio / c.drift),
                    if c.drift == 1.0 {
                        ""
                    } else {
                        " than the run as a whole"
                    },
                    format_seconds(c.before),
                    format_seconds(c.after),
                    c.ratio,
                    c.lower,
                    c.upper,
                    c.band,
                    confirmed_by(c)
                ),
                Measure::Instructions => format!(
                    "{title} against the baseline: `{}` {} instructions ({} → {}, ×{:.3}, band \
                     ×{:.3}).",
                    c.case,
                    if c.ratio > 1.0 { "more" } else { "fewer" },
                    format_count(c.before),
                    format_count(c.after),
                    c.ratio,
                    c.band
                ),
            });
        }
    }
    let noise = changes
        .iter()
        .filter(|c| c.verdict == Verdict::Noise)
        .count();
    if let Some(line) = unconfirmed_line(changes) {
        lines.push(line);
    }
    if let Some(line) = unsettled(changes) {
        lines.push(line);
    }
    lines.push(format!(
        "Against the baseline ({}): {} of {} cases and kernels in both changed beyond the noise, \
         {noise} within it, after a run-wide drift of {}; noise from {} (see *Against the \
         baseline*).",
        against.describe(),
        changes.len() - noise,
        changes.len(),
        against.drift_words(),
        against.noise.source
    ));
    Ok(lines)
}

/// What confirmed a timed change: `; 8 of its strategy's 8 cases moved so` or `; beyond
/// ×1.39, the band for a case alone`.
fn confirmed_by(c: &Change) -> String {
    match c.confirmation {
        Some(Confirmation::Strategy { beyond, cases }) => {
            format!("; {beyond} of its strategy's {cases} cases moved so")
        }
        Some(Confirmation::FarBeyond) => {
            format!(
                "; beyond ×{:.2}, the band for a case alone",
                lone_band(c.band)
            )
        }
        Some(Confirmation::Unconfirmed) | None => String::new(),
    }
}

/// The cases beyond their band that nothing confirmed, in one line: within the noise, but
/// named, for a rerun to settle.
fn unconfirmed_line(changes: &[Change]) -> Option<String> {
    let alone: Vec<String> = changes
        .iter()
        .filter(|c| c.confirmation == Some(Confirmation::Unconfirmed))
        .map(|c| {
            format!(
                "`{}` {} (band ×{:.2})",
                c.case,
                times(c.ratio / c.drift),
                c.band
            )
        })
        .collect();
    let timed = changes
        .iter()
        .filter(|c| c.measure == Measure::Time)
        .count();
    (!alone.is_empty()).then(|| {
        format!(
            "Unconfirmed, so within the noise: {}: each beyond its own band alone (too few of \
             its strategy's cases moved with it) and not beyond its band raised to \
             {FAMILY_MARGIN}; of {timed} cases judged at once a few land beyond their bands by \
             chance. Rerun both to tell.",
            alone.join(", ")
        )
    })
}

/// More timed cases beyond their band than this share (a fifth) say the runs were measured
/// under different loads: a change to a strategy or two moves their cases only, and a change
/// that moves every case alike is drift, divided out.
const UNSETTLED_SHARE: f64 = 0.2;

/// A warning when so many timed cases moved beyond their noise band that the runs themselves,
/// not a change to a few strategies, are the likely cause (another load on the machine while
/// one of them ran: the drift, a median, cannot undo a load that came and went).
fn unsettled(changes: &[Change]) -> Option<String> {
    let timed: Vec<&Change> = changes
        .iter()
        .filter(|c| c.measure == Measure::Time)
        .collect();
    let beyond = timed
        .iter()
        .filter(|c| {
            let r = c.ratio / c.drift;
            r > c.band || r < 1.0 / c.band
        })
        .count();
    let share = beyond as f64 / timed.len().max(1) as f64;
    (timed.len() >= 8 && share > UNSETTLED_SHARE).then(|| {
        format!(
            "Unsettled: {beyond} of {} timed cases ({:.0}%) moved beyond their noise band, more \
             than a change to a strategy or two moves: one of the runs was most likely measured \
             under another load, so these verdicts say more about the machine than about the \
             code. Rerun both on a quiet machine, or give several baselines.",
            timed.len(),
            share * 100.0
        )
    })
}

/// `2.00× slower` or `1.50× faster`.
fn times(ratio: f64) -> String {
    if ratio >= 1.0 {
        format!("{ratio:.2}× slower")
    } else {
        format!("{:.2}× faster", 1.0 / ratio)
    }
}

/// The section: how to read it, then one row per case in both runs, then the kernels.
pub(super) fn section(against: &Against<'_>) -> Result<String, ReportError> {
    let mut md = String::new();
    let md = &mut md;
    let _ = writeln!(md, "## Against the baseline\n");
    let dirs: Vec<String> = against
        .baselines
        .iter()
        .map(|b| format!("`{}`", b.dir.display()))
        .collect();
    let [fast, middle, slow] = against.noise.class_bands();
    let _ = writeln!(
        md,
        "This run against {} ({}), case by case: the ratio of criterion's medians (after / \
         before; above 1 is slower; before is the median of the baselines' medians) with its 95% \
         confidence interval, from resampling both sides' samples (or, where a run kept none, \
         from criterion's intervals: wider). Two runs of one build on a shared machine differ by \
         more than either interval says, so every case has a noise band, measured from {} ({} \
         pair(s) of runs of one build): {MARGIN} times the largest deviation seen for any size of \
         its strategy, and at least the {:.0}th percentile of the deviations of cases of its \
         duration (here ×{fast:.2} under 100 µs, ×{middle:.2} to 10 ms, ×{slow:.2} beyond). \
         A case is slower \
         or faster only when its ratio, divided by the run-wide drift (the median ratio of all \
         cases: the machine as a whole, here {}), is beyond its band and more than {:.0}% from 1, \
         with the whole interval on that side of 1, and the move is confirmed: at least \
         {TOGETHER_MIN} and at least half of its strategy's cases moved beyond their bands the \
         same way, or it alone is beyond its band raised to {FAMILY_MARGIN} (with this many \
         cases judged at once, a few land beyond their bands by chance: those are \
         *unconfirmed*, within the noise). The others are within the noise. Cases in only one \
         of the runs are left out.\n",
        against.describe(),
        dirs.join(", "),
        against.noise.source,
        against.noise.pairs,
        CLASS_QUANTILE * 100.0,
        against.drift_words(),
        NOISE * 100.0
    );
    let _ = writeln!(
        md,
        "| case | before | after | ratio | 95% CI | band | verdict |\n|---|--:|--:|--:|--:|--:|---|"
    );
    for c in against
        .changes
        .iter()
        .filter(|c| c.measure == Measure::Time)
    {
        let _ = writeln!(
            md,
            "| `{}` | {} | {} | {:.3} | {:.3} – {:.3}{} | ×{:.2} | {} |",
            c.case,
            format_seconds(c.before),
            format_seconds(c.after),
            c.ratio,
            c.lower,
            c.upper,
            if c.resampled { "" } else { " (intervals)" },
            c.band,
            if c.confirmation == Some(Confirmation::Unconfirmed) {
                "within the noise (unconfirmed)"
            } else {
                c.verdict.as_str()
            }
        );
    }
    md.push('\n');
    let kernels: Vec<&Change> = against
        .changes
        .iter()
        .filter(|c| c.measure == Measure::Instructions)
        .collect();
    if kernels.is_empty() && against.uncompared.is_empty() {
        return Ok(md.clone());
    }
    let _ = writeln!(
        md,
        "Instruction counts of the kernels (callgrind), the steady signal: a kernel whose count \
         moved beyond its band changed, whatever its time says. A kernel's band is {MARGIN} \
         times the largest spread of its counts between runs of one build, and at least {:.1}%; \
         a kernel whose counts of one build differ by more than that is not steady.\n",
        INSTRUCTION_FLOOR * 100.0
    );
    if !kernels.is_empty() {
        let _ = writeln!(
            md,
            "| kernel | before | after | ratio | band | verdict |\n|---|--:|--:|--:|--:|---|"
        );
        for c in kernels {
            let _ = writeln!(
                md,
                "| `{}` | {} | {} | {:.4} | ×{:.4} | {}{} |",
                c.case,
                format_count(c.before),
                format_count(c.after),
                c.ratio,
                c.band,
                c.verdict.as_str(),
                if c.steady { "" } else { " (not steady)" }
            );
        }
        md.push('\n');
    }
    if !against.uncompared.is_empty() {
        let _ = writeln!(
            md,
            "Not compared: {}: the baseline counted only the calling thread of these kernels \
             (a bench from before every thread was counted); rerun it to compare them.\n",
            against
                .uncompared
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(md.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timed(ratio: f64) -> Change {
        Change {
            case: "count_all/x/8".into(),
            measure: Measure::Time,
            before: 1.0,
            after: ratio,
            ratio,
            lower: ratio,
            upper: ratio,
            resampled: true,
            drift: 1.0,
            band: 1.2,
            steady: false,
            verdict: Verdict::Noise,
            confirmation: None,
        }
    }

    #[test]
    fn many_cases_beyond_their_band_are_called_unsettled_and_a_few_are_not() {
        let few: Vec<Change> = (0..20)
            .map(|i| timed(if i < 2 { 2.0 } else { 1.0 }))
            .collect();
        assert_eq!(unsettled(&few), None);
        let many: Vec<Change> = (0..20)
            .map(|i| timed(if i % 2 == 0 { 2.0 } else { 0.4 }))
            .collect();
        let line = unsettled(&many).unwrap();
        assert!(
            line.starts_with("Unsettled: 20 of 20 timed cases (100%)"),
            "{line}"
        );
    }
}
