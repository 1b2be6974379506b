//! The measurements behind the crate's limits: first solutions and counts per variant, each
//! board stopped after `NQ_STOP_AFTER` seconds (default 20).
//!
//! `cargo run --release -p nqueens-cp --example cp-probe -- first autonomous 50 100`
//! (operations `first`, `count`).

use std::time::Instant;

use nqueens_core::{Config, Solver, StopFlag};
use nqueens_cp::CpSolver;

fn main() {
    let mut args = std::env::args().skip(1);
    let op = args.next().unwrap_or_else(|| "first".into());
    let variant = args.next().unwrap_or_else(|| "autonomous".into());
    let after: f64 = std::env::var("NQ_STOP_AFTER")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20.0);
    for n in args.filter_map(|a| a.parse::<usize>().ok()) {
        let stop = StopFlag::new();
        let watchdog = stop.clone();
        let raised = std::sync::Arc::new(std::sync::Mutex::new(None));
        let raised2 = raised.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs_f64(after));
            watchdog.expire();
            *raised2.lock().unwrap() = Some(Instant::now());
        });
        let config = Config {
            stop,
            variant: Some(variant.clone()),
            ..Config::default()
        };
        let start = Instant::now();
        let (what, ended, stats) = if op == "first" {
            let run = CpSolver.first(n, &config).unwrap();
            (String::new(), run.ended(), run.stats)
        } else {
            let run = CpSolver.count(n, &config).unwrap();
            (format!("total={}", run.total), run.ended, run.stats)
        };
        println!(
            "n={n} {variant} {what} {ended:?} decisions={} conflicts={} restarts={} {:.3}s",
            stats.nodes,
            stats.backtracks,
            stats.restarts,
            start.elapsed().as_secs_f64()
        );
        if let Some(at) = *raised.lock().unwrap() {
            println!(
                "  returned {:.3}s after the flag",
                at.elapsed().as_secs_f64()
            );
        }
    }
}
