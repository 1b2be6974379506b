//! Ad-hoc measurements behind the crate documentation (run with `--release`):
//!
//! - `measure stall LO HI CAP`: faithful first-solution nodes for n = LO..=HI, capped at CAP;
//! - `measure scaling LO HI SEEDS`: scaling runs, seeds 0..SEEDS, with wall time.
//!
//! The faithful variant's nodes beside the bitmask strategy's are checked by the workspace's
//! `tests/cross_search.rs` (strategy crates do not depend on each other).

use std::time::Instant;

use nqueens_core::{Config, Ended, Solver};
use nqueens_warnsdorff::{FAITHFUL, WarnsdorffSolver};

const USAGE: &str = "usage: measure stall|scaling LO HI CAP|SEEDS";

fn arg(args: &[String], i: usize) -> u64 {
    args.get(i).and_then(|a| a.parse().ok()).unwrap_or_else(|| {
        eprintln!("{USAGE}");
        std::process::exit(2)
    })
}

fn main() -> Result<(), nqueens_core::Error> {
    let args: Vec<String> = std::env::args().collect();
    let (lo, hi) = (arg(&args, 2) as usize, arg(&args, 3) as usize);
    match args.get(1).map(String::as_str) {
        Some("stall") => {
            let config = Config {
                variant: Some(FAITHFUL.into()),
                budget: Some(arg(&args, 4)),
                ..Config::default()
            };
            println!("n\tnodes\tbacktracks\tfound");
            for n in lo..=hi {
                let run = WarnsdorffSolver.first(n, &config)?;
                let found = run.ended() == Ended::Satisfied;
                println!(
                    "{n}\t{}\t{}\t{found}",
                    run.stats.nodes, run.stats.backtracks
                );
            }
        }
        Some("scaling") => {
            println!("n\tseed\tseconds\tnodes\tbacktracks\trestarts\tfound");
            for n in lo..=hi {
                for seed in 0..arg(&args, 4) {
                    let config = Config {
                        seed: Some(seed),
                        ..Config::default()
                    };
                    let started = Instant::now();
                    let run = WarnsdorffSolver.first(n, &config)?;
                    let seconds = started.elapsed().as_secs_f64();
                    let s = run.stats;
                    let found = run.ended() == Ended::Satisfied;
                    println!(
                        "{n}\t{seed}\t{seconds:.4}\t{}\t{}\t{}\t{found}",
                        s.nodes, s.backtracks, s.restarts
                    );
                }
            }
        }
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2)
        }
    }
    Ok(())
}
