//! The bench run's results for other tools: `nqueens report --format json` in the
//! [Bencher Metric Format](https://bencher.dev/docs/reference/bencher-metric-format/)
//! (`{benchmark: {measure: {value, lower_value, upper_value}}}`), `--format csv` the same as
//! one row per benchmark and measure, and `reports/results.{json,csv}` beside the report (and
//! two rows of them in the project README: [`Export::sample`]).
//!
//! A benchmark is criterion's id `group/label/parameter` for a case criterion measured, or
//! `group/label/n` (and `/seed` for a seeded run) for a statistics row no criterion result
//! stands for (the groups `once` and `instructions`, say). Its measures: `latency`, criterion's
//! median time per run with its confidence interval, in nanoseconds; then one per [`COUNTERS`]
//! entry, read from the statistics rows of the case: one row, or one per seed (criterion times
//! a randomized case over its seeds), whose median is the value and whose range the bounds.
//! A counter of 0 is one the bench did not take (instructions outside their group, nodes of a
//! local search, the heap of a statistics-only row), so it is left out, and a case that
//! allocated nothing has no `peak-heap`, `allocations` or `allocated-bytes`. The cases are the
//! report's: criterion's results the statistics list as measured; a result criterion wrote
//! outside the run that measured its case (an earlier run's leftover) gives that case no
//! `latency`.
//!
//! Cost: linear in the estimates times the statistics rows.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::data::baseline::measured_case;
use crate::data::median_range;
use crate::group::COUNT_ALL;
use crate::{CaseRecord, CaseStatus, CriterionData, ReportError, RunManifest, StatsFile};

/// The size of the case the project README quotes: the first counting case at n = 12, which
/// every profile times.
const SAMPLE_N: usize = 12;

/// The measure of criterion's median time per run.
pub const LATENCY: &str = "latency";

/// A measure read from a column of the statistics CSV.
#[derive(Clone, Copy, Debug)]
pub struct Counter {
    /// Its column in the statistics CSV ([`HEADER`](crate::HEADER)).
    pub column: &'static str,
    /// Its name in the export.
    pub measure: &'static str,
    /// What it counts.
    pub unit: &'static str,
    /// Reads it from a row.
    pub read: fn(&CaseRecord) -> u64,
}

/// The measures taken from the statistics: a new column of the statistics is exported by a
/// line here.
pub const COUNTERS: [Counter; 5] = [
    Counter {
        column: "nodes",
        measure: "nodes",
        unit: "search nodes",
        read: |r| r.stats.nodes,
    },
    Counter {
        column: "instructions",
        measure: "instructions",
        unit: "executed, under callgrind",
        read: |r| r.instructions,
    },
    Counter {
        column: "heap_peak_bytes",
        measure: "peak-heap",
        unit: "bytes",
        read: |r| r.heap_peak_bytes,
    },
    Counter {
        column: "allocations",
        measure: "allocations",
        unit: "heap allocations",
        read: |r| r.allocations,
    },
    Counter {
        column: "allocated_bytes",
        measure: "allocated-bytes",
        unit: "bytes, in all",
        read: |r| r.allocated_bytes,
    },
];

/// Every measure with its unit, `latency (nanoseconds), nodes (search nodes), ...`: for help
/// texts.
pub fn measures() -> String {
    let counters = COUNTERS
        .iter()
        .map(|c| format!("{} ({})", c.measure, c.unit));
    std::iter::once(format!("{LATENCY} (nanoseconds)"))
        .chain(counters)
        .collect::<Vec<_>>()
        .join(", ")
}

/// One figure with its bounds: a Bencher metric. Always finite.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Metric {
    /// The figure.
    pub value: f64,
    /// Its lower bound.
    pub lower_value: f64,
    /// Its upper bound.
    pub upper_value: f64,
}

impl Metric {
    /// The figure and its bounds, in that order.
    fn of([value, lower_value, upper_value]: [f64; 3]) -> Self {
        Self {
            value,
            lower_value,
            upper_value,
        }
    }
}

/// A run's results: benchmark, then measure, then its metric (both sorted by name).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Export {
    /// The metrics of each benchmark, by measure.
    pub benchmarks: BTreeMap<String, BTreeMap<String, Metric>>,
}

