//! The `literature` group: the statistical figures of the report's *The literature, reproduced*
//! over fixed seeds, statistics rows only (the exact figures are tests, `tests/literature.rs`):
//! hill climbing at n = 8 in batches of [`BATCH`] seeds, one row per batch with its summed
//! counters and `found S of T`, min-conflicts at 5 × 10^5 (Sosič and Gu's 1990 sizes), 10^6
//! (its repairs) and 3 × 10^6 (its time), Knuth's tree profile at n = 16 (its total nodes) and
//! the lexicographic first solutions that Pearson timed in 1991 (n = 20, 22, 24).

use std::time::Instant;

use nqueens::backtrack::BitmaskSolver;
use nqueens::core::{Config, Ended, Registry, Stats};
use nqueens_report::bench::{Case, Mode, Profile, bench_model};
use nqueens_report::group::LITERATURE;
use nqueens_report::{CaseRecord, CaseStatus};

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
fn min_conflicts_runs(h: &Harness) -> [(usize, usize); 3] {
    let seeds = h.plan.seeds.len();
    if h.plan.mode == Mode::Test {
        [(1000, seeds), (1000, seeds), (1000, seeds.min(3))]
    } else {
        [
            (500_000, seeds),
            (1_000_000, seeds),
            (3_000_000, seeds.min(3)),
        ]
    }
}

/// The case of `BitmaskSolver::profile`, one run.
const PROFILE: &str = "bitmask-profile";

/// Where Knuth's tree profile is counted: n = 16 (seconds) where the profile's budget takes
/// it, a tiny board in test mode, not at all in the quick profile.
fn profile_sizes(profile: Profile) -> &'static [usize] {
    match profile {
        Profile::Test => &[8],
        Profile::Quick => &[],
        Profile::Default | Profile::Full => &[16],
    }
}

/// Pearson's first solutions, timed once each with `vector` and `bitmask`.
fn pearson_sizes(mode: Mode) -> &'static [usize] {
    if mode == Mode::Test {
        &[8]
    } else {
        &[20, 22, 24]
    }
}

/// The lexicographic searches beside Pearson's.
const LEXICOGRAPHIC: [&str; 2] = ["vector", "bitmask"];

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
    let mut once = |label: &str, n: usize| {
        if h.plan.selected(LITERATURE, label, n) {
            let run = bench_model(LITERATURE, label).and_then(|m| m.seconds(n));
            h.budget
                .plan(&h.plan, LITERATURE, label, &n.to_string(), run, 1, false);
        }
    };
    for &n in profile_sizes(h.plan.profile) {
        once(PROFILE, n);
    }
    for &n in pearson_sizes(h.plan.mode) {
        for label in LEXICOGRAPHIC {
            once(label, n);
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
            let mut record = first_solution(case, n, &case.config(Some(seed)));
            record.seed = Some(seed);
            h.push(record);
        }
    }
    knuth_profiles(h);
    pearson_first_solutions(h, &cases);
    h.save();
}

/// Knuth's tree profile by `bitmask`'s mirrored walk: the total as the result, the levels in
/// the note.
fn knuth_profiles(h: &mut Harness) {
    for &n in profile_sizes(h.plan.profile) {
        if !h.plan.selected(LITERATURE, PROFILE, n) {
            continue;
        }
        h.budget.start(LITERATURE, PROFILE, &n.to_string());
        let mut record = CaseRecord::new(LITERATURE, PROFILE, "bitmask", n, CaseStatus::Measured);
        let started = Instant::now();
        match BitmaskSolver.profile(n, &Config::default()) {
            Ok(profile) => {
                record.seconds = started.elapsed().as_secs_f64();
                record.result = match profile.ended {
                    Ended::Exhausted => profile.total().to_string(),
                    ended => ended.label().to_string(),
                };
                let levels: Vec<String> = profile.levels.iter().map(u64::to_string).collect();
                record.note = format!("levels {}", levels.join(" "));
            }
            Err(error) => {
                record.status = CaseStatus::Error;
                record.note = error.to_string();
            }
        }
        h.push(record);
    }
}

/// The lexicographic first solutions at Pearson's sizes, one run each, with their nodes.
fn pearson_first_solutions(h: &mut Harness, cases: &[Case<'_>]) {
    for &n in pearson_sizes(h.plan.mode) {
        for case in cases
            .iter()
            .filter(|c| LEXICOGRAPHIC.contains(&c.label.as_str()))
        {
            if !h.plan.selected(LITERATURE, &case.label, n) {
                continue;
            }
            h.budget.start(LITERATURE, &case.label, &n.to_string());
            // Statistics on: `bitmask` keeps its nodes only then.
            let config = Config {
                stats: true,
                ..case.config(None)
            };
            h.push(first_solution(case, n, &config));
        }
    }
}

/// One timed run of `case` to a first solution: `found`, or how the run ended, with its
/// counters.
fn first_solution(case: &Case<'_>, n: usize, config: &Config) -> CaseRecord {
    let mut record = case.record(LITERATURE, n, CaseStatus::Measured);
    let started = Instant::now();
    match case.solver.first(n, config) {
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
    record
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
