//! Ad-hoc timing: `cargo run --release -p nqueens-anneal --example timing -- N SEEDS [VARIANT]`
//! runs the bench's seeds (1, 2, 3, 5, 8, ..., the first SEEDS of them) at size N and prints
//! each run's time and statistics, then the median and the slowest.

use std::time::Instant;

use nqueens_anneal::AnnealingSolver;
use nqueens_core::{Config, Ended, Solver};

/// The bench's seeds (`benches/compare/plan.rs`).
const SEEDS: [u64; 10] = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(Ok(n)), Some(Ok(seeds))) = (
        args.first().map(|a| a.parse::<usize>()),
        args.get(1).map(|a| a.parse::<usize>()),
    ) else {
        eprintln!("usage: timing N SEEDS [VARIANT]");
        std::process::exit(2);
    };
    let variant = args.get(2).cloned();
    let mut times = Vec::new();
    for &seed in SEEDS.iter().take(seeds) {
        let config = Config {
            seed: Some(seed),
            variant: variant.clone(),
            ..Config::default()
        };
        let started = Instant::now();
        let run = AnnealingSolver.first(n, &config);
        let seconds = started.elapsed().as_secs_f64();
        match run {
            Ok(run) => {
                let found = run.ended == Ended::Satisfied;
                let s = run.stats;
                println!(
                    "n={n} seed={seed} {seconds:.4}s found={found} initially_attacked={} proposals={} uphill={} reheats={}",
                    s.initial_conflicts, s.moves, s.backtracks, s.restarts
                );
            }
            Err(e) => println!("n={n} seed={seed} error: {e}"),
        }
        times.push(seconds);
    }
    times.sort_by(f64::total_cmp);
    if let (Some(median), Some(slowest)) = (times.get(times.len() / 2), times.last()) {
        println!(
            "median {median:.4}s, slowest {slowest:.4}s over {} seeds",
            times.len()
        );
    }
}
