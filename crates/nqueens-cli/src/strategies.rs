//! `nqueens strategies`: what every registered strategy can do, one row per variant, read
//! from the strategies' own capabilities.

use std::io::{self, Write};

use clap::Args;
use nqueens::core::{Capabilities, Registry};
use serde::Serialize;

use crate::{Status, table};

/// Options of `nqueens strategies`.
#[derive(Args, Debug)]
pub struct StrategiesArgs {
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

/// One strategy in the JSON listing: its name and its capabilities, variants included.
#[derive(Serialize)]
struct StrategyReport {
    name: &'static str,
    #[serde(flatten)]
    capabilities: Capabilities,
}

/// Runs `nqueens strategies`.
pub fn run(registry: &Registry, args: &StrategiesArgs) -> anyhow::Result<Status> {
    let mut out = io::stdout().lock();
    if args.json {
        let reports: Vec<_> = registry
            .iter()
            .map(|s| StrategyReport {
                name: s.name(),
                capabilities: s.capabilities(),
            })
            .collect();
        serde_json::to_writer_pretty(&mut out, &reports)?;
        writeln!(out)?;
        return Ok(Status::Success);
    }
    let mut rows = vec![table::row([
        "strategy",
        "variant",
        "complete",
        "seeded",
        "first",
        "list",
        "count",
        "what it is",
    ])];
    let yes_no = |b: bool| if b { "yes" } else { "no" }.to_string();
    for solver in registry.iter() {
        for variant in solver.capabilities().variants {
            rows.push(vec![
                solver.name().to_string(),
                variant.name.unwrap_or("-").to_string(),
                yes_no(variant.complete),
                yes_no(variant.randomized),
                variant.first.to_string(),
                variant.list.to_string(),
                variant.count.to_string(),
                variant.summary.to_string(),
            ]);
        }
    }
    table::write(&mut out, &rows)?;
    Ok(Status::Success)
}
