//! Ad-hoc timing: `cargo run --release -p nqueens-minconflicts --example timing -- N SEEDS`
//! runs seeds 1..=SEEDS at size N and prints each run's time and statistics, then the median.

use std::time::Instant;

use nqueens_core::{Config, Ended, Solver};
use nqueens_minconflicts::MinConflictsSolver;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>());
    let (Some(Ok(n)), Some(Ok(seeds))) = (args.next(), args.next()) else {
        eprintln!("usage: timing N SEEDS");
        std::process::exit(2);
    };
    let mut times = Vec::new();
    for seed in 1..=seeds as u64 {
        let config = Config {
            seed: Some(seed),
            ..Config::default()
        };
        let started = Instant::now();
        let run = MinConflictsSolver.first(n, &config);
        let seconds = started.elapsed().as_secs_f64();
        match run {
            Ok(run) => {
                let found = run.ended == Ended::Satisfied;
                let s = run.stats;
                println!(
                    "n={n} seed={seed} {seconds:.4}s found={found} initial={} moves={} restarts={} peak={}B",
                    s.initial_conflicts, s.moves, s.restarts, s.peak_bytes
                );
            }
            Err(e) => println!("n={n} seed={seed} error: {e}"),
        }
        times.push(seconds);
    }
    times.sort_by(f64::total_cmp);
    println!("median {:.4}s over {seeds} seeds", times[times.len() / 2]);
}
