//! The flag matrix (issue 27): for every command, each of its flags alone, every pair of them
//! and the triples of the answer commands' flags, at small n, run on the built binary. Each
//! answer is either right, checked against an oracle written here (a brute-force enumeration
//! with given queens and symmetry filters, and the validator), or a refusal with exit status 2
//! whose message names both flags of a pair. The flags come from each command's `--help`
//! ([`options`]), so a new flag is in the matrix at once: it fails until [`sample`] gives it a
//! value and, if it changes the answer, the oracle knows how.
//!
//! Not covered: `report` and `compare` (minutes of work per case; their own suites).
//!
//! (Over 500 lines: the matrix, its oracle and the reading of `--help` are one test; split,
//! each part would only make sense beside the others.)

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_nqueens");

/// The board of the answer commands: 92 solutions, 12 classes, 4 completions of `0:0`, 4
/// solutions a half turn keeps, none a quarter turn keeps.
const N: usize = 8;

/// Commands left out of the matrix (see the module doc).
const SKIPPED: &[&str] = &["report", "compare", "help"];

/// One flag with one value (`None` for a switch).
#[derive(Clone, Debug)]
struct Flag {
    id: String,
    long: String,
    names: Vec<String>,
    value: Option<String>,
}

/// A value for the flag `id` of `command` that the command takes on its own at n = 8; `None`
/// for a flag nobody gave a value yet (the test then fails and says so).
fn sample(command: &str, id: &str, scratch: &Path, case: usize) -> Option<Vec<String>> {
    let file = |stem: &str, extension: &str| {
        scratch
            .join(format!("{stem}-{case}.{extension}"))
            .display()
            .to_string()
    };
    let one = |v: &str| Some(vec![v.to_string()]);
    match (command, id) {
        ("trace", "strategy") => one("dlx"),
        (_, "strategy") => one("sat"),
        (_, "variant") => one("pairwise"),
        (_, "given") => one("0:0"),
        (_, "seed") => one("3"),
        (_, "budget") => one("1000000"),
        (_, "restarts") => one("0"),
        ("solve", "out") => Some(vec![file("solve", "txt")]),
        ("trace", "out") => Some(vec![file("trace", "jsonl")]),
        ("count", "out") => Some(vec![file("count", "json")]),
        (_, "limit") => one("2"),
        (_, "threads") => one("2"),
        (_, "memory_limit") => one("1G"),
        (_, "checkpoint") => Some(vec![file("count", "ckpt")]),
        (_, "shard") => one("0/1"),
        (_, "key") => Some(vec![scratch.join("matrix.key").display().to_string()]),
        ("merge", "audit") => one("3"),
        ("merge", "audit_seed") => one("5"),
        (_, "max_steps") => one("50"),
        ("trace", "compare") => one("vector"),
        (_, "frame_ms") => one("100"),
        ("render", "n") => one("8"),
        ("verify", "n") => one("4"),
        _ => None,
    }
}

/// One option of a command, as its `--help` describes it.
#[derive(Debug, Default)]
struct Opt {
    /// The long name without its dashes, `-` read as `_` (clap's id of the field).
    id: String,
    /// `--long`, its short form and its aliases.
    names: Vec<String>,
    /// Whether it takes a value (`--flag <VALUE>`), else a switch.
    takes_value: bool,
    /// The values it takes, when it names them.
    values: Vec<String>,
}

/// The subcommands `nqueens --help` lists.
fn commands() -> Vec<String> {
    let help = run(&["--help".to_string()]).stdout;
    help.lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next().map(String::from))
        .collect()
}

