//! # nqueens-web
//!
//! The workbench's strategies for a web page: [`handle`] takes one request as JSON and
//! answers in JSON, so the page's script needs no binding generator. On
//! `wasm32-unknown-unknown` the crate exports [`handle`] through three plain functions over
//! linear memory (the `exports` module; the loader is `web/nqueens.js`); natively it is an
//! ordinary library, tested like any other.
//!
//! Every job runs a strategy of [`nqueens::registry`] exactly as the command line does
//! (`Solver::first`, `count`, `visit`, and the trace recorder of `nqueens trace`), on one
//! thread: the counters that split into subproblems run them one after another. What the
//! browser cannot do is left to the page: the clock (it times each job around the call) and
//! the stop (it ends the Web Worker that runs the job). A seed always comes with the request
//! (the page draws one when the user gives none), because a browser's wasm has no entropy
//! source of its own.
//!
//! | request (`job`) | fields | answer |
//! |---|---|---|
//! | `strategies` | | every strategy with its variants and limits, and those not in this build |
//! | `first`, `count`, `list` | `strategy`, `n`; `variant`, `seed`, `budget`, `limit` (list), `stats` | [`RunAnswer`] |
//! | `trace` | `strategies` (one or two), `n`; `variant`s, `seed`, `max_steps` | [`TraceAnswer`]: the player page |
//!
//! A refused request (unknown strategy, a size above its limit, bad JSON) answers
//! `{"error": "..."}`, the command line's message.

use std::ops::ControlFlow;

use nqueens::core::{Answer, Config, Ended, Error, Operation, Solver, Stats};
use nqueens_trace::{TraceError, html::html, record};
use serde::{Deserialize, Serialize};

#[cfg(target_arch = "wasm32")]
mod exports;

/// Why a request was refused.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The request is not the JSON of a job.
    #[error("bad request: {0}")]
    Request(#[from] serde_json::Error),
    /// The strategy refused the job.
    #[error(transparent)]
    Solver(#[from] Error),
    /// The trace could not be recorded or drawn.
    #[error(transparent)]
    Trace(#[from] TraceError),
    /// A seed that is not a 64-bit number.
    #[error("seed {0:?} is not a number from 0 to 18446744073709551615")]
    Seed(String),
    /// A trace of no strategy, or of more than the player shows side by side.
    #[error("a trace shows one or two strategies, not {0}")]
    TraceCount(usize),
}

/// One request, as the page sends it.
#[derive(Debug, Deserialize)]
#[serde(tag = "job", rename_all = "kebab-case")]
enum Request {
    Strategies,
    First(RunRequest),
    Count(RunRequest),
    List(RunRequest),
    Trace(TraceRequest),
}

#[derive(Debug, Deserialize)]
struct RunRequest {
    strategy: String,
    n: usize,
    variant: Option<String>,
    /// A string, because JavaScript's numbers hold 53 bits, not 64.
    seed: Option<String>,
    budget: Option<u64>,
    /// The most solutions a listing returns (it stops there).
    limit: Option<u64>,
    /// The statistics that cost the hot loop (the `symmetry` counter's nodes).
    #[serde(default)]
    stats: bool,
}

#[derive(Debug, Deserialize)]
struct TraceRequest {
    strategies: Vec<String>,
    #[serde(default)]
    variants: Vec<Option<String>>,
    n: usize,
    seed: Option<String>,
    max_steps: Option<u64>,
}

/// What a `first`, `count` or `list` job answered.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct RunAnswer {
    /// The strategy's registry name.
    pub strategy: String,
    /// The variant that ran, if the strategy has several.
    pub variant: Option<&'static str>,
    /// `first`, `list` or `count`.
    pub operation: Operation,
    /// The board size.
    pub n: usize,
    /// How the run ended.
    pub ended: Ended,
    /// The answer in a word, as `nqueens compare` tabulates it: the count, `found`, `no
    /// solution`, or how the run ended.
    pub label: String,
    /// The solution found (first) or the first of a listing.
    pub solution: Option<Vec<u32>>,
    /// The solutions a listing returned, up to its limit.
    pub solutions: Option<Vec<Vec<u32>>>,
    /// The count, or the number of solutions listed.
    pub total: Option<u64>,
    /// Classes of solutions, for the counters that count them.
    pub unique: Option<u64>,
    /// What it cost.
    pub stats: Stats,
    /// The seed a randomized variant used, as a string (64 bits).
    pub seed: Option<String>,
}

/// One recorded trace, in short.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct TraceSummary {
    /// The strategy's registry name.
    pub strategy: String,
    /// How its run ended.
    pub ended: Ended,
    /// Whether the recording stopped at `max_steps`.
    pub cut: bool,
    /// Events recorded.
    pub steps: u64,
    /// The solution found, if any.
    pub solution: Option<Vec<u32>>,
}

