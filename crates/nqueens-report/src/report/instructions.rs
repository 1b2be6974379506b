//! The instruction counts of the kernels (the bench's `instructions` group, counted by
//! callgrind), beside criterion's time of the same case: a steady signal where wall times
//! wander.

use super::data::Data;
use crate::group::{COUNT_ALL, FIRST_SOLUTION, INSTRUCTIONS};
use crate::{CaseRecord, format_count, format_seconds, format_size};

/// The operation a kernel row counted (`count` or `first`), from its note.
fn operation(record: &CaseRecord) -> &str {
    record.note.split(':').next().unwrap_or("")
}

/// The table of the kernels' instruction counts; nothing when the run counted none.
pub(super) fn table(data: &Data<'_>) -> Option<String> {
    let rows: Vec<Vec<String>> = data
        .measured(INSTRUCTIONS)
        .map(|r| {
            // The criterion time of the same case.
            let timed = if operation(r) == "count" {
                COUNT_ALL
            } else {
                FIRST_SOLUTION
            };
            let time = data.median(timed, &r.id, r.n);
            vec![
                format!("`{}`", r.id),
                operation(r).to_string(),
                format_size(r.n),
                format_count(r.instructions as f64),
                time.map_or("-".to_string(), format_seconds),
            ]
        })
        .collect();
    let head = "strategy|operation|n|instructions|median time";
    (!rows.is_empty()).then(|| super::tables::table(head, "llrrr", rows))
}
