//! Recording a run's events ([`record`]) and the JSON Lines they are written as.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use nqueens_core::{Config, Ended, Event, Observer, Operation, Solver, Stats, StopFlag};
use serde::{Deserialize, Serialize};

use crate::TraceError;

/// The most steps a trace records: a trace is held in memory (about 32 bytes a step) and
/// written as about 50 bytes a step, so 50 MB of JSON Lines at most.
pub const MAX_STEPS: u64 = 1_000_000;

/// The steps recorded when the caller does not say.
pub const DEFAULT_MAX_STEPS: u64 = 3_000;

/// The first line of a trace: what was run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Always `nqueens-trace`: what the file is.
    pub trace: String,
    /// The schema's version (1).
    pub version: u32,
    /// The board size.
    pub n: usize,
    /// The strategy's registry name.
    pub strategy: String,
    /// Its variant, if it has several.
    pub variant: Option<String>,
    /// `first` (a search for one solution) or `count` (strategies that only count).
    pub operation: Operation,
    /// The seed of a randomized strategy.
    pub seed: Option<u64>,
    /// The given queens, as `[row, column]` pairs.
    pub given: Vec<(usize, u32)>,
    /// The cap on recorded steps.
    pub max_steps: u64,
}

/// One line per event: its 1-based step number and the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// 1 for the first event.
    pub step: u64,
    /// What happened.
    #[serde(flatten)]
    pub event: Event,
}

/// The last line of a trace: how the run ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct End {
    /// How the strategy's run ended (`interrupted` when the trace was cut).
    pub end: Ended,
    /// Whether the trace stopped the run at [`Header::max_steps`]: the events are then the
    /// start of the search, not all of it.
    pub cut: bool,
    /// Events recorded.
    pub steps: u64,
    /// The solution found, if any.
    pub solution: Option<Vec<u32>>,
    /// The count, for a count.
    pub total: Option<u64>,
    /// The run's statistics.
    pub stats: Stats,
}

/// A recorded run: what ran, every event in order, how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// What ran.
    pub header: Header,
    /// Its events, in the order the strategy reported them.
    pub events: Vec<Event>,
    /// How it ended.
    pub end: End,
}

