//! How each series looks. Every strategy has its own colour and marker shape, fixed by its
//! name (not by the order a run met it), so it looks the same in every chart and every report;
//! its variants keep the colour and differ by dash pattern and marker. Series that draw the same
//! line get distinct dashes on top of that.

use plotters::style::RGBColor;

use super::{Panel, Series};

/// Style slots per family: the default variant, then up to seven others.
pub(crate) const VARIANT_SLOTS: usize = 8;

/// One family of series: a strategy (or a yardstick program) by its registry name, its colour,
/// and its variants' names after the default one, in registry order. A label is
/// `name` (the default variant) or `name-variant`.
struct Family {
    name: &'static str,
    color: RGBColor,
    variants: &'static [&'static str],
}

/// The families the report knows, in registry order, each with a colour of its own; the
/// neighbours in a chart (the backtrackers, the local searches) get colours far apart.
const FAMILIES: [Family; 19] = [
    family("vector", (0, 114, 178), &[]),
    family("bitmask", (213, 94, 0), &[]),
    family("permutation", (0, 158, 115), &[]),
    family("symmetry", (204, 121, 167), &["t1", "t2"]),
    family("quadrants", (230, 159, 0), &["t1", "t2"]),
    family("warnsdorff", (86, 180, 233), &["faithful"]),
    family("astar", (110, 110, 110), &["row", "square"]),
    family("breadth", (153, 79, 0), &[]),
    family("dlx", (102, 51, 153), &[]),
    family(
        "sat",
        (150, 150, 0),
        &["ladder", "bitwise", "commander", "bimander"],
    ),
    family("cp", (200, 30, 30), &["first-fail"]),
    family("construction", (0, 0, 0), &[]),
    family("min-conflicts", (0, 95, 60), &[]),
    family("annealing", (225, 60, 200), &["quench"]),
    family("genetic", (0, 175, 175), &["mutation"]),
    family(
        "hill-climbing",
        (120, 120, 255),
        &["sideways", "first-choice", "restarts"],
    ),
    family("validate", (165, 165, 165), &[]),
    family("count.c", (60, 60, 60), &[]),
    family("permutations.c", (60, 60, 60), &[]),
];

const fn family(
    name: &'static str,
    (r, g, b): (u8, u8, u8),
    variants: &'static [&'static str],
) -> Family {
    Family {
        name,
        color: RGBColor(r, g, b),
        variants,
    }
}

/// Colours for families the report does not know (a strategy added since), picked by a hash
/// of the name so that they too stay put from run to run.
const SPARE: [RGBColor; 6] = [
    RGBColor(90, 140, 0),
    RGBColor(180, 0, 90),
    RGBColor(0, 60, 140),
    RGBColor(190, 140, 90),
    RGBColor(80, 0, 160),
    RGBColor(0, 120, 120),
];

/// The style index of a series label: its family's slot times 8 (the slots per family) plus its
/// variant's rank (0 for the default variant). Anything after a space (`bitmask (nodes)`,
/// `validate (floor)`) is commentary and ignored. A family or variant the report does not know
/// gets a slot from a hash of its name: stable, though it may share a look with another
/// unknown one.
///
/// ```
/// use nqueens_report::series_style;
/// // Variants of a strategy share its family's slot; every label keeps its style.
/// assert_eq!(series_style("sat") / 8, series_style("sat-ladder") / 8);
/// assert_ne!(series_style("sat"), series_style("sat-ladder"));
/// assert_eq!(series_style("bitmask (nodes)"), series_style("bitmask"));
/// assert_ne!(series_style("min-conflicts") / 8, series_style("construction") / 8);
/// ```
pub fn series_style(label: &str) -> usize {
    let label = label.split(" (").next().unwrap_or(label).trim();
    let known = FAMILIES
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            label == f.name
                || label
                    .strip_prefix(f.name)
                    .is_some_and(|rest| rest.starts_with('-'))
        })
        .max_by_key(|(_, f)| f.name.len());
    let Some((slot, family)) = known else {
        // Unknown: the family is the label up to its last `-`, which cannot be told from a
        // hyphenated name; the whole label then gets its own slot.
        return (FAMILIES.len() + hash(label) % SPARE.len()) * VARIANT_SLOTS;
    };
    let rank = match label[family.name.len()..].strip_prefix('-') {
        None => 0,
        Some(variant) => match family.variants.iter().position(|v| *v == variant) {
            Some(at) => 1 + at,
            None => {
                1 + family.variants.len()
                    + hash(variant) % (VARIANT_SLOTS - 1 - family.variants.len()).max(1)
            }
        },
    };
    slot * VARIANT_SLOTS + rank.min(VARIANT_SLOTS - 1)
}

