//! Which charts the report draws, and from which series: times from criterion's medians, work
//! from the statistics' counters, the spread over seeds from the randomized runs.

use std::path::Path;

use nqueens_core::SEARCH_FROM_N;

use super::ReportSummary;
use super::data::{Data, grouped, seconds, spread, work_units, work_values};
use super::memory::{MEMORY, count_costs};
use crate::chart::{Panel, Point, Series, Units, VARIANT_SLOTS, commentless};
use crate::group::{COMPLETION, COUNT_ALL, FIRST_SOLUTION, VALIDATE};
use crate::{ImageFormat, ReportError, draw_chart};

/// The work chart's file name.
pub(super) const WORK: &str = "work";

/// The randomized strategies' chart's file name.
pub(super) const RANDOMIZED: &str = "randomized";

/// The chart of the published counts by symmetry (no benchmark data): its file name.
pub(super) const SYMMETRIC: &str = "symmetric";

/// One chart: its file name (without extension), heading and panels.
struct Chart {
    name: &'static str,
    heading: String,
    panels: Vec<Panel>,
}

/// Draws every chart that has data into `out` in every format; returns their names.
pub(super) fn draw_charts(
    data: &Data<'_>,
    subheading: &str,
    out: &Path,
    formats: &[ImageFormat],
    summary: &mut ReportSummary,
) -> Result<Vec<&'static str>, ReportError> {
    let mut drawn = Vec::new();
    for chart in charts(data) {
        if chart.panels.iter().all(|p| p.series.is_empty()) {
            summary
                .warnings
                .push(format!("{}: no data, chart left out", chart.name));
            continue;
        }
        // The symmetry chart's lines are sequences, not strategies.
        let strategies = chart.panels.iter().flat_map(|p| &p.series);
        for series in strategies.filter(|_| chart.name != SYMMETRIC) {
            let base = commentless(&series.label);
            if !summary.labels.iter().any(|l| l == base) {
                summary.labels.push(base.to_string());
            }
        }
        for &format in formats {
            let path = out.join(format!("{}.{}", chart.name, format.extension()));
            draw_chart(&path, format, &chart.heading, subheading, &chart.panels)?;
            summary.files.push(path);
        }
        drawn.push(chart.name);
    }
    Ok(drawn)
}

/// A panel of `series` under `title`, with its x axis (label, units, log scale or not) and its
/// y axis (label, units).
fn panel(
    series: Vec<Series>,
    title: impl Into<String>,
    (x_label, x_units, x_log): (&str, Units, bool),
    (y_label, y_units): (&str, Units),
) -> Panel {
    Panel {
        title: title.into(),
        x_label: x_label.to_string(),
        y_label: y_label.to_string(),
        x_log,
        x_units,
        y_units,
        series,
    }
}

