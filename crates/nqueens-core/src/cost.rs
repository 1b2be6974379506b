//! What one run of a variant is expected to cost ([`Cost`]), declared by each strategy: the one
//! time model of the count's forecast, the bench's budget and `compare`'s skip rule.

use serde::Serialize;

use crate::Operation;

/// The cores of the reference machine, on which the [`Cost`]s were timed.
pub const REFERENCE_THREADS: usize = 2;

/// How a run's time grows past the last measured size.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum Growth {
    /// By this factor per extra row (exhaustive searches).
    PerRow(f64),
    /// As n to this power (constructions, local search).
    Power(f64),
    /// Not at all within any budget: a search in lexicographic order past its wall.
    Wall,
}

/// Expected seconds of one run against `n` with the default config on the reference machine
/// (the 2-core machine the committed report was measured on, so a counter that runs on all
/// cores ran on [`REFERENCE_THREADS`]): measured points, joined geometrically, and the growth
/// past the last. A randomized variant's points are means over
/// seeds. With no points, the cost is unknown.
///
/// ```
/// use nqueens_core::{CostModel, Growth};
///
/// let model = CostModel::per_row(&[(8, 1e-4), (12, 0.1)], 6.0);
/// assert_eq!(model.seconds(4), Some(1e-4)); // below the first point: the first point
/// assert!((model.seconds(10).unwrap() - 0.0045).abs() < 1e-4); // geometric in n between points
/// assert!((model.seconds(13).unwrap() - 0.6).abs() < 1e-9); // 6 times per row beyond
/// assert_eq!(CostModel::wall(&[(30, 1.0)]).seconds(31), Some(f64::INFINITY));
/// assert_eq!(CostModel::UNKNOWN.seconds(8), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CostModel {
    /// (n, seconds of one run), by increasing n.
    pub points: &'static [(usize, f64)],
    /// Growth past the last point.
    pub beyond: Growth,
}

impl CostModel {
    /// No measurement: [`CostModel::seconds`] says `None`.
    pub const UNKNOWN: CostModel = CostModel {
        points: &[],
        beyond: Growth::Wall,
    };

    /// Points, then a factor per extra row.
    pub const fn per_row(points: &'static [(usize, f64)], factor: f64) -> CostModel {
        CostModel {
            points,
            beyond: Growth::PerRow(factor),
        }
    }

    /// Points, then growth as n to `exponent`.
    pub const fn power(points: &'static [(usize, f64)], exponent: f64) -> CostModel {
        CostModel {
            points,
            beyond: Growth::Power(exponent),
        }
    }

    /// Points, then a wall: no larger size finishes within any budget.
    pub const fn wall(points: &'static [(usize, f64)]) -> CostModel {
        CostModel {
            points,
            beyond: Growth::Wall,
        }
    }

    /// Whether any size was measured.
    pub fn is_known(&self) -> bool {
        !self.points.is_empty()
    }

    /// Expected seconds of one run at `n` (infinite past a wall), or `None` when unknown.
    pub fn seconds(&self, n: usize) -> Option<f64> {
        let (&(first_n, first_t), &(last_n, last_t)) = (self.points.first()?, self.points.last()?);
        if n <= first_n {
            return Some(first_t);
        }
        for pair in self.points.windows(2) {
            let ((n0, t0), (n1, t1)) = (pair[0], pair[1]);
            if n <= n1 {
                let at =
                    ((n as f64).ln() - (n0 as f64).ln()) / ((n1 as f64).ln() - (n0 as f64).ln());
                return Some(t0 * (t1 / t0).powf(at));
            }
        }
        Some(match self.beyond {
            Growth::PerRow(factor) => last_t * factor.powi(exponent(n - last_n)),
            Growth::Power(k) => last_t * (n as f64 / last_n as f64).powf(k),
            Growth::Wall => f64::INFINITY,
        })
    }
}

/// `rows` as a power, saturating (past `i32::MAX` rows any growth is infinite anyway).
fn exponent(rows: usize) -> i32 {
    i32::try_from(rows).unwrap_or(i32::MAX)
}

/// What one run of a variant costs, per kind of run, on the reference machine (medians rounded up).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Cost {
    /// A first solution ([`Operation::First`]).
    pub first: CostModel,
    /// A whole count (and a listing, which visits the same tree).
    pub count: CostModel,
    /// A first completion of given queens (the mean over the bench's instances at each n).
    pub completion: CostModel,
}

impl Cost {
    /// Nothing measured.
    pub const UNKNOWN: Cost = Cost {
        first: CostModel::UNKNOWN,
        count: CostModel::UNKNOWN,
        completion: CostModel::UNKNOWN,
    };

    /// The cost of a variant that only looks for a first solution.
    pub const fn first_only(first: CostModel) -> Cost {
        Cost {
            first,
            ..Cost::UNKNOWN
        }
    }

    /// The model of `operation`.
    pub fn of(&self, operation: Operation) -> &CostModel {
        match operation {
            Operation::First => &self.first,
            Operation::List | Operation::Count => &self.count,
        }
    }

    /// Expected seconds of a count of `n` that splits over `threads` threads: the model's
    /// time, timed on [`REFERENCE_THREADS`], scaled to them.
    pub fn count_on(&self, n: usize, threads: usize) -> Option<f64> {
        Some(self.count.seconds(n)? * REFERENCE_THREADS as f64 / threads.max(1) as f64)
    }
}
