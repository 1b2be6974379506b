//! The rows of *The literature, reproduced* beside runs to a first solution or a tree profile
//! (group `literature`): seeded runs (their repair moves and times), a tree profile's total
//! nodes, and the lexicographic first solutions of every strategy that runs them, timed once.

use nqueens_core::{Claim, Figure, Runs};

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
    let label = &reproduction.label;
    let ran = measured(records, label, claim.n);
    let found = |label: &str| {
        measured(records, label, claim.n)
            .into_iter()
            .find(|r| r.result == "found")
    };
    match reproduction.experiment.runs {
        Runs::TreeProfile => {
            let run = ran.first()?;
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
            Some((
                format!("{ours} in {time} (`{label}`, one run)"),
                verdict.to_string(),
            ))
        }
        Runs::Lexicographic => {
            // Every strategy that runs them at this size, in one row.
            let runs: Vec<(&str, &CaseRecord)> = all
                .iter()
                .filter(|o| o.experiment.runs == Runs::Lexicographic)
                .filter(|o| {
                    [
                        o.experiment.sizes.test,
                        o.experiment.sizes.quick,
                        o.experiment.sizes.full,
                    ]
                    .concat()
                    .contains(&claim.n)
                })
                .map(|o| Some((o.label.as_str(), found(&o.label)?)))
                .collect::<Option<_>>()?;
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
            let own = found(label)?;
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
        Runs::Seeded | Runs::Climbs { .. } => {
            let runs: Vec<&CaseRecord> = ran.into_iter().filter(|r| r.result == "found").collect();
            let k = runs.len();
            let slowest = runs.iter().map(|r| r.seconds).reduce(f64::max)?;
            let fastest = runs.iter().map(|r| r.seconds).fold(f64::MAX, f64::min);
            Some(match claim.figure {
                Figure::Mean { of, .. } => {
                    let moves: Vec<f64> = runs.iter().map(|r| r.stats.moves as f64).collect();
                    let ours = mean_interval(&moves);
                    let (scale, digits, unit) = shown(of);
                    let n = size(claim.n);
                    (
                        format!(
                            "{} {unit}, mean over {k} seeds (`{label}`, n = {n})",
                            show(&ours, scale, digits)
                        ),
                        verdict(&claim.figure, &ours),
                    )
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
                    let moves = |pick: fn(u64, u64) -> u64| {
                        runs.iter().map(|r| r.stats.moves).reduce(pick).unwrap_or(0)
                    };
                    (
                        format!(
                            "{}–{} wall time, {}–{} repair moves, over {k} seeds (`{label}`, start included)",
                            format_seconds(fastest),
                            format_seconds(slowest),
                            moves(u64::min),
                            moves(u64::max),
                        ),
                        stated(figure).to_string(),
                    )
                }
            })
        }
    }
}

/// A board size: `10^6` for a power of ten from a million, else with its thousands marked.
fn size(n: usize) -> String {
    let power = n.max(1).ilog10();
    match 10usize.pow(power) == n && power >= 6 {
        true => format!("10^{power}"),
        false => thousands(n as u64),
    }
}
