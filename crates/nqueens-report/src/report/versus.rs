//! The comparison with baseline runs in the README: the regressions and gains that lead the
//! summary, and a table of every case in both with its ratio and noise band. The prose is the
//! templates `versus.md.j2` (the section) and `versus-summary.md.j2` (the summary's lines);
//! this module computes what fills them.

use minijinja::context;
use serde::Serialize;

use crate::data::baseline::{
    CLASS_QUANTILE, Change, FAMILY_MARGIN, INSTRUCTION_FLOOR, MARGIN, Measure, NOISE, Noise,
    TOGETHER_MIN, lone_band,
};
use crate::group::YARDSTICK;
use crate::{Baseline, ReportError, Verdict, format_count, format_seconds};

/// What the README says about a comparison.
pub(crate) struct Against<'a> {
    /// Every case and kernel compared, in [`compare`](crate::compare())'s order: regressions,
    /// then gains, then the rest.
    pub changes: &'a [Change],
    /// The runs compared with.
    pub baselines: &'a [Baseline],
    /// The noise the verdicts were judged against.
    pub noise: &'a Noise,
    /// Kernels a baseline counted another way, not compared.
    pub uncompared: Vec<String>,
}

/// One case or kernel as the templates show it, its figures formatted once.
#[derive(Serialize)]
struct Row<'a> {
    change: &'a Change,
    /// Beyond its band, drift divided out, confirmed or not.
    beyond: bool,
    /// What the verdict says: `slower`, `faster`, `within the noise`.
    verdict: &'static str,
    /// For a timed case found slower, the command that records its flame graph.
    profile: Option<String>,
}

impl<'a> Row<'a> {
    fn of(c: &'a Change) -> Self {
        Row {
            change: c,
            beyond: c.ratio / c.drift > c.band || c.ratio / c.drift < 1.0 / c.band,
            verdict: c.verdict.as_str(),
            profile: (c.verdict == Verdict::Regression && c.measure == Measure::Time)
                .then(|| profile_command(&c.case))
                .flatten(),
        }
    }
}

/// The command that records a flame graph of the criterion case `case` (the README's
/// *Benchmarks and the report*); `None` for the yardstick's, whose C programs run as processes
/// and which the bench times in bench mode only.
fn profile_command(case: &str) -> Option<String> {
    let yardstick = case.split('/').next() == Some(YARDSTICK);
    let command = format!("cargo bench --bench compare -- --profile-time 5 '^{case}$'");
    (!yardstick).then_some(command)
}

/// `2.00× slower` or `1.50× faster`.
fn times(ratio: f64) -> String {
    if ratio >= 1.0 {
        format!("{ratio:.2}× slower")
    } else {
        format!("{:.2}× faster", 1.0 / ratio)
    }
}

/// `template` filled with the comparison's figures.
fn render(template: &str, against: &Against<'_>) -> Result<String, ReportError> {
    let changes = against.changes;
    let rows: Vec<Row> = changes.iter().map(Row::of).collect();
    let describe = match against.baselines {
        [one] => one.describe(),
        [first, ..] => format!("{} runs of {}", against.baselines.len(), first.describe()),
        [] => "no run".to_string(),
    };
    let timed = changes.iter().find(|c| c.measure == Measure::Time);
    let drift = timed.map_or(1.0, |c| c.drift);
    let drift = match drift {
        1.0 => "none".to_string(),
        d if d >= 1.0 => format!("{d:.3}× slower as a whole"),
        d => format!("{:.3}× faster as a whole", 1.0 / d),
    };
    let dirs = against.baselines.iter().map(|b| b.dir.display());
    let dirs: Vec<String> = dirs.map(|dir| dir.to_string()).collect();
    let mut env = super::environment();
    env.add_filter("fixed", |v: f64, digits: usize| format!("{v:.digits$}"));
    env.add_filter("seconds", format_seconds);
    env.add_filter("count", format_count);
    env.add_filter("times", times);
    env.add_filter("lone", lone_band);
    Ok(env.render_str(
        template,
        context! {
            rows, describe, drift, dirs,
            uncompared => against.uncompared,
            source => against.noise.source,
            pairs => against.noise.pairs,
            classes => against.noise.class_bands(),
            margin => MARGIN.to_string(),
            family_margin => FAMILY_MARGIN.to_string(),
            together_min => TOGETHER_MIN,
            quantile => CLASS_QUANTILE * 100.0,
            noise => NOISE * 100.0,
            floor => INSTRUCTION_FLOOR * 100.0,
        },
    )?)
}

/// The summary's first lines: each regression, then each gain, the cases beyond their band
/// that nothing confirmed, a warning when too many moved, then the counts.
pub(super) fn summary_lines(against: &Against<'_>) -> Result<Vec<String>, ReportError> {
    let text = render(include_str!("versus-summary.md.j2"), against)?;
    Ok(text.lines().map(str::to_string).collect())
}

/// The section: how to read it, then one row per case in both runs, then the kernels.
pub(super) fn section(against: &Against<'_>) -> Result<String, ReportError> {
    render(include_str!("versus.md.j2"), against)
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
    fn a_slower_case_names_the_command_that_profiles_it() {
        let noise = Noise::reference();
        let slower = Change {
            verdict: Verdict::Regression,
            ..timed(2.0)
        };
        let changes = [slower, timed(1.0)];
        let against = Against {
            changes: &changes,
            baselines: &[],
            noise: &noise,
            uncompared: Vec::new(),
        };
        let lines = summary_lines(&against).unwrap();
        let profiled: Vec<&String> = lines
            .iter()
            .filter(|l| l.contains("--profile-time"))
            .collect();
        assert_eq!(profiled.len(), 1, "{lines:?}");
        assert!(
            profiled[0].ends_with(
                "Profile it: `cargo bench --bench compare -- --profile-time 5 '^count_all/x/8$'`."
            ),
            "{}",
            profiled[0]
        );
        assert_eq!(profile_command("yardstick/count.c/15"), None);
    }

    #[test]
    fn many_cases_beyond_their_band_are_called_unsettled_and_a_few_are_not() {
        let noise = Noise::reference();
        let unsettled = |changes: &[Change]| {
            let against = Against {
                changes,
                baselines: &[],
                noise: &noise,
                uncompared: Vec::new(),
            };
            let lines = summary_lines(&against).unwrap();
            lines.into_iter().find(|l| l.starts_with("Unsettled"))
        };
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
