//! Data loss: full disks, emptied files, truncated statistics.

use super::*;

#[test]
fn a_picture_on_a_full_disk_is_an_error_naming_the_file() {
    let scratch = Scratch::new("render-full");
    for name in ["four.svg", "four.png"] {
        let path = full_disk(&scratch, name);
        let output = nqueens()
            .args(["render", "1", "3", "0", "2", "--out"])
            .arg(&path)
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "writing {}",
                path.display()
            )))
            .stderr(predicate::str::contains("No space left on device"))
            .get_output()
            .clone();
        // A sentence, not the plotting library's debug output.
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !stderr.contains("Os {") && !stderr.contains("Error("),
            "{stderr}"
        );
        no_panic(&output.stderr);
    }
    // The link is still a link to the device: nothing was renamed over it.
    assert!(
        std::fs::symlink_metadata(scratch.path("four.svg"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn solve_out_leaves_the_file_alone_without_a_solution() {
    let scratch = Scratch::new("solve-keep");
    let kept = scratch.path("f");
    std::fs::write(&kept, "keep\n").unwrap();
    // No solution exists.
    nqueens()
        .args(["solve", "3", "--out"])
        .arg(&kept)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no solution exists"));
    // The budget runs out.
    nqueens()
        .args(["solve", "100", "-s", "warnsdorff", "--variant", "faithful"])
        .args(["--budget", "1000", "--out"])
        .arg(&kept)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("budget"));
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "keep\n");
    // A solution replaces it, whole.
    nqueens()
        .args(["solve", "8", "--out"])
        .arg(&kept)
        .assert()
        .success()
        .stdout("");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "0 4 7 5 2 6 1 3\n");
    // No temporary file is left beside it.
    assert_eq!(scratch.files(), ["f"]);
}

#[test]
fn a_failed_write_keeps_the_old_file_and_names_it() {
    let scratch = Scratch::new("solve-efbig");
    let kept = scratch.path("big.txt");
    std::fs::write(&kept, "keep\n").unwrap();
    // A file size limit makes the write fail partway (ignoring SIGXFSZ turns it into EFBIG).
    let output = shell(
        "trap '' XFSZ; ulimit -f 8; exec \"$0\" solve 20000 -s construction --out \"$1\"",
        &[kept.to_str().unwrap()],
    )
    .assert()
    .code(1)
    .stderr(predicate::str::contains(format!(
        "writing {}",
        kept.display()
    )))
    .get_output()
    .clone();
    no_panic(&output.stderr);
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "keep\n");
    assert_eq!(
        scratch.files(),
        ["big.txt"],
        "a temporary file was left behind"
    );
    // The same on a full disk.
    let full = full_disk(&scratch, "full.txt");
    nqueens()
        .args(["solve", "8", "--out"])
        .arg(&full)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "writing {}",
            full.display()
        )));
}

#[test]
fn an_interrupted_solve_leaves_its_out_file_alone() {
    let scratch = Scratch::new("solve-interrupted");
    let kept = scratch.path("f");
    std::fs::write(&kept, "keep\n").unwrap();
    // Lexicographic backtracking needs 140 million nodes at n = 33: it is still searching.
    let child = spawn(
        &[
            "solve",
            "33",
            "-s",
            "vector",
            "--out",
            kept.to_str().unwrap(),
        ],
        Stdio::null(),
    );
    wait_until_catching(&child);
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, "INT");
    let (code, _, stderr) = finish(child, 60);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "keep\n");
}

/// Writes a criterion tree of one benchmark under `root` (the files criterion 0.8 leaves).
fn fake_criterion(root: &Path) {
    let dir = root.join("count_all/bitmask/8/new");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("benchmark.json"),
        r#"{"group_id":"count_all","function_id":"bitmask","value_str":"8","throughput":null,"full_id":"count_all/bitmask/8","directory_name":"count_all/bitmask/8","title":"count_all/bitmask/8"}"#,
    )
    .unwrap();
    let interval = r#"{"confidence_interval":{"confidence_level":0.95,"lower_bound":900.0,"upper_bound":1100.0},"point_estimate":1000.0,"standard_error":1.0}"#;
    std::fs::write(
        dir.join("estimates.json"),
        format!(
            r#"{{"mean":{interval},"median":{interval},"median_abs_dev":{interval},"slope":null,"std_dev":{interval}}}"#
        ),
    )
    .unwrap();
}

