//! The report's integration tests, every file of `tests/` but `fonts.rs` in one test binary:
//! it is compiled and linked once, and its tests run side by side. `fonts.rs` keeps a binary of
//! its own, since it draws first thing in a fresh process. (The workspace's
//! `every_test_file_is_built` checks that each file is a module here or a target.)

mod baseline;
mod bench_extras;
mod common;
mod export;
mod literature;
mod report;
mod runs;
mod toy_literature;
mod toy_strategy;
