//! How each series looks. Every strategy has its own colour and marker shape, fixed by its
//! place in the registry (not by the order a run met it), so it looks the same in every chart
//! and every report; its variants keep the colour and differ by dash pattern and marker. The
//! bench's own series (the validator, the C yardsticks) follow the strategies, in name order.
//! Series that draw the same line get distinct dashes on top of that.

use nqueens_core::{BenchExtra, Counterpart, Tradeoffs};
use nqueens_run::Registry;
use plotters::style::RGBColor;

use super::{Panel, Series};

/// Style slots per family: the default variant, then up to seven others.
pub(crate) const VARIANT_SLOTS: usize = 8;

/// The families' colours (`0xRRGGBB`), neighbours far apart; past the last they repeat.
const COLORS: [u32; 25] = [
    0x0072b2, 0xd55e00, 0x009e73, 0xcc79a7, 0xe69f00, 0x56b4e9, 0x6e6e6e, 0x994f00, 0x663399,
    0x969600, 0xc81e1e, 0x000000, 0x005f3c, 0xe13cc8, 0x00afaf, 0x7878ff, 0x3c3c3c, 0x646464,
    0xa5a5a5, 0x5a8c00, 0xb4005a, 0x003c8c, 0xbe8c5a, 0x5000a0, 0x007878,
];

/// One family of series: a strategy by its registry name (or a bench series such as
/// `validate`), and its variants' names after the default one. A label is `name` (the
/// default variant) or `name-variant`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Family {
    /// The registry name.
    pub name: String,
    /// The variants after the default one, in registry order.
    pub variants: Vec<String>,
    /// What the strategy says it trades against its rivals (none for a bench series).
    pub tradeoffs: Tradeoffs,
    /// The C program the strategy declares it is timed beside, with its rows, if any.
    pub counterpart: Option<Counterpart>,
}

impl Family {
    /// The families of `registry`'s strategies, in its order.
    pub fn of_registry(registry: &Registry) -> Vec<Family> {
        registry
            .iter()
            .map(|solver| Family {
                name: solver.name().to_string(),
                variants: solver
                    .capabilities()
                    .variants
                    .iter()
                    .skip(1)
                    .filter_map(|v| v.name.map(str::to_string))
                    .collect(),
                tradeoffs: solver.capabilities().tradeoffs,
                counterpart: (solver.capabilities().bench.iter()).find_map(|extra| match extra {
                    BenchExtra::Yardstick(counterpart) => Some(*counterpart),
                    BenchExtra::Once(_) => None,
                }),
            })
            .collect()
    }

    /// The series label of `variant` (none: the default): `name` for the default variant,
    /// `name-variant` for the others.
    pub fn label(&self, variant: Option<&str>) -> String {
        match variant {
            Some(v) if self.variants.iter().any(|known| known == v) => format!("{}-{v}", self.name),
            _ => self.name.clone(),
        }
    }
}

/// The look of every series label, by the registry's order.
#[derive(Clone, Debug, Default)]
pub struct Styles {
    families: Vec<Family>,
}

impl Styles {
    /// The styles of the registry's strategies (`strategies`, [`Family::of_registry`]), in
    /// its order, then of every other family among `labels` (the bench's own series), by
    /// name; a variant the registry does not name (a yardstick's thread count,
    /// `quadrants-t2`) comes after the family's named ones, by name.
    pub fn new<'a>(strategies: Vec<Family>, labels: impl IntoIterator<Item = &'a str>) -> Self {
        let mut families = strategies;
        let known = families.len();
        let mut labels: Vec<&str> = labels.into_iter().map(commentless).collect();
        labels.sort_unstable();
        labels.dedup();
        for label in labels {
            match family_of(&families, label) {
                Some(at) => {
                    let rest = &label[families[at].name.len()..];
                    let variant = rest.trim_start_matches('-').to_string();
                    if !variant.is_empty() && !families[at].variants.contains(&variant) {
                        families[at].variants.push(variant);
                    }
                }
                None => families.push(Family {
                    name: label.to_string(),
                    ..Family::default()
                }),
            }
        }
        // The bench's own families after the strategies, by name.
        families[known..].sort_by(|a, b| a.name.cmp(&b.name));
        Self { families }
    }

    /// The style index of a series label: its family's slot times 8 (the slots per family)
    /// plus its variant's rank (0 for the default variant). Anything after a space
    /// (`bitmask (nodes)`, `validate (floor)`) is commentary and ignored. A label of no known
    /// family takes the slot after the last.
    pub fn style(&self, label: &str) -> usize {
        let label = commentless(label);
        let Some(slot) = family_of(&self.families, label) else {
            return self.families.len() * VARIANT_SLOTS;
        };
        let family = &self.families[slot];
        let variants = &family.variants;
        let rank = label[family.name.len()..]
            .strip_prefix('-')
            .map_or(0, |variant| {
                1 + (variants.iter().position(|v| v == variant)).unwrap_or(variants.len())
            });
        slot * VARIANT_SLOTS + rank.min(VARIANT_SLOTS - 1)
    }
}

