//! The instruction counts of the kernels (the bench's `instructions` group, counted by
//! callgrind), beside criterion's time of the same case: a steady signal where wall times
//! wander.

use std::fmt::Write as _;

use super::data::Data;
use crate::group::{COUNT_ALL, FIRST_SOLUTION, INSTRUCTIONS};
use crate::{CaseRecord, CaseStatus, StatsFile, format_count, format_seconds, format_size};

/// The operation a kernel row counted (`count` or `first`), from its note.
fn operation(record: &CaseRecord) -> &str {
    record.note.split(':').next().unwrap_or("")
}

/// The group whose criterion time matches a kernel row.
fn timed_group(record: &CaseRecord) -> &'static str {
    if operation(record) == "count" {
        COUNT_ALL
    } else {
        FIRST_SOLUTION
    }
}

/// The section, when the run counted instructions.
pub(super) fn section(md: &mut String, data: &Data<'_>) {
    let rows: Vec<&CaseRecord> = data.measured(INSTRUCTIONS).collect();
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(md, "## Instructions\n");
    let _ = writeln!(
        md,
        "Instructions executed by each kernel (one call of `count` or `first` through the \
         `Solver` entry point, one thread, seed 1), counted by callgrind: the same build on the \
         same input gives the same count however loaded the machine is, so a change of a few \
         percent shows here before it shows in the times. Beside it, criterion's median time of \
         the same case where this run timed it.\n"
    );
    let _ = writeln!(
        md,
        "| strategy | operation | n | instructions | median time |\n|---|---|--:|--:|--:|"
    );
    for r in rows {
        let time = data
            .estimates(timed_group(r))
            .into_iter()
            .find(|(id, _)| *id == r.id)
            .and_then(|(_, points)| points.into_iter().find(|(n, _)| *n == r.n))
            .map_or("-".to_string(), |(_, e)| format_seconds(e.median.point));
        let _ = writeln!(
            md,
            "| `{}` | {} | {} | {} | {time} |",
            r.id,
            operation(r),
            format_size(r.n),
            format_count(r.instructions as f64),
        );
    }
    md.push('\n');
}

/// Kernels counted in both runs whose count moved, as `(label, operation, n, before, after)`;
/// instruction counts are exact, so any change of more than 0.1% is real.
fn changed<'a>(data: &Data<'a>, baseline: &'a StatsFile) -> Vec<(&'a CaseRecord, u64, u64)> {
    let mut out = Vec::new();
    for after in data.measured(INSTRUCTIONS) {
        let before = baseline.records.iter().find(|b| {
            b.group == INSTRUCTIONS
                && b.status == CaseStatus::Measured
                && b.id == after.id
                && b.n == after.n
                && operation(b) == operation(after)
        });
        if let Some(before) = before
            && before.instructions > 0
        {
            let ratio = after.instructions as f64 / before.instructions as f64;
            if (ratio - 1.0).abs() > 1e-3 {
                out.push((after, before.instructions, after.instructions));
            }
        }
    }
    out
}

/// One line per changed kernel.
pub(super) fn change_lines(data: &Data<'_>, baseline: &StatsFile) -> Vec<String> {
    changed(data, baseline)
        .into_iter()
        .map(|(r, before, after)| {
            format!(
                "Instructions against the baseline: `{}` {} at n = {}: {} → {} (×{:.3})",
                r.id,
                operation(r),
                format_size(r.n),
                format_count(before as f64),
                format_count(after as f64),
                after as f64 / before as f64
            )
        })
        .collect()
}