/// The options `nqueens COMMAND --help` describes, but those its usage line requires (the base
/// command line gives them) and `--help`.
fn options(command: &str) -> Vec<Opt> {
    let help = run(&[command.to_string(), "--help".to_string()]).stdout;
    let usage = help.lines().find(|l| l.starts_with("Usage:")).unwrap_or("");
    let mut options: Vec<Opt> = Vec::new();
    for line in help.lines().skip_while(|line| *line != "Options:").skip(1) {
        let text = line.trim_start();
        let indent = line.len() - text.len();
        if (indent == 2 || indent == 6) && text.starts_with('-') {
            let mut option = Opt::default();
            // The names and value, before the description (on the same line in short help).
            let spec = text.split("  ").next().unwrap_or(text);
            for word in spec.split_whitespace() {
                let word = word.trim_end_matches(',');
                if word.starts_with('<') {
                    option.takes_value = true;
                } else if let Some(long) = word.strip_prefix("--") {
                    option.id = long.replace('-', "_");
                    option.names.insert(0, word.to_string());
                } else if word.starts_with('-') {
                    option.names.push(word.to_string());
                }
            }
            options.push(option);
        }
        let Some(option) = options.last_mut() else {
            continue;
        };
        // `[alias: --mode]`, `[possible values: a, b]`, at the end of a line.
        let listed = |key: &str| {
            let start = text.find(&format!("[{key}: "))? + key.len() + 3;
            let end = start + text[start..].find(']')?;
            Some(
                text[start..end]
                    .split(", ")
                    .map(String::from)
                    .collect::<Vec<_>>(),
            )
        };
        if let Some(aliases) = listed("alias").or_else(|| listed("aliases")) {
            option.names.extend(aliases);
        }
        if let Some(values) = listed("possible values") {
            option.values = values;
        } else if indent > 6
            && let Some(value) = text.strip_prefix("- ").and_then(|v| v.split(':').next())
        {
            // Long help lists the values one a line: `- half: Invariant under ...`.
            option.values.push(value.to_string());
        }
    }
    options.retain(|o| {
        o.id != "help" && o.id != "version" && !usage.contains(&format!("{} <", o.names[0]))
    });
    options
}

/// The flags of `command` with their sample values (every possible value of an enumerated
/// one).
fn flags_of(command: &str, options: &[Opt], scratch: &Path, case: usize) -> Vec<Flag> {
    let mut flags = Vec::new();
    for option in options {
        let long = option.names[0].clone();
        let values: Vec<Option<String>> = if !option.takes_value {
            vec![None]
        } else if !option.values.is_empty() {
            option.values.iter().cloned().map(Some).collect()
        } else {
            match sample(command, &option.id, scratch, case) {
                Some(values) => values.into_iter().map(Some).collect(),
                None => panic!(
                    "the flag matrix has no value for `{command} {long}`: add one to `sample`"
                ),
            }
        };
        for value in values {
            flags.push(Flag {
                id: option.id.clone(),
                long: long.clone(),
                names: option.names.clone(),
                value,
            });
        }
    }
    flags
}

/// The command line before the flags, and files it needs.
fn base(command: &str, scratch: &Path, case: usize) -> Vec<String> {
    let n = N.to_string();
    let owned = |args: &[&str]| args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    match command {
        "solve" | "count" | "list" => vec![command.into(), n],
        "trace" => owned(&["trace", "8"]),
        "verify" => owned(&["verify", "1", "3", "0", "2"]),
        "strategies" => owned(&["strategies"]),
        "instance" => owned(&["instance", "8", "--queens", "3", "--seed", "1"]),
        "render" => {
            let out = scratch.join(format!("render-{case}.svg"));
            vec![
                "render".into(),
                "--out".into(),
                out.display().to_string(),
                "1".into(),
                "3".into(),
                "0".into(),
                "2".into(),
            ]
        }
        "merge" => vec![
            "merge".into(),
            scratch.join("record.json").display().to_string(),
        ],
        other => panic!("the flag matrix has no base command line for `{other}`"),
    }
}

