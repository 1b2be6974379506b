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
        let seed = runs
            .first()
            .and_then(|r| r.seed)
            .map_or(String::new(), |s| format!(", seed {s}"));
        if runs.len() > 3 {
            lines.push(once_sweep(id, &seed, &runs));
            continue;
        }
        for r in &runs {
            lines.push(format!(
                "`{id}`{seed} at n = {}: {} in {} (one run; {} moves, {} nodes, {} restarts, \
                 peak heap {}, {} allocations of {} in all).",
                format_size(r.n),
                once_outcome(r),
                format_seconds(r.seconds),
                format_count(r.stats.moves as f64),
                format_count(r.stats.nodes as f64),
                r.stats.restarts,
                format_bytes(r.heap_peak_bytes),
                format_count(r.allocations as f64),
                format_bytes(r.allocated_bytes)
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
    let total: f64 = runs.iter().map(|r| r.seconds).sum();
    let mut line = format!(
        "`{id}`{seed}: a validated first solution for {} of the {} sizes n = {}..={}, {} in all",
        found.len(),
        runs.len(),
        format_size(runs[0].n),
        format_size(runs[runs.len() - 1].n),
        format_seconds(total)
    );
    if let Some(r) = found.iter().max_by(|a, b| a.seconds.total_cmp(&b.seconds)) {
        let _ = write!(
            line,
            "; slowest n = {} ({}, {} nodes, {} restarts)",
            format_size(r.n),
            format_seconds(r.seconds),
            format_count(r.stats.nodes as f64),
            r.stats.restarts
        );
    }
    let failed: Vec<String> = not_found
        .iter()
        .map(|r| format!("n = {} ({})", format_size(r.n), once_outcome(r)))
        .collect();
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