impl Export {
    /// The results of the run the statistics describe (every criterion result when there are
    /// no statistics).
    pub fn of_run(
        criterion: &CriterionData,
        stats: Option<&StatsFile>,
        manifest: Option<&RunManifest>,
    ) -> Self {
        let measured: Vec<&CaseRecord> = stats.map_or(Vec::new(), |s| {
            s.records
                .iter()
                .filter(|r| r.status == CaseStatus::Measured)
                .collect()
        });
        let mut export = Self::default();
        let mut timed = vec![false; measured.len()];
        for estimate in &criterion.estimates {
            let mut rows = Vec::new();
            for (record, timed) in measured.iter().zip(&mut timed) {
                if measured_case(record, estimate) {
                    *timed = true;
                    rows.push(*record);
                }
            }
            // Criterion keeps every result it ever wrote: only those of this run count.
            if stats.is_some() && rows.is_empty() {
                continue;
            }
            let median = &estimate.median;
            let nanos = [median.point, median.lower, median.upper].map(|seconds| seconds * 1e9);
            // Criterion's figures are finite; in nanoseconds too, below 10^299 s.
            if nanos.iter().all(|v| v.is_finite())
                && (rows.is_empty()
                    || rows.iter().any(|r| {
                        manifest.is_none_or(|m| m.written_during(&r.run, estimate.written))
                    }))
            {
                export.add(&estimate.case(), LATENCY, Metric::of(nanos));
            }
            export.add_counters(&estimate.case(), &rows);
        }
        // The statistics-only cases: one benchmark per row, whose seed tells it apart.
        let mut untimed: BTreeMap<String, Vec<&CaseRecord>> = BTreeMap::new();
        for (record, _) in measured.iter().zip(&timed).filter(|(_, timed)| !**timed) {
            let seed = record.seed.map_or(String::new(), |seed| format!("/{seed}"));
            let key = format!("{}/{}/{}{seed}", record.group, record.id, record.n);
            untimed.entry(key).or_default().push(record);
        }
        for (benchmark, rows) in untimed {
            export.add_counters(&benchmark, &rows);
        }
        export
    }

    fn add(&mut self, benchmark: &str, measure: &str, metric: Metric) {
        let measures = self.benchmarks.entry(benchmark.to_string()).or_default();
        measures.insert(measure.to_string(), metric);
    }

    fn add_counters(&mut self, benchmark: &str, rows: &[&CaseRecord]) {
        for counter in &COUNTERS {
            let values = rows.iter().map(|r| (counter.read)(r)).filter(|v| *v > 0);
            if let Some(range) = median_range(&mut values.map(|v| v as f64).collect::<Vec<_>>()) {
                self.add(benchmark, counter.measure, Metric::of(range));
            }
        }
    }

    /// Writes the Bencher Metric Format JSON on one line (the committed `results.json` of a
    /// full run stays a few hundred kilobytes; `jq .` indents it), with a final newline.
    pub fn write_json(&self, mut out: impl Write) -> io::Result<()> {
        let mut json = serde_json::to_vec(self)?;
        json.push(b'\n');
        // One write, whose error keeps its kind (a reader that went away, `| head`).
        out.write_all(&json)
    }

    /// Writes the CSV: a header `benchmark,measure,value,lower,upper`, then one row per
    /// benchmark and measure, in the JSON's order.
    pub fn write_csv(&self, mut out: impl Write) -> io::Result<()> {
        let mut writer = csv::Writer::from_writer(Vec::new());
        writer.write_record(["benchmark", "measure", "value", "lower", "upper"])?;
        for (benchmark, measures) in &self.benchmarks {
            for (measure, m) in measures {
                writer.serialize((benchmark, measure, m.value, m.lower_value, m.upper_value))?;
            }
        }
        let csv = writer.into_inner().map_err(|e| e.into_error())?;
        out.write_all(&csv)
    }

    /// The project README's sample (its block `export`, [`crate::project`]): the first two
    /// CSV rows of the first `count_all` benchmark at n = 12, as a `csv` code block;
    /// empty when the run has no such case.
    pub fn sample(&self) -> String {
        let (group, size) = (format!("{COUNT_ALL}/"), format!("/{SAMPLE_N}"));
        let Some(case) =
            (self.benchmarks.keys()).find(|b| b.starts_with(&group) && b.ends_with(&size))
        else {
            return String::new();
        };
        let mut csv = Vec::new();
        // Written to memory, which cannot fail.
        let _ = self.write_csv(&mut csv);
        let prefix = format!("{case},");
        let rows: Vec<&str> = std::str::from_utf8(&csv)
            .unwrap_or_default()
            .lines()
            .filter(|line| line.starts_with(&prefix))
            .take(2)
            .collect();
        if rows.is_empty() {
            return String::new();
        }
        format!("```csv\n{}\n```\n", rows.join("\n"))
    }

    /// Writes `results.json` and `results.csv` into `dir`, each atomically; their paths.
    pub fn write_files(&self, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
        let (json, csv) = (dir.join("results.json"), dir.join("results.csv"));
        crate::write_atomically(&json, |out| self.write_json(out))?;
        crate::write_atomically(&csv, |out| self.write_csv(out))?;
        Ok(vec![json, csv])
    }
}
