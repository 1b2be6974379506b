//! The crate's integration tests, every file of `tests/` in one test binary: compiled and
//! linked once, its tests run side by side.

mod minconflicts;
mod replay;
