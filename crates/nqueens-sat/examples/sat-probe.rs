//! The measurements behind the crate's limits: first solutions, formula sizes and counts per
//! encoding, each board stopped after `NQ_STOP_AFTER` seconds (default 20), printing how long
//! the run took to return after the flag.
//!
//! `cargo run --release -p nqueens-sat --example sat-probe -- first ladder 100 200`
//! (operations `first`, `encode`, `count`).

use std::time::Instant;

use nqueens_core::{Config, Solver, StopFlag};
use nqueens_sat::{AtMostOne, SatSolver, encode};

fn main() {
    let mut args = std::env::args().skip(1);
    let op = args.next().unwrap_or_else(|| "first".into());
    let variant = args.next().unwrap_or_else(|| "pairwise".into());
    let amo = match variant.as_str() {
        "ladder" => AtMostOne::Ladder,
        "bitwise" => AtMostOne::Bitwise,
        "commander" => AtMostOne::Commander,
        "bimander" => AtMostOne::Bimander,
        _ => AtMostOne::Pairwise,
    };
    for n in args.filter_map(|a| a.parse::<usize>().ok()) {
        let stop = StopFlag::new();
        let watchdog = stop.clone();
        let after: f64 = std::env::var("NQ_STOP_AFTER")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(20.0);
        let raised = std::sync::Arc::new(std::sync::Mutex::new(None));
        let raised2 = raised.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs_f64(after));
            watchdog.expire();
            *raised2.lock().unwrap() = Some(Instant::now());
        });
        let start = Instant::now();
        let report = |what: &str| {
            if let Some(at) = *raised.lock().unwrap() {
                println!(
                    "  {what}: returned {:.3}s after the flag",
                    at.elapsed().as_secs_f64()
                );
            }
        };
        match op.as_str() {
            "first" => {
                let config = Config {
                    stop: stop.clone(),
                    variant: Some(variant.clone()),
                    ..Config::default()
                };
                let run = SatSolver.first(n, &config).unwrap();
                let seconds = start.elapsed().as_secs_f64();
                report("first");
                let formula = encode(n, amo).unwrap();
                println!(
                    "n={n} {variant} {:?} vars={} clauses={} conflicts={} {seconds:.3}s",
                    run.ended(),
                    formula.variables,
                    formula.clauses,
                    run.stats.backtracks,
                );
            }
            "encode" => {
                let f = encode(n, amo).unwrap();
                println!(
                    "n={n} {variant} {f:?} {:.3}s",
                    start.elapsed().as_secs_f64()
                );
            }
            _ => {
                let config = Config {
                    stop,
                    variant: Some(variant.clone()),
                    ..Config::default()
                };
                let run = SatSolver.count(n, &config).unwrap();
                println!(
                    "n={n} {variant} total={} {:?} conflicts={} {:.3}s",
                    run.total,
                    run.ended,
                    run.stats.backtracks,
                    start.elapsed().as_secs_f64()
                );
                report("count");
            }
        }
    }
}
