//! The README's samples and figures, run as written: a figure in the README is either written by
//! `nqueens report` or checked here.

use assert_cmd::Command;
use predicates::prelude::*;

fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

fn readme() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    std::fs::read_to_string(path).expect("the workspace README")
}

/// The data lines of `benches/NAME` (comments and the header left out), split at commas.
fn bench_csv(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/../../benches/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .skip(1)
        .map(|line| line.split(',').map(String::from).collect())
        .collect()
}

/// Splits a sample command line as a shell would for these samples: words, and double-quoted
/// strings kept whole; a ` # ` outside quotes starts a comment.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            '#' if !quoted && word.is_none() => break,
            c if c.is_whitespace() && !quoted => out.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    out
}

/// Runs `nqueens` with `args`, returning its standard output and error.
fn run(args: &[String]) -> (String, String) {
    let output = nqueens().args(args).output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Every `$ nqueens ...` line of the README's `sh` samples that shows its output prints exactly
/// that output (commands that write files, read pipes or take long show none and are not run).
#[test]
fn shell_samples_print_what_the_readme_shows() {
    let text = readme();
    let mut checked = 0;
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(command) = line.strip_prefix("$ nqueens ") else {
            continue;
        };
        let mut shown = Vec::new();
        while let Some(next) = lines.peek() {
            if next.starts_with('$') || next.starts_with("```") {
                break;
            }
            shown.push(lines.next().unwrap_or_default());
        }
        // `--json` prints the run's seconds.
        let special = [
            "|",
            "$(",
            "*",
            "--out",
            "--json",
            "--checkpoint",
            "merge",
            "--shard",
            "compare",
            "report",
            "trace",
        ];
        if shown.is_empty() || special.iter().any(|s| command.contains(s)) {
            continue;
        }
        let (stdout, _) = run(&words(command));
        let printed: Vec<&str> = stdout.lines().collect();
        assert_eq!(printed, shown, "`nqueens {command}`");
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} samples found");
}

/// A table row without its time (`943 µs`: two words), for comparing runs; `None` for the
/// rule under the header, whose widths follow the widest cells.
fn without_time(line: &str) -> Option<Vec<&str>> {
    let mut cells: Vec<&str> = line.split_whitespace().collect();
    let is_row = cells.first().is_some_and(|c| c.parse::<usize>().is_ok());
    if is_row && cells.len() > 4 {
        cells.drain(2..4);
    }
    (!cells.first().is_some_and(|c| c.starts_with("--"))).then_some(cells)
}

/// The `compare` sample (written by `nqueens report`): its announcement, header, rows, every
/// statistic and note are what the command prints; only the times (which vary) are left out
/// of the comparison, and so are the rows and notes of strategies registered since the sample
/// was written (the next report adds them).
#[test]
fn compare_sample_matches_the_command_but_for_times() {
    let text = readme();
    let block = nqueens_report::project::block(&text, "compare").expect("the compare sample");
    let block = block
        .trim()
        .trim_start_matches("```text")
        .trim_end_matches("```");
    let mut lines = block.trim().lines();
    let command = lines.next().unwrap().trim_start_matches("$ nqueens ");
    assert_eq!(command, nqueens_report::project::COMPARE_SAMPLE);
    let announced = lines.next().unwrap();
    let (stdout, stderr) = run(&words(command));
    assert_eq!(stderr.trim_end(), announced);
    let expected: Vec<Vec<&str>> = lines.filter_map(without_time).collect();
    let shown: Vec<&str> = expected
        .iter()
        .filter(|cells| cells.first().is_some_and(|c| c.parse::<usize>().is_ok()))
        .filter_map(|cells| cells.get(1).copied())
        .collect();
    let registered: Vec<&str> = nqueens::registry().names().collect();
    let added = |cells: &Vec<&str>| {
        let named = match cells.first() {
            Some(c) if c.parse::<usize>().is_ok() => cells.get(1).copied(),
            Some(c) => c.strip_prefix('('),
            None => None,
        };
        named.is_some_and(|name| registered.contains(&name) && !shown.contains(&name))
    };
    let printed: Vec<Vec<&str>> = stdout
        .lines()
        .filter_map(without_time)
        .filter(|cells| !added(cells))
        .collect();
    assert_eq!(printed, expected);
}

