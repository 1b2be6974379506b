//! What the harness runs: its mode, each group's sizes, seeds and budgets, the filter, the cases.

use std::time::Duration;

use nqueens_core::{Config, CostModel, Operation, Solver, Variant};
use nqueens_run::Registry;
use regex::Regex;

use super::slow::{Slowed, Slowing};
use crate::{CaseRecord, CaseStatus};

/// The seeds of randomized strategies: fixed, so every run measures the same work.
pub const SEEDS: [u64; 10] = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89];

/// Criterion's bootstrap resamples per estimate, fewer than its default: the intervals do not
/// move at this precision, and the bootstrap is most of its time per case.
pub const RESAMPLES: usize = 20_000;

/// How criterion was started, as far as the harness cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `cargo bench`: probe, measure, record.
    Bench,
    /// `cargo test --benches`: one run per case, tiny sizes, nothing written.
    Test,
    /// `--list`: name the cases, run nothing.
    List,
    /// `--profile-time SECONDS`: each case probed, then run that long under the profiler.
    Profile,
}

/// The bench profile: how deep a run goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// `cargo test --benches`: one run per case at tiny sizes, nothing written.
    Test,
    /// `-- --quick` or `NQUEENS_BENCH=quick`: a check of the machinery in a minute or two.
    Quick,
    /// `cargo bench`: every strategy and variant, every group, in minutes.
    Default,
    /// `NQUEENS_BENCH=full cargo bench`: larger n, more seeds, tighter intervals.
    Full,
}

impl Profile {
    /// The profile's name, as the manifest and the report give it.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Test => "test",
            Profile::Quick => "quick",
            Profile::Default => "default",
            Profile::Full => "full",
        }
    }

    /// The profile of this name ([`Profile::name`]).
    pub fn named(name: &str) -> Option<Self> {
        let all = [Self::Test, Self::Quick, Self::Default, Self::Full];
        all.into_iter().find(|p| p.name() == name)
    }
}

/// How criterion samples a case.
#[derive(Clone, Copy, Debug)]
pub struct Sampling {
    /// Samples of a fast case (criterion's minimum is 10).
    pub fast_samples: usize,
    /// Warm-up of a fast case.
    pub warm_up: Duration,
    /// Measurement window of a fast case; a case whose 55 runs do not fit in it is slow.
    pub measurement: Duration,
    /// Samples of a slow case: flat sampling, one run per sample, one run of warm-up.
    pub slow_samples: usize,
}

/// Which cases run at which sizes, in which mode, under which budgets.
pub struct Plan {
    /// How criterion was started.
    pub mode: Mode,
    /// The profile.
    pub profile: Profile,
    /// Criterion's filter, when one was given.
    filter: Option<Regex>,
    /// The seeds a randomized variant runs over.
    pub seeds: Vec<u64>,
    /// The size grid of `count_all`.
    pub count_sizes: Vec<usize>,
    /// The size grid of `first_solution`.
    pub first_sizes: Vec<usize>,
    /// Sizes of `validate`.
    pub validate_sizes: Vec<usize>,
    /// The longest expected run of a planned case, in seconds.
    pub cap: f64,
    /// Probe budget of a count.
    pub count_budget: Duration,
    /// Probe budget of a first-solution run (per seed).
    pub first_budget: Duration,
    /// How criterion samples.
    pub sampling: Sampling,
    /// The C yardsticks, each run beside the strategies that declare it their counterpart.
    pub yardsticks: Vec<Yardstick>,
    /// Board sizes of the `completion` group.
    pub completion_sizes: Vec<usize>,
    /// Given queens per board in the `completion` group, as fractions of n (k = n·a/b).
    pub completion_fractions: Vec<(usize, usize)>,
    /// Instances (seeds) per size and fraction in the `completion` group.
    pub completion_instances: u64,
    /// Probe budget of one completion instance (short: random instances are easy or hopeless).
    pub completion_budget: Duration,
    /// Whether criterion also samples each completion instance (else the probe run is drawn).
    pub completion_sampled: bool,
    /// Instruction counts under callgrind: every variant (true) or each strategy's default.
    pub instructions_all_variants: bool,
    /// The case slowed on purpose (`NQUEENS_BENCH_SLOW`), if any.
    pub slowing: Option<Slowing>,
}

/// A C program of the shared yardsticks (`../shared/yardstick`) and the sizes it runs at.
#[derive(Clone, Debug)]
pub struct Yardstick {
    /// Its source's name without `.c` (`count`).
    pub program: &'static str,
    /// Expected seconds of one run: the medians of the full run on the 2-core reference
    /// machine (`reports/README.md`), rounded up, timed as a process.
    pub cost: CostModel,
    /// Sizes criterion measures.
    pub sampled: Vec<usize>,
    /// Sizes run once each, outside criterion.
    pub once: Vec<usize>,
}

