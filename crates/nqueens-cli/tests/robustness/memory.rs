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

/// Runs `args` under each of `limits` (KiB): each run answers (0), cannot even load the
/// program (127: the limit is below the binary's own mappings, which differ between builds)
/// or ends with the memory error (1); and at least one ends with the memory error.
fn answers_or_runs_out_of_memory(args: &[&str], limits: &[u64]) {
    let mut ran_out = 0;
    for &kib in limits {
        let out = shell(
            &format!("ulimit -v {kib} && exec \"$0\" \"$@\" > /dev/null"),
            args,
        )
        .output()
        .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(0 | 127) => {}
            Some(1) if stderr.contains("ran out of memory") => ran_out += 1,
            code => panic!("{args:?} under ulimit -v {kib}: exit {code:?}: {stderr}"),
        }
        no_panic(&out.stderr);
    }
    assert!(
        ran_out > 0,
        "{args:?} never ran out of memory under {limits:?}"
    );
}

#[test]
fn allocation_failures_outside_the_typed_paths_say_so() {
    let cases: [(&[&str], &[u64]); 5] = [
        (
            &["count", "19", "-s", "quadrants"],
            &[20_000, 24_000, 26_000],
        ),
        (
            &["count", "40", "--symmetric", "quarter"],
            &[16_000, 18_000, 20_000],
        ),
        // Pumpkin allocates 50 MB at its first conflict: checked before it starts.
        (&["solve", "30", "-s", "cp"], &[24_000, 48_000, 64_000]),
        (
            &["instance", "1000000", "--queens", "1000", "--seed", "1"],
            &[16_000, 20_000, 24_000, 32_000],
        ),
        (
            &["trace", "1000000", "-s", "construction"],
            &[16_000, 20_000, 24_000, 28_000],
        ),
    ];
    for (args, limits) in cases {
        answers_or_runs_out_of_memory(args, limits);
    }
}
