//! The summary's lead, also the project README's block `tradeoffs`: the tradeoffs its "What
//! each one teaches" names, computed from the run, one sentence each (left out when the run did
//! not measure its cases).

use super::data::{Data, spread, values};
use super::memory::{count_costs, summary_line, verdict};
use super::tables::{times, yardstick_rows};
use crate::group::{COUNT_ALL, FIRST_SOLUTION};
use crate::{CaseStatus, format_bytes, format_count, format_seconds, format_size};

/// The smallest size whose counting time is more search than the fixed cost of a call.
const FROM_N: usize = 8;

/// The lead sentences, in the README's order of the families.
pub(super) fn tradeoff_lines(data: &Data<'_>) -> Vec<String> {
    let lines = [
        backtracking(data),
        permutation(data),
        symmetry(data),
        verdict(&count_costs(data)).map(|v| summary_line(Some(&v))),
        against_c(data),
        breadth(data),
        guided(data),
        dlx(data),
        local_search(data),
        reach(data),
    ];
    lines.into_iter().flatten().collect()
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

/// The search nodes of one case (the median over seeds), when it counted any.
fn nodes(data: &Data<'_>, group: &str, id: &str, n: usize) -> Option<f64> {
    let nodes = values(&data.records(group, id, n), |r| r.stats.nodes);
    (!nodes.is_empty())
        .then(|| spread(0.0, &nodes).y)
        .filter(|v| *v > 0.0)
}

/// The heap peak the bench measured for one case.
fn heap(data: &Data<'_>, group: &str, id: &str, n: usize) -> Option<u64> {
    let runs = data.records(group, id, n);
    runs.iter()
        .map(|r| r.heap_peak_bytes)
        .max()
        .filter(|b| *b > 0)
}

/// The sizes where both ids have a time, increasing.
fn common(data: &Data<'_>, group: &str, a: &str, b: &str) -> Vec<usize> {
    let theirs = sizes(data, group, b);
    let mut ours = sizes(data, group, a);
    ours.retain(|n| theirs.contains(n));
    ours
}

/// `bitmask` against `vector`: the speed-up, and how much of it is mirror halving.
fn backtracking(data: &Data<'_>) -> Option<String> {
    let mut sizes = common(data, COUNT_ALL, "vector", "bitmask");
    sizes.retain(|&n| n >= FROM_N);
    let speedup =
        |n| Some(time(data, COUNT_ALL, "vector", n)? / time(data, COUNT_ALL, "bitmask", n)?);
    let ratios: Vec<f64> = sizes.iter().filter_map(|&n| speedup(n)).collect();
    let (&first, &last) = (sizes.first()?, sizes.last()?);
    let mut line = format!(
        "Backtracking: `bitmask` counts {} faster than `vector` over n = {first}..{last} \
         (the same tree, three machine words instead of a scan of the placed rows)",
        range(&ratios)?
    );
    if let Some((v, b)) =
        nodes(data, COUNT_ALL, "vector", last).zip(nodes(data, COUNT_ALL, "bitmask", last))
    {
        let halving = v / b;
        let cheaper = speedup(last)? / halving;
        let (b, v) = (format_count(b), format_count(v));
        line.push_str(&format!(
            "; at n = {last}, {halving:.2}× of it is mirror halving ({b} nodes against {v}) \
             and {cheaper:.0}× the cheaper node"
        ));
    }
    Some(line + ".")
}

/// `permutation` against `bitmask` at the largest n up to 12 both counted.
fn permutation(data: &Data<'_>) -> Option<String> {
    let common = common(data, COUNT_ALL, "permutation", "bitmask");
    let n = *common.iter().rev().find(|&&n| n <= 12)?;
    let p = time(data, COUNT_ALL, "permutation", n)?;
    let b = time(data, COUNT_ALL, "bitmask", n)?;
    Some(format!(
        "Permutation filtering, the brute-force baseline: at n = {n} `permutation` ({}) is \
         {:.0}× slower than `bitmask` ({}).",
        format_seconds(p),
        p / b,
        format_seconds(b)
    ))
}

/// `symmetry` against `bitmask` at the largest n both counted.
fn symmetry(data: &Data<'_>) -> Option<String> {
    let n = *common(data, COUNT_ALL, "symmetry", "bitmask").last()?;
    let s = time(data, COUNT_ALL, "symmetry", n)?;
    let b = time(data, COUNT_ALL, "bitmask", n)?;
    let counted = nodes(data, COUNT_ALL, "symmetry", n).zip(nodes(data, COUNT_ALL, "bitmask", n));
    let placing = counted.map_or(String::new(), |(sn, bn)| {
        let (share, s, b) = (sn / bn, format_count(sn), format_count(bn));
        format!(", placing {share:.2}× the queens `bitmask` places ({s} against {b})")
    });
    Some(format!(
        "Counting by symmetry: at n = {n} `symmetry` counts {} than `bitmask` ({} against \
         {}){placing}.",
        times(b / s, "faster", "slower"),
        format_seconds(s),
        format_seconds(b)
    ))
}

/// `quadrants` against `count.c` where both were timed, then alone at the larger sizes.
fn against_c(data: &Data<'_>) -> Option<String> {
    let (mut ratios, mut alone) = (Vec::new(), Vec::new());
    for (n, list) in yardstick_rows(data) {
        let time = |id: &str| {
            let t = list.iter().find(|t| t.id == id)?;
            Some(t.seconds).filter(|s| *s > 0.0)
        };
        match (time("count.c"), time("quadrants-t1"), time("quadrants-t2")) {
            (Some(c), Some(one), _) => {
                ratios.push(format!("{} at n = {n}", times(c / one, "faster", "slower")))
            }
            (None, Some(one), two) => {
                let two = two.map_or(String::new(), |t| {
                    format!(" ({} on two)", format_seconds(t))
                });
                alone.push(format!("n = {n} in {}{two}", format_seconds(one)));
            }
            (None, None, Some(two)) => {
                alone.push(format!("n = {n} in {} on two", format_seconds(two)));
            }
            _ => {}
        }
    }
    let (ratios, alone) = (ratios.join(", "), alone.join(", "));
    let line = match (ratios.is_empty(), alone.is_empty()) {
        (true, true) => return None,
        (false, true) => {
            format!("Counting against C: `quadrants` on one thread against `count.c`: {ratios}")
        }
        (false, false) => format!(
            "Counting against C: `quadrants` on one thread against `count.c`: {ratios}; \
             alone, it counts {alone}"
        ),
        (true, false) => {
            format!("Counting by joining, alone: `quadrants` on one thread counts {alone}")
        }
    };
    Some(line + ".")
}

/// `breadth` against `vector`: time, nodes and the frontier's memory.
fn breadth(data: &Data<'_>) -> Option<String> {
    let n = *common(data, COUNT_ALL, "breadth", "vector").last()?;
    let b = time(data, COUNT_ALL, "breadth", n)?;
    let v = time(data, COUNT_ALL, "vector", n)?;
    let counted = nodes(data, COUNT_ALL, "breadth", n).zip(nodes(data, COUNT_ALL, "vector", n));
    let visiting = counted.map_or(String::new(), |(bn, vn)| {
        let same = if (bn / vn - 1.0).abs() < 1e-9 {
            "the same".to_string()
        } else {
            format!("{:.2}× the", bn / vn)
        };
        format!(" visiting {same} nodes ({})", format_count(bn))
    });
    let largest = *sizes(data, COUNT_ALL, "breadth").last()?;
    let heaps =
        heap(data, COUNT_ALL, "breadth", largest).zip(heap(data, COUNT_ALL, "vector", largest));
    let frontier = heaps.map_or(String::new(), |(heap, vheap)| {
        let (heap, vheap) = (format_bytes(heap), format_bytes(vheap));
        format!(", but its frontier holds {heap} at n = {largest} where `vector` holds {vheap}")
    });
    let faster = times(v / b, "faster", "slower");
    Some(format!(
        "Breadth-first extension: at n = {n} `breadth` counts {faster} than `vector`{visiting}\
         {frontier}."
    ))
}

/// Guided search against `bitmask`: the nodes to a first solution.
fn guided(data: &Data<'_>) -> Option<String> {
    let guided = ["warnsdorff-faithful", "warnsdorff"]
        .into_iter()
        .find(|id| !common(data, FIRST_SOLUTION, id, "bitmask").is_empty())?;
    let n = *common(data, FIRST_SOLUTION, guided, "bitmask").last()?;
    let g = format_count(nodes(data, FIRST_SOLUTION, guided, n)?);
    let b = format_count(nodes(data, FIRST_SOLUTION, "bitmask", n)?);
    let gt = format_seconds(time(data, FIRST_SOLUTION, guided, n)?);
    let bt = format_seconds(time(data, FIRST_SOLUTION, "bitmask", n)?);
    Some(format!(
        "Guided search: to a first solution at n = {n}, `{guided}` visits {g} nodes against \
         `bitmask`'s {b} ({gt} against {bt})."
    ))
}

/// Dancing links against the backtrackers: nodes and time per node when counting.
fn dlx(data: &Data<'_>) -> Option<String> {
    let n = *common(data, COUNT_ALL, "dlx", "bitmask")
        .iter()
        .rev()
        .find(|&&n| nodes(data, COUNT_ALL, "vector", n).is_some())?;
    let d = nodes(data, COUNT_ALL, "dlx", n)?;
    let v = nodes(data, COUNT_ALL, "vector", n)?;
    let b = nodes(data, COUNT_ALL, "bitmask", n)?;
    let dt = time(data, COUNT_ALL, "dlx", n)?;
    let bt = time(data, COUNT_ALL, "bitmask", n)?;
    Some(format!(
        "Exact cover: counting at n = {n}, `dlx` visits {} of `vector`'s nodes and {} of \
         `bitmask`'s ({} against {} and {}), but pays {:.0}× `bitmask`'s time per node, so \
         it counts {} than `bitmask`.",
        share(d / v),
        share(d / b),
        format_count(d),
        format_count(v),
        format_count(b),
        (dt / d) / (bt / b),
        times(dt / bt, "slower", "faster"),
    ))
}

/// The local searches against `min-conflicts`, and the GA against its control.
fn local_search(data: &Data<'_>) -> Option<String> {
    let mut parts = Vec::new();
    for rival in ["annealing", "genetic", "hill-climbing"] {
        let Some(&n) = common(data, FIRST_SOLUTION, "min-conflicts", rival).last() else {
            continue;
        };
        let m = time(data, FIRST_SOLUTION, "min-conflicts", n)?;
        let r = time(data, FIRST_SOLUTION, rival, n)?;
        parts.push(format!(
            "`{rival}` is {} than `min-conflicts` at n = {} ({} against {})",
            times(r / m, "slower", "faster"),
            format_size(n),
            format_seconds(r),
            format_seconds(m)
        ));
    }
    let control = common(data, FIRST_SOLUTION, "genetic", "genetic-mutation");
    if let Some(&n) = control.last() {
        let g = time(data, FIRST_SOLUTION, "genetic", n)?;
        let m = time(data, FIRST_SOLUTION, "genetic-mutation", n)?;
        parts.push(format!(
            "without crossover, `genetic-mutation` is {} than `genetic` at n = {}",
            times(g / m, "faster", "slower"),
            format_size(n)
        ));
    }
    (!parts.is_empty()).then(|| format!("Local search: {}.", parts.join("; ")))
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
    if reach.is_empty() {
        return None;
    }
    reach.sort_by_key(|(n, _)| *n);
    let list: Vec<String> = reach.into_iter().map(|(_, text)| text).collect();
    Some(format!(
        "Where each stops scaling, the largest n timed to a first solution: {}.",
        list.join(", ")
    ))
}

/// The span of `ratios`: `40×` or `40–52×`.
fn range(ratios: &[f64]) -> Option<String> {
    let lo = ratios.iter().copied().reduce(f64::min)?;
    let hi = ratios.iter().copied().reduce(f64::max)?;
    if format!("{lo:.0}") == format!("{hi:.0}") {
        Some(format!("{lo:.0}×"))
    } else {
        Some(format!("{lo:.0}–{hi:.0}×"))
    }
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
    fn ratios_read_as_words() {
        assert_eq!(share(0.251), "a quarter (0.25×)");
        assert_eq!(share(0.5), "half (0.50×)");
        assert_eq!(share(0.7), "0.70×");
        assert_eq!(range(&[52.4, 40.2, 44.0]).unwrap(), "40–52×");
        assert_eq!(range(&[40.2, 40.4]).unwrap(), "40×");
        assert_eq!(range(&[]), None);
    }
}
