//! Recording into the statistics CSV and the manifest, merged into the files an earlier run
//! left when this run is filtered.

use std::path::{Path, PathBuf};

use nqueens_report::{CaseRecord, CaseStatus, Run, RunManifest, StatsFile, Update};

use nqueens_report::bench::{Budget, Case, Mode, Plan};

/// Cargo's target directory: `$CARGO_TARGET_DIR`, else `target/` beside the workspace.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"))
}

/// The plan and the statistics file being written.
pub struct Harness {
    /// What this run does.
    pub plan: Plan,
    /// This run's metadata and records.
    stats: StatsFile,
    /// The statistics and manifest an earlier run left, when this run is filtered: their other
    /// cases and runs stay.
    base: Option<(StatsFile, RunManifest)>,
    /// Where the statistics file is written.
    pub stats_path: PathBuf,
    /// The planned cases and the progress through them.
    pub budget: Budget,
    /// This run, as the manifest records it; every record names it.
    pub run: Run,
}

impl Harness {
    /// A harness writing to `stats_path`. A filtered run (`-- yardstick`) replaces only its own
    /// cases in the file; a run of everything starts it afresh, so cases the harness no longer
    /// runs do not linger.
    pub fn new(plan: Plan, stats_path: PathBuf, run: Run) -> Self {
        let filtered = plan.is_filtered() && plan.mode == Mode::Bench;
        let manifest_path = RunManifest::path_beside(&stats_path);
        // A filtered run merges into the file and manifest an earlier run left; without a
        // usable pair it starts both afresh.
        let base = if filtered && stats_path.is_file() {
            match (
                StatsFile::read(&stats_path),
                RunManifest::read(&manifest_path),
            ) {
                (Ok(file), Ok(manifest)) => Some((file, manifest)),
                (Err(error), _) | (_, Err(error)) => {
                    eprintln!("nqueens bench: {error}; starting the statistics file afresh");
                    None
                }
            }
        } else {
            None
        };
        let verbose = plan.mode == Mode::Bench;
        Harness {
            plan,
            stats: StatsFile::default(),
            base,
            stats_path,
            budget: Budget::new(verbose),
            run,
        }
    }

    /// Adds a record of this run (written at the next [`Harness::save`]).
    pub fn push(&mut self, mut record: CaseRecord) {
        record.run = self.run.id.clone();
        self.stats.records.push(record);
    }

    /// This run's own metadata and records.
    pub fn own_stats(&self) -> &StatsFile {
        &self.stats
    }

    /// Writes the statistics file and the run manifest beside it, in bench mode only.
    pub fn save(&mut self) {
        if self.plan.mode != Mode::Bench {
            return;
        }
        let (planned, done) = self.budget.counts();
        self.run.cases_planned = planned;
        self.run.cases_done = done;
        let merged;
        let file = match &self.base {
            None => &self.stats,
            Some((base, _)) => {
                let mut file = base.clone();
                file.merge(&self.stats.records);
                let meta = |key, absent| self.stats.meta(key).unwrap_or(absent).to_string();
                let update = Update {
                    date: meta("date", ""),
                    mode: meta("mode", ""),
                    duration: meta("duration", "(still running)"),
                    args: meta("args", ""),
                };
                file.meta.push(("update".to_string(), update.to_meta()));
                merged = file;
                &merged
            }
        };
        if let Err(error) = file.write(&self.stats_path) {
            eprintln!("nqueens bench: cannot write statistics: {error}");
        }
        let fresh = RunManifest {
            harness: nqueens_report::HARNESS_VERSION,
            runs: Vec::new(),
        };
        let mut manifest = self.base.as_ref().map_or(fresh, |(_, m)| m.clone());
        manifest.retain_used(&file.records);
        // This run is listed even before it measured anything: it says the run began.
        manifest.upsert(self.run.clone());
        let path = RunManifest::path_beside(&self.stats_path);
        if let Err(error) = manifest.write(&path) {
            eprintln!("nqueens bench: cannot write the run manifest: {error}");
        }
    }

    /// Sets one metadata line (`# key: value`).
    pub fn set_meta(&mut self, key: &str, value: String) {
        self.stats.meta.retain(|(k, _)| k != key);
        self.stats.meta.push((key.to_string(), value));
    }

    /// Records a probed case and returns it: measured, it goes to criterion; over its
    /// budget, it ends its series (its caller says how); else its size is left out.
    pub fn settle(&mut self, record: CaseRecord) -> CaseRecord {
        if record.status != CaseStatus::Measured {
            // A seed's failure alone does not end a series: its caller says when one does.
            let (seed, ends) = match record.seed {
                Some(seed) => (format!(" (seed {seed})"), ""),
                None if record.status == CaseStatus::OverBudget => {
                    (String::new(), ": larger sizes are left out")
                }
                None => (String::new(), ""),
            };
            eprintln!(
                "nqueens bench: {}/{}/{}{seed}: {}{ends}",
                record.group,
                record.id,
                record.n,
                why_unanswered(&record),
            );
        }
        self.push(record.clone());
        record
    }

    /// Records the sizes of a series left out after a smaller one ran past the budget (for a
    /// randomized variant: a smaller size where no seed found a solution and one ran past it).
    pub fn skip_rest(&mut self, case: &Case<'_>, group: &str, sizes: &[usize]) {
        self.budget.drop_series(group, &case.label);
        for &n in sizes {
            let mut record = case.record(group, n, CaseStatus::Skipped);
            record.note = "a smaller size ran past the probe budget".to_string();
            self.push(record);
        }
    }
}

/// Why a probed case has no answer, for the console: over its budget, or the error.
pub fn why_unanswered(record: &CaseRecord) -> String {
    if record.status == CaseStatus::OverBudget {
        format!("took over its time budget ({:.2} s)", record.seconds)
    } else {
        record.note.clone()
    }
}
