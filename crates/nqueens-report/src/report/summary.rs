//! The README's summary: a handful of generated sentences (ratios, growth rates, the
//! yardstick's speed-ups, the spread over seeds).

use std::collections::BTreeMap;

use super::data::{Data, seconds, spread, values};
use super::fits;
use super::tables::{YardstickTime, versus, yardstick_rows};
use crate::group::{COUNT_ALL, FIRST_SOLUTION};
use crate::{format_count, format_seconds, format_size};

/// Counting times by n: each id's median at that size.
type Sizes<'a> = BTreeMap<usize, Vec<(&'a str, f64)>>;

/// The summary's sentences, one per bullet.
pub(super) fn summary_lines(data: &Data<'_>) -> Vec<String> {
    let count = data.estimates(COUNT_ALL);
    let mut sizes: Sizes<'_> = BTreeMap::new();
    for (id, points) in &count {
        for (n, e) in points {
            sizes.entry(*n).or_default().push((id, e.median.point));
        }
    }
    let mut lines: Vec<String> = [count_ratios(&sizes), permutation_contrast(&sizes)]
        .into_iter()
        .flatten()
        .collect();
    for (id, points) in &count {
        let times: Vec<(usize, f64)> = points.iter().map(|(n, e)| (*n, e.median.point)).collect();
        lines.push(count_growth(id, &times));
    }
    for (id, points) in data.estimates(FIRST_SOLUTION) {
        let times: Vec<(usize, f64)> = points.iter().map(|(n, e)| (*n, e.median.point)).collect();
        lines.extend(first_growth(&id, &times));
    }
    for (n, list) in yardstick_rows(data) {
        lines.extend(yardstick_line(n, &list));
    }
    lines.extend(seed_spread(data));
    if lines.is_empty() {
        lines.push("Not enough data for a summary.".to_string());
    }
    lines
}

/// The comparison at n = 12 (the size the project's documents discuss), or the largest n where
/// two or more strategies finished.
fn count_ratios(sizes: &Sizes<'_>) -> Option<String> {
    let (n, list) = sizes
        .get_key_value(&12)
        .filter(|(_, l)| l.len() >= 2)
        .or_else(|| sizes.iter().rev().find(|(_, l)| l.len() >= 2))?;
    let mut list = list.clone();
    list.sort_by(|a, b| a.1.total_cmp(&b.1));
    let (best, best_t) = list[0];
    let others: Vec<String> = list[1..]
        .iter()
        .map(|(id, t)| format!("`{id}` {:.1}× slower", t / best_t))
        .collect();
    Some(format!(
        "Counting at n = {n}: `{best}` is fastest ({}); {}.",
        format_seconds(best_t),
        others.join(", ")
    ))
}

/// The contrast the project's documents draw: permutation filtering against bitmask
/// backtracking on the same board, at the largest n up to 12 where both ran.
fn permutation_contrast(sizes: &Sizes<'_>) -> Option<String> {
    let time_at = |n: usize, id: &str| {
        sizes
            .get(&n)
            .and_then(|list| list.iter().find(|(i, _)| *i == id))
            .map(|p| p.1)
    };
    let (n, p, b) = sizes
        .keys()
        .rev()
        .filter(|&&n| n <= 12)
        .find_map(|&n| Some((n, time_at(n, "permutation")?, time_at(n, "bitmask")?)))?;
    (b > 0.0).then(|| {
        format!(
            "At n = {n} permutation filtering (`permutation`, {}) is {:.0}× slower than bitmask \
             backtracking (`bitmask`, {}).",
            format_seconds(p),
            p / b,
            format_seconds(b)
        )
    })
}

/// How a strategy's counting time grows per extra row, or why there is no fit.
fn count_growth(id: &str, times: &[(usize, f64)]) -> String {
    match fits::per_row(times) {
        Some(fit) => format!(
            "`{id}` counting time grows ×{:.2} per extra row (exponential fit over n = {}..{}).",
            fit.rate, fit.from, fit.to
        ),
        None => format!(
            "`{id}` counting: no growth fit, fewer than three sizes take clearly longer than \
             its fixed cost ({} at n = {}).",
            format_seconds(times.iter().map(|p| p.1).fold(f64::INFINITY, f64::min)),
            times.first().map_or(0, |p| p.0)
        ),
    }
}

/// How a strategy's time to a first solution grows with n, and its largest n.
fn first_growth(id: &str, times: &[(usize, f64)]) -> Option<String> {
    let (n, t) = times.last().copied()?;
    Some(match fits::power(times) {
        Some(fit) => format!(
            "`{id}` first solution: time ∝ n^{:.2} (log–log fit over n = {}..{}); n = {} in {}.",
            fit.rate,
            format_size(fit.from),
            format_size(fit.to),
            format_size(n),
            format_seconds(t)
        ),
        None => format!(
            "`{id}` first solution: largest n measured {} ({}).",
            format_size(n),
            format_seconds(t)
        ),
    })
}

/// The yardstick at one size: each Rust time against the C program's, fastest first.
fn yardstick_line(n: usize, list: &[YardstickTime]) -> Option<String> {
    let c = list.iter().find(|t| t.is_c())?;
    let mut others: Vec<&YardstickTime> = list.iter().filter(|t| t.id != c.id).collect();
    if others.is_empty() {
        return None;
    }
    others.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    let ratios: Vec<String> = others
        .iter()
        .map(|t| {
            format!(
                "`{}` {} than {} ({})",
                t.id,
                versus(c.seconds, t.seconds),
                c.id,
                format_seconds(t.seconds)
            )
        })
        .collect();
    Some(format!(
        "Yardstick at n = {n} (`{}` {}{}): {}.",
        c.id,
        format_seconds(c.seconds),
        if c.by_criterion { "" } else { ", one run each" },
        ratios.join(", ")
    ))
}

/// The spread over seeds of the largest randomized case.
fn seed_spread(data: &Data<'_>) -> Option<String> {
    let case = data.seeded.iter().max_by_key(|s| s.n)?;
    let m = spread(0.0, &values(&case.runs, |r| r.stats.moves));
    let t = spread(0.0, &seconds(&case.runs));
    Some(format!(
        "`{}` at n = {} over {} seeds: median {} moves ({} – {}), {} per run ({} – {}).",
        case.id,
        format_size(case.n),
        case.runs.len(),
        format_count(m.y),
        format_count(m.low),
        format_count(m.high),
        format_seconds(t.y),
        format_seconds(t.low),
        format_seconds(t.high)
    ))
}
