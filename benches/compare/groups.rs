//! The criterion groups over the registry's strategies (`count_all`, `first_solution`,
//! `validate`) and the `once` runs recorded in the statistics CSV only.

use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, SamplingMode, Throughput};
use nqueens::core::{Config, CostModel, Limit, Operation, Registry, Solver, Stats, validate};
use nqueens_report::{CaseRecord, CaseStatus};

use nqueens_report::bench::{Plan, SEEDS, Unit, is_fast, series, series_group};

use crate::harness::{Harness, why_unanswered};
use crate::probe::{heap_use, probe};
use nqueens_report::group::{ONCE, VALIDATE};

/// Seeds of one size that may run past the probe budget, none solved, before the size's other
/// seeds are given up: a size no seed solves then costs three probe budgets, not ten.
const GIVE_UP_AFTER: usize = 3;

/// The elements of a run for criterion's throughput line: the run's work counter
/// ([`Stats::work`]), else the n queens placed.
pub fn elements(stats: &Stats, n: usize) -> u64 {
    stats.work().map_or(n as u64, |(_, value)| value)
}

/// Criterion settings for a case whose probe took `seconds` (the budget's estimate of a case
/// assumes these).
pub fn tune(group: &mut BenchmarkGroup<'_, WallTime>, seconds: f64, plan: &Plan) {
    let s = plan.sampling;
    if is_fast(plan, seconds) {
        group
            .sampling_mode(SamplingMode::Auto)
            .sample_size(s.fast_samples)
            .warm_up_time(s.warm_up)
            .measurement_time(s.measurement);
    } else {
        // One warm-up run and one run per sample.
        let window = (s.slow_samples as f64 * seconds * 0.95).max(s.measurement.as_secs_f64());
        group
            .sampling_mode(SamplingMode::Flat)
            .sample_size(s.slow_samples)
            .warm_up_time(Duration::from_millis(1))
            .measurement_time(Duration::from_secs_f64(window));
    }
}

/// `count_all` or `first_solution`: every variant that counts (or finds) on its planned sizes,
/// a randomized one over the plan's seeds. Every seed is probed at each size, so the
/// statistics give each size's success rate within the budget; criterion times the seeds that
/// found a solution. A series stops after a size where none did and one ran past the budget
/// (after [`GIVE_UP_AFTER`] such seeds the others are skipped); without seeds, at its first.
pub fn run_series(c: &mut Criterion, h: &mut Harness, registry: &Registry, operation: Operation) {
    let (name, finds) = (series_group(operation), operation == Operation::First);
    let budget = if finds {
        h.plan.first_budget
    } else {
        h.plan.count_budget
    };
    let mut group = c.benchmark_group(name);
    for series in series(&h.plan, registry, operation) {
        let units = series.units(&h.plan, operation);
        let (case, sizes) = (series.case, series.sizes);
        let configs: Vec<Config> = match finds && case.variant.randomized {
            true => h.plan.seeds.iter().map(|&s| case.config(Some(s))).collect(),
            false => vec![case.config(None)],
        };
        let seeded = configs.len() > 1;
        'sizes: for (i, &n) in sizes.iter().enumerate() {
            h.budget.start(&units[i]);
            // The slowest probe, each solved run's work, the seeds solved, those over budget.
            let (mut slowest, mut work, mut solved, mut over_budget) = (0.0f64, vec![], vec![], 0);
            for (k, config) in configs.iter().enumerate() {
                if seeded && solved.is_empty() && over_budget == GIVE_UP_AFTER {
                    // Each such seed would cost a whole probe budget, most likely for
                    // nothing: the rate at this size is 0 of the seeds tried.
                    for rest in &configs[k..] {
                        let mut record = case.record(name, n, CaseStatus::Skipped);
                        record.seed = rest.seed;
                        let past = "seeds at this size ran past the probe budget";
                        record.note = format!("the first {GIVE_UP_AFTER} {past}");
                        h.push(record);
                    }
                    break;
                }
                let mut record = case.record(name, n, CaseStatus::Measured);
                record.seed = config.seed;
                // A count's probe asks for the statistics some counters keep only on request
                // (bitmask, symmetry); criterion times the count without them.
                let mut probed = config.clone();
                probed.stats = !finds;
                let record = probe(record, case.solver, operation, n, &probed, budget);
                let record = h.settle(record);
                match record.status {
                    CaseStatus::Measured => {
                        slowest = slowest.max(record.seconds);
                        work.push(elements(&record.stats, n));
                        solved.push(config);
                    }
                    // A failed seed counts against the success rate; the others still run.
                    CaseStatus::OverBudget if seeded => over_budget += 1,
                    _ if seeded => {}
                    CaseStatus::OverBudget => {
                        h.skip_rest(&case, name, &sizes[i + 1..]);
                        break 'sizes;
                    }
                    _ => continue 'sizes,
                }
            }
            if solved.is_empty() {
                if over_budget > 0 {
                    let label = &case.label;
                    eprintln!(
                        "nqueens bench: {name}/{label}/{n}: no seed found a solution within the \
                         budget: larger sizes are left out"
                    );
                    h.skip_rest(&case, name, &sizes[i + 1..]);
                    break 'sizes;
                }
                continue 'sizes;
            }
            work.sort_unstable();
            let elements = work.get(work.len() / 2).copied().unwrap_or(n as u64);
            tune(&mut group, slowest, &h.plan);
            group.throughput(Throughput::Elements(elements));
            group.bench_with_input(BenchmarkId::new(&case.label, n), &n, |b, &n| {
                if !finds {
                    let config = solved[0];
                    b.iter(|| case.solver.count(n, config));
                    return;
                }
                let mut next = 0;
                b.iter(|| {
                    // Each iteration takes the next seed that found a solution in its probe, so
                    // samples average over those seeds.
                    let config = solved[next % solved.len()];
                    next += 1;
                    case.solver.first(n, config)
                })
            });
        }
        h.save();
    }
    group.finish();
}

