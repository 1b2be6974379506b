//! The README's tables: times with their counters, the spread over seeds, the yardstick.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use nqueens_core::{StatField, Stats};

use super::data::{Data, Success, seconds, spread, values, work_values};
use crate::group::YARDSTICK;
use crate::{CaseRecord, Family, format_bytes, format_count, format_seconds, format_size};

/// Counters the time tables leave out beside the untabulated: the strategy's own peak-memory
/// estimate, which the bench's measured heap peak supersedes.
const NOT_TABULATED: [&str; 1] = ["peak_bytes"];

/// A counter column of the time tables: its label, what it reads of a run, whether in bytes.
type Counter = (&'static str, Box<dyn Fn(&CaseRecord) -> u64>, bool);

/// Every column, in order: the [`Stats::FIELDS`] tabulated, then what the bench's allocator
/// measured (the heap peak, the allocations and the bytes allocated).
fn counters() -> Vec<Counter> {
    let fields = (Stats::FIELDS.iter()).filter(|f| f.tabulated && !NOT_TABULATED.contains(&f.name));
    let stat = |f: &'static StatField| Box::new(move |r: &CaseRecord| (f.get)(&r.stats)) as _;
    let mut all: Vec<Counter> = fields.map(|f| (f.label, stat(f), false)).collect();
    all.push(("peak heap", Box::new(|r| r.heap_peak_bytes), true));
    all.push(("allocations", Box::new(|r| r.allocations), false));
    all.push(("bytes allocated", Box::new(|r| r.allocated_bytes), true));
    all
}

/// A counter's median over the runs (one, or one per seed), formatted; `-` with no run.
fn median((_, read, bytes): &Counter, records: &[&CaseRecord]) -> String {
    if records.is_empty() {
        return "-".to_string();
    }
    let median = spread(0.0, &values(records, read)).y;
    if *bytes {
        format_bytes(median as u64)
    } else {
        format_count(median)
    }
}

/// A markdown table and the blank line after it: `head` the columns' names split by `|`,
/// `align` is `l` or `r` per column.
pub(super) fn table(
    head: &str,
    align: &str,
    rows: impl IntoIterator<Item = Vec<String>>,
) -> String {
    let dashes = |a| if a == 'r' { "--:|" } else { "---|" };
    let rule: String = align.chars().map(dashes).collect();
    let mut md = format!("| {} |\n|{rule}\n", head.replace('|', " | "));
    for row in rows {
        let _ = writeln!(md, "| {} |", row.join(" | "));
    }
    md + "\n"
}

/// The table of `group`: median time and interval per case, and the counters some case reports.
pub(super) fn time_table(data: &Data<'_>, group: &str) -> String {
    let series = data.estimates(group);
    if series.is_empty() {
        return format!("No results for `{group}` in this run.\n\n");
    }
    // Each case: its id, size, estimate and measured runs.
    let cases: Vec<_> = series
        .iter()
        .flat_map(|(id, points)| points.iter().map(move |(n, e)| (id, *n, e)))
        .map(|(id, n, e)| (id, n, e, data.records(group, id, n)))
        .collect();
    let shown =
        |counter: &Counter, runs| !["0", "0 B", "-"].contains(&median(counter, runs).as_str());
    let used: Vec<Counter> = counters()
        .into_iter()
        .filter(|counter| cases.iter().any(|case| shown(counter, &case.3)))
        .collect();
    // Rows of runs that differ (`--allow-mixed`) say which run measured them.
    let mixed = data.mixed();
    let mut head = vec!["strategy", "n", "median", "95% CI"];
    head.extend(used.iter().map(|c| c.0));
    let mut align = "lrrr".to_string() + &"r".repeat(used.len());
    if mixed {
        head.push("run");
        align.push('l');
    }
    let rows = cases.iter().map(|(id, n, estimate, records)| {
        let m = &estimate.median;
        let interval = format!("{} – {}", format_seconds(m.lower), format_seconds(m.upper));
        let (id, n, time) = (format!("`{id}`"), format_size(*n), format_seconds(m.point));
        let mut row = vec![id, n, time, interval];
        row.extend(used.iter().map(|counter| median(counter, records)));
        if mixed {
            row.push(data.run_label(records));
        }
        row
    });
    table(&head.join("|"), &align, rows)
}

/// Each randomized case over its seeds: how many solved, and their time and work, median and range.
pub(super) fn seed_table(success: &[Success<'_>]) -> String {
    let range = |values: &[f64], format: &dyn Fn(f64) -> String| {
        if values.is_empty() {
            return "-".to_string();
        }
        let p = spread(0.0, values);
        format!("{} ({} – {})", format(p.y), format(p.low), format(p.high))
    };
    let rows = success.iter().map(|case| {
        let work = work_values(&case.runs).map_or("-".to_string(), |(field, values)| {
            format!("{} {}", range(&values, &format_count), field.name)
        });
        let restarts = case.runs.iter().map(|r| r.stats.restarts).max();
        vec![
            format!("`{}`", case.id),
            format_size(case.n),
            format!("{} of {}", case.solved, case.tried),
            range(&seconds(&case.runs), &format_seconds),
            work,
            restarts.map_or("-".to_string(), |r| r.to_string()),
        ]
    });
    let head = "strategy|n|solved|time: median (min – max)|work: median (min – max)|restarts (max)";
    table(head, "lrrrrr", rows)
}

/// One program's time at one size of the yardstick (criterion's median or one run), and that
/// run's heap peak, allocations and bytes allocated (0: not measured).
pub(super) struct YardstickTime {
    pub(super) id: String,
    pub(super) seconds: f64,
    pub(super) by_criterion: bool,
    pub(super) heap: [u64; 3],
}

impl YardstickTime {
    /// Whether this is a C program, the row the others are read against.
    pub(super) fn is_c(&self) -> bool {
        self.id.ends_with(".c")
    }
}

/// Yardstick rows by n, the C program first: criterion's median, else the CSV's one run.
pub(super) fn yardstick_rows(data: &Data<'_>) -> BTreeMap<usize, Vec<YardstickTime>> {
    let mut rows: BTreeMap<usize, Vec<YardstickTime>> = BTreeMap::new();
    for (id, points) in data.estimates(YARDSTICK) {
        for (n, e) in points {
            rows.entry(n).or_default().push(YardstickTime {
                id: id.clone(),
                seconds: e.median.point,
                by_criterion: true,
                heap: [0; 3],
            });
        }
    }
    for r in data.measured(YARDSTICK) {
        let list = rows.entry(r.n).or_default();
        let heap = [r.heap_peak_bytes, r.allocations, r.allocated_bytes];
        match list.iter_mut().find(|t| t.id == r.id) {
            Some(time) => time.heap = heap,
            None => list.push(YardstickTime {
                id: r.id.clone(),
                seconds: r.seconds,
                by_criterion: false,
                heap,
            }),
        }
    }
    for list in rows.values_mut() {
        list.sort_by_key(|t| !t.is_c());
    }
    rows
}

/// The yardstick table and the peer's line; nothing when the run has no yardstick.
pub(super) fn yardstick_table(data: &Data<'_>) -> String {
    let rows = yardstick_rows(data);
    if rows.is_empty() {
        return String::new();
    }
    let mut lines = Vec::new();
    for (n, list) in &rows {
        let c = list.iter().find(|t| t.is_c());
        for time in list {
            let ratio = c.filter(|c| c.id != time.id).map_or("-".to_string(), |c| {
                let ratio = times(c.seconds / time.seconds, "faster", "slower");
                format!("{ratio} than `{}`", c.id)
            });
            let [peak, allocations, allocated] = time.heap.map(|v| Some(v).filter(|&v| v > 0));
            let by = ["one run", "criterion median"][usize::from(time.by_criterion)];
            lines.push(vec![
                n.to_string(),
                format!("`{}`", time.id),
                format_seconds(time.seconds),
                by.to_string(),
                ratio,
                peak.map_or("-".to_string(), format_bytes),
                allocations.map_or("-".to_string(), |a| format_count(a as f64)),
                allocated.map_or("-".to_string(), format_bytes),
            ]);
        }
    }
    let head = "n|program|time|timed by|against C|heap peak|allocations|bytes allocated";
    let mut md = table(head, "rlrlrrrr", lines);
    peer_lines(&mut md, &rows, &data.input.strategies);
    md
}

/// Each declared [`Peer`](nqueens_core::Peer)'s speed-ups over C beside its strategy's.
fn peer_lines(md: &mut String, rows: &BTreeMap<usize, Vec<YardstickTime>>, strategies: &[Family]) {
    let peers = (strategies.iter()).filter_map(|f| Some((f, f.tradeoffs.peer?, f.counterpart?)));
    for (family, peer, counterpart) in peers {
        let ours = counterpart.row_label(&family.name, Some(1));
        let (mut lines, mut c_id) = (Vec::new(), "");
        for &(n, peer_ratio) in peer.speedups {
            let Some(list) = rows.get(&n) else { continue };
            let c = list.iter().find(|t| t.is_c());
            let (Some(c), Some(one)) = (c, list.iter().find(|t| t.id == ours)) else {
                continue;
            };
            let ratio = c.seconds / one.seconds;
            let to_peer = c.seconds / one.seconds / peer_ratio;
            c_id = &c.id;
            lines.push(format!(
                "n = {n}: `{ours}` {ratio:.1}× faster than `{c_id}`, the peer {peer_ratio}× \
                 ({to_peer:.2}× the peer)"
            ));
        }
        if !lines.is_empty() {
            let (us, peer, lines) = (peer.ours, peer.name, lines.join("; "));
            let _ = writeln!(
                md,
                "{us}'s published peer, {peer}, measured against the same `{c_id}` on this \
                 machine type (one thread, interleaved runs, medians; not rerun here): {lines}.\n"
            );
        }
    }
}

/// `3.2× faster` (ratio ≥ 1), else the other word and the inverse; `-` if not finite positive.
pub(super) fn times(ratio: f64, above: &str, below: &str) -> String {
    if !ratio.is_finite() || ratio <= 0.0 {
        return "-".to_string();
    }
    let (ratio, word) = if ratio >= 1.0 {
        (ratio, above)
    } else {
        (1.0 / ratio, below)
    };
    let digits = if ratio >= 10.0 { 0 } else { 1 };
    format!("{ratio:.digits$}× {word}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_show_the_counters_they_always_showed() {
        let labels: Vec<&str> = counters().into_iter().map(|c| c.0).collect();
        assert_eq!(
            labels,
            [
                "nodes",
                "backtracks",
                "examined",
                "moves",
                "restarts",
                "peak heap",
                "allocations",
                "bytes allocated"
            ]
        );
        assert!(
            NOT_TABULATED
                .iter()
                .all(|name| Stats::field(name).is_some())
        );
    }

    #[test]
    fn ratios_read_as_times_faster_or_slower() {
        assert_eq!(times(4.0 / 1.0, "faster", "slower"), "4.0× faster");
        assert_eq!(times(4.0 / 5.0, "faster", "slower"), "1.2× slower");
        assert_eq!(times(42.4, "faster", "slower"), "42× faster");
        assert_eq!(times(0.0 / 5.0, "faster", "slower"), "-");
        assert_eq!(times(4.0 / 0.0, "faster", "slower"), "-");
    }
}