/// Every solution of the n × n board, by plain backtracking (the oracle's own).
fn all_solutions(n: usize) -> Vec<Vec<u32>> {
    fn extend(n: usize, board: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if board.len() == n {
            out.push(board.clone());
            return;
        }
        let row = board.len();
        for column in 0..n as u32 {
            let safe = board
                .iter()
                .enumerate()
                .all(|(r, &c)| c != column && c.abs_diff(column) as usize != row - r);
            if safe {
                board.push(column);
                extend(n, board, out);
                board.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(n, &mut Vec::new(), &mut out);
    out
}

/// The 8 images of a solution under the board's symmetries.
fn images(s: &[u32]) -> Vec<Vec<u32>> {
    let n = s.len();
    let last = n as u32 - 1;
    let rotate = |s: &[u32]| {
        let mut t = vec![0; n];
        for (r, &c) in s.iter().enumerate() {
            t[c as usize] = last - r as u32;
        }
        t
    };
    let mirror = |s: &[u32]| s.iter().map(|&c| last - c).collect::<Vec<u32>>();
    let mut out = Vec::new();
    let mut current = s.to_vec();
    for _ in 0..4 {
        out.push(mirror(&current));
        let next = rotate(&current);
        out.push(std::mem::replace(&mut current, next));
    }
    out
}

/// What the flags of a solve, count or list ask for: the solutions that qualify.
fn qualifying(flags: &[&Flag]) -> Vec<Vec<u32>> {
    let value = |id: &str| {
        flags
            .iter()
            .find(|f| f.id == id)
            .and_then(|f| f.value.clone())
    };
    let given: Vec<(usize, u32)> = value("given")
        .map(|text| {
            text.split(',')
                .map(|pair| {
                    let (r, c) = pair.split_once(':').expect("row:col");
                    (r.parse().unwrap(), c.parse().unwrap())
                })
                .collect()
        })
        .unwrap_or_default();
    let turn = value("symmetric");
    all_solutions(N)
        .into_iter()
        .filter(|s| given.iter().all(|&(r, c)| s[r] == c))
        .filter(|s| {
            let last = N as u32 - 1;
            match turn.as_deref() {
                None => true,
                Some("half") => (0..N).all(|r| s[N - 1 - r] == last - s[r]),
                Some("quarter") => (0..N).all(|r| s[s[r] as usize] == last - r as u32),
                Some(other) => panic!("the oracle does not know --symmetric {other}"),
            }
        })
        .collect()
}

fn line_of(columns: &[u32]) -> String {
    columns
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn canonical(s: &[u32]) -> Vec<u32> {
    images(s).into_iter().min().expect("8 images")
}

/// Checks a successful run's output against the oracle; `Err` says what is wrong.
fn check(command: &str, flags: &[&Flag], stdout: &str) -> Result<(), String> {
    let has = |id: &str| flags.iter().any(|f| f.id == id);
    let value = |id: &str| {
        flags
            .iter()
            .find(|f| f.id == id)
            .and_then(|f| f.value.clone())
    };
    let json = |text: &str| -> Result<serde_json::Value, String> {
        serde_json::from_str(text.lines().next().unwrap_or("")).map_err(|e| format!("{e}: {text}"))
    };
    match command {
        "count" => {
            let solutions = qualifying(flags);
            let expected = if has("unique") {
                solutions
                    .iter()
                    .map(|s| canonical(s))
                    .collect::<BTreeSet<_>>()
                    .len() as u64
            } else {
                solutions.len() as u64
            };
            let got = if has("shard") {
                // With --out the record is in the file, not on standard output.
                let record = match value("out") {
                    Some(path) => {
                        json(&std::fs::read_to_string(&path).map_err(|e| e.to_string())?)?
                    }
                    None => json(stdout)?,
                };
                record["count"].as_u64()
            } else if has("json") {
                let report = json(stdout)?;
                report[if has("unique") { "unique" } else { "total" }].as_u64()
            } else {
                stdout.trim().parse().ok()
            };
            (got == Some(expected))
                .then_some(())
                .ok_or_else(|| format!("counted {got:?}, the oracle says {expected}"))
        }
        "list" => {
            let solutions = qualifying(flags);
            let expected: BTreeSet<String> = if has("unique") {
                solutions.iter().map(|s| line_of(&canonical(s))).collect()
            } else {
                solutions.iter().map(|s| line_of(s)).collect()
            };
            let lines: Vec<&str> = stdout
                .lines()
                .map(|l| l.split("  (orbit").next().unwrap_or(l))
                .collect();
            let distinct: BTreeSet<&str> = lines.iter().copied().collect();
            let wanted = value("limit").map_or(expected.len(), |l| {
                l.parse::<usize>().unwrap().min(expected.len())
            });
            if distinct.len() != lines.len() || lines.len() != wanted {
                return Err(format!("{} lines, {wanted} expected", lines.len()));
            }
            match lines.iter().find(|l| !expected.contains(**l)) {
                Some(line) => Err(format!("{line:?} is not one of the expected solutions")),
                None => Ok(()),
            }
        }
        "solve" => {
            let text = match value("out") {
                Some(path) => std::fs::read_to_string(path).map_err(|e| e.to_string())?,
                None => stdout.to_string(),
            };
            let line = if has("json") {
                let report = json(&text)?;
                let columns = report["solution"].as_array().cloned().unwrap_or_default();
                line_of(
                    &columns
                        .iter()
                        .filter_map(|c| c.as_u64().map(|c| c as u32))
                        .collect::<Vec<_>>(),
                )
            } else {
                text.lines().next().unwrap_or("").to_string()
            };
            let qualifying: BTreeSet<String> =
                qualifying(flags).iter().map(|s| line_of(s)).collect();
            qualifying
                .contains(&line)
                .then_some(())
                .ok_or_else(|| format!("{line:?} is not a solution that qualifies"))
        }
        "trace" => {
            let text = match value("out") {
                Some(path) => std::fs::read_to_string(path).map_err(|e| e.to_string())?,
                None => stdout.to_string(),
            };
            let end = json(text.lines().last().unwrap_or(""))?;
            if end.get("end").is_none() {
                return Err(format!("no end line: {end}"));
            }
            match (end["cut"].as_bool(), end["solution"].as_array()) {
                (Some(false), Some(columns)) => {
                    let columns: Vec<u32> = columns
                        .iter()
                        .filter_map(|c| c.as_u64().map(|c| c as u32))
                        .collect();
                    let given_kept = !has("given") || columns.first() == Some(&0);
                    (columns.len() == N && given_kept && valid(&columns))
                        .then_some(())
                        .ok_or_else(|| format!("not a right solution: {columns:?}"))
                }
                _ => Ok(()),
            }
        }
        "verify" => stdout
            .contains("valid")
            .then_some(())
            .ok_or_else(|| format!("no verdict: {stdout}")),
        "merge" => {
            let expected = if has("unique") { 12 } else { 92 };
            let got = if has("json") {
                json(stdout)?[if has("unique") { "unique" } else { "count" }].as_u64()
            } else {
                stdout.trim().parse().ok()
            };
            (got == Some(expected))
                .then_some(())
                .ok_or_else(|| format!("merged {got:?}, expected {expected}"))
        }
        _ => Ok(()),
    }
}

fn valid(columns: &[u32]) -> bool {
    nqueens::core::validate(columns).is_ok()
}

/// What one run ended with: its status, standard output and standard error.
struct Outcome {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(args: &[String]) -> Outcome {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the nqueens binary runs");
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().ok().flatten().is_none() {
        if Instant::now() > deadline {
            child.kill().ok();
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let output = child.wait_with_output().expect("its output");
    Outcome {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// A combination of flags of a command, as a set.
type Key = (String, Vec<(String, Option<String>)>);

fn key(command: &str, flags: &[Flag]) -> Key {
    let mut flags: Vec<(String, Option<String>)> = flags
        .iter()
        // A file's name differs from case to case: the flag is the same.
        .map(|f| (f.id.clone(), f.value.clone().filter(|v| !v.contains('/'))))
        .collect();
    flags.sort();
    (command.to_string(), flags)
}

/// Whether `message` names `flag`: by one of its names or its value.
fn names(message: &str, flag: &Flag) -> bool {
    flag.names
        .iter()
        .any(|name| message.contains(name.as_str()))
        || flag
            .value
            .as_ref()
            .is_some_and(|v| message.contains(v.as_str()))
}

#[test]
fn every_pair_of_flags_answers_right_or_is_refused_naming_both() {
    let scratch = std::env::temp_dir().join(format!("nqueens-flag-matrix-{}", std::process::id()));
    std::fs::remove_dir_all(&scratch).ok();
    std::fs::create_dir_all(&scratch).unwrap();
    let record = run(&[
        "count".into(),
        N.to_string(),
        "-s".into(),
        "symmetry".into(),
        "--shard".into(),
        "0/1".into(),
    ]);
    std::fs::write(scratch.join("record.json"), record.stdout).unwrap();
    std::fs::write(scratch.join("matrix.key"), [5u8; 32]).unwrap();
    let started = Instant::now();
    // Each case: the command, its flags (indices into the command's list), its line.
    let mut cases: Vec<(String, Vec<Flag>, Vec<String>)> = Vec::new();
    for name in commands() {
        if SKIPPED.contains(&name.as_str()) {
            continue;
        }
        let options = options(&name);
        let mut sets: Vec<Vec<usize>> = vec![vec![]];
        let count = flags_of(&name, &options, &scratch, 0).len();
        for a in 0..count {
            sets.push(vec![a]);
            for b in a + 1..count {
                sets.push(vec![a, b]);
                // Triples for the commands that answer: where flags change the answer.
                if matches!(name.as_str(), "count" | "list" | "solve") {
                    for c in b + 1..count {
                        sets.push(vec![a, b, c]);
                    }
                }
            }
        }
        for set in sets {
            let case = cases.len();
            let flags = flags_of(&name, &options, &scratch, case);
            let chosen: Vec<Flag> = set.iter().map(|&i| flags[i].clone()).collect();
            // Two values of one flag are not a combination.
            let ids: BTreeSet<&str> = chosen.iter().map(|f| f.id.as_str()).collect();
            if ids.len() != chosen.len() {
                continue;
            }
            let mut line = base(&name, &scratch, case);
            for flag in &chosen {
                line.push(flag.long.clone());
                line.extend(flag.value.clone());
            }
            cases.push((name.clone(), chosen, line));
        }
    }
    let next = Mutex::new(0usize);
    let refused = Mutex::new(BTreeSet::<Key>::new());
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                loop {
                    let index = {
                        let mut next = next.lock().unwrap();
                        *next += 1;
                        *next - 1
                    };
                    let Some((command, flags, line)) = cases.get(index) else {
                        return;
                    };
                    let outcome = run(line);
                    if outcome.code == Some(2) {
                        refused.lock().unwrap().insert(key(command, flags));
                    }
                    results.lock().unwrap().push((index, outcome));
                }
            });
        }
    });
    let refused = refused.into_inner().unwrap();
    let mut failures = Vec::new();
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(index, _)| *index);
    for (index, outcome) in &results {
        let (command, flags, line) = &cases[*index];
        let flag_refs: Vec<&Flag> = flags.iter().collect();
        // A combination holding a smaller one that is refused may be refused for it, with the
        // message of that one (the smaller one was checked on its own).
        let part_refused = (0..flags.len()).any(|left_out| {
            let part: Vec<Flag> = flags
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != left_out)
                .map(|(_, f)| f.clone())
                .collect();
            refused.contains(&key(command, &part))
        });
        let why = if outcome.stderr.contains("panicked") {
            Some("panicked".to_string())
        } else {
            match outcome.code {
                Some(0) => check(command, &flag_refs, &outcome.stdout).err(),
                Some(2) if flags.len() < 2 || part_refused => None,
                Some(2) => flags.iter().find(|f| !names(&outcome.stderr, f)).map(|f| {
                    format!(
                        "refused without naming {}: {}",
                        f.long,
                        outcome.stderr.trim()
                    )
                }),
                code => Some(format!("exit {code:?}: {}", outcome.stderr.trim())),
            }
        };
        if let Some(why) = why {
            failures.push(format!("nqueens {}: {why}", line.join(" ")));
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
    println!(
        "flag matrix: {} command lines in {:.1} s",
        cases.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} of {} flag combinations failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
