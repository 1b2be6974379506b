//! `nqueens instance`: a reproducible N-Queens completion instance, printed in the `--given`
//! form, so that `nqueens solve N --given "$(nqueens instance N --queens K --seed S)"` poses it.

use std::io::Write;

use clap::Args;
use nqueens::core::Given;

use crate::{Status, UsageError};

/// Options of `nqueens instance`.
#[derive(Args, Debug)]
pub struct InstanceArgs {
    /// Board size (at least 1).
    #[arg(value_parser = crate::parse_size)]
    n: usize,
    /// How many queens to place (at least 1, at most N).
    #[arg(long, short = 'k', value_parser = clap::value_parser!(u64).range(1..))]
    queens: u64,
    /// Seed of the random placement: the same arguments always print the same instance.
    #[arg(long)]
    seed: u64,
}

/// The largest board `instance` places queens on (21 MB of bookkeeping); no strategy completes
/// a larger one in a usable time.
const MAX_N: usize = 1_000_000;

/// Runs `nqueens instance`.
pub fn run(args: &InstanceArgs) -> anyhow::Result<Status> {
    if args.n > MAX_N {
        anyhow::bail!(UsageError(format!(
            "instance: n = {} is too large: instances are made for boards up to n = {MAX_N}",
            args.n
        )));
    }
    let queens = usize::try_from(args.queens).unwrap_or(usize::MAX);
    let given =
        Given::random(args.n, queens, args.seed).map_err(|error| UsageError(error.to_string()))?;
    let mut out = crate::output::stdout()?;
    writeln!(out, "{given}")?;
    out.flush()?;
    Ok(Status::Success)
}
