//! The cases strategies declare beyond their series ([`BenchExtra`]): beside their C
//! counterpart ([`Plan::yardstick_cases`]) and the `once` sweeps ([`Plan::once_sweeps`]), each
//! costed by its variant's own model.

use std::time::Duration;

use nqueens_core::{BenchExtra, CostModel, Operation, Solver};
use nqueens_run::Registry;

use super::Unit;
use super::literature::sizes_in;
use super::plan::{Case, Plan, Profile, Yardstick};
use crate::group::{ONCE, YARDSTICK};

/// The largest size of a [`OnceSweep`](nqueens_core::OnceSweep) in the bench's test mode,
/// whatever it declares.
const ONCE_TEST_TO: usize = 12;

/// The deadline of one run of a [`OnceSweep`](nqueens_core::OnceSweep) in the bench's test
/// mode, whatever it declares.
const ONCE_TEST_SECONDS: f64 = 1.0;

/// The run-metadata key of what strategy `name` picked for the machine under `detail`
/// ([`Strategy::machine_details`](nqueens_core::Strategy::machine_details)): `<name> <detail>`.
pub fn machine_detail_key(name: &str, detail: &str) -> String {
    format!("{name} {detail}")
}

/// Whether run-metadata `key` is a [`machine_detail_key`] of strategy `name`.
pub fn is_machine_detail_of(key: &str, name: &str) -> bool {
    key.strip_prefix(name)
        .is_some_and(|rest| rest.starts_with(' '))
}

/// Who runs a yardstick case.
#[derive(Clone, Copy)]
pub enum Runner<'r> {
    /// A C program, by its source's name without `.c`, and its cost.
    Program(&'static str, CostModel),
    /// A strategy's count on some threads (`None`: its default).
    Solver(&'r dyn Solver, Option<usize>),
}

/// One `yardstick` case: `label` (`count.c`, `bitmask`, `symmetry-t1`) at `n`.
pub struct YardstickCase<'r> {
    /// The label.
    pub label: String,
    /// The board size.
    pub n: usize,
    /// Whether criterion samples it (else it runs once).
    pub sampled: bool,
    /// Who runs it.
    pub runner: Runner<'r>,
}

impl YardstickCase<'_> {
    /// Expected seconds of one run: the program's model, or the variant's count cost, scaled
    /// from the reference machine's threads to the row's where the count splits over threads.
    pub fn seconds(&self) -> Option<f64> {
        let (solver, threads) = match self.runner {
            Runner::Program(_, cost) => return cost.seconds(self.n),
            Runner::Solver(solver, threads) => (solver, threads),
        };
        let capabilities = solver.capabilities();
        let variant = (capabilities.resolve(None, Operation::Count, self.n, solver.name())).ok()?;
        match threads {
            Some(k) if capabilities.resumable => variant.cost.count_on(self.n, k),
            _ => variant.cost.count.seconds(self.n),
        }
    }

    /// Its unit in the `yardstick` group.
    pub fn unit(&self) -> Unit {
        Unit::new(YARDSTICK, &self.label, self.n, self.seconds(), self.sampled)
    }
}

/// One `once` sweep: a strategy's default variant run once at each size, within `budget`.
pub struct OnceCase<'r> {
    /// The strategy's default variant.
    pub case: Case<'r>,
    /// The sizes its variant accepts and the filter selects; at least one.
    pub sizes: Vec<usize>,
    /// The deadline of one run.
    pub budget: Duration,
}

impl OnceCase<'_> {
    /// Its unit in the `once` group, costed by its variant's first-solution cost summed over
    /// its sizes.
    pub fn unit(&self) -> Unit {
        let model = self.case.variant.cost.of(Operation::First);
        let run = self.sizes.iter().map(|&n| model.seconds(n)).sum();
        Unit::new(ONCE, &self.case.label, "", run, false)
    }
}

impl Plan {
    /// The `yardstick` group in run order: each of [`Plan::yardsticks`] at its sampled sizes,
    /// then at those it runs once, with the strategies that declare it their
    /// [`Counterpart`](nqueens_core::Counterpart) (registry order, a row per thread count);
    /// then each strategy alone at its goals of the profile.
    pub fn yardstick_cases<'r>(&self, registry: &'r Registry) -> Vec<YardstickCase<'r>> {
        // Each declaration: its program, its rows, its goals.
        let mut declared = Vec::new();
        for solver in registry.available() {
            for extra in solver.capabilities().bench {
                let BenchExtra::Yardstick(counterpart) = extra else {
                    continue;
                };
                let rows: Vec<_> = (counterpart.threads.iter())
                    .map(|&k| {
                        (
                            counterpart.row_label(solver.name(), k),
                            Runner::Solver(solver, k),
                        )
                    })
                    .collect();
                declared.push((counterpart.program, rows, counterpart.goals));
            }
        }
        let beside = |yardstick: &Yardstick| {
            let program = yardstick.program;
            let rows = declared.iter().filter(|d| d.0 == program);
            let mut all = vec![(
                format!("{program}.c"),
                Runner::Program(program, yardstick.cost),
            )];
            all.extend(rows.flat_map(|d| d.1.iter().cloned()));
            all
        };
        let sampled = (self.yardsticks.iter()).map(|y| (&y.sampled[..], beside(y), true));
        let once = (self.yardsticks.iter()).map(|y| (&y.once[..], beside(y), false));
        let goals = (declared.iter())
            .map(|(_, rows, goals)| (sizes_in(goals, self.profile), rows.clone(), false));
        let mut out = Vec::new();
        for (sizes, rows, sampled) in sampled.chain(once).chain(goals) {
            for &n in sizes {
                for (label, runner) in rows.iter().filter(|r| self.selected(YARDSTICK, &r.0, n)) {
                    let (label, runner) = (label.clone(), *runner);
                    out.push(YardstickCase {
                        label,
                        n,
                        sampled,
                        runner,
                    });
                }
            }
        }
        out
    }

    /// The `once` group: the sweeps declared, in registry order, on the default variants (in
    /// the test profile cut to `ONCE_TEST_TO` and `ONCE_TEST_SECONDS`; those for the full
    /// profile alone in it).
    pub fn once_sweeps<'r>(&self, registry: &'r Registry) -> Vec<OnceCase<'r>> {
        let mut out = Vec::new();
        for case in self.cases(registry).into_iter().filter(|c| c.is_default) {
            for extra in case.solver.capabilities().bench {
                let BenchExtra::Once(sweep) = *extra else {
                    continue;
                };
                let (to, seconds) = match self.profile {
                    Profile::Full => (sweep.to, sweep.seconds),
                    _ if sweep.full_only => continue,
                    Profile::Test => (sweep.to.min(ONCE_TEST_TO), ONCE_TEST_SECONDS),
                    _ => (sweep.to, sweep.seconds),
                };
                let sizes: Vec<usize> = (sweep.from..=to)
                    .filter(|&n| case.accepts(Operation::First, n))
                    .filter(|&n| self.selected(ONCE, &case.label, n))
                    .collect();
                if !sizes.is_empty() {
                    let budget = Duration::from_secs_f64(seconds);
                    let case = case.clone();
                    out.push(OnceCase {
                        case,
                        sizes,
                        budget,
                    });
                }
            }
        }
        out
    }
}