/// The strategy table (written by `nqueens report`): each of its rows is what the registry
/// says of that strategy, in registry order (a strategy registered since is added by the next
/// report).
#[test]
fn strategy_table_is_the_registry() {
    let text = readme();
    let block = nqueens_report::project::block(&text, "strategies").expect("the strategy table");
    let generated = nqueens_report::project::strategies_table(&nqueens::registry());
    let mut rows = generated.lines();
    for line in block.trim().lines() {
        assert!(
            rows.any(|row| row == line),
            "the README's strategy table says\n{line}\nwhere the registry says\n{generated}"
        );
    }
}

/// The quadrants counter's table memory: the README's figure at n = 16 within 5% of the peak
/// `count --json` reports (threads build tables in a different order from run to run), and its
/// growth per two sizes from n = 14 to 18, rounded.
#[test]
fn quadrants_memory_figures_are_what_count_reports() {
    let text = readme();
    let sentence = text
        .split("its\ntables take ")
        .nth(1)
        .expect("the quadrants memory sentence");
    let mib: f64 = sentence
        .split(" MiB at n = 16")
        .next()
        .and_then(|t| t.parse().ok())
        .expect("a MiB figure at n = 16");
    let growth: f64 = sentence
        .split("about ")
        .nth(1)
        .and_then(|t| t.split('×').next())
        .and_then(|t| t.parse().ok())
        .expect("a growth per two sizes");
    let peak = |n: &str| {
        let args = ["count", n, "-s", "quadrants", "--json"].map(String::from);
        let (stdout, _) = run(&args);
        let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        json["stats"]["peak_bytes"].as_f64().expect("peak_bytes")
    };
    let (p14, p16, p18) = (peak("14"), peak("16"), peak("18"));
    let measured = p16 / (1024.0 * 1024.0);
    assert!(
        (measured / mib - 1.0).abs() < 0.05,
        "README says {mib} MiB at n = 16, count reports {measured:.2} MiB"
    );
    // Per two sizes over four (one step, 14 to 16, was 6.4 to 6.5: too close to a rounding
    // edge to say 6 or 7).
    let per_two = (p18 / p14).sqrt();
    assert_eq!(per_two.round(), growth, "growth {per_two:.2}");
}

/// The README's table of quadrants counts run by hand is `benches/by-hand.csv`'s newest line
/// for each of its sizes: the count, the CPU seconds (rounded) and the peak RSS (MiB, rounded),
/// and the growth of CPU time the sentence after it states.
#[test]
fn quadrants_by_hand_figures_are_the_recorded_runs() {
    let text = readme();
    let table = text
        .split("| n | count | wall | CPU (user) | peak RSS |\n|---|---|---|---|---|\n")
        .nth(1)
        .expect("the by-hand table");
    let csv = bench_csv("by-hand.csv");
    let digits = |field: &str| {
        field
            .chars()
            .filter(char::is_ascii_digit)
            .collect::<String>()
    };
    let mut cpu_by_n = std::collections::BTreeMap::new();
    for row in table.lines().take_while(|line| line.starts_with('|')) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (n, count, cpu, rss) = (cells[1], digits(cells[2]), digits(cells[4]), cells[5]);
        let recorded = csv
            .iter()
            .rfind(|fields| fields[2] == "quadrants" && fields[3] == n)
            .unwrap_or_else(|| panic!("no recorded quadrants run at n = {n}"));
        let cpu_seconds: f64 = recorded[7].parse().expect("cpu_seconds");
        let rss_mib = recorded[8].parse::<f64>().expect("peak_rss_bytes") / (1024.0 * 1024.0);
        assert_eq!(count, recorded[5], "n = {n}");
        assert_eq!(cpu, format!("{}", cpu_seconds.round()), "n = {n}");
        assert_eq!(rss, format!("{} MiB", rss_mib.round()), "n = {n}");
        cpu_by_n.insert(n.to_string(), cpu_seconds);
    }
    assert!(cpu_by_n.len() >= 2, "the table has {} rows", cpu_by_n.len());
    for (from, to) in [(20, 21), (21, 22)] {
        let growth: f64 = text
            .split(&format!("n = {to} took "))
            .nth(1)
            .and_then(|t| t.split(&format!(" times the CPU of n = {from}")).next())
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("the growth from n = {from} to {to}"));
        let measured = cpu_by_n[&to.to_string()] / cpu_by_n[&from.to_string()];
        assert_eq!(format!("{measured:.1}"), format!("{growth:.1}"), "n = {to}");
    }
}

