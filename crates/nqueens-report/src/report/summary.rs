//! The README's summary: the tradeoffs first ([`super::tradeoffs`]), then the figures behind
//! them (ratios, growth rates, the yardstick's speed-ups, the spread over seeds).

use super::charts::first_budget;
use super::data::{Data, Success, grouped, seconds, spread, values};
use super::fits;
use super::tables::{YardstickTime, times, yardstick_rows};
use crate::chart::Point;
use crate::group::{COUNT_ALL, FIRST_SOLUTION};
use crate::{format_count, format_seconds, format_size};
use std::collections::BTreeMap;

/// Counting times by n: each id's median at that size.
type Sizes<'a> = BTreeMap<usize, Vec<(&'a str, f64)>>;

/// The summary's sentences, one per bullet, led by the `tradeoffs`.
pub(super) fn summary_lines(data: &Data<'_>, tradeoffs: &[String]) -> Vec<String> {
    // Each series' medians by increasing n.
    let medians = |group| {
        let median = |(n, e): &(usize, &crate::Estimate)| (*n, e.median.point);
        let series = data.estimates(group).into_iter();
        series.map(move |(id, points)| (id, points.iter().map(median).collect()))
    };
    let count: Vec<(String, Vec<(usize, f64)>)> = medians(COUNT_ALL).collect();
    let mut sizes: Sizes<'_> = BTreeMap::new();
    for (id, times) in &count {
        for &(n, t) in times {
            sizes.entry(n).or_default().push((id, t));
        }
    }
    // The tradeoffs first, then the figures behind them.
    let mut lines = tradeoffs.to_vec();
    lines.extend(count_ratios(&sizes));
    lines.extend(count.iter().map(|(id, times)| count_growth(id, times)));
    lines.extend(medians(FIRST_SOLUTION).filter_map(|(id, times)| first_growth(&id, &times)));
    for (n, list) in yardstick_rows(data) {
        lines.extend(yardstick_line(n, &list));
    }
    lines.extend(seed_spread(data));
    lines.extend(success_verdicts(data));
    if lines.is_empty() {
        lines.push("Not enough data for a summary.".to_string());
    }
    lines.extend(symmetry_share());
    lines
}

/// How much of the count symmetry explains: the share of symmetric solutions at n = 8 and at
/// the largest n whose Q, P, R and classes are all published.
fn symmetry_share() -> Option<String> {
    use nqueens_core::known;
    let counts = |n: usize| {
        Some((
            known::all_solutions(n)?,
            known::unique_solutions(n)?,
            known::half_turn_solutions(n)?,
            known::quarter_turn_solutions(n)?,
        ))
    };
    let (last, (q, unique, p, r)) = (1..=known::KNOWN_UP_TO)
        .rev()
        .find_map(|n| Some((n, counts(n)?)))?;
    let (q8, _, p8, _) = counts(8)?;
    // Classes of 4 and of 2 (Burnside: (P - R) / 4 and R / 2).
    let small = (p - r) / 4 + r / 2;
    Some(format!(
        "Symmetry explains a vanishing part of the count: {:.1}% of the solutions are symmetric \
         under a half turn at n = 8, {:.1e} at n = {last} (P = {p} of Q = {q}, R = {r}), so all \
         but {small} of its {unique} classes have 8 solutions and Q / 8 gives the classes to \
         {:.1e} (Burnside: classes = (Q + P + 2R) / 8; chart `symmetric.svg`).",
        100.0 * p8 as f64 / q8 as f64,
        p as f64 / q as f64,
        (p + 2 * r) as f64 / (8 * unique) as f64,
    ))
}

/// The comparison at n = 12 (the size the documents discuss), else the largest n two finished.
fn count_ratios(sizes: &Sizes<'_>) -> Option<String> {
    let (n, list) = sizes
        .get_key_value(&12)
        .filter(|(_, l)| l.len() >= 2)
        .or_else(|| sizes.iter().rev().find(|(_, l)| l.len() >= 2))?;
    let mut list = list.clone();
    list.sort_by(|a, b| a.1.total_cmp(&b.1));
    let (best, best_t) = list[0];
    let other = |(id, t): &(&str, f64)| format!("`{id}` {}", times(t / best_t, "slower", "faster"));
    let others: Vec<String> = list[1..].iter().map(other).collect();
    Some(format!(
        "Counting at n = {n}: `{best}` is fastest ({}); {}.",
        format_seconds(best_t),
        others.join(", ")
    ))
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

/// How a strategy's time to a first solution grows with n, where it can be fitted.
fn first_growth(id: &str, times: &[(usize, f64)]) -> Option<String> {
    let (n, t) = times.last().copied()?;
    let fit = fits::power(times)?;
    let (rate, from, to) = (fit.rate, format_size(fit.from), format_size(fit.to));
    let (n, t) = (format_size(n), format_seconds(t));
    Some(format!(
        "`{id}` first solution: time ∝ n^{rate:.2} (log–log fit over n = {from}..{to}); n = {n} \
         in {t}."
    ))
}

/// The yardstick at one size: each Rust time against the C program's, fastest first.
fn yardstick_line(n: usize, list: &[YardstickTime]) -> Option<String> {
    let c = list.iter().find(|t| t.is_c())?;
    let mut others: Vec<&YardstickTime> = list.iter().filter(|t| t.id != c.id).collect();
    if others.is_empty() {
        return None;
    }
    others.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    let said = |t: &&YardstickTime| {
        let ratio = times(c.seconds / t.seconds, "faster", "slower");
        let (id, took) = (&t.id, format_seconds(t.seconds));
        format!("`{id}` {ratio} than {} ({took})", c.id)
    };
    let ratios = others.iter().map(said).collect::<Vec<_>>().join(", ");
    let (id, took) = (&c.id, format_seconds(c.seconds));
    let each = if c.by_criterion { "" } else { ", one run each" };
    Some(format!(
        "Yardstick at n = {n} (`{id}` {took}{each}): {ratios}."
    ))
}

/// How far one randomized case solves every seed within the budget: up to `all_up_to`, some
/// short at the sizes `short` (`n = 3,000: 0 of 10`), `seeds` at most per size.
struct Reach<'a> {
    id: &'a str,
    strategy: &'a str,
    all_up_to: Option<usize>,
    short: Vec<String>,
    seeds: usize,
}

