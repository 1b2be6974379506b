//! A job's text: its title, its table and the notes under it.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use nqueens_core::{Config, Stats};
use nqueens_run::{Registry, run_with_deadline};

use super::{Case, Outcome, Ran};
use crate::format_seconds;

/// How long the run at the reference size may take.
const REFERENCE_TIMEOUT: Duration = Duration::from_millis(500);

impl Ran {
    /// The job's text: its title, then its table (when any case ran) and the notes under it
    /// (why a row has no answer, which strategies gave up on larger sizes, the sizes no
    /// strategy accepts).
    pub fn write(&self, registry: &Registry, config: &Config) -> String {
        let mut text = format!("\n{}\n", self.planned.job.facts().title);
        if !self.planned.runnable.is_empty() {
            let counted = self.counted(registry, config);
            write_table(&mut text, &self.rows(&counted));
        }
        let mut notes: Vec<String> = self.cases.iter().filter_map(Case::reason).collect();
        for (name, (n, why)) in &self.gave_up {
            if self.planned.runnable.iter().any(|&size| size > *n) {
                notes.push(format!("{name} {why} at n = {n}; larger sizes skipped"));
            }
        }
        notes.extend(self.planned.refused.iter().cloned());
        for note in notes {
            let _ = writeln!(text, "({note})");
        }
        text
    }

    /// What each strategy of the table counts, as a [`Stats`] whose non-zero fields are those
    /// it counts: the largest of each field over its cases, and where that leaves a field at
    /// zero, over one run at the job's reference size (its cases may all be too small to need
    /// any: min-conflicts makes no move at n = 8).
    fn counted(&self, registry: &Registry, config: &Config) -> BTreeMap<&'static str, Stats> {
        let job = self.planned.job;
        let mut counted: BTreeMap<&'static str, Stats> = BTreeMap::new();
        let merge = |into: &mut Stats, from: &Stats| {
            for field in Stats::FIELDS {
                (field.set)(into, (field.get)(into).max((field.get)(from)));
            }
        };
        for case in &self.cases {
            merge(counted.entry(case.strategy).or_default(), &case.stats);
        }
        let n = job.facts().reference_size;
        for (name, stats) in &mut counted {
            let complete = Stats::FIELDS
                .iter()
                .all(|field| !field.tabulated || (field.get)(stats) != 0);
            let Ok(solver) = registry.get(name) else {
                continue;
            };
            if complete || solver.check(job.operation(), n, config).is_err() {
                continue;
            }
            let timed = run_with_deadline(solver, job.operation(), n, config, REFERENCE_TIMEOUT);
            if let Ok(answer) = &timed.result {
                merge(stats, answer.stats());
            }
        }
        counted
    }

    /// The table's rows, header first. A statistics column is shown when some case in the
    /// table has a non-zero value in it. Where a strategy counts the quantity (`counted`), its
    /// zeros show as `0`; `-` marks a quantity it does not count.
    fn rows(&self, counted: &BTreeMap<&'static str, Stats>) -> Vec<Vec<String>> {
        let counts = |strategy: &str, get: fn(&Stats) -> u64| {
            counted.get(strategy).is_some_and(|s| get(s) != 0)
        };
        let shown: Vec<_> = Stats::FIELDS
            .iter()
            .filter(|field| {
                field.tabulated && self.cases.iter().any(|c| (field.get)(&c.stats) != 0)
            })
            .collect();
        let mut header = vec!["n".to_string(), "strategy".into(), "time".into()];
        header.extend(shown.iter().map(|field| field.label.to_string()));
        header.push("result".into());
        let mut rows = vec![header];
        for case in &self.cases {
            let time = match case.outcome {
                Outcome::Skipped(_) => "-".to_string(),
                _ => format_seconds(case.seconds),
            };
            let mut row = vec![case.n.to_string(), case.strategy.to_string(), time];
            let answered = matches!(case.outcome, Outcome::Answered(_));
            row.extend(shown.iter().map(|field| {
                if answered && counts(case.strategy, field.get) {
                    (field.get)(&case.stats).to_string()
                } else {
                    "-".to_string()
                }
            }));
            row.push(case.outcome.label(false));
            rows.push(row);
        }
        rows
    }
}

/// Writes `rows` (the first is the header) as aligned columns, the header underlined.
pub fn write_table(text: &mut String, rows: &[Vec<String>]) {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width = |i: usize| {
        let cells = rows.iter().filter_map(|r| r.get(i));
        cells.map(|cell| cell.chars().count()).max().unwrap_or(0)
    };
    let widths: Vec<usize> = (0..columns).map(width).collect();
    for (index, row) in rows.iter().enumerate() {
        let cells = row.iter().zip(&widths);
        let line: Vec<String> = cells.map(|(cell, &w)| format!("{cell:<w$}")).collect();
        let _ = writeln!(text, "{}", line.join("  ").trim_end());
        if index == 0 {
            let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
            let _ = writeln!(text, "{}", rule.join("  "));
        }
    }
}
