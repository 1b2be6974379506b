//! The project README's generated blocks, between [`begin`] and [`end`] markers, that
//! `nqueens report` replaces: `strategies` ([`strategies_table`]), `compare`
//! ([`compare_sample`]), `tradeoffs` (the figures of the bench run the report is from) and
//! `export` (two rows of its results: [`Export::sample`](crate::export::Export::sample)).

use std::time::Duration;

use nqueens_core::{Limit, Operation, StopFlag};
use nqueens_run::Registry;

use crate::compare::{self, Job, announcement, plan, run_job};

/// The line that opens block `name`.
pub fn begin(name: &str) -> String {
    format!("<!-- nqueens report: {name} (generated; edits are lost) -->")
}

/// The line that closes block `name`.
pub fn end(name: &str) -> String {
    format!("<!-- /nqueens report: {name} -->")
}

/// The text of block `name` in `text` (between its markers, without them), if it has one.
pub fn block<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    let start = text.find(&begin(name))? + begin(name).len();
    let end = start + text[start..].find(&end(name))?;
    Some(&text[start..end])
}

/// `text` with block `name` replaced by `body` (on lines of its own between the markers), or
/// `None` when the markers are missing or out of order.
pub fn fill(text: &str, name: &str, body: &str) -> Option<String> {
    let start = text.find(&begin(name))? + begin(name).len();
    let end = start + text[start..].find(&end(name))?;
    let body = body.trim_end_matches('\n');
    Some(format!("{}\n{body}\n{}", &text[..start], &text[end..]))
}

/// A limit as the strategy table gives it: `33`, `10^9`, `–` where unsupported.
fn limit(limit: Limit) -> String {
    match limit {
        Limit::UpTo(max) if max >= 1_000_000 && 10usize.pow(max.ilog10()) == max => {
            format!("10^{}", max.ilog10())
        }
        Limit::UpTo(max) => max.to_string(),
        Limit::Unbounded => "any".to_string(),
        Limit::Unsupported(_) => "–".to_string(),
    }
}

/// The strategy table: per registered strategy, what it is, its variants, whether it is
/// complete, and its widest limits per operation.
pub fn strategies_table(registry: &Registry) -> String {
    let mut table = String::from(
        "| name | what it is | variants | complete | limits (first / list / count) |\n\
         |---|---|---|---|---|\n",
    );
    for solver in registry.iter() {
        let capabilities = solver.capabilities();
        let complete = capabilities.variants.iter().any(|v| v.complete);
        let variants: Vec<String> = capabilities
            .variant_names()
            .iter()
            .map(|v| format!("`{v}`"))
            .collect();
        let limits: Vec<String> = [Operation::First, Operation::List, Operation::Count]
            .into_iter()
            .map(|operation| limit(capabilities.widest(operation)))
            .collect();
        table.push_str(&format!(
            "| `{}` | {} | {} | {} | {} |\n",
            solver.name(),
            capabilities.summary,
            if variants.is_empty() {
                "–".to_string()
            } else {
                variants.join(", ")
            },
            if complete { "yes" } else { "no" },
            limits.join(" / ")
        ));
    }
    table
}

/// The command of the README's `compare` sample.
pub const COMPARE_SAMPLE: &str = "compare 16 --job first";

/// The README's `compare` sample: [`COMPARE_SAMPLE`] run on `registry` with the command's
/// defaults, as a `text` code block: the command, its announcement, then its table.
pub fn compare_sample(registry: &Registry, stop: &StopFlag) -> String {
    let config = compare::config(1, stop);
    let timeout = Duration::from_secs(2);
    let planned = plan(registry, &[Job::First], &[16], &config);
    let mut text = format!(
        "```text\n$ nqueens {COMPARE_SAMPLE}\n{}\n",
        announcement(&planned, timeout, 1)
    );
    for job in planned {
        text.push_str(&run_job(registry, job, &config, timeout).write(registry, &config));
    }
    text.push_str("```\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_block_between_the_markers_is_replaced() {
        let (b, e) = (begin("list"), end("list"));
        let text = format!("# Title\n\nprose\n{b}\n- old line\n{e}\nmore prose\n");
        let filled = fill(&text, "list", "- new one\n- two\n");
        assert_eq!(
            filled.as_deref(),
            Some(&*format!(
                "# Title\n\nprose\n{b}\n- new one\n- two\n{e}\nmore prose\n"
            ))
        );
        assert_eq!(block(&text, "list"), Some("\n- old line\n"));
        assert_eq!(fill("no markers", "list", ""), None);
        assert_eq!(fill(&format!("{e}\n{b}\n"), "list", ""), None);
    }

    #[test]
    fn limits_read_as_the_table_gives_them() {
        assert_eq!(limit(Limit::UpTo(33)), "33");
        assert_eq!(limit(Limit::UpTo(100_000)), "100000");
        assert_eq!(limit(Limit::UpTo(1_000_000_000)), "10^9");
        assert_eq!(limit(Limit::UpTo(2_000_000)), "2000000");
        assert_eq!(limit(Limit::UpTo(11_000_000)), "11000000");
        assert_eq!(limit(Limit::Unsupported("no")), "–");
    }
}
