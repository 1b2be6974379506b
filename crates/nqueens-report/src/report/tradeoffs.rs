//! The summary's lead: the tradeoffs the project README's "What each one teaches" names,
//! computed from the run (speed-ups, node ratios, where each family stops scaling), one
//! sentence each. A sentence whose cases the run did not measure is left out.
//!
//! The same sentences fill the block `tradeoffs` ([`crate::project`]) in the project's README,
//! so that its figures are this run's, never copied by hand.

use super::data::{Data, spread, values};
use super::memory::{count_costs, summary_line, verdict};
use super::tables::yardstick_rows;
use crate::group::{COUNT_ALL, FIRST_SOLUTION};
use crate::{CaseStatus, format_bytes, format_count, format_seconds, format_size};

/// The smallest size whose counting time says something about the search rather than the fixed
/// cost of a call.
const FROM_N: usize = 8;

/// The lead sentences, in the README's order of the families.
pub(super) fn tradeoff_lines(data: &Data<'_>) -> Vec<String> {
    let facts = Facts { data };
    let lines = [
        facts.backtracking(),
        facts.permutation(),
        facts.symmetry(),
        verdict(&count_costs(data)).map(|v| summary_line(Some(&v))),
        facts.against_c(),
        facts.breadth(),
        facts.guided(),
        facts.dlx(),
        facts.local_search(),
        facts.reach(),
    ];
    lines
        .into_iter()
        .flatten()
        .filter(|l| !l.is_empty())
        .collect()
}

/// Looks up the run's figures by group, label and n.
struct Facts<'d, 'a> {
    data: &'d Data<'a>,
}

impl Facts<'_, '_> {
    /// Criterion's median time of one case.
    fn time(&self, group: &str, id: &str, n: usize) -> Option<f64> {
        self.data.median(group, id, n).filter(|t| *t > 0.0)
    }

    /// The sizes of `id` in `group` with a time, increasing.
    fn sizes(&self, group: &str, id: &str) -> Vec<usize> {
        let series = self.data.estimates(group).into_iter();
        let points = series
            .filter(|(i, _)| i == id)
            .flat_map(|(_, points)| points);
        points.map(|(n, _)| n).collect()
    }

    /// The search nodes of one case (the median over seeds), when it counted any.
    fn nodes(&self, group: &str, id: &str, n: usize) -> Option<f64> {
        let nodes = values(&self.data.records(group, id, n), |r| r.stats.nodes);
        (!nodes.is_empty())
            .then(|| spread(0.0, &nodes).y)
            .filter(|v| *v > 0.0)
    }

    /// The heap peak the bench measured for one case.
    fn heap(&self, group: &str, id: &str, n: usize) -> Option<u64> {
        let runs = self.data.records(group, id, n);
        runs.iter()
            .map(|r| r.heap_peak_bytes)
            .max()
            .filter(|b| *b > 0)
    }

    /// The sizes where both ids have a time, increasing.
    fn common(&self, group: &str, a: &str, b: &str) -> Vec<usize> {
        let theirs = self.sizes(group, b);
        let mut ours = self.sizes(group, a);
        ours.retain(|n| theirs.contains(n));
        ours
    }

