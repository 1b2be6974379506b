//! The rows of *The literature, reproduced* beside runs to a first solution or a tree profile
//! (group `literature`): seeded runs (their repair moves and times), a tree profile's total
//! nodes, and the lexicographic first solutions of every strategy that runs them, timed once.

use nqueens_core::{Claim, Figure, Runs, Sizes};

use super::literature::{
    Reproduction, and_list, mean_interval, measured, show, shown, stated, verdict,
};
use super::readme::thousands;
use crate::{CaseRecord, format_seconds};

/// Ours and the verdict for `claim` of `reproduction`, from its runs at the claim's size;
/// `None` when none ran.
pub(super) fn ours(
    records: &[CaseRecord],
    all: &[Reproduction],
    reproduction: &Reproduction,
    claim: &Claim,
) -> Option<(String, String)> {
    let (label, n) = (&reproduction.label, claim.n);
    let found = |label: &str| -> Vec<&CaseRecord> {
        let runs = measured(records, label, n).into_iter();
        runs.filter(|r| r.result == "found").collect()
    };
    match reproduction.experiment.runs {
        Runs::TreeProfile => tree_profile(measured(records, label, n).first()?, label, claim),
        Runs::Lexicographic => {
            // Every strategy that runs them at this size, in one row.
            let others = all
                .iter()
                .filter(|o| o.experiment.runs == Runs::Lexicographic);
            let runs: Vec<(&str, &CaseRecord)> = others
                .filter(|o| declares(&o.experiment.sizes, n))
                .map(|o| Some((o.label.as_str(), *found(&o.label).first()?)))
                .collect::<Option<_>>()?;
            lexicographic(&runs, *found(label).first()?, label, claim)
        }
        Runs::Seeded | Runs::Climbs { .. } => seeded(&found(label), label, claim),
    }
}

/// Whether `sizes` has `n` in any profile.
fn declares(sizes: &Sizes, n: usize) -> bool {
    [sizes.test, sizes.quick, sizes.full]
        .iter()
        .any(|s| s.contains(&n))
}

/// A tree profile's total beside the published one.
fn tree_profile(run: &CaseRecord, label: &str, claim: &Claim) -> Option<(String, String)> {
    let total = run.result.parse::<u64>().ok();
    let ours = match total {
        Some(total) => format!("{} nodes", thousands(total)),
        None => format!("the walk ended: {}", run.result),
    };
    let verdict = match claim.figure {
        Figure::Exact { value, holds } if total == Some(value) => holds,
        Figure::Exact { .. } => "differs",
        figure => stated(figure),
    };
    let time = format_seconds(run.seconds);
    let ours = format!("{ours} in {time} (`{label}`, one run)");
    Some((ours, verdict.to_string()))
}

/// The lexicographic first solutions of every strategy at the claim's size (`runs`), with their
/// nodes, and how much faster `own` is than the published time.
fn lexicographic(
    runs: &[(&str, &CaseRecord)],
    own: &CaseRecord,
    label: &str,
    claim: &Claim,
) -> Option<(String, String)> {
    let times: Vec<String> = runs
        .iter()
        .map(|(label, run)| format!("`{label}` {}", format_seconds(run.seconds)))
        .collect();
    let nodes: Vec<String> = runs.iter().map(|(_, r)| thousands(r.stats.nodes)).collect();
    let tree = match nodes.windows(2).all(|w| w[0] == w[1]) {
        true if nodes.len() == 2 => format!("the same tree: {} nodes in both", nodes[0]),
        true => format!("the same tree: {} nodes in all", nodes[0]),
        false => format!("nodes: {}", and_list(&nodes)),
    };
    let verdict = match claim.figure {
        Figure::Faster { seconds, verdict } if own.seconds > 0.0 => format!(
            "{verdict}, {}× faster (`{label}`: today's machine and code)",
            thousands((seconds / own.seconds).round() as u64)
        ),
        figure => stated(figure).to_string(),
    };
    Some((
        format!("{} (one run each); {tree}", times.join(", ")),
        verdict,
    ))
}

/// The seeded runs that found a solution: the mean of their repair moves, their times, or both
/// ranges, as the claim's figure asks.
fn seeded(runs: &[&CaseRecord], label: &str, claim: &Claim) -> Option<(String, String)> {
    let k = runs.len();
    let slowest = runs.iter().map(|r| r.seconds).reduce(f64::max)?;
    let fastest = runs.iter().map(|r| r.seconds).fold(f64::MAX, f64::min);
    Some(match claim.figure {
        Figure::Mean { of, .. } => {
            let moves: Vec<f64> = runs.iter().map(|r| r.stats.moves as f64).collect();
            let mean = mean_interval(&moves);
            let (scale, digits, unit) = shown(of);
            let (ours, n) = (show(&mean, scale, digits), size(claim.n));
            let row = format!("{ours} {unit}, mean over {k} seeds (`{label}`, n = {n})");
            (row, verdict(&claim.figure, &mean))
        }
        Figure::Within {
            seconds,
            holds,
            differs,
        } => (
            format!(
                "{fastest:.1}–{slowest:.1} s wall time over {k} seeds (`{label}`, start included)"
            ),
            if slowest < seconds { holds } else { differs }.to_string(),
        ),
        figure => {
            let moves = |pick: fn(u64, u64) -> u64| runs.iter().map(|r| r.stats.moves).reduce(pick);
            let (fewest, most) = (moves(u64::min)?, moves(u64::max)?);
            let (fastest, slowest) = (format_seconds(fastest), format_seconds(slowest));
            let row = format!(
                "{fastest}–{slowest} wall time, {fewest}–{most} repair moves, over {k} seeds \
                 (`{label}`, start included)"
            );
            (row, stated(figure).to_string())
        }
    })
}

/// A board size: `10^6` for a power of ten from a million, else with its thousands marked.
fn size(n: usize) -> String {
    let power = n.max(1).ilog10();
    match 10usize.pow(power) == n && power >= 6 {
        true => format!("10^{power}"),
        false => thousands(n as u64),
    }
}
