//! The two sources of a report, indexed: criterion's estimates that belong to the run, and the
//! statistics rows grouped by case.

use nqueens_core::{StatField, Stats};

use super::ReportInput;
use crate::chart::Point;
use crate::data::baseline::measured_case;
use crate::data::median_range;
use crate::group::FIRST_SOLUTION;
use crate::{CaseRecord, CaseStatus, Estimate, Styles};

/// The estimates and records of one report, indexed.
pub(super) struct Data<'a> {
    pub(super) input: &'a ReportInput,
    /// Every statistics row, in file order.
    pub(super) records: &'a [CaseRecord],
    /// Criterion's estimates that belong to the run the statistics describe.
    pub(super) estimates: Vec<&'a Estimate>,
    /// Estimates left out as leftovers of earlier runs.
    pub(super) stale: Vec<&'a Estimate>,
    /// Success within the budget of every randomized first-solution case ([`success_rates`]).
    pub(super) success: Vec<Success<'a>>,
    /// The look of every series, by the registry's order.
    styles: Styles,
}

/// How often one randomized case (`id`, of the registry's `strategy`) found a solution within
/// the bench's budget at size `n`: `solved` of the seeds `tried` (those that found one, ran
/// past the time budget, or ended with an error), found by `runs`.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Success<'a> {
    pub(super) id: String,
    pub(super) strategy: String,
    pub(super) n: usize,
    pub(super) solved: usize,
    pub(super) tried: usize,
    pub(super) runs: Vec<&'a CaseRecord>,
}

impl Success<'_> {
    pub(super) fn percent(&self) -> f64 {
        // With no seed tried none was solved: 0%.
        100.0 * self.solved as f64 / self.tried.max(1) as f64
    }

    pub(super) fn all(&self) -> bool {
        self.tried > 0 && self.solved == self.tried
    }
}

/// A series of one group: a function id and its estimates by increasing n.
pub(super) type TimeSeries<'a> = (String, Vec<(usize, &'a Estimate)>);

impl<'a> Data<'a> {
    pub(super) fn new(input: &'a ReportInput) -> Self {
        let records = input.stats.as_ref().map_or(&[][..], |s| &s.records[..]);
        // Criterion keeps the results of every case it ever ran; with the statistics at hand,
        // only the cases they list as measured belong to this run.
        // With the run manifest at hand, a result must also have been written while the run
        // that measured its case was going on: a leftover of an earlier run of the same case
        // (an interrupted rerun, say) is not this run's.
        let (estimates, stale): (Vec<&Estimate>, Vec<&Estimate>) =
            input.criterion.estimates.iter().partition(|e| {
                input.stats.is_none()
                    || records.iter().any(|r| {
                        measured_case(r, e)
                            && (input.manifest.as_ref())
                                .is_none_or(|m| m.written_during(&r.run, e.written))
                    })
            });
        let labels = estimates
            .iter()
            .map(|e| e.function.as_str())
            .chain(records.iter().map(|r| r.id.as_str()));
        let styles = Styles::new(input.strategies.clone(), labels);
        Self {
            styles,
            input,
            records,
            estimates,
            stale,
            success: success_rates(records),
        }
    }

    /// The look (colour, marker, dash) of `label` ([`Styles::style`]).
    pub(super) fn style(&self, label: &str) -> usize {
        self.styles.style(label)
    }

    /// Criterion's median time of one case.
    pub(super) fn median(&self, group: &str, id: &str, n: usize) -> Option<f64> {
        let case = |e: &&&Estimate| e.group == group && e.function == id && e.n() == Some(n);
        Some(self.estimates.iter().find(case)?.median.point)
    }

