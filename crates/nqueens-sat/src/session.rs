//! Solving: a CaDiCaL session on the caller's thread or on one of its own, its callbacks
//! (the stop flag, the conflicts), and the first solution or the stream of them.

use super::*;

/// The callbacks CaDiCaL calls: the terminator reads the stop flag, the learner counts
/// conflicts.
pub(crate) struct Watch {
    pub(crate) stop: StopFlag,
    pub(crate) conflicts: u64,
    /// Told of each conflict, if someone listens; `n` names the board's queen variables.
    pub(crate) observer: Option<Arc<dyn Observer>>,
    pub(crate) n: usize,
}

impl cadical::Callbacks for Watch {
    fn terminate(&mut self) -> bool {
        self.stop.is_stopped()
    }

    fn max_length(&self) -> i32 {
        i32::MAX
    }

    fn learn(&mut self, clause: &[i32]) {
        self.conflicts += 1;
        if let Some(observer) = &self.observer {
            // A learnt clause is a nogood: the queens (and auxiliary variables) of a dead end.
            // The dead end is shown on the row of its first queen variable (variable r·n + c,
            // IPASIR number one more), or row 0 if it names only auxiliaries.
            let squares = (self.n * self.n) as u32;
            let row = clause
                .iter()
                .map(|&literal| literal.unsigned_abs() - 1)
                .find(|&square| square < squares)
                .map_or(0, |square| square as usize / self.n);
            observer.observe(Event::Conflict { row });
        }
    }
}

/// How often the caller looks at the stop flag while the solver thread works (boards above
/// [`INLINE_MAX_N`] only): the longest a raised flag waits on a pass of the solver that does
/// not look at it.
pub(crate) const POLL: Duration = Duration::from_millis(5);

/// The largest board whose solver runs on the caller's thread (every encoding): its passes
/// take well under [`POLL`], and a thread would only add two wake-ups to each solver call,
/// which made small runs' times vary up to tenfold on a busy machine (the `sat-probe`
/// example's `time-first` and `time-count` measure both sides).
pub(crate) const INLINE_MAX_N: usize = 12;

/// What the caller asks of the solver.
pub(crate) enum Command {
    /// Solve, with at most this many conflicts.
    Solve(Option<u64>),
    /// Add a clause: a blocking clause, or a given queen's unit clause.
    Add(Vec<i32>),
}

/// What the solver answers.
pub(crate) enum Reply {
    /// The board is encoded (`false`: the flag was raised meanwhile).
    Encoded(Result<bool, Error>),
    /// A solver call ended: with a model (one column per row), unsatisfiable, or stopped;
    /// and the conflicts so far.
    Solved(Option<Result<Vec<u32>, ()>>, u64),
}

/// What one solver call answered.
pub(crate) enum Answer {
    Model(Vec<u32>),
    Unsat,
    Stopped(Ended),
    /// The solver thread ended without answering, the flag down.
    Lost,
}

/// The error of a solver thread that ended without answering although nothing stopped it:
/// CaDiCaL failed inside (its only failure in practice is memory, and a C++ exception ends
/// the process as it crosses into Rust), so the run is not reported as interrupted.
pub(crate) fn lost(n: usize) -> Error {
    Error::OutOfMemory {
        strategy: "sat",
        n,
        what: "the solver ended without an answer (CaDiCaL could not get memory)".to_string(),
    }
}

/// The solver of an encoded board, wherever it runs: it carries out the caller's commands.
pub(crate) struct Core {
    pub(crate) n: usize,
    pub(crate) solver: cadical::Solver<Watch>,
}

impl Core {
    /// A solver holding the `n × n` board encoded with `amo`, and what the encoding answered
    /// (`None` if `stop` was raised meanwhile).
    pub(crate) fn encode(
        n: usize,
        amo: AtMostOne,
        stop: &StopFlag,
        observer: Option<Arc<dyn Observer>>,
    ) -> (Self, Reply) {
        let mut solver = cadical::Solver::new();
        solver.set_callbacks(Some(Watch {
            stop: stop.clone(),
            conflicts: 0,
            observer,
            n,
        }));
        let encoded = encode_into(n, amo, &mut solver, stop).map(|formula| formula.is_some());
        (Core { n, solver }, Reply::Encoded(encoded))
    }

