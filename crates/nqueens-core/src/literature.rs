//! Experiments of the literature that a strategy's runs reproduce, declared by the strategy
//! ([`Capabilities::literature`](crate::Capabilities::literature)): what the bench's
//! `literature` group runs, and the published figures the report sets beside the runs, each
//! with its source and the rule of its verdict; and Knuth's [`TreeProfile`].

use crate::{CostModel, Ended};

/// One experiment from the literature, run with one variant of the declaring strategy.
#[derive(Clone, Copy, Debug)]
pub struct Experiment {
    /// The variant that runs it; `None`: the strategy's default (first) variant.
    pub variant: Option<&'static str>,
    /// What the bench runs and records.
    pub runs: Runs,
    /// The sizes it runs at, per bench profile.
    pub sizes: Sizes,
    /// Expected seconds of one run on the reference machine (a batch of
    /// [`Runs::CLIMBS_BATCH`] seeds of [`Runs::Climbs`], one seed of [`Runs::Seeded`], one walk
    /// or first solution otherwise), for the bench's budget.
    pub cost: CostModel,
    /// The published figures set beside the runs, in the report's order.
    pub claims: &'static [Claim],
}

/// What the bench runs for an experiment, and so what its records hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runs {
    /// Batches of seeded first-solution runs, a record per batch with its counters summed and
    /// the seeds it solved (`restarts`: the climbs that got stuck; `backtracks`: their moves;
    /// `moves`: every move). Without claims, the report says what it measured in a sentence.
    Climbs {
        /// What climbs, as the report names it ("steepest ascent").
        what: &'static str,
    },
    /// One first-solution run per seed of the bench: time and repair moves (`moves`).
    Seeded,
    /// The backtrack tree's profile ([`Solver::profile`](crate::Solver::profile)): its nodes.
    TreeProfile,
    /// The lexicographically first solution, one run with statistics on: its time and nodes.
    Lexicographic,
    /// Nothing for the bench to run: the claims are [`Figure::Tested`], figures a test of the
    /// suite checks, and their rows follow those of `after`; `note`, if not empty, is a
    /// sentence after the table.
    Tested {
        /// The rows they follow.
        after: After,
        /// What the table cannot say (figures measured by hand); may be empty.
        note: &'static str,
    },
}

/// The rows of the report's table that a [`Runs::Tested`] experiment's rows follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// The statistics of climbs and seeded runs, at the head of the table.
    Statistics,
    /// The tree profiles' rows.
    TreeProfiles,
    /// The lexicographic first solutions' rows.
    FirstSolutions,
}

impl Experiment {
    /// Figures a test checks, their rows after `after`'s, with `note` after the table.
    pub const fn tested(after: After, note: &'static str, claims: &'static [Claim]) -> Experiment {
        Experiment {
            variant: None,
            runs: Runs::Tested { after, note },
            sizes: Sizes::every(&[]),
            cost: CostModel::UNKNOWN,
            claims,
        }
    }
}

impl Runs {
    /// Seeds per batch of [`Runs::Climbs`] (fewer in the bench's test mode).
    pub const CLIMBS_BATCH: u64 = 200;
}

/// Sizes per bench profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// The bench's test mode (`cargo test --benches`): tiny, a check of the machinery.
    pub test: &'static [usize],
    /// The quick profile.
    pub quick: &'static [usize],
    /// The default and full profiles.
    pub full: &'static [usize],
}

impl Sizes {
    /// No size in any profile.
    pub const NONE: Sizes = Sizes::every(&[]);

    /// The same sizes in every profile.
    pub const fn every(sizes: &'static [usize]) -> Sizes {
        Sizes {
            test: sizes,
            quick: sizes,
            full: sizes,
        }
    }
}

/// A published figure, with its source and what of our runs at size `n` meets it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Claim {
    /// Where it is published.
    pub source: &'static str,
    /// What is published, as the report quotes it.
    pub claim: &'static str,
    /// The size whose runs it is set beside.
    pub n: usize,
    /// What of the runs is set beside it, and the rule of the verdict.
    pub figure: Figure,
}

