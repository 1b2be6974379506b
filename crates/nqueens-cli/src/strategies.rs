//! `nqueens strategies`: what every registered strategy can do, one row per variant, read
//! from the strategies' own capabilities.

use std::io::Write;

use clap::Args;
use nqueens::core::{Availability, Capabilities, Limit, Operation, Registry};
use serde::Serialize;

use crate::Status;

/// Options of `nqueens strategies`.
#[derive(Args, Debug)]
pub struct StrategiesArgs {
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

/// One strategy in the JSON listing: what its best variant can do for each operation (the
/// keys from before variants), then its capabilities.
#[derive(Serialize)]
struct StrategyReport {
    name: &'static str,
    complete: bool,
    randomized: bool,
    first: Limit,
    list: Limit,
    count: Limit,
    #[serde(flatten)]
    capabilities: &'static Capabilities,
    /// Whether it can run on this machine, and if not what it needs and what is missing.
    #[serde(flatten)]
    availability: Availability,
}

impl StrategyReport {
    fn new(
        name: &'static str,
        capabilities: &'static Capabilities,
        availability: Availability,
    ) -> Self {
        StrategyReport {
            name,
            complete: capabilities.variants.iter().any(|v| v.complete),
            randomized: capabilities.variants.iter().any(|v| v.randomized),
            first: capabilities.widest(Operation::First),
            list: capabilities.widest(Operation::List),
            count: capabilities.widest(Operation::Count),
            capabilities,
            availability,
        }
    }
}

/// Runs `nqueens strategies`.
pub fn run(registry: &Registry, args: &StrategiesArgs) -> anyhow::Result<Status> {
    let mut out = crate::output::stdout()?;
    if args.json {
        let reports: Vec<_> = registry
            .iter()
            .map(|s| StrategyReport::new(s.name(), s.capabilities(), s.availability()))
            .collect();
        serde_json::to_writer_pretty(&mut out, &reports)?;
        writeln!(out)?;
        out.flush()?;
        return Ok(Status::Success);
    }
    let header = "strategy,variant,complete,seeded,first,list,count,what it is";
    let mut rows = vec![header.split(',').map(str::to_string).collect()];
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
    let mut text = String::new();
    nqueens_report::compare::write_table(&mut text, &rows);
    out.write_all(text.as_bytes())?;
    for (name, why) in registry.unavailable() {
        writeln!(out, "{name} cannot run here: {why}")?;
    }
    out.flush()?;
    Ok(Status::Success)
}
