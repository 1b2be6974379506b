//! Hangs and runaway resources: defaults that answer, bounded threads and reads.

use super::*;

#[test]
fn list_beyond_lexicographic_reach_answers() {
    let output = nqueens()
        .args(["list", "33", "--limit", "1"])
        .timeout(Duration::from_secs(60))
        .assert()
        .success()
        .get_output()
        .clone();
    let line = String::from_utf8(output.stdout).unwrap();
    let columns: Vec<u32> = line
        .split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect();
    nqueens::core::validate_size(&columns, 33).unwrap();
}

#[test]
fn declared_limits_are_ones_the_code_reaches() {
    let output = nqueens().args(["strategies", "--json"]).output().unwrap();
    let strategies: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let variant = |strategy: &str, variant: Option<&str>| {
        strategies
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == strategy)
            .and_then(|s| {
                s["variants"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|v| v["name"].as_str() == variant)
                    .cloned()
            })
            .unwrap_or_else(|| panic!("{strategy} {variant:?}"))
    };
    let vector = variant("vector", None);
    assert_eq!(
        (&vector["first"], &vector["list"]),
        (
            &serde_json::json!({"up-to": 33}),
            &serde_json::json!({"up-to": 33})
        )
    );
    assert_eq!(
        variant("breadth", None)["count"],
        serde_json::json!({"up-to": 15})
    );
    let faithful = variant("warnsdorff", Some("faithful"));
    assert_eq!(faithful["first"], serde_json::json!({"up-to": 199}));
    // Listing has no budget to stop it: only sizes that list at once (issue 27).
    assert_eq!(faithful["list"], serde_json::json!({"up-to": 75}));
}

#[test]
fn thread_counts_are_bounded() {
    nqueens()
        .args(["count", "10", "--threads", "65535"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--threads"));
    let started = Instant::now();
    nqueens()
        .args(["count", "10", "--threads", "1000"])
        .assert()
        .success()
        .stdout("724\n")
        .stderr(predicate::str::contains("core(s)"));
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn endless_or_oversized_input_is_refused_after_a_bounded_read() {
    // `verify < /dev/zero`: one endless line.
    redirected(&["verify"], zeros(), Stdio::piped(), Stdio::piped())
        .assert()
        .code(1)
        .stderr(predicate::str::contains("line 1 is longer than"));
    // With --n the bound is about 12·n bytes.
    redirected(
        &["verify", "--n", "8"],
        zeros(),
        Stdio::piped(),
        Stdio::piped(),
    )
    .assert()
    .code(1)
    .stderr(predicate::str::contains("of 8 queens"));
    // The earlier lines are verified first.
    let mut input = b"1 3 0 2\n".to_vec();
    input.extend(std::iter::repeat_n(b'7', 3000));
    nqueens()
        .args(["verify", "--n", "4"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("line 1: valid\n")
        .stderr(predicate::str::contains("line 2 is longer than"));
    // Records and checkpoints: reading stops at the first bytes that do not belong.
    for device in ["/dev/zero", "/dev/urandom"] {
        nqueens()
            .args(["merge", device])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("not a shard record"));
        // A device is refused before it is read at all (issue 27).
        nqueens()
            .args(["count", "8", "--checkpoint", device])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("not a regular file"));
    }
}

#[test]
fn messages_quote_only_the_start_of_a_bad_token() {
    let long = "9".repeat(100_000);
    for args in [
        vec!["verify", &long],
        vec!["count", &long],
        vec!["count", "8", "--shard", &long],
    ] {
        let output = nqueens().args(&args).output().unwrap();
        assert!(!output.status.success());
        assert!(
            output.stderr.len() < 600,
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let output = nqueens().args(["verify", &long]).output().unwrap();
    assert!(String::from_utf8_lossy(&output.stdout).contains("(100000 digits)"));
}

#[test]
fn sizes_too_large_for_any_board_say_so() {
    for n in ["18446744073709551616", "99999999999999999999999"] {
        nqueens()
            .args(["count", n])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("too large"));
    }
}

#[test]
fn compare_does_not_start_a_case_it_cannot_finish_in_time() {
    let started = Instant::now();
    nqueens()
        .args(["compare", "1000000000", "--job", "first", "--timeout", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("skipped"))
        .stdout(predicate::str::contains("over the --timeout"));
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
}
