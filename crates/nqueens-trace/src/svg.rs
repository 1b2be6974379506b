//! The animated SVG: the search played on a chessboard by SMIL animation, with no script, so
//! it plays in a browser, in a README on a forge, or in an `<img>`.
//!
//! Each stretch of frames over which a row keeps the same queen (and colour) is one element
//! with its attack lines, and each frame adds a caption, so the file grows with the steps; a
//! hidden clock restarts the animation when it ends.

use std::fmt::Write as _;
use std::io::{self, Write};

use crate::{Frame, Trace, caption};

/// How fast a picture plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Milliseconds per step.
    pub frame_ms: u32,
    /// Milliseconds the last frame stays before the animation starts over.
    pub hold_ms: u32,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            frame_ms: 150,
            hold_ms: 2_000,
        }
    }
}

/// A square's side in pixels: at least 12, boards of about 480 (SVG and GIF alike).
pub(crate) fn square_size(n: usize) -> usize {
    (480 / n.max(1)).max(12)
}

/// Colours shared by the SVG and the GIF.
pub(crate) const LIGHT: [u8; 3] = [0xf0, 0xd9, 0xb5];
pub(crate) const DARK: [u8; 3] = [0xb5, 0x88, 0x63];
pub(crate) const QUEEN: [u8; 3] = [0x1f, 0x1f, 0x1f];
pub(crate) const ATTACKED_QUEEN: [u8; 3] = [0xd0, 0x1c, 0x1c];
pub(crate) const SHADE: [u8; 3] = [0x3b, 0x6e, 0xc4];

fn hex(rgb: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

/// A stretch of frames `[first, end)` over which `row` holds a queen in `column`, attacked or
/// not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stretch {
    row: usize,
    column: u32,
    attacked: bool,
    first: usize,
    end: usize,
}

/// Each row's stretches, in frame order.
fn stretches(frames: &[Frame]) -> Vec<Stretch> {
    let n = frames.first().map_or(0, |f| f.board.len());
    let mut open: Vec<Option<Stretch>> = vec![None; n];
    let mut done = Vec::new();
    for (index, frame) in frames.iter().enumerate() {
        for (row, slot) in open.iter_mut().enumerate() {
            let now = frame.board[row].map(|column| (column, frame.attacked.contains(&row)));
            if slot.map(|s| (s.column, s.attacked)) == now {
                continue;
            }
            if let Some(mut stretch) = slot.take() {
                stretch.end = index;
                done.push(stretch);
            }
            *slot = now.map(|(column, attacked)| Stretch {
                row,
                column,
                attacked,
                first: index,
                end: index,
            });
        }
    }
    done.extend(open.into_iter().flatten().map(|mut s| {
        s.end = frames.len();
        s
    }));
    done.sort_by_key(|s| (s.first, s.row));
    done
}

/// Writes `trace` (drawn as `frames`, from [`frames`](crate::frames)) as an animated SVG.
///
/// ```
/// # use nqueens_trace::{End, Header, Trace, frames, svg};
/// # use nqueens_core::{Ended, Event, Operation, Stats};
/// let events = vec![Event::Placed { row: 0, column: 1 }, Event::Placed { row: 1, column: 3 }];
/// let trace = Trace {
///     header: Header { trace: "nqueens-trace".into(), version: 1, n: 4, strategy: "example".into(),
///         variant: None, operation: Operation::First, seed: None, given: vec![], max_steps: 10 },
///     end: End { end: Ended::Interrupted, cut: true, steps: 2, solution: None, total: None,
///         stats: Stats { nodes: 2, ..Stats::default() } },
///     events,
/// };
/// let mut out = Vec::new();
/// svg::write_svg(&trace, &frames(&trace)?, svg::Timing::default(), &mut out)?;
/// let text = String::from_utf8(out)?;
/// assert!(text.starts_with("<svg") && text.contains("step 2/2"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_svg(
    trace: &Trace,
    frames: &[Frame],
    timing: Timing,
    out: &mut dyn Write,
) -> io::Result<()> {
    let n = trace.header.n;
    let square = square_size(n);
    let side = square * n;
    let caption_height = 44;
    let height = side + caption_height;
    let frame_s = f64::from(timing.frame_ms) / 1000.0;
    let total = frame_s * frames.len() as f64 + f64::from(timing.hold_ms) / 1000.0;
    // Start and length (seconds) of the stretch of frames [first, end); the last frame holds.
    let span = |first: usize, end: usize| {
        let start = frame_s * first as f64;
        let stop = if end >= frames.len() {
            total
        } else {
            frame_s * end as f64
        };
        (start, stop - start)
    };
    let mut svg = String::with_capacity(256 * frames.len() + 4096);
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{side}" height="{height}" viewBox="0 0 {side} {height}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="13">
<title>{title}</title>
<defs>
<pattern id="checker" width="{two}" height="{two}" patternUnits="userSpaceOnUse"><rect width="{two}" height="{two}" fill="{light}"/><rect x="{square}" width="{square}" height="{square}" fill="{dark}"/><rect y="{square}" width="{square}" height="{square}" fill="{dark}"/></pattern>
<symbol id="queen" viewBox="0 0 100 100"><path d="M14 78 L86 78 L92 30 L70 52 L50 14 L30 52 L8 30 Z M14 84 H86 V94 H14 Z" stroke="#ffffff" stroke-width="5" stroke-linejoin="round"/></symbol>
</defs>
<rect width="{side}" height="{height}" fill="#ffffff"/>
<rect width="{side}" height="{side}" fill="url(#checker)"/>
<rect width="0" height="0"><animate id="clock" attributeName="width" from="0" to="0" begin="0s;clock.end" dur="{total:.3}s"/></rect>
"##,
        title = escape(&title(trace)),
        two = 2 * square,
        light = hex(LIGHT),
        dark = hex(DARK),
    );
    let all = stretches(frames);
    let show = |svg: &mut String, first: usize, end: usize| {
        let (begin, duration) = span(first, end);
        let _ = write!(
            svg,
            r#"<set attributeName="visibility" to="visible" begin="clock.begin+{begin:.3}s" dur="{duration:.3}s"/>"#
        );
    };
    // The squares each queen attacks, as translucent bands along its row, column and
    // diagonals, under every queen.
    let _ = writeln!(
        svg,
        r#"<g stroke="{}" stroke-opacity="0.16" stroke-width="{}" fill="none">"#,
        hex(SHADE),
        square as f64 * 0.4
    );
    for stretch in &all {
        let _ = write!(
            svg,
            r#"<path visibility="hidden" d="{}">"#,
            attack_lines(n, square, stretch.row, stretch.column as usize)
        );
        show(&mut svg, stretch.first, stretch.end);
        svg.push_str("</path>\n");
    }
    svg.push_str("</g>\n");
    for stretch in &all {
        let colour = if stretch.attacked {
            ATTACKED_QUEEN
        } else {
            QUEEN
        };
        let inset = square as f64 * 0.12;
        let _ = write!(
            svg,
            r##"<use xlink:href="#queen" href="#queen" visibility="hidden" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{}">"##,
            (stretch.column as usize * square) as f64 + inset,
            (stretch.row * square) as f64 + inset,
            square as f64 - 2.0 * inset,
            square as f64 - 2.0 * inset,
            hex(colour)
        );
        show(&mut svg, stretch.first, stretch.end);
        svg.push_str("</use>\n");
    }
    let _ = writeln!(
        svg,
        r##"<text x="6" y="{}" fill="#333333">{}</text>"##,
        side + 17,
        escape(&title(trace))
    );
    for (index, frame) in frames.iter().enumerate() {
        let _ = write!(
            svg,
            r##"<text class="caption" x="6" y="{}" fill="#111111" visibility="hidden">{}"##,
            side + 36,
            escape(&caption(trace, frame))
        );
        show(&mut svg, index, index + 1);
        svg.push_str("</text>\n");
    }
    svg.push_str("</svg>\n");
    out.write_all(svg.as_bytes())?;
    out.flush()
}

