//! The time budget of a run: which sizes each series keeps under the profile's cap (by its
//! variant's [`Cost`](nqueens_core::Cost)), what each planned case costs with criterion's
//! sampling, the total printed at the start, and the progress printed as the run goes on.

use std::time::Instant;

use nqueens_core::{CostModel, Growth, Operation};
use nqueens_run::Registry;

use super::plan::{Case, Plan};
use crate::format_seconds;
use crate::group::{COUNT_ALL, FIRST_SOLUTION};

/// Criterion's own work per case beyond the runs: the bootstrap of its estimates (and of the
/// comparison with the previous run's, when there is one) and the writing of its files.
const ANALYSIS_SECONDS: f64 = 0.12;

/// Expected wall time of one case whose run takes `run` seconds: `probes` probe runs, then
/// criterion's warm-up and samples (see `tune` in the bench's `groups.rs`) and its analysis.
fn case_seconds(plan: &Plan, run: f64, probes: usize) -> f64 {
    let s = plan.sampling;
    let measured = if is_fast(plan, run) {
        s.warm_up.as_secs_f64() + s.measurement.as_secs_f64()
    } else {
        // One run of warm-up, one run per sample.
        run + (s.slow_samples as f64 * run * 1.05).max(s.measurement.as_secs_f64())
    };
    run * probes as f64 + measured + ANALYSIS_SECONDS
}

/// The fewest runs criterion's linear sampling takes: 1 + 2 + ... + 10 over 10 samples.
pub const LINEAR_RUNS: u32 = 55;

/// Whether [`LINEAR_RUNS`] fit the measurement window: else the case is sampled flat.
pub fn is_fast(plan: &Plan, run: f64) -> bool {
    run * f64::from(LINEAR_RUNS) <= plan.sampling.measurement.as_secs_f64()
}

/// A case and the sizes the plan runs it at.
pub struct Series<'r> {
    /// The strategy variant.
    pub case: Case<'r>,
    /// Its sizes, increasing.
    pub sizes: Vec<usize>,
}

/// How far past the cap a search that hits a wall (lexicographic backtracking) may go: its
/// last size before the wall is where its family stops scaling, which the report shows.
const WALL_STRETCH: f64 = 4.0;

/// The sizes of the operation's grid the case's variant accepts, the filter selects and whose
/// expected run fits the cap (any without a model; [`WALL_STRETCH`] times it before a wall).
fn sizes(plan: &Plan, case: &Case<'_>, operation: Operation) -> Vec<usize> {
    let model = case.variant.cost.of(operation);
    let grid = match operation {
        Operation::First => &plan.first_sizes,
        _ => &plan.count_sizes,
    };
    let wall = |m: &CostModel| m.beyond == Growth::Wall;
    let cap = |m: &CostModel| plan.cap * if wall(m) { WALL_STRETCH } else { 1.0 };
    let fits = |n| model.seconds(n).is_none_or(|seconds| seconds <= cap(model));
    let group = series_group(operation);
    let runs = |n| case.accepts(operation, n) && plan.selected(group, &case.label, n);
    let sizes = grid.iter().copied();
    sizes.filter(|&n| runs(n) && fits(n)).collect()
}

/// The group of an operation's series: `first_solution` or `count_all`.
pub fn series_group(operation: Operation) -> &'static str {
    match operation {
        Operation::First => FIRST_SOLUTION,
        _ => COUNT_ALL,
    }
}

/// The series of an operation's group: every variant that finds (or counts).
pub fn series<'r>(plan: &Plan, registry: &'r Registry, operation: Operation) -> Vec<Series<'r>> {
    let cases = plan.cases(registry).into_iter();
    let series = cases.map(|case| Series {
        sizes: sizes(plan, &case, operation),
        case,
    });
    series.filter(|s| !s.sizes.is_empty()).collect()
}

impl Series<'_> {
    /// The units of this series in `operation`'s group, one per size, each costed by the
    /// case's model and probed once per seed of a randomized first solution.
    pub fn units(&self, plan: &Plan, operation: Operation) -> Vec<Unit> {
        let model = self.case.variant.cost.of(operation);
        let seeded = operation == Operation::First && self.case.variant.randomized;
        let probes = if seeded { plan.seeds.len() } else { 1 };
        let unit = |&n: &usize| {
            let run = model.seconds(n);
            let unit = Unit::new(series_group(operation), &self.case.label, n, run, true);
            Unit { probes, ..unit }
        };
        self.sizes.iter().map(unit).collect()
    }
}

/// One case of a group as the plan lists it, for the budget and then for the group's runner:
/// `group/label/param` (`param` empty: no size), its run's expected seconds (`None`: at the
/// plan's cap), its probe runs, and whether criterion samples it (else the probes are all it
/// costs).
#[derive(Clone, Debug)]
pub struct Unit {
    group: &'static str,
    /// The case's label.
    pub label: String,
    /// Its parameter: the size, or what stands for it.
    pub param: String,
    run: Option<f64>,
    probes: usize,
    sampled: bool,
}

impl Unit {
    /// A unit probed once.
    pub fn new(
        group: &'static str,
        label: &str,
        param: impl ToString,
        run: Option<f64>,
        sampled: bool,
    ) -> Self {
        Unit {
            group,
            label: label.to_string(),
            param: param.to_string(),
            run,
            probes: 1,
            sampled,
        }
    }

