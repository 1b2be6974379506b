//! Line charts with log axes, drawn with plotters on SVG or PNG.

use std::path::Path;

use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, Ranged, ValueFormatter};
use plotters::prelude::*;

mod legend;
mod style;

use crate::{ReportError, format_bytes, format_count, format_seconds, format_size};
use legend::draw_legend;
pub use style::{Family, Styles};
use style::{Look, looks, outline, overlaps};
pub(crate) use style::{VARIANT_SLOTS, commentless};

/// The picture formats the report writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    /// Scalable vector graphics (text stays text).
    Svg,
    /// A bitmap, with text rasterized from the embedded font.
    Png,
}

impl ImageFormat {
    /// The format a file name asks for, by its extension (`.svg` or `.png`).
    pub fn from_path(path: &Path) -> Option<Self> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        [Self::Svg, Self::Png]
            .into_iter()
            .find(|f| f.extension() == ext)
    }

    /// The file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Svg => "svg",
            Self::Png => "png",
        }
    }
}

/// What a value on an axis means, which decides how its ticks are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Units {
    /// Seconds, printed with a unit (`ms`, `µs`).
    Seconds,
    /// A count, printed with a metric suffix (`12k`, `1.5M`).
    Count,
    /// A board size.
    Size,
    /// A share in percent, 0 to 100: drawn on a linear axis (the others are logarithmic).
    Percent,
    /// Bytes, printed with a binary unit (`4 KiB`), ticks on powers of 16 so they print whole.
    Bytes,
}

impl Units {
    fn format(self, value: f64) -> String {
        match self {
            Units::Seconds => format_seconds(value),
            Units::Count => format_count(value),
            Units::Size => format_size(value.round().max(0.0) as usize),
            Units::Percent => format!("{value:.0}%"),
            Units::Bytes => format_bytes(value.round().max(0.0) as u64),
        }
    }

    /// The base of a log axis in these units: its labelled ticks are its powers.
    fn log_base(self) -> f64 {
        if self == Units::Bytes { 16.0 } else { 10.0 }
    }
}

/// One point of a series, with its spread (an interval, or a range over seeds) as a bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Horizontal position.
    pub x: f64,
    /// The value drawn.
    pub y: f64,
    /// Lower end of the bar.
    pub low: f64,
    /// Upper end of the bar.
    pub high: f64,
}

impl Point {
    /// A point with no spread.
    pub fn exact(x: f64, y: f64) -> Self {
        Self {
            x,
            y,
            low: y,
            high: y,
        }
    }
}

/// One line of a chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Legend text.
    pub label: String,
    /// Index of the series' look (colour, marker, dash): [`Styles::style`] of its label.
    pub style: usize,
    /// Points, in increasing x.
    pub points: Vec<Point>,
}

/// One plot of a chart (a chart has one or two side by side).
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// Heading above the plot.
    pub title: String,
    /// Horizontal axis label, with its unit.
    pub x_label: String,
    /// Vertical axis label, with its unit.
    pub y_label: String,
    /// Whether x is on a log scale (y always is, unless it is a [`Units::Percent`]).
    pub x_log: bool,
    /// How x ticks are printed.
    pub x_units: Units,
    /// How y ticks are printed.
    pub y_units: Units,
    /// The lines.
    pub series: Vec<Series>,
}

/// Chart width; each panel is a plot with its legend in a column to its right, so the legend
/// never hides data, and panels stack vertically to stay legible when scaled into a page.
const WIDTH: u32 = 1000;
const LEGEND_WIDTH: u32 = 250;
const HEADING_HEIGHT: u32 = 58;
const PANEL_HEIGHT: u32 = 540;

