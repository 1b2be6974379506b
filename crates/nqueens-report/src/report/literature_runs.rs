//! The rows of *The literature, reproduced* that one bench run each gives (group `literature`):
//! Knuth's tree profile at n = 16, Pearson's timed first solutions, and Sosič and Gu's 1990
//! sizes. The exact figures of the same sources are tests, and their rows are the template's.

use super::readme::thousands;
use crate::group::LITERATURE;
use crate::{CaseRecord, CaseStatus, format_seconds};

/// OEIS A319236's total: the nodes of the 16-queens backtrack tree, the empty board included.
const A319236_TOTAL: u64 = 1_141_190_303;

/// The bench's case of `BitmaskSolver::profile`.
const PROFILE: &str = "bitmask-profile";

/// Pearson (1991, an 80386 at 25 MHz): seconds to the lexicographic first solution.
const PEARSON: [(usize, f64, &str); 3] = [
    (20, 106.0, "1 min 46 s"),
    (22, 1083.0, "18 min 3 s"),
    (24, 288.0, "4 min 48 s"),
];

/// The measured records of `id` at `n` in the group.
fn measured<'a>(records: &'a [CaseRecord], id: &str, n: usize) -> Vec<&'a CaseRecord> {
    records
        .iter()
        .filter(|r| r.group == LITERATURE && r.id == id && r.n == n)
        .filter(|r| r.status == CaseStatus::Measured)
        .collect()
}

/// Why a row has no figure of ours.
const NOT_RUN: &str = "not run in this profile (the default and full profiles run it)";

/// A319236's row: our total from the bench's run of `BitmaskSolver::profile(16)`.
pub(super) fn knuth_row(records: &[CaseRecord]) -> [String; 4] {
    let (ours, verdict) = match measured(records, PROFILE, 16).first() {
        None => (NOT_RUN.to_string(), "–".to_string()),
        Some(r) => {
            let total = r.result.parse::<u64>().ok();
            let ours = match total {
                Some(total) => format!("{} nodes", thousands(total)),
                None => format!("the walk ended: {}", r.result),
            };
            let verdict = if total == Some(A319236_TOTAL) {
                "holds (exact; also an ignored test)"
            } else {
                "differs"
            };
            let ours = format!(
                "{ours} in {} (`BitmaskSolver::profile`, its mirrored walk, one run)",
                format_seconds(r.seconds)
            );
            (ours, verdict.to_string())
        }
    };
    [
        "OEIS A319236 (Knuth)".to_string(),
        format!(
            "the 16-queens backtrack tree: {} nodes",
            thousands(A319236_TOTAL)
        ),
        ours,
        verdict,
    ]
}

/// Pearson's rows: his time beside ours for the same lexicographic search, with its nodes.
pub(super) fn pearson_rows(records: &[CaseRecord]) -> Vec<[String; 4]> {
    let found = |id: &str, n: usize| {
        measured(records, id, n)
            .into_iter()
            .find(|r| r.result == "found")
    };
    PEARSON
        .iter()
        .map(|&(n, seconds, shown)| {
            let (vector, bitmask) = (found("vector", n), found("bitmask", n));
            let ours = match (vector, bitmask) {
                (Some(v), Some(b)) => {
                    let nodes = if v.stats.nodes == b.stats.nodes {
                        format!("the same tree: {} nodes in both", thousands(v.stats.nodes))
                    } else {
                        let [v, b] = [v, b].map(|r| thousands(r.stats.nodes));
                        format!("nodes: {v} and {b}")
                    };
                    format!(
                        "`vector` {}, `bitmask` {} (one run each); {nodes}",
                        format_seconds(v.seconds),
                        format_seconds(b.seconds),
                    )
                }
                _ => NOT_RUN.to_string(),
            };
            let verdict = vector.filter(|v| v.seconds > 0.0).map_or_else(
                || "–".to_string(),
                |v| {
                    format!(
                        "reproduced: the same work (A140450, a test), {}× faster (`vector`: \
                         today's machine and code)",
                        thousands((seconds / v.seconds).round() as u64)
                    )
                },
            );
            [
                "Pearson (1991), an 80386 at 25 MHz".to_string(),
                format!("the lexicographic first solution of n = {n} in {shown}"),
                ours,
                verdict,
            ]
        })
        .collect()
}

/// Sosič and Gu's 1990 row beside `min-conflicts` at n = 500,000.
pub(super) fn sosic_gu_1990_row(records: &[CaseRecord]) -> [String; 4] {
    let runs: Vec<&CaseRecord> = measured(records, "min-conflicts", 500_000)
        .into_iter()
        .filter(|r| r.result == "found")
        .collect();
    let ours = if runs.is_empty() {
        NOT_RUN.to_string()
    } else {
        let slowest = runs.iter().map(|r| r.seconds).fold(0.0, f64::max);
        let fastest = runs.iter().map(|r| r.seconds).fold(f64::MAX, f64::min);
        let moves = |pick: fn(u64, u64) -> u64| runs.iter().map(|r| r.stats.moves).reduce(pick);
        format!(
            "{}–{} wall time, {}–{} repair moves, over {} seeds (`min-conflicts`, start included)",
            format_seconds(fastest),
            format_seconds(slowest),
            moves(u64::min).unwrap_or(0),
            moves(u64::max).unwrap_or(0),
            runs.len()
        )
    };
    [
        "Rok Sosič and Jun Gu, *A polynomial time algorithm for the N-queens problem*, SIGART \
         Bulletin 1(3), 1990"
            .to_string(),
        "several CPU-hours for some n up to 500,000".to_string(),
        ours,
        "not the same work: theirs starts from a random permutation and tests swaps pairwise; \
         ours starts greedily and repairs the few conflicts left (its repair moves), so the \
         times do not compare"
            .to_string(),
    ]
}
