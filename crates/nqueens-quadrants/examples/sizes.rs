//! Times a count and prints its memory: `cargo run --release -p nqueens-quadrants --example sizes -- 16 1`.
use nqueens_core::{Config, Solver};
use nqueens_quadrants::{Plan, QuadrantsSolver};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(12);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let started = std::time::Instant::now();
    let plan = Plan::new(n).expect("plan");
    if std::env::var_os("EXACT").is_some() {
        println!(
            "n = {n}: tables {} B exactly ({:?})",
            plan.table_bytes(),
            started.elapsed()
        );
    }
    println!(
        "n = {n}: bounds: tables {} B, keys {} B per thread",
        plan.table_bytes_bound(),
        plan.keys_bound()
    );
    let config = Config {
        threads: Some(threads),
        memory_limit: Some(u64::MAX),
        ..Config::default()
    };
    let started = std::time::Instant::now();
    let run = QuadrantsSolver.count(n, &config).expect("count");
    println!(
        "n = {n}: {} in {:.3} s, peak {} B",
        run.total,
        started.elapsed().as_secs_f64(),
        run.stats.peak_bytes
    );
}
