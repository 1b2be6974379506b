//! Flame graphs of the bench's cases (the README's *Benchmarks and the report*):
//! `cargo bench --bench compare -- --profile-time 5 '<case id regex>'` runs each selected case
//! for 5 s under pprof's sampling profiler (a timer signal: no hardware counters needed) and
//! writes criterion's `target/criterion/<group>/<case>/profile/flamegraph.svg`. A profiler that
//! cannot start or write says so and the bench goes on.

use std::fs::File;
use std::path::Path;

use criterion::profiler::Profiler;
use pprof::{ProfilerGuard, ProfilerGuardBuilder};

/// Samples per second: a prime, so that the samples do not fall in step with a periodic loop.
const FREQUENCY: i32 = 997;

/// Criterion's profiling hook: pprof samples from `start_profiling` to `stop_profiling`.
#[derive(Default)]
pub struct FlameGraph {
    sampling: Option<ProfilerGuard<'static>>,
}

impl Profiler for FlameGraph {
    fn start_profiling(&mut self, id: &str, _dir: &Path) {
        match ProfilerGuardBuilder::default().frequency(FREQUENCY).build() {
            Ok(guard) => self.sampling = Some(guard),
            Err(error) => eprintln!("nqueens bench: {id}: the profiler did not start: {error}"),
        }
    }

    fn stop_profiling(&mut self, id: &str, dir: &Path) {
        let Some(guard) = self.sampling.take() else {
            return;
        };
        let path = dir.join("flamegraph.svg");
        let written = guard
            .report()
            .build()
            .map_err(|e| e.to_string())
            .and_then(|report| {
                std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
                let file = File::create(&path).map_err(|e| e.to_string())?;
                report.flamegraph(file).map_err(|e| e.to_string())
            });
        match written {
            Ok(()) => eprintln!("nqueens bench: {id}: flame graph in {}", path.display()),
            Err(error) => eprintln!("nqueens bench: {id}: no flame graph: {error}"),
        }
    }
}