/// A statistics CSV that lists the fake benchmark as measured.
fn fake_stats() -> String {
    let mut stats = nqueens_report::StatsFile::default();
    stats.records.push(nqueens_report::CaseRecord::new(
        "count_all",
        "bitmask",
        "bitmask",
        8,
        nqueens_report::CaseStatus::Measured,
    ));
    stats.to_csv()
}

#[test]
fn report_refuses_an_empty_or_truncated_statistics_file() {
    let scratch = Scratch::new("report-stats");
    let criterion = scratch.path("criterion");
    fake_criterion(&criterion);
    let out = scratch.path("reports");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("README.md"), "the committed report\n").unwrap();
    let good = fake_stats();
    let cut = &good[..good.len() - 5];
    let header_only = good.lines().next().unwrap().to_string() + "\n";
    for (name, text, says) in [
        ("empty.csv", "", "is empty"),
        ("truncated.csv", cut, "truncated"),
        ("header-only.csv", header_only.as_str(), "no cases"),
        ("meta-only.csv", "# cpu: x\n", "no header line"),
    ] {
        let stats = scratch.path(name);
        std::fs::write(&stats, text).unwrap();
        nqueens()
            .arg("report")
            .arg("--criterion")
            .arg(&criterion)
            .arg("--stats")
            .arg(&stats)
            .arg("--out")
            .arg(&out)
            .args(["--boards", "4"])
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(says));
        assert_eq!(
            std::fs::read_to_string(out.join("README.md")).unwrap(),
            "the committed report\n",
            "{name}"
        );
    }
    // A whole file makes a report.
    let stats = scratch.path("good.csv");
    std::fs::write(&stats, &good).unwrap();
    nqueens()
        .arg("report")
        .arg("--criterion")
        .arg(&criterion)
        .arg("--stats")
        .arg(&stats)
        .arg("--out")
        .arg(&out)
        .args(["--boards", "4"])
        .assert()
        .success();
    assert_ne!(
        std::fs::read_to_string(out.join("README.md")).unwrap(),
        "the committed report\n"
    );
    // Its standard output on a full disk: an error, not a panic.
    let args = [
        "report",
        "--criterion",
        criterion.to_str().unwrap(),
        "--stats",
        stats.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--boards",
        "4",
    ];
    let output = redirected(&args, Stdio::null(), full(), Stdio::piped());
    no_panic(&output.stderr);
    output
        .assert()
        .code(1)
        .stderr(predicate::str::contains("writing standard output"));
}

#[test]
fn a_signal_while_a_large_solution_is_written_stops_the_write() {
    let scratch = Scratch::new("solve-out-signal");
    let out = scratch.path("big.txt");
    // 10^8 queens: the construction takes a second, writing its 890 MB takes several more.
    let child = spawn(
        &[
            "solve",
            "100000000",
            "-s",
            "construction",
            "--out",
            out.to_str().unwrap(),
        ],
        Stdio::null(),
    );
    wait_until_catching(&child);
    let deadline = Instant::now() + Duration::from_secs(60);
    while !scratch.files().iter().any(|f| f.ends_with(".partial")) {
        assert!(Instant::now() < deadline, "the write never started");
        std::thread::sleep(Duration::from_millis(10));
    }
    signal(&child, "INT");
    let (code, _, stderr) = finish(child, 60);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stderr.contains("interrupted while writing"), "{stderr}");
    // No partial file, and no output: the write stopped at the signal.
    assert_eq!(scratch.files(), Vec::<String>::new(), "{stderr}");
}
