//! # nqueens-sat
//!
//! N-Queens handed to a general SAT solver: the board is encoded in conjunctive normal form
//! with the cardinality encodings of [RustSAT](https://docs.rs/rustsat) and solved by
//! [CaDiCaL](https://github.com/arminbiere/cadical) (Armin Biere's CDCL solver, version 1.9.5,
//! compiled from its C++ source by the `cadical` crate). Registry name `sat`.
//!
//! ## The encoding
//!
//! One Boolean variable `q(r, c)` per square says that a queen stands on it (variables
//! `1 ..= n²` in DIMACS numbering, row-major). The constraints are
//!
//! - **exactly one** queen in each row and in each column: a clause `q(r, 0) ∨ … ∨ q(r, n-1)`
//!   (at least one) and an at-most-one constraint;
//! - **at most one** queen on each of the `4n - 6` diagonals of two squares or more.
//!
//! The at-most-one constraints are where the encodings differ, and the variant picks one of
//! RustSAT's (each cites its paper):
//!
//! | variant | at-most-one of `k` literals | clauses | new variables |
//! |---|---|---|---|
//! | `pairwise` (default) | `¬a ∨ ¬b` for every pair (Prestwich, "CNF Encodings", *Handbook of Satisfiability*, 2021) | k(k-1)/2 | 0 |
//! | `ladder` | the ladder / sequential counter (Gent & Nightingale, "A new encoding of AllDifferent into SAT", ModRef 2004) | about 3k | k - 1 |
//! | `bitwise` | the binary encoding (Prestwich, "Finding large cliques using SAT local search", 2007) | k ⌈log₂ k⌉ | ⌈log₂ k⌉ |
//! | `commander` | groups of 4 with a commander each, pairwise inside and between commanders (Klieber & Kwon, "Efficient CNF encoding for selecting 1 from N objects", CFV 2007) | about k²/32 + 3.5k | k/4 |
//! | `bimander` | groups of 4, pairwise inside, group numbers in binary (Nguyen & Mai, "A new method to encode the at-most-one constraint into SAT", SoICT 2015) | about k/4 ⌈log₂(k/4)⌉ + 1.5k | ⌈log₂(k/4)⌉ |
//!
//! `pairwise` gives the strongest propagation but about `(5/3) n³` clauses (`n = 100`: 1.7
//! million; `n = 300`: 45 million), which bounds how far it goes; the others are linear or
//! nearly so in `n²` and reach far larger boards.
//!
//! ## Enumerating
//!
//! A list or a count solves, reads the model, adds a *blocking clause*
//! `¬q(0, c₀) ∨ … ∨ ¬q(n-1, c_{n-1})` that excludes exactly that solution, and solves again
//! (CaDiCaL is incremental: it keeps what it learnt) until the formula is unsatisfiable. Each
//! solution costs one more solver call and one more clause of length `n`, so this is for small
//! boards: the list and count limit is [`MAX_ENUMERATE`] (n = 10's 724 solutions take a
//! quarter of a second, n = 12's 14,200 three to seven). The order of the solutions is
//! whatever the solver finds.
//!
//! ## Given queens
//!
//! Queens that must be on the board (N-Queens completion, [`Job::given`]) are unit clauses
//! `q(r, c)`, added after the encoding; unit propagation then clears their rows, columns and
//! diagonals before the first decision. A list or count of completions blocks solutions as
//! above.
//!
//! ## Statistics
//!
//! The `cadical` crate exposes no statistics but a callback for every clause the solver
//! learns, one per conflict it analyses; the encoding's sizes come from RustSAT. [`Stats`] has
//! no field for variables, clauses, decisions or propagations, so the mapping is:
//!
//! | [`Stats`] field | SAT quantity |
//! |---|---|
//! | `backtracks` | conflicts analysed (clauses learnt): the solver's dead ends |
//! | `nodes` | 0: decisions are not exposed by the `cadical` crate |
//!
//! An [`Observer`] sees each conflict as it is analysed, as a dead end
//! ([`Event::Conflict`], shown on the row of the learnt clause's first queen variable), and each
//! answer [assigned](Event::Assigned) row by row, then [found](Event::Found): the solver's
//! decisions and propagations are not exposed, so the board shows no search steps, and the
//! events add up to the run's backtracks.
//!
//! [`encode`] returns the number of variables and clauses of a board ([`Formula`]); a run's
//! conflicts are its statistics' `backtracks`.
//!
//! ## Memory
//!
//! The solver holds the whole formula: `pairwise` at n = 100 peaks near 300 MB. With
//! [`Config::memory_limit`](nqueens_core::Config::memory_limit) set, the formula is first
//! counted without being stored, and a board whose estimate (192 bytes a clause, 384 a
//! variable: the measured peak, rounded up) exceeds the bound is refused with
//! [`Error::MemoryLimit`] before any encoding; without one, nothing is estimated.
//!
//! ```
//! use nqueens_core::{Config, Error, Solver};
//! use nqueens_sat::SatSolver;
//!
//! let tight = Config { memory_limit: Some(16 << 20), ..Config::default() };
//! assert!(matches!(SatSolver.first(100, &tight), Err(Error::MemoryLimit { n: 100, .. })));
//! assert!(SatSolver.first(8, &tight)?.solution().is_some());
//! # Ok::<(), Error>(())
//! ```
//!
//! ## Stopping
//!
//! CaDiCaL asks a terminator callback whether to stop at every step of its main loop (each
//! decision or conflict), and the callback reads the [`StopFlag`]; the encoding looks at the
//! flag between constraints. Some of CaDiCaL's preprocessing and inprocessing passes do not
//! look, and last seconds on formulas of millions of clauses, so above n = 12 the solver runs
//! on a thread of its own while the caller polls the flag every 5 ms: a raised flag ends a run
//! within milliseconds, and the solver thread finishes its pass and frees the formula by
//! itself. Up to n = 12 the formula has a few thousand clauses, no pass that skips the flag
//! comes near those 5 ms, and the solver runs on the caller's thread, sparing each solver call
//! two cross-thread wake-ups.
//! [`Config::budget`](nqueens_core::Config::budget) caps the conflicts of each solver call
//! (CaDiCaL's `conflicts` limit), and a run that hits it ends with [`Ended::Budget`].
//!
//! ## Complexity and reach
//!
//! SAT is NP-complete, and CDCL gives N-Queens no special treatment: CaDiCaL needs thousands
//! of conflicts on boards of 100 and more, each costing about a millisecond on formulas of
//! this size (its learnt clauses are long and its inprocessing passes are proportional to the
//! formula), so the general solver stays far behind the hand-made searches. Measured in
//! release mode on the 2-core reference machine, sampling n = 10, 20, 30, ... with 8 s per
//! board (the first-solution limit is the last n before the first board over 8 s):
//!
//! | variant | first solution | limit | list and count |
//! |---|---|---|---|
//! | `pairwise` | n = 100: 2.7 s (1.6 million clauses), n = 150: 3.5 s (5.6 million); n = 160 over 8 s | 150 | n = 10: 0.24 s, n = 12: 3–7 s |
//! | `ladder` | n = 100: 3.8 s, n = 110: 7.5 s; n = 130 over 8 s | 100 | as `pairwise` |
//! | `bitwise` | n = 100: 1.5 s, n = 170: 3.2 s; n = 180 over 8 s | 170 | as `pairwise` |
//! | `commander` | n = 100: 3.5 s, n = 120: 3.5 s; n = 130 over 8 s | 120 | as `pairwise` |
//! | `bimander` | n = 100: 1.1 s, n = 200: 2.9 s; n = 210 over 8 s | 200 | as `pairwise` |
//!
//! Between the sampled sizes the time varies as much (it is heavy-tailed in n), so a board
//! below a limit can take longer. Lists and counts are limited to [`MAX_ENUMERATE`] = 12
//! (14,200 solutions, one solver call each). Speed against the hand-made strategies is in the
//! comparison report (`reports/README.md`, regenerated by `cargo bench`).
//!
//! ```
//! use nqueens_core::{Config, Solver};
//! use nqueens_sat::SatSolver;
//!
//! let config = Config { variant: Some("ladder".into()), ..Config::default() };
//! let run = SatSolver.first(30, &config)?;
//! assert!(run.solution().is_some());
//! assert_eq!(SatSolver.count(6, &Config::default())?.total, 4);
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use rustsat::encodings::CollectClauses;
use rustsat::encodings::am1::{Bimander, Bitwise, Commander, Encode, Ladder, Pairwise};
use rustsat::instances::{BasicVarManager, ManageVars};
use rustsat::types::{Clause, Lit, Var};

