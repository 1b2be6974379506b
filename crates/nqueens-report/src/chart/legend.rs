//! The legend column beside each plot.

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use super::style::Look;
use super::{LEGEND_WIDTH, Panel};

/// The legend column: a sample of each series' line and marker with its label, then which
/// series lie on top of each other.
pub(super) fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
    looks: &[Look],
    groups: &[Vec<usize>],
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    let e = |err: DrawingAreaErrorKind<DB::ErrorType>| err.to_string();
    let room = LEGEND_WIDTH as i32 - 58;
    let fits = |text: &str, size: u32| {
        area.estimate_text_size(text, &TextStyle::from(("sans-serif", size).into_font()))
            .is_ok_and(|(w, _)| w as i32 <= room)
    };
    let mut y = 52;
    for (series, look) in panel.series.iter().zip(looks) {
        let style = look.color.stroke_width(2);
        let sample = [(6, y), (42, y)];
        match look.dash {
            None => area.draw(&PathElement::new(sample, style)),
            Some((dash, gap)) => area.draw(&DashedPathElement::new(sample, dash, gap, style)),
        }
        .map_err(e)?;
        area.draw(&(EmptyElement::at((24, y)) + PathElement::new(look.marker.outline(), style)))
            .map_err(e)?;
        let size = [14, 13, 12, 11]
            .into_iter()
            .find(|&s| fits(&series.label, s))
            .unwrap_or(10);
        area.draw(&Text::new(
            series.label.clone(),
            (50, y - size as i32 / 2 - 1),
            ("sans-serif", size).into_font(),
        ))
        .map_err(e)?;
        y += 23;
    }
    if groups.is_empty() {
        return Ok(());
    }
    draw_overlaps(area, panel, groups, y + 10)
}

/// Under the entries, from `y` down: which series draw the same line, by their base names.
fn draw_overlaps<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
    groups: &[Vec<usize>],
    mut y: i32,
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    let e = |err: DrawingAreaErrorKind<DB::ErrorType>| err.to_string();
    let gray = RGBColor(80, 80, 80);
    let note = ("sans-serif", 12).into_font().color(&gray);
    let room = LEGEND_WIDTH as i32 - 24;
    let fits = |text: &str| {
        area.estimate_text_size(text, &note)
            .is_ok_and(|(w, _)| w as i32 <= room)
    };
    for line in ["Same values, drawn over", "each other (dashed):"] {
        area.draw(&Text::new(line, (6, y), note.clone()))
            .map_err(e)?;
        y += 16;
    }
    for group in groups {
        let names: Vec<&str> = group
            .iter()
            .map(|&i| {
                let label = panel.series[i].label.as_str();
                label.split(" (").next().unwrap_or(label)
            })
            .collect();
        // Names joined by "=", wrapped onto indented lines when the column is too narrow.
        let mut lines: Vec<String> = Vec::new();
        for name in names {
            match lines.last_mut() {
                Some(line) if fits(&format!("{line} = {name}")) => {
                    line.push_str(" = ");
                    line.push_str(name);
                }
                Some(_) => lines.push(format!("  = {name}")),
                None => lines.push(format!("• {name}")),
            }
        }
        for line in lines {
            area.draw(&Text::new(line, (6, y), note.clone()))
                .map_err(e)?;
            y += 16;
        }
    }
    Ok(())
}