/// Draws `panels` one above the other, each with its legend, under a two-line heading.
pub fn draw_chart(
    path: &Path,
    format: ImageFormat,
    heading: &str,
    subheading: &str,
    panels: &[Panel],
) -> Result<(), ReportError> {
    crate::register_fonts();
    let groups: Vec<Vec<Vec<usize>>> = panels.iter().map(overlaps).collect();
    let heights = panels
        .iter()
        .zip(&groups)
        .map(|(p, g)| legend::height(p, g));
    // A chart without panels keeps the room of one.
    let height = HEADING_HEIGHT + heights.sum::<u32>().max(PANEL_HEIGHT);
    let size = (WIDTH, height);
    // Drawn in memory and written whole: a failed write never leaves half a chart.
    match format {
        ImageFormat::Svg => crate::files::write_svg(path, size, |root| {
            draw_all(root, heading, subheading, panels, &groups)
        }),
        ImageFormat::Png => crate::files::write_png(path, size, |root| {
            draw_all(root, heading, subheading, panels, &groups)
        }),
    }
}

fn draw_all<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    heading: &str,
    subheading: &str,
    panels: &[Panel],
    groups: &[Vec<Vec<usize>>],
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    let e = |err: DrawingAreaErrorKind<DB::ErrorType>| err.to_string();
    root.fill(&WHITE).map_err(e)?;
    let (head, body) = root.split_vertically(HEADING_HEIGHT);
    let bold = ("sans-serif", 22).into_font().style(FontStyle::Bold);
    head.draw(&Text::new(heading, (14, 8), bold)).map_err(e)?;
    let gray = ("sans-serif", 14).into_font().color(&RGBColor(80, 80, 80));
    head.draw(&Text::new(subheading, (14, 36), gray))
        .map_err(e)?;
    let mut rest = body;
    for (panel, groups) in panels.iter().zip(groups) {
        let (area, below) = rest.split_vertically(legend::height(panel, groups));
        rest = below;
        let looks = looks(panel, groups);
        let (plot, legend) = area.split_horizontally(WIDTH - LEGEND_WIDTH);
        draw_panel(&plot, panel, &looks)?;
        draw_legend(&legend, panel, &looks, groups)?;
    }
    Ok(())
}

/// The smallest and largest values, if any.
fn span(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values.fold(None, |span, v| {
        Some(span.map_or((v, v), |(lo, hi)| (f64::min(lo, v), f64::max(hi, v))))
    })
}

/// The smallest and largest positive values, if any (what a log axis can show).
fn positive_span(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    span(values.filter(|v| v.is_finite() && *v > 0.0))
}

/// Whole powers of `base` around `[lo, hi]`: a log axis starts and ends on a labelled tick.
fn decades(lo: f64, hi: f64, base: f64) -> (f64, f64) {
    let lo = base.powf(lo.log(base).floor());
    let mut hi = base.powf(hi.log(base).ceil());
    if hi <= lo {
        hi = lo * base;
    }
    (lo, hi)
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
    looks: &[Look],
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    if panel.y_units == Units::Percent {
        // Linear, with a little headroom so a full line stays visible; ticks every 10 %.
        return draw_over_x(area, panel, looks, -4.0..104.0, 12);
    }
    let values = panel.series.iter().flat_map(|s| s.points.iter());
    let Some((y_lo, y_hi)) = positive_span(values.flat_map(|p| [p.low, p.y, p.high])) else {
        return draw_empty(area, panel);
    };
    let base = panel.y_units.log_base();
    let (y_lo, y_hi) = decades(y_lo, y_hi, base);
    let y_range = (y_lo..y_hi).log_scale().base(base);
    let decade_count = ((y_hi / y_lo).log(base).round() as usize).max(1);
    draw_over_x(area, panel, looks, y_range, decade_count + 1)
}

/// Draws `panel` against `y_range` with x on the scale the panel asks for.
fn draw_over_x<DB, Y>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
    looks: &[Look],
    y_range: Y,
    y_labels: usize,
) -> Result<(), String>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let xs = || panel.series.iter().flat_map(|s| &s.points).map(|p| p.x);
    if panel.x_log {
        let Some((x_lo, x_hi)) = positive_span(xs()) else {
            return draw_empty(area, panel);
        };
        let x_range = (x_lo / 1.4..x_hi * 1.4).log_scale();
        let x_decades = ((x_hi * 1.4 / (x_lo / 1.4)).log10().ceil() as usize).max(1);
        let labels = (x_decades + 1, y_labels);
        return draw_lines(area, panel, looks, (x_range, y_range), labels);
    }
    let Some((x_lo, x_hi)) = span(xs()) else {
        return draw_empty(area, panel);
    };
    let x_labels = ((x_hi - x_lo).round() as usize + 1).clamp(2, 20);
    let x_range = x_lo - 0.5..x_hi + 0.5;
    draw_lines(area, panel, looks, (x_range, y_range), (x_labels, y_labels))
}