/// Expected seconds of one validation: the medians of the full run on the 2-core reference
/// machine (`reports/README.md`), rounded up.
const VALIDATE_COST: CostModel = CostModel::power(&[(1_000, 1.1e-5), (1_000_000, 0.01)], 1.0);

/// The `validate` sizes that [`largest_solver`] can solve and the filter selects, with their
/// units.
pub fn validate_units(plan: &Plan, registry: &Registry) -> Vec<(usize, Unit)> {
    let Some(construction) = largest_solver(registry) else {
        return Vec::new();
    };
    let solves = |n| (construction.check(Operation::First, n, &Config::default())).is_ok();
    let sizes = plan.validate_sizes.iter().copied();
    let sizes = sizes.filter(|&n| solves(n) && plan.selected(VALIDATE, VALIDATE, n));
    let unit = |n| Unit::new(VALIDATE, VALIDATE, n, VALIDATE_COST.seconds(n), true);
    sizes.map(|n| (n, unit(n))).collect()
}

/// The strategy that finds the largest solutions without a seed (the construction by
/// formula): it gives the validator its boards.
fn largest_solver(registry: &Registry) -> Option<&dyn Solver> {
    let seedless =
        |s: &&dyn Solver| (s.capabilities().variants.first()).is_some_and(|v| !v.randomized);
    (registry.iter().filter(seedless)).max_by_key(|s| {
        match s.capabilities().widest(Operation::First) {
            Limit::UpTo(max) => max,
            Limit::Unbounded => usize::MAX,
            Limit::Unsupported(_) => 0,
        }
    })
}

/// `validate`: the validator on one large solution from [`largest_solver`].
pub fn validate_group(c: &mut Criterion, h: &mut Harness, registry: &Registry) {
    let Some(construction) = largest_solver(registry) else {
        eprintln!("nqueens bench: validate left out: no strategy finds a solution");
        return;
    };
    let config = Config::default();
    let mut group = c.benchmark_group(VALIDATE);
    for (n, unit) in validate_units(&h.plan, registry) {
        h.budget.start(&unit);
        let solution = construction.first(n, &config).map_err(|e| e.to_string());
        let solution = solution.and_then(|run| {
            let (name, ended) = (construction.name(), run.ended());
            run.into_solution()
                .ok_or_else(|| format!("{name} gave no solution ({ended})"))
        });
        let columns = match solution {
            Ok(solution) => solution.into_columns(),
            Err(why) => {
                eprintln!("nqueens bench: validate n = {n}: {why}");
                continue;
            }
        };
        let started = Instant::now();
        let (verdict, heap) = heap_use(|| validate(&columns));
        let seconds = started.elapsed().as_secs_f64();
        let mut record = CaseRecord::new(VALIDATE, VALIDATE, VALIDATE, n, CaseStatus::Measured);
        record.result = if verdict.is_ok() { "valid" } else { "invalid" }.to_string();
        record.seconds = seconds;
        heap.record(&mut record);
        h.push(record);
        tune(&mut group, seconds, &h.plan);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new(VALIDATE, n), &columns, |b, columns| {
            b.iter(|| validate(columns))
        });
    }
    h.save();
    group.finish();
}

/// The `once` group ([`Plan::once_sweeps`]): each size run once under the sweep's budget and
/// recorded in the statistics CSV, also past a failed size.
pub fn once_group(h: &mut Harness, registry: &Registry) {
    for sweep in h.plan.once_sweeps(registry) {
        let (case, label) = (&sweep.case, &sweep.case.label);
        h.budget.start(&sweep.unit());
        let seed = case.variant.randomized.then_some(SEEDS[0]);
        let config = case.config(seed);
        for n in sweep.sizes {
            let mut record = case.record(ONCE, n, CaseStatus::Measured);
            record.seed = seed;
            let budget = sweep.budget;
            let record = probe(record, case.solver, Operation::First, n, &config, budget);
            if record.status != CaseStatus::Measured {
                eprintln!(
                    "nqueens bench: {ONCE}/{label}/{n}: {}",
                    why_unanswered(&record)
                );
            }
            h.push(record);
        }
        h.save();
    }
}
