//! Runs with a deadline, behind `nqueens compare` and the bench's probes: the run's own
//! [`StopFlag`] is raised by a watchdog thread at the deadline ([`Ended::Deadline`]) or when
//! the caller's flag is ([`Ended::Interrupted`]).

use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use nqueens_core::{Config, CountRun, Ended, Error, FirstRun, Operation, Solver, Stats, StopFlag};

/// How often the watchdog looks at the caller's flag.
const WATCH_INTERVAL: Duration = Duration::from_millis(10);

/// Runs `work` with a copy of `config` whose stop flag is raised after `timeout`, or as soon as
/// `config.stop` is; returns its result and the seconds it took.
///
/// ```
/// use std::time::Duration;
/// use nqueens_core::{Config, Ended};
/// use nqueens_run::with_deadline;
///
/// let (ended, seconds) = with_deadline(&Config::default(), Duration::from_millis(20), |config| {
///     while !config.stop.is_stopped() {
///         std::thread::yield_now();
///     }
///     config.stop.reason()
/// });
/// assert_eq!(ended, Some(Ended::Deadline));
/// assert!(seconds >= 0.02);
/// ```
pub fn with_deadline<R>(
    config: &Config,
    timeout: Duration,
    work: impl FnOnce(&Config) -> R,
) -> (R, f64) {
    let case_stop = StopFlag::new();
    let (done, finished) = mpsc::channel::<()>();
    // One clock for the watchdog and the reported time, so a case cut at the deadline never
    // reports less than the timeout.
    let started = Instant::now();
    let watchdog = {
        let case_stop = case_stop.clone();
        let interrupt = config.stop.clone();
        thread::spawn(move || {
            loop {
                let left = timeout.saturating_sub(started.elapsed());
                if left.is_zero() {
                    case_stop.expire();
                    return;
                }
                match finished.recv_timeout(left.min(WATCH_INTERVAL)) {
                    Err(mpsc::RecvTimeoutError::Timeout) if interrupt.is_stopped() => {
                        case_stop.stop();
                        return;
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    _ => return,
                }
            }
        })
    };
    let case_config = Config {
        stop: case_stop,
        ..config.clone()
    };
    let result = work(&case_config);
    let seconds = started.elapsed().as_secs_f64();
    let _ = done.send(());
    let _ = watchdog.join();
    (result, seconds)
}

/// What one timed case answered.
#[derive(Clone, Debug)]
pub enum Answer {
    /// A first-solution run.
    First(FirstRun),
    /// A count (or the number of solutions a listing streamed).
    Count(CountRun),
}

impl Answer {
    /// How the run ended.
    pub fn ended(&self) -> Ended {
        match self {
            Answer::First(run) => run.ended(),
            Answer::Count(run) => run.ended,
        }
    }

    /// What it cost.
    pub fn stats(&self) -> &Stats {
        match self {
            Answer::First(run) => &run.stats,
            Answer::Count(run) => &run.stats,
        }
    }

    /// A short result for tables: the count, `found`, `no solution`, or [`Ended::label`].
    pub fn label(&self) -> String {
        match (self, self.ended()) {
            (Answer::Count(run), Ended::Exhausted) => run.total.to_string(),
            (Answer::First(run), _) if run.solution().is_some() => "found".to_string(),
            (Answer::First(_), Ended::Exhausted) => "no solution".to_string(),
            (_, ended) => ended.label().to_string(),
        }
    }
}

/// One case run under a deadline: the strategy's answer or its refusal, and the time taken.
#[derive(Clone, Debug)]
pub struct Timed {
    /// The answer, or why the strategy refused the case (a limit or a resource bound).
    pub result: Result<Answer, Error>,
    /// Wall time of the run.
    pub seconds: f64,
}

/// Runs `operation` of `solver` at `n`, stopped after `timeout` (a listing is counted, not kept).
pub fn run_with_deadline(
    solver: &dyn Solver,
    operation: Operation,
    n: usize,
    config: &Config,
    timeout: Duration,
) -> Timed {
    let (result, seconds) = with_deadline(config, timeout, |config| match operation {
        Operation::First => solver.first(n, config).map(Answer::First),
        Operation::Count => solver.count(n, config).map(Answer::Count),
        Operation::List => {
            let mut total = 0u64;
            solver
                .visit(n, config, &mut |_| {
                    total += 1;
                    std::ops::ControlFlow::Continue(())
                })
                .map(|run| Answer::Count(CountRun::new(total, run.ended, run.stats)))
        }
    });
    Timed { result, seconds }
}
