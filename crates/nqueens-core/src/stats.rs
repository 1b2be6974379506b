//! The counters a run reports, described once: every table, CSV column and throughput figure
//! is driven by [`Stats::FIELDS`].

use serde::{Deserialize, Serialize};

/// Counters a run reports; one that does not apply to a strategy stays zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Search-tree nodes visited: queens placed on a safe square, or states expanded.
    pub nodes: u64,
    /// Dead ends: partial placements with no safe square in the next row.
    pub backtracks: u64,
    /// Complete candidates examined by a generate-and-test strategy (permutations).
    pub examined: u64,
    /// Local-search moves (a queen moved, or two swapped).
    pub moves: u64,
    /// Times a randomized or budgeted search started over.
    pub restarts: u64,
    /// Queens in conflict in a local search's starting assignment.
    pub initial_conflicts: u64,
    /// Largest working memory the strategy held at once, in bytes, where it tracks it.
    pub peak_bytes: u64,
}

/// How one counter of [`Stats`] is named, shown and read.
#[derive(Clone, Copy, Debug)]
pub struct StatField {
    /// The field's name: the CSV column and the JSON key (`nodes`, `peak_bytes`).
    pub name: &'static str,
    /// A column header for tables (`nodes`, `peak memory (B)`).
    pub label: &'static str,
    /// What it counts, for chart axes and legends (`search nodes`, `permutations examined`).
    pub unit: &'static str,
    /// Reads it.
    pub get: fn(&Stats) -> u64,
    /// Writes it.
    pub set: fn(&mut Stats, u64),
    /// Whether tables of runs show it as a column (not only the JSON and the CSV).
    pub tabulated: bool,
}

macro_rules! field {
    ($name:ident, $label:expr, $unit:expr, $tabulated:expr) => {
        StatField {
            name: stringify!($name),
            label: $label,
            unit: $unit,
            get: |s| s.$name,
            set: |s, v| s.$name = v,
            tabulated: $tabulated,
        }
    };
}

impl Stats {
    /// Every counter, in the order tables and CSV files show them.
    pub const FIELDS: [StatField; 7] = [
        field!(nodes, "nodes", "search nodes", true),
        field!(backtracks, "backtracks", "dead ends", true),
        field!(examined, "examined", "permutations examined", true),
        field!(moves, "moves", "local-search moves", true),
        field!(restarts, "restarts", "restarts", true),
        field!(
            initial_conflicts,
            "initial conflicts",
            "queens attacked at the start",
            false
        ),
        field!(peak_bytes, "peak memory (B)", "bytes at the peak", true),
    ];

    /// The counters that measure a strategy's work, in the order [`Stats::work`] looks at them.
    pub const WORK: [&'static str; 3] = ["examined", "nodes", "moves"];

    /// The field called `name`.
    pub fn field(name: &str) -> Option<&'static StatField> {
        Self::FIELDS.iter().find(|f| f.name == name)
    }

    /// The counter that measures this run's work and its value: the first of [`Stats::WORK`]
    /// that is not zero.
    ///
    /// ```
    /// use nqueens_core::Stats;
    /// let stats = Stats { nodes: 12, moves: 3, ..Stats::default() };
    /// let (field, value) = stats.work().unwrap();
    /// assert_eq!((field.name, value), ("nodes", 12));
    /// assert!(Stats::default().work().is_none());
    /// ```
    pub fn work(&self) -> Option<(&'static StatField, u64)> {
        Self::WORK.iter().find_map(|name| {
            let field = Self::field(name)?;
            let value = (field.get)(self);
            (value > 0).then_some((field, value))
        })
    }
}

/// The counter of [`Stats`] a variant's [budget](crate::Config::budget) caps: its unit of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Budget {
    /// Search-tree nodes ([`Stats::nodes`]).
    Nodes,
    /// Dead ends ([`Stats::backtracks`]: a SAT solver's conflicts).
    Backtracks,
    /// Candidates or successors evaluated ([`Stats::examined`]).
    Examined,
    /// Local-search moves ([`Stats::moves`]).
    Moves,
}

impl Budget {
    /// The counter it caps, as [`Stats::FIELDS`] names it (`nodes`, `examined`, `moves`).
    ///
    /// ```
    /// use nqueens_core::{Budget, Stats};
    /// let stats = Stats { moves: 7, ..Stats::default() };
    /// assert_eq!((Budget::Moves.field().get)(&stats), 7);
    /// assert_eq!(Budget::Nodes.to_string(), "nodes");
    /// ```
    pub fn field(self) -> &'static StatField {
        let index = match self {
            Budget::Nodes => 0,
            Budget::Backtracks => 1,
            Budget::Examined => 2,
            Budget::Moves => 3,
        };
        &Stats::FIELDS[index]
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.field().name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_exactly_the_struct_fields() {
        let mut stats = Stats::default();
        for (i, field) in Stats::FIELDS.iter().enumerate() {
            (field.set)(&mut stats, i as u64 + 1);
        }
        let json = serde_json::to_value(stats).unwrap();
        let object = json.as_object().unwrap();
        assert_eq!(object.len(), Stats::FIELDS.len());
        for (i, field) in Stats::FIELDS.iter().enumerate() {
            assert_eq!((field.get)(&stats), i as u64 + 1);
            assert_eq!(object[field.name], i as u64 + 1, "{}", field.name);
        }
        assert!(Stats::WORK.iter().all(|n| Stats::field(n).is_some()));
        for (budget, name) in [
            (Budget::Nodes, "nodes"),
            (Budget::Backtracks, "backtracks"),
            (Budget::Examined, "examined"),
            (Budget::Moves, "moves"),
        ] {
            assert_eq!(budget.field().name, name);
        }
    }
}
