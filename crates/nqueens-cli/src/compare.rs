//! `nqueens compare`: every strategy on the same work, one table per job.
//!
//! Each case runs under the core's deadline engine ([`run_with_deadline`]), which stops it
//! when its time is up or on Ctrl-C; a case keeps its typed answer (or the strategy's refusal)
//! until it is printed.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::time::Duration;

use clap::Args;
use nqueens::core::format::format_seconds;
use nqueens::core::{
    Answer, Config, Ended, Error as SolverError, Operation, Registry, Stats, StopFlag,
    run_with_deadline,
};
use serde::{Serialize, Serializer};

use crate::{Status, table};

/// Sizes used when none are given: the whole run takes a few seconds, most of it the textbook
/// backtracker's timeout at n = 32, which is the point where the first-solution strategies part
/// ways (backtracking stalls; guided, local and constructive ones go on to 10,000).
const DEFAULT_COUNT_SIZES: &[usize] = &[8, 10, 12, 14];
const DEFAULT_FIRST_SIZES: &[usize] = &[8, 16, 24, 32, 100, 10_000];

/// Options of `nqueens compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Board sizes for both jobs (default: 8 10 12 14 for counting, 8 16 24 32 100 10000 for a
    /// first solution).
    #[arg(value_parser = crate::parse_size)]
    sizes: Vec<usize>,
    /// Only this job.
    #[arg(long, value_enum)]
    job: Option<Job>,
    /// Give up on one case after this many seconds (the row then says "timeout").
    #[arg(long, default_value = "2", value_parser = parse_timeout)]
    timeout: Duration,
    /// Seed for randomized strategies.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Machine-readable output: one JSON array of cases.
    #[arg(long)]
    json: bool,
}

/// The jobs every strategy is put to.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
enum Job {
    /// Count every solution.
    Count,
    /// Find a first solution.
    First,
}

impl Job {
    fn operation(self) -> Operation {
        match self {
            Job::Count => Operation::Count,
            Job::First => Operation::First,
        }
    }

    fn title(self) -> &'static str {
        match self {
            Job::Count => "count all solutions",
            Job::First => "first solution",
        }
    }
}

/// Parses `--timeout`: seconds, a finite number above zero.
fn parse_timeout(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if seconds <= 0.0 {
        return Err(format!(
            "the timeout must be above zero seconds, not {text}"
        ));
    }
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("{text:?} seconds is not a timeout this program can wait for"))
}

/// One strategy on one size: its answer, or why the strategy refused the case.
struct Case {
    job: Job,
    n: usize,
    strategy: &'static str,
    seconds: f64,
    answer: Result<Answer, SolverError>,
}

impl Case {
    /// What the run cost; nothing for a refused case.
    fn stats(&self) -> Stats {
        self.answer
            .as_ref()
            .map_or_else(|_| Stats::default(), |answer| *answer.stats())
    }

    /// The table's result cell: the count, `found`, `no solution`, `budget exhausted`,
    /// `timeout`, `interrupted` or `refused` (the reason is printed under the table).
    fn label(&self) -> String {
        match &self.answer {
            Ok(answer) => answer.label(),
            Err(_) => REFUSED.to_string(),
        }
    }

    fn timed_out(&self) -> bool {
        matches!(&self.answer, Ok(answer) if answer.ended() == Ended::Deadline)
    }
}

/// A refused case's result cell; JSON adds `: ` and the reason.
const REFUSED: &str = "refused";

impl Serialize for Case {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Record<'a> {
            job: Job,
            n: usize,
            strategy: &'a str,
            seconds: f64,
            /// The count, `found`, `no solution`, `timeout`, ..., or `refused: ` and why.
            result: String,
            stats: Stats,
        }
        Record {
            job: self.job,
            n: self.n,
            strategy: self.strategy,
            seconds: self.seconds,
            result: match &self.answer {
                Ok(answer) => answer.label(),
                Err(error) => format!("{REFUSED}: {error}"),
            },
            stats: self.stats(),
        }
        .serialize(serializer)
    }
}

/// Runs `nqueens compare`.
pub fn run(registry: &Registry, stop: &StopFlag, args: &CompareArgs) -> anyhow::Result<Status> {
    let jobs = match args.job {
        Some(job) => vec![job],
        None => vec![Job::Count, Job::First],
    };
    // The deadline engine watches `stop` too: Ctrl-C ends the case under way as interrupted.
    let config = Config {
        seed: Some(args.seed),
        stop: stop.clone(),
        ..Config::default()
    };
    let mut cases = Vec::new();
    let mut out = io::stdout().lock();
    for job in jobs {
        let operation = job.operation();
        let sizes = match (args.sizes.is_empty(), job) {
            (false, _) => &args.sizes[..],
            (true, Job::Count) => DEFAULT_COUNT_SIZES,
            (true, Job::First) => DEFAULT_FIRST_SIZES,
        };
        let first_case = cases.len();
        // A strategy that timed out at some n is not tried on larger ones: it would only time
        // out again, and the job would take `timeout` per size.
        let mut timed_out: BTreeMap<&'static str, usize> = BTreeMap::new();
        for &n in sizes {
            for solver in registry.iter() {
                // Sizes beyond a strategy's limits are left out, not shown as refusals.
                if solver.check(operation, n, &config).is_err()
                    || timed_out.get(solver.name()).is_some_and(|&at| n > at)
                {
                    continue;
                }
                if stop.is_stopped() {
                    break;
                }
                let timed = run_with_deadline(solver, operation, n, &config, args.timeout);
                let case = Case {
                    job,
                    n,
                    strategy: solver.name(),
                    seconds: timed.seconds,
                    answer: timed.result,
                };
                if case.timed_out() {
                    timed_out.insert(solver.name(), n);
                }
                cases.push(case);
            }
        }
        if !args.json {
            writeln!(out, "\n{}", job.title())?;
            write_table(&mut out, &cases[first_case..])?;
            for case in &cases[first_case..] {
                if let Err(reason) = &case.answer {
                    writeln!(out, "({reason})")?;
                }
            }
            for (name, n) in &timed_out {
                if sizes.iter().any(|&size| size > *n) {
                    writeln!(out, "({name} timed out at n = {n}; larger sizes skipped)")?;
                }
            }
        }
    }
    if args.json {
        serde_json::to_writer_pretty(&mut out, &cases)?;
        writeln!(out)?;
    }
    Ok(if stop.is_stopped() {
        Status::Interrupted
    } else {
        Status::Success
    })
}

/// Writes one job's cases as a table. A statistics column is shown when some case in the
/// table has a non-zero value in it; a zero shows as `-` (not counted, or none).
fn write_table(out: &mut impl Write, cases: &[Case]) -> io::Result<()> {
    let stats: Vec<Stats> = cases.iter().map(Case::stats).collect();
    let shown: Vec<_> = Stats::FIELDS
        .iter()
        .filter(|field| stats.iter().any(|s| (field.get)(s) != 0))
        .collect();
    let mut header = vec!["n".to_string(), "strategy".into(), "time".into()];
    header.extend(shown.iter().map(|field| field.label.to_string()));
    header.push("result".into());
    let mut rows = vec![header];
    for (case, stats) in cases.iter().zip(&stats) {
        let mut row = vec![
            case.n.to_string(),
            case.strategy.to_string(),
            format_seconds(case.seconds),
        ];
        row.extend(shown.iter().map(|field| match (field.get)(stats) {
            0 => "-".to_string(),
            value => value.to_string(),
        }));
        row.push(case.label());
        rows.push(row);
    }
    table::write(out, &rows)
}
