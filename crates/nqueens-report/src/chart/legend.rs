//! The legend column beside each plot.

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use super::style::{Look, commentless, outline};
use super::{LEGEND_WIDTH, PANEL_HEIGHT, Panel};

/// Where the first entry's line is drawn, from the top of the column.
const TOP: i32 = 52;
/// The step from one entry to the next.
const ENTRY: i32 = 23;
/// The gap between the entries and the note on coinciding series, and one line of that note.
const NOTE_GAP: i32 = 10;
const NOTE_LINE: i32 = 16;
/// Room kept free under the legend's last line.
const BOTTOM: i32 = 24;

/// The height of `panel`: [`PANEL_HEIGHT`], or what its legend needs (its entries, and the note
/// on coinciding series with every name on a line of its own, the most it can take wrapped).
pub(super) fn height(panel: &Panel, groups: &[Vec<usize>]) -> u32 {
    let mut y = TOP + ENTRY * panel.series.len() as i32;
    if !groups.is_empty() {
        let names: usize = groups.iter().map(Vec::len).sum();
        y += NOTE_GAP + NOTE_LINE * (2 + names as i32);
    }
    ((y + BOTTOM).max(0) as u32).max(PANEL_HEIGHT)
}

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
    let font = |size: u32| TextStyle::from(("sans-serif", size).into_font());
    // Whether `text` in `style` is at most `room` pixels wide.
    let fits = |text: &str, style: &TextStyle, room: u32| {
        area.estimate_text_size(text, style)
            .is_ok_and(|(w, _)| w <= room)
    };
    let mut y = TOP;
    for (series, look) in panel.series.iter().zip(looks) {
        let style = look.color.stroke_width(2);
        let sample = [(6, y), (42, y)];
        match look.dash {
            None => area.draw(&PathElement::new(sample, style)),
            Some((dash, gap)) => area.draw(&DashedPathElement::new(sample, dash, gap, style)),
        }
        .map_err(e)?;
        area.draw(&(EmptyElement::at((24, y)) + PathElement::new(outline(look.marker), style)))
            .map_err(e)?;
        let fitting = |&s: &u32| fits(&series.label, &font(s), LEGEND_WIDTH - 58);
        let size = [14, 13, 12, 11].into_iter().find(fitting).unwrap_or(10);
        let at = (50, y - size as i32 / 2 - 1);
        area.draw(&Text::new(series.label.as_str(), at, font(size)))
            .map_err(e)?;
        y += ENTRY;
    }
    // Under the entries: which series draw the same line, by their base names.
    if groups.is_empty() {
        return Ok(());
    }
    y += NOTE_GAP;
    let gray = RGBColor(80, 80, 80);
    let note = ("sans-serif", 12).into_font().color(&gray);
    let mut lines = vec![
        "Same values, drawn over".to_string(),
        "each other (dashed):".to_string(),
    ];
    for group in groups {
        // Names joined by "=", wrapped onto indented lines when the column is too narrow.
        let mut names = group.iter().map(|&i| commentless(&panel.series[i].label));
        let mut line = format!("• {}", names.next().unwrap_or_default());
        for name in names {
            let joined = format!("{line} = {name}");
            if fits(&joined, &note, LEGEND_WIDTH - 24) {
                line = joined;
            } else {
                lines.push(std::mem::replace(&mut line, format!("  = {name}")));
            }
        }
        lines.push(line);
    }
    for line in lines {
        area.draw(&Text::new(line, (6, y), note.clone()))
            .map_err(e)?;
        y += NOTE_LINE;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::chart::{ImageFormat, Panel, Point, Series, Styles, Units, draw_chart};

    /// Every legend entry of a crowded panel (every strategy and variant the report knows, and
    /// some it does not) is drawn inside the picture, whatever the count.
    #[test]
    fn a_crowded_legend_fits_inside_the_picture() {
        let labels = [
            "vector",
            "bitmask",
            "permutation",
            "warnsdorff",
            "warnsdorff-faithful",
            "astar",
            "astar-row",
            "astar-square",
            "breadth",
            "dlx",
            "sat",
            "sat-ladder",
            "sat-bitwise",
            "sat-commander",
            "sat-bimander",
            "cp",
            "cp-first-fail",
            "construction",
            "min-conflicts",
            "annealing",
            "annealing-quench",
            "genetic",
            "genetic-mutation",
            "hill-climbing",
            "hill-climbing-sideways",
            "hill-climbing-first-choice",
            "hill-climbing-restarts",
            "tabu",
            "tabu-aspiration",
            "validate (floor)",
        ];
        let styles = Styles::new(Vec::new(), labels);
        let series: Vec<Series> = labels
            .iter()
            .enumerate()
            .map(|(i, label)| Series {
                label: label.to_string(),
                style: styles.style(label),
                points: (1..=4)
                    .map(|k| Point::exact(f64::from(k * 8), (i + k as usize) as f64 * 1e-6))
                    .collect(),
            })
            .collect();
        let panel = Panel {
            title: "crowded".to_string(),
            x_label: "n".to_string(),
            y_label: "time".to_string(),
            x_log: true,
            x_units: Units::Size,
            y_units: Units::Seconds,
            series,
        };
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("crowded.svg");
        draw_chart(&path, ImageFormat::Svg, "heading", "sub", &[panel]).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        let height: f64 = svg
            .split("height=\"")
            .nth(1)
            .and_then(|h| h.split('"').next())
            .and_then(|h| h.parse().ok())
            .expect("the picture's height");
        for label in labels {
            let at = svg
                .find(&format!(">\n{label}\n</text>"))
                .unwrap_or_else(|| panic!("{label} not drawn"));
            let tag = &svg[svg[..at].rfind("<text").unwrap()..at];
            let y: f64 = tag
                .split(" y=\"")
                .nth(1)
                .and_then(|y| y.split('"').next())
                .and_then(|y| y.parse().ok())
                .expect("the label's y");
            assert!(
                y + 14.0 < height,
                "{label} at y = {y} in a picture {height} high"
            );
        }
    }
}
