//! The bench's data, apart from what presents it: criterion's estimates, the statistics CSV,
//! the run manifest, the counts run by hand, and the before/after statistics of kept runs.

pub(crate) mod baseline;
pub(crate) mod by_hand;
pub(crate) mod criterion;
pub(crate) mod manifest;
pub(crate) mod stats;