impl Reach<'_> {
    /// `` `id` solved every seed up to n = 1,000 (n = 3,000: 0 of 10) ``.
    fn clause(&self) -> String {
        let up_to = (self.all_up_to).map(|n| format!("up to n = {}", format_size(n)));
        let up_to = up_to.unwrap_or_else(|| "at none of its sizes".to_string());
        let short = (!self.short.is_empty()).then(|| self.short.join("; "));
        let short = short.unwrap_or_else(|| "every size run".to_string());
        format!("`{}` solved every seed {up_to} ({short})", self.id)
    }
}

/// Each randomized case's reach: how far it solves every seed, and where it falls short.
fn reaches<'a>(data: &'a Data<'_>) -> Vec<Reach<'a>> {
    let by_id = grouped(&data.success, |case| case.id.as_str());
    let reach = |(id, sizes): (&'a str, Vec<&'a Success<'_>>)| {
        // By n: the run of sizes with every seed solved ends at the first shortfall.
        let solved = sizes.iter().take_while(|case| case.all()).last();
        Reach {
            id,
            strategy: &sizes[0].strategy,
            all_up_to: solved.map(|case| case.n),
            short: (sizes.iter().filter(|case| !case.all()))
                .map(|c| format!("n = {}: {} of {}", format_size(c.n), c.solved, c.tried))
                .collect(),
            seeds: sizes.iter().map(|case| case.tried).max().unwrap_or(0),
        }
    };
    by_id.into_iter().map(reach).collect()
}

/// One sentence per randomized strategy (its variants together): how far each solves every
/// seed within the probe budget, where it falls short, against the case that reaches farthest.
fn success_verdicts(data: &Data<'_>) -> Vec<String> {
    let reaches = reaches(data);
    let reaching = reaches.iter().filter(|r| r.all_up_to.is_some());
    let farthest = reaching.max_by_key(|r| (r.all_up_to, std::cmp::Reverse(r.short.len())));
    let budget = data.meta("probe budget").and_then(first_budget);
    let budget = budget.map_or(String::new(), |b| format!(", {b} a run"));
    let families = grouped(&reaches, |r| r.strategy);
    let sentence = |(strategy, family): (&str, Vec<&Reach<'_>>)| {
        let seeds = family.iter().map(|r| r.seeds).max().unwrap_or(0);
        let clauses: Vec<String> = family.iter().map(|r| r.clause()).collect();
        let against = match farthest {
            Some(best) if best.strategy != strategy => {
                let (id, n) = (best.id, format_size(best.all_up_to.unwrap_or(0)));
                format!("; against `{id}`, which solved every seed up to n = {n}")
            }
            Some(_) => ": the farthest of the randomized strategies".to_string(),
            None => String::new(),
        };
        let clauses = clauses.join("; ");
        format!("Within the probe budget ({seeds} seeds{budget}): {clauses}{against}.")
    };
    families.into_iter().map(sentence).collect()
}

/// The spread over seeds of the largest randomized first-solution case (two seeds or more).
fn seed_spread(data: &Data<'_>) -> Option<String> {
    let seeded = data.measured(FIRST_SOLUTION).filter(|r| r.seed.is_some());
    let cases = grouped(seeded, |r| (r.id.as_str(), r.n)).into_iter();
    let ((id, n), runs) = cases
        .filter(|(_, runs)| runs.len() >= 2)
        .max_by_key(|((_, n), _)| *n)?;
    let m = spread(0.0, &values(&runs, |r| r.stats.moves));
    let t = spread(0.0, &seconds(&runs));
    // `3 moves (1 – 5)`
    let said = |p: Point, unit: &str, f: fn(f64) -> String| {
        format!("{} {unit} ({} – {})", f(p.y), f(p.low), f(p.high))
    };
    let moves = said(m, "moves", format_count);
    let time = said(t, "per run", format_seconds);
    let (n, seeds) = (format_size(n), runs.len());
    Some(format!(
        "`{id}` at n = {n} over {seeds} seeds: median {moves}, {time}."
    ))
}
