//! Ad-hoc measurements behind the crate documentation (run with `--release`):
//!
//! - `measure stall LO HI CAP`: faithful first-solution nodes for n = LO..=HI, capped at CAP;
//! - `measure versus LO HI`: faithful nodes beside the bitmask strategy's, first solution;
//! - `measure scaling LO HI SEEDS`: scaling runs, seeds 0..SEEDS, with wall time.

use std::time::Instant;

use nqueens_backtrack::BitmaskSolver;
use nqueens_core::{Config, Outcome, Solver};
use nqueens_warnsdorff::{FAITHFUL, WarnsdorffSolver};

fn arg(args: &[String], i: usize) -> u64 {
    args.get(i).and_then(|a| a.parse().ok()).unwrap_or_else(|| {
        eprintln!("usage: measure stall|versus|scaling LO HI [CAP|SEEDS]");
        std::process::exit(2)
    })
}

fn main() -> Result<(), nqueens_core::Error> {
    let args: Vec<String> = std::env::args().collect();
    let (lo, hi) = (arg(&args, 2) as usize, arg(&args, 3) as usize);
    let faithful = |budget| Config {
        variant: Some(FAITHFUL.into()),
        budget,
        ..Config::default()
    };
    match args.get(1).map(String::as_str) {
        Some("stall") => {
            let cap = arg(&args, 4);
            println!("n\tnodes\tbacktracks\tfound");
            for n in lo..=hi {
                let run = WarnsdorffSolver.first(n, &faithful(Some(cap)))?;
                let found = matches!(run.outcome, Outcome::Found(_));
                println!(
                    "{n}\t{}\t{}\t{found}",
                    run.stats.nodes, run.stats.backtracks
                );
            }
        }
        Some("versus") => {
            println!("n\tfaithful nodes\tbacktracks\tbitmask nodes\tbacktracks");
            for n in lo..=hi {
                let ours = WarnsdorffSolver.first(n, &faithful(None))?.stats;
                let theirs = BitmaskSolver.first(n, &Config::default())?.stats;
                println!(
                    "{n}\t{}\t{}\t{}\t{}",
                    ours.nodes, ours.backtracks, theirs.nodes, theirs.backtracks
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
                    let found = matches!(run.outcome, Outcome::Found(_));
                    println!(
                        "{n}\t{seed}\t{seconds:.4}\t{}\t{}\t{}\t{found}",
                        s.nodes, s.backtracks, s.restarts
                    );
                }
            }
        }
        _ => {
            eprintln!("usage: measure stall|versus|scaling LO HI [CAP|SEEDS]");
            std::process::exit(2)
        }
    }
    Ok(())
}
