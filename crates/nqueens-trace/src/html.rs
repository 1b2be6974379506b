//! The HTML player: one self-contained page (no network, no external script) that plays one
//! trace, or two side by side.
//!
//! [`write_html`] embeds every [`Frame`] of each trace as JSON (one array per step, its
//! fields named once in [`FIELDS`]) beside `player.js` and `player.css`, included at compile
//! time. The page shows the board, the counters, whether the trace was cut, and a chart of
//! conflicts (local search) or depth (tree search), driven by Play/Pause, Step, Back, Reset, a
//! speed slider and a step scrubber (and the keyboard); several traces step together, the
//! shorter holding its last frame.
//!
//! The page's ids are stable, for tests and for readers who script it: the controls are
//! `#play`, `#step`, `#back`, `#reset`, `#speed`, `#scrub` and `#step-counter`; trace `i`
//! (0 or 1) has `#board-i` (its `data-columns` is the board, one column per row, -1 for an
//! empty row; `data-step` the frame shown; `data-attacked` the attacked rows), and
//! `#frame-step-i`, `#depth-i`, `#nodes-i`, `#dead-ends-i`, `#moves-i`, `#restarts-i`,
//! `#conflicts-i`, `#found-i`, `#event-i`, `#cut-i`, `#chart-i` and its `#marker-i`.

use std::io::Write;

use nqueens_core::Event;
use serde::Serialize;

use crate::{End, Frame, Header, Trace, TraceError, frames};

/// The page's frame fields, in the order each frame's array holds them.
pub const FIELDS: [&str; 11] = [
    "board",
    "attacked",
    "depth",
    "nodes",
    "dead_ends",
    "moves",
    "restarts",
    "found",
    "subproblems_done",
    "subproblems",
    "event",
];

const TEMPLATE: &str = include_str!("player.html");
const STYLE: &str = include_str!("player.css");
const SCRIPT: &str = include_str!("player.js");

/// One frame as the page holds it, in [`FIELDS`] order: the board (-1 for an empty row), the
/// attacked rows, the depth, nodes, dead ends, moves, restarts, solutions found, subproblems
/// done and announced, and the step's event in words.
type Row<'a> = (
    Vec<i64>,
    &'a [usize],
    usize,
    u64,
    u64,
    u64,
    u64,
    u64,
    u64,
    u64,
    String,
);

#[derive(Serialize)]
struct Page<'a> {
    fields: [&'static str; 11],
    traces: Vec<PageTrace<'a>>,
}

#[derive(Serialize)]
struct PageTrace<'a> {
    header: &'a Header,
    end: &'a End,
    /// `conflicts` for a local search (a trace with moves), `depth` otherwise.
    chart: &'static str,
    frames: Vec<Row<'a>>,
}

/// The most traces one page plays side by side: two for `nqueens trace --compare`, one per
/// family of strategies in the report's page.
pub const MAX_TRACES: usize = 8;

/// Writes the HTML player of one trace, or of several side by side, to `out`, building the
/// page whole first so that a refused trace writes nothing: no trace or more than
/// [`MAX_TRACES`] ([`TraceError::Traces`]), or one beyond the picture limits ([`frames`]).
///
/// ```
/// use nqueens_core::Config;
/// let trace = nqueens_trace::record(&nqueens_backtrack::VectorSolver, 6, Config::default(), 500)?;
/// let mut page = Vec::new();
/// nqueens_trace::html::write_html(&[trace], &mut page)?;
/// assert!(page.starts_with(b"<!DOCTYPE html>"));
/// # Ok::<(), nqueens_trace::TraceError>(())
/// ```
pub fn write_html(traces: &[Trace], out: &mut dyn Write) -> Result<(), TraceError> {
    out.write_all(html(traces)?.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The HTML player of one or several traces, as [`write_html`] writes it.
pub fn html(traces: &[Trace]) -> Result<String, TraceError> {
    if traces.is_empty() || traces.len() > MAX_TRACES {
        return Err(TraceError::Traces {
            count: traces.len(),
        });
    }
    let all_frames = traces.iter().map(frames).collect::<Result<Vec<_>, _>>()?;
    let page = Page {
        fields: FIELDS,
        traces: traces
            .iter()
            .zip(&all_frames)
            .map(|(trace, frames)| page_trace(trace, frames))
            .collect(),
    };
    // Plain structs, numbers and strings: serializing cannot fail, but is not unwrapped.
    let json = serde_json::to_string(&page).map_err(std::io::Error::other)?;
    let data = escape_script(&json);
    // The template is cut at its three markers and written piece by piece, so nothing in the
    // data is ever searched for a marker.
    let mut page = String::with_capacity(TEMPLATE.len() + STYLE.len() + SCRIPT.len() + data.len());
    let mut rest = TEMPLATE;
    for (marker, content) in [
        ("/*STYLE*/", STYLE),
        ("/*DATA*/", data.as_str()),
        ("/*SCRIPT*/", SCRIPT),
    ] {
        let (before, after) = rest
            .split_once(marker)
            .expect("player.html holds each marker once, in this order");
        page.push_str(before);
        page.push_str(content);
        rest = after;
    }
    page.push_str(rest);
    Ok(page)
}

/// JSON made safe inside a `<script>` element: `<`, `>` and `&` only occur in JSON strings,
/// where their `\u` escapes read back the same, so no `</script>` or `<!--` can appear.
fn escape_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

fn page_trace<'a>(trace: &'a Trace, frames: &'a [Frame]) -> PageTrace<'a> {
    // A local search moves queens; a tree search places and removes them.
    let local =
        trace.end.stats.moves > 0 || frames.last().is_some_and(|frame| frame.stats.moves > 0);
    PageTrace {
        header: &trace.header,
        end: &trace.end,
        chart: if local { "conflicts" } else { "depth" },
        frames: frames.iter().map(row).collect(),
    }
}

fn row(frame: &Frame) -> Row<'_> {
    (
        frame
            .board
            .iter()
            .map(|c| c.map_or(-1, i64::from))
            .collect(),
        &frame.attacked,
        frame.depth,
        frame.stats.nodes,
        frame.stats.backtracks,
        frame.stats.moves,
        frame.stats.restarts,
        frame.found,
        frame.subproblems.1,
        frame.subproblems.0,
        frame.event.map(describe).unwrap_or_default(),
    )
}

/// An event in words, for the page's caption.
pub fn describe(event: Event) -> String {
    match event {
        Event::Placed { row, column } => format!("placed a queen on row {row}, column {column}"),
        Event::Removed { row, column } => {
            format!("removed the queen of row {row}, column {column}")
        }
        Event::Assigned { row, column } => format!("set row {row} to column {column}"),
        Event::Conflict { row } => format!("dead end: row {row} has no safe square"),
        Event::Swapped { first, second } => {
            format!("swapped the columns of rows {first} and {second}")
        }
        Event::Moved { row, from, to } => format!("moved row {row} from column {from} to {to}"),
        Event::Found => "solution found".into(),
        Event::Restarted => "restarted: the board is emptied".into(),
        Event::Started { subproblems } => format!("split into {subproblems} subproblems"),
        Event::SubproblemDone => "a subproblem is done".into(),
        other => format!("{other:?}"),
    }
}
