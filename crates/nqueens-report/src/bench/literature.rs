//! The `literature` group's plan: every experiment of the literature that the registered
//! strategies declare ([`Experiment`], in their [`Capabilities`](nqueens_core::Capabilities)),
//! run by the case of its variant at the sizes of the profile, and what each costs. The group
//! runs kind by kind ([`Runs`], in its order), size by size, cases in the plan's order.

use nqueens_core::{After, Experiment, Runs, Sizes};

use super::{Case, Plan, Profile, Unit};
use crate::group::LITERATURE;

/// One case of the group: an experiment at one size, with the case that runs it.
pub struct Trial<'c, 'r> {
    /// The strategy's case (its variant) that runs it.
    pub case: &'c Case<'r>,
    /// What it runs.
    pub experiment: &'static Experiment,
    /// The size.
    pub n: usize,
}

impl Trial<'_, '_> {
    /// The label its records are kept under: its case's, with `-profile` after it for a tree
    /// profile.
    pub fn label(&self) -> String {
        record_label(&self.case.label, self.experiment.runs)
    }

    /// Its unit, costed by its experiment's model times its runs: the batches of a climb, the
    /// seeds of the plan for a seeded experiment, else one.
    pub fn unit(&self, plan: &Plan) -> Unit {
        let runs = match self.experiment.runs {
            Runs::Climbs { .. } => {
                let (count, size) = batches(plan.profile);
                (count * size) as f64 / Runs::CLIMBS_BATCH as f64
            }
            Runs::Seeded => plan.seeds.len() as f64,
            Runs::TreeProfile | Runs::Lexicographic | Runs::Tested { .. } => 1.0,
        };
        let run = self.experiment.cost.seconds(self.n).map(|s| s * runs);
        Unit::new(LITERATURE, &self.label(), self.n, run, false)
    }
}

/// The label of an experiment's records in the group: the case label of its variant, with
/// `-profile` after it for a tree profile (`bitmask-profile`), whose records are not the
/// first solutions of the same case.
pub(crate) fn record_label(case: &str, runs: Runs) -> String {
    match runs {
        Runs::TreeProfile => format!("{case}-profile"),
        _ => case.to_string(),
    }
}

/// The order of the kinds in the group, and of their rows in the report (a tested figure's
/// after the rows it follows).
pub(crate) fn rank(runs: Runs) -> u8 {
    match runs {
        Runs::Climbs { .. } => 0,
        Runs::Seeded => 1,
        Runs::TreeProfile => 3,
        Runs::Lexicographic => 5,
        Runs::Tested { after, .. } => match after {
            After::Statistics => 2,
            After::TreeProfiles => 4,
            After::FirstSolutions => 6,
        },
    }
}

/// How many batches of how many seeds a [`Runs::Climbs`] experiment runs in `profile`.
pub fn batches(profile: Profile) -> (u64, u64) {
    match profile {
        Profile::Test => (1, 20),
        Profile::Quick => (10, Runs::CLIMBS_BATCH),
        Profile::Default | Profile::Full => (50, Runs::CLIMBS_BATCH),
    }
}

/// The sizes of `profile` among `sizes`.
pub(crate) fn sizes_in(sizes: &Sizes, profile: Profile) -> &'static [usize] {
    match profile {
        Profile::Test => sizes.test,
        Profile::Quick => sizes.quick,
        Profile::Default | Profile::Full => sizes.full,
    }
}

/// The profiles among `profiles` that run size `n` of `sizes`.
pub(crate) fn profiles_running(sizes: &Sizes, n: usize, profiles: &[Profile]) -> Vec<Profile> {
    let runs = |p: &&Profile| sizes_in(sizes, **p).contains(&n);
    profiles.iter().filter(runs).copied().collect()
}

/// The group's trials in the order they run, as `plan`'s filter selects them: each case's
/// experiments (those of its variant) at the profile's sizes.
pub fn trials<'c, 'r>(plan: &Plan, cases: &'c [Case<'r>]) -> Vec<Trial<'c, 'r>> {
    let mut trials = Vec::new();
    for case in cases {
        let ours = |e: &&Experiment| {
            e.variant
                .map_or(case.is_default, |v| case.variant.name == Some(v))
        };
        for experiment in case.solver.capabilities().literature.iter().filter(ours) {
            for &n in sizes_in(&experiment.sizes, plan.profile) {
                trials.push(Trial {
                    case,
                    experiment,
                    n,
                });
            }
        }
    }
    trials.sort_by_key(|t| (rank(t.experiment.runs), t.n));
    trials.retain(|t| plan.selected(LITERATURE, &t.label(), t.n));
    trials
}
