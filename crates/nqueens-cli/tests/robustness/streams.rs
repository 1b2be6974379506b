//! Panics and lost output: full, broken and closed standard streams.

use super::*;

#[test]
fn a_full_or_broken_stream_is_an_error_never_a_panic() {
    let scratch = Scratch::new("full-streams");
    let picture = scratch.path("four.svg");
    let cases: [&[&str]; 8] = [
        &[
            "render",
            "1",
            "3",
            "0",
            "2",
            "--out",
            picture.to_str().unwrap(),
        ],
        &["count", "8"],
        &["list", "8"],
        &["strategies"],
        &["solve", "8", "--json"],
        &["verify", "1", "3", "0", "2"],
        &["--help"],
        &["compare", "6", "--job", "count"],
    ];
    for args in cases {
        let output = redirected(args, Stdio::null(), full(), Stdio::piped());
        no_panic(&output.stderr);
        output
            .assert()
            .code(1)
            .stderr(predicate::str::contains("writing standard output"));
    }
    // Standard error on a full disk: the message is lost, the status is not (a panic would
    // exit with 101).
    for (args, code) in [
        (&["solve", "2"][..], 1),
        (&["solve", "8", "--seed", "1"], 0),
        (&["verify", "0 0"], 1),
        (&["count", "8", "--bogus"], 2),
    ] {
        redirected(args, Stdio::null(), Stdio::piped(), full())
            .assert()
            .code(code);
    }
}

#[test]
fn a_closed_standard_output_is_a_failure() {
    for args in [&["count", "8"][..], &["list", "6"], &["solve", "8"]] {
        let mut command = shell("exec \"$0\" \"$@\" >&-", args);
        command
            .assert()
            .code(1)
            .stderr(predicate::str::contains("standard output is closed"));
    }
    // A command that prints nothing there does not care.
    let scratch = Scratch::new("closed-stdout");
    let out = scratch.path("eight.txt");
    shell(
        "exec \"$0\" solve 8 --out \"$1\" >&-",
        &[out.to_str().unwrap()],
    )
    .assert()
    .success();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "0 4 7 5 2 6 1 3\n");
}

#[test]
fn a_reader_that_goes_away_is_not_a_failure() {
    for args in [&["list", "14"][..], &["strategies"], &["count", "10"]] {
        let mut child = spawn(args, Stdio::null());
        // Read nothing, and close the pipe: every write fails with a broken pipe.
        drop(child.stdout.take());
        let (code, _, stderr) = finish(child, 60);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
    }
}
