//! The `nqueens` binary as a user runs it: outputs, exit codes, and every kind of bad input.

use assert_cmd::Command;
use predicates::prelude::*;

fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

#[test]
fn solve_prints_one_line_and_optionally_the_board() {
    nqueens()
        .args(["solve", "4"])
        .assert()
        .success()
        .stdout("1 3 0 2\n");
    nqueens()
        .args(["solve", "4", "--board"])
        .assert()
        .success()
        .stdout("1 3 0 2\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n");
    nqueens()
        .args(["solve", "1", "--strategy", "vector"])
        .assert()
        .success()
        .stdout("0\n");
}

#[test]
fn solve_without_solution_exits_1_with_a_message() {
    for n in ["2", "3"] {
        nqueens()
            .args(["solve", n])
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains("no solution exists"));
    }
}

#[test]
fn solve_json_is_machine_readable() {
    let output = nqueens().args(["solve", "6", "--json"]).output().unwrap();
    assert!(output.status.success());
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["solution"], serde_json::json!([1, 3, 5, 0, 2, 4]));
    assert_eq!(value["outcome"], "found");
    assert!(value["stats"]["nodes"].as_u64().unwrap() > 0);
    // The variant that ran is named, also when the default picked it.
    let output = nqueens()
        .args(["solve", "8", "-s", "warnsdorff", "--json"])
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["variant"], "scaling");
}

#[test]
fn count_prints_the_number_alone() {
    nqueens()
        .args(["count", "8"])
        .assert()
        .success()
        .stdout("92\n");
    nqueens()
        .args(["count", "10", "--strategy", "vector"])
        .assert()
        .success()
        .stdout("724\n");
    let output = nqueens().args(["count", "6", "--json"]).output().unwrap();
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["total"], 4);
    assert_eq!(value["complete"], true);
}

#[test]
fn list_streams_in_lexicographic_order_and_honours_limit() {
    nqueens()
        .args(["list", "6"])
        .assert()
        .success()
        .stdout("1 3 5 0 2 4\n2 5 1 4 0 3\n3 0 4 1 5 2\n4 2 0 5 3 1\n");
    nqueens()
        .args(["list", "8", "--limit", "2", "--strategy", "vector"])
        .assert()
        .success()
        .stdout("0 4 7 5 2 6 1 3\n0 5 7 2 6 3 1 4\n");
    nqueens().args(["list", "3"]).assert().success().stdout("");
}

#[test]
fn verify_says_valid_or_exactly_why_not() {
    nqueens()
        .args(["verify", "1", "3", "0", "2"])
        .assert()
        .success()
        .stdout("valid\n");
    nqueens()
        .args(["verify", "1,3,0,2"])
        .assert()
        .success()
        .stdout("valid\n");
    let cases = [
        ("1 3 0 3", "rows 1 and 3 share column 3"),
        ("1 0 3 2", "rows 0 and 1 share a rising"),
        ("0 2 4 1 3 5", "rows 0 and 5 share a falling"),
        ("1 3 4 2", "row 2: column 4 is off the board"),
        ("1 x 2", "unexpected 'x' at position 3"),
        ("1,,2", "missing number before the comma at position 3"),
    ];
    for (placement, reason) in cases {
        nqueens()
            .args(["verify", placement])
            .assert()
            .code(1)
            .stdout(predicate::str::contains(reason));
    }
    nqueens()
        .args(["verify", "--n", "5", "1 3 0 2"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("expected 5 queens"));
}

#[test]
fn verify_reads_standard_input_line_by_line() {
    // Several placements: each verdict says which input line it is about.
    nqueens()
        .arg("verify")
        .write_stdin("1 3 0 2\n\n2 0 3 1\n")
        .assert()
        .success()
        .stdout("line 1: valid\nline 3: valid\n");
    nqueens()
        .arg("verify")
        .write_stdin("1 3 0 2\n0 1\n")
        .assert()
        .code(1)
        .stdout("line 1: valid\nline 2: invalid: rows 0 and 1 share a falling (\\) diagonal\n");
    // One placement: its verdict alone, as for arguments.
    nqueens()
        .arg("verify")
        .write_stdin("\n1 3 0 2\n")
        .assert()
        .success()
        .stdout("valid\n");
    // Nothing to check is a usage error.
    nqueens()
        .arg("verify")
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no placement given"));
    let output = nqueens()
        .args(["verify", "--json", "0 0"])
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["valid"], false);
}

/// Runs `nqueens` with `args` and asserts that it exits with status 2, a usage error.
fn usage_error(args: &[&str]) -> assert_cmd::assert::Assert {
    nqueens().args(args).assert().code(2)
}

