//! The `nqueens` binary as a user runs it, every file of `tests/` in one test binary.
//!
//! One binary instead of one per file: it is compiled and linked once, and its tests run side
//! by side, so the cluster tests' waiting for Slurm overlaps the other files' tests instead of
//! adding to the suite's time (`cargo test` runs its test binaries one after another).
//! `autotests = false` in Cargo.toml makes this explicit; the workspace's
//! `every_test_file_is_built` (`tests/suite.rs` at the root) fails when a file of `tests/` is
//! neither a module here nor a target of its own.

mod cli;
mod cluster;
mod completion;
mod count;
mod export;
mod flag_matrix;
mod readme;
mod symmetric;
mod trace;