/// A label without its commentary (`bitmask (nodes)`: `bitmask`).
pub(crate) fn commentless(label: &str) -> &str {
    label.split(" (").next().unwrap_or(label).trim()
}

/// The family of `label`: the longest name that is the label or its prefix before a `-`.
fn family_of(families: &[Family], label: &str) -> Option<usize> {
    families
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            label == f.name
                || label
                    .strip_prefix(f.name.as_str())
                    .is_some_and(|rest| rest.starts_with('-'))
        })
        .max_by_key(|(_, f)| f.name.len())
        .map(|(at, _)| at)
}

/// How many marker shapes there are: a family's default variant has the shape of its slot,
/// each further variant the next one.
const SHAPES: usize = 7;

/// The hollow outline of a marker shape, as one path in pixels around the point (hollow shapes
/// of different kinds stay visible when series draw their points on the same spot): circle,
/// square, triangle up, diamond, triangle down, cross, plus.
pub(super) fn outline(shape: usize) -> Vec<(i32, i32)> {
    match shape % SHAPES {
        0 => (0..=16)
            .map(|i| {
                let a = f64::from(i) * std::f64::consts::TAU / 16.0;
                (
                    (5.0 * a.cos()).round() as i32,
                    (5.0 * a.sin()).round() as i32,
                )
            })
            .collect(),
        1 => vec![(-4, -4), (4, -4), (4, 4), (-4, 4), (-4, -4)],
        2 => vec![(0, -6), (5, 3), (-5, 3), (0, -6)],
        3 => vec![(0, -6), (6, 0), (0, 6), (-6, 0), (0, -6)],
        4 => vec![(0, 6), (5, -3), (-5, -3), (0, 6)],
        // Strokes through the centre, retraced to stay one path.
        5 => vec![(-5, -5), (5, 5), (0, 0), (5, -5), (-5, 5)],
        _ => vec![(-6, 0), (6, 0), (0, 0), (0, -6), (0, 6)],
    }
}

/// Dash patterns (dash, gap in pixels), for variants by rank and for coinciding series.
const DASHES: [Option<(u32, u32)>; 6] = [
    None,
    Some((12, 5)),
    Some((5, 4)),
    Some((2, 4)),
    Some((20, 4)),
    Some((2, 9)),
];

/// The look of a style index (see [`Styles::style`]): the family's colour; the default variant
/// drawn solid with the family's marker, each further variant with the next dash and marker.
pub(super) fn look(style: usize) -> Look {
    let (slot, rank) = (style / VARIANT_SLOTS, style % VARIANT_SLOTS);
    let [_, r, g, b] = COLORS[slot % COLORS.len()].to_be_bytes();
    Look {
        color: RGBColor(r, g, b),
        marker: (slot + rank) % SHAPES,
        dash: DASHES[rank % DASHES.len()],
    }
}

/// How one series is drawn in one panel.
#[derive(Clone, Copy, Debug)]
pub(super) struct Look {
    pub(super) color: RGBColor,
    pub(super) marker: usize,
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

/// The look of every series of `panel`; series in one of `groups` get distinct dashes and shapes.
pub(super) fn looks(panel: &Panel, groups: &[Vec<usize>]) -> Vec<Look> {
    let mut looks: Vec<Look> = panel.series.iter().map(|s| look(s.style)).collect();
    for group in groups {
        let mut used: Vec<usize> = Vec::new();
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
                && let Some(free) = (0..SHAPES).find(|m| !used.contains(m))
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

    /// Every strategy and variant of the registry, and the bench's own series, looks
    /// different from every other (colour, or dash within a family), and the same wherever it
    /// appears.
    #[test]
    fn every_label_has_a_look_of_its_own() {
        let labels = [
            "vector",
            "sat",
            "sat-ladder",
            "count.c",
            "validate",
            "quadrants-t2",
        ];
        let styles = Styles::new(Vec::new(), labels);
        let key = |label: &str| {
            let look = look(styles.style(label));
            (look.color, look.dash)
        };
        for (i, a) in labels.iter().enumerate() {
            for b in &labels[i + 1..] {
                assert_ne!(key(a), key(b), "{a} and {b} look the same");
            }
        }
        // Variants of a family share its slot; every label keeps its style.
        assert_eq!(styles.style("sat") / 8, styles.style("sat-ladder") / 8);
        assert_eq!(
            styles.style("quadrants-t2 (nodes)"),
            styles.style("quadrants-t2")
        );
        let color = |label: &str| look(styles.style(label)).color;
        assert_eq!(color("sat-bimander"), color("sat"));
        // The bench's own families in name order.
        let names: Vec<&str> = styles.families.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(
            names,
            ["count.c", "quadrants-t2", "sat", "validate", "vector"]
        );
        assert_eq!(styles.style("tabu"), names.len() * VARIANT_SLOTS);
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
