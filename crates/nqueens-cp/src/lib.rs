//! # nqueens-cp
//!
//! N-Queens as a constraint satisfaction problem, the classic model of constraint programming
//! courses (and of Gent, Jefferson & Nightingale, "Complexity of n-Queens Completion", *JAIR*
//! 59, 2017), solved by [Pumpkin](https://github.com/consol-lab/pumpkin), a lazy clause
//! generation CP solver from TU Delft's ConSol Lab (version 0.5). Registry name `cp`.
//!
//! ## The model
//!
//! One integer variable `q_r ∈ {0, …, n-1}` per row: the column of its queen. One queen per row
//! is then built in, and three constraints say the rest:
//!
//! - `all_different(q_0, …, q_{n-1})`: one queen per column;
//! - `all_different(q_0 + 0, …, q_{n-1} + n-1)`: one per `/` diagonal;
//! - `all_different(q_0 - 0, …, q_{n-1} - (n-1))`: one per `\` diagonal.
//!
//! The diagonal constraints are posted on affine *views* of the same variables, with no new
//! variables. Pumpkin 0.5 posts `all_different` as its decomposition into the `n(n-1)/2`
//! binary `≠` constraints, so its propagation is forward checking (a value leaves a domain when
//! another variable takes it), not the Hall-interval or matching reasoning of a global
//! propagator.
//!
//! Given queens (N-Queens completion, [`Job::given`]) are fixed values: a given row's
//! variable is created with the domain of its one column, and propagation takes that column
//! and the diagonals from the others before the search starts.
//!
//! ## Search
//!
//! Pumpkin searches depth first with *lazy clause generation*: every conflict is explained in
//! terms of domain predicates (`q_3 ≠ 5`, `q_7 ≤ 2`), analysed into a learnt nogood as a CDCL
//! SAT solver would, and the search backjumps. Two variants choose the branching:
//!
//! | variant | branching |
//! |---|---|
//! | `autonomous` (default) | Pumpkin's default: VSIDS activity on the predicates seen in conflicts, solution-based phase saving, restarts (Moskewicz et al. 2001; Demirović, Chu & Stuckey, CP 2018) |
//! | `first-fail` | the textbook CSP order: the row with the fewest values left, its smallest value first (Haralick & Elliott, "Increasing tree search efficiency for constraint satisfaction problems", *Artificial Intelligence* 14, 1980); nogoods are still learnt. Pumpkin's own `FirstFail` measures domains by their bounds, blind to the holes propagation makes here, so the strategy brings its own selector |
//!
//! A list or a count uses Pumpkin's solution iterator, which adds a nogood excluding each
//! solution found and solves again from the root, so it is for small boards.
//!
//! ## Statistics
//!
//! Pumpkin keeps its statistics private (it prints them through a process-wide logger), so the
//! strategy counts them itself, wrapping the brancher, which the solver calls at each decision,
//! conflict and restart:
//!
//! | [`Stats`] field | CP quantity |
//! |---|---|
//! | `nodes` | decisions (search-tree nodes) |
//! | `backtracks` | conflicts (each one analysed into a nogood, then a backjump) |
//! | `restarts` | restarts |
//!
//! An [`Observer`] sees each restart ([`Event::Restarted`], the board emptied) and each answer
//! [assigned](Event::Assigned) row by row, then [found](Event::Found). It sees no decision and
//! no conflict: the brancher is told of a conflict but not where it is, and a decision is a
//! predicate on a domain (`q3 <= 5`, `q3 != 2`), not a queen placed, while the queens that
//! propagation fixes are not reported at all; so `nodes` and `backtracks` have no events, and
//! a replay adds up to the run's restarts only.
//!
//! [`Config::budget`](nqueens_core::Config::budget) caps the decisions; a run that reaches it
//! ends with [`Ended::Budget`]. The solver polls its termination condition, which reads the
//! [`StopFlag`], at every step of its search loop.
//!
//! ## Dependencies
//!
//! The strategy uses Pumpkin's library crates (`pumpkin-core`, `pumpkin-constraints`,
//! `pumpkin-conflict-resolvers`, MIT or Apache-2.0) rather than the `pumpkin-solver` crate,
//! which re-exports them but adds a FlatZinc and MaxSAT command line (clap, env_logger,
//! flatzinc, signal-hook) and a build script that runs `git` and compiles three C and C++
//! proof checkers with the system compiler. The three build in under a minute (release, 2
//! cores).
//!
//! ## Complexity and reach
//!
//! The model has `n` variables and about `3n²/2` binary propagators, built in O(n²) time and
//! memory (n ≤ 85, so too small to read
//! [`Config::memory_limit`](nqueens_core::Config::memory_limit); Pumpkin's clause database
//! management bounds the learnt clauses). Pumpkin allocates 50 MB for its learnt clauses
//! at the first conflict, without asking, and an allocation that fails inside it aborts the
//! process; so under an address-space limit (`ulimit -v`) the room left
//! ([`nqueens_core::room`]) is checked first, and a run without [`PUMPKIN_BYTES`] of it ends
//! with [`Error::OutOfMemory`]. The search is exponential in the worst case, and its time on a given board is
//! heavy-tailed. Measured in release mode on the 2-core reference machine:
//!
//! | variant | first solution | list and count |
//! |---|---|---|
//! | `autonomous` | every n ≤ 66 under 0.5 s; n = 67: 3.9 s, n = 73: over 5 s; limit 66 | n = 9: 1.6 s, n = 10: 16 s; limit 9 |
//! | `first-fail` | every n ≤ 85 under 0.7 s; n = 86: over 5 s; limit 85 | n = 10: 0.5 s, n = 11: 3.6 s, n = 12: 24 s; limit 11 |
//!
//! Speed against the hand-made strategies is in the comparison report (`reports/README.md`,
//! regenerated by `cargo bench`).
//!
//! ```
//! use nqueens_core::{Config, Solver};
//! use nqueens_cp::CpSolver;
//!
//! let run = CpSolver.first(12, &Config::default())?;
//! assert!(run.solution().is_some());
//! assert_eq!(CpSolver.count(6, &Config::default())?.total, 4);
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

