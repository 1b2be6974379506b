//! Times `count` for each n, with the peak frontier memory and the nodes of the levels.
//!
//! `cargo run --release -p nqueens-breadth --example levels -- [max_n] [runs]`
//!
//! The comparison with the other strategies (the bitmask backtracker counts the same tree,
//! halved by mirror symmetry) is the bench's: `cargo bench --bench compare -- count_all/`,
//! summarized in `reports/README.md`.

use std::time::{Duration, Instant};

use nqueens_breadth::BreadthSolver;
use nqueens_core::{Bytes, Config, Solver};

fn median_time(runs: usize, mut job: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs.max(1))
        .map(|_| {
            let started = Instant::now();
            job();
            started.elapsed()
        })
        .collect();
    times.sort_unstable();
    times[times.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let max_n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(15);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let config = Config::default();
    println!("n   median      peak        nodes");
    for n in 8..=max_n {
        let breadth = BreadthSolver::new();
        let run = match breadth.count(n, &config) {
            Ok(run) => run,
            Err(error) => {
                println!("{n:<3} {error}");
                continue;
            }
        };
        let time = median_time(runs, || {
            let _ = breadth.count(n, &config);
        });
        println!(
            "{n:<3} {:<11} {:<11} {}",
            format!("{time:.2?}"),
            Bytes(run.stats.peak_bytes).to_string(),
            run.stats.nodes
        );
    }
}
