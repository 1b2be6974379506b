//! Times `count` for each n, with the peak frontier memory and the nodes of the levels.
//!
//! `cargo run --release -p nqueens-breadth --example levels -- [max_n] [runs]`
//!
//! The comparison with the other strategies (the bitmask backtracker counts the same tree,
//! halved by mirror symmetry) is the bench's: `cargo bench --bench compare -- count_all/`,
//! summarized in `reports/README.md`.

use std::time::Instant;

use nqueens_breadth::BreadthSolver;
use nqueens_core::format::{format_bytes, format_seconds};
use nqueens_core::{Config, Solver};

fn median_seconds(runs: usize, mut job: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs.max(1))
        .map(|_| {
            let started = Instant::now();
            job();
            started.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
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
        let seconds = median_seconds(runs, || {
            let _ = breadth.count(n, &config);
        });
        println!(
            "{n:<3} {:<11} {:<11} {}",
            format_seconds(seconds),
            format_bytes(run.stats.peak_bytes),
            run.stats.nodes
        );
    }
}