use std::cell::Cell;
use std::rc::Rc;

use pumpkin_conflict_resolvers::resolvers::ResolutionResolver;
use pumpkin_core::Solver as Pumpkin;
use pumpkin_core::branching::branchers::independent_variable_value_brancher::IndependentVariableValueBrancher;
use pumpkin_core::branching::value_selection::InDomainMin;
use pumpkin_core::branching::variable_selection::VariableSelector;
use pumpkin_core::branching::{Brancher, BrancherEvent, SelectionContext};
use pumpkin_core::predicates::Predicate;
use pumpkin_core::results::solution_iterator::IteratedSolution;
use pumpkin_core::results::{ProblemSolution, SolutionReference};
use pumpkin_core::statistics::StatisticLogger;
use pumpkin_core::termination::TerminationCondition;
use pumpkin_core::variables::{DomainId, TransformableVariable};

use nqueens_core::{
    Budget, Bytes, Capabilities, Config, Cost, CostModel, Ended, Error, Event, Job, Limit,
    Observer, Stats, StopFlag, Strategy, Variant, VisitRun, Visitor, room,
};

/// N-Queens as three all-different constraints in the Pumpkin CP solver. Registry name `cp`.
#[derive(Clone, Copy, Debug, Default)]
pub struct CpSolver;

const SUMMARY: &str =
    "three all-different constraints in the Pumpkin CP solver (lazy clause generation)";

/// The variants, the solver's own search first. Limits measured in release mode on the 2-core
/// reference machine (see the crate documentation).
const VARIANTS: [Variant; 2] = [
    Variant {
        name: Some("autonomous"),
        summary: "Pumpkin's default search: VSIDS, phase saving, restarts, learnt nogoods",
        complete: true,
        budget: Some(Budget::Nodes),
        first: Limit::UpTo(66),
        list: Limit::UpTo(9),
        count: Limit::UpTo(9),
        keeps_given: true,
        cost: Cost {
            first: CostModel::power(&[(8, 2.1e-4), (16, 4.1e-4), (30, 0.082)], 4.0),
            count: CostModel::per_row(
                &[(4, 6e-4), (6, 0.016), (7, 0.065), (8, 0.26), (9, 3.2)],
                10.0,
            ),
            completion: CostModel::power(&[(12, 5e-3), (20, 0.02), (28, 0.08)], 3.0),
        },
        ..Variant::BLANK
    },
    Variant {
        name: Some("first-fail"),
        summary: "fewest values left first, smallest value first, learnt nogoods",
        complete: true,
        budget: Some(Budget::Nodes),
        first: Limit::UpTo(85),
        list: Limit::UpTo(11),
        count: Limit::UpTo(11),
        keeps_given: true,
        cost: Cost {
            first: CostModel::power(&[(8, 6.6e-4), (16, 6.3e-4), (30, 7e-3)], 4.0),
            count: CostModel::per_row(
                &[(4, 3e-4), (7, 7e-3), (8, 0.026), (9, 0.14), (10, 0.85)],
                6.0,
            ),
            completion: CostModel::UNKNOWN,
        },
        ..Variant::BLANK
    },
];

/// Whether each of [`VARIANTS`] branches on the smallest domain first, in the same order.
const FIRST_FAIL: [bool; 2] = [false, true];

