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

/// With `autotests = false` in a package's Cargo.toml (here, and in the crates whose tests are
/// one binary), a new file in its `tests/` would silently never run: each must be a module of
/// one of the package's `[[test]]` targets, or such a target itself.
#[test]
fn every_test_file_is_built() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let crates = std::fs::read_dir(root.join("crates")).unwrap();
    let packages = crates
        .map(|entry| entry.unwrap().path())
        .chain([root.to_path_buf()]);
    let mut checked = 0;
    for package in packages {
        let manifest = std::fs::read_to_string(package.join("Cargo.toml")).unwrap();
        if !manifest.contains("\nautotests = false\n") {
            continue;
        }
        let tests = package.join("tests");
        let targets: Vec<&str> = manifest
            .lines()
            .filter_map(|line| line.strip_prefix("path = \"tests/")?.strip_suffix('"'))
            .collect();
        let sources: Vec<String> = targets
            .iter()
            .map(|target| std::fs::read_to_string(tests.join(target)).unwrap())
            .collect();
        for entry in std::fs::read_dir(&tests).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let module = match name.strip_suffix(".rs") {
                Some(module) => module,
                // A directory of data, or a target's modules or a target of its own (its
                // main.rs): the target is checked here.
                None if path.join("mod.rs").is_file() || path.join("main.rs").is_file() => &name,
                None => continue,
            };
            let declared = format!("\nmod {module};\n");
            assert!(
                targets
                    .iter()
                    .any(|t| *t == name || t.starts_with(&format!("{name}/")))
                    || sources.iter().any(|source| source.contains(&declared)),
                "{} is neither a module of a test target nor a [[test]] target",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 40, "checked only {checked} test files");
}
