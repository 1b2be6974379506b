//! What strategies' tests share, behind the `check` feature: the event test
//! ([`check_events`]), the observers [`StopAfter`] and [`RestartCounter`], and
//! [`attacking_pairs`], the oracle of the local searches' boards.

pub use nqueens_core::attacking_pairs;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use thiserror::Error;

use nqueens_core::{Config, Error, Event, FirstRun, Observer, Solver, StopFlag};

use crate::{EventLog, Replay, ReplayMismatch};

/// Why [`check_events`] failed, and on which run.
#[derive(Debug, Error)]
#[error("{run}: {reason}")]
pub struct EventsCheckError {
    /// The run: strategy, variant, size, seed and given queens.
    pub run: String,
    /// What went wrong.
    pub reason: EventsCheckReason,
}

/// What went wrong in [`check_events`].
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum EventsCheckReason {
    /// The strategy refused or failed the run.
    #[error(transparent)]
    Solver(#[from] Error),
    /// The events do not redraw the run.
    #[error(transparent)]
    Replay(#[from] ReplayMismatch),
    /// Watching the run changed its answer or its statistics.
    #[error("watching changed the run: {watched} with an observer, {unwatched} without")]
    Watched {
        /// The watched run's solution and statistics.
        watched: String,
        /// The unwatched run's.
        unwatched: String,
    },
}

/// Runs a strategy's first search on `n` watched (an [`EventLog`]) and unwatched: checks that
/// watching changed nothing and the events redraw the run ([`Replay::check_first`]).
pub fn check_events(
    solver: &dyn Solver,
    n: usize,
    config: &Config,
) -> Result<(FirstRun, Vec<Event>), EventsCheckError> {
    let check = || -> Result<_, EventsCheckReason> {
        let log = Arc::new(EventLog::default());
        let watched = Config {
            observer: Some(log.clone()),
            ..config.clone()
        };
        let run = solver.first(n, &watched)?;
        let quiet = solver.first(n, config)?;
        if (quiet.solution(), quiet.stats) != (run.solution(), run.stats) {
            let show = |run: &FirstRun| {
                format!("{:?} {:?}", run.solution().map(|s| s.columns()), run.stats)
            };
            return Err(EventsCheckReason::Watched {
                watched: show(&run),
                unwatched: show(&quiet),
            });
        }
        let events = log.events();
        Replay::check_first(n, config.given.as_ref(), &run, &events)?;
        Ok((run, events))
    };
    check().map_err(|reason| EventsCheckError {
        run: format!(
            "{} {:?} n = {n} seed {:?} given {:?}",
            solver.name(),
            config.variant,
            config.seed,
            config.given.as_ref().map(ToString::to_string)
        ),
        reason,
    })
}

/// An [`Observer`] that raises `stop` once `after` subproblems have finished.
#[derive(Debug)]
pub struct StopAfter {
    after: u64,
    done: AtomicU64,
    stop: StopFlag,
}

impl StopAfter {
    /// Raises `stop` when the `after`-th subproblem finishes.
    pub fn new(after: u64, stop: StopFlag) -> StopAfter {
        StopAfter {
            after,
            done: AtomicU64::new(0),
            stop,
        }
    }
}

impl Observer for StopAfter {
    fn observe(&self, event: Event) {
        if event == Event::SubproblemDone
            && self.done.fetch_add(1, Ordering::Relaxed) + 1 >= self.after
        {
            self.stop.stop();
        }
    }
}

/// An observer that counts the [`Event::Restarted`] it is told about.
#[derive(Debug, Default)]
pub struct RestartCounter(AtomicU64);

impl RestartCounter {
    /// The restarts seen so far.
    pub fn count(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

impl Observer for RestartCounter {
    fn observe(&self, event: Event) {
        if event == Event::Restarted {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
    }
}
