//! Times `count` for each n against the bitmask backtracker, with the peak frontier memory.
//!
//! `cargo run --release -p nqueens-breadth --example levels -- [max_n] [runs]`

use std::time::Instant;

use nqueens_backtrack::BitmaskSolver;
use nqueens_breadth::BreadthSolver;
use nqueens_core::{Config, Solver};

fn median_seconds(runs: usize, mut job: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
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
    println!("n   breadth     bitmask     ratio  peak MiB  nodes");
    for n in 8..=max_n {
        let breadth = BreadthSolver::new();
        let run = match breadth.count(n, &config) {
            Ok(run) => run,
            Err(error) => {
                println!("{n:<3} {error}");
                continue;
            }
        };
        let b = median_seconds(runs, || {
            let _ = breadth.count(n, &config);
        });
        let m = median_seconds(runs, || {
            let _ = BitmaskSolver.count(n, &config);
        });
        println!(
            "{n:<3} {:<11} {:<11} {:<6.1} {:<9.1} {}",
            format!("{:.4} s", b),
            format!("{:.4} s", m),
            b / m,
            run.stats.peak_bytes as f64 / (1 << 20) as f64,
            run.stats.nodes
        );
    }
}
