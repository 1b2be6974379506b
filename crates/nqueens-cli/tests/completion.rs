//! `--given` and `nqueens instance` as a user runs them: completions, counts, the usage
//! errors (exit 2) and reproducible instances.

use assert_cmd::Command;
use predicates::prelude::*;

fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

#[test]
fn solve_count_and_list_keep_the_given_queens() {
    // 8 × 8 with a queen on row 0, column 0: 4 of the 92 solutions.
    nqueens()
        .args(["count", "8", "--given", "0:0"])
        .assert()
        .success()
        .stdout("4\n");
    let listed = nqueens()
        .args(["list", "8", "--given", "0 . . . . . . .", "-s", "bitmask"])
        .output()
        .unwrap();
    assert!(listed.status.success());
    let lines: Vec<&str> = std::str::from_utf8(&listed.stdout)
        .unwrap()
        .lines()
        .collect();
    assert_eq!(lines.len(), 4);
    assert!(lines.iter().all(|line| line.starts_with("0 ")));
    for strategy in ["vector", "bitmask", "dlx", "sat", "cp"] {
        nqueens()
            .args(["solve", "6", "--given", "0:1", "-s", strategy])
            .assert()
            .success()
            .stdout("1 3 5 0 2 4\n");
    }
    nqueens()
        .args([
            "solve",
            "6",
            "--given",
            "0:1",
            "-s",
            "min-conflicts",
            "--seed",
            "1",
        ])
        .assert()
        .success()
        .stdout("1 3 5 0 2 4\n");
}

#[test]
fn given_queens_without_completion_exit_1() {
    nqueens()
        .args(["solve", "4", "--given", "0:0"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("have no completion"));
    nqueens()
        .args(["count", "4", "--given", "0:0"])
        .assert()
        .success()
        .stdout("0\n");
}

#[test]
fn bad_given_queens_are_usage_errors() {
    for (given, reason) in [
        ("1:x", "is not a row:column pair"),
        ("", "no queens given"),
        ("1 q 2", "is not a column"),
        ("1:2,1:4", "row 1 is given twice"),
        ("1:0,3:2", "rows 1 and 3 share a falling"),
        ("0:0,4:0", "rows 0 and 4 share column 0"),
    ] {
        nqueens()
            .args(["solve", "8", "--given", given])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(reason));
    }
    nqueens()
        .args(["solve", "8", "--given", "9:1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("off the 8 × 8 board"));
    nqueens()
        .args(["solve", "8", "--given", ". 1 ."])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("has 3 rows, but the board has 8"));
}

#[test]
fn strategies_that_cannot_keep_given_queens_are_refused() {
    for (command, strategy) in [
        ("solve", "construction"),
        ("solve", "warnsdorff"),
        ("solve", "annealing"),
        ("count", "symmetry"),
        ("list", "permutation"),
    ] {
        nqueens()
            .args([command, "8", "--given", "0:0", "-s", strategy])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("cannot complete given queens"))
            .stderr(predicate::str::contains(
                "strategies that complete given queens: vector",
            ));
    }
    for flag in ["--unique", "--checkpoint=x.ckpt", "--shard=0/2"] {
        nqueens()
            .args(["count", "8", "--given", "0:0", flag])
            .assert()
            .code(2);
    }
    nqueens()
        .args(["list", "8", "--given", "0:0", "--unique"])
        .assert()
        .code(2);
}

#[test]
fn instances_are_reproducible_and_pose_a_completion() {
    let first = nqueens()
        .args(["instance", "20", "--queens", "6", "--seed", "9"])
        .output()
        .unwrap();
    assert!(first.status.success());
    let again = nqueens()
        .args(["instance", "20", "-k", "6", "--seed", "9"])
        .output()
        .unwrap();
    assert_eq!(first.stdout, again.stdout);
    let other = nqueens()
        .args(["instance", "20", "--queens", "6", "--seed", "10"])
        .output()
        .unwrap();
    assert_ne!(first.stdout, other.stdout);
    let given = String::from_utf8(first.stdout).unwrap();
    assert_eq!(given.trim().split(',').count(), 6);
    // What it prints is what --given reads.
    let solved = nqueens()
        .args(["solve", "20", "--given", given.trim()])
        .output()
        .unwrap();
    assert!(matches!(solved.status.code(), Some(0 | 1)), "{solved:?}");
    nqueens()
        .args(["instance", "4", "--queens", "5", "--seed", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("5 queens cannot stand"));
    nqueens()
        .args(["instance", "8", "--queens", "0", "--seed", "1"])
        .assert()
        .code(2);
}