impl Claim {
    /// A figure a test checks (of a [`Runs::Tested`] experiment; `n` is 0, nothing runs).
    pub const fn tested(
        source: &'static str,
        claim: &'static str,
        ours: &'static str,
        verdict: &'static str,
    ) -> Claim {
        let figure = Figure::Tested { ours, verdict };
        Claim {
            source,
            claim,
            n: 0,
            figure,
        }
    }
}

/// What of our runs meets a [`Claim`], and how the verdict is given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Figure {
    /// A mean over the runs, with its 95% interval: "holds within the interval" when
    /// `published`, give or take `precision` (half the unit it is rounded to), meets it, else
    /// "differs: " and `reason`.
    Mean {
        /// What is averaged.
        of: Measure,
        /// The published value.
        published: f64,
        /// Half the unit the published value is rounded to ("about 14%": 0.005).
        precision: f64,
        /// Why ours may differ, said when it does.
        reason: &'static str,
    },
    /// Every run within `seconds` of wall time: the verdict `holds`, else `differs`.
    Within {
        /// The published time.
        seconds: f64,
        /// The verdict when every run is quicker.
        holds: &'static str,
        /// The verdict when one is not.
        differs: &'static str,
    },
    /// A count met exactly (a tree profile's nodes): the verdict `holds`, else "differs".
    Exact {
        /// The published count.
        value: u64,
        /// The verdict when ours is the same.
        holds: &'static str,
    },
    /// A published time beside ours, no pass or fail: `verdict`, then how many times faster.
    Faster {
        /// The published time.
        seconds: f64,
        /// What the comparison shows, before the ratio.
        verdict: &'static str,
    },
    /// Ours beside the published figure, with `verdict` as it stands (the work differs).
    Beside {
        /// The verdict.
        verdict: &'static str,
    },
    /// Ours as a test of the suite checks it, and the verdict it holds to ([`Runs::Tested`]).
    Tested {
        /// Our figure.
        ours: &'static str,
        /// The verdict.
        verdict: &'static str,
    },
}

/// A quantity of the runs that a [`Figure::Mean`] averages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The share of climbs that solve ([`Runs::Climbs`]).
    SuccessRate,
    /// The steps of a climb that solves.
    StepsOnSuccess,
    /// The steps of a climb that gets stuck.
    StepsWhenStuck,
    /// Climbs per solution, 1/p of the success rate p.
    ClimbsPerSolution,
    /// Steps per solution, over all climbs.
    StepsPerSolution,
    /// The repair moves of one run ([`Runs::Seeded`]).
    Repairs,
}

/// The profile of a row-by-row backtrack tree (Knuth, *The Art of Computer Programming*
/// vol. 4, pre-fascicle 5B, §7.2.2; OEIS A319284), as a search walked it: level k holds the
/// placements of k queens in the first k rows that no two attack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeProfile {
    /// `levels[k]`: the nodes at level `k`, from the empty board (1) to the solutions.
    pub levels: Vec<u64>,
    /// How the walk ended: only [`Ended::Exhausted`] gives the whole tree.
    pub ended: Ended,
}

impl TreeProfile {
    /// The board size.
    pub fn n(&self) -> usize {
        self.levels.len().saturating_sub(1)
    }

    /// Every node of the tree, the empty board included (OEIS A319283: 2,057 for n = 8).
    pub fn total(&self) -> u64 {
        self.levels.iter().sum()
    }

    /// The nodes above the last level: 2,057 - 92 = 1,965 for n = 8.
    pub fn interior(&self) -> u64 {
        self.total() - self.levels.last().copied().unwrap_or(0)
    }

    /// The squares a search that tries every column of the next row examines: `n` per
    /// interior node, Knuth's 15,720 for n = 8 (a bitmask search never looks at an attacked
    /// one, and no [`Stats`](crate::Stats) field counts them).
    pub fn squares_examined(&self) -> u64 {
        self.n() as u64 * self.interior()
    }
}
