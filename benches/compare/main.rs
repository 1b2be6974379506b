//! The comparison harness: every registered strategy on the same work.
//!
//! ```sh
//! cargo bench                                  # default profile: every group, minutes
//! NQUEENS_BENCH=full cargo bench               # deep profile: larger n, 10 seeds, more samples
//! cargo bench --bench compare -- --quick       # quick profile: checks the machinery
//! cargo bench --bench compare -- --list        # the plan and its estimated cost, nothing run
//! cargo bench --bench compare -- count_all     # one group (criterion's filter, a regex)
//! cargo run --release --bin nqueens -- report  # charts and reports/README.md from the results
//! ```
//!
//! **The plan and its budget** live in the library, over any registry
//! ([`nqueens_report::bench`]): a strategy's variant says how long one run takes (its cost
//! model: measured points and the growth past them); the bench's own cases (the validator,
//! the yardsticks, the `once` goals, the literature) have theirs beside the plan. A profile's
//! plan ([`Plan`]) gives each group a grid of sizes and a cap on the expected run; a case runs
//! at the sizes its variant accepts whose expected run fits under the cap (a search that hits a
//! wall, up to four times the cap: the last size before the wall shows where it stops). Each
//! planned case is costed (probe runs, criterion's warm-up and samples, its analysis), the total
//! is printed by group before anything runs, and every case prints the case, how many are left
//! and the expected remaining time, scaled by how the run has kept to the estimate.
//!
//! Groups (criterion ids are `group/label/n`):
//!
//! - `count_all`: count every solution (default grid 4, 6, 8, 10..=16; full 4..=17);
//! - `first_solution`: time to a first solution, n = 8 to 10^7 on a log scale (10^8 in the
//!   full profile); a randomized variant runs over the profile's seeds (5; full 10), each
//!   criterion iteration taking the next seed that solved, and every seed's probe is recorded
//!   for the success rate;
//! - `validate`: the validator on one large solution from the strategy that finds the largest
//!   without a seed (the construction by formula): the floor;
//! - `once`: goals too slow or too many for criterion's samples, each run timed once and
//!   recorded in the statistics CSV only (the report says "one run"): `warnsdorff` on every n
//!   from 4 to 1,000, and in the full profile `min-conflicts` at n = 10^8;
//! - `completion`: completion instances (fixed seeds) answered by every strategy that keeps
//!   given queens; one probe run per instance (criterion samples them in the full profile
//!   only; the report draws the probe runs);
//! - `yardstick`: the C programs of the shared `yardstick/` folder compiled with gcc and timed
//!   as processes beside their Rust counterparts (default n = 15 and permutations at 11; full
//!   16, 12, and 17 timed once);
//! - `literature`: the statistical figures of the report's *The literature, reproduced*
//!   (hill climbing at n = 8 over 10,000 seeds, min-conflicts at 10^6 and 3 × 10^6), statistics
//!   rows only (see [`literature`]);
//! - `instructions`: each strategy's kernel at a small size under callgrind (see
//!   [`instructions`]); left out with a message without valgrind.
//!
//! A case runs only after a probe: one run under the core's deadline engine. A probe past the
//! budget drops that n and every larger n of the series, and the skip is recorded; a
//! randomized variant probes every seed (three failures in a row at a size give the rest up).
//! Slow cases (55 runs do not fit the measurement window) take criterion's minimum of 10
//! samples of flat sampling, one run each (criterion then warns that it cannot complete the
//! samples in the window: that is the design); fast ones linear sampling in a short window.
//!
//! **One run, one report.** Beside criterion's files the harness writes
//! `target/nqueens-bench/stats.csv` (one row per probe with the solver's statistics, the peak
//! heap, the instruction count and the run that measured it) and `run.json`, the run manifest
//! (commit and uncommitted changes, profile, machine, compiler, flags, start and end: a run
//! without an end was interrupted). A filtered run merges its rows into both. At the end of a
//! run its own rows, manifest entry and criterion files are kept in
//! `target/nqueens-bench/runs/<run id>/` (the last 20 runs): pass that directory to
//! `nqueens report --baseline DIR` after a change. `cargo test --benches` (criterion's test
//! mode) runs each case once at tiny sizes and writes nothing.
//!
//! **A strategy slowed on purpose.** `NQUEENS_BENCH_SLOW=LABEL:K` makes the case `LABEL` do
//! its work `K` times wherever it runs ([`nqueens_report::bench::Slowing`]); the run's flags say so. In test mode the
//! binary checks the comparison end to end with it ([`selfcheck`]).
//!
//! Modules: [`probe`] (one timed run per case), [`harness`] (the statistics CSV and manifest), [`run`]
//! (this run's build and the kept copy), [`groups`], [`completion`], [`yardstick`] and
//! [`instructions`].

