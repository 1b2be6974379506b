//! The `nqueens` binary as a user runs it, every file of `tests/` in one test binary.
//!
//! One binary instead of one per file: it is compiled and linked once, and its tests run side
//! by side, so the cluster tests' waiting for Slurm overlaps the other files' tests instead of
//! adding to the suite's time (`cargo test` runs its test binaries one after another).
//! `autotests = false` in Cargo.toml makes this explicit; `every_test_file_is_built` below
//! fails when a file of `tests/` is neither a module here nor a target of its own.

mod cli;
mod cluster;
mod completion;
mod count;
mod export;
mod flag_matrix;
mod readme;
mod symmetric;
mod trace;

/// With `autotests = false`, a new file in `tests/` would silently never run: each must be a
/// module above, and each directory (a test with modules of its own) a `[[test]]` target.
#[test]
fn every_test_file_is_built() {
    let this = include_str!("commands.rs");
    let manifest = include_str!("../Cargo.toml");
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut seen = 0;
    for entry in std::fs::read_dir(&tests).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            let main = format!("path = \"tests/{name}/main.rs\"");
            assert!(
                manifest.contains(&main),
                "tests/{name}/ is no [[test]] target in Cargo.toml"
            );
        } else if let Some(module) = name.strip_suffix(".rs")
            && module != "commands"
        {
            let declared = format!("\nmod {module};\n");
            assert!(
                this.contains(&declared),
                "tests/{name} is no module of tests/commands.rs"
            );
        }
        seen += 1;
    }
    assert!(seen > 2, "read no test files in {}", tests.display());
}
