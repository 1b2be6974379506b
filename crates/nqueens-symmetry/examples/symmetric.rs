//! Times the direct counts of symmetric solutions: `cargo run --release -p nqueens-symmetry
//! --example symmetric -- quarter 20 33` prints each n, its count and its time.

use std::io::Write;
use std::time::Instant;

use nqueens_core::{Config, Solver, Turn};
use nqueens_symmetry::SymmetrySolver;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let turn = match args.first().map(String::as_str) {
        Some("half") => Turn::Half,
        Some("quarter") => Turn::Quarter,
        _ => return Err("usage: symmetric half|quarter FROM [TO]".into()),
    };
    let from: usize = args.get(1).ok_or("FROM missing")?.parse()?;
    let to: usize = args.get(2).map_or(Ok(from), |t| t.parse())?;
    let mut out = std::io::stdout().lock();
    let config = Config {
        symmetric: Some(turn),
        ..Config::default()
    };
    let started = Instant::now();
    for n in from..=to {
        let one = Instant::now();
        let run = SymmetrySolver.count(n, &config)?;
        writeln!(out, "{n} {} {:.3}", run.total, one.elapsed().as_secs_f64())?;
    }
    writeln!(out, "all {:.3} s", started.elapsed().as_secs_f64())?;
    Ok(())
}
