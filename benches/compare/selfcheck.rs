//! The before/after comparison checked end to end in test mode: this binary runs itself three
//! times as a small quick bench of a few cases ([`cases`]: unchanged, one slowed ×[`TIMES`],
//! unchanged) and judges the slowed run against the other two as `nqueens report --baseline A
//! --baseline B` does: the slowed case must come out slower, every other within the noise. A
//! failed check is tried once more. Only a bench target can run the harness.

use std::path::{Path, PathBuf};
use std::process::Command;

use nqueens::core::{Operation, Registry};
use nqueens_report::bench::SLOW_VAR;
use nqueens_report::{Baseline, Measure, Noise, Verdict, compare};

/// How much the slowed case repeats its work: far enough beyond any case's noise band.
const TIMES: u32 = 4;

/// The counters checked, each at n = 8 and 10.
const COUNTERS: usize = 4;

/// Criterion's filter and the case slowed: the [`COUNTERS`] default variants that count on
/// one thread (not resumable) and declare the cheapest counts at n = 10, a few hundred
/// microseconds at most; the kernels of the two cheapest, the first of which is slowed.
fn cases(registry: &Registry) -> Result<(String, &'static str), String> {
    let mut counters: Vec<(f64, &'static str)> = (registry.available())
        .filter(|solver| !solver.capabilities().resumable)
        .filter_map(|solver| {
            let variant = solver.capabilities().variants.first()?;
            let seconds = variant.cost.of(Operation::Count).seconds(10)?;
            let fits = variant.count.accepts(10) && !variant.randomized;
            fits.then_some((seconds, solver.name()))
        })
        .collect();
    counters.sort_by(|a, b| a.0.total_cmp(&b.0));
    counters.truncate(COUNTERS);
    let (COUNTERS, [(_, slowed), (_, other), ..]) = (counters.len(), &counters[..]) else {
        return Err(format!("fewer than {COUNTERS} counters declare their cost"));
    };
    let (slowed, other) = (*slowed, *other);
    let names: Vec<&str> = counters.iter().map(|c| c.1).collect();
    let names = names.join("|");
    let filter = format!("^(count_all/({names})/(8|10)|instructions/({slowed}|{other})/.*)$");
    Ok((filter, slowed))
}

/// Runs the check; `Err` says what went wrong, with the verdicts.
pub fn before_and_after(registry: &Registry) -> Result<(), String> {
    let (filter, slowed) = cases(registry)?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this binary: {e}"))?;
    let dir = std::env::temp_dir().join(format!("nqueens-bench-selfcheck-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut result = check(&filter, slowed, &exe, &dir);
    if let Err(error) = &result {
        eprintln!("nqueens bench: before/after check, first try: {error}; trying once more");
        result = check(&filter, slowed, &exe, &dir);
    }
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn check(filter: &str, slowed: &str, exe: &Path, dir: &Path) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(dir);
    let first = bench(filter, exe, dir, None)?;
    let slowed_run = bench(filter, exe, dir, Some(format!("{slowed}:{TIMES}")))?;
    let second = bench(filter, exe, dir, None)?;
    let read = |d: &Path| Baseline::read(d).map_err(|e| e.to_string());
    let after = read(&slowed_run)?;
    let baselines = [read(&first)?, read(&second)?];
    Baseline::check_one_build(&baselines).map_err(|e| e.to_string())?;
    let estimates: Vec<_> = after.criterion.estimates.iter().collect();
    let (measured, expected) = (estimates.len(), 2 * COUNTERS);
    if measured < expected {
        return Err(format!(
            "the slowed run measured {measured} cases, expected {expected}"
        ));
    }
    let noise = Noise::for_comparison(&baselines, None);
    let changes =
        compare(&estimates, after.stats.as_ref(), &baselines, &noise).map_err(|e| e.to_string())?;
    let wrong: Vec<String> = changes
        .iter()
        .filter(|c| {
            let is_slowed = c.case.split('/').nth(1) == Some(slowed);
            (c.verdict == Verdict::Regression) != is_slowed
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
        .filter(|c| c.measure == Measure::Time && c.case.contains(slowed))
        .count();
    if !wrong.is_empty() || slowed_times == 0 {
        return Err(format!(
            "{SLOW_VAR}={slowed}:{TIMES} against an unchanged run: expected {slowed} slower and \
             nothing else; wrong: {}",
            wrong.join("; ")
        ));
    }
    let count = |verdict| changes.iter().filter(|c| c.verdict == verdict).count();
    let (slower, within) = (count(Verdict::Regression), count(Verdict::Noise));
    eprintln!(
        "nqueens bench: before/after check: {slowed} ×{TIMES} came out slower in {slower} case(s) \
         and kernel(s), the {within} others within the noise"
    );
    Ok(())
}

/// One small bench run of the cases `filter` selects into `dir` (as `CARGO_TARGET_DIR`),
/// slowed as asked; the directory the run was kept in.
fn bench(filter: &str, exe: &Path, dir: &Path, slow: Option<String>) -> Result<PathBuf, String> {
    let runs = dir.join(nqueens_report::BENCH_DIR).join("runs");
    let known: Vec<PathBuf> = listing(&runs);
    let mut command = Command::new(exe);
    command
        .args(["--bench", filter])
        .env("CARGO_TARGET_DIR", dir)
        .env("NQUEENS_BENCH", "quick")
        .env_remove("NQUEENS_BENCH_QUICK")
        .env_remove("CRITERION_HOME")
        .env_remove(SLOW_VAR);
    if let Some(slow) = &slow {
        command.env(SLOW_VAR, slow);
    }
    let output = (command.output()).map_err(|e| format!("cannot run the bench: {e}"))?;
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

/// The entries of `dir`, none if it cannot be read.
fn listing(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default()
}
