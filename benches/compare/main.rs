//! The comparison harness: every registered strategy on the same work, in eight criterion
//! groups (ids `group/label/n`), with the statistics CSV, the run manifest and a kept copy of
//! each run; the README's *Benchmarks and the report* states the profiles, `--list`, the
//! filter, the budget and the files; the plan is [`nqueens_report::bench`]. Every case runs
//! after a probe ([`probe`]); a probe past the budget drops that size and the larger ones.
//! `cargo test --benches` runs each case once at tiny sizes, then [`selfcheck`];
//! `-- --profile-time SECONDS REGEX` records flame graphs ([`profile`]).

mod completion;
mod groups;
mod harness;
mod instructions;
mod literature;
mod probe;
mod profile;
mod run;
mod selfcheck;
mod yardstick;

use std::time::Instant;

use criterion::Criterion;
use nqueens::core::{Operation, Registry};
use nqueens_report::bench::{
    Mode, OnceCase, Plan, RESAMPLES, machine_detail_key, minutes, series, trials,
};
use nqueens_report::{BENCH_DIR, STATS_CSV, utc_now};

use crate::harness::{Harness, target_dir};

fn main() {
    // Under callgrind the binary runs one kernel and nothing else.
    if instructions::run_kernel_if_asked() {
        return;
    }
    let started = Instant::now();
    let plan = Plan::from_args().unwrap_or_else(|error| {
        eprintln!("nqueens bench: {error}");
        std::process::exit(2);
    });
    let args: Vec<String> = (std::env::args().skip(1))
        .filter(|a| a != "--bench")
        .collect();
    let run = run::this_run(plan.profile.name(), &args.join(" "), plan.is_filtered());
    let mut harness = Harness::new(plan, target_dir().join(STATS_CSV), run);
    let (plan, run) = (&harness.plan, &harness.run);
    let seeds: Vec<String> = plan.seeds.iter().map(u64::to_string).collect();
    let (count, first) = (plan.count_budget, plan.first_budget);
    let budgets = format!("count {count:?}, first solution {first:?}");
    let meta = [
        ("cpu", run.cpu.clone()),
        ("cores", run.cores.to_string()),
        ("date", utc_now()),
        ("mode", plan.profile.name().to_string()),
        ("args", args.join(" ")),
        ("seeds", seeds.join(" ")),
        ("probe budget", budgets),
        ("criterion", run.criterion.clone()),
        ("commit", run.commit_label()),
        ("rustc", run.rustc.clone()),
    ];
    for (key, value) in meta {
        harness.set_meta(key, value);
    }
    let registry = nqueens::registry();
    // What each strategy picked for this machine (`Strategy::machine_details`).
    for solver in registry.available() {
        for (key, value) in solver.machine_details() {
            harness.set_meta(&machine_detail_key(solver.name(), key), value);
        }
    }
    plan_all(&mut harness, &registry);
    if harness.plan.mode == Mode::List {
        // The plan, case by case (in criterion's listing format), and its cost; nothing runs.
        for id in harness.budget.ids() {
            println!("{id}: benchmark");
        }
        harness.budget.print_total(harness.plan.profile.name());
        return;
    }
    if harness.plan.mode == Mode::Bench {
        harness.budget.print_total(harness.plan.profile.name());
        harness.run.estimated_seconds = harness.budget.total();
        // The manifest says a run began before any case ran: if it is interrupted, the report
        // can tell.
        harness.save();
    }
    // Criterion's plots are off (its plotters backend is not built); the report draws its own.
    let mut criterion = Criterion::default()
        .nresamples(RESAMPLES)
        .with_profiler(profile::FlameGraph::default())
        .configure_from_args();
    for operation in [Operation::Count, Operation::First] {
        groups::run_series(&mut criterion, &mut harness, &registry, operation);
    }
    groups::validate_group(&mut criterion, &mut harness, &registry);
    groups::once_group(&mut harness, &registry);
    literature::literature_group(&mut harness, &registry);
    completion::completion_group(&mut criterion, &mut harness, &registry);
    yardstick::yardstick(&mut criterion, &mut harness, &registry);
    instructions::instructions_group(&mut harness, &registry);
    let elapsed = started.elapsed().as_secs_f64();
    harness.set_meta("duration", minutes(elapsed));
    harness.run.finished = Some(run::now());
    harness.save();
    if harness.plan.mode == Mode::Bench {
        eprintln!(
            "nqueens bench: took {} (estimated {}); statistics in {}; run `nqueens report` \
             for the charts",
            minutes(elapsed),
            minutes(harness.budget.total()),
            harness.stats_path.display()
        );
        let dirs = (target_dir().join(BENCH_DIR), target_dir().join("criterion"));
        match run::save_copy(&dirs.0, &dirs.1, &harness.run, harness.own_stats()) {
            Ok(dir) => eprintln!(
                "nqueens bench: this run is kept in {}: after a change, compare with \
                 `nqueens report --baseline {}`",
                dir.display(),
                dir.display()
            ),
            Err(error) => eprintln!("nqueens bench: cannot keep a copy of this run: {error}"),
        }
    }
    criterion.final_summary();
    if harness.plan.mode == Mode::Test && !harness.plan.is_filtered() {
        // After the smoke test of every case: the comparison itself, end to end.
        if let Err(error) = selfcheck::before_and_after(&registry) {
            eprintln!("nqueens bench: before/after check failed: {error}");
            std::process::exit(1);
        }
    }
}

/// Plans every group's units with their expected cost, before anything runs.
fn plan_all(h: &mut Harness, registry: &Registry) {
    let plan = &h.plan;
    let mut units = Vec::new();
    for operation in [Operation::Count, Operation::First] {
        let series = series(plan, registry, operation);
        units.extend(series.iter().flat_map(|s| s.units(plan, operation)));
    }
    let validated = groups::validate_units(plan, registry);
    units.extend(validated.into_iter().map(|(_, unit)| unit));
    units.extend(plan.once_sweeps(registry).iter().map(OnceCase::unit));
    let cases = plan.cases(registry);
    units.extend(trials(plan, &cases).iter().map(|trial| trial.unit(plan)));
    units.extend(completion::units(h, registry));
    units.extend(yardstick::units(h, registry));
    units.extend(instructions::units(h, registry));
    h.budget.plan(&h.plan, &units);
}
