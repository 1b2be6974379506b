//! The `completion` group: fixed completion instances (instance `j` of size `n` with `k` given
//! queens has seed `1000 n + 10 k + j`), answered by every strategy that keeps given queens, in
//! its default variant. The [`referee`] settles each instance's answer first, so a strategy that
//! cannot prove that none exists runs only where one does. Criterion ids are
//! `completion/<label>/<n>-<k>-<seed>`; the statistics row has `k=K` in its note.

use criterion::{BenchmarkId, Criterion, Throughput};
use nqueens::core::{Config, Given, Operation, Registry, Solver};
use nqueens_report::group::COMPLETION;
use nqueens_report::{CaseRecord, CaseStatus};

use nqueens_report::bench::{Case, Unit};

use crate::groups::{elements, tune};
use crate::harness::Harness;
use crate::probe::probe;

/// One instance of the grid.
struct Instance {
    n: usize,
    k: usize,
    seed: u64,
    given: Given,
    /// Whether it has a completion, as the [`referee`] settled it (`None`: not settled).
    satisfiable: Option<bool>,
}

/// The grid's (n, k, seed) triples, in order.
fn grid(h: &Harness) -> Vec<(usize, usize, u64)> {
    let mut out = Vec::new();
    for &n in &h.plan.completion_sizes {
        for &(num, den) in &h.plan.completion_fractions {
            let k = (n * num / den).max(1);
            for j in 0..h.plan.completion_instances {
                out.push((n, k, 1000 * n as u64 + 10 * k as u64 + j));
            }
        }
    }
    out
}

/// The cases that answer instances: each strategy's default variant that keeps given queens.
fn answering<'r>(h: &Harness, registry: &'r Registry) -> Vec<Case<'r>> {
    let mut cases = h.plan.cases(registry);
    cases.retain(|case| case.is_default && case.variant.keeps_given);
    cases
}

/// The unit of `case` on instance (n, k, seed), if the case accepts n and the filter selects
/// it: at its model's time, capped by the probe budget; sampled only in the deep profile.
fn unit(h: &Harness, case: &Case<'_>, (n, k, seed): (usize, usize, u64)) -> Option<Unit> {
    let runs = case.accepts(Operation::First, n) && h.plan.selected(COMPLETION, &case.label, n);
    let budget = h.plan.completion_budget.as_secs_f64();
    let run = case.variant.cost.completion.seconds(n);
    let param = CaseRecord::completion_parameter(n, k, seed);
    let sampled = h.plan.completion_sampled;
    let run = run.map(|seconds| seconds.min(budget));
    runs.then(|| Unit::new(COMPLETION, &case.label, param, run, sampled))
}

/// The group's units: every (strategy, instance) pair.
pub fn units(h: &Harness, registry: &Registry) -> Vec<Unit> {
    let cases = answering(h, registry);
    let pairs = cases
        .iter()
        .flat_map(|case| grid(h).into_iter().map(move |i| (case, i)));
    pairs
        .filter_map(|(case, instance)| unit(h, case, instance))
        .collect()
}

/// The strategy that settles each instance's answer: of the complete ones that keep given
/// queens (default variant), the one whose declared completion cost at the largest board of
/// the grid is least.
fn referee<'r>(registry: &'r Registry, h: &Harness) -> Option<&'r dyn Solver> {
    let largest = h.plan.completion_sizes.iter().copied().max().unwrap_or(0);
    let cost = |solver: &dyn Solver| {
        let variant = solver.capabilities().variants.first()?;
        variant.cost.completion.seconds(largest)
    };
    registry
        .iter()
        .filter(|s| {
            s.capabilities()
                .variants
                .first()
                .is_some_and(|v| v.complete && v.keeps_given)
        })
        .min_by(|a, b| {
            let (a, b) = (
                cost(*a).unwrap_or(f64::INFINITY),
                cost(*b).unwrap_or(f64::INFINITY),
            );
            a.total_cmp(&b)
        })
}

/// The instances of the plan's grid, each with its answer.
fn instances(h: &Harness, registry: &Registry) -> Vec<Instance> {
    let mut out = Vec::new();
    for (n, k, seed) in grid(h) {
        match Given::random(n, k, seed) {
            Ok(given) => out.push(Instance {
                n,
                k,
                seed,
                given,
                satisfiable: None,
            }),
            Err(error) => eprintln!("nqueens bench: {COMPLETION}: n = {n}, k = {k}: {error}"),
        }
    }
    if let Some(reference) = referee(registry, h) {
        for instance in &mut out {
            let config = Config {
                given: Some(instance.given.clone()),
                ..Config::default()
            };
            instance.satisfiable = reference
                .first(instance.n, &config)
                .ok()
                .filter(|run| run.ended().is_definite())
                .map(|run| run.solution().is_some());
        }
    }
    out
}

/// `completion`: every honouring strategy, default variant, on every instance of the grid.
pub fn completion_group(c: &mut Criterion, h: &mut Harness, registry: &Registry) {
    if units(h, registry).is_empty() {
        return;
    }
    let instances = instances(h, registry);
    let mut group = c.benchmark_group(COMPLETION);
    for case in answering(h, registry) {
        // The smallest board this case ran past the budget on: larger ones are skipped.
        let mut too_slow: Option<usize> = None;
        for instance in &instances {
            let (n, k) = (instance.n, instance.k);
            let Some(unit) = unit(h, &case, (n, k, instance.seed)) else {
                continue;
            };
            h.budget.start(&unit);
            let mut record = case.record(COMPLETION, n, CaseStatus::Measured);
            record.seed = Some(instance.seed);
            record.note = format!("k={k}");
            let skip = if too_slow.is_some_and(|m| n > m) {
                Some("a smaller board ran past the probe budget")
            } else if !case.variant.complete && instance.satisfiable != Some(true) {
                Some("it cannot prove that no completion exists")
            } else {
                None
            };
            if let Some(why) = skip {
                record.status = CaseStatus::Skipped;
                record.note = format!("k={k}: {why}");
                h.push(record);
                continue;
            }
            let config = Config {
                given: Some(instance.given.clone()),
                seed: case.variant.randomized.then_some(1),
                ..case.config(None)
            };
            let budget = h.plan.completion_budget;
            let record = probe(record, case.solver, Operation::First, n, &config, budget);
            if record.status == CaseStatus::Measured
                && let Some(expected) = instance.satisfiable
            {
                assert_eq!(
                    record.result == "found",
                    expected,
                    "{COMPLETION}/{}/{}: the answer disagrees with the referee's",
                    case.label,
                    unit.param
                );
            }
            let record = h.settle(record);
            if record.status == CaseStatus::OverBudget {
                too_slow = Some(too_slow.map_or(n, |m| m.min(n)));
            }
            // Unsampled, the report draws the probe run of each instance (one run, said so).
            if record.status != CaseStatus::Measured || !h.plan.completion_sampled {
                continue;
            }
            tune(&mut group, record.seconds, &h.plan);
            group.throughput(Throughput::Elements(elements(&record.stats, n)));
            group.bench_with_input(BenchmarkId::new(&case.label, &unit.param), &n, |b, &n| {
                b.iter(|| case.solver.first(n, &config))
            });
        }
        h.save();
    }
    group.finish();
}
