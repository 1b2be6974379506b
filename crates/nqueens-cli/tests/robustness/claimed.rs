//! Every size a strategy's table claims answers, or is refused before any search (issue 27):
//! for each strategy, variant and operation, sampled sizes of its claimed range are run as a
//! user runs them, each in a child process that is killed when it has used [`CLAIM_CPU_SECONDS`]
//! of CPU time (read from `/proc`, so a loaded machine does not fail it). The time bound is
//! the harness's, not an assertion on a measured time: a case fails only when it would hang.

use std::sync::Mutex;

use nqueens::core::{Limit, Operation, known, validate};

use super::*;

/// The CPU time one claimed case may take: the documented time of every claimed size (the
/// slowest, lexicographic `vector` backtracking at n = 33, takes about 30 s; a hang runs for
/// hours).
const CLAIM_CPU_SECONDS: u64 = 60;

/// A backstop in wall time, for a child that waits instead of computing.
const CLAIM_WALL_SECONDS: u64 = 900;

/// The largest first-solution size swept: past it the time is O(n) to O(n²) per strategy and
/// the report's `first_solution` and `once` groups measure it (min-conflicts at 10^8).
const SWEEP_CAP: usize = 2_000;

/// Sizes sampled from a claimed range `1..=max`: its end, and one size drawn from the upper
/// half by a fixed hash of the case (the same on every run, different between cases).
fn samples(max: usize, salt: u64) -> Vec<usize> {
    let max = max.min(SWEEP_CAP);
    let mut hash = salt.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xd1b5_4a32_d192_ed03;
    hash ^= hash >> 29;
    let low = max / 2 + 1;
    let drawn = low + (hash as usize) % (max - low + 1).max(1);
    let mut sizes = vec![drawn.min(max), max];
    sizes.dedup();
    sizes
}

/// One case: the command line and what a right answer is.
struct Case {
    args: Vec<String>,
    operation: Operation,
    n: usize,
    /// Whether the variant may end without an answer (a budget, an incomplete search).
    may_give_up: bool,
}

/// Runs `case` with the harness's time bound; `Err` says what went wrong.
fn run(case: &Case) -> Result<(), String> {
    let child = Process::new(BIN)
        .args(&case.args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let (code, stdout, stderr) = finish_within(child).ok_or_else(|| {
        format!("no answer within {CLAIM_CPU_SECONDS} s of CPU or {CLAIM_WALL_SECONDS} s")
    })?;
    let line = stdout.lines().next().unwrap_or("");
    match (code, case.operation) {
        (Some(0), Operation::Count) => {
            let expected = known::all_solutions(case.n).map(|c| c.to_string());
            (Some(line.to_string()) == expected)
                .then_some(())
                .ok_or_else(|| format!("counted {line:?}, OEIS says {expected:?}"))
        }
        (Some(0), _) => {
            let columns: Result<Vec<u32>, _> = line.split(' ').map(str::parse).collect();
            let columns = columns.map_err(|_| format!("not a solution: {line:?}"))?;
            if columns.len() != case.n {
                return Err(format!("{} columns for n = {}", columns.len(), case.n));
            }
            validate(&columns).map_err(|why| format!("invalid solution: {why}"))
        }
        (Some(1), _) if case.may_give_up => Ok(()),
        (code, _) => Err(format!("exit {code:?}: {}", stderr.trim())),
    }
}

/// CPU seconds (user and system) the process `pid` has used so far, from `/proc/PID/stat`
/// (in clock ticks, 100 a second on Linux).
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(vec![], |(_, rest)| rest.split_whitespace().collect());
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}

/// [`finish`] without the panic: `None` when the child was killed at the bound.
fn finish_within(mut child: Child) -> Option<(Option<i32>, String, String)> {
    let deadline = Instant::now() + Duration::from_secs(CLAIM_WALL_SECONDS);
    while child.try_wait().ok()?.is_none() {
        if Instant::now() > deadline || cpu_seconds(child.id()) > CLAIM_CPU_SECONDS as f64 {
            child.kill().ok();
            child.wait().ok();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Some(finish(child, 1))
}

/// The cases of every registered strategy, variant and operation.
fn cases() -> Vec<Case> {
    let registry = nqueens::registry();
    let mut cases = Vec::new();
    // Strategies that cannot run here (a GPU counter without a GPU) are skipped.
    for (salt, solver) in registry.available().enumerate() {
        for variant in solver.capabilities().variants {
            for operation in [Operation::First, Operation::List, Operation::Count] {
                let Limit::UpTo(max) = (match variant.limit(operation) {
                    // An unbounded claim is swept to the cap.
                    Limit::Unbounded => Limit::UpTo(SWEEP_CAP),
                    limit => limit,
                }) else {
                    continue;
                };
                // A count is swept where OEIS checks it: the claimed range beyond is the
                // range of u64, and long counts say up front how long they will take.
                let sizes = match operation {
                    Operation::Count => vec![max.min(12)],
                    _ => samples(max, salt as u64 * 3 + operation as u64),
                };
                for n in sizes {
                    let mut args = vec![
                        match operation {
                            Operation::First => "solve",
                            Operation::List => "list",
                            Operation::Count => "count",
                        }
                        .to_string(),
                        n.to_string(),
                        "-s".into(),
                        solver.name().into(),
                    ];
                    if let Some(name) = variant.name {
                        args.extend(["--variant".into(), name.into()]);
                    }
                    if variant.randomized {
                        args.extend(["--seed".into(), "1".into()]);
                    }
                    if operation == Operation::List {
                        args.extend(["--limit".into(), "1".into()]);
                    }
                    cases.push(Case {
                        args,
                        operation,
                        n,
                        may_give_up: variant.budget.is_some() || !variant.complete,
                    });
                }
            }
        }
    }
    cases
}

// Minutes of CPU (the largest claimed sizes of the exhaustive searches are slow by design), so
// it is left out of the README's test command and run by `.ci/run` as a step of its own:
// `cargo test --workspace --profile ci --test robustness -- --ignored`.
#[test]
#[ignore = "minutes: .ci/run runs it (cargo test --workspace --test robustness -- --ignored)"]
fn every_claimed_size_answers_in_time() {
    let cases = cases();
    let next = Mutex::new(cases.iter());
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let Some(case) = next.lock().unwrap().next() else {
                        return;
                    };
                    if let Err(why) = run(case) {
                        failures
                            .lock()
                            .unwrap()
                            .push(format!("nqueens {}: {why}", case.args.join(" ")));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} claimed cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