    /// Estimates of `group`, by function id in first-seen order, each sorted by n.
    pub(super) fn estimates(&self, group: &str) -> Vec<TimeSeries<'a>> {
        let of_group = self.estimates.iter().filter(|e| e.group == group);
        let mut sorted: Vec<(usize, &Estimate)> =
            of_group.filter_map(|e| Some((e.n()?, *e))).collect();
        sorted.sort_by_key(|(n, e)| (self.style(&e.function), *n));
        grouped(sorted, |(_, e)| e.function.clone())
    }

    /// Measured records of `group`, in file order.
    pub(super) fn measured<'s>(
        &'s self,
        group: &'s str,
    ) -> impl Iterator<Item = &'a CaseRecord> + 's {
        self.records
            .iter()
            .filter(move |r| r.group == group && r.status == CaseStatus::Measured)
    }

    /// Measured records of `(group, id, n)`: one, or one per seed.
    pub(super) fn records(&self, group: &str, id: &str, n: usize) -> Vec<&'a CaseRecord> {
        self.measured(group)
            .filter(|r| r.id == id && r.n == n)
            .collect()
    }

    /// Whether the rows come from runs that cannot stand side by side (the report was asked
    /// to mix them): every table row then names its run.
    pub(super) fn mixed(&self) -> bool {
        let Some(manifest) = &self.input.manifest else {
            return false;
        };
        let mut runs = self.records.iter().filter_map(|r| manifest.run(&r.run));
        let Some(first) = runs.next() else {
            return false;
        };
        runs.any(|run| !first.differences(run).is_empty())
    }

    /// The commit and date of the run that measured `records` (the first that names one).
    pub(super) fn run_label(&self, records: &[&CaseRecord]) -> String {
        let manifest = self.input.manifest.as_ref();
        let run = records.iter().find_map(|r| manifest?.run(&r.run));
        run.map_or("-".to_string(), |run| {
            format!("{} {}", run.commit_label(), run.date())
        })
    }

    /// A value of the statistics file's metadata.
    pub(super) fn meta(&self, key: &str) -> Option<&'a str> {
        self.input.stats.as_ref().and_then(|s| s.meta(key))
    }
}

/// `items` grouped by `key`: the groups in first-seen order, each in `items`' order.
pub(super) fn grouped<K: PartialEq, T>(
    items: impl IntoIterator<Item = T>,
    key: impl Fn(&T) -> K,
) -> Vec<(K, Vec<T>)> {
    let mut groups: Vec<(K, Vec<T>)> = Vec::new();
    for item in items {
        let k = key(&item);
        match groups.iter_mut().find(|(g, _)| *g == k) {
            Some((_, list)) => list.push(item),
            None => groups.push((k, vec![item])),
        }
    }
    groups
}

/// The success rate of each randomized first-solution case: per (id, n), of the seeds probed
/// (every record with a seed, but those skipped after a smaller size failed), how many found a
/// solution within the budget. Ids keep their first-seen order; sizes are sorted.
pub(super) fn success_rates(records: &[CaseRecord]) -> Vec<Success<'_>> {
    let probed = records.iter().filter(|r| {
        r.group == FIRST_SOLUTION && r.seed.is_some() && r.status != CaseStatus::Skipped
    });
    let by_id = grouped(probed, |r| r.id.clone());
    let cases = by_id.into_iter().flat_map(|(_, runs)| {
        let mut sizes = grouped(runs, |r| r.n);
        sizes.sort_by_key(|(n, _)| *n);
        sizes
    });
    cases
        .map(|(n, probed)| {
            let found = |r: &&&CaseRecord| r.status == CaseStatus::Measured && r.result == "found";
            let runs: Vec<&CaseRecord> = probed.iter().filter(found).copied().collect();
            Success {
                id: probed[0].id.clone(),
                strategy: probed[0].strategy.clone(),
                n,
                solved: runs.len(),
                tried: probed.len(),
                runs,
            }
        })
        .collect()
}

/// The work counter of these runs ([`Stats::work`] of the first that did any), non-zero values.
pub(super) fn work_values(records: &[&CaseRecord]) -> Option<(&'static StatField, Vec<f64>)> {
    let (field, _) = records.iter().find_map(|r| r.stats.work())?;
    let mut values = values(records, |r| (field.get)(&r.stats));
    values.retain(|v| *v > 0.0);
    Some((field, values))
}

/// One value per run.
pub(super) fn values(records: &[&CaseRecord], value: impl Fn(&CaseRecord) -> u64) -> Vec<f64> {
    records.iter().map(|r| value(r) as f64).collect()
}