/// FNV-1a: a hash that does not change between runs or Rust versions.
fn hash(text: &str) -> usize {
    text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    }) as usize
}

/// The colour of a style index.
fn color(style: usize) -> RGBColor {
    let slot = style / VARIANT_SLOTS;
    FAMILIES
        .get(slot)
        .map(|f| f.color)
        .unwrap_or(SPARE[slot.saturating_sub(FAMILIES.len()) % SPARE.len()])
}

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

/// The marker shapes: a family's default variant has the shape of its slot, each further
/// variant the next one.
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

/// Dash patterns (dash, gap in pixels): a family's variants in rank order, and series that
/// lie on top of each other.
const DASHES: [Option<(u32, u32)>; 6] = [
    None,
    Some((12, 5)),
    Some((5, 4)),
    Some((2, 4)),
    Some((20, 4)),
    Some((2, 9)),
];

/// The look of a style index (see [`series_style`]): the family's colour; the default variant
/// drawn solid with the family's marker, each further variant with the next dash and marker.
pub(super) fn look(style: usize) -> Look {
    let (slot, rank) = (style / VARIANT_SLOTS, style % VARIANT_SLOTS);
    Look {
        color: color(style),
        marker: MARKERS[(slot + rank) % MARKERS.len()],
        dash: DASHES[rank % DASHES.len()],
    }
}

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
    let mut looks: Vec<Look> = panel.series.iter().map(|s| look(s.style)).collect();
    for group in groups {
        let mut used: Vec<Marker> = Vec::new();
        let mut dashes: Vec<Option<(u32, u32)>> = Vec::new();
        for &i in group {
            // Keep the variant's own dash unless another series of the group has it.
            if dashes.contains(&looks[i].dash)
                && let Some(&free) = DASHES.iter().find(|d| !dashes.contains(d))
            {
                looks[i].dash = free;
            }
            dashes.push(looks[i].dash);
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

    /// Every strategy and variant the report knows looks different from every other (colour,
    /// or dash within a family), and the same wherever it appears.
    #[test]
    fn every_known_label_has_a_look_of_its_own() {
        let mut labels: Vec<String> = Vec::new();
        for family in &FAMILIES {
            labels.push(family.name.to_string());
            for variant in family.variants {
                labels.push(format!("{}-{variant}", family.name));
            }
        }
        let key = |label: &str| {
            let look = look(series_style(label));
            (look.color, look.dash)
        };
        for (i, a) in labels.iter().enumerate() {
            for b in &labels[i + 1..] {
                // The two C programs never share a chart; each still has its own marker.
                if a.ends_with(".c") && b.ends_with(".c") {
                    assert_ne!(look(series_style(a)).marker, look(series_style(b)).marker);
                    continue;
                }
                assert_ne!(key(a), key(b), "{a} and {b} look the same");
            }
        }
        // Colours differ between families; variants keep their family's.
        let color = |label: &str| look(series_style(label)).color;
        assert_eq!(color("sat-bimander"), color("sat"));
        assert_ne!(color("min-conflicts"), color("construction"));
        assert_ne!(color("hill-climbing"), color("annealing"));
        // A strategy the report does not know gets a stable look of its own family.
        assert_eq!(series_style("tabu"), series_style("tabu"));
        assert_eq!(
            series_style("tabu-long") / VARIANT_SLOTS,
            FAMILIES.len() + hash("tabu-long") % SPARE.len()
        );
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