    /// `group/label/param`, or `group/label` without a parameter.
    fn id(&self) -> String {
        let slash = if self.param.is_empty() { "" } else { "/" };
        format!("{}/{}{slash}{}", self.group, self.label, self.param)
    }
}

/// One planned unit: its expected seconds with criterion's sampling, and its state.
#[derive(Clone, Debug)]
struct Planned {
    unit: Unit,
    seconds: f64,
    state: State,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Pending,
    Done,
    Dropped,
}

/// The planned cases of a run, their estimated cost, and the progress through them.
pub struct Budget {
    planned: Vec<Planned>,
    started: Instant,
    /// Whether progress lines are printed (bench mode).
    verbose: bool,
}

impl Budget {
    /// An empty budget.
    pub fn new(verbose: bool) -> Self {
        Self {
            planned: Vec::new(),
            started: Instant::now(),
            verbose,
        }
    }

    /// Plans `units`, each costed by its runs: its probes, then criterion's sampling if any.
    pub fn plan<'u>(&mut self, plan: &Plan, units: impl IntoIterator<Item = &'u Unit>) {
        for unit in units {
            let seconds = unit.run.unwrap_or(plan.cap.min(1.0));
            let cost = if unit.sampled {
                case_seconds(plan, seconds, unit.probes)
            } else {
                seconds * unit.probes as f64
            };
            self.planned.push(Planned {
                unit: unit.clone(),
                seconds: cost,
                state: State::Pending,
            });
        }
    }

    /// The planned cases in `state`.
    fn in_state(&self, state: State) -> impl Iterator<Item = &Planned> {
        self.planned.iter().filter(move |p| p.state == state)
    }

    /// The plan's total by group, printed at the start.
    pub fn print_total(&self, profile: &str) {
        // Each group: its cases, their seconds, and how many of them have no model.
        let mut groups: Vec<(&str, usize, f64, usize)> = Vec::new();
        for p in &self.planned {
            let (group, unmodelled) = (p.unit.group, usize::from(p.unit.run.is_none()));
            match groups.iter_mut().find(|g| g.0 == group) {
                Some(g) => (g.1, g.2, g.3) = (g.1 + 1, g.2 + p.seconds, g.3 + unmodelled),
                None => groups.push((group, 1, p.seconds, unmodelled)),
            }
        }
        let (cases, total) = (self.planned.len(), groups.iter().map(|g| g.2).sum());
        let total = minutes(total);
        eprintln!("nqueens bench: {profile} profile: {cases} cases, estimated {total} in all");
        for (group, count, seconds, unmodelled) in groups {
            let note = match unmodelled {
                0 => String::new(),
                _ => format!(" ({unmodelled} without a cost model, counted at the cap)"),
            };
            let took = minutes(seconds);
            eprintln!("  {group:<15} {count:>4} cases  {took:>9}{note}");
        }
    }

    /// The planned cases, `group/label/n` (or `group/label`), in plan order: what
    /// `cargo bench -- --list` prints.
    pub fn ids(&self) -> impl Iterator<Item = String> {
        self.planned.iter().map(|p| p.unit.id())
    }

    /// The estimate of the whole plan, in seconds.
    pub fn total(&self) -> f64 {
        self.planned.iter().map(|p| p.seconds).sum()
    }

    /// How many cases are planned, and how many are done.
    pub fn counts(&self) -> (usize, usize) {
        (self.planned.len(), self.in_state(State::Done).count())
    }

    /// Marks a case started and prints where the run is: the case, how many are left, and the
    /// expected remaining time (the estimate, scaled by how the run has kept to it so far).
    pub fn start(&mut self, unit: &Unit) {
        let id = unit.id();
        // The case before it is done once the next one starts.
        let same = |p: &Planned| {
            (p.unit.group, &p.unit.label, &p.unit.param) == (unit.group, &unit.label, &unit.param)
        };
        let pending = |p: &Planned| same(p) && p.state == State::Pending;
        let Some(at) = self.planned.iter().position(pending) else {
            if self.verbose {
                eprintln!("nqueens bench: {id} (not in the plan)");
            }
            return;
        };
        let done_before: f64 = self.in_state(State::Done).map(|p| p.seconds).sum();
        let elapsed = self.started.elapsed().as_secs_f64();
        let pace = (done_before > 20.0).then(|| (elapsed / done_before).clamp(0.25, 8.0));
        let pending: f64 = self.in_state(State::Pending).map(|p| p.seconds).sum();
        let left = pending * pace.unwrap_or(1.0);
        self.planned[at].state = State::Done;
        if self.verbose {
            let ((total, done), waiting) = (self.counts(), self.in_state(State::Pending).count());
            let (estimate, left) = (format_seconds(self.planned[at].seconds), minutes(left));
            eprintln!(
                "nqueens bench: [{done}/{total}, {waiting} to go] {id} · est. {estimate} · about \
                 {left} left"
            );
        }
    }

    /// Drops the pending cases of a series (its run went past the budget).
    pub fn drop_series(&mut self, group: &str, label: &str) {
        for p in &mut self.planned {
            if (p.unit.group, p.unit.label.as_str()) == (group, label) && p.state == State::Pending
            {
                p.state = State::Dropped;
            }
        }
    }
}

/// `7 min 40 s`, `25 s`.
pub fn minutes(seconds: f64) -> String {
    let s = seconds.round() as u64;
    if s >= 60 {
        format!("{} min {:02} s", s / 60, s % 60)
    } else {
        format!("{s} s")
    }
}