/// `count.c` measured at `count` and run once at `count_once`; `permutations.c` measured at
/// `permutations`.
fn yardsticks(count: usize, count_once: &[usize], permutations: usize) -> Vec<Yardstick> {
    let program = |program, cost, sampled, once: &[usize]| Yardstick {
        program,
        cost,
        sampled: vec![sampled],
        once: once.to_vec(),
    };
    let count_cost = CostModel::per_row(&[(12, 4e-3), (16, 3.75), (17, 29.5)], 8.0);
    let permutations_cost = CostModel::per_row(&[(10, 0.05), (12, 4.85)], 12.0);
    vec![
        program("count", count_cost, count, count_once),
        program("permutations", permutations_cost, permutations, &[]),
    ]
}

/// Criterion's flags that take a value, so the value is not mistaken for the filter.
const VALUE_FLAGS: &str = "--save-baseline -s --baseline -b --baseline-lenient --load-baseline \
     --sample-size --warm-up-time --measurement-time --nresamples --noise-threshold \
     --confidence-level --significance-level --profile-time --format --color -c --output-format \
     --plotting-backend";

/// The first-solution grid: 8 to 10^6 on a log scale, then 3·10^6 and 10^7.
fn first_grid() -> Vec<usize> {
    vec![
        8, 16, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000, 3_000_000,
        10_000_000,
    ]
}

impl Plan {
    /// The plan for this process's arguments and environment; an error for a malformed slowing.
    pub fn from_args() -> Result<Self, String> {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let has = |flag: &str| args.iter().any(|a| a == flag);
        let bench = has("--bench") && !has("--test");
        let mode = match (has("--list"), has("--profile-time"), bench) {
            (true, ..) => Mode::List,
            (_, true, _) => Mode::Profile,
            (_, _, true) => Mode::Bench,
            _ => Mode::Test,
        };
        let env = std::env::var("NQUEENS_BENCH").unwrap_or_default();
        let quick = has("--quick")
            || env == "quick"
            || std::env::var("NQUEENS_BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
        let profile = match (mode, env.as_str()) {
            (Mode::Test, _) => Profile::Test,
            _ if quick => Profile::Quick,
            (_, "full") => Profile::Full,
            (_, "" | "default") => Profile::Default,
            (_, other) => {
                eprintln!(
                    "nqueens bench: NQUEENS_BENCH={other:?} is not a profile (quick, default, \
                     full): running the default profile"
                );
                Profile::Default
            }
        };
        Ok(Self {
            slowing: Slowing::from_env()?,
            ..Self::for_profile(mode, profile, filter(&args, has("--exact")))
        })
    }

    /// The plan of `profile`.
    pub fn for_profile(mode: Mode, profile: Profile, filter: Option<Regex>) -> Self {
        let secs = Duration::from_secs_f64;
        let base = Self {
            mode,
            profile,
            filter,
            seeds: SEEDS[..5].to_vec(),
            count_sizes: vec![4, 6, 8, 10, 11, 12, 13, 14, 15, 16],
            first_sizes: first_grid(),
            validate_sizes: vec![1_000, 10_000, 100_000, 1_000_000],
            cap: 0.5,
            count_budget: secs(2.0),
            first_budget: secs(2.0),
            sampling: Sampling {
                fast_samples: 10,
                warm_up: secs(0.05),
                measurement: secs(0.2),
                slow_samples: 10,
            },
            yardsticks: yardsticks(15, &[], 11),
            completion_sizes: vec![12, 20, 28],
            completion_fractions: vec![(1, 4), (1, 2)],
            completion_instances: 1,
            completion_budget: secs(0.5),
            completion_sampled: false,
            instructions_all_variants: false,
            slowing: None,
        };
        match profile {
            Profile::Test => Self {
                seeds: SEEDS[..1].to_vec(),
                count_sizes: vec![4, 8],
                first_sizes: vec![8, 20],
                validate_sizes: vec![1_000],
                cap: f64::INFINITY,
                completion_sizes: vec![8],
                completion_budget: secs(1.0),
                ..base
            },
            Profile::Quick => Self {
                seeds: SEEDS[..3].to_vec(),
                count_sizes: vec![4, 8, 10, 12],
                first_sizes: vec![8, 16, 30, 100, 1_000, 10_000, 100_000, 1_000_000],
                validate_sizes: vec![10_000, 1_000_000],
                cap: 0.03,
                count_budget: secs(0.5),
                first_budget: secs(0.5),
                sampling: Sampling {
                    warm_up: secs(0.02),
                    measurement: secs(0.1),
                    ..base.sampling
                },
                yardsticks: yardsticks(14, &[], 10),
                completion_sizes: vec![12, 20],
                completion_budget: secs(0.25),
                ..base
            },
            Profile::Default => base,
            Profile::Full => Self {
                seeds: SEEDS.to_vec(),
                count_sizes: (4..=17).collect(),
                first_sizes: first_grid().into_iter().chain([100_000_000]).collect(),
                cap: 4.0,
                count_budget: secs(12.0),
                first_budget: secs(10.0),
                sampling: Sampling {
                    fast_samples: 30,
                    warm_up: secs(0.3),
                    measurement: secs(1.0),
                    ..base.sampling
                },
                yardsticks: yardsticks(16, &[17], 12),
                completion_fractions: vec![(1, 4), (1, 3), (1, 2)],
                completion_instances: 2,
                completion_budget: secs(1.0),
                completion_sampled: true,
                instructions_all_variants: true,
                ..base
            },
        }
    }

    /// Whether criterion's filter (if any) selects the case `group/label/n`.
    pub fn selected(&self, group: &str, label: &str, n: usize) -> bool {
        let id = format!("{group}/{label}/{n}");
        self.filter.as_ref().is_none_or(|f| f.is_match(&id))
    }

    /// Whether the run is filtered: it then updates the statistics file instead of rewriting it.
    pub fn is_filtered(&self) -> bool {
        self.filter.is_some()
    }
}

/// Criterion's filter among `args`: the last argument that is neither a flag nor a flag's
/// value. An exact filter (`--exact`) is a plain id; criterion reports a bad regex itself.
fn filter(args: &[String], exact: bool) -> Option<Regex> {
    let mut filter = None;
    let mut skip_value = false;
    for arg in args {
        if skip_value {
            skip_value = false;
        } else if VALUE_FLAGS.split_whitespace().any(|flag| flag == arg) {
            skip_value = true;
        } else if !arg.starts_with('-') {
            filter = Some(arg);
        }
    }
    let filter = filter?;
    let anchored = format!("^{}$", regex::escape(filter));
    Regex::new(if exact { &anchored } else { filter }).ok()
}

/// A case's label: the registry name for the strategy's default (first) variant (or none),
/// `name-variant` for the others.
pub(crate) fn case_label(solver: &dyn Solver, variant: Option<&str>) -> String {
    let default = solver.capabilities().variants.first().and_then(|v| v.name);
    match variant {
        Some(name) if Some(name) != default => format!("{}-{name}", solver.name()),
        _ => solver.name().to_string(),
    }
}

/// One strategy in one of its variants.
#[derive(Clone)]
pub struct Case<'r> {
    /// The strategy.
    pub solver: &'r dyn Solver,
    /// The criterion function id: the registry name for the first variant, else `name-variant`.
    pub label: String,
    /// The variant this case runs.
    pub variant: &'static Variant,
    /// Whether it is the strategy's first (default) variant, recorded with an empty variant.
    pub is_default: bool,
}

