//! The summary's lead (the README's block `tradeoffs`): the [`nqueens_core::Tradeoffs`] each
//! strategy declares, in registry order, each template filled with figures computed alike for
//! every pair (left out where the run lacks one), then where each first-solution series stops.

use std::collections::BTreeMap;

use minijinja::{Environment, ErrorKind, UndefinedBehavior, Value, context};
use nqueens_core::{Reading, SEARCH_FROM_N, Tradeoff};

use super::data::{Data, spread, values};
use super::memory::{count_costs, trade, trade_line};
use super::tables::{times, yardstick_rows};
use crate::group::{COUNT_ALL, FIRST_SOLUTION};
use crate::{
    CaseStatus, Family, ReportError, format_bytes, format_count, format_seconds, format_size,
};

/// The errors of a template that prints, filters or computes with a figure the run lacks.
const LACKING: [ErrorKind; 2] = [ErrorKind::UndefinedError, ErrorKind::InvalidOperation];

/// The lead sentences: each strategy's memory verdict (or why it has none) and tradeoffs in
/// registry order, the sentences of consecutive declarations with one heading joined into one
/// line.
pub(super) fn tradeoff_lines(data: &Data<'_>) -> Result<Vec<String>, ReportError> {
    let env = environment();
    let (costs, counted) = (count_costs(data), data.measured(COUNT_ALL).next().is_some());
    // (heading, sentence); an empty heading: a line of its own, full stop included.
    let mut said: Vec<(&str, String)> = Vec::new();
    for family in &data.input.strategies {
        if let Some(line) = trade(family).and_then(|trade| trade_line(&costs, counted, trade)) {
            said.push(("", line));
        }
        for tradeoff in family.tradeoffs.sentences {
            if let Some(text) = render(&env, data, family, tradeoff)? {
                let stop = if tradeoff.heading.is_empty() { "." } else { "" };
                said.push((tradeoff.heading, text + stop));
            }
        }
    }
    let line = |chunk: &[(&str, String)]| {
        let parts: Vec<&str> = chunk.iter().map(|(_, text)| text.as_str()).collect();
        match chunk[0].0 {
            "" => parts.concat(),
            heading => format!("{heading}: {}.", parts.join("; ")),
        }
    };
    let joined = said.chunk_by(|a, b| !a.0.is_empty() && a.0 == b.0);
    let mut lines: Vec<String> = joined.map(line).collect();
    lines.extend(reach(data));
    Ok(lines)
}

/// The templates' environment: strict about undefined figures, with the report's formats.
fn environment() -> Environment<'static> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.add_filter("seconds", |v: Value| Ok(format_seconds(figure(&v)?)));
    env.add_filter("count", |v: Value| Ok(format_count(figure(&v)?)));
    env.add_filter("bytes", |v: Value| Ok(format_bytes(figure(&v)? as u64)));
    env.add_filter("size", |v: Value| Ok(format_size(figure(&v)? as usize)));
    env.add_filter("fixed", |v: Value, digits: usize| {
        Ok(format!("{:.digits$}", figure(&v)?))
    });
    env.add_filter("times", |v: Value, above: &str, below: &str| {
        Ok(times(figure(&v)?, above, below))
    });
    env.add_filter("share", |v: Value| Ok(share(figure(&v)?)));
    env.add_filter("range", |ratios: Vec<f64>| {
        range(&ratios).ok_or_else(|| minijinja::Error::from(ErrorKind::UndefinedError))
    });
    env
}

/// A figure handed to a filter; undefined (the run lacks it) is an error: the sentence is out.
fn figure(value: &Value) -> Result<f64, minijinja::Error> {
    if value.is_undefined() {
        return Err(ErrorKind::UndefinedError.into());
    }
    f64::try_from(value.clone())
}

