//! This run, as the manifest records it: the commit and whether the tree had uncommitted
//! changes, the profile, the machine, the compiler and the flags; and the copy of the run the
//! bench keeps for later comparisons (`nqueens report --baseline DIR`).

use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use nqueens_report::{CaseStatus, Machine, Run, RunManifest, StatsFile, utc_timestamp};

/// Saved runs kept under `nqueens-bench/runs/`; older ones are removed.
const KEEP_RUNS: usize = 20;

/// Seconds since the Unix epoch.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Runs `program args` in the workspace and returns its standard output, if it succeeded.
fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// FNV-1a's starting state.
const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a over `bytes`, from the state `hash`.
fn fnv_more(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What the bench binary is built from: the packages' sources, the bench and the lock file
/// (not the records of counts run by hand beside the bench, `benches/*.csv`).
const SOURCE_PATHS: [&str; 5] = [
    "crates",
    "benches/compare",
    "src",
    "Cargo.toml",
    "Cargo.lock",
];

/// A fingerprint of the measured source: FNV-1a over the name and contents of every file git
/// sees under [`SOURCE_PATHS`] (committed or not, ignored files left out), in name order. Two
/// runs with the same fingerprint measured the same code whatever their commits (a commit that
/// changed only the README or the reports), so the report pairs them as noise. `None` outside
/// a git checkout.
fn source() -> Option<String> {
    let mut args = vec![
        "ls-files",
        "-z",
        "--cached",
        "--others",
        "--exclude-standard",
        "--",
    ];
    args.extend(SOURCE_PATHS);
    let listing = output("git", &args)?;
    let mut names: Vec<&str> = listing.split('\0').filter(|n| !n.is_empty()).collect();
    names.sort_unstable();
    names.dedup();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let hash = names.iter().fold(FNV_START, |hash, name| {
        let hash = fnv_more(fnv_more(hash, name.as_bytes()), b"\0");
        // A file deleted but not yet committed counts by its name and a marker.
        match std::fs::read(root.join(name)) {
            Ok(bytes) => fnv_more(fnv_more(hash, &(bytes.len() as u64).to_le_bytes()), &bytes),
            Err(_) => fnv_more(hash, b"\xffmissing"),
        }
    });
    Some(format!("{hash:016x}"))
}

/// The commit checked out, and a fingerprint of the uncommitted changes (`None`: clean).
fn commit() -> (String, Option<String>) {
    let Some(head) = output("git", &["rev-parse", "HEAD"]) else {
        return ("unknown".to_string(), None);
    };
    let diff = output("git", &["diff", "HEAD"]).unwrap_or_default();
    let untracked =
        output("git", &["ls-files", "--others", "--exclude-standard"]).unwrap_or_default();
    let dirty = (!diff.is_empty() || !untracked.is_empty()).then(|| {
        format!(
            "{:016x}",
            fnv_more(FNV_START, format!("{diff}\0{untracked}").as_bytes())
        )
    });
    (head.trim().to_string(), dirty)
}

/// How the bench binary was built: the Cargo profile's traits, `RUSTFLAGS` seen by the
/// compiler, and the target features that matter to the kernels.
fn flags() -> String {
    let (arch, os) = (std::env::consts::ARCH, std::env::consts::OS);
    let build = if cfg!(debug_assertions) {
        "debug assertions on"
    } else {
        "optimized"
    };
    let mut parts = vec![format!("{arch}-{os}"), build.to_string()];
    if let Some(flags) = option_env!("RUSTFLAGS").filter(|f| !f.trim().is_empty()) {
        parts.push(format!("RUSTFLAGS={}", flags.trim()));
    }
    let features: Vec<&str> = [
        ("popcnt", cfg!(target_feature = "popcnt")),
        ("bmi1", cfg!(target_feature = "bmi1")),
        ("bmi2", cfg!(target_feature = "bmi2")),
        ("avx2", cfg!(target_feature = "avx2")),
    ]
    .iter()
    .filter_map(|&(name, on)| on.then_some(name))
    .collect();
    parts.push(if features.is_empty() {
        "generic target (no popcnt/bmi/avx2)".to_string()
    } else {
        format!("target features {}", features.join(" "))
    });
    // A strategy slowed on purpose is another build as far as comparisons go.
    if let Ok(Some(slowing)) = nqueens_report::bench::Slowing::from_env() {
        parts.push(slowing.describe());
    }
    parts.join(", ")
}

/// This run, started now.
pub fn this_run(profile: &str, args: &str, filtered: bool) -> Run {
    let machine = Machine::detect();
    let (commit, dirty) = commit();
    let started = now();
    let short: String = commit.chars().take(7).collect();
    // The date and time in the id, compact: 2026-11-25 09:30 UTC -> 20261125-0930.
    let stamp: String = utc_timestamp(started)
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    Run {
        id: format!("{stamp}{:02}-{short}-{}", started % 60, std::process::id()),
        commit,
        dirty,
        source: source(),
        profile: profile.to_string(),
        args: args.to_string(),
        filtered,
        started,
        cpu: machine.cpu,
        cores: machine.cores,
        rustc: output(&rustc, &["-V"]).map_or("rustc (version unknown)".to_string(), |v| {
            v.trim().to_string()
        }),
        flags: flags(),
        criterion: "0.8.2".to_string(),
        ..Run::default()
    }
}

/// Keeps a copy of a finished run in `bench_dir/runs/<run id>/`: its own statistics `stats`, its
/// manifest entry, and criterion's files of the cases it measured; removes the oldest copies
/// beyond [`KEEP_RUNS`]. Returns the copy's directory.
pub fn save_copy(
    bench_dir: &Path,
    criterion_dir: &Path,
    run: &Run,
    stats: &StatsFile,
) -> Result<std::path::PathBuf, String> {
    let runs = bench_dir.join("runs");
    let dir = runs.join(&run.id);
    let fail = |e: std::io::Error| format!("{}: {e}", dir.display());
    std::fs::create_dir_all(&dir).map_err(fail)?;
    stats
        .write(&dir.join("stats.csv"))
        .map_err(|e| e.to_string())?;
    RunManifest {
        harness: nqueens_report::HARNESS_VERSION,
        runs: vec![run.clone()],
    }
    .write(&dir.join(nqueens_report::MANIFEST_NAME))
    .map_err(|e| e.to_string())?;
    for r in stats
        .records
        .iter()
        .filter(|r| r.status == CaseStatus::Measured)
    {
        // Criterion's directory names: the group, the function and the parameter, with
        // characters it does not keep replaced; the ids this harness uses need none.
        let case = Path::new(&r.group)
            .join(&r.id)
            .join(r.parameter())
            .join("new");
        let (from, to) = (criterion_dir.join(&case), dir.join("criterion").join(&case));
        if !from.is_dir() {
            continue;
        }
        std::fs::create_dir_all(&to).map_err(fail)?;
        for file in ["estimates.json", "benchmark.json", "sample.json"] {
            // A missing file stays missing: the comparison reads what there is. The copy keeps
            // the time criterion wrote it, by which the report tells the run it belongs to.
            let (src, dst) = (from.join(file), to.join(file));
            if std::fs::copy(&src, &dst).is_ok()
                && let Ok(written) = std::fs::metadata(&src).and_then(|m| m.modified())
                && let Ok(copy) = std::fs::File::options().write(true).open(&dst)
            {
                let _ = copy.set_modified(written);
            }
        }
    }
    let mut saved: Vec<_> = std::fs::read_dir(&runs)
        .map_err(fail)?
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.path())
        .collect();
    saved.sort();
    while saved.len() > KEEP_RUNS {
        let oldest = saved.remove(0);
        let _ = std::fs::remove_dir_all(oldest);
    }
    Ok(dir)
}
