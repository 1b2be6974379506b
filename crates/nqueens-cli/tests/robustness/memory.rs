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