use nqueens_core::{
    Budget, Bytes, Capabilities, Cost, CostModel, Ended, Error, Event, FirstRun, Job, Limit,
    Needed, Observer, Solution, Stats, StopFlag, Strategy, Variant, VisitRun, Visitor,
};

/// N-Queens in CNF, solved by CaDiCaL. Registry name `sat`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SatSolver;

/// The largest board a list or a count accepts: every solution costs a solver call and a
/// blocking clause (n = 12: 14,200 of them, 3 to 7 s in release mode).
pub const MAX_ENUMERATE: usize = 12;

/// An at-most-one encoding of RustSAT, one per variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtMostOne {
    /// Every pair of literals excluded.
    Pairwise,
    /// The ladder (sequential counter).
    Ladder,
    /// The binary (bitwise) encoding.
    Bitwise,
    /// Commander variables over groups of four.
    Commander,
    /// Groups of four with binary-coded group numbers.
    Bimander,
}

impl AtMostOne {
    /// The encoding of the variant that runs `job`.
    fn of(job: &Job<'_>) -> Self {
        ENCODINGS[job.variant_index()]
    }

    fn encode<C: CollectClauses>(
        self,
        lits: Vec<Lit>,
        sink: &mut C,
        vars: &mut BasicVarManager,
    ) -> Result<(), rustsat::OutOfMemory> {
        match self {
            AtMostOne::Pairwise => Pairwise::from(lits).encode(sink, vars),
            AtMostOne::Ladder => Ladder::from(lits).encode(sink, vars),
            AtMostOne::Bitwise => Bitwise::from(lits).encode(sink, vars),
            AtMostOne::Commander => Commander::<4, Pairwise>::from(lits).encode(sink, vars),
            AtMostOne::Bimander => Bimander::<4, Pairwise>::from(lits).encode(sink, vars),
        }
    }
}