/// The line over the caption: strategy, variant, size, seed, and the cut if there was one.
pub(crate) fn title(trace: &Trace) -> String {
    let header = &trace.header;
    let mut title = header.strategy.clone();
    if let Some(variant) = &header.variant {
        let _ = write!(title, " ({variant})");
    }
    let _ = write!(title, ", n = {}", header.n);
    if let Some(seed) = header.seed {
        let _ = write!(title, ", seed {seed}");
    }
    if !header.given.is_empty() {
        let _ = write!(title, ", {} given", header.given.len());
    }
    if trace.end.cut {
        let _ = write!(title, ": cut at {} steps", trace.end.steps);
    } else {
        let _ = write!(title, ": {}", trace.end.end.label());
    }
    title
}

/// The path of the bands along the row, column and diagonals of a queen on (`row`, `column`).
fn attack_lines(n: usize, square: usize, row: usize, column: usize) -> String {
    let side = n * square;
    let centre = |i: usize| i * square + square / 2;
    let (x, y) = (centre(column), centre(row));
    let mut d = format!("M0 {y}H{side}M{x} 0V{side}");
    // A diagonal through the queen runs between the board's edges; its ends are the squares
    // where it leaves the board. With the columns mirrored, the rising one is a falling one.
    for mirrored in [false, true] {
        let flip = |c: usize| if mirrored { n - 1 - c } else { c };
        let (down, up) = (
            row.min(flip(column)),
            (n - 1 - row).min(n - 1 - flip(column)),
        );
        let (from, to) = (flip(flip(column) - down), flip(flip(column) + up));
        let (top, bottom) = (centre(row - down), centre(row + up));
        let _ = write!(d, "M{} {top}L{} {bottom}", centre(from), centre(to));
    }
    d
}

/// `text` with the characters XML gives meaning to escaped.
pub(crate) fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            _ => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(board: Vec<Option<u32>>, attacked: Vec<usize>) -> Frame {
        Frame {
            step: 0,
            event: None,
            depth: board.iter().flatten().count(),
            board,
            attacked,
            stats: Default::default(),
            found: 0,
            subproblems: (0, 0),
        }
    }

    #[test]
    fn stretches_follow_each_row() {
        let frames = [
            frame(vec![None, None], vec![]),
            frame(vec![Some(0), None], vec![]),
            frame(vec![Some(0), Some(1)], vec![0, 1]),
            frame(vec![Some(0), None], vec![]),
        ];
        let all = stretches(&frames);
        let simple: Vec<_> = all
            .iter()
            .map(|s| (s.row, s.column, s.attacked, s.first, s.end))
            .collect();
        assert_eq!(
            simple,
            [
                (0, 0, false, 1, 2),
                (0, 0, true, 2, 3),
                (1, 1, true, 2, 3),
                (0, 0, false, 3, 4)
            ]
        );
    }
}