/// The seconds of each run.
pub(super) fn seconds(records: &[&CaseRecord]) -> Vec<f64> {
    records.iter().map(|r| r.seconds).collect()
}

/// The median of `values` at `x`, with their full range as the bar.
pub(super) fn spread(x: f64, values: &[f64]) -> Point {
    let [y, low, high] = median_range(&mut values.to_vec()).unwrap_or_default();
    Point { x, y, low, high }
}

/// The work counters' units in [`Stats::FIELDS`]' order, as a chart names them.
pub(super) fn work_units() -> String {
    let work = |f: &&StatField| Stats::WORK.contains(&f.name);
    let units: Vec<&str> = Stats::FIELDS.iter().filter(work).map(|f| f.unit).collect();
    units.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_is_the_median_and_the_range() {
        assert_eq!(
            spread(1.0, &[3.0, 1.0, 2.0]),
            Point {
                x: 1.0,
                y: 2.0,
                low: 1.0,
                high: 3.0
            }
        );
        assert_eq!(spread(0.0, &[4.0, 1.0]).y, 2.5);
        assert_eq!(spread(0.0, &[]).y, 0.0);
    }

    #[test]
    fn success_rates_count_every_probed_seed() {
        let run = |id: &str, n: usize, seed: Option<u64>, status: CaseStatus, result: &str| {
            let mut r = CaseRecord::new(FIRST_SOLUTION, id, id, n, status);
            r.seed = seed;
            r.result = result.to_string();
            r
        };
        let records = vec![
            run("genetic", 300, Some(1), CaseStatus::Measured, "found"),
            run("genetic", 300, Some(2), CaseStatus::OverBudget, ""),
            run("genetic", 300, Some(3), CaseStatus::Error, ""),
            run("genetic", 100, Some(1), CaseStatus::Measured, "found"),
            run("genetic", 100, Some(2), CaseStatus::Measured, "found"),
            run("annealing", 100, Some(1), CaseStatus::Measured, "found"),
            // Not tried: left out after a smaller size failed.
            run("genetic", 1000, Some(1), CaseStatus::Skipped, ""),
            // Not randomized, or not a first solution: no success rate.
            run("construction", 100, None, CaseStatus::Measured, "found"),
            CaseRecord {
                seed: Some(1),
                ..CaseRecord::new("count_all", "genetic", "genetic", 8, CaseStatus::Measured)
            },
        ];
        let rates = success_rates(&records);
        let summary: Vec<(&str, usize, usize, usize, bool)> = rates
            .iter()
            .map(|s| (s.id.as_str(), s.n, s.solved, s.tried, s.all()))
            .collect();
        assert_eq!(
            summary,
            [
                ("genetic", 100, 2, 2, true),
                ("genetic", 300, 1, 3, false),
                ("annealing", 100, 1, 1, true),
            ]
        );
        assert!((rates[1].percent() - 100.0 / 3.0).abs() < 1e-9);
        assert_eq!(rates[1].runs.len(), 1);
        assert_eq!(rates[1].runs[0].seed, Some(1));
        let none = Success {
            id: String::new(),
            strategy: String::new(),
            n: 1,
            solved: 0,
            tried: 0,
            runs: Vec::new(),
        };
        assert_eq!((none.percent(), none.all()), (0.0, false));
    }

    #[test]
    fn work_is_counted_by_the_first_counter_of_stats_work() {
        let run = |stats: Stats| CaseRecord {
            stats,
            ..CaseRecord::new("count_all", "a", "a", 8, CaseStatus::Measured)
        };
        // Permutations examined come before nodes, whatever else a run counts.
        let both = run(Stats {
            nodes: 5,
            examined: 7,
            ..Stats::default()
        });
        let idle = run(Stats::default());
        let (field, values) = work_values(&[&idle, &both]).expect("some work");
        assert_eq!((field.name, values), ("examined", vec![7.0]));
        assert!(work_values(&[&idle]).is_none());
        assert_eq!(
            work_units(),
            "search nodes, permutations examined, local-search moves"
        );
    }
}