const fn variant(name: &'static str, summary: &'static str, first: usize, cost: Cost) -> Variant {
    Variant {
        name: Some(name),
        summary,
        complete: true,
        randomized: false,
        budget: Some(Budget::Backtracks),
        keeps_given: true,
        first: Limit::UpTo(first),
        list: Limit::UpTo(MAX_ENUMERATE),
        count: Limit::UpTo(MAX_ENUMERATE),
        cost,
        ..Variant::BLANK
    }
}

/// The variants, the default first. First-solution limits: the largest n of a run over
/// n = 10, 20, 30, ... in which every board was solved within 8 s (release mode, 2-core
/// reference machine; see the crate documentation).
const VARIANTS: [Variant; 5] = [
    variant(
        "pairwise",
        "CNF, pairwise at-most-one (no new variables, ~5n³/3 clauses), CaDiCaL",
        150,
        Cost {
            first: CostModel::power(&[(8, 1.3e-3), (16, 0.02), (30, 0.11), (100, 4.8)], 3.0),
            count: CostModel::per_row(
                &[(4, 1e-3), (8, 0.012), (10, 0.103), (11, 0.39), (12, 2.2)],
                5.0,
            ),
            completion: CostModel::power(&[(12, 5e-3), (20, 0.02), (28, 0.06)], 3.0),
        },
    ),
    variant(
        "ladder",
        "CNF, ladder (sequential counter) at-most-one, CaDiCaL",
        100,
        Cost {
            first: CostModel::power(&[(8, 1.1e-3), (16, 0.011), (30, 0.49), (100, 3.6)], 3.0),
            count: CostModel::per_row(
                &[(4, 4e-4), (8, 0.016), (10, 0.21), (11, 0.65), (12, 5.4)],
                6.0,
            ),
            completion: CostModel::UNKNOWN,
        },
    ),
    variant(
        "bitwise",
        "CNF, bitwise (binary) at-most-one, CaDiCaL",
        170,
        Cost {
            first: CostModel::power(&[(8, 2.4e-3), (16, 0.016), (30, 0.22), (100, 0.71)], 3.0),
            count: CostModel::per_row(
                &[(4, 4e-4), (8, 0.018), (10, 0.35), (11, 0.84), (12, 4.6)],
                5.0,
            ),
            completion: CostModel::UNKNOWN,
        },
    ),
    variant(
        "commander",
        "CNF, commander at-most-one (groups of 4), CaDiCaL",
        120,
        Cost {
            first: CostModel::power(&[(8, 5.2e-4), (16, 0.012), (30, 0.036), (100, 1.6)], 3.0),
            count: CostModel::per_row(
                &[(4, 2e-3), (8, 9.5e-3), (10, 0.12), (11, 0.47), (12, 3.2)],
                6.0,
            ),
            completion: CostModel::UNKNOWN,
        },
    ),
    variant(
        "bimander",
        "CNF, bimander at-most-one (groups of 4, binary group numbers), CaDiCaL",
        200,
        Cost {
            first: CostModel::power(&[(8, 5.1e-4), (16, 8.2e-3), (30, 0.133), (100, 0.54)], 3.0),
            count: CostModel::per_row(
                &[(4, 4e-4), (8, 0.017), (10, 0.23), (11, 0.79), (12, 3.7)],
                5.0,
            ),
            completion: CostModel::UNKNOWN,
        },
    ),
];

