//! Signals: SIGTERM, SIGINT and SIGHUP sent to a real child process.

use super::*;

#[test]
fn sigterm_stops_a_count_like_ctrl_c_and_keeps_its_checkpoint() {
    let scratch = Scratch::new("sigterm-count");
    let checkpoint = scratch.path("count-17.ckpt");
    let ckpt = checkpoint.to_str().unwrap();
    let args = ["count", "17", "--threads", "1", "--checkpoint", ckpt];
    let child = spawn(&args, Stdio::null());
    wait_until_catching(&child);
    wait_for_lines(&checkpoint, 4);
    signal(&child, "TERM");
    let (code, stdout, stderr) = finish(child, 60);
    assert_eq!(code, Some(143), "{stderr}");
    // The partial count says so on standard output itself.
    assert!(stdout.ends_with(" (partial)\n"), "{stdout:?}");
    let partial: u64 = stdout.split_whitespace().next().unwrap().parse().unwrap();
    assert!(partial < 95_815_104);
    assert!(stderr.contains("partial"), "{stderr}");
    // The checkpoint is intact: the same count resumes from it, and Ctrl-C stops it again.
    let saved = std::fs::read_to_string(&checkpoint)
        .unwrap()
        .lines()
        .count()
        - 1;
    assert!(saved >= 3);
    let child = spawn(&args, Stdio::null());
    wait_until_catching(&child);
    wait_for_lines(&checkpoint, saved + 3);
    signal(&child, "INT");
    let (code, stdout, stderr) = finish(child, 60);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(
        stderr.contains(&format!("resuming from {ckpt}: {saved} subproblems")),
        "{stderr}"
    );
    assert!(stdout.ends_with(" (partial)\n"), "{stdout:?}");
}

#[test]
fn an_interrupted_shard_or_json_count_says_complete_false() {
    let child = spawn(
        &["count", "17", "--threads", "1", "--shard", "0/2"],
        Stdio::null(),
    );
    wait_until_catching(&child);
    std::thread::sleep(Duration::from_millis(500));
    signal(&child, "TERM");
    let (code, stdout, stderr) = finish(child, 60);
    assert_eq!(code, Some(143), "{stderr}");
    let record: ShardRecord = serde_json::from_str(&stdout).unwrap();
    assert!(!record.is_complete());
    assert!(record.is_intact());
    let child = spawn(&["count", "17", "--threads", "1", "--json"], Stdio::null());
    wait_until_catching(&child);
    std::thread::sleep(Duration::from_millis(500));
    signal(&child, "INT");
    let (code, stdout, stderr) = finish(child, 60);
    assert_eq!(code, Some(130), "{stderr}");
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(value["complete"], false);
    // SIGHUP, what a closed terminal sends, too.
    let child = spawn(&["count", "17", "--threads", "1"], Stdio::null());
    wait_until_catching(&child);
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, "HUP");
    let (code, stdout, _) = finish(child, 60);
    assert_eq!(code, Some(129));
    assert!(stdout.ends_with(" (partial)\n"), "{stdout:?}");
}

#[test]
fn commands_waiting_for_standard_input_stop_on_the_first_signal() {
    // verify: what was verified is on standard output before it waits for more.
    let mut child = spawn(&["verify"], Stdio::piped());
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"1 3 0 2\n0 1\n").unwrap();
    input.flush().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let (sender, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut first = String::new();
        let _ = out.read_line(&mut first);
        let _ = sender.send(first);
    });
    let first = received.recv_timeout(Duration::from_secs(30));
    if first.is_err() {
        child.kill().ok();
    }
    assert_eq!(
        first.as_deref(),
        Ok("line 1: valid\n"),
        "verdicts must be shown before waiting for more input"
    );
    wait_until_catching(&child);
    signal(&child, "INT");
    let started = Instant::now();
    let (code, _, _) = finish(child, 30);
    assert_eq!(code, Some(130));
    assert!(started.elapsed() < Duration::from_secs(10));
    drop(input);
    // merge -: SIGTERM.
    let mut child = spawn(&["merge", "-"], Stdio::piped());
    let input = child.stdin.take().unwrap();
    wait_until_catching(&child);
    signal(&child, "TERM");
    let (code, stdout, _) = finish(child, 30);
    assert_eq!((code, stdout.as_str()), (Some(143), ""));
    drop(input);
}

#[test]
fn a_signal_while_verify_checks_a_line_keeps_every_verdict() {
    // Three short placements, then one of four million queens (column 2i mod n solves every n
    // that is 1 or 5 mod 6), and standard input left open. The signal comes while the long line
    // is being checked, with the three short verdicts still in the output buffer.
    let n = 4_000_001u64;
    let mut text = "1 3 0 2\n".repeat(3);
    for row in 0..n {
        text.push_str(&(2 * row % n).to_string());
        text.push(if row + 1 == n { '\n' } else { ' ' });
    }
    let mut child = spawn(&["verify"], Stdio::piped());
    let mut input = child.stdin.take().unwrap();
    wait_until_catching(&child);
    input.write_all(text.as_bytes()).unwrap();
    signal(&child, "TERM");
    let (code, stdout, stderr) = finish(child, 60);
    drop(input);
    assert_eq!(code, Some(143), "{stderr}");
    assert_eq!(
        stdout,
        "line 1: valid\nline 2: valid\nline 3: valid\nline 4: valid\n"
    );
}