/// The report's charts, in the order they are drawn.
fn charts(data: &Data<'_>) -> Vec<Chart> {
    use Units::{Bytes, Count, Percent, Seconds, Size};
    const N: (&str, Units, bool) = ("n (board size)", Size, false);
    const LOG_N: (&str, Units, bool) = ("n (board size, log scale)", Size, true);
    const PER_RUN: (&str, Units) = ("time per run (log scale)", Seconds);
    let chart = |name, heading: &str, panels| Chart {
        name,
        heading: heading.to_string(),
        panels,
    };
    // First solutions with the validator as the floor every strategy pays.
    let mut first = time_series(data, FIRST_SOLUTION);
    first.extend(time_series(data, VALIDATE).into_iter().map(|floor| Series {
        label: format!("{} (floor)", floor.label),
        ..floor
    }));
    let seed_count = data.success.iter().map(|s| s.tried).max().unwrap_or(0);
    let budget = data.meta("probe budget").and_then(first_budget);
    let budget = budget.map_or(String::new(), |b| format!(" ({b} a run)"));
    let given = ("queens given, % of n (rounded to twelfths)", Percent, false);
    let per_instance = ("time per instance (log scale; median and range)", Seconds);
    vec![
        chart(
            COUNT_ALL,
            "Count all solutions: time vs n",
            vec![panel(
                time_series(data, COUNT_ALL),
                "median time per count (bars: 95% confidence interval)",
                N,
                PER_RUN,
            )],
        ),
        chart(
            FIRST_SOLUTION,
            "Find a first solution: time vs n",
            vec![panel(
                first,
                "median time to a first solution (bars: 95% CI; seeds cycled)",
                LOG_N,
                PER_RUN,
            )],
        ),
        chart(
            WORK,
            &format!("Work done: {}", work_units()),
            vec![
                panel(
                    work_series(data, COUNT_ALL),
                    "counting all solutions",
                    N,
                    ("nodes / permutations (log scale)", Count),
                ),
                panel(
                    work_series(data, FIRST_SOLUTION),
                    "to a first solution (bars: range over seeds)",
                    LOG_N,
                    ("nodes / moves (log scale)", Count),
                ),
            ],
        ),
        chart(
            MEMORY,
            "Count all solutions: memory vs time",
            vec![panel(
                memory_series(data),
                format!(
                    "heap peak against time per count, one point per n from {SEARCH_FROM_N} \
                     (lines run in order of n)"
                ),
                ("time per count (log scale)", Seconds, true),
                ("heap peak of a run (log scale)", Bytes),
            )],
        ),
        chart(
            RANDOMIZED,
            &format!(
                "Randomized strategies over {seed_count} fixed seeds: time, success, work per \
                 solution"
            ),
            vec![
                panel(
                    seeded_times(data),
                    "time to a first solution, one run per seed solved: median and range",
                    LOG_N,
                    PER_RUN,
                ),
                panel(
                    success_series(data),
                    format!("seeds solved within the probe budget{budget}"),
                    LOG_N,
                    ("seeds solved", Percent),
                ),
                panel(
                    seeded_work(data),
                    "work per solution, per seed solved: median and range",
                    LOG_N,
                    ("moves / evaluations / nodes (log scale)", Count),
                ),
            ],
        ),
        chart(
            COMPLETION,
            "N-Queens completion: time to answer vs queens given",
            vec![
                panel(
                    completion_series(data, "found"),
                    "instances with a completion: time to find one",
                    given,
                    per_instance,
                ),
                panel(
                    completion_series(data, "no-solution"),
                    "instances without: time to prove none exists",
                    given,
                    per_instance,
                ),
            ],
        ),
        chart(
            SYMMETRIC,
            "Solutions by symmetry: all (Q), half-turn (P), quarter-turn (R) vs n",
            vec![panel(
                symmetric_series(),
                "published counts (OEIS); zero terms left out",
                N,
                ("solutions (log scale)", Count),
            )],
        ),
    ]
}

/// The given queens of a completion record (its note starts `k=K`) as a share of the board,
/// rounded to twelfths so that n/3 on boards of 12, 20 and 28 fall on one point; in percent.
fn given_share(record: &crate::CaseRecord) -> Option<f64> {
    let k: f64 = record
        .note
        .strip_prefix("k=")?
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()?;
    let twelfths = (k / record.n.max(1) as f64 * 12.0).round();
    Some(twelfths / 12.0 * 100.0)
}

/// Completion: time to answer against the share given, for the instances ending `result`.
fn completion_series(data: &Data<'_>, result: &str) -> Vec<Series> {
    let answered = data.measured(COMPLETION).filter(|r| r.result == result);
    let shares = answered.filter_map(|r| Some((given_share(r)?, r)));
    let cases = grouped(shares, |(x, r)| (r.id.as_str(), *x)).into_iter();
    series(
        data,
        cases.map(|((id, x), runs)| {
            let times: Vec<f64> = runs.iter().map(|(_, r)| r.seconds).collect();
            (id, id.to_string(), spread(x, &times))
        }),
    )
}

/// Q, P and R against n, from the published OEIS tables ([`nqueens_core::known`]): how few
/// solutions are symmetric, and how far the direct count of R reaches past the full count.
/// Zero terms (R is zero unless n = 0 or 1 mod 4) have no place on a log axis.
fn symmetric_series() -> Vec<Series> {
    use nqueens_core::known;
    let sequence = |label: &str, style: usize, count: fn(usize) -> Option<u64>| Series {
        label: label.to_string(),
        style,
        points: (1..=64)
            .filter_map(|n| Some((n, count(n)?)))
            .filter(|&(_, value)| value > 0)
            .map(|(n, value)| Point::exact(n as f64, value as f64))
            .collect(),
    };
    vec![
        sequence("Q: all solutions (A000170)", 0, known::all_solutions),
        sequence(
            "P: half turn (A032522)",
            VARIANT_SLOTS,
            known::half_turn_solutions,
        ),
        sequence(
            "R: quarter turn (A033148)",
            2 * VARIANT_SLOTS,
            known::quarter_turn_solutions,
        ),
    ]
}