/// The encoding each of [`VARIANTS`] uses, in the same order.
const ENCODINGS: [AtMostOne; 5] = [
    AtMostOne::Pairwise,
    AtMostOne::Ladder,
    AtMostOne::Bitwise,
    AtMostOne::Commander,
    AtMostOne::Bimander,
];

const SUMMARY: &str = "CNF (RustSAT cardinality encodings) solved by the CaDiCaL SAT solver";

/// The size of an encoded board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Formula {
    /// Variables: the `n²` squares and the encoding's auxiliary ones.
    pub variables: u64,
    /// Clauses of the encoding (blocking clauses not included).
    pub clauses: u64,
}

/// What the solver did, besides the answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Effort {
    /// The encoded board.
    formula: Formula,
    /// Conflicts analysed (clauses learnt), over every solver call.
    conflicts: u64,
    /// Solver calls.
    calls: u64,
}

impl Effort {
    fn stats(&self) -> Stats {
        Stats {
            backtracks: self.conflicts,
            ..Stats::default()
        }
    }
}

/// The callbacks CaDiCaL calls: the terminator reads the stop flag, the learner counts
/// conflicts.
struct Watch {
    stop: StopFlag,
    conflicts: u64,
    /// Told of each conflict, if someone listens; `n` names the board's queen variables.
    observer: Option<Arc<dyn Observer>>,
    n: usize,
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

/// Where RustSAT's encodings put their clauses: straight into the solver.
struct Sink<'a> {
    solver: &'a mut cadical::Solver<Watch>,
    clauses: usize,
}

impl CollectClauses for Sink<'_> {
    fn n_clauses(&self) -> usize {
        self.clauses
    }

    fn extend_clauses<T>(&mut self, clauses: T) -> Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = Clause>,
    {
        for clause in clauses {
            self.solver.add_clause(clause.iter().map(|l| l.to_ipasir()));
            self.clauses += 1;
        }
        Ok(())
    }
}

/// The literal "a queen on (r, c)".
fn queen(n: usize, r: usize, c: usize) -> Lit {
    Var::new((r * n + c) as u32).pos_lit()
}

/// Encodes the `n × n` board into `solver` with the at-most-one encoding `amo`, looking at
/// `stop` between constraints. Returns the formula's size, or `None` if stopped.
fn encode_into(
    n: usize,
    amo: AtMostOne,
    solver: &mut cadical::Solver<Watch>,
    stop: &StopFlag,
) -> Result<Option<Formula>, Error> {
    encode_lines(n, amo, &mut Sink { solver, clauses: 0 }, stop)
}

/// Where the memory estimate's counting pass puts the clauses: nowhere, counting them.
#[derive(Default)]
struct ClauseCount {
    clauses: usize,
}

impl CollectClauses for ClauseCount {
    fn n_clauses(&self) -> usize {
        self.clauses
    }

    fn extend_clauses<T>(&mut self, clauses: T) -> Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = Clause>,
    {
        self.clauses += clauses.into_iter().count();
        Ok(())
    }
}

/// CaDiCaL's peak memory per clause and per variable, fitted to the peak resident sizes of
/// `nqueens solve 100 -s sat` (296 MB for `pairwise`, 1.65 million clauses; 43 MB for
/// `ladder`) and rounded up: the clause, its two watches, and the solver's copies during
/// preprocessing.
const CLAUSE_BYTES: u64 = 192;
/// See [`CLAUSE_BYTES`].
const VARIABLE_BYTES: u64 = 384;

