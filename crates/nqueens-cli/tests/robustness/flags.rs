//! Flags that do nothing, and smaller promises.

use super::*;

#[test]
fn flags_that_do_nothing_are_refused_or_warned_about() {
    nqueens()
        .args(["solve", "8", "--seed", "3"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "--seed does nothing here: bitmask",
        ));
    nqueens()
        .args(["count", "8", "--strategy", "vector", "--threads", "2"])
        .assert()
        .success()
        .stdout("92\n")
        .stderr(predicate::str::contains("--threads does nothing here"));
    nqueens()
        .args(["count", "10", "--shard", "0/2", "--unique"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--unique does nothing with --shard",
        ));
    for board in ["--board", "--unicode"] {
        nqueens()
            .args(["solve", "8", "--json", board])
            .assert()
            .code(2)
            .stdout("");
    }
    let scratch = Scratch::new("useless-flags");
    nqueens()
        .args(["render", "1", "3", "0", "2", "--seed", "4", "--out"])
        .arg(scratch.path("four.svg"))
        .assert()
        .success()
        .stderr(predicate::str::contains("--seed does nothing"));
    // A budget the chosen variant does not take (its capabilities say so) is said to do
    // nothing; one it takes is not, whatever counter it caps (genetic: generations; sat:
    // conflicts).
    nqueens()
        .args(["solve", "20", "-s", "bitmask", "--budget", "5"])
        .assert()
        .success()
        .stderr(predicate::str::contains("--budget does nothing here"));
    for strategy in ["genetic", "sat"] {
        nqueens()
            .args(["solve", "12", "-s", strategy, "--budget", "100000"])
            .assert()
            .success()
            .stderr(predicate::str::contains("does nothing").not());
    }
    nqueens()
        .args(["solve", "20", "-s", "construction", "--budget", "5"])
        .assert()
        .success()
        .stderr(predicate::str::contains("--budget does nothing here"));
    nqueens()
        .args([
            "solve",
            "100",
            "-s",
            "warnsdorff",
            "--variant",
            "faithful",
            "--budget",
            "5",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("does nothing").not());
    // A seed that was given is not repeated; one that was drawn is printed.
    nqueens()
        .args(["solve", "20", "-s", "min-conflicts", "--seed", "5"])
        .assert()
        .success()
        .stderr("");
    nqueens()
        .args(["solve", "20", "-s", "min-conflicts"])
        .assert()
        .success()
        .stderr(predicate::str::starts_with("seed: "));
}

#[test]
fn verify_takes_a_byte_order_mark_and_numbers_its_verdicts() {
    nqueens()
        .arg("verify")
        .write_stdin("\u{feff}1 3 0 2\r\n2 0 3 1\n0 0\n")
        .assert()
        .code(1)
        .stdout("line 1: valid\nline 2: valid\nline 3: invalid: rows 0 and 1 share column 0\n");
    let output = nqueens()
        .args(["verify", "--json"])
        .write_stdin("1 3 0 2\n\n0 0\n")
        .output()
        .unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        (lines[0]["line"].as_u64(), lines[1]["line"].as_u64()),
        (Some(1), Some(3))
    );
    // Bytes that are not text are an invalid placement, and the rest is still read.
    nqueens()
        .arg("verify")
        .write_stdin(b"\xff\xfe\n1 3 0 2\n".to_vec())
        .assert()
        .code(1)
        .stdout("line 1: invalid: the line is not UTF-8 text\nline 2: valid\n");
}

#[test]
fn a_launcher_variable_that_is_not_text_is_refused_not_taken_as_unset() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"\xff");
    let run = |vars: &[(&str, &std::ffi::OsStr)]| {
        let mut command = nqueens();
        command.env_clear().args(["count", "10", "--shard", "auto"]);
        for (name, value) in vars {
            command.env(name, value);
        }
        command.assert()
    };
    let pmi = [("PMI_RANK", "2".as_ref()), ("PMI_SIZE", "4".as_ref())];
    // Once: SLURM_ARRAY_TASK_ID counted as unset, and shard 2/4 of PMI counted, exit 0.
    run(&[&[("SLURM_ARRAY_TASK_ID", bad)], &pmi[..]].concat())
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("SLURM_ARRAY_TASK_ID"));
    // Once: the consistency check against the array's last task skipped.
    run(&[
        ("SLURM_ARRAY_TASK_ID", "1".as_ref()),
        ("SLURM_ARRAY_TASK_COUNT", "4".as_ref()),
        ("SLURM_ARRAY_TASK_MIN", "0".as_ref()),
        ("SLURM_ARRAY_TASK_MAX", bad),
    ])
    .code(2)
    .stdout("")
    .stderr(predicate::str::contains("SLURM_ARRAY_TASK_MAX"));
}