/// Each counter's heap peak against its counting time, one point per n from [`SEARCH_FROM_N`]
/// (in order of n, not of time: not through [`series`]).
fn memory_series(data: &Data<'_>) -> Vec<Series> {
    count_costs(data)
        .into_iter()
        .map(|(id, costs)| Series {
            style: data.style(&id),
            label: id,
            points: costs
                .iter()
                .filter(|c| c.n >= SEARCH_FROM_N)
                .map(|c| Point::exact(c.seconds, c.heap as f64))
                .collect(),
        })
        .filter(|s| !s.points.is_empty())
        .collect()
}

/// The first-solution budget of the `probe budget` line (`count 6s, first solution 10s`).
pub(super) fn first_budget(line: &str) -> Option<&str> {
    line.split("first solution")
        .nth(1)
        .map(str::trim)
        .filter(|b| !b.is_empty())
}

/// The share of seeds solved per randomized case and n.
fn success_series(data: &Data<'_>) -> Vec<Series> {
    let points = data.success.iter().map(|case| {
        let point = Point::exact(case.n as f64, case.percent());
        (case.id.as_str(), case.id.clone(), point)
    });
    series(data, points)
}

/// Criterion's median per function id of `group`, with its confidence interval as the bar.
fn time_series(data: &Data<'_>, group: &str) -> Vec<Series> {
    let estimates = data.estimates(group);
    let points = estimates.iter().flat_map(|(id, points)| {
        points.iter().map(move |(n, e)| {
            let (x, m) = (*n as f64, &e.median);
            let point = Point {
                x,
                y: m.point,
                low: m.lower,
                high: m.upper,
            };
            (id.as_str(), id.clone(), point)
        })
    });
    series(data, points)
}

/// The work counter of a group per id and n, labelled `id (counter)`: median and range.
fn work_series(data: &Data<'_>, group: &str) -> Vec<Series> {
    let cases = grouped(data.measured(group), |r| (r.id.as_str(), r.n)).into_iter();
    let points = cases.filter_map(|((id, n), runs)| {
        let (field, values) = work_values(&runs)?;
        Some((
            id,
            format!("{id} ({})", field.name),
            spread(n as f64, &values),
        ))
    });
    series(data, points)
}

/// The time of the randomized cases over the seeds that found a solution.
fn seeded_times(data: &Data<'_>) -> Vec<Series> {
    let points = data.success.iter().filter_map(|case| {
        let secs = seconds(&case.runs);
        let point = spread(case.n as f64, &secs);
        secs.iter()
            .any(|v| *v > 0.0)
            .then(|| (case.id.as_str(), case.id.clone(), point))
    });
    series(data, points)
}

/// The work of the randomized cases over the seeds that found a solution.
fn seeded_work(data: &Data<'_>) -> Vec<Series> {
    let points = data.success.iter().filter_map(|case| {
        let (field, values) = work_values(&case.runs)?;
        let label = format!("{} ({})", case.id, field.name);
        Some((case.id.as_str(), label, spread(case.n as f64, &values)))
    });
    series(data, points)
}

/// The series of `(id, label, point)`: one per label in first-seen order, in the look of its
/// first id, its points by increasing x.
fn series<'i>(
    data: &Data<'_>,
    points: impl IntoIterator<Item = (&'i str, String, Point)>,
) -> Vec<Series> {
    let by_label = grouped(points, |(_, label, _)| label.clone());
    let series = by_label.into_iter().map(|(label, list)| {
        let mut points: Vec<Point> = list.iter().map(|(_, _, p)| *p).collect();
        points.sort_by(|a, b| a.x.total_cmp(&b.x));
        Series {
            style: data.style(list[0].0),
            label,
            points,
        }
    });
    series.collect()
}