/// Counters shared by the brancher (which sees decisions, conflicts and restarts) and the
/// termination condition (which enforces the budget). Both live on the solving thread.
#[derive(Debug, Default)]
struct Counters {
    decisions: Cell<u64>,
    conflicts: Cell<u64>,
    restarts: Cell<u64>,
}

impl Counters {
    fn stats(&self) -> Stats {
        Stats {
            nodes: self.decisions.get(),
            backtracks: self.conflicts.get(),
            restarts: self.restarts.get(),
            ..Stats::default()
        }
    }
}

/// A brancher that counts what the solver asks of the one it wraps.
struct Counting<'a, B> {
    inner: B,
    counters: Rc<Counters>,
    /// Told of each restart, if someone listens.
    observer: Option<&'a dyn Observer>,
}

fn bump(cell: &Cell<u64>) {
    cell.set(cell.get() + 1);
}

impl<B: std::fmt::Debug> std::fmt::Debug for Counting<'_, B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Counting")
            .field("inner", &self.inner)
            .field("counters", &self.counters)
            .field("observed", &self.observer.is_some())
            .finish()
    }
}

impl<B: Brancher> Brancher for Counting<'_, B> {
    fn log_statistics(&self, logger: StatisticLogger) {
        self.inner.log_statistics(logger);
    }

    fn next_decision(&mut self, context: &mut SelectionContext) -> Option<Predicate> {
        let decision = self.inner.next_decision(context);
        if decision.is_some() {
            bump(&self.counters.decisions);
        }
        decision
    }

    fn on_conflict(&mut self) {
        bump(&self.counters.conflicts);
        self.inner.on_conflict();
    }

    fn on_backtrack(&mut self) {
        self.inner.on_backtrack();
    }

    fn on_solution(&mut self, solution: SolutionReference) {
        self.inner.on_solution(solution);
    }

    fn on_unassign_integer(&mut self, variable: DomainId, value: i32) {
        self.inner.on_unassign_integer(variable, value);
    }

    fn on_appearance_in_conflict_predicate(&mut self, predicate: Predicate) {
        self.inner.on_appearance_in_conflict_predicate(predicate);
    }

    fn on_restart(&mut self) {
        bump(&self.counters.restarts);
        if let Some(observer) = self.observer {
            observer.observe(Event::Restarted);
        }
        self.inner.on_restart();
    }

    fn synchronise(&mut self, context: &mut SelectionContext) {
        self.inner.synchronise(context);
    }

    fn is_restart_pointless(&mut self) -> bool {
        self.inner.is_restart_pointless()
    }

    fn subscribe_to_events(&self) -> Vec<BrancherEvent> {
        let mut events = self.inner.subscribe_to_events();
        for event in [BrancherEvent::Conflict, BrancherEvent::Restart] {
            if !events.contains(&event) {
                events.push(event);
            }
        }
        events
    }
}

/// The textbook "dom" variable order: the unfixed row whose domain holds the fewest values,
/// the first such on ties. Pumpkin's own `FirstFail` measures a domain by its bounds, which
/// ignores the holes that propagation makes in N-Queens' domains, so this one counts values.
#[derive(Debug)]
struct SmallestDomain {
    queens: Vec<DomainId>,
    n: i32,
}

impl VariableSelector<DomainId> for SmallestDomain {
    fn select_variable(&mut self, context: &mut SelectionContext) -> Option<DomainId> {
        let size = |q: DomainId| (0..self.n).filter(|&v| context.contains(q, v)).count();
        self.queens
            .iter()
            .copied()
            .filter(|&q| !context.is_integer_fixed(q))
            .min_by_key(|&q| size(q))
    }

    fn subscribe_to_events(&self) -> Vec<BrancherEvent> {
        vec![]
    }
}

/// Stops the solver when the flag is raised or the decision budget is spent.
struct Until {
    stop: StopFlag,
    budget: u64,
    counters: Rc<Counters>,
}

impl Until {
    /// Why the run stopped, once the solver says it did.
    fn reason(&self) -> Ended {
        if self.stop.is_stopped() {
            Ended::Interrupted
        } else {
            Ended::Budget
        }
    }
}

impl TerminationCondition for Until {
    fn should_stop(&mut self) -> bool {
        self.stop.is_stopped() || self.counters.decisions.get() >= self.budget
    }
}

/// The model of the `n × n` board: the solver and the row variables.
struct Model {
    solver: Pumpkin,
    queens: Vec<DomainId>,
}

