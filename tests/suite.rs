//! The workbench's integration tests, every file of `tests/` in one test binary: it is
//! compiled and linked once (each would link every strategy), and its tests run side by side.

mod bench_plan;
mod completion;
mod conformance;
mod count_once;
mod cross_backtrack;
mod cross_counters;
// It runs the strategies of both features beside the others.
#[cfg(all(feature = "sat", feature = "cp"))]
mod cross_general;
mod cross_search;
mod cross_symmetric;
mod fewest_options;
mod literature;
mod names_stay_home;
mod solutions;
mod trace;

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