    /// `bitmask` against `vector`: the speed-up over the sizes both counted, and how much of it
    /// is mirror halving (the nodes it skips) rather than cheaper nodes.
    fn backtracking(&self) -> Option<String> {
        let mut sizes = self.common(COUNT_ALL, "vector", "bitmask");
        sizes.retain(|&n| n >= FROM_N);
        let speedup =
            |n| Some(self.time(COUNT_ALL, "vector", n)? / self.time(COUNT_ALL, "bitmask", n)?);
        let ratios: Vec<f64> = sizes.iter().filter_map(|&n| speedup(n)).collect();
        let (&first, &last) = (sizes.first()?, sizes.last()?);
        let (lo, hi) = min_max(&ratios)?;
        let mut line = format!(
            "Backtracking: `bitmask` counts {} faster than `vector` over n = {first}..{last} \
             (the same tree, three machine words instead of a scan of the placed rows)",
            range(lo, hi)
        );
        if let (Some(v), Some(b)) = (
            self.nodes(COUNT_ALL, "vector", last),
            self.nodes(COUNT_ALL, "bitmask", last),
        ) {
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

    /// Permutation filtering against bitmask backtracking at the largest n up to 12 where both
    /// counted.
    fn permutation(&self) -> Option<String> {
        let common = self.common(COUNT_ALL, "permutation", "bitmask");
        let n = *common.iter().rev().find(|&&n| n <= 12)?;
        let p = self.time(COUNT_ALL, "permutation", n)?;
        let b = self.time(COUNT_ALL, "bitmask", n)?;
        Some(format!(
            "Permutation filtering, the brute-force baseline: at n = {n} `permutation` ({}) is \
             {:.0}× slower than `bitmask` ({}).",
            format_seconds(p),
            p / b,
            format_seconds(b)
        ))
    }

    /// The symmetry counter against bitmask backtracking at the largest n both counted.
    fn symmetry(&self) -> Option<String> {
        let n = *self.common(COUNT_ALL, "symmetry", "bitmask").last()?;
        let s = self.time(COUNT_ALL, "symmetry", n)?;
        let b = self.time(COUNT_ALL, "bitmask", n)?;
        let mut line = format!(
            "Counting by symmetry: at n = {n} `symmetry` counts {} than `bitmask` ({} against {})",
            times(b / s, "faster", "slower"),
            format_seconds(s),
            format_seconds(b)
        );
        if let (Some(sn), Some(bn)) = (
            self.nodes(COUNT_ALL, "symmetry", n),
            self.nodes(COUNT_ALL, "bitmask", n),
        ) {
            let (share, s, b) = (sn / bn, format_count(sn), format_count(bn));
            line.push_str(&format!(
                ", placing {share:.2}× the queens `bitmask` places ({s} against {b})"
            ));
        }
        Some(line + ".")
    }

    /// The joining counter against the C yardstick: `quadrants` on one thread against
    /// `count.c` wherever both were timed, then its times alone at the larger sizes, on one
    /// thread and on two.
    fn against_c(&self) -> Option<String> {
        let (mut ratios, mut alone) = (Vec::new(), Vec::new());
        for (n, list) in yardstick_rows(self.data) {
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

    /// Breadth-first extension against `vector`: the same nodes, the time per node, and the
    /// frontier's memory.
    fn breadth(&self) -> Option<String> {
        let n = *self.common(COUNT_ALL, "breadth", "vector").last()?;
        let b = self.time(COUNT_ALL, "breadth", n)?;
        let v = self.time(COUNT_ALL, "vector", n)?;
        let mut line = format!(
            "Breadth-first extension: at n = {n} `breadth` counts {} than `vector`",
            times(v / b, "faster", "slower")
        );
        if let (Some(bn), Some(vn)) = (
            self.nodes(COUNT_ALL, "breadth", n),
            self.nodes(COUNT_ALL, "vector", n),
        ) {
            let same = if (bn / vn - 1.0).abs() < 1e-9 {
                "the same".to_string()
            } else {
                format!("{:.2}× the", bn / vn)
            };
            line.push_str(&format!(" visiting {same} nodes ({})", format_count(bn)));
        }
        let largest = *self.sizes(COUNT_ALL, "breadth").last()?;
        if let (Some(heap), Some(vheap)) = (
            self.heap(COUNT_ALL, "breadth", largest),
            self.heap(COUNT_ALL, "vector", largest),
        ) {
            let (heap, vheap) = (format_bytes(heap), format_bytes(vheap));
            line.push_str(&format!(
                ", but its frontier holds {heap} at n = {largest} where `vector` holds {vheap}"
            ));
        }
        Some(line + ".")
    }

    /// Guided depth-first search against lexicographic backtracking: the nodes to a first
    /// solution at the largest n both reached.
    fn guided(&self) -> Option<String> {
        let guided = ["warnsdorff-faithful", "warnsdorff"]
            .into_iter()
            .find(|id| !self.common(FIRST_SOLUTION, id, "bitmask").is_empty())?;
        let n = *self.common(FIRST_SOLUTION, guided, "bitmask").last()?;
        let g = format_count(self.nodes(FIRST_SOLUTION, guided, n)?);
        let b = format_count(self.nodes(FIRST_SOLUTION, "bitmask", n)?);
        let gt = format_seconds(self.time(FIRST_SOLUTION, guided, n)?);
        let bt = format_seconds(self.time(FIRST_SOLUTION, "bitmask", n)?);
        Some(format!(
            "Guided search: to a first solution at n = {n}, `{guided}` visits {g} nodes against \
             `bitmask`'s {b} ({gt} against {bt})."
        ))
    }

    /// Dancing links against the backtrackers: nodes and time per node when counting.
    fn dlx(&self) -> Option<String> {
        let n = *self
            .common(COUNT_ALL, "dlx", "bitmask")
            .iter()
            .rev()
            .find(|&&n| self.nodes(COUNT_ALL, "vector", n).is_some())?;
        let d = self.nodes(COUNT_ALL, "dlx", n)?;
        let v = self.nodes(COUNT_ALL, "vector", n)?;
        let b = self.nodes(COUNT_ALL, "bitmask", n)?;
        let dt = self.time(COUNT_ALL, "dlx", n)?;
        let bt = self.time(COUNT_ALL, "bitmask", n)?;
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

    /// The local searches against each other at the largest n they all reached, and the GA
    /// against its control without crossover.
    fn local_search(&self) -> Option<String> {
        let mut parts = Vec::new();
        for rival in ["annealing", "genetic", "hill-climbing"] {
            let Some(&n) = self.common(FIRST_SOLUTION, "min-conflicts", rival).last() else {
                continue;
            };
            let m = self.time(FIRST_SOLUTION, "min-conflicts", n)?;
            let r = self.time(FIRST_SOLUTION, rival, n)?;
            parts.push(format!(
                "`{rival}` is {} than `min-conflicts` at n = {} ({} against {})",
                times(r / m, "slower", "faster"),
                format_size(n),
                format_seconds(r),
                format_seconds(m)
            ));
        }
        let control = self.common(FIRST_SOLUTION, "genetic", "genetic-mutation");
        if let Some(&n) = control.last() {
            let g = self.time(FIRST_SOLUTION, "genetic", n)?;
            let m = self.time(FIRST_SOLUTION, "genetic-mutation", n)?;
            parts.push(format!(
                "without crossover, `genetic-mutation` is {} than `genetic` at n = {}",
                times(g / m, "faster", "slower"),
                format_size(n)
            ));
        }
        (!parts.is_empty()).then(|| format!("Local search: {}.", parts.join("; ")))
    }

    /// Where each first-solution series ends: the largest n measured, and the size that ran
    /// past the probe budget, if one did; farthest last.
    fn reach(&self) -> Option<String> {
        let mut reach: Vec<(usize, String)> = Vec::new();
        for (id, points) in self.data.estimates(FIRST_SOLUTION) {
            let Some(&(n, _)) = points.last() else {
                continue;
            };
            let over = |r: &&crate::CaseRecord| {
                r.group == FIRST_SOLUTION
                    && r.id == id
                    && r.n > n
                    && r.status == CaseStatus::OverBudget
            };
            let stopped = self.data.records.iter().filter(over).map(|r| r.n).min();
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
}

/// `40×` or `40–52×`.
fn range(lo: f64, hi: f64) -> String {
    if format!("{lo:.0}") == format!("{hi:.0}") {
        format!("{lo:.0}×")
    } else {
        format!("{lo:.0}–{hi:.0}×")
    }
}

/// `3.2× faster`, or the other word and the inverse ratio below 1.
fn times(ratio: f64, above: &str, below: &str) -> String {
    let (ratio, word) = if ratio >= 1.0 {
        (ratio, above)
    } else {
        (1.0 / ratio, below)
    };
    if ratio >= 10.0 {
        format!("{ratio:.0}× {word}")
    } else {
        format!("{ratio:.1}× {word}")
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

fn min_max(values: &[f64]) -> Option<(f64, f64)> {
    let lo = values.iter().copied().reduce(f64::min)?;
    let hi = values.iter().copied().reduce(f64::max)?;
    Some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_read_as_words() {
        assert_eq!(share(0.251), "a quarter (0.25×)");
        assert_eq!(share(0.5), "half (0.50×)");
        assert_eq!(share(0.7), "0.70×");
        assert_eq!(times(0.25, "faster", "slower"), "4.0× slower");
        assert_eq!(times(42.4, "faster", "slower"), "42× faster");
        assert_eq!(range(40.2, 52.4), "40–52×");
        assert_eq!(range(40.2, 40.4), "40×");
    }
}
