//! The before/after comparison checked end to end in test mode: this binary runs itself three
//! times as a small quick bench filtered to [`CASES`] (unchanged, [`SLOWED`] ×[`TIMES`],
//! unchanged) and judges the slowed run against the other two as `nqueens report --baseline A
//! --baseline B` does: the slowed case must come out slower, every other within the noise. A
//! failed check is tried once more (a quick run's window is a tenth of a second). It runs here
//! because only a bench target can run the harness.

use std::path::{Path, PathBuf};
use std::process::Command;

use nqueens_report::{Baseline, Measure, Noise, Verdict, bench::SLOW_VAR, compare};

/// Criterion's filter: a few counting cases of a few hundred microseconds at most, one thread
/// each, and their kernels.
const CASES: &str =
    "^(count_all/(bitmask|vector|dlx|breadth)/(8|10)|instructions/(bitmask|vector)/.*)$";

/// The case slowed on purpose, and by how much: far enough beyond any case's noise band.
const SLOWED: &str = "bitmask";
const TIMES: u32 = 4;

/// Runs the check; `Err` says what went wrong, with the verdicts.
pub fn before_and_after() -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this binary: {e}"))?;
    let dir = std::env::temp_dir().join(format!("nqueens-bench-selfcheck-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut result = check(&exe, &dir);
    if let Err(error) = &result {
        eprintln!("nqueens bench: before/after check, first try: {error}; trying once more");
        result = check(&exe, &dir);
    }
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn check(exe: &Path, dir: &Path) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(dir);
    let first = bench(exe, dir, None)?;
    let slowed = bench(exe, dir, Some(format!("{SLOWED}:{TIMES}")))?;
    let second = bench(exe, dir, None)?;
    let read = |d: &Path| Baseline::read(d).map_err(|e| e.to_string());
    let after = read(&slowed)?;
    let baselines = [read(&first)?, read(&second)?];
    Baseline::check_one_build(&baselines).map_err(|e| e.to_string())?;
    let estimates: Vec<_> = after.criterion.estimates.iter().collect();
    if estimates.len() < 8 {
        return Err(format!(
            "the slowed run measured {} cases, expected 8",
            estimates.len()
        ));
    }
    let noise = Noise::for_comparison(&baselines, None);
    let changes =
        compare(&estimates, after.stats.as_ref(), &baselines, &noise).map_err(|e| e.to_string())?;
    let wrong: Vec<String> = changes
        .iter()
        .filter(|c| {
            let slowed = c.case.split('/').nth(1) == Some(SLOWED);
            (c.verdict == Verdict::Regression) != slowed
        })
        .map(|c| {
            format!(
                "{} ({:?}): ratio {:.3}, interval {:.3} – {:.3}, band ×{:.3}: {}",
                c.case,
                c.measure,
                c.ratio,
                c.lower,
                c.upper,
                c.band,
                c.verdict.as_str()
            )
        })
        .collect();
    let slowed_times = changes
        .iter()
        .filter(|c| c.measure == Measure::Time && c.case.contains(SLOWED))
        .count();
    if !wrong.is_empty() || slowed_times == 0 {
        return Err(format!(
            "{SLOW_VAR}={SLOWED}:{TIMES} against an unchanged run: expected {SLOWED} slower and \
             nothing else; wrong: {}",
            wrong.join("; ")
        ));
    }
    let count = |verdict| changes.iter().filter(|c| c.verdict == verdict).count();
    eprintln!(
        "nqueens bench: before/after check: {SLOWED} ×{TIMES} came out slower in {} case(s) and \
         kernel(s), the {} others within the noise",
        count(Verdict::Regression),
        count(Verdict::Noise)
    );
    Ok(())
}

/// One small bench run into `dir` (as `CARGO_TARGET_DIR`), slowed as asked; the directory the
/// run was kept in.
fn bench(exe: &Path, dir: &Path, slow: Option<String>) -> Result<PathBuf, String> {
    let runs = dir.join(nqueens_report::BENCH_DIR).join("runs");
    let known: Vec<PathBuf> = listing(&runs);
    let mut command = Command::new(exe);
    command
        .args(["--bench", CASES])
        .env("CARGO_TARGET_DIR", dir)
        .env("NQUEENS_BENCH", "quick")
        .env_remove("NQUEENS_BENCH_QUICK")
        .env_remove("CRITERION_HOME")
        .env_remove(SLOW_VAR);
    if let Some(slow) = &slow {
        command.env(SLOW_VAR, slow);
    }
    let output = command
        .output()
        .map_err(|e| format!("cannot run the bench: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "the bench ({}) failed: {}\n{}",
            slow.as_deref().unwrap_or("unchanged"),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    listing(&runs)
        .into_iter()
        .find(|p| !known.contains(p))
        .ok_or_else(|| format!("the bench kept no run in {}", runs.display()))
}

fn listing(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default()
}