/// The memory the solver is estimated to take on the formula of `n` with `amo`, counted by
/// encoding it into nowhere (as long as encoding it, without the memory).
fn estimated_bytes(n: usize, amo: AtMostOne) -> Result<u64, Error> {
    let formula = encode_lines(n, amo, &mut ClauseCount::default(), &StopFlag::new())?;
    let formula = formula.unwrap_or_default();
    Ok(formula.clauses * CLAUSE_BYTES + formula.variables * VARIABLE_BYTES)
}

/// Refuses, before any encoding, a board whose formula would take the solver over
/// [`Config::memory_limit`](nqueens_core::Config::memory_limit); without a limit, nothing is
/// estimated.
fn admit_memory(job: &Job<'_>) -> Result<(), Error> {
    let Some(limit) = job.config().memory_limit else {
        return Ok(());
    };
    let bytes = estimated_bytes(job.n(), AtMostOne::of(job))?;
    if bytes > limit {
        return Err(Error::MemoryLimit {
            strategy: "sat",
            n: job.n(),
            needed: Needed::Formula {
                bytes: Bytes(bytes),
            },
            limit: Bytes(limit),
        });
    }
    Ok(())
}

/// Encodes the `n × n` board into `sink` (see [`encode_into`]).
fn encode_lines<S: CollectClauses>(
    n: usize,
    amo: AtMostOne,
    sink: &mut S,
    stop: &StopFlag,
) -> Result<Option<Formula>, Error> {
    let mut vars = BasicVarManager::from_next_free(Var::new((n * n) as u32));
    let rows = (0..n).map(|r| (0..n).map(|c| queen(n, r, c)).collect::<Vec<_>>());
    let columns = (0..n).map(|c| (0..n).map(|r| queen(n, r, c)).collect::<Vec<_>>());
    // Diagonal d of each direction: the squares with r + c = d, and with r - c = d - (n - 1).
    let falling = (0..2 * n - 1).map(|d| {
        (0..n)
            .filter_map(|r| d.checked_sub(r).filter(|&c| c < n).map(|c| queen(n, r, c)))
            .collect::<Vec<_>>()
    });
    let rising = (0..2 * n - 1).map(|d| {
        (0..n)
            .filter_map(|r| {
                (r + n - 1)
                    .checked_sub(d)
                    .filter(|&c| c < n)
                    .map(|c| queen(n, r, c))
            })
            .collect::<Vec<_>>()
    });
    let oom = |_| Error::OutOfMemory {
        strategy: "sat",
        n,
        what: "the encoding's clauses".into(),
    };
    for line in rows.chain(columns) {
        if stop.is_stopped() {
            return Ok(None);
        }
        sink.extend_clauses([Clause::from(&line[..])])
            .map_err(oom)?;
        amo.encode(line, sink, &mut vars).map_err(oom)?;
    }
    for diagonal in falling.chain(rising).filter(|d| d.len() > 1) {
        if stop.is_stopped() {
            return Ok(None);
        }
        amo.encode(diagonal, sink, &mut vars).map_err(oom)?;
    }
    Ok(Some(Formula {
        variables: u64::from(vars.n_used()),
        clauses: sink.n_clauses() as u64,
    }))
}

/// The size of the formula for the `n × n` board with the at-most-one encoding `amo`, without
/// solving it.
pub fn encode(n: usize, amo: AtMostOne) -> Result<Formula, Error> {
    let mut solver = cadical::Solver::new();
    let formula = encode_into(n, amo, &mut solver, &StopFlag::new())?;
    Ok(formula.unwrap_or_default())
}

/// How often the caller looks at the stop flag while the solver thread works (boards above
/// [`INLINE_MAX_N`] only): the longest a raised flag waits on a pass of the solver that does
/// not look at it.
const POLL: Duration = Duration::from_millis(5);

