//! The animated GIF: the same frames as the SVG, for slides and READMEs that take no SVG.
//!
//! Frames are drawn straight into palette indices (a handful of fixed colours, so nothing is
//! quantized), and each frame after the first stores only the rectangle that changed, so a
//! step that moves one queen costs a few hundred bytes. The caption's glyphs are rasterized once
//! from DejaVu Sans (compiled in: no system fonts needed).

use std::collections::HashMap;
use std::io::{self, Write};

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};

use crate::svg::{ATTACKED_QUEEN, DARK, LIGHT, QUEEN, SHADE, Timing, square_size, title};
use crate::{Frame, Trace, caption};

/// Palette indices.
const WHITE: u8 = 0;
const LIGHT_SQUARE: u8 = 1;
const DARK_SQUARE: u8 = 2;
const LIGHT_SHADED: u8 = 3;
const DARK_SHADED: u8 = 4;
const QUEEN_INK: u8 = 5;
const ATTACKED_INK: u8 = 6;
const TEXT: u8 = 7;

/// `colour` seen through the attack shading (a quarter of the shade over it).
fn shaded(colour: [u8; 3]) -> [u8; 3] {
    let mix = |a: u8, b: u8| ((u16::from(a) * 3 + u16::from(b)) / 4) as u8;
    std::array::from_fn(|i| mix(colour[i], SHADE[i]))
}

fn palette() -> Vec<u8> {
    [
        [0xff, 0xff, 0xff],
        LIGHT,
        DARK,
        shaded(LIGHT),
        shaded(DARK),
        QUEEN,
        ATTACKED_QUEEN,
        [0x11, 0x11, 0x11],
    ]
    .concat()
}

const CAPTION_HEIGHT: usize = 44;
const TEXT_PX: f32 = 13.0;

/// An indexed picture and the glyphs to write on it.
struct Canvas {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
    font: FontRef<'static>,
    /// Each character's coverage mask (`width`, `height`, left and top offsets, advance).
    glyphs: HashMap<char, Glyph>,
}

#[derive(Default)]
struct Glyph {
    width: usize,
    height: usize,
    left: i32,
    top: i32,
    advance: f32,
    ink: Vec<bool>,
}

impl Canvas {
    fn fill(&mut self, x: usize, y: usize, w: usize, h: usize, colour: u8) {
        for row in y..(y + h).min(self.height) {
            let start = row * self.width + x.min(self.width);
            let end = row * self.width + (x + w).min(self.width);
            self.pixels[start..end].fill(colour);
        }
    }

    fn glyph<'g>(font: &FontRef<'_>, glyphs: &'g mut HashMap<char, Glyph>, c: char) -> &'g Glyph {
        glyphs.entry(c).or_insert_with(|| {
            let scaled = font.as_scaled(PxScale::from(TEXT_PX));
            let id = font.glyph_id(c);
            let advance = scaled.h_advance(id);
            let glyph =
                id.with_scale_and_position(PxScale::from(TEXT_PX), ab_glyph::point(0.0, 0.0));
            match font.outline_glyph(glyph) {
                Some(outline) => {
                    let bounds = outline.px_bounds();
                    let (width, height) = (bounds.width() as usize, bounds.height() as usize);
                    let mut ink = vec![false; width * height];
                    outline.draw(|x, y, coverage| {
                        if let Some(cell) = ink.get_mut(y as usize * width + x as usize) {
                            // No anti-aliasing in a fixed palette: a pixel is ink or not.
                            *cell = coverage > 0.45;
                        }
                    });
                    Glyph {
                        width,
                        height,
                        left: bounds.min.x as i32,
                        top: bounds.min.y as i32,
                        advance,
                        ink,
                    }
                }
                None => Glyph {
                    advance,
                    ..Glyph::default()
                },
            }
        })
    }

    /// Writes `text` with its baseline at `baseline`, from `x`, clipped to the canvas.
    fn text(&mut self, text: &str, x: usize, baseline: usize) {
        let mut pen = x as f32;
        for c in text.chars() {
            let g = Canvas::glyph(&self.font, &mut self.glyphs, c);
            for gy in 0..g.height {
                for gx in 0..g.width {
                    if !g.ink[gy * g.width + gx] {
                        continue;
                    }
                    let px = pen as i32 + g.left + gx as i32;
                    let py = baseline as i32 + g.top + gy as i32;
                    if px >= 0
                        && py >= 0
                        && (px as usize) < self.width
                        && (py as usize) < self.height
                    {
                        self.pixels[py as usize * self.width + px as usize] = TEXT;
                    }
                }
            }
            pen += g.advance;
        }
    }

    /// A queen: a filled disc in `ink` on the square at (`x`, `y`) of side `square`.
    fn queen(&mut self, x: usize, y: usize, square: usize, ink: u8) {
        let radius = square as f32 * 0.34;
        let centre = square as f32 / 2.0 - 0.5;
        for dy in 0..square {
            for dx in 0..square {
                let (fx, fy) = (dx as f32 - centre, dy as f32 - centre);
                if fx * fx + fy * fy <= radius * radius {
                    self.pixels[(y + dy) * self.width + x + dx] = ink;
                }
            }
        }
    }
}

