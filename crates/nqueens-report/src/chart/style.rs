//! How each series looks: a colour and a hollow marker by its style index, so a strategy keeps
//! its look across charts, and distinct dashes for series that draw the same line.

use plotters::style::RGBColor;

use super::{Panel, Series};

/// Distinct colours that stay apart in print and for common colour-vision deficiencies.
const PALETTE: [RGBColor; 12] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(120, 120, 120),
    RGBColor(0, 0, 0),
    RGBColor(153, 79, 0),
    RGBColor(102, 51, 153),
    RGBColor(170, 170, 0),
    RGBColor(200, 30, 30),
];

/// Hollow marker outlines, as one path each in pixels around the point. Hollow shapes of
/// different kinds stay visible when series draw their points on the same spot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Marker {
    Circle,
    Square,
    TriangleUp,
    Diamond,
    TriangleDown,
    Cross,
    Plus,
}

/// Seven shapes against twelve colours: a (colour, shape) pair repeats only after 84 series.
const MARKERS: [Marker; 7] = [
    Marker::Circle,
    Marker::Square,
    Marker::TriangleUp,
    Marker::Diamond,
    Marker::TriangleDown,
    Marker::Cross,
    Marker::Plus,
];

impl Marker {
    pub(super) fn outline(self) -> Vec<(i32, i32)> {
        match self {
            Marker::Circle => (0..=16)
                .map(|i| {
                    let a = f64::from(i) * std::f64::consts::TAU / 16.0;
                    (
                        (5.0 * a.cos()).round() as i32,
                        (5.0 * a.sin()).round() as i32,
                    )
                })
                .collect(),
            Marker::Square => vec![(-4, -4), (4, -4), (4, 4), (-4, 4), (-4, -4)],
            Marker::TriangleUp => vec![(0, -6), (5, 3), (-5, 3), (0, -6)],
            Marker::Diamond => vec![(0, -6), (6, 0), (0, 6), (-6, 0), (0, -6)],
            Marker::TriangleDown => vec![(0, 6), (5, -3), (-5, -3), (0, 6)],
            // Strokes through the centre, retraced to stay one path.
            Marker::Cross => vec![(-5, -5), (5, 5), (0, 0), (5, -5), (-5, 5)],
            Marker::Plus => vec![(-6, 0), (6, 0), (0, 0), (0, -6), (0, 6)],
        }
    }
}

/// Dash patterns (dash, gap in pixels) for series that lie on top of each other.
const DASHES: [Option<(u32, u32)>; 4] = [None, Some((10, 6)), Some((4, 4)), Some((2, 5))];

/// How one series is drawn in one panel.
#[derive(Clone, Copy, Debug)]
pub(super) struct Look {
    pub(super) color: RGBColor,
    pub(super) marker: Marker,
    pub(super) dash: Option<(u32, u32)>,
}

/// Whether two series draw the same line: at least two sizes in common, and within 2% of each
/// other at every one of them (a zero, which a share in percent can be, equals only a zero).
fn coincide(a: &Series, b: &Series) -> bool {
    let mut shared = 0;
    for p in &a.points {
        if let Some(q) = b.points.iter().find(|q| q.x == p.x) {
            let same = match (p.y > 0.0, q.y > 0.0) {
                (true, true) => (p.y / q.y).ln().abs() <= 0.02,
                (false, false) => p.y == q.y,
                _ => false,
            };
            if !same {
                return false;
            }
            shared += 1;
        }
    }
    shared >= 2
}

/// Series of a panel that draw the same line, as groups of two or more indices.
pub(super) fn overlaps(panel: &Panel) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, series) in panel.series.iter().enumerate() {
        let joined = groups
            .iter_mut()
            .find(|g| g.iter().all(|&j| coincide(&panel.series[j], series)));
        match joined {
            Some(group) => group.push(i),
            None => groups.push(vec![i]),
        }
    }
    groups.retain(|g| g.len() > 1);
    groups
}

/// The look of every series of `panel`: colour and shape by the series' style index; series
/// that lie on top of each other get distinct dash patterns and shapes.
pub(super) fn looks(panel: &Panel, groups: &[Vec<usize>]) -> Vec<Look> {
    let mut looks: Vec<Look> = panel
        .series
        .iter()
        .map(|s| Look {
            color: PALETTE[s.style % PALETTE.len()],
            marker: MARKERS[s.style % MARKERS.len()],
            dash: None,
        })
        .collect();
    for group in groups {
        let mut used: Vec<Marker> = Vec::new();
        for (k, &i) in group.iter().enumerate() {
            looks[i].dash = DASHES[k % DASHES.len()];
            if used.contains(&looks[i].marker)
                && let Some(&free) = MARKERS.iter().find(|m| !used.contains(m))
            {
                looks[i].marker = free;
            }
            used.push(looks[i].marker);
        }
    }
    looks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::Point;

    fn series(points: &[(f64, f64)]) -> Series {
        Series {
            label: String::new(),
            style: 0,
            points: points.iter().map(|&(x, y)| Point::exact(x, y)).collect(),
        }
    }

    #[test]
    fn series_coincide_only_where_every_shared_size_agrees() {
        let full = series(&[(8.0, 100.0), (100.0, 100.0), (1000.0, 100.0)]);
        // Equal at two sizes, then a share of 0 where the other has 100: not the same line.
        let falls = series(&[(8.0, 100.0), (100.0, 100.0), (1000.0, 0.0)]);
        assert!(!coincide(&full, &falls) && !coincide(&falls, &full));
        // Equal wherever both have a value, one going farther: the same line.
        let longer = series(&[(8.0, 100.0), (100.0, 101.0), (1000.0, 100.0), (1e4, 5.0)]);
        assert!(coincide(&full, &longer));
        // Zeros agree with zeros; one shared size is not enough.
        let zeros = series(&[(8.0, 0.0), (100.0, 0.0)]);
        assert!(coincide(&zeros, &zeros.clone()));
        assert!(!coincide(&full, &series(&[(8.0, 100.0)])));
    }
}