/// `tradeoff` of `family` filled with the run's figures; `None` when it lacks one or
/// says nothing.
fn render(
    env: &Environment<'_>,
    data: &Data<'_>,
    family: &Family,
    tradeoff: &Tradeoff,
) -> Result<Option<String>, ReportError> {
    let us = family.label(tradeoff.variant);
    let figures = match tradeoff.reads {
        Reading::Count => pair(data, COUNT_ALL, &us, tradeoff),
        Reading::First => pair(data, FIRST_SOLUTION, &us, tradeoff),
        Reading::Yardstick => Some(yardstick(data, &us, family)),
    };
    let Some(figures) = figures else {
        return Ok(None);
    };
    match env.render_str(tradeoff.sentence, figures) {
        Ok(text) => Ok(Some(text).filter(|t| !t.is_empty())),
        Err(e) if LACKING.contains(&e.kind()) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// `value`, or undefined.
fn maybe<T: Into<Value>>(value: Option<T>) -> Value {
    value.map_or(Value::UNDEFINED, Into::into)
}

/// The figures of `us` against the rivals in `group` ([`Tradeoff`]); `None` without a size.
fn pair(data: &Data<'_>, group: &str, us: &str, tradeoff: &Tradeoff) -> Option<Value> {
    let mut common = sizes(data, group, us);
    for rival in tradeoff.against {
        let theirs = sizes(data, group, rival);
        common.retain(|n| theirs.contains(n));
    }
    common.retain(|&n| tradeoff.up_to.is_none_or(|up_to| n <= up_to));
    let n = *common.last()?;
    let rival = tradeoff.against.first().copied().unwrap_or_default();
    // Criterion's time, the median of the nodes over seeds and the largest heap peak.
    let side = |id: &str, n: usize| {
        let runs = data.records(group, id, n);
        let nodes = values(&runs, |r| r.stats.nodes);
        let nodes = (!nodes.is_empty()).then(|| spread(0.0, &nodes).y);
        let heap = runs.iter().map(|r| r.heap_peak_bytes).max();
        context! {
            id,
            time => maybe(time(data, group, id, n)),
            nodes => maybe(nodes.filter(|v| *v > 0.0)),
            heap => maybe(heap.filter(|b| *b > 0)),
        }
    };
    let from: Vec<usize> = common.into_iter().filter(|&n| n >= SEARCH_FROM_N).collect();
    let ratios: Vec<f64> = (from.iter())
        .filter_map(|&n| Some(time(data, group, rival, n)? / time(data, group, us, n)?))
        .collect();
    let largest = sizes(data, group, us).last().copied().unwrap_or(n);
    let rivals: Vec<Value> = tradeoff.against.iter().map(|id| side(id, n)).collect();
    Some(context! {
        n,
        us => side(us, n),
        rival => rivals.first().cloned().unwrap_or(Value::UNDEFINED),
        rivals,
        from => maybe(from.first().copied()),
        ratios,
        largest => context! { n => largest, us => side(us, largest), rival => side(rival, largest) },
    })
}

/// The yardstick's figures: per size we ran, our seconds on each thread count our
/// [`Counterpart`](nqueens_core::Counterpart) declares (`tK`, from the rows it labels) and the
/// C program's timed beside us there, our `rival`.
fn yardstick(data: &Data<'_>, us: &str, family: &Family) -> Value {
    let keys: Vec<(String, String)> = (family.counterpart.iter())
        .flat_map(|c| c.threads.iter().map(move |&k| (c, k)))
        .filter_map(|(c, k)| Some((c.row_label(&family.name, k), format!("t{}", k?))))
        .collect();
    let threads = |id: &str| Some(keys.iter().find(|(label, _)| label == id)?.1.clone());
    let mut rival = None;
    let mut rows: Vec<Value> = Vec::new();
    for (n, list) in yardstick_rows(data) {
        let mut row = BTreeMap::from([("n".to_string(), Value::from(n))]);
        for t in list.iter().filter(|t| t.seconds > 0.0) {
            let c = (t.is_c()).then(|| "rival".to_string());
            if let Some(key) = c.or_else(|| threads(&t.id)) {
                row.insert(key, Value::from(t.seconds));
            }
        }
        if row.keys().any(|key| key.starts_with('t')) {
            rival = rival.or(list.into_iter().find(|t| t.is_c()).map(|t| t.id));
            rows.push(Value::from(row));
        }
    }
    context! { us => context! { id => us }, rival => context! { id => maybe(rival) }, rows }
}

/// Criterion's median time of one case.
fn time(data: &Data<'_>, group: &str, id: &str, n: usize) -> Option<f64> {
    data.median(group, id, n).filter(|t| *t > 0.0)
}

/// The sizes of `id` in `group` with a time, increasing.
fn sizes(data: &Data<'_>, group: &str, id: &str) -> Vec<usize> {
    let series = data.estimates(group).into_iter().find(|(i, _)| i == id);
    series.map_or(Vec::new(), |(_, points)| {
        points.iter().map(|p| p.0).collect()
    })
}

/// Where each first-solution series ends (and times out, if it did), farthest last.
fn reach(data: &Data<'_>) -> Option<String> {
    let mut reach: Vec<(usize, String)> = Vec::new();
    for (id, points) in data.estimates(FIRST_SOLUTION) {
        let Some(&(n, _)) = points.last() else {
            continue;
        };
        let over = |r: &&crate::CaseRecord| {
            r.group == FIRST_SOLUTION && r.id == id && r.n > n && r.status == CaseStatus::OverBudget
        };
        let stopped = data.records.iter().filter(over).map(|r| r.n).min();
        let why = stopped.map_or(String::new(), |at| {
            format!(" (timeout at n = {})", format_size(at))
        });
        reach.push((n, format!("`{id}` {}{why}", format_size(n))));
    }
    reach.sort_by_key(|(n, _)| *n);
    let list: Vec<String> = reach.into_iter().map(|(_, text)| text).collect();
    let list = (!list.is_empty()).then(|| list.join(", "))?;
    Some(format!(
        "Where each stops scaling, the largest n timed to a first solution: {list}."
    ))
}

/// The span of `ratios`: `40×` or `40–52×`.
fn range(ratios: &[f64]) -> Option<String> {
    let lo = ratios.iter().copied().reduce(f64::min)?;
    let hi = ratios.iter().copied().reduce(f64::max)?;
    let (lo, hi) = (format!("{lo:.0}"), format!("{hi:.0}"));
    let span = if lo == hi { lo } else { format!("{lo}–{hi}") };
    Some(format!("{span}×"))
}

/// A share as words where it is a simple fraction (`a quarter`), else as a ratio.
fn share(ratio: f64) -> String {
    let words = [
        (1.0, "as many"),
        (0.5, "half"),
        (1.0 / 3.0, "a third"),
        (0.25, "a quarter"),
        (0.2, "a fifth"),
    ];
    match words.iter().find(|(r, _)| (ratio / r - 1.0).abs() < 0.04) {
        Some((_, word)) => format!("{word} ({ratio:.2}×)"),
        None => format!("{ratio:.2}×"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_declared_sentence_renders_when_the_run_has_every_figure_or_no_c_row() {
        let env = environment();
        let side = |id: &str| context! { id, time => 2.0, nodes => 1000.0, heap => 4096 };
        let pair = context! {
            n => 12,
            us => side("us"),
            rival => side("a"),
            rivals => vec![side("a"), side("b")],
            from => 8,
            ratios => vec![40.0, 52.0],
            largest => context! { n => 14, us => side("us"), rival => side("a") },
        };
        let yardstick = context! {
            us => context! { id => "us" },
            rival => context! { id => "c" },
            rows => vec![
                context! { n => 16, rival => 4.0, t1 => 0.1, t2 => 0.05 },
                context! { n => 18, t1 => 2.0, t2 => 1.0 },
            ],
        };
        // Where C was not run (sizes the strategy runs alone), the rows lack `rival`.
        let alone = context! {
            us => context! { id => "us" },
            rival => context! { id => "c" },
            rows => vec![
                context! { n => 18, t1 => 2.0, t2 => 1.0 },
                context! { n => 19, t2 => 4.0 },
            ],
        };
        for solver in nqueens::registry().iter() {
            for tradeoff in solver.capabilities().tradeoffs.sentences {
                // A sentence about a variant names one the strategy has.
                let named = tradeoff.variant.map(|v| solver.capabilities().named(v));
                assert!(named.is_none_or(|v| v.is_some()), "{}", solver.name());
                let contexts = match tradeoff.reads {
                    Reading::Yardstick => vec![yardstick.clone(), alone.clone()],
                    Reading::Count | Reading::First => vec![pair.clone()],
                };
                for figures in contexts {
                    let text = env.render_str(tradeoff.sentence, figures);
                    let text = text.unwrap_or_else(|e| panic!("{}: {e:#}", solver.name()));
                    assert!(!text.is_empty(), "{}", solver.name());
                }
            }
        }
    }

    #[test]
    fn ratios_read_as_words() {
        assert_eq!(share(0.251), "a quarter (0.25×)");
        assert_eq!(share(0.5), "half (0.50×)");
        assert_eq!(share(0.7), "0.70×");
        assert_eq!(range(&[52.4, 40.2, 44.0]).unwrap(), "40–52×");
        assert_eq!(range(&[40.2, 40.4]).unwrap(), "40×");
        assert_eq!(range(&[]), None);
    }
}