/// The largest board whose solver runs on the caller's thread (every encoding).
///
/// What the solver thread buys is a prompt stop during the passes of CaDiCaL that do not ask
/// the terminator callback (pre- and inprocessing): they last seconds on formulas of millions
/// of clauses, and well under [`POLL`] on the few thousand clauses of boards up to this size,
/// where the solver's own look at the flag at each decision and conflict is as prompt as the
/// thread's polling. There the thread only adds two cross-thread wake-ups to each solver call
/// (a count makes one call per solution), whose wait for a core on a busy machine made small
/// runs' times vary up to tenfold from run to run. The crate's `sat-probe` example
/// (`time-first`, `time-count`) prints the percentiles of whole runs, to measure both sides.
const INLINE_MAX_N: usize = 12;

/// What the caller asks of the solver.
enum Command {
    /// Solve, with at most this many conflicts.
    Solve(Option<u64>),
    /// Add a clause: a blocking clause, or a given queen's unit clause.
    Add(Vec<i32>),
}

/// What the solver answers.
enum Reply {
    /// The board is encoded (`None`: the flag was raised meanwhile).
    Encoded(Result<Option<Formula>, Error>),
    /// A solver call ended: with a model (one column per row), unsatisfiable, or stopped;
    /// and the conflicts so far.
    Solved(Option<Result<Vec<u32>, ()>>, u64),
}

/// What one solver call answered.
enum Answer {
    Model(Vec<u32>),
    Unsat,
    Stopped(Ended),
}

/// The solver of an encoded board, wherever it runs: it carries out the caller's commands.
struct Core {
    n: usize,
    solver: cadical::Solver<Watch>,
}

impl Core {
    /// A solver holding the `n × n` board encoded with `amo`, and what the encoding answered
    /// (`None` if `stop` was raised meanwhile).
    fn encode(
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
        let encoded = encode_into(n, amo, &mut solver, stop);
        (Core { n, solver }, Reply::Encoded(encoded))
    }

