//! The `literature` group: the runs behind the report's *The literature, reproduced*, for the
//! experiments the registered strategies declare ([`nqueens_report::bench::trials`]; the exact
//! figures are tests), statistics rows only. By kind: batches of [`Runs::CLIMBS_BATCH`] seeded
//! climbs, one row per batch with its summed counters and `found S of T`; one first solution
//! per seed of the bench; a tree profile (its total, its levels in the note); a lexicographic
//! first solution, timed once with its nodes.

use std::time::Instant;

use nqueens::core::{Config, Ended, Registry, Runs, Stats};
use nqueens_report::bench::{Case, Trial, batches, trials};
use nqueens_report::group::LITERATURE;
use nqueens_report::{CaseRecord, CaseStatus};

use crate::harness::Harness;

/// Runs the group.
pub fn literature_group(h: &mut Harness, registry: &Registry) {
    let cases = h.plan.cases(registry);
    for trial in trials(&h.plan, &cases) {
        let (case, n) = (trial.case, trial.n);
        h.budget.start(&trial.unit(&h.plan));
        match trial.experiment.runs {
            Runs::Climbs { .. } => climbs(h, case, n),
            Runs::Seeded => {
                for seed in h.plan.seeds.clone() {
                    let mut record = first_solution(case, n, &case.config(Some(seed)));
                    record.seed = Some(seed);
                    h.push(record);
                }
            }
            Runs::TreeProfile => h.push(tree_profile(&trial)),
            // Checked by the test suite: nothing to run (it declares no sizes).
            Runs::Tested { .. } => {}
            Runs::Lexicographic => {
                // Statistics on: a counter may keep its nodes only then.
                let config = Config {
                    stats: true,
                    ..case.config(None)
                };
                h.push(first_solution(case, n, &config));
            }
        }
    }
    h.save();
}

/// The batches of seeded climbs of `case` at `n`, one record each.
fn climbs(h: &mut Harness, case: &Case<'_>, n: usize) {
    let (batches, batch) = batches(h.plan.profile);
    for first in (0..batches).map(|b| 1 + b * batch) {
        let seeds = first..first + batch;
        let mut record = case.record(LITERATURE, n, CaseStatus::Measured);
        record.variant = case.variant.name.unwrap_or_default().to_string();
        record.seed = Some(first);
        let started = Instant::now();
        let mut solved = 0;
        for seed in seeds.clone() {
            match case.solver.first(n, &case.config(Some(seed))) {
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

/// The trial's tree profile: the total as the result, the levels in the note.
fn tree_profile(trial: &Trial<'_, '_>) -> CaseRecord {
    let case = trial.case;
    let mut record = case.record(LITERATURE, trial.n, CaseStatus::Measured);
    record.id = trial.label();
    let started = Instant::now();
    match case.solver.profile(trial.n, &case.config(None)) {
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
    record
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
