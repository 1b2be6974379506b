//! The rows of *The literature, reproduced* beside runs to a first solution or a tree profile
//! (group `literature`): seeded runs (their repair moves and times), a tree profile's total
//! nodes, and the lexicographic first solutions of every strategy that runs them, timed once.

use nqueens_core::{Claim, Figure, Measure, Runs};

use super::literature::{Reproduction, mean_interval, measured, show, shown, stated, verdict};
use crate::bench::Profile;
use crate::bench::literature::profiles_running;
use crate::format::and_list;
use crate::format::{exact_size, thousands};
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
            // Every strategy that runs them at this size (in some profile), in one row.
            let every = [Profile::Test, Profile::Quick, Profile::Full];
            let runs: Vec<(&str, Option<&CaseRecord>)> = all
                .iter()
                .filter(|o| o.experiment.runs == Runs::Lexicographic)
                .filter(|o| !profiles_running(&o.experiment.sizes, n, &every).is_empty())
                .map(|o| (o.label.as_str(), found(&o.label).first().copied()))
                .collect();
            lexicographic(&runs, *found(label).first()?, label, claim)
        }
        Runs::Seeded | Runs::Climbs { .. } => seeded(&found(label), label, claim),
        Runs::Tested { .. } => None,
    }
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

/// The lexicographic first solutions of every strategy at the claim's size (`runs`, `None`
/// where one found none), with their nodes, and how much faster `own` is than the published
/// time.
fn lexicographic(
    runs: &[(&str, Option<&CaseRecord>)],
    own: &CaseRecord,
    label: &str,
    claim: &Claim,
) -> Option<(String, String)> {
    let time =
        |run: Option<&CaseRecord>| run.map_or("not found".into(), |r| format_seconds(r.seconds));
    let times: Vec<String> = runs
        .iter()
        .map(|&(label, run)| format!("`{label}` {}", time(run)))
        .collect();
    let nodes: Vec<String> = runs
        .iter()
        .filter_map(|&(_, r)| Some(thousands(r?.stats.nodes)))
        .collect();
    let every = nodes.len() == runs.len();
    let tree = match nodes.as_slice() {
        [one, two] if every && one == two => format!("the same tree: {one} nodes in both"),
        [one, rest @ ..] if every && rest.iter().all(|r| r == one) => {
            format!("the same tree: {one} nodes in all")
        }
        _ => format!("nodes: {}", and_list(&nodes)),
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
        // A seeded run's one measure, its repair moves (a climb's are not per run).
        Figure::Mean {
            of: of @ Measure::Repairs,
            ..
        } => {
            let moves: Vec<f64> = runs.iter().map(|r| r.stats.moves as f64).collect();
            let mean = mean_interval(&moves);
            let (scale, digits, unit) = shown(of);
            let (ours, n) = (show(&mean, scale, digits), exact_size(claim.n));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CaseStatus;
    use crate::group::LITERATURE;

    /// No other strategy's run, or none found: a row all the same, no panic.
    #[test]
    fn a_row_of_first_solutions_stands_without_the_others() {
        let own = CaseRecord::new(LITERATURE, "own", "own", 8, CaseStatus::Measured);
        let claim = Claim {
            source: "",
            claim: "",
            n: 8,
            figure: Figure::Beside { verdict: "beside" },
        };
        for runs in [vec![], vec![("other", None)]] {
            let (ours, verdict) = lexicographic(&runs, &own, "own", &claim).unwrap();
            assert!(ours.contains("nodes: "), "{ours}");
            assert_eq!(verdict, "beside");
        }
    }
}