/// Runs `solver` on `n` with `config` (its variant, seed and given queens), recording every
/// event up to `max_steps`; at the cap the run is stopped and the trace says it was cut.
///
/// It is the strategy's first-solution search (its count, for a strategy that only counts),
/// on one thread, so a seeded run records the same trace every time. Raising `config.stop`
/// ends the run early too, not marked cut; cutting a trace never raises `config.stop`.
///
/// ```
/// use nqueens_backtrack::VectorSolver;
/// use nqueens_core::Config;
///
/// let trace = nqueens_trace::record(&VectorSolver, 6, Config::default(), 1_000)?;
/// assert!(!trace.end.cut);
/// assert_eq!(trace.replay().columns(), trace.end.solution);
/// let start = nqueens_trace::record(&VectorSolver, 6, Config::default(), 5)?;
/// assert!(start.end.cut && start.events.len() == 5);
/// # Ok::<(), nqueens_trace::TraceError>(())
/// ```
pub fn record(
    solver: &dyn Solver,
    n: usize,
    config: Config,
    max_steps: u64,
) -> Result<Trace, TraceError> {
    if max_steps == 0 || max_steps > MAX_STEPS {
        return Err(TraceError::MaxSteps {
            max_steps,
            limit: MAX_STEPS,
        });
    }
    // A strategy that counts but cannot find a first solution at this size is traced counting;
    // otherwise the first-solution search runs (or says why it cannot).
    let operation = match (
        solver.check(Operation::First, n, &config),
        solver.check(Operation::Count, n, &config),
    ) {
        (Err(_), Ok(_)) => Operation::Count,
        _ => Operation::First,
    };
    // The run gets a flag of its own, so that cutting it does not look like the caller's stop;
    // a watcher passes the caller's stop on.
    let caller = config.stop.clone();
    let recorder = Arc::new(Recorder {
        events: Mutex::new(Vec::new()),
        max_steps,
        stop: StopFlag::new(),
        cut: Mutex::new(false),
    });
    let config = Config {
        threads: Some(1),
        observer: Some(recorder.clone()),
        stop: recorder.stop.clone(),
        ..config
    };
    let finished = AtomicBool::new(false);
    let outcome = std::thread::scope(|scope| {
        // A thread that cannot start (no memory for its stack) ends the trace with the memory
        // error rather than a panic; where no thread can start at all (WebAssembly in a
        // browser, which stops a run by ending its worker), the run goes on without the watcher.
        let watcher = std::thread::Builder::new().spawn_scoped(scope, || {
            while !finished.load(Ordering::Relaxed) {
                if let Some(reason) = caller.reason() {
                    match reason {
                        Ended::Deadline => recorder.stop.expire(),
                        _ => recorder.stop.stop(),
                    }
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        });
        if let Err(error) = watcher
            && !cfg!(target_family = "wasm")
        {
            return Err(nqueens_core::Error::OutOfMemory {
                strategy: solver.name(),
                n,
                what: format!("the thread that watches for a stop could not start ({error})"),
            });
        }
        let outcome = match operation {
            Operation::Count => solver.count(n, &config).map(|run| {
                let total = Some(run.total);
                (run.ended, None, total, run.stats, config.seed)
            }),
            _ => solver.first(n, &config).map(|run| {
                let solution = run.solution().map(|s| s.columns().to_vec());
                (
                    run.ended(),
                    solution,
                    None,
                    run.stats,
                    run.seed.or(config.seed),
                )
            }),
        };
        finished.store(true, Ordering::Relaxed);
        outcome
    });
    let (ended, solution, total, stats, seed) = outcome?;
    let events = std::mem::take(&mut *lock(&recorder.events));
    let cut = *lock(&recorder.cut);
    Ok(Trace {
        header: Header {
            trace: "nqueens-trace".into(),
            version: 1,
            n,
            strategy: solver.name().into(),
            variant: config.variant.clone(),
            operation,
            seed,
            given: config
                .given
                .as_ref()
                .map(|g| g.queens().to_vec())
                .unwrap_or_default(),
            max_steps,
        },
        end: End {
            // One spelling for a cut run, whichever way the strategy noticed the stop (some
            // return at their next poll as interrupted, others end their visit as satisfied).
            end: if cut { Ended::Interrupted } else { ended },
            cut,
            steps: events.len() as u64,
            solution,
            total,
            stats,
        },
        events,
    })
}

/// Locks `mutex`, taking its data even if a thread panicked while holding it (the data is a
/// list of events, whole after every push).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The observer [`record`] installs: keeps events up to the cap, then stops the run.
struct Recorder {
    events: Mutex<Vec<Event>>,
    max_steps: u64,
    stop: StopFlag,
    cut: Mutex<bool>,
}

impl Observer for Recorder {
    fn observe(&self, event: Event) {
        let mut events = lock(&self.events);
        if (events.len() as u64) < self.max_steps {
            events.push(event);
        } else if !self.stop.is_stopped() {
            *lock(&self.cut) = true;
            self.stop.stop();
        }
    }
}

impl Trace {
    /// The board and counters after every event: what the trace ends on.
    pub fn replay(&self) -> nqueens_run::Replay {
        let mut replay = self.start();
        for &event in &self.events {
            replay.apply(event);
        }
        replay
    }

    /// The board before the first event: empty but for the given queens.
    pub fn start(&self) -> nqueens_run::Replay {
        let given = nqueens_core::Given::new(self.header.given.clone()).ok();
        nqueens_run::Replay::new(self.header.n, given.as_ref())
    }

    /// Writes the trace as JSON Lines: the [`Header`], one [`Step`] per event, the [`End`].
    pub fn write_jsonl(&self, out: &mut dyn Write) -> io::Result<()> {
        serde_json::to_writer(&mut *out, &self.header)?;
        writeln!(out)?;
        for (index, &event) in self.events.iter().enumerate() {
            let step = Step {
                step: index as u64 + 1,
                event,
            };
            serde_json::to_writer(&mut *out, &step)?;
            writeln!(out)?;
        }
        serde_json::to_writer(&mut *out, &self.end)?;
        writeln!(out)?;
        out.flush()
    }

    /// Reads a trace written by [`Trace::write_jsonl`], checking that the steps are numbered
    /// in order and that the end line comes last and counts them.
    pub fn read_jsonl(input: impl BufRead) -> Result<Trace, TraceError> {
        let bad = |line: usize, reason: String| TraceError::Parse { line, reason };
        let json = |line: usize| move |error: serde_json::Error| bad(line, error.to_string());
        let mut lines = input.lines().enumerate();
        let mut next = |what: &str| -> Result<(usize, String), TraceError> {
            match lines.next() {
                Some((index, Ok(text))) => Ok((index + 1, text)),
                Some((index, Err(error))) => Err(bad(index + 1, error.to_string())),
                None => Err(bad(0, format!("the trace ends before its {what}"))),
            }
        };
        let (number, text) = next("header")?;
        let header: Header = serde_json::from_str(&text).map_err(json(number))?;
        if header.trace != "nqueens-trace" || header.version != 1 {
            return Err(bad(number, "not an nqueens-trace version 1 header".into()));
        }
        let mut events = Vec::new();
        loop {
            let (number, text) = next("end line")?;
            let value: serde_json::Value = serde_json::from_str(&text).map_err(json(number))?;
            if value.get("end").is_some() {
                let end: End = serde_json::from_value(value).map_err(json(number))?;
                let (counted, found) = (end.steps, events.len());
                if counted != found as u64 {
                    let why = format!("the end line counts {counted} steps, the trace has {found}");
                    return Err(bad(number, why));
                }
                return Ok(Trace {
                    header,
                    events,
                    end,
                });
            }
            let step: Step = serde_json::from_value(value).map_err(json(number))?;
            if step.step != events.len() as u64 + 1 {
                return Err(bad(number, format!("step {} out of order", step.step)));
            }
            events.push(step.event);
        }
    }
}
