//! `nqueens trace` as a user runs it: the JSON Lines read back and replayed to the strategy's
//! answer, the pictures decoded, the cut stated, and bad requests refused (exit 2) with nothing
//! written.

use std::path::PathBuf;

use assert_cmd::Command;
use nqueens_trace::Trace;
use predicates::prelude::*;

fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

/// A directory of its own for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("nqueens-trace-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn trace_of(args: &[&str]) -> Trace {
    let output = nqueens().arg("trace").args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Trace::read_jsonl(output.stdout.as_slice()).unwrap()
}

#[test]
fn json_lines_replay_to_the_answer_and_statistics() {
    for args in [
        &["8", "-s", "vector"][..],
        &["8", "-s", "min-conflicts", "--seed", "3"],
        &["8", "-s", "dlx", "--given", "0:1"],
    ] {
        let trace = trace_of(args);
        assert!(!trace.end.cut, "{args:?}");
        let replay = trace.replay();
        assert_eq!(replay.columns(), trace.end.solution, "{args:?}");
        let stats = trace.end.stats;
        assert_eq!(replay.stats().nodes, stats.nodes, "{args:?}");
        assert_eq!(replay.stats().backtracks, stats.backtracks, "{args:?}");
        assert_eq!(replay.stats().moves, stats.moves, "{args:?}");
        assert_eq!(replay.stats().restarts, stats.restarts, "{args:?}");
    }
    // Seeded runs record the same trace every time.
    assert_eq!(
        trace_of(&["8", "-s", "annealing", "--seed", "5"]),
        trace_of(&["8", "-s", "annealing", "--seed", "5"])
    );
}

#[test]
fn a_long_search_is_cut_and_says_so() {
    let output = nqueens()
        .args(["trace", "20", "-s", "vector", "--max-steps", "50"])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("cut at 50 steps"));
    let trace = Trace::read_jsonl(output.stdout.as_slice()).unwrap();
    assert!(trace.end.cut);
    assert_eq!(trace.events.len(), 50);
}

#[test]
fn pictures_are_written_and_decode() {
    let dir = Scratch::new("pictures");
    let svg = dir.path("vector.svg");
    nqueens()
        .args(["trace", "6", "-s", "vector", "--out"])
        .arg(&svg)
        .assert()
        .success()
        .stderr(predicate::str::contains("steps,"));
    let trace = trace_of(&["6", "-s", "vector"]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"));
    // One caption per frame: the start and every step.
    assert_eq!(
        text.matches("class=\"caption\"").count(),
        trace.events.len() + 1
    );

    let gif_path = dir.path("vector.gif");
    nqueens()
        .args(["trace", "6", "-s", "vector", "--out"])
        .arg(&gif_path)
        .assert()
        .success();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options
        .read_info(std::fs::File::open(&gif_path).unwrap())
        .unwrap();
    assert_eq!((decoder.width(), decoder.height()), (480, 480 + 44));
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, trace.events.len() + 1);

    let html = dir.path("both.html");
    nqueens()
        .args([
            "trace",
            "6",
            "-s",
            "vector",
            "--compare",
            "min-conflicts",
            "--out",
        ])
        .arg(&html)
        .assert()
        .success();
    assert!(std::fs::metadata(&html).unwrap().len() > 0);
}

#[test]
fn bad_requests_exit_2_and_write_nothing() {
    let dir = Scratch::new("bad");
    let refused = |args: &[&str], file: &str, why: &str| {
        let path = dir.path(file);
        nqueens()
            .arg("trace")
            .args(args)
            .arg("--out")
            .arg(&path)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(why));
        assert!(!path.exists(), "{args:?} wrote {file}");
    };
    refused(&["8", "-s", "no-such"], "a.jsonl", "no-such");
    refused(&["40", "-s", "bitmask"], "a.jsonl", "find a first solution");
    refused(
        &["33", "-s", "vector"],
        "big.svg",
        "too large for a readable picture",
    );
    refused(
        &["8", "-s", "vector", "--max-steps", "0"],
        "zero.svg",
        "not a step count",
    );
    refused(
        &["8", "-s", "vector"],
        "trace.txt",
        "must end in .jsonl, .svg, .gif or .html",
    );
    refused(
        &["8", "-s", "vector", "--compare", "dlx"],
        "two.svg",
        "--compare",
    );
    refused(
        &["8", "-s", "vector", "--max-steps", "50000"],
        "long.gif",
        "out of range",
    );
    nqueens()
        .args([
            "trace",
            "8",
            "-s",
            "vector",
            "--out",
            "/nonexistent-dir/x.svg",
        ])
        .assert()
        // A file that cannot be written: 1, as in every command (issue 27).
        .code(1)
        .stderr(predicate::str::contains("/nonexistent-dir"));
    // JSON Lines has no size limit for pictures.
    nqueens()
        .args(["trace", "40", "-s", "construction"])
        .assert()
        .success();
}

#[test]
fn a_permutation_trace_cut_at_its_cap_stops_there() {
    let out = nqueens()
        .args(["trace", "8", "-s", "permutation", "--max-steps", "50"])
        .assert()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let end: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(
        (end["end"].as_str(), end["cut"].as_bool()),
        (Some("interrupted"), Some(true))
    );
    // Once the walk went on to its solution (2,843 permutations) and reported it and its
    // statistics, though the trace said it was interrupted.
    assert_eq!(end["solution"], serde_json::Value::Null, "{end}");
    assert!(end["stats"]["examined"].as_u64().unwrap() < 50, "{end}");
}
