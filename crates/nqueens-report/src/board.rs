//! Chessboard pictures of one placement: light and dark squares, a queen drawn in each row.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::error::BadBoard;
use crate::{ImageFormat, ReportError};

/// The largest board drawn: beyond it a square would be under two pixels wide, and an SVG of
/// the squares alone would run to megabytes.
pub const MAX_BOARD: usize = 400;

const LIGHT: RGBColor = RGBColor(240, 217, 181);
const DARK: RGBColor = RGBColor(181, 136, 99);
const QUEEN: RGBColor = RGBColor(25, 25, 35);
const QUEEN_EDGE: RGBColor = RGBColor(250, 250, 250);

/// Draws `columns` (one 0-based column per row, row 0 at the top) as a chessboard into `path`,
/// with `caption` above it. Any placement with every column below `n` can be drawn; whether it
/// is a solution is the caller's business. The picture is drawn in memory and written with
/// [`write_atomically`](crate::write_atomically): on an error the file is left as it was.
pub fn draw_board(
    columns: &[u32],
    caption: &str,
    path: &Path,
    format: ImageFormat,
) -> Result<(), ReportError> {
    crate::register_fonts();
    let n = columns.len();
    if n == 0 {
        return Err(BadBoard::Empty.into());
    }
    if n > MAX_BOARD {
        return Err(BadBoard::TooLarge { n, max: MAX_BOARD }.into());
    }
    if let Some((row, &column)) = columns.iter().enumerate().find(|(_, c)| **c as usize >= n) {
        return Err(BadBoard::Outside { row, column, n }.into());
    }
    // Squares of a whole number of pixels keep the edges crisp in both formats.
    let cell = (640 / n).clamp(2, 80) as i32;
    let side = (cell * n as i32 + 2 * MARGIN) as u32;
    let size = (side, side + (TOP - MARGIN) as u32);
    // Drawn in memory and written whole: a failed write never leaves half a picture.
    match format {
        ImageFormat::Svg => {
            crate::files::write_svg(path, size, |root| paint(root, columns, caption, cell))
        }
        ImageFormat::Png => {
            crate::files::write_png(path, size, |root| paint(root, columns, caption, cell))
        }
    }
}

/// The board's margin on every side, and its top edge (under the caption), in pixels.
const MARGIN: i32 = 12;
const TOP: i32 = MARGIN + 40;

fn paint<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    columns: &[u32],
    caption: &str,
    cell: i32,
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    let e = |err: DrawingAreaErrorKind<DB::ErrorType>| err.to_string();
    let n = columns.len() as i32;
    root.fill(&WHITE).map_err(e)?;
    let title = Text::new(caption, (MARGIN, 14), ("sans-serif", 18).into_font());
    root.draw(&title).map_err(e)?;
    let square = |row: i32, col: i32| {
        let (x, y) = (MARGIN + col * cell, TOP + row * cell);
        [(x, y), (x + cell, y + cell)]
    };
    let board = [(MARGIN, TOP), (MARGIN + n * cell, TOP + n * cell)];
    // One light background, then only the dark squares: half the shapes in the file.
    root.draw(&Rectangle::new(board, LIGHT.filled()))
        .map_err(e)?;
    for row in 0..n {
        for col in ((row + 1) % 2..n).step_by(2) {
            root.draw(&Rectangle::new(square(row, col), DARK.filled()))
                .map_err(e)?;
        }
    }
    root.draw(&Rectangle::new(board, QUEEN.stroke_width(1)))
        .map_err(e)?;
    for (row, &col) in columns.iter().enumerate() {
        let [(x, y), _] = square(row as i32, col as i32);
        draw_queen(root, x, y, cell).map_err(e)?;
    }
    Ok(())
}

/// A crown on a base for squares large enough to show one; a dot for small squares.
fn draw_queen<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    x: i32,
    y: i32,
    cell: i32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let at = |fx: f64, fy: f64| {
        (
            x + (fx * f64::from(cell)).round() as i32,
            y + (fy * f64::from(cell)).round() as i32,
        )
    };
    if cell < 12 {
        let radius = (cell / 2 - i32::from(cell > 4)).max(1);
        return root.draw(&Circle::new(at(0.5, 0.5), radius, QUEEN.filled()));
    }
    let crown = vec![
        at(0.22, 0.78),
        at(0.14, 0.34),
        at(0.34, 0.58),
        at(0.5, 0.24),
        at(0.66, 0.58),
        at(0.86, 0.34),
        at(0.78, 0.78),
    ];
    root.draw(&Polygon::new(crown.clone(), QUEEN.filled()))?;
    let mut outline = crown;
    outline.push(at(0.22, 0.78));
    root.draw(&PathElement::new(outline, QUEEN_EDGE.stroke_width(1)))?;
    root.draw(&Rectangle::new(
        [at(0.18, 0.78), at(0.82, 0.88)],
        QUEEN.filled(),
    ))?;
    let tip = (f64::from(cell) * 0.07).round().max(2.0) as i32;
    for (fx, fy) in [(0.14, 0.31), (0.5, 0.21), (0.86, 0.31)] {
        root.draw(&Circle::new(at(fx, fy), tip, QUEEN.filled()))?;
    }
    Ok(())
}