fn draw_empty<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
) -> Result<(), String> {
    let text = format!("{}: no data", panel.title);
    let font = ("sans-serif", 16).into_font();
    area.draw(&Text::new(text, (20, 40), font))
        .map_err(|e| e.to_string())
}

fn draw_lines<DB, X, Y>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
    looks: &[Look],
    (x_range, y_range): (X, Y),
    (x_labels, y_labels): (usize, usize),
) -> Result<(), String>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
    X: AsRangedCoord<Value = f64>,
    X::CoordDescType: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let e = |err: DrawingAreaErrorKind<DB::ErrorType>| err.to_string();
    let mut chart = ChartBuilder::on(area)
        .caption(&panel.title, ("sans-serif", 17))
        .margin(12)
        .x_label_area_size(48)
        .y_label_area_size(78)
        .build_cartesian_2d(x_range, y_range)
        .map_err(e)?;
    let x_format = |v: &f64| panel.x_units.format(*v);
    let y_format = |v: &f64| panel.y_units.format(*v);
    chart
        .configure_mesh()
        .x_desc(panel.x_label.as_str())
        .y_desc(panel.y_label.as_str())
        .x_labels(x_labels)
        .y_labels(y_labels)
        .x_label_formatter(&x_format)
        .y_label_formatter(&y_format)
        .label_style(("sans-serif", 13))
        .axis_desc_style(("sans-serif", 14))
        .light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(205, 205, 205))
        .draw()
        .map_err(e)?;
    // Each series: its bars, its line, then its markers. A log axis cannot show zero; a linear
    // one (percent) can.
    let lowest = if panel.y_units == Units::Percent {
        0.0
    } else {
        f64::MIN_POSITIVE
    };
    let shown = |s: &Series| -> Vec<(f64, f64)> {
        let points = s.points.iter().filter(|p| p.y >= lowest);
        points.map(|p| (p.x, p.y)).collect()
    };
    let lines: Vec<Vec<(f64, f64)>> = panel.series.iter().map(shown).collect();
    for (series, look) in panel.series.iter().zip(looks) {
        let bars = series.points.iter();
        let bars = bars.filter(|p| p.low >= lowest && p.high > p.low);
        let style = look.color.stroke_width(1);
        let bar = |p: &Point| PathElement::new(vec![(p.x, p.low), (p.x, p.high)], style);
        chart.draw_series(bars.map(bar)).map_err(e)?;
    }
    // Solid lines first, so the dashed ones of coinciding series show on top of them.
    let mut order: Vec<usize> = (0..lines.len()).collect();
    order.sort_by_key(|&i| looks[i].dash.is_some());
    for i in order {
        let style = looks[i].color.stroke_width(2);
        let line = lines[i].iter().copied();
        match looks[i].dash {
            None => chart.draw_series(LineSeries::new(line, style)),
            Some((dash, gap)) => chart.draw_series(DashedLineSeries::new(line, dash, gap, style)),
        }
        .map_err(e)?;
    }
    for (line, look) in lines.iter().zip(looks) {
        let shape = outline(look.marker);
        let style = look.color.stroke_width(2);
        let marker = |&p| EmptyElement::at(p) + PathElement::new(shape.clone(), style);
        chart.draw_series(line.iter().map(marker)).map_err(e)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_is_read_from_the_extension() {
        assert_eq!(
            ImageFormat::from_path("a/board.PNG".as_ref()),
            Some(ImageFormat::Png)
        );
        assert_eq!(ImageFormat::from_path("board.txt".as_ref()), None);
    }
}
