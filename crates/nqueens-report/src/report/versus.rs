//! The comparison with a baseline run in the README: the regressions and gains that lead the
//! summary, and a table of every case in both runs with its ratio.

use std::fmt::Write as _;

use crate::baseline::{Change, NOISE, Verdict};
use crate::{Baseline, format_seconds};

/// The summary's first lines: each regression, then each gain, or that there is neither.
pub(super) fn summary_lines(changes: &[Change], baseline: &Baseline) -> Vec<String> {
    let mut lines = Vec::new();
    for (verdict, title) in [(Verdict::Regression, "Regression"), (Verdict::Gain, "Gain")] {
        for c in changes.iter().filter(|c| c.verdict == verdict) {
            lines.push(format!(
                "{title} against the baseline: `{}` {} ({} → {}, ratio {:.2}, 95% CI {:.2} – {:.2}).",
                c.case,
                times(c.ratio),
                format_seconds(c.before),
                format_seconds(c.after),
                c.ratio,
                c.lower,
                c.upper
            ));
        }
    }
    let noise = changes
        .iter()
        .filter(|c| c.verdict == Verdict::Noise)
        .count();
    lines.push(format!(
        "Against the baseline ({}): {} of {} cases in both runs changed beyond the noise, {noise} \
         within it, after a run-wide drift of {} (see *Against the baseline*).",
        baseline.describe(),
        changes.len() - noise,
        changes.len(),
        drift_words(changes)
    ));
    lines
}

/// The run-wide drift in words: `none`, `1.08× slower` or `1.05× faster` as a whole.
fn drift_words(changes: &[Change]) -> String {
    match changes.first().map_or(1.0, |c| c.drift) {
        1.0 => "none".to_string(),
        drift => format!("{} as a whole", times(drift)),
    }
}

/// `2.00× slower` or `1.50× faster`.
fn times(ratio: f64) -> String {
    if ratio >= 1.0 {
        format!("{ratio:.2}× slower")
    } else {
        format!("{:.2}× faster", 1.0 / ratio)
    }
}

/// The section: how to read it, then one row per case in both runs.
pub(super) fn section(md: &mut String, changes: &[Change], baseline: &Baseline) {
    let _ = writeln!(md, "## Against the baseline\n");
    let _ = writeln!(
        md,
        "This run against {} (`{}`), case by case: the ratio of criterion's medians (after / \
         before; above 1 is slower) with its 95% confidence interval, from resampling both runs' \
         samples (or, where a run kept none, from criterion's intervals: wider). A case is \
         slower or faster only when, divided by the run-wide drift (the median ratio of all \
         cases: the machine as a whole, here {}), the whole interval lies on one side of 1 and \
         the ratio is more than {:.0}% away from it; the others are within the noise. Cases in \
         only one of the runs are left out.\n",
        baseline.describe(),
        baseline.dir.display(),
        drift_words(changes),
        NOISE * 100.0
    );
    let _ = writeln!(
        md,
        "| case | before | after | ratio | 95% CI | verdict |\n|---|--:|--:|--:|--:|---|"
    );
    for c in changes {
        let _ = writeln!(
            md,
            "| `{}` | {} | {} | {:.3} | {:.3} – {:.3}{} | {} |",
            c.case,
            format_seconds(c.before),
            format_seconds(c.after),
            c.ratio,
            c.lower,
            c.upper,
            if c.resampled { "" } else { " (intervals)" },
            c.verdict.as_str()
        );
    }
    md.push('\n');
}