    /// Carries out `command`: a solve answers, an added clause does not.
    pub(crate) fn handle(&mut self, command: Command) -> Option<Reply> {
        let (n, solver) = (self.n, &mut self.solver);
        match command {
            Command::Solve(limit) => {
                if let Some(limit) = limit {
                    // The limit lasts for this call only; CaDiCaL takes an i32, and
                    // "conflicts" is one of its documented limits, so it is not refused.
                    let limit = i32::try_from(limit).unwrap_or(i32::MAX);
                    let _ = solver.set_limit("conflicts", limit);
                }
                let answer = solver.solve().map(|sat| {
                    if sat {
                        Ok((0..n)
                            .map(|r| {
                                (0..n)
                                    .find(|&c| {
                                        solver.value(queen(n, r, c).to_ipasir()) == Some(true)
                                    })
                                    .map_or(u32::MAX, |c| c as u32)
                            })
                            .collect())
                    } else {
                        Err(())
                    }
                });
                let conflicts = solver.get_callbacks().map_or(0, |w| w.conflicts);
                Some(Reply::Solved(answer, conflicts))
            }
            Command::Add(clause) => {
                solver.add_clause(clause);
                None
            }
        }
    }
}

/// Where a session's solver runs.
pub(crate) enum Backend {
    /// On the caller's thread (boards up to [`INLINE_MAX_N`]).
    Inline(Box<Core>),
    /// On a thread of its own ([`serve`]), reached over channels.
    Thread {
        commands: mpsc::Sender<Command>,
        replies: mpsc::Receiver<Reply>,
    },
}

/// An encoded board and its solver, called once or again with blocking clauses.
///
/// Some of CaDiCaL's pre- and inprocessing passes do not look at the stop flag and last
/// seconds on millions of clauses (13 s on the pairwise formula of n = 200), so above
/// [`INLINE_MAX_N`] it runs on a thread of its own, which a stopped caller leaves to finish
/// and free the solver by itself; up to it, the same [`Core`] runs on the caller's thread.
pub(crate) struct Session {
    pub(crate) n: usize,
    pub(crate) backend: Backend,
    /// Conflicts analysed (clauses learnt), over every solver call.
    pub(crate) conflicts: u64,
    pub(crate) budget: Option<u64>,
}

impl Session {
    /// Encodes the board (on a new solver thread if the board is above [`INLINE_MAX_N`]);
    /// `None` if the flag was raised meanwhile.
    pub(crate) fn start(
        n: usize,
        amo: AtMostOne,
        stop: &StopFlag,
        budget: Option<u64>,
        observer: Option<Arc<dyn Observer>>,
    ) -> Result<Option<Self>, Error> {
        let (backend, encoded) = if n <= INLINE_MAX_N {
            let (core, encoded) = Core::encode(n, amo, stop, observer);
            (Backend::Inline(Box::new(core)), Some(encoded))
        } else {
            let (commands, inbox) = mpsc::channel();
            let (outbox, replies) = mpsc::channel();
            let flag = stop.clone();
            thread::Builder::new()
                .name("nqueens-sat".into())
                .spawn(move || serve(n, amo, &flag, observer, &inbox, &outbox))
                .map_err(|e| Error::OutOfMemory {
                    strategy: "sat",
                    n,
                    what: format!("the solver thread could not start ({e})"),
                })?;
            let encoded = wait(&replies, stop);
            (Backend::Thread { commands, replies }, encoded)
        };
        match encoded {
            Some(Reply::Encoded(Ok(true))) => Ok(Some(Session {
                n,
                backend,
                conflicts: 0,
                budget,
            })),
            Some(Reply::Encoded(Err(e))) => Err(e),
            None if !stop.is_stopped() => Err(lost(n)),
            _ => Ok(None),
        }
    }

    /// Has the solver carry out `command`; its reply, or `None` for a command without one, or
    /// once the flag is raised while the solver thread works (or the thread is gone).
    pub(crate) fn call(&mut self, command: Command, stop: &StopFlag) -> Option<Reply> {
        match &mut self.backend {
            Backend::Inline(core) => core.handle(command),
            Backend::Thread { commands, replies } => {
                let answers = matches!(command, Command::Solve(_));
                // A thread that is gone answers no solve, which reports it.
                commands.send(command).ok()?;
                if answers { wait(replies, stop) } else { None }
            }
        }
    }

    /// The run's statistics: its conflicts, as backtracks.
    pub(crate) fn stats(&self) -> Stats {
        Stats {
            backtracks: self.conflicts,
            ..Stats::default()
        }
    }

