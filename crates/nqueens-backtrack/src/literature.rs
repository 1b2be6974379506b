//! The experiments of the literature both forms reproduce: Pearson's lexicographic first
//! solutions and Knuth's 16-queens tree. Their costs were timed by hand on the 2-core
//! reference machine, busy (2026-11-27), until a run measures them.

use nqueens_core::{After, Claim, CostModel, Experiment, Figure, Runs, Sizes};

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

/// The verdict of an exact figure a test checks.
const EXACT: &str = "holds (exact; a test)";

/// `vector`'s: Pearson's first solutions, whose board it is (each square tested), and the
/// exact figures of both forms' trees and first solutions that the tests check.
#[rustfmt::skip]
pub(crate) const VECTOR: &[Experiment] = &[
    Experiment {
        variant: None,
        runs: Runs::Lexicographic,
        sizes: PEARSON,
        cost: CostModel::wall(&[(8, 1e-4), (20, 0.07), (22, 0.46), (24, 0.13)]),
        claims: &[
            pearson(20, 106.0, "the lexicographic first solution of n = 20 in 1 min 46 s"),
            pearson(22, 1083.0, "the lexicographic first solution of n = 22 in 18 min 3 s"),
            pearson(24, 288.0, "the lexicographic first solution of n = 24 in 4 min 48 s"),
        ],
    },
    Experiment::tested(After::Statistics, "", &[
        Claim::tested("Russell and Norvig, AIMA, 3rd ed. (2010), §3.2.1 *Toy problems*",
            "8-queens, incremental formulation with the leftmost-column rule (a queen on a square no queen \
             attacks): 2,057 states",
            "2,057: the nodes of the whole backtracking tree with the empty board (our `nodes` count the \
             queens placed, 2,056, every node but the root) in `vector`, `breadth` and `bitmask`'s listing",
            EXACT),
        Claim::tested("Donald E. Knuth, *The Art of Computer Programming* vol. 4, pre-fascicle 5B, §7.2.2 \
                       (2018); OEIS A319235",
            "the 8-queens backtrack tree by level: 1, 8, 42, 140, 344, 568, 550, 312, 92 (2,057 nodes)",
            "the same levels from `vector`'s `Solver::profile` (the listing search's placements) and \
             `bitmask`'s (a walk of its own over half the tree, by the mirror)",
            EXACT),
        Claim::tested("OEIS A319284 and A319283 (Knuth)",
            "every level of the tree for n = 1..12; in all 2, 3, 6, 17, 54, 153, 552, 2,057, 8,394, 35,539, \
             166,926, 856,189 nodes",
            "every level and total the same, from both profiles", EXACT),
    ]),
    Experiment::tested(After::TreeProfiles, "", &[
        Claim::tested("Knuth, the same section", "8-queens: 15,720 squares examined (8 × 1,965 interior nodes)",
            "15,720 = n × the interior nodes of our tree (`TreeProfile::squares_examined`): `vector` makes \
             exactly these safety tests (each column of the row below every interior node), though no counter \
             keeps them; `bitmask` takes its free squares from the masks and never looks at an attacked one",
            EXACT),
        Claim::tested("OEIS A140450 (Colin S. Pearson and Martin S. Pearson, 2008)",
            "queens placed tentatively by a lexicographic depth-first search before its first solution: 1, 6, \
             18, 26, 15, 171, 42, 876, … (n = 1..33)",
            "every term for n = 1..31 (`bitmask`) and 1..28 (`vector`): n × our nodes (safe placements, each \
             opening a row of n squares to try) less the squares the solution's rows leave untried",
            EXACT),
        Claim::tested("Harold S. Stone and Janice M. Stone, *Efficient search techniques: an empirical study of \
                       the N-Queens problem*, IBM J. Res. Dev. 31(4), 1987 (abstract)",
            "(1) a lexicographic search's effort to a first solution grows exponentially with N",
            "1.87× per queen: least squares of ln(squares tried, A140450) on n over n = 4..31 (`bitmask`), R² \
             0.94, though irregular (n = 18: 743,229; n = 19: 48,184)",
            "holds (exact; a test): factor above 1, R² above 0.9"),
        Claim::tested("Stone and Stone, the same abstract",
            "(2) \"for most even N < 30\", searching lexicographically for a solution of N + 1 and removing its \
             corner queen is 2 to 70 times faster",
            "for every even N of 4..28, N + 1's first solution holds the corner and leaves a solution of N; in \
             squares tried it is 2–70× cheaper for 7 of the 13 (N = 6, 8, 12, 18, 20, 22, 24; at most 65.4× at \
             N = 22), cheaper for 12, dearer at N = 26 (0.84×)",
            "holds narrowly (exact; a test): 7 of 13; their own measure of effort may differ from squares tried"),
    ]),
    Experiment::tested(After::FirstSolutions, "", &[Claim::tested("OEIS A141843",
        "the lexicographically first solution, n = 1..12 (1-based; zeros where none)",
        "the same rows from `vector` and `bitmask`; none for n = 2, 3", EXACT)]),
];

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
