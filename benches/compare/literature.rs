//! The `literature` group: the statistical figures of the report's *The literature, reproduced*
//! over fixed seeds, statistics rows only (the exact figures are tests, `tests/literature.rs`):
//! hill climbing at n = 8 in batches of [`BATCH`] seeds, one row per batch with its summed
//! counters and `found S of T`, and min-conflicts at 10^6 (its repairs) and 3 × 10^6 (its time).

use std::time::Instant;

use nqueens::core::{Registry, Stats};
use nqueens_report::CaseStatus;
use nqueens_report::bench::{Case, Mode, Profile, bench_model};
use nqueens_report::group::LITERATURE;

use crate::harness::Harness;

/// Seeds per batch of hill-climbing runs.
const BATCH: u64 = 200;

/// Hill climbing's variants, as the plan's cases (labelled as in the other groups).
fn hill_climbing<'r>(h: &Harness, registry: &'r Registry) -> Vec<Case<'r>> {
    let mut cases = h.plan.cases(registry);
    cases.retain(|case| case.solver.name() == "hill-climbing" && case.variant.name.is_some());
    cases
}

/// How many batches of how many seeds each hill-climbing variant runs.
fn batches(profile: Profile) -> (u64, u64) {
    match profile {
        Profile::Test => (1, 20),
        Profile::Quick => (10, BATCH),
        Profile::Default | Profile::Full => (50, BATCH),
    }
}

/// The min-conflicts runs: (n, how many of the bench's seeds).
fn min_conflicts_runs(h: &Harness) -> [(usize, usize); 2] {
    let seeds = h.plan.seeds.len();
    if h.plan.mode == Mode::Test {
        [(1000, seeds), (1000, seeds.min(3))]
    } else {
        [(1_000_000, seeds), (3_000_000, seeds.min(3))]
    }
}

/// Plans the group's cases with their cost (see [`nqueens_report::bench::bench_model`]): one case per
/// hill-climbing variant (all its batches) and one per min-conflicts size (all its seeds).
pub fn plan(h: &mut Harness, registry: &Registry) {
    let (count, size) = batches(h.plan.profile);
    for case in hill_climbing(h, registry) {
        let label = case.label;
        if h.plan.selected(LITERATURE, &label, 8) {
            // A model's run is one batch of `BATCH` seeds.
            let run = bench_model(LITERATURE, &label)
                .and_then(|m| m.seconds(8))
                .map(|seconds| seconds * count as f64 * size as f64 / BATCH as f64);
            h.budget
                .plan(&h.plan, LITERATURE, &label, "8", run, 1, false);
        }
    }
    for (n, seeds) in min_conflicts_runs(h) {
        if h.plan.selected(LITERATURE, "min-conflicts", n) {
            let run = bench_model(LITERATURE, "min-conflicts")
                .and_then(|m| m.seconds(n))
                .map(|seconds| seconds * seeds as f64);
            let param = n.to_string();
            h.budget
                .plan(&h.plan, LITERATURE, "min-conflicts", &param, run, 1, false);
        }
    }
}

/// Runs the group.
pub fn literature_group(h: &mut Harness, registry: &Registry) {
    let (batches, batch) = batches(h.plan.profile);
    for case in hill_climbing(h, registry) {
        let label = case.label.as_str();
        if !h.plan.selected(LITERATURE, label, 8) {
            continue;
        }
        h.budget.start(LITERATURE, label, "8");
        for first in (0..batches).map(|b| 1 + b * batch) {
            let seeds = first..first + batch;
            let mut record = case.record(LITERATURE, 8, CaseStatus::Measured);
            record.variant = case.variant.name.unwrap_or_default().to_string();
            record.seed = Some(first);
            let started = Instant::now();
            let mut solved = 0;
            for seed in seeds.clone() {
                match case.solver.first(8, &case.config(Some(seed))) {
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
    let seeds = h.plan.seeds.clone();
    let cases = h.plan.cases(registry);
    let case = cases.iter().find(|c| c.label == "min-conflicts");
    for (n, count) in case.map_or(Vec::new(), |_| min_conflicts_runs(h).to_vec()) {
        let Some(case) = case.filter(|_| h.plan.selected(LITERATURE, "min-conflicts", n)) else {
            continue;
        };
        h.budget.start(LITERATURE, "min-conflicts", &n.to_string());
        for &seed in &seeds[..count] {
            let mut record = case.record(LITERATURE, n, CaseStatus::Measured);
            record.seed = Some(seed);
            let started = Instant::now();
            match case.solver.first(n, &case.config(Some(seed))) {
                Ok(run) => {
                    record.seconds = started.elapsed().as_secs_f64();
                    record.stats = run.stats;
                    record.result = match run.solution() {
                        Some(_) => "found".to_string(),
                        None => run.ended().label().to_string(),
                    };
                }
                Err(error) => {
                    record.status = CaseStatus::Error;
                    record.note = error.to_string();
                }
            }
            h.push(record);
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
