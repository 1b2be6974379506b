//! A trace as pictures see it: one [`Frame`] per step, the board and counters after it.

use nqueens_core::{Event, Stats};

use crate::{Trace, TraceError};

/// The largest board drawn in pictures (SVG, GIF, HTML): beyond it a square is a few pixels
/// and the animation says nothing. JSON Lines has no such limit.
pub const PICTURE_MAX_N: usize = 32;

/// The most steps drawn in pictures: each step is a frame, and the files grow with them
/// (about 150 bytes a step in SVG, a few kilobytes in GIF, `n + 8` numbers in HTML).
pub const PICTURE_MAX_STEPS: u64 = 20_000;

/// The board and counters after one step (frame 0: before the first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Steps taken (0 for the start).
    pub step: u64,
    /// The event of that step (`None` for the start).
    pub event: Option<Event>,
    /// Each row's column, if it has a queen.
    pub board: Vec<Option<u32>>,
    /// Rows whose queen another attacks (drawn red).
    pub attacked: Vec<usize>,
    /// Queens on the board.
    pub depth: usize,
    /// The counters so far: nodes, backtracks, moves, restarts.
    pub stats: Stats,
    /// Solutions found so far.
    pub found: u64,
    /// Subproblems announced, and done (count-only strategies).
    pub subproblems: (u64, u64),
}

/// The frames of `trace`, checked against the picture limits.
pub fn frames(trace: &Trace) -> Result<Vec<Frame>, TraceError> {
    check_picture(trace.header.n, trace.events.len() as u64)?;
    let mut replay = trace.start();
    let snapshot = |replay: &nqueens_run::Replay, event| Frame {
        step: replay.steps(),
        event,
        board: replay.board().to_vec(),
        attacked: replay.attacked_rows(),
        depth: replay.depth(),
        stats: replay.stats(),
        found: replay.found(),
        subproblems: replay.subproblems(),
    };
    let mut frames = Vec::with_capacity(trace.events.len() + 1);
    frames.push(snapshot(&replay, None));
    for &event in &trace.events {
        replay.apply(event);
        frames.push(snapshot(&replay, Some(event)));
    }
    Ok(frames)
}

/// Refuses a picture of an `n × n` board over `steps` steps when either is beyond the limits.
pub fn check_picture(n: usize, steps: u64) -> Result<(), TraceError> {
    if n > PICTURE_MAX_N {
        return Err(TraceError::PictureTooLarge {
            n,
            limit: PICTURE_MAX_N,
        });
    }
    if steps > PICTURE_MAX_STEPS {
        return Err(TraceError::MaxSteps {
            max_steps: steps,
            limit: PICTURE_MAX_STEPS,
        });
    }
    Ok(())
}

/// A one-line caption of `frame` in `trace`: step, depth and the counters that moved.
pub fn caption(trace: &Trace, frame: &Frame) -> String {
    let mut parts = vec![format!("step {}/{}", frame.step, trace.events.len())];
    if trace.header.operation == nqueens_core::Operation::Count {
        let (total, done) = frame.subproblems;
        parts.push(format!("subproblems {done}/{total}"));
    } else {
        parts.push(format!("queens {}", frame.depth));
    }
    let stats = &frame.stats;
    for (label, value, always) in [
        ("nodes", stats.nodes, false),
        ("dead ends", stats.backtracks, false),
        ("moves", stats.moves, false),
        ("restarts", stats.restarts, false),
        ("conflicts", frame.attacked.len() as u64, stats.moves > 0),
    ] {
        if value > 0 || always {
            parts.push(format!("{label} {value}"));
        }
    }
    if frame.found > 0 {
        parts.push("solved".into());
    }
    parts.join(" · ")
}
