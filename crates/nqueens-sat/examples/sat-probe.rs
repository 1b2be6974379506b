//! The measurements behind the crate's limits: first solutions, formula sizes and counts per
//! encoding, each board stopped after `NQ_STOP_AFTER` seconds (default 20), printing how long
//! the run took to return after the flag.
//!
//! `cargo run --release -p nqueens-sat --example sat-probe -- first ladder 100 200`
//! (operations `first`, `encode`, `count`).
//!
//! `time-first` and `time-count` instead run each board `NQ_REPEAT` times (default 200) in
//! this process and print the 10th, 50th and 90th percentiles and the largest of the times of
//! a whole run (encoding, solving, freeing the solver): small boards' times without the
//! process start-up that a command-line timing adds.

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
        if let Some(what) = op.strip_prefix("time-") {
            time(what, &variant, n);
            continue;
        }
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

/// Times `NQ_REPEAT` whole runs of `what` (`first` or `count`) on the `n × n` board.
fn time(what: &str, variant: &str, n: usize) {
    let repeat: usize = std::env::var("NQ_REPEAT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let config = Config {
        variant: Some(variant.into()),
        ..Config::default()
    };
    let mut micros: Vec<f64> = (0..repeat.max(1))
        .map(|_| {
            let start = Instant::now();
            if what == "first" {
                SatSolver.first(n, &config).unwrap();
            } else {
                SatSolver.count(n, &config).unwrap();
            }
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    micros.sort_by(f64::total_cmp);
    let at = |q: f64| micros[((micros.len() - 1) as f64 * q).round() as usize];
    println!(
        "{what} n={n} {variant} runs={} p10={:.1}us p50={:.1}us p90={:.1}us max={:.1}us",
        micros.len(),
        at(0.1),
        at(0.5),
        at(0.9),
        at(1.0),
    );
}
