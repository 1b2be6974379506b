//! The instruction counts of the kernels (the bench's `instructions` group, counted by
//! callgrind), beside criterion's time of the same case: a steady signal where wall times
//! wander.

use std::fmt::Write as _;

use super::data::Data;
use crate::group::{COUNT_ALL, FIRST_SOLUTION, INSTRUCTIONS};
use crate::{CaseRecord, format_count, format_seconds, format_size};

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
