//! Ad-hoc timing of a randomized strategy over the bench's seeds:
//!
//! ```sh
//! cargo run --release --example seeds -- STRATEGY N SEEDS [VARIANT]
//! cargo run --release --example seeds -- annealing 10000 10
//! ```
//!
//! runs the first SEEDS of the bench's seeds (1, 2, 3, 5, 8, ...) at size N, prints each run's
//! time and statistics (the counters the strategy keeps), then the median and the slowest.
//! Careful timings belong to `cargo bench`; this is for trying a change by hand.

use std::time::Instant;

use nqueens::core::{Config, Ended, Stats};

/// The bench's seeds (`benches/compare/plan.rs`).
const SEEDS: [u64; 10] = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(Ok(n)), Some(Ok(seeds))) = (
        args.first(),
        args.get(1).map(|a| a.parse::<usize>()),
        args.get(2).map(|a| a.parse::<usize>()),
    ) else {
        eprintln!("usage: seeds STRATEGY N SEEDS [VARIANT]");
        std::process::exit(2);
    };
    let registry = nqueens::registry();
    let solver = match registry.get(name) {
        Ok(solver) => solver,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(2);
        }
    };
    let variant = args.get(3).cloned();
    let mut times = Vec::new();
    for &seed in SEEDS.iter().take(seeds) {
        let config = Config {
            seed: Some(seed),
            variant: variant.clone(),
            ..Config::default()
        };
        let started = Instant::now();
        let run = solver.first(n, &config);
        let seconds = started.elapsed().as_secs_f64();
        match run {
            Ok(run) => {
                let found = run.ended() == Ended::Satisfied;
                let counters: Vec<String> = Stats::FIELDS
                    .iter()
                    .filter(|field| (field.get)(&run.stats) != 0)
                    .map(|field| format!("{}={}", field.name, (field.get)(&run.stats)))
                    .collect();
                println!(
                    "n={n} seed={seed} {seconds:.4}s found={found} {}",
                    counters.join(" ")
                );
            }
            Err(error) => println!("n={n} seed={seed} error: {error}"),
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
