//! The comparison harness: every registered strategy on the same work.
//!
//! `cargo bench` runs it; `cargo bench -- --quick` gives rougher numbers fast.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nqueens::core::{Config, Operation};

fn count_all(c: &mut Criterion) {
    let registry = nqueens::registry();
    let mut group = c.benchmark_group("count_all");
    for n in [8usize, 10, 12] {
        for solver in registry.iter() {
            if !solver.capabilities().limit(Operation::Count).accepts(n) {
                continue;
            }
            group.bench_with_input(BenchmarkId::new(solver.name(), n), &n, |b, &n| {
                b.iter(|| solver.count(n, &Config::default()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, count_all);
criterion_main!(benches);
