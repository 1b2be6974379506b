//! Times one count and prints its memory, estimated and held:
//! `cargo run --release -p nqueens-quadrants --example sizes -- 16 1` (n, threads; `EXACT=1`
//! also counts the tables exactly first).

use nqueens_core::{Config, Solver};
use nqueens_quadrants::QuadrantsSolver;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().map_or(Ok(12), |a| a.parse())?;
    let threads: usize = args.next().map_or(Ok(1), |a| a.parse())?;
    if std::env::var_os("EXACT").is_some() {
        let started = std::time::Instant::now();
        let bytes = QuadrantsSolver::memory_estimate(n, threads, true)?;
        println!(
            "n = {n}: tables and keys {bytes} B at most, the tables counted exactly ({:?})",
            started.elapsed()
        );
    }
    println!(
        "n = {n}: bound from the tables' shapes: {} B on {threads} thread(s)",
        QuadrantsSolver::memory_estimate(n, threads, false)?
    );
    let config = Config {
        threads: Some(threads),
        memory_limit: Some(u64::MAX),
        ..Config::default()
    };
    let started = std::time::Instant::now();
    let run = QuadrantsSolver.count(n, &config)?;
    println!(
        "n = {n}: {} in {:.3} s, peak {} B",
        run.total,
        started.elapsed().as_secs_f64(),
        run.stats.peak_bytes
    );
    Ok(())
}
