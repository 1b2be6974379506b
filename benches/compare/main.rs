//! The comparison harness: every registered strategy on the same work.
//!
//! ```sh
//! cargo bench --bench compare                 # full run (under 30 minutes on 2 cores)
//! cargo bench --bench compare -- --quick      # quick run (under 5 minutes), still feeds the report
//! cargo bench --bench compare -- count_all    # one group (criterion's filter, a regex)
//! cargo run --release --bin nqueens -- report # charts and reports/README.md from the results
//! ```
//!
//! Groups (criterion ids are `group/label/n`):
//!
//! - `count_all`: count every solution, n = 4..=16;
//! - `first_solution`: time to a first solution, n = 8 up to 10^6 on a log scale (8, 16, 30,
//!   100, 300, ... 10^6), and on to 10^8 in full runs for the strategies that get there within
//!   the probe budget (the construction; min-conflicts to 10^7); a randomized variant runs over
//!   a fixed list of seeds, each iteration taking the next seed, and every seed is also run once
//!   on its own for the spread;
//! - `validate`: the validator on one large solution from the `construction` strategy (left out
//!   when that strategy is not registered): the floor every strategy pays;
//! - `once`: goals too slow or too many for criterion, each run timed once and recorded in the
//!   statistics CSV only: the `warnsdorff` default variant (seed 1) on every n from 4 to 1,000,
//!   and, in full runs, `min-conflicts` at n = 10^8 (seed 1). Every solution is validated (the
//!   `Solver` entry points check every solution a strategy returns);
//! - `completion`: N-Queens completion instances (k random non-attacking queens given on an
//!   n × n board, fixed seeds; n = 12, 20, 28 and k = n/4, n/3, n/2, two instances each;
//!   quick: n = 12, 20, k = n/4, n/2, one instance), answered by every strategy that honours
//!   given queens in its default variant: time to a completion or to the proof that none
//!   exists, with the solver's statistics (see [`completion`]);
//! - `literature`: the statistical figures of the report's *The literature, reproduced*
//!   (hill climbing at n = 8 over 10,000 seeds, min-conflicts at 10^6 and 3 × 10^6), statistics
//!   rows only (see [`literature`]);
//! - `yardstick`: the C programs of the shared `yardstick/` folder, compiled with gcc at start
//!   and timed as processes beside their Rust counterparts (`count.c` against `bitmask`, which
//!   is single-threaded, and `symmetry` with one and two threads, `symmetry-t1` and
//!   `symmetry-t2`, at n = 16; `permutations.c` against `permutation` at 12).
//!   n = 17 is timed once per program, outside criterion, in full runs. Left out, with a message,
//!   without gcc or the folder (looked up in `$NQUEENS_YARDSTICK_DIR`, then `../shared/yardstick`
//!   beside the workspace).
//!
//! Every strategy and every variant of it comes from `nqueens::registry()`: the label is the
//! registry name for the first variant and `name-variant` for the others (`warnsdorff`,
//! `warnsdorff-faithful`). A case runs only where its variant's limits accept n (a variant that
//! cannot count has no `count_all` case), and only after a probe: one run under the core's
//! deadline engine (`with_deadline`). A probe past the budget (count: 6 s; first: 10 s, which
//! admits the goals of n = 10^4 for `warnsdorff` and 10^7 for `min-conflicts` over every seed;
//! quick mode 1 s / 0.5 s) drops that n and every larger n of the series, and the skip is
//! recorded. A randomized variant probes every seed at each size, also after one fails, and
//! records each (found, over the budget, or its own work budget ran out), so the report can
//! give the success rate within the budget per size; criterion then times the seeds that
//! found a solution, and the series stops after a size where none did and one ran past the
//! budget. When the first three seeds of a size all run past the budget, its other seeds are
//! recorded as skipped (its rate is then 0 of 3), so such a last size costs three probe
//! budgets (30 s in a full run); a size some seeds solve costs up to ten.
//!
//! Slow cases (probe over 10 ms) use 10 samples of flat sampling, about 11 runs in all; fast ones
//! 20 samples in about a second. Throughput is in elements per run: the run's work counter
//! (`Stats::work`: permutations examined, else search nodes, else local-search moves), else the
//! n queens placed.
//!
//! Quick mode (`-- --quick`, or `NQUEENS_BENCH_QUICK=1`) trims the sizes (count n <= 12,
//! first n in 8, 16, 30, 100, 10^3, ..., 10^6), uses 3 seeds instead of 10, and skips n = 17.
//! `cargo test --benches` (criterion's test mode) runs each case once at tiny sizes, without
//! yardsticks, and writes nothing.
//!
//! Beside criterion's files the harness writes `target/nqueens-bench/stats.csv` (under
//! `$CARGO_TARGET_DIR` when set): one row per probe with the solver's own statistics and the
//! peak heap seen by this binary's counting allocator, plus the skipped cases. The allocator
//! counts every allocation with an atomic add, also while criterion times: the search loops do
//! not allocate, so the cost stays out of the hot paths. A run of every group rewrites the
//! file; a filtered run (`-- yardstick`, `-- count_all`) replaces only the cases it ran, keeps
//! the other rows, and adds an `# update:` line naming itself. The report draws only the
//! criterion results the file lists as measured, so results left in `target/criterion` by
//! earlier runs of cases no longer run stay out.
//!
//! Modules: [`plan`] (which cases at which sizes, modes and flags), [`probe`] (one timed run
//! per case), [`harness`] (the statistics CSV), [`groups`] (the criterion groups over the
//! registry), [`completion`] (the completion instances) and [`yardstick`] (the C yardsticks).

mod completion;
mod groups;
mod harness;
mod literature;
mod plan;
mod probe;
mod yardstick;

use std::time::Instant;

use criterion::Criterion;
use nqueens_report::{Machine, STATS_CSV, utc_now};

use crate::harness::{Harness, target_dir};
use crate::plan::{Mode, Plan};

fn main() {
    let started = Instant::now();
    let plan = Plan::from_args();
    let machine = Machine::detect();
    let mut harness = Harness::new(plan, target_dir().join(STATS_CSV));
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
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
    ];
    for (key, value) in meta {
        harness.set_meta(key, value);
    }
    // Criterion's plots are off (its plotters backend is not built); the report draws its own.
    let mut criterion = Criterion::default().configure_from_args();
    let registry = nqueens::registry();
    groups::count_all(&mut criterion, &mut harness, &registry);
    groups::first_solution(&mut criterion, &mut harness, &registry);
    groups::validate_group(&mut criterion, &mut harness, &registry);
    groups::once_group(&mut harness, &registry);
    literature::literature_group(&mut harness, &registry);
    completion::completion_group(&mut criterion, &mut harness, &registry);
    yardstick::yardstick(&mut criterion, &mut harness, &registry);
    let elapsed = started.elapsed().as_secs();
    harness.set_meta(
        "duration",
        format!("{} min {} s", elapsed / 60, elapsed % 60),
    );
    harness.save();
    if harness.plan.mode == Mode::Bench {
        eprintln!(
            "nqueens bench: statistics in {}; run `nqueens report` for the charts",
            harness.stats_path.display()
        );
    }
    criterion.final_summary();
}
