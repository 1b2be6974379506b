//! Prints the comparison table of the three formulations: for each variant and size, the
//! expansions, wall time, peak memory and how the run ended (for `swap`, the median over seeds).
//!
//! `cargo run --release -p nqueens-astar --example table -- [variant|all] [max_n] [seeds]`

use std::time::Instant;

use nqueens_astar::{AStarSolver, SWAP};
use nqueens_core::{Config, Ended, Solver, Strategy};

fn main() {
    let mut args = std::env::args().skip(1);
    let only = args.next().unwrap_or_else(|| "all".to_string());
    let max_n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(32);
    let min_n: usize = std::env::var("MIN_N")
        .ok()
        .and_then(|a| a.parse().ok())
        .unwrap_or(4);
    let memory: u64 = std::env::var("MEMORY_MIB")
        .ok()
        .and_then(|a| a.parse().ok())
        .unwrap_or(256);
    let seeds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(9);
    let step: usize = std::env::var("STEP")
        .ok()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let solver = AStarSolver::with_memory_limit(memory << 20);
    println!("variant  n   expanded    time        peak MiB  outcome");
    let names = solver.capabilities().variant_names();
    for name in names.into_iter().filter(|&v| only == "all" || only == v) {
        for n in (min_n..=max_n).step_by(step) {
            let runs = if name == SWAP { seeds } else { 1 };
            let mut rows = Vec::new();
            for seed in 0..runs {
                let config = Config {
                    variant: Some(name.into()),
                    seed: Some(seed),
                    ..Config::default()
                };
                let started = Instant::now();
                let run = match solver.first(n, &config) {
                    Ok(run) => run,
                    Err(error) => {
                        println!("{name:<8} {n:<3} {error}");
                        continue;
                    }
                };
                let seconds = started.elapsed().as_secs_f64();
                let outcome = match run.ended() {
                    Ended::Satisfied => "found".to_string(),
                    Ended::Exhausted => "no solution".to_string(),
                    ended => format!("stopped: {ended}"),
                };
                rows.push((run.stats.nodes, seconds, run.stats.peak_bytes, outcome));
            }
            rows.sort_by(|a, b| a.1.total_cmp(&b.1));
            let worst_peak = rows.iter().map(|r| r.2).max().unwrap_or(0);
            let failures = rows.iter().filter(|r| r.3 != "found").count();
            if let Some((nodes, seconds, peak, outcome)) = rows.get(rows.len() / 2) {
                println!(
                    "{name:<8} {n:<3} {nodes:<11} {:<11} {:<9.1} {outcome} (runs {}, not found {failures}, worst peak {:.1} MiB)",
                    format!("{:.4} s", seconds),
                    *peak as f64 / (1 << 20) as f64,
                    rows.len(),
                    worst_peak as f64 / (1 << 20) as f64
                );
            }
        }
    }
}