/// Draws one frame.
fn draw(canvas: &mut Canvas, trace: &Trace, frame: &Frame, heading: &str) {
    let n = trace.header.n;
    let square = square_size(n);
    let queens = || {
        let board = frame.board.iter().enumerate();
        board.filter_map(|(row, c)| c.map(|c| (row, c as usize)))
    };
    // A square is attacked when a queen shares its row, its column or one of its diagonals.
    let mut lines = vec![vec![false; 2 * n]; 4];
    let through = |row: usize, column: usize| [row, column, row + n - 1 - column, row + column];
    for (row, column) in queens() {
        for (line, i) in lines.iter_mut().zip(through(row, column)) {
            line[i] = true;
        }
    }
    for row in 0..n {
        for column in 0..n {
            let dark = (row + column) % 2 == 1;
            let on = through(row, column);
            let attacked = (0..4).any(|k| lines[k][on[k]]);
            let colour = match (dark, attacked) {
                (false, false) => LIGHT_SQUARE,
                (true, false) => DARK_SQUARE,
                (false, true) => LIGHT_SHADED,
                (true, true) => DARK_SHADED,
            };
            canvas.fill(column * square, row * square, square, square, colour);
        }
    }
    for (row, column) in queens() {
        let ink = if frame.attacked.contains(&row) {
            ATTACKED_INK
        } else {
            QUEEN_INK
        };
        canvas.queen(column * square, row * square, square, ink);
    }
    let side = n * square;
    canvas.fill(0, side, canvas.width, CAPTION_HEIGHT, WHITE);
    canvas.text(heading, 6, side + 17);
    canvas.text(&caption(trace, frame), 6, side + 36);
}

/// The smallest rectangle (`left`, `top`, `width`, `height`) holding every pixel that differs
/// between `before` and `after`, pictures `width` pixels wide.
fn changed(before: &[u8], after: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let mut bounds: Option<(usize, usize, usize, usize)> = None;
    for (index, (a, b)) in before.iter().zip(after).enumerate() {
        if a != b {
            let (x, y) = (index % width, index / width);
            bounds = Some(match bounds {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        }
    }
    bounds.map(|(x0, y0, x1, y1)| (x0, y0, x1 - x0 + 1, y1 - y0 + 1))
}

/// Writes `trace` (drawn as `frames`, from [`frames`](crate::frames)) as an animated GIF that
/// loops, one frame per step.
///
/// GIF delays are in hundredths of a second, so [`Timing`] is rounded to them (10 ms at
/// least).
pub fn write_gif(
    trace: &Trace,
    frames: &[Frame],
    timing: Timing,
    out: &mut dyn Write,
) -> io::Result<()> {
    let n = trace.header.n;
    let side = n * square_size(n);
    let (width, height) = (side.max(360), side + CAPTION_HEIGHT);
    let too_large = |_| io::Error::other("the picture is too large for a GIF");
    let (gif_width, gif_height) = (
        u16::try_from(width).map_err(too_large)?,
        u16::try_from(height).map_err(too_large)?,
    );
    let font = FontRef::try_from_slice(dejavu::sans::regular()).map_err(io::Error::other)?;
    let mut canvas = Canvas {
        width,
        height,
        pixels: vec![WHITE; width * height],
        font,
        glyphs: HashMap::new(),
    };
    let mut encoder =
        gif::Encoder::new(out, gif_width, gif_height, &palette()).map_err(io::Error::other)?;
    encoder
        .set_repeat(gif::Repeat::Infinite)
        .map_err(io::Error::other)?;
    let delay = |ms: u32| u16::try_from((ms / 10).max(1)).unwrap_or(u16::MAX);
    let heading = title(trace);
    let mut previous: Option<Vec<u8>> = None;
    for (index, frame) in frames.iter().enumerate() {
        draw(&mut canvas, trace, frame, &heading);
        let last = index + 1 == frames.len();
        let delay = delay(timing.frame_ms + if last { timing.hold_ms } else { 0 });
        // Only the rectangle that changed is stored; the rest of the previous frame stays.
        let (left, top, w, h) = match &previous {
            None => (0, 0, width, height),
            Some(before) => changed(before, &canvas.pixels, width).unwrap_or((0, 0, 1, 1)),
        };
        let mut buffer = Vec::with_capacity(w * h);
        for row in top..top + h {
            buffer.extend_from_slice(&canvas.pixels[row * width + left..row * width + left + w]);
        }
        let gif_frame = gif::Frame {
            left: left as u16,
            top: top as u16,
            width: w as u16,
            height: h as u16,
            delay,
            dispose: gif::DisposalMethod::Keep,
            buffer: std::borrow::Cow::Owned(buffer),
            ..gif::Frame::default()
        };
        encoder.write_frame(&gif_frame).map_err(io::Error::other)?;
        previous = Some(canvas.pixels.clone());
    }
    // Writes the trailer: the file is whole only once this returns.
    encoder.into_inner().map_err(io::Error::other)?.flush()
}
