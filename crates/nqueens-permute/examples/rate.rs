//! Times one count with the permutation filter and prints the rate, for ad-hoc comparison with
//! the C yardstick: `cargo run --release -p nqueens-permute --example rate -- 12`.

use std::time::Instant;

use nqueens_core::{Config, Solver};
use nqueens_permute::PermutationSolver;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n: usize = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "12".into())
        .parse()?;
    let start = Instant::now();
    let run = PermutationSolver.count(n, &Config::default())?;
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "n = {n}: {} solutions, {} permutations in {seconds:.3} s, {:.0} million/s",
        run.total,
        run.stats.examined,
        run.stats.examined as f64 / seconds / 1e6
    );
    Ok(())
}
