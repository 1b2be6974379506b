//! Allocation failures under an address-space limit (`ulimit -v`, in a child shell): every
//! one ends with the "ran out of memory" error and exit status 1 (issue 39), never an abort
//! (134), a panic (101) or a made-up interruption (130).

use super::*;

/// Runs the binary with `args` under `ulimit -v kib`.
fn limited(kib: u64, args: &[&str]) -> std::process::Output {
    shell(&format!("ulimit -v {kib} && exec \"$0\" \"$@\""), args)
        .output()
        .unwrap()
}

/// Asserts that the run ended with the memory error, exit 1.
fn out_of_memory(kib: u64, args: &[&str]) {
    let out = limited(kib, args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{args:?} at {kib} KiB: {stderr}"
    );
    assert!(stderr.contains("ran out of memory"), "{args:?}: {stderr}");
    no_panic(&out.stderr);
}

#[test]
fn sat_short_of_memory_says_so_and_is_not_an_interruption() {
    out_of_memory(60_000, &["solve", "30", "-s", "sat", "--json"]);
    let out = limited(60_000, &["solve", "30", "-s", "sat", "--json"]);
    assert!(!String::from_utf8_lossy(&out.stdout).contains("interrupted"));
}

/// The smallest address-space limit (KiB, to 250) under which the binary loads at all: below
/// it the program cannot even map itself (exit 127), and it grows with the binary, so the
/// limits below are offsets from it.
fn load_floor() -> u64 {
    static FLOOR: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *FLOOR.get_or_init(|| {
        let loads = |kib: u64| limited(kib, &["--version"]).status.success();
        let (mut low, mut high) = (1_000, 1_000_000);
        assert!(loads(high), "the binary does not load under 1 GB");
        while high - low > 250 {
            let middle = (low + high) / 2;
            if loads(middle) {
                high = middle
            } else {
                low = middle
            }
        }
        high
    })
}

/// Runs `args` under the load floor plus each of `extra` (KiB), smallest first, until one run
/// ends with the memory error (1); every run before it answers (0) or cannot load (127).
fn answers_or_runs_out_of_memory(args: &[&str], extra: &[u64]) {
    let floor = load_floor();
    for &more in extra {
        let kib = floor + more;
        let out = shell(
            &format!("ulimit -v {kib} && exec \"$0\" \"$@\" > /dev/null"),
            args,
        )
        .output()
        .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        no_panic(&out.stderr);
        match out.status.code() {
            Some(0 | 127) => {}
            Some(1) if stderr.contains("ran out of memory") => return,
            code => panic!("{args:?} under ulimit -v {kib}: exit {code:?}: {stderr}"),
        }
    }
    panic!("{args:?} never ran out of memory under {floor} KiB plus {extra:?}");
}

#[test]
fn allocation_failures_outside_the_typed_paths_say_so() {
    // Room above what the binary needs to load: from nothing to 48 MB, where each of these
    // runs out (Pumpkin allocates 50 MB at its first conflict: checked before it starts).
    let extra = [0, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 48_000];
    for args in [
        &["count", "19", "-s", "quadrants"][..],
        &["count", "40", "--symmetric", "quarter"],
        &["solve", "30", "-s", "cp"],
        &["instance", "1000000", "--queens", "1000", "--seed", "1"],
        &["trace", "1000000", "-s", "construction"],
    ] {
        answers_or_runs_out_of_memory(args, &extra);
    }
}
