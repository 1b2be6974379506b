//! Replaying a run's [`Event`]s: the board they draw and the statistics they add up to.

use std::sync::Mutex;

use thiserror::Error;

use nqueens_core::{Event, FirstRun, Given, Observer, Stats};

/// How a run's events fail to redraw it ([`Replay::check_first`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ReplayMismatch {
    /// The run ended without a solution, so there is nothing to redraw.
    #[error("the run found no solution ({0})")]
    NoSolution(nqueens_core::Ended),
    /// The board the events end on is not the run's solution.
    #[error("the events end on the board {replayed:?}, not on the solution {solution:?}")]
    Board {
        /// The replayed board, row by row.
        replayed: Vec<Option<u32>>,
        /// The run's solution.
        solution: Vec<u32>,
    },
    /// The events report some other number of solutions than the one found.
    #[error("the events report {0} solutions found, not 1")]
    Found(u64),
    /// The last event is not [`Event::Found`]: something after the solution changed the picture.
    #[error("the last event is {0:?}, not Found")]
    LastEvent(Option<Event>),
    /// A counter the events add up to differs from the run's.
    #[error("the events add up to {events} {counter}, the run counted {stats}")]
    Counter {
        /// The [`Stats`] field (`nodes`, `backtracks`, `moves`, `restarts`).
        counter: &'static str,
        /// What the events add up to.
        events: u64,
        /// What the run reported.
        stats: u64,
    },
}

/// The board and counters that a run's events imply, built one event at a time.
///
/// This is the contract of [`Event`] written as code: `nqueens trace` draws its frames from it,
/// and the tests of every strategy check that replaying its events ends on its solution with its
/// statistics.
///
/// ```
/// use nqueens_core::Event;
/// use nqueens_run::Replay;
///
/// let mut replay = Replay::new(4, None);
/// for (row, column) in [(0, 1), (1, 3), (2, 0), (3, 2)] {
///     replay.apply(Event::Placed { row, column });
/// }
/// replay.apply(Event::Found);
/// assert_eq!(replay.columns(), Some(vec![1, 3, 0, 2]));
/// assert_eq!((replay.stats().nodes, replay.depth(), replay.found()), (4, 4, 1));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replay {
    board: Vec<Option<u32>>,
    given: Vec<Option<u32>>,
    stats: Stats,
    found: u64,
    subproblems: u64,
    subproblems_done: u64,
    steps: u64,
}

impl Replay {
    /// An `n × n` board holding only the `given` queens (none, if they do not fit the board).
    pub fn new(n: usize, given: Option<&Given>) -> Self {
        let board = match given {
            Some(given) if given.check(n).is_ok() => given.by_row(n),
            _ => vec![None; n],
        };
        Replay {
            given: board.clone(),
            board,
            ..Replay::default()
        }
    }

    /// Applies one event. One naming a row or column off the board counts as a step but leaves
    /// the board as it was (a strategy's bug shows as a wrong replay, not a panic).
    pub fn apply(&mut self, event: Event) {
        self.steps += 1;
        let n = self.board.len();
        let column_of = |column: usize| u32::try_from(column).ok().filter(|&c| (c as usize) < n);
        match event {
            Event::Placed { row, column } => {
                self.stats.nodes += 1;
                self.set(row, column_of(column));
            }
            Event::Assigned { row, column } => self.set(row, column_of(column)),
            Event::Moved { row, to, .. } => {
                self.stats.moves += 1;
                self.set(row, column_of(to));
            }
            Event::Removed { row, .. } => {
                if let Some(square) = self.board.get_mut(row) {
                    *square = None;
                }
            }
            Event::Swapped { first, second } => {
                self.stats.moves += 1;
                if first < n && second < n {
                    self.board.swap(first, second);
                }
            }
            Event::Conflict { .. } => self.stats.backtracks += 1,
            Event::Restarted => {
                self.stats.restarts += 1;
                self.board.clone_from(&self.given);
            }
            Event::Found => self.found += 1,
            Event::Started { subproblems } => self.subproblems = subproblems,
            Event::SubproblemDone => self.subproblems_done += 1,
            // `Event` is non-exhaustive: an event added to the core after this replay was
            // written counts as a step and leaves the picture as it was.
            _ => {}
        }
    }

