//! # nqueens-sat
//!
//! N-Queens handed to a general SAT solver: the board is encoded in conjunctive normal form
//! with the cardinality encodings of [RustSAT](https://docs.rs/rustsat) and solved by
//! [CaDiCaL](https://github.com/arminbiere/cadical) (Armin Biere's CDCL solver, version 1.9.5,
//! compiled from its C++ source by the `cadical` crate). Registry name `sat`.
//!
//! ## The encoding
//!
//! One Boolean variable `q(r, c)` per square (DIMACS variables `1 ..= n²`, row-major);
//! **exactly one** queen in each row and column (a clause `q(r, 0) ∨ … ∨ q(r, n-1)` and an
//! at-most-one constraint), **at most one** on each of the `4n - 6` diagonals of two squares
//! or more. The variant picks RustSAT's at-most-one encoding (each cites its paper):
//!
//! | variant | at-most-one of `k` literals | clauses | new variables |
//! |---|---|---|---|
//! | `pairwise` (default) | `¬a ∨ ¬b` for every pair (Prestwich, "CNF Encodings", *Handbook of Satisfiability*, 2021) | k(k-1)/2 | 0 |
//! | `ladder` | the ladder / sequential counter (Gent & Nightingale, "A new encoding of AllDifferent into SAT", ModRef 2004) | about 3k | k - 1 |
//! | `bitwise` | the binary encoding (Prestwich, "Finding large cliques using SAT local search", 2007) | k ⌈log₂ k⌉ | ⌈log₂ k⌉ |
//! | `commander` | groups of 4 with a commander each, pairwise inside and between commanders (Klieber & Kwon, "Efficient CNF encoding for selecting 1 from N objects", CFV 2007) | about k²/32 + 3.5k | k/4 |
//! | `bimander` | groups of 4, pairwise inside, group numbers in binary (Nguyen & Mai, "A new method to encode the at-most-one constraint into SAT", SoICT 2015) | about k/4 ⌈log₂(k/4)⌉ + 1.5k | ⌈log₂(k/4)⌉ |
//!
//! `pairwise` propagates best but takes about `(5/3) n³` clauses (`n = 100`: 1.7 million;
//! `n = 300`: 45 million); the others are nearly linear in `n²` and reach far larger boards.
//!
//! **Enumerating**: a list or a count solves, reads the model, adds a *blocking clause*
//! `¬q(0, c₀) ∨ … ∨ ¬q(n-1, c_{n-1})` and solves again (CaDiCaL keeps what it learnt) until the
//! formula is unsatisfiable: one solver call and one clause per solution, in the solver's
//! order, so lists and counts stop at [`MAX_ENUMERATE`]. **Given queens** ([`Job::given`]) are
//! unit clauses added after the encoding.
//!
//! **Statistics and events**: the `cadical` crate exposes only a callback per learnt clause
//! (one per conflict), so [`Stats`]`::backtracks` counts conflicts and `nodes` stays 0
//! (decisions are not exposed); [`encode`] gives a board's variables and clauses
//! ([`Formula`]). An [`Observer`] sees each conflict as [`Event::Conflict`] (on the row of the
//! learnt clause's first queen variable) and each answer [assigned](Event::Assigned) row by
//! row, then [found](Event::Found).
//!
//! **Memory**: the solver holds the whole formula (`pairwise` at n = 100 peaks near 300 MB).
//! With [`Config::memory_limit`](nqueens_core::Config::memory_limit) the formula is first
//! counted without being stored, and a board whose estimate (192 bytes a clause, 384 a
//! variable: the measured peak, rounded up) exceeds it is refused with [`Error::MemoryLimit`].
//! CaDiCaL's failed allocations end the process (a C++ exception cannot cross into Rust), so
//! under an address-space limit the same estimate plus the solver's fixed cost is checked
//! against [`nqueens_core::room`] first, and a board that does not fit ends with
//! [`Error::OutOfMemory`], as does a solver thread that ends without answering.
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
//! **Stopping**: CaDiCaL's terminator callback reads the [`StopFlag`] at each decision or
//! conflict, and the encoding between constraints. Some preprocessing passes do not look and
//! last seconds on millions of clauses, so above n = 12 the solver runs on its own thread while
//! the caller polls the flag every 5 ms (the thread finishes its pass and frees the formula by
//! itself); up to n = 12 it runs on the caller's thread.
//! [`Config::budget`](nqueens_core::Config::budget) caps the conflicts of each solver call,
//! ending with [`Ended::Budget`].
//!
//! ## Complexity and reach
//!
//! SAT is NP-complete, and CDCL gives N-Queens no special treatment: thousands of conflicts on
//! boards of 100 and more, about a millisecond each, so it stays far behind the hand-made
//! searches. Measured in release mode on the 2-core reference machine, n = 10, 20, 30, ...
//! with 8 s per board (the limit is the last n before the first board over 8 s):
//!
//! | variant | first solution | limit | list and count |
//! |---|---|---|---|
//! | `pairwise` | n = 100: 2.7 s (1.6 million clauses), n = 150: 3.5 s (5.6 million); n = 160 over 8 s | 150 | n = 10: 0.24 s, n = 12: 3–7 s |
//! | `ladder` | n = 100: 3.8 s, n = 110: 7.5 s; n = 130 over 8 s | 100 | as `pairwise` |
//! | `bitwise` | n = 100: 1.5 s, n = 170: 3.2 s; n = 180 over 8 s | 170 | as `pairwise` |
//! | `commander` | n = 100: 3.5 s, n = 120: 3.5 s; n = 130 over 8 s | 120 | as `pairwise` |
//! | `bimander` | n = 100: 1.1 s, n = 200: 2.9 s; n = 210 over 8 s | 200 | as `pairwise` |
//!
//! The time is heavy-tailed in n, so a board below a limit can take longer. Speed against the
//! hand-made strategies is in the comparison report (`reports/README.md`, from `cargo bench`).
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

