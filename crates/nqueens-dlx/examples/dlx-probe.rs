//! The measurements behind the crate's limits: first solutions and counts, each board stopped
//! after 5 seconds.
//!
//! `cargo run --release -p nqueens-dlx --example dlx-probe -- first 8 16 32` (or `count`).

use std::time::Instant;

use nqueens_core::{Config, Solver, StopFlag};
use nqueens_dlx::DlxSolver;

fn main() {
    let mut args = std::env::args().skip(1);
    let op = args.next().unwrap_or_else(|| "first".into());
    for n in args.filter_map(|a| a.parse::<usize>().ok()) {
        let stop = StopFlag::new();
        let watchdog = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs(5));
            watchdog.expire();
        });
        let config = Config {
            stop,
            ..Config::default()
        };
        let start = Instant::now();
        if op == "first" {
            let run = DlxSolver.first(n, &config).unwrap();
            println!(
                "n={n} {:?} nodes={} dead_ends={} {:.3}s",
                run.ended(),
                run.stats.nodes,
                run.stats.backtracks,
                start.elapsed().as_secs_f64()
            );
        } else {
            let run = DlxSolver.count(n, &config).unwrap();
            println!(
                "n={n} total={} {:?} nodes={} dead_ends={} {:.3}s",
                run.total,
                run.ended,
                run.stats.nodes,
                run.stats.backtracks,
                start.elapsed().as_secs_f64()
            );
        }
    }
}