impl Model {
    /// The model of the `n × n` board; a row with a given column (`given[row]`) gets the
    /// domain of that one value.
    fn new(n: usize, given: &[Option<u32>]) -> Self {
        let mut solver = Pumpkin::default();
        let top = n as i32 - 1;
        let queens: Vec<DomainId> = (0..n)
            .map(|row| match given.get(row).copied().flatten() {
                Some(column) => solver.new_bounded_integer(column as i32, column as i32),
                None => solver.new_bounded_integer(0, top),
            })
            .collect();
        let rising = queens
            .iter()
            .zip(0..)
            .map(|(q, r)| q.offset(r))
            .collect::<Vec<_>>();
        let falling = queens
            .iter()
            .zip(0..)
            .map(|(q, r)| q.offset(-r))
            .collect::<Vec<_>>();
        let tags = [(); 3].map(|()| solver.new_constraint_tag());
        solver
            .add_constraint(pumpkin_constraints::all_different(queens.clone(), tags[0]))
            .post();
        solver
            .add_constraint(pumpkin_constraints::all_different(rising, tags[1]))
            .post();
        solver
            .add_constraint(pumpkin_constraints::all_different(falling, tags[2]))
            .post();
        Model { solver, queens }
    }
}

/// Enumerates the solutions of `model` with `brancher`, handing each to `visitor`.
fn enumerate<B: Brancher>(
    model: &mut Model,
    brancher: B,
    config: &Config,
    visitor: &mut Visitor<'_>,
) -> VisitRun {
    let (stop, budget, observer) = (&config.stop, config.budget, config.steps());
    let counters = Rc::new(Counters::default());
    let mut brancher = Counting {
        inner: brancher,
        counters: Rc::clone(&counters),
        observer,
    };
    let mut until = Until {
        stop: stop.clone(),
        budget: budget.unwrap_or(u64::MAX),
        counters: Rc::clone(&counters),
    };
    let mut resolver = ResolutionResolver::default();
    let queens = model.queens.clone();
    let mut solutions =
        model
            .solver
            .get_solution_iterator(&mut brancher, &mut until, &mut resolver);
    // `None`: the termination condition stopped the solver (it says why once released).
    let ended = loop {
        match solutions.next_solution() {
            IteratedSolution::Solution(solution, ..) => {
                let columns: Vec<u32> = queens
                    .iter()
                    .map(|&q| solution.get_integer_value(q) as u32)
                    .collect();
                if let Some(observer) = observer {
                    // Decisions are predicates on domains, not queens, and propagation is not
                    // exposed: the answer is assigned, not drawn step by step.
                    observer.assign_board(&columns);
                    observer.observe(Event::Found);
                }
                if visitor(&columns).is_break() {
                    break Some(Ended::Satisfied);
                }
            }
            IteratedSolution::Finished | IteratedSolution::Unsatisfiable => {
                break Some(Ended::Exhausted);
            }
            IteratedSolution::Unknown => break None,
        }
    };
    let ended = ended.unwrap_or_else(|| until.reason());
    VisitRun {
        ended,
        stats: counters.stats(),
    }
}

/// The address space a run takes (n <= 85): Pumpkin's arena of learnt clauses (50,000,000
/// bytes, allocated at the first conflict) and a little more, rounded up; the smallest
/// `ulimit -v` under which `solve n -s cp` ran (64 to 66 MB at n = 8 and 30, release build)
/// less the program's own mappings is about as much.
pub const PUMPKIN_BYTES: u64 = 49 << 20;

/// Ends the run with [`Error::OutOfMemory`] before Pumpkin allocates, when the address space
/// left under a `ulimit -v` cannot hold [`PUMPKIN_BYTES`]; without a limit, nothing is checked.
fn check_room(n: usize) -> Result<(), Error> {
    match room::address_space_room() {
        Some(room) if room < PUMPKIN_BYTES => Err(Error::OutOfMemory {
            strategy: "cp",
            n,
            what: format!(
                "the solver takes about {} of address space and {} is left under the limit \
                 (ulimit -v): raise the limit",
                Bytes(PUMPKIN_BYTES),
                Bytes(room)
            ),
        }),
        _ => Ok(()),
    }
}

impl Strategy for CpSolver {
    fn name(&self) -> &'static str {
        "cp"
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const { Capabilities::new(SUMMARY, &VARIANTS) }
    }

    fn search_all(&self, job: &Job<'_>, visitor: &mut Visitor<'_>) -> Result<VisitRun, Error> {
        check_room(job.n())?;
        let config = job.config();
        let given = job.given().map_or_else(Vec::new, |g| g.by_row(job.n()));
        let mut model = Model::new(job.n(), &given);
        let run = if FIRST_FAIL[job.variant_index()] {
            let order = SmallestDomain {
                queens: model.queens.clone(),
                n: job.n() as i32,
            };
            let brancher = IndependentVariableValueBrancher::new(order, InDomainMin);
            enumerate(&mut model, brancher, config, visitor)
        } else {
            let brancher = model.solver.default_brancher();
            enumerate(&mut model, brancher, config, visitor)
        };
        Ok(run)
    }
}
