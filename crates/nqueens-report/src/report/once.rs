//! The section *Timed once*: the `once` group's goals, too slow or too many for criterion's
//! samples, one line per label.

use std::fmt::Write as _;

use super::data::{Data, grouped};
use crate::group::ONCE;
use crate::{CaseRecord, CaseStatus, format_bytes, format_count, format_seconds, format_size};

/// One line per `once` label: a sweep in a sentence, single runs with their numbers.
pub(super) fn once_lines(data: &Data<'_>) -> Vec<String> {
    let mut lines = Vec::new();
    for (id, mut runs) in grouped(data.records.iter().filter(|r| r.group == ONCE), |r| &r.id) {
        runs.sort_by_key(|r| r.n);
        let seed = runs.first().and_then(|r| r.seed);
        let seed = seed.map_or(String::new(), |s| format!(", seed {s}"));
        if runs.len() > 3 {
            lines.push(once_sweep(id, &seed, &runs));
            continue;
        }
        for r in &runs {
            let (n, outcome, took) = (format_size(r.n), once_outcome(r), format_seconds(r.seconds));
            let [moves, nodes, allocations] =
                [r.stats.moves, r.stats.nodes, r.allocations].map(|v| format_count(v as f64));
            let [heap, allocated] = [r.heap_peak_bytes, r.allocated_bytes].map(format_bytes);
            let restarts = r.stats.restarts;
            lines.push(format!(
                "`{id}`{seed} at n = {n}: {outcome} in {took} (one run; {moves} moves, {nodes} \
                 nodes, {restarts} restarts, peak heap {heap}, {allocations} allocations of \
                 {allocated} in all)."
            ));
        }
    }
    lines
}

/// A sweep over many sizes: how many found, the time in all, the slowest, those not found.
fn once_sweep(id: &str, seed: &str, runs: &[&CaseRecord]) -> String {
    let (found, not_found): (Vec<&CaseRecord>, Vec<&CaseRecord>) = runs
        .iter()
        .partition(|r| r.status == CaseStatus::Measured && r.result == "found");
    let total = format_seconds(runs.iter().map(|r| r.seconds).sum());
    let [from, to] = [runs[0].n, runs[runs.len() - 1].n].map(format_size);
    let (solved, sizes) = (found.len(), runs.len());
    let mut line = format!(
        "`{id}`{seed}: a validated first solution for {solved} of the {sizes} sizes n = \
         {from}..={to}, {total} in all"
    );
    if let Some(r) = found.iter().max_by(|a, b| a.seconds.total_cmp(&b.seconds)) {
        let (n, took, restarts) = (
            format_size(r.n),
            format_seconds(r.seconds),
            r.stats.restarts,
        );
        let nodes = format_count(r.stats.nodes as f64);
        let _ = write!(
            line,
            "; slowest n = {n} ({took}, {nodes} nodes, {restarts} restarts)"
        );
    }
    let failure = |r: &&CaseRecord| format!("n = {} ({})", format_size(r.n), once_outcome(r));
    let failed: Vec<String> = not_found.iter().map(failure).collect();
    if !failed.is_empty() {
        let _ = write!(line, "; not found: {}", failed.join(", "));
    }
    format!("{line}.")
}

/// What a `once` run ended with, in words.
fn once_outcome(r: &CaseRecord) -> String {
    match r.status {
        CaseStatus::Measured if r.result == "found" => "found and validated".to_string(),
        CaseStatus::Measured => r.result.clone(),
        CaseStatus::OverBudget => "timeout (over its time budget)".to_string(),
        CaseStatus::Skipped => "skipped".to_string(),
        CaseStatus::Error => format!("error: {}", r.note),
    }
}
