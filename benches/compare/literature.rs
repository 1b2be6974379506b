//! The `literature` group: the statistical figures of the report's section *The literature,
//! reproduced*, measured over fixed seeds and recorded in the statistics CSV only (no
//! criterion timing; the exact figures are tests, `tests/literature.rs`).
//!
//! - `hill-climbing` at n = 8, every variant: seeds 1..=10,000 in batches of 200 (quick: 2,000
//!   seeds; test mode: one batch of 20), one record per batch with the batch's summed
//!   statistics and `found S of T` as its result, so the report can give rates, steps and
//!   their intervals by batch means (about 0.3 s per variant);
//! - `min-conflicts` at n = 10^6 over the bench's seeds (its repairs, beside AIMA's "about 50
//!   steps") and at n = 3,000,000 over three of them (its time, beside Sosic and Gu's 55 s);
//!   test mode runs n = 1,000.

use std::time::Instant;

use nqueens::core::{Config, Registry, Stats};
use nqueens_report::{CaseRecord, CaseStatus};

use crate::harness::Harness;
use crate::plan::{Mode, Profile};

/// The group's name in criterion-style ids and in the statistics CSV.
pub const LITERATURE: &str = "literature";

/// Seeds per batch of hill-climbing runs.
const BATCH: u64 = 200;

/// Runs the group.
pub fn literature_group(h: &mut Harness, registry: &Registry) {
    if h.plan.mode == Mode::List {
        return;
    }
    let (batches, batch) = match h.plan.profile {
        Profile::Test => (1, 20),
        Profile::Quick => (10, BATCH),
        Profile::Default | Profile::Full => (50, BATCH),
    };
    if let Ok(solver) = registry.get("hill-climbing") {
        for (i, variant) in solver.capabilities().variants.iter().enumerate() {
            let Some(name) = variant.name else { continue };
            // Labelled as in the other groups: the first variant by the strategy's name.
            let label = match i {
                0 => "hill-climbing".to_string(),
                _ => format!("hill-climbing-{name}"),
            };
            if !h.plan.selected(LITERATURE, &label, 8) {
                continue;
            }
            for first in (0..batches).map(|b| 1 + b * batch) {
                let seeds = first..first + batch;
                let mut record =
                    CaseRecord::new(LITERATURE, &label, "hill-climbing", 8, CaseStatus::Measured);
                record.variant = name.to_string();
                record.seed = Some(first);
                let started = Instant::now();
                let mut solved = 0;
                for seed in seeds.clone() {
                    let config = Config {
                        seed: Some(seed),
                        variant: Some(name.to_string()),
                        ..Config::default()
                    };
                    match solver.first(8, &config) {
                        Ok(run) => {
                            solved += u64::from(run.solution().is_some());
                            add(&mut record.stats, &run.stats);
                        }
                        Err(error) => {
                            record.status = CaseStatus::Error;
                            record.note = error.to_string();
                            break;
                        }
                    }
                }
                record.seconds = started.elapsed().as_secs_f64();
                record.result = format!("found {solved} of {batch}");
                if record.note.is_empty() {
                    record.note = format!("seeds {}..={}", seeds.start, seeds.end - 1);
                }
                h.push(record);
            }
        }
    }
    let test = h.plan.mode == Mode::Test;
    let seeds = h.plan.seeds.clone();
    let big = if test { 1000 } else { 1_000_000 };
    let huge = if test { 1000 } else { 3_000_000 };
    if let Ok(solver) = registry.get("min-conflicts") {
        for (n, seeds) in [(big, &seeds[..]), (huge, &seeds[..seeds.len().min(3)])] {
            if !h.plan.selected(LITERATURE, "min-conflicts", n) {
                continue;
            }
            for &seed in seeds {
                let mut record = CaseRecord::new(
                    LITERATURE,
                    "min-conflicts",
                    "min-conflicts",
                    n,
                    CaseStatus::Measured,
                );
                record.seed = Some(seed);
                let config = Config {
                    seed: Some(seed),
                    ..Config::default()
                };
                let started = Instant::now();
                match solver.first(n, &config) {
                    Ok(run) => {
                        record.seconds = started.elapsed().as_secs_f64();
                        record.stats = run.stats;
                        record.result = if run.solution().is_some() {
                            "found"
                        } else {
                            run.ended().label()
                        }
                        .to_string();
                    }
                    Err(error) => {
                        record.status = CaseStatus::Error;
                        record.note = error.to_string();
                    }
                }
                h.push(record);
            }
        }
    }
    h.save();
}

/// Adds `run`'s counters to `sum` (peak memory: the largest).
fn add(sum: &mut Stats, run: &Stats) {
    for field in Stats::FIELDS {
        let value = if field.name == "peak_bytes" {
            (field.get)(sum).max((field.get)(run))
        } else {
            (field.get)(sum) + (field.get)(run)
        };
        (field.set)(sum, value);
    }
}