    /// One solver call.
    pub(crate) fn solve(&mut self, stop: &StopFlag) -> Answer {
        let limit = match self.budget {
            Some(budget) if budget <= self.conflicts => {
                return Answer::Stopped(Ended::Budget);
            }
            Some(budget) => Some(budget - self.conflicts),
            None => None,
        };
        match self.call(Command::Solve(limit), stop) {
            Some(Reply::Solved(answer, conflicts)) => {
                self.conflicts = conflicts;
                match answer {
                    Some(Ok(columns)) => Answer::Model(columns),
                    Some(Err(())) => Answer::Unsat,
                    None if stop.is_stopped() => Answer::Stopped(Ended::Interrupted),
                    None => Answer::Stopped(Ended::Budget),
                }
            }
            _ if stop.is_stopped() => Answer::Stopped(Ended::Interrupted),
            _ => Answer::Lost,
        }
    }

    /// Puts the `given` queens on the board: one unit clause `q(r, c)` each, which the solver
    /// propagates before its first decision.
    pub(crate) fn fix(&mut self, given: &[(usize, u32)], stop: &StopFlag) {
        for &(r, c) in given {
            let unit = vec![queen(self.n, r, c as usize).to_ipasir()];
            self.call(Command::Add(unit), stop);
        }
    }

    /// Excludes the solution `columns` from later calls.
    pub(crate) fn block(&mut self, columns: &[u32], stop: &StopFlag) {
        let n = self.n;
        let clause = columns
            .iter()
            .enumerate()
            .map(|(r, &c)| (!queen(n, r, c as usize)).to_ipasir())
            .collect();
        self.call(Command::Add(clause), stop);
    }
}

/// The solver thread's next reply, or `None` once the flag is raised (or the thread is gone),
/// looking at the flag every [`POLL`].
pub(crate) fn wait(replies: &mpsc::Receiver<Reply>, stop: &StopFlag) -> Option<Reply> {
    loop {
        match replies.recv_timeout(POLL) {
            Ok(reply) => return Some(reply),
            Err(RecvTimeoutError::Timeout) if !stop.is_stopped() => {}
            Err(_) => return None,
        }
    }
}

/// The solver thread: encodes, then carries out the caller's commands until it hangs up. The
/// solver is freed here, off the caller's thread.
pub(crate) fn serve(
    n: usize,
    amo: AtMostOne,
    stop: &StopFlag,
    observer: Option<Arc<dyn Observer>>,
    inbox: &mpsc::Receiver<Command>,
    outbox: &mpsc::Sender<Reply>,
) {
    let (mut core, encoded) = Core::encode(n, amo, stop, observer);
    let go_on = matches!(encoded, Reply::Encoded(Ok(true)));
    if outbox.send(encoded).is_err() || !go_on {
        return;
    }
    for command in inbox {
        if let Some(reply) = core.handle(command)
            && outbox.send(reply).is_err()
        {
            return;
        }
    }
}

/// Shows a model to `observer`: the solver reports no steps, so its answer is
/// [assigned](Event::Assigned) row by row, then [found](Event::Found).
pub(crate) fn show_model(observer: Option<&dyn Observer>, columns: &[u32]) {
    if let Some(observer) = observer {
        observer.assign_board(columns);
        observer.observe(Event::Found);
    }
}

/// Finds one solution of the `n × n` board with the at-most-one encoding `amo` holding the
/// `given` queens (row, column; unit clauses).
pub(crate) fn complete_first(
    n: usize,
    amo: AtMostOne,
    given: &[(usize, u32)],
    stop: &StopFlag,
    budget: Option<u64>,
    observer: Option<&Arc<dyn Observer>>,
) -> Result<FirstRun, Error> {
    let Some(mut session) = Session::start(n, amo, stop, budget, observer.cloned())? else {
        return Ok(FirstRun::without_solution(
            Ended::Interrupted,
            Stats::default(),
        ));
    };
    session.fix(given, stop);
    Ok(match session.solve(stop) {
        Answer::Model(columns) => {
            show_model(observer.map(|o| o.as_ref()), &columns);
            FirstRun::found(Solution::from_columns(columns)?, session.stats())
        }
        Answer::Unsat => FirstRun::without_solution(Ended::Exhausted, session.stats()),
        Answer::Stopped(ended) => FirstRun::without_solution(ended, session.stats()),
        Answer::Lost => return Err(lost(n)),
    })
}
