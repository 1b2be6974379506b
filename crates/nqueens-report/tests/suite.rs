//! The report's integration tests, every file of `tests/` but `fonts.rs` in one test binary:
//! it is compiled and linked once, and its tests run side by side. `fonts.rs` keeps a binary of
//! its own, since it draws first thing in a fresh process.

mod baseline;
mod bench_extras;
mod common;
mod export;
mod literature;
mod report;
mod runs;
mod toy_literature;
mod toy_strategy;

/// With `autotests = false` in Cargo.toml, a new file in `tests/` would silently never run:
/// each must be a module above or a `[[test]]` target of its own.
#[test]
fn every_test_file_is_built() {
    let suite = include_str!("suite.rs");
    let manifest = include_str!("../Cargo.toml");
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    for entry in std::fs::read_dir(&tests).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        let module = name.strip_suffix(".rs").unwrap_or(&name);
        assert!(
            suite.contains(&format!("\nmod {module};\n"))
                || manifest.contains(&format!("path = \"tests/{name}\"")),
            "tests/{name} is neither a module of tests/suite.rs nor a [[test]] target"
        );
    }
}