mod encoding;
mod session;

use encoding::*;
pub use encoding::{AtMostOne, Formula, encode};
use session::*;

use nqueens_core::{
    Budget, Bytes, Capabilities, Cost, CostModel, Ended, Error, Event, FirstRun, Job, Limit,
    Needed, Observer, Solution, Stats, StopFlag, Strategy, Variant, VisitRun, Visitor, room,
};

/// N-Queens in CNF, solved by CaDiCaL. Registry name `sat`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SatSolver;

/// The largest board a list or a count accepts: every solution costs a solver call and a
/// blocking clause (n = 12: 14,200 of them, 3 to 7 s in release mode).
pub const MAX_ENUMERATE: usize = 12;

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

impl Strategy for SatSolver {
    fn name(&self) -> &'static str {
        "sat"
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const { Capabilities::new(SUMMARY, &VARIANTS) }
    }

    fn admit_count(&self, job: &Job<'_>) -> Result<(), Error> {
        admit_memory(job)
    }

    fn search_first(&self, job: &Job<'_>) -> Result<FirstRun, Error> {
        admit_memory(job)?;
        check_room(job.n(), AtMostOne::of(job))?;
        let config = job.config();
        let amo = AtMostOne::of(job);
        let given = job.given().map_or(&[][..], |g| g.queens());
        let observer = config.observer.as_ref().filter(|o| o.wants_steps());
        complete_first(job.n(), amo, given, &config.stop, config.budget, observer)
    }

    fn search_all(&self, job: &Job<'_>, visitor: &mut Visitor<'_>) -> Result<VisitRun, Error> {
        admit_memory(job)?;
        check_room(job.n(), AtMostOne::of(job))?;
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
                Answer::Lost => return Err(lost(job.n())),
            }
        };
        Ok(VisitRun {
            ended,
            stats: session.stats(),
        })
    }
}