impl Case<'_> {
    /// Whether this case's own variant can do `operation` at size `n`.
    pub fn accepts(&self, operation: Operation, n: usize) -> bool {
        self.variant.limit(operation).accepts(n)
    }

    /// The configuration of one run: this variant by name, even where the strategy would pick
    /// another for the operation.
    pub fn config(&self, seed: Option<u64>) -> Config {
        Config {
            seed,
            variant: self.variant.name.map(str::to_string),
            ..Config::default()
        }
    }

    /// A record of this case in the statistics CSV.
    pub fn record(&self, group: &str, n: usize, status: CaseStatus) -> CaseRecord {
        let mut record = CaseRecord::new(group, &self.label, self.solver.name(), n, status);
        if !self.is_default {
            record.variant = self.variant.name.unwrap_or_default().to_string();
        }
        record
    }
}

impl Plan {
    /// Every variant of every strategy that can run here, in registry order, default first;
    /// the case the plan slows on purpose slowed ([`Slowed`]). The others are said once a run.
    pub fn cases<'r>(&self, registry: &'r Registry) -> Vec<Case<'r>> {
        let mut out = Vec::new();
        // Said once per run, though the cases are listed for each group.
        static SKIPPED: std::sync::Once = std::sync::Once::new();
        SKIPPED.call_once(|| {
            for (name, why) in registry.unavailable() {
                eprintln!("nqueens bench: skipping {name}: {why}");
            }
        });
        for solver in registry.available() {
            for (i, variant) in solver.capabilities().variants.iter().enumerate() {
                let label = case_label(solver, variant.name);
                let solver = match &self.slowing {
                    Some(slow) if slow.label == label => Slowed::leak(solver, slow.times),
                    _ => solver,
                };
                out.push(Case {
                    label,
                    solver,
                    variant,
                    is_default: i == 0,
                });
            }
        }
        out
    }
}