#[test]
fn bad_sizes_and_names_are_usage_errors() {
    let refused: &[(&[&str], &str)] = &[
        (&["solve", "0"], "board size must be at least 1"),
        (&["count", "abc"], "not a board size"),
        (&["solve", "33", "--strategy", "bitmask"], "up to 32"),
        (&["count", "29"], "28"),
        (
            &["count", "8", "--variant", "turbo"],
            "no variant \"turbo\"",
        ),
        (&["solve", "2000", "--board"], "up to n = 1000"),
        // Sizes no strategy takes, or this one does not, are refused, never attempted.
        (&["solve", "4294967297", "--strategy", "vector"], "up to 33"),
        (
            &["solve", "100000000000"],
            "no strategy can find a first solution",
        ),
        (
            &["solve", "8", "--strategy", "bitmask", "--variant", "x"],
            "it has no variants",
        ),
        (
            &["render", "1", "3", "0", "9", "--out", "never-written.svg"],
            "outside a board of size 4",
        ),
    ];
    for (args, message) in refused {
        usage_error(args).stderr(predicate::str::contains(*message));
    }
    usage_error(&["count", "8", "--strategy", "nope"])
        .stderr(predicate::str::contains("unknown strategy \"nope\""))
        .stderr(predicate::str::contains("bitmask"));
    for timeout in ["inf", "nan", "1e20", "0", "x"] {
        usage_error(&["compare", "8", "--timeout", timeout])
            .stderr(predicate::str::contains("--timeout"));
    }
    usage_error(&["count", "10", "--strategy", "bitmask", "--unique"])
        .stdout("")
        .stderr(predicate::str::contains(
            "--unique needs --strategy symmetry",
        ));
    usage_error(&["count", "-3"]);
    usage_error(&["render", "--out", "never-written.svg"]);
    usage_error(&["solve"]);
    usage_error(&["frobnicate"]);
    usage_error(&["count", "8", "--bogus"]);
}

#[test]
fn verify_takes_negative_numbers_as_a_bad_placement() {
    nqueens()
        .args(["verify", "-1", "3"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("invalid: unexpected '-'"));
    let output = nqueens()
        .args(["verify", "--json", "1", "3", "0", "3"])
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (value["valid"].as_bool(), value["n"].as_u64()),
        (Some(false), Some(4))
    );
}

#[test]
fn the_default_first_solution_strategy_scales() {
    // Lexicographic backtracking for small boards (the first solution in order), then a
    // strategy that does not stall: n = 32 would take bitmask backtracking 87 million nodes.
    nqueens()
        .args(["solve", "8", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"strategy\":\"bitmask\""));
    nqueens()
        .args(["solve", "32", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"strategy\":\"construction\""));
}

#[test]
fn strategies_lists_every_registered_name_with_limits() {
    nqueens()
        .arg("strategies")
        .assert()
        .success()
        .stdout(predicate::str::contains("vector"))
        .stdout(predicate::str::contains("bitmask"))
        .stdout(predicate::str::contains("n <= 32"));
    let output = nqueens().args(["strategies", "--json"]).output().unwrap();
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(value.as_array().unwrap().len() >= 2);
}

#[test]
fn compare_prints_a_table_per_job() {
    nqueens()
        .args(["compare", "6", "8"])
        .assert()
        .success()
        .stdout(predicate::str::contains("count all solutions"))
        .stdout(predicate::str::contains("first solution"))
        .stdout(predicate::str::contains("92"));
    let output = nqueens()
        .args(["compare", "--json", "--job", "count", "6"])
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let cases = value.as_array().unwrap();
    assert!(cases.iter().all(|c| c["result"] == "4"));
}

#[test]
fn every_command_has_help() {
    for command in ["solve", "count", "list", "verify", "strategies", "compare"] {
        nqueens().args([command, "--help"]).assert().success();
    }
}

/// `--memory-limit` reaches the strategies that hold frontiers or formulas when they search for
/// one solution or list, not only the counters.
#[test]
fn solve_and_list_honour_the_memory_limit() {
    for (args, says) in [
        (
            &["solve", "14", "-s", "breadth", "--memory-limit", "1M"][..],
            "above the memory limit of 1 MiB (--memory-limit raises it)",
        ),
        (
            &["solve", "30", "-s", "sat", "--memory-limit", "1M"][..],
            "above the memory limit of 1 MiB (--memory-limit raises it)",
        ),
        (
            &["list", "14", "-s", "breadth", "--memory-limit", "1M"][..],
            "above the memory limit of 1 MiB (--memory-limit raises it)",
        ),
    ] {
        nqueens()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(says));
    }
    // A* ends its search, like a spent budget, when its frontier would pass the bound.
    nqueens()
        .args(["solve", "12", "-s", "astar", "--variant", "row"])
        .args(["--memory-limit", "1K"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--memory-limit"));
    nqueens()
        .args(["solve", "8", "-s", "astar", "--memory-limit", "64M"])
        .assert()
        .success();
    nqueens()
        .args(["list", "8", "--memory-limit", "lots"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a memory size"));
}
