//! The experiments of the literature both forms reproduce: Pearson's lexicographic first
//! solutions and Knuth's 16-queens tree. Their costs were timed by hand on the 2-core
//! reference machine, busy (2026-11-27), until a run measures them.

use nqueens_core::{Claim, CostModel, Experiment, Figure, Runs, Sizes};

/// Pearson's sizes (the first solution is irregular in n: 22 is the slowest of the three).
const PEARSON: Sizes = Sizes {
    test: &[8],
    quick: &[20, 22, 24],
    full: &[20, 22, 24],
};

/// Pearson (1991), timed to the lexicographic first solution: the same tree both forms walk
/// (its nodes are OEIS A140450's tries, which the root's `tests/literature.rs` checks).
const fn pearson(n: usize, seconds: f64, claim: &'static str) -> Claim {
    let verdict = "reproduced: the same work (A140450, a test)";
    let source = "Pearson (1991), an 80386 at 25 MHz";
    let figure = Figure::Faster { seconds, verdict };
    Claim {
        source,
        claim,
        n,
        figure,
    }
}

/// `vector`'s: Pearson's first solutions, whose board it is (each square tested).
#[rustfmt::skip]
pub(crate) const VECTOR: &[Experiment] = &[Experiment {
    variant: None,
    runs: Runs::Lexicographic,
    sizes: PEARSON,
    cost: CostModel::wall(&[(8, 1e-4), (20, 0.07), (22, 0.46), (24, 0.13)]),
    claims: &[
        pearson(20, 106.0, "the lexicographic first solution of n = 20 in 1 min 46 s"),
        pearson(22, 1083.0, "the lexicographic first solution of n = 22 in 18 min 3 s"),
        pearson(24, 288.0, "the lexicographic first solution of n = 24 in 4 min 48 s"),
    ],
}];

/// `bitmask`'s: the same first solutions beside `vector`'s, and Knuth's tree at n = 16 by its
/// mirrored walk (seconds; not in the quick profile).
#[rustfmt::skip]
pub(crate) const BITMASK: &[Experiment] = &[
    Experiment {
        variant: None,
        runs: Runs::Lexicographic,
        sizes: PEARSON,
        cost: CostModel::wall(&[(8, 1e-5), (20, 0.01), (22, 0.01), (24, 0.02)]),
        claims: &[],
    },
    Experiment {
        variant: None,
        runs: Runs::TreeProfile,
        sizes: Sizes { test: &[8], quick: &[], full: &[16] },
        cost: CostModel::per_row(&[(8, 1e-5), (16, 7.0)], 6.0),
        claims: &[Claim {
            source: "OEIS A319236 (Knuth)",
            claim: "the 16-queens backtrack tree: 1,141,190,303 nodes",
            n: 16,
            figure: Figure::Exact { value: 1_141_190_303, holds: "holds (exact; also an ignored test)" },
        }],
    },
];
