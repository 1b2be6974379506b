//! Reading criterion's result files.
//!
//! Criterion 0.8 writes `<dir>/<group>/<function>/<parameter>/new/estimates.json` (times in
//! nanoseconds) and `benchmark.json` (the ids). The files are internal to criterion and
//! unversioned, so every field is read defensively: a missing or malformed file becomes a
//! warning naming it, never a panic.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::ReportError;

/// A point estimate with its confidence interval, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The point estimate.
    pub point: f64,
    /// Lower bound of the confidence interval.
    pub lower: f64,
    /// Upper bound of the confidence interval.
    pub upper: f64,
}

/// Criterion's estimates for one benchmark.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The group (`count_all`, ...).
    pub group: String,
    /// The function id (strategy label).
    pub function: String,
    /// The parameter as criterion printed it (the board size, for this harness).
    pub parameter: String,
    /// The median time per iteration.
    pub median: Interval,
    /// The confidence level of the intervals (0.95 by default).
    pub confidence: f64,
    /// Seconds per iteration of each sample (`sample.json`), when criterion wrote them: a
    /// baseline comparison resamples them.
    pub samples: Vec<f64>,
    /// When criterion wrote the estimates (Unix seconds), to tell which run they belong to.
    pub written: Option<u64>,
}

impl Estimate {
    /// `group/function/parameter`, the case's criterion id.
    pub fn case(&self) -> String {
        format!("{}/{}/{}", self.group, self.function, self.parameter)
    }

    /// The parameter as a board size, when it is one.
    pub fn n(&self) -> Option<usize> {
        self.parameter.trim().parse().ok()
    }
}

/// Everything read from a criterion directory.
#[derive(Clone, Debug, Default)]
pub struct CriterionData {
    /// One estimate per benchmark found, sorted by group, function and size.
    pub estimates: Vec<Estimate>,
    /// Files that were skipped, and why.
    pub warnings: Vec<String>,
}

/// Reads every `new/` result under `dir`.
///
/// Fails only when `dir` is missing or holds no usable result; partial runs give what they
/// have, with a warning per unreadable benchmark.
pub fn read_criterion(dir: &Path) -> Result<CriterionData, ReportError> {
    if !dir.is_dir() {
        return Err(ReportError::NoResults {
            dir: dir.to_path_buf(),
            hint: "the directory does not exist; run `cargo bench` first (or pass --criterion \
                   DIR, e.g. $CARGO_TARGET_DIR/criterion)"
                .to_string(),
        });
    }
    let mut found = Vec::new();
    collect_new_dirs(dir, &mut found, 0);
    let mut data = CriterionData::default();
    for new_dir in found {
        match read_one(&new_dir) {
            Ok(estimate) => data.estimates.push(estimate),
            Err(why) => data.warnings.push(format!("{}: {why}", new_dir.display())),
        }
    }
    if data.estimates.is_empty() {
        let mut hint = "no benchmark with both new/estimates.json and new/benchmark.json; run \
                        `cargo bench` (a `cargo test --benches` smoke run writes nothing)"
            .to_string();
        if let Some(first) = data.warnings.first() {
            hint.push_str(&format!("; first problem: {first}"));
        }
        return Err(ReportError::NoResults {
            dir: dir.to_path_buf(),
            hint,
        });
    }
    data.estimates.sort_by(|a, b| {
        (&a.group, &a.function, a.n(), &a.parameter).cmp(&(
            &b.group,
            &b.function,
            b.n(),
            &b.parameter,
        ))
    });
    Ok(data)
}

/// Finds `new` directories holding an `estimates.json`, without following symbolic links and
/// without descending forever.
fn collect_new_dirs(dir: &Path, found: &mut Vec<PathBuf>, depth: usize) {
    if depth > 8 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut children: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.path())
        .collect();
    children.sort();
    for child in children {
        let name = child.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == "new" {
            if child.join("estimates.json").is_file() || child.join("benchmark.json").is_file() {
                found.push(child);
            }
        } else if name != "base" && name != "change" && name != "report" {
            collect_new_dirs(&child, found, depth + 1);
        }
    }
}

/// The largest criterion JSON file read: its estimates and ids take a few KiB, its samples
/// (`sample.json`, read for a baseline comparison) a few hundred for thousands of samples.
const MAX_JSON: u64 = 16 << 20;

fn read_json(path: &Path) -> Result<Value, String> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let text =
        crate::read_text_bounded(path, MAX_JSON).map_err(|e| format!("cannot read {name}: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("{name} is not valid JSON: {e}"))
}

fn read_one(new_dir: &Path) -> Result<Estimate, String> {
    let benchmark = read_json(&new_dir.join("benchmark.json"))?;
    let estimates = read_json(&new_dir.join("estimates.json"))?;
    let text = |key: &str| {
        benchmark
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    // A time of the median's estimate, in seconds (criterion writes nanoseconds).
    let median = |path: &str| {
        estimates
            .pointer(&format!("/median/{path}"))
            .and_then(Value::as_f64)
            .filter(|v| v.is_finite() && *v >= 0.0)
            .map(|nanos| nanos * 1e-9)
            .ok_or_else(|| format!("estimates.json has no usable median/{path}"))
    };
    Ok(Estimate {
        group: text("group_id").ok_or("benchmark.json has no group_id")?,
        function: text("function_id").unwrap_or_default(),
        parameter: text("value_str").unwrap_or_default(),
        median: Interval {
            point: median("point_estimate")?,
            lower: median("confidence_interval/lower_bound")?,
            upper: median("confidence_interval/upper_bound")?,
        },
        confidence: estimates
            .pointer("/median/confidence_interval/confidence_level")
            .and_then(Value::as_f64)
            .unwrap_or(0.95),
        samples: samples(&new_dir.join("sample.json")),
        written: std::fs::metadata(new_dir.join("estimates.json"))
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| d.as_secs()),
    })
}

/// Seconds per iteration of each sample in `sample.json` (`iters` and `times`, nanoseconds);
/// empty when the file is missing or unusable (the comparison then falls back on the
/// intervals).
fn samples(path: &Path) -> Vec<f64> {
    /// The two lists of `sample.json` read here.
    #[derive(serde::Deserialize)]
    struct Samples {
        iters: Vec<f64>,
        times: Vec<f64>,
    }
    match read_json(path).map(serde_json::from_value::<Samples>) {
        Ok(Ok(s)) if s.iters.len() == s.times.len() => s
            .iters
            .iter()
            .zip(&s.times)
            .filter(|(i, t)| **i > 0.0 && t.is_finite() && **t >= 0.0)
            .map(|(i, t)| t / i * 1e-9)
            .collect(),
        _ => Vec::new(),
    }
}