/// n = 22 was counted in 16 shards, one after another: `benches/n22-shards.csv` holds each
/// shard's record, and their sums (count, wall, CPU) are the n = 22 line of
/// `benches/by-hand.csv`, which the README's table shows.
#[test]
fn the_shards_of_n22_add_up_to_the_recorded_count() {
    let shards = bench_csv("n22-shards.csv");
    let mut names: Vec<&str> = shards.iter().map(|fields| fields[2].as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(
        (shards.len(), names.len()),
        (16, 16),
        "one line per shard: {names:?}"
    );
    let count: u64 = shards
        .iter()
        .map(|fields| fields[4].parse::<u64>().unwrap())
        .sum();
    assert_eq!(Some(count), nqueens::core::known::all_solutions(22));
    let sum = |column: usize| -> f64 {
        shards
            .iter()
            .map(|fields| fields[column].parse::<f64>().unwrap())
            .sum()
    };
    let whole = bench_csv("by-hand.csv")
        .into_iter()
        .rfind(|fields| fields[2] == "quadrants" && fields[3] == "22")
        .expect("the n = 22 line of benches/by-hand.csv");
    assert_eq!(whole[5], count.to_string());
    assert_eq!(whole[6], format!("{:.1}", sum(6)));
    assert_eq!(whole[7], format!("{:.1}", sum(7)));
    // The README's pace of a quiet machine: 16 times the mean wall of the quiet shards.
    let quiet: Vec<f64> = shards
        .iter()
        .filter(|fields| fields[9..].join(",").contains("quiet machine"))
        .map(|fields| fields[6].parse::<f64>().unwrap())
        .collect();
    let minutes = (16.0 * quiet.iter().sum::<f64>() / quiet.len() as f64 / 60.0).round() as u64;
    let pace = format!(
        "the whole takes about {} h {} min",
        minutes / 60,
        minutes % 60
    );
    assert!(
        readme().replace('\n', " ").contains(&pace),
        "the README says {pace:?}"
    );
}

/// Zero is `0` where a strategy counts the quantity, `-` only where it does not.
#[test]
fn compare_prints_zero_for_none_and_dash_for_not_counted() {
    let (stdout, stderr) = run(&["compare", "8", "--job", "first"].map(String::from));
    assert!(stderr.starts_with("nqueens compare: finding a first solution at n = 8"));
    let header: Vec<&str> = stdout.lines().nth(2).unwrap().split_whitespace().collect();
    let row = |name: &str| -> Vec<String> {
        let line = stdout
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("no {name} row in\n{stdout}"));
        without_time(line)
            .unwrap_or_default()
            .iter()
            .map(|c| c.to_string())
            .collect()
    };
    // Columns after `n strategy` with the time left out: the header's words from `nodes` on.
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap() - 1;
    // min-conflicts' greedy start solves n = 8 with seed 1: it counts moves, and made none
    // (at n = 16 it makes some).
    assert_eq!(row("min-conflicts")[column("moves")], "0");
    // CaDiCaL reports conflicts, not search nodes.
    assert_eq!(row("sat")[column("nodes")], "-");
}

/// A request no strategy can run is refused with the reason, not answered with an empty table.
#[test]
fn compare_refuses_a_job_no_strategy_can_do() {
    nqueens()
        .args(["compare", "29", "--job", "count"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "no strategy can count all solutions for n = 29 (the largest n any strategy accepts is 28)",
        ));
    // With another job that can run, the refused size is named under its table.
    nqueens()
        .args(["compare", "29", "--timeout", "0.5"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "count all solutions\n(no strategy can count all solutions for n = 29",
        ));
}