/// What a `trace` job answered: the player page of `nqueens trace --html` for the traces,
/// side by side, and each trace in short.
#[derive(Debug, Serialize)]
pub struct TraceAnswer {
    /// The self-contained player page.
    pub html: String,
    /// Each trace, in the order asked.
    pub traces: Vec<TraceSummary>,
}

/// A strategy as the page lists it.
#[derive(Serialize)]
struct Listed {
    name: &'static str,
    #[serde(flatten)]
    capabilities: &'static nqueens::core::Capabilities,
    /// Counters that split into subproblems use every core natively; here, one thread.
    one_thread: bool,
}

#[derive(Serialize)]
struct NotBuilt {
    name: &'static str,
    reason: &'static str,
}

/// Answers one request (JSON) with JSON: the job's answer, or `{"error": message}`
/// ([`run_job`], then [`Reply::to_json`]).
///
/// ```
/// let answer = nqueens_web::handle(r#"{"job": "count", "strategy": "bitmask", "n": 8}"#);
/// let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
/// assert_eq!(answer["total"], 92);
/// assert!(nqueens_web::handle(r#"{"job": "count", "strategy": "bitmask", "n": 0}"#).contains("error"));
/// ```
pub fn handle(request: &str) -> String {
    run_job(request).to_json()
}

/// What a job answered, before it is written as JSON: the page times the job without the
/// writing (a solution at n = 10^6 is 7 MB of JSON).
#[derive(Debug)]
pub struct Reply(Result<Answered, WebError>);

/// A job's answer, by kind.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum Answered {
    Strategies(serde_json::Value),
    Run(RunAnswer),
    Trace(TraceAnswer),
}

impl Reply {
    /// The answer as JSON, or `{"error": message}`.
    pub fn to_json(&self) -> String {
        let written = match &self.0 {
            Ok(answered) => serde_json::to_string(answered).map_err(|e| e.to_string()),
            Err(error) => Err(error.to_string()),
        };
        written.unwrap_or_else(|message| serde_json::json!({ "error": message }).to_string())
    }
}

/// Runs the job of one request (JSON).
pub fn run_job(request: &str) -> Reply {
    Reply(
        serde_json::from_str(request)
            .map_err(WebError::from)
            .and_then(answer),
    )
}

fn answer(request: Request) -> Result<Answered, WebError> {
    let registry = nqueens::registry();
    Ok(match request {
        Request::Strategies => {
            let strategies: Vec<Listed> = registry
                .iter()
                .map(|s| Listed {
                    name: s.name(),
                    capabilities: s.capabilities(),
                    one_thread: s.capabilities().resumable,
                })
                .collect();
            let not_built: Vec<NotBuilt> = registry
                .not_built()
                .iter()
                .map(|&(name, reason)| NotBuilt { name, reason })
                .collect();
            Answered::Strategies(
                serde_json::json!({ "strategies": strategies, "not_built": not_built }),
            )
        }
        Request::First(run) => Answered::Run(execute(&registry, Operation::First, run)?),
        Request::Count(run) => Answered::Run(execute(&registry, Operation::Count, run)?),
        Request::List(run) => Answered::Run(execute(&registry, Operation::List, run)?),
        Request::Trace(trace) => Answered::Trace(trace_job(&registry, trace)?),
    })
}