    /// Carries out `command`: a solve answers, an added clause does not.
    fn handle(&mut self, command: Command) -> Option<Reply> {
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
enum Backend {
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
/// The solver looks at the stop flag at every decision and conflict (its terminator
/// callback), but not inside some of its preprocessing and inprocessing passes, which last
/// seconds on formulas of millions of clauses (measured: 13 s on the 13-million-clause pairwise
/// formula of n = 200), and freeing such a formula takes a second more. So above
/// [`INLINE_MAX_N`] CaDiCaL runs on a thread of its own, and the caller waits for its replies
/// looking at the flag every [`POLL`]; a stopped caller returns at once and lets the thread
/// finish those passes and free the solver by itself. Up to [`INLINE_MAX_N`] no pass and no
/// freeing lasts that long, and the solver runs on the caller's thread: the same commands,
/// carried out by the same [`Core`], without the wake-ups of the thread.
struct Session {
    n: usize,
    backend: Backend,
    effort: Effort,
    budget: Option<u64>,
}

impl Session {
    /// Encodes the board (on a new solver thread if the board is above [`INLINE_MAX_N`]);
    /// `None` if the flag was raised meanwhile.
    fn start(
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
            Some(Reply::Encoded(Ok(Some(formula)))) => Ok(Some(Session {
                n,
                backend,
                effort: Effort {
                    formula,
                    ..Effort::default()
                },
                budget,
            })),
            Some(Reply::Encoded(Err(e))) => Err(e),
            _ => Ok(None),
        }
    }

    /// Has the solver carry out `command`; its reply, or `None` for a command without one, or
    /// once the flag is raised while the solver thread works (or the thread is gone).
    fn call(&mut self, command: Command, stop: &StopFlag) -> Option<Reply> {
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

    /// One solver call.
    fn solve(&mut self, stop: &StopFlag) -> Answer {
        let limit = match self.budget {
            Some(budget) if budget <= self.effort.conflicts => {
                return Answer::Stopped(Ended::Budget);
            }
            Some(budget) => Some(budget - self.effort.conflicts),
            None => None,
        };
        self.effort.calls += 1;
        match self.call(Command::Solve(limit), stop) {
            Some(Reply::Solved(answer, conflicts)) => {
                self.effort.conflicts = conflicts;
                match answer {
                    Some(Ok(columns)) => Answer::Model(columns),
                    Some(Err(())) => Answer::Unsat,
                    None if stop.is_stopped() => Answer::Stopped(Ended::Interrupted),
                    None => Answer::Stopped(Ended::Budget),
                }
            }
            _ => Answer::Stopped(Ended::Interrupted),
        }
    }

    /// Puts the `given` queens on the board: one unit clause `q(r, c)` each, which the solver
    /// propagates before its first decision.
    fn fix(&mut self, given: &[(usize, u32)], stop: &StopFlag) {
        for &(r, c) in given {
            let unit = vec![queen(self.n, r, c as usize).to_ipasir()];
            self.call(Command::Add(unit), stop);
        }
    }

    /// Excludes the solution `columns` from later calls.
    fn block(&mut self, columns: &[u32], stop: &StopFlag) {
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
fn wait(replies: &mpsc::Receiver<Reply>, stop: &StopFlag) -> Option<Reply> {
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
fn serve(
    n: usize,
    amo: AtMostOne,
    stop: &StopFlag,
    observer: Option<Arc<dyn Observer>>,
    inbox: &mpsc::Receiver<Command>,
    outbox: &mpsc::Sender<Reply>,
) {
    let (mut core, encoded) = Core::encode(n, amo, stop, observer);
    let go_on = matches!(encoded, Reply::Encoded(Ok(Some(_))));
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
fn show_model(observer: Option<&dyn Observer>, columns: &[u32]) {
    if let Some(observer) = observer {
        for (row, &column) in columns.iter().enumerate() {
            observer.observe(Event::Assigned {
                row,
                column: column as usize,
            });
        }
        observer.observe(Event::Found);
    }
}

/// Finds one solution of the `n × n` board with the at-most-one encoding `amo` holding the
/// `given` queens (row, column; unit clauses), returning the run and what the solver did.
fn complete_first(
    n: usize,
    amo: AtMostOne,
    given: &[(usize, u32)],
    stop: &StopFlag,
    budget: Option<u64>,
    observer: Option<&Arc<dyn Observer>>,
) -> Result<(FirstRun, Effort), Error> {
    let Some(mut session) = Session::start(n, amo, stop, budget, observer.cloned())? else {
        return Ok((
            FirstRun::without_solution(Ended::Interrupted, Stats::default()),
            Effort::default(),
        ));
    };
    session.fix(given, stop);
    let run = match session.solve(stop) {
        Answer::Model(columns) => {
            show_model(observer.map(|o| o.as_ref()), &columns);
            FirstRun::found(Solution::from_columns(columns)?, session.effort.stats())
        }
        Answer::Unsat => FirstRun::without_solution(Ended::Exhausted, session.effort.stats()),
        Answer::Stopped(ended) => FirstRun::without_solution(ended, session.effort.stats()),
    };
    Ok((run, session.effort))
}

impl Strategy for SatSolver {
    fn name(&self) -> &'static str {
        "sat"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            summary: SUMMARY,
            counts_classes: false,
            resumable: false,
            variants: &VARIANTS,
        }
    }

    fn admit_count(&self, job: &Job<'_>) -> Result<(), Error> {
        admit_memory(job)
    }

    fn search_first(&self, job: &Job<'_>) -> Result<FirstRun, Error> {
        admit_memory(job)?;
        let config = job.config();
        let amo = AtMostOne::of(job);
        let given = job.given().map_or(&[][..], |g| g.queens());
        let observer = config.observer.as_ref().filter(|o| o.wants_steps());
        Ok(complete_first(job.n(), amo, given, &config.stop, config.budget, observer)?.0)
    }

    fn search_all(&self, job: &Job<'_>, visitor: &mut Visitor<'_>) -> Result<VisitRun, Error> {
        admit_memory(job)?;
        let config = job.config();
        let amo = AtMostOne::of(job);
        let observer = config.observer.clone().filter(|o| o.wants_steps());
        let Some(mut session) =
            Session::start(job.n(), amo, &config.stop, config.budget, observer)?
        else {
            return Ok(VisitRun {
                ended: Ended::Interrupted,
                stats: Stats::default(),
            });
        };
        session.fix(job.given().map_or(&[][..], |g| g.queens()), &config.stop);
        let ended = loop {
            match session.solve(&config.stop) {
                Answer::Model(columns) => {
                    show_model(config.steps(), &columns);
                    if let ControlFlow::Break(()) = visitor(&columns) {
                        break Ended::Satisfied;
                    }
                    session.block(&columns, &config.stop);
                }
                Answer::Unsat => break Ended::Exhausted,
                Answer::Stopped(ended) => break ended,
            }
        };
        Ok(VisitRun {
            ended,
            stats: session.effort.stats(),
        })
    }
}