mod completion;
mod groups;
mod harness;
mod instructions;
mod literature;
mod probe;
mod run;
mod selfcheck;
mod yardstick;

use std::time::Instant;

use criterion::Criterion;
use nqueens::core::Registry;
use nqueens_report::bench::{Mode, Plan, count_series, first_series, minutes};
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
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let run = run::this_run(plan.describe(), &args.join(" "), plan.is_filtered());
    let machine = nqueens_report::Machine {
        cpu: run.cpu.clone(),
        cores: run.cores,
    };
    let mut harness = Harness::new(plan, target_dir().join(STATS_CSV), run);
    let plan = &harness.plan;
    let seeds: Vec<String> = plan.seeds.iter().map(u64::to_string).collect();
    let meta = [
        ("cpu", machine.cpu.clone()),
        ("cores", machine.cores.to_string()),
        ("date", utc_now()),
        ("mode", plan.describe().to_string()),
        ("args", args.join(" ")),
        ("seeds", seeds.join(" ")),
        (
            "probe budget",
            format!(
                "count {:?}, first solution {:?}",
                plan.count_budget, plan.first_budget
            ),
        ),
        ("criterion", "0.8.2".to_string()),
        ("commit", harness.run.commit_label()),
        ("rustc", harness.run.rustc.clone()),
        // The code quadrants' join picked for this CPU at start-up.
        (
            "quadrants join",
            nqueens::quadrants::JoinKernel::detect().name().to_string(),
        ),
    ];
    for (key, value) in meta {
        harness.set_meta(key, value);
    }
    let registry = nqueens::registry();
    plan_all(&mut harness, &registry);
    if harness.plan.mode == Mode::List {
        // The plan, case by case (in criterion's listing format), and its cost; nothing runs.
        for id in harness.budget.ids() {
            println!("{id}: benchmark");
        }
        harness.budget.print_total(harness.plan.describe());
        return;
    }
    if harness.plan.mode == Mode::Bench {
        harness.budget.print_total(harness.plan.describe());
    }
    if harness.plan.mode == Mode::Bench {
        harness.run.estimated_seconds = harness.budget.total();
        // The manifest says a run began before any case ran: if it is interrupted, the report
        // can tell.
        harness.save();
    }
    // Criterion's plots are off (its plotters backend is not built); the report draws its own.
    // Fewer resamples than criterion's 100,000: its intervals from 10 to 30 samples do not
    // move at this precision, and the bootstrap is most of its time per case.
    let mut criterion = Criterion::default()
        .nresamples(20_000)
        .configure_from_args();
    groups::count_all(&mut criterion, &mut harness, &registry);
    groups::first_solution(&mut criterion, &mut harness, &registry);
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
        let bench_dir = target_dir().join(BENCH_DIR);
        match run::save_copy(
            &bench_dir,
            &target_dir().join("criterion"),
            &harness.run,
            harness.own_stats(),
        ) {
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
        if let Err(error) = selfcheck::before_and_after() {
            eprintln!("nqueens bench: before/after check failed: {error}");
            std::process::exit(1);
        }
    }
}

/// Plans every group's cases with their expected cost, before anything runs.
fn plan_all(h: &mut Harness, registry: &Registry) {
    let count = count_series(&h.plan, registry);
    h.budget
        .plan_series(&h.plan, nqueens_report::group::COUNT_ALL, &count);
    let first = first_series(&h.plan, registry);
    h.budget
        .plan_series(&h.plan, nqueens_report::group::FIRST_SOLUTION, &first);
    groups::plan_validate_and_once(h, registry);
    literature::plan(h, registry);
    completion::plan(h, registry);
    yardstick::plan(h, registry);
    instructions::plan(h, registry);
}