    /// Checks a first-solution run against the events it reported, as every strategy's tests
    /// do: replayed on the `n × n` board with the `given` queens, the events end on the run's
    /// solution, report it found once, as the last event, and add up to the run's nodes,
    /// backtracks, moves and restarts. Returns the replay.
    ///
    /// ```
    /// use nqueens_core::{Event, FirstRun, Stats};
    /// use nqueens_run::{Replay, ReplayMismatch};
    ///
    /// let run = FirstRun::found("0".parse()?, Stats { nodes: 1, ..Stats::default() });
    /// let events = [Event::Placed { row: 0, column: 0 }, Event::Found];
    /// assert!(Replay::check_first(1, None, &run, &events).is_ok());
    /// assert_eq!(
    ///     Replay::check_first(1, None, &run, &events[..1]),
    ///     Err(ReplayMismatch::Found(0))
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_first(
        n: usize,
        given: Option<&Given>,
        run: &FirstRun,
        events: &[Event],
    ) -> Result<Replay, ReplayMismatch> {
        let solution = run
            .solution()
            .ok_or(ReplayMismatch::NoSolution(run.ended()))?;
        let mut replay = Replay::new(n, given);
        for &event in events {
            replay.apply(event);
        }
        if replay.columns().as_deref() != Some(solution.columns()) {
            return Err(ReplayMismatch::Board {
                replayed: replay.board.clone(),
                solution: solution.columns().to_vec(),
            });
        }
        if replay.found != 1 {
            return Err(ReplayMismatch::Found(replay.found));
        }
        if events.last() != Some(&Event::Found) {
            return Err(ReplayMismatch::LastEvent(events.last().copied()));
        }
        let (ours, theirs) = (replay.stats, run.stats);
        for (counter, events, stats) in [
            ("nodes", ours.nodes, theirs.nodes),
            ("backtracks", ours.backtracks, theirs.backtracks),
            ("moves", ours.moves, theirs.moves),
            ("restarts", ours.restarts, theirs.restarts),
        ] {
            if events != stats {
                return Err(ReplayMismatch::Counter {
                    counter,
                    events,
                    stats,
                });
            }
        }
        Ok(replay)
    }

    fn set(&mut self, row: usize, column: Option<u32>) {
        if let (Some(square), Some(column)) = (self.board.get_mut(row), column) {
            *square = Some(column);
        }
    }

    /// The board: each row's column, if it has a queen.
    pub fn board(&self) -> &[Option<u32>] {
        &self.board
    }

    /// Every row's column, when every row has a queen.
    pub fn columns(&self) -> Option<Vec<u32>> {
        self.board.iter().copied().collect()
    }

    /// Queens on the board.
    pub fn depth(&self) -> usize {
        self.board.iter().flatten().count()
    }

    /// The rows whose queen another queen attacks, in order: O(n) with three occupancy counts.
    pub fn attacked_rows(&self) -> Vec<usize> {
        let n = self.board.len();
        let mut columns = vec![0u32; n];
        let mut diagonals = vec![0u32; 2 * n];
        let mut anti_diagonals = vec![0u32; 2 * n];
        let queens = || {
            self.board
                .iter()
                .enumerate()
                .filter_map(|(row, c)| c.map(|c| (row, c as usize)))
        };
        for (row, column) in queens() {
            columns[column] += 1;
            diagonals[row + n - column] += 1;
            anti_diagonals[row + column] += 1;
        }
        queens()
            .filter(|&(row, column)| {
                columns[column] > 1
                    || diagonals[row + n - column] > 1
                    || anti_diagonals[row + column] > 1
            })
            .map(|(row, _)| row)
            .collect()
    }

    /// The counters the events add up to: nodes, backtracks, moves and restarts.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Solutions found so far.
    pub fn found(&self) -> u64 {
        self.found
    }

    /// Subproblems announced by the last [`Event::Started`], and how many are done.
    pub fn subproblems(&self) -> (u64, u64) {
        (self.subproblems, self.subproblems_done)
    }

    /// Events applied.
    pub fn steps(&self) -> u64 {
        self.steps
    }
}

/// An [`Observer`] that keeps every event, in order, for tests and small traces.
#[derive(Debug, Default)]
pub struct EventLog(Mutex<Vec<Event>>);

impl EventLog {
    /// The events so far.
    pub fn events(&self) -> Vec<Event> {
        self.0
            .lock()
            .map(|events| events.clone())
            .unwrap_or_default()
    }

    /// The events so far, replayed on an `n × n` board with the `given` queens.
    pub fn replay(&self, n: usize, given: Option<&Given>) -> Replay {
        let mut replay = Replay::new(n, given);
        for event in self.events() {
            replay.apply(event);
        }
        replay
    }
}

impl Observer for EventLog {
    fn observe(&self, event: Event) {
        if let Ok(mut events) = self.0.lock() {
            events.push(event);
        }
    }
}