fn parse_seed(seed: Option<&str>) -> Result<Option<u64>, WebError> {
    seed.map(|s| s.trim().parse().map_err(|_| WebError::Seed(s.to_string())))
        .transpose()
}

/// Runs `operation` as the command line does, on one thread.
pub fn run(
    solver: &dyn Solver,
    operation: Operation,
    n: usize,
    config: &Config,
    limit: Option<u64>,
) -> Result<RunAnswer, Error> {
    let config = Config {
        threads: Some(1),
        ..config.clone()
    };
    let mut solutions = Vec::new();
    let answer = match operation {
        Operation::First => Answer::First(solver.first(n, &config)?),
        Operation::Count => Answer::Count(solver.count(n, &config)?),
        Operation::List => {
            let limit = limit.unwrap_or(u64::MAX);
            let run = solver.visit(n, &config, &mut |columns| {
                solutions.push(columns.to_vec());
                if solutions.len() as u64 >= limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })?;
            Answer::Count(nqueens::core::CountRun::new(
                solutions.len() as u64,
                run.ended,
                run.stats,
            ))
        }
    };
    let label = answer.label();
    // The variant that ran (the checks passed, since it did), and whether it took the seed.
    let ran = solver.check(operation, n, &config)?;
    let (solution, total, unique) = match &answer {
        Answer::First(first) => (first.solution().map(|s| s.columns().to_vec()), None, None),
        Answer::Count(count) => (solutions.first().cloned(), Some(count.total), count.unique),
    };
    let seed = match &answer {
        Answer::First(first) => first.seed,
        Answer::Count(_) => None,
    }
    .or(config.seed.filter(|_| ran.randomized));
    Ok(RunAnswer {
        strategy: solver.name().to_string(),
        variant: ran.name,
        operation,
        n,
        ended: answer.ended(),
        label,
        solution,
        solutions: (operation == Operation::List).then_some(solutions),
        total,
        unique,
        stats: *answer.stats(),
        seed: seed.map(|s| s.to_string()),
    })
}

fn execute(
    registry: &nqueens::core::Registry,
    operation: Operation,
    request: RunRequest,
) -> Result<RunAnswer, WebError> {
    let solver = registry.get(&request.strategy)?;
    let config = Config {
        seed: parse_seed(request.seed.as_deref())?,
        variant: request.variant,
        budget: request.budget,
        stats: request.stats,
        ..Config::default()
    };
    Ok(run(solver, operation, request.n, &config, request.limit)?)
}

fn trace_job(
    registry: &nqueens::core::Registry,
    request: TraceRequest,
) -> Result<TraceAnswer, WebError> {
    let count = request.strategies.len();
    if !(1..=2).contains(&count) {
        return Err(WebError::TraceCount(count));
    }
    let seed = parse_seed(request.seed.as_deref())?;
    let max_steps = request
        .max_steps
        .unwrap_or(nqueens_trace::DEFAULT_MAX_STEPS);
    let mut traces = Vec::with_capacity(count);
    for (index, name) in request.strategies.iter().enumerate() {
        let solver = registry.get(name)?;
        let config = Config {
            seed,
            variant: request.variants.get(index).cloned().flatten(),
            ..Config::default()
        };
        traces.push(record(solver, request.n, config, max_steps)?);
    }
    let page = html(&traces)?;
    Ok(TraceAnswer {
        html: page,
        traces: traces
            .into_iter()
            .map(|trace| TraceSummary {
                strategy: trace.header.strategy,
                ended: trace.end.end,
                cut: trace.end.cut,
                steps: trace.end.steps,
                solution: trace.end.solution,
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests;
