//! `nqueens count N --symmetric half|quarter`: the solutions a rotation maps onto themselves,
//! counted directly; and the check of every whole count with classes against Burnside's
//! identity, with the classes by orbit size that `count --unique --json` reports.

use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use nqueens::core::split::{Shard, count_shard};
use nqueens::core::{Config, Observer, Registry, StopFlag, Strategy};
use nqueens::symmetry::{SymmetricError, SymmetricPlan, SymmetrySolver, SymmetryTypes, Turn};
use serde::Serialize;

use crate::count::{CountArgs, PARTIAL, Reporter, counted_with_checkpoint, thread_count};
use crate::output::message;
use crate::{Status, UsageError};

/// The turn `--symmetric` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TurnArg {
    /// Invariant under a half turn: P(n), OEIS A032522.
    Half,
    /// Invariant under a quarter turn: R(n), OEIS A033148.
    Quarter,
}

impl From<TurnArg> for Turn {
    fn from(turn: TurnArg) -> Turn {
        match turn {
            TurnArg::Half => Turn::Half,
            TurnArg::Quarter => Turn::Quarter,
        }
    }
}

/// The classes of a count by orbit size, and P and R, as `count --unique --json` adds them.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TypesReport {
    /// P: solutions a half turn maps onto themselves.
    half_turn: u64,
    /// R: solutions a quarter turn maps onto themselves.
    quarter_turn: u64,
    /// Classes by the number of solutions in them.
    classes_by_orbit: Orbits,
}

#[derive(Clone, Copy, Debug, Serialize)]
struct Orbits {
    #[serde(rename = "8")]
    eight: u64,
    #[serde(rename = "4")]
    four: u64,
    #[serde(rename = "2")]
    two: u64,
    #[serde(rename = "1")]
    one: u64,
}

impl From<SymmetryTypes> for TypesReport {
    fn from(types: SymmetryTypes) -> TypesReport {
        TypesReport {
            half_turn: types.half_turn,
            quarter_turn: types.quarter_turn,
            classes_by_orbit: Orbits {
                eight: types.classes_of_8,
                four: types.classes_of_4,
                two: types.classes_of_2,
                one: types.classes_of_1,
            },
        }
    }
}

/// Checks a whole count of `total` solutions in `unique` classes against Burnside's identity
/// with P and R counted directly; `None` if stopped first. A mismatch is an error (exit 1).
pub fn check(
    n: usize,
    total: u64,
    unique: u64,
    config: &Config,
) -> anyhow::Result<Option<SymmetryTypes>> {
    nqueens::symmetry::symmetry_types(n, total, unique, config).map_err(|error| match error {
        // Unwrapped, so that a refused size stays a usage error.
        SymmetricError::Count(error) => anyhow::Error::from(error),
        mismatch => mismatch.into(),
    })
}

#[derive(Serialize)]
struct SymmetricReport<'a> {
    n: usize,
    strategy: &'a str,
    symmetric: &'a str,
    total: u64,
    complete: bool,
    seconds: f64,
}

/// Runs `nqueens count N --symmetric TURN`.
pub fn run(
    registry: &Registry,
    stop: &StopFlag,
    args: &CountArgs,
    turn: Turn,
) -> anyhow::Result<Status> {
    // Every flag of `count` is named here, so that a new one does not compile until this
    // path reads it or refuses it: a flag this search does not read must never be dropped
    // in silence (`--given` once was, and the count of all symmetric solutions came out).
    let CountArgs {
        n,
        strategy: _,
        given,
        unique: _,
        threads,
        // A ceiling: this search holds a few words per row, far below any limit.
        memory_limit: _,
        quiet,
        json,
        checkpoint,
        shard: _,
        symmetric: _,
    } = args;
    let n = *n;
    let own = SymmetrySolver.name();
    if given.given.is_some() {
        anyhow::bail!(UsageError(
            "--given cannot be used with --symmetric: the symmetric search places whole orbits \
             of queens and does not keep given ones (count completions without --symmetric)"
                .to_string()
        ));
    }
    if let Some(name) = &args.strategy.strategy {
        let solver = registry.get(name)?;
        if solver.name() != own {
            anyhow::bail!(UsageError(format!(
                "--symmetric is a search of the {own} strategy; {} cannot do it \
                 (leave out --strategy)",
                solver.name()
            )));
        }
    }
    if args.strategy.variant.is_some() {
        anyhow::bail!(UsageError(
            "--variant does nothing with --symmetric: its search has one mode".to_string()
        ));
    }
    if args.shard.is_some() {
        anyhow::bail!(UsageError(
            "--symmetric cannot be used with --shard: symmetric counts are short enough for one \
             machine, and `merge` adds up full counts only"
                .to_string()
        ));
    }
    if args.unique {
        anyhow::bail!(UsageError(
            "--unique cannot be used with --symmetric: it counts the symmetric solutions, not \
             their classes"
                .to_string()
        ));
    }
    let plan = SymmetricPlan::new(n, turn)?;
    let reporter = Arc::new(Reporter::new(*quiet, true));
    let config = Config {
        threads: threads.map(thread_count),
        observer: reporter
            .shows_anything()
            .then(|| reporter.clone() as Arc<dyn Observer>),
        stop: stop.clone(),
        ..Config::default()
    };
    let started = Instant::now();
    let record = match checkpoint {
        None => count_shard(&plan, Shard::whole(), &config)?,
        Some(path) => counted_with_checkpoint(path, &plan, Shard::whole(), &config, &reporter)?,
    };
    reporter.finish();
    let seconds = started.elapsed().as_secs_f64();
    let mut out = crate::output::stdout()?;
    if *json {
        let report = SymmetricReport {
            n,
            strategy: own,
            symmetric: &turn.to_string(),
            total: record.count,
            complete: record.complete,
            seconds,
        };
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else {
        let partial = if record.complete { "" } else { PARTIAL };
        writeln!(out, "{}{partial}", record.count)?;
    }
    out.flush()?;
    if record.complete {
        Ok(Status::Success)
    } else {
        message("interrupted: the count above is partial (a lower bound)");
        if checkpoint.is_some() {
            message("rerun the same command to resume from the checkpoint");
        }
        Ok(Status::Interrupted)
    }
}
