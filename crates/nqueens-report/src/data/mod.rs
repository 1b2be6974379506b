//! The bench's data, apart from what presents it: criterion's estimates, the statistics CSV,
//! the run manifest, the counts run by hand, and the before/after statistics of kept runs.

pub(crate) mod baseline;
pub(crate) mod by_hand;
pub(crate) mod criterion;
pub(crate) mod manifest;
pub(crate) mod stats;

/// The median of `values` with their least and greatest, sorting them; `None` when empty.
pub(crate) fn median_range(values: &mut [f64]) -> Option<[f64; 3]> {
    values.sort_by(f64::total_cmp);
    let (least, greatest, mid) = (*values.first()?, *values.last()?, values.len() / 2);
    let median = match values.len() % 2 {
        0 => (values[mid - 1] + values[mid]) / 2.0,
        _ => values[mid],
    };
    Some([median, least, greatest])
}
