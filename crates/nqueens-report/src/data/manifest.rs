//! The run manifest (`run.json`, beside the statistics; the README's *One run, one report*):
//! every bench run the statistics CSV holds, written when it starts and again when it ends (a
//! run without an end was interrupted), each named by the rows it measured ([`CaseRecord::run`]).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::{CaseRecord, ReportError, utc_timestamp};

/// The version of the bench harness's files (statistics columns, criterion ids, manifest):
/// results of another version are refused, not misread.
pub const HARNESS_VERSION: u32 = 2;

/// The file name of the manifest, in the directory of the statistics it describes.
pub const MANIFEST_NAME: &str = "run.json";

/// The largest manifest read (a few KiB per run).
const MAX_MANIFEST: u64 = 4 << 20;

/// One bench run: what it ran, where, and built how.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// Unique id of the run (`YYYYMMDD-HHMMSS-<commit>`), written in every row it measured.
    pub id: String,
    /// The commit the bench was built from (`unknown` outside a git checkout).
    pub commit: String,
    /// `None` for a clean tree; else a hash of the uncommitted changes (`git diff HEAD` and the
    /// names of untracked files), so two runs of the same dirty tree compare equal.
    pub dirty: Option<String>,
    /// A fingerprint of the measured source (the README's *One run, one report*): runs with the
    /// same one are one build whatever their commits. `None` in older manifests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The bench profile: `default`, `full`, `quick` (or `test`).
    pub profile: String,
    /// The arguments after `--` (a filter makes it a partial rerun).
    pub args: String,
    /// Whether the run was filtered (only some cases ran).
    pub filtered: bool,
    /// Start, Unix seconds.
    pub started: u64,
    /// End, Unix seconds; `None` while running, or when the run was interrupted.
    pub finished: Option<u64>,
    /// The cases the plan held, and those done when the manifest was last written.
    pub cases_planned: usize,
    /// See [`Run::cases_planned`].
    pub cases_done: usize,
    /// The plan's estimate of the run's length, in seconds.
    pub estimated_seconds: f64,
    /// CPU model.
    pub cpu: String,
    /// Logical cores.
    pub cores: usize,
    /// `rustc -vV`'s first line.
    pub rustc: String,
    /// How the bench was built: Cargo profile traits, `RUSTFLAGS`, target features.
    pub flags: String,
    /// Criterion's version.
    pub criterion: String,
}

impl Run {
    /// The run's start as `YYYY-MM-DD HH:MM UTC`.
    pub fn date(&self) -> String {
        utc_timestamp(self.started)
    }

    /// The commit, short, with `+changes` for a dirty tree.
    pub fn commit_label(&self) -> String {
        let short: String = self.commit.chars().take(7).collect();
        match &self.dirty {
            Some(_) => format!("{short}+changes"),
            None => short,
        }
    }

    /// What makes the build and place of two runs differ, by name; empty when their times can
    /// stand side by side. Runs of the same source fingerprint do not differ by commit.
    pub fn differences(&self, other: &Run) -> Vec<String> {
        let machine = |r: &Run| format!("{} ({} cores)", r.cpu, r.cores);
        let same_source = matches!((&self.source, &other.source), (Some(a), Some(b)) if a == b);
        let commits = if same_source {
            (String::new(), String::new())
        } else {
            (self.commit_label(), other.commit_label())
        };
        let pairs = [
            ("commit", commits.0, commits.1),
            ("profile", self.profile.clone(), other.profile.clone()),
            ("machine", machine(self), machine(other)),
            ("compiler", self.rustc.clone(), other.rustc.clone()),
            ("flags", self.flags.clone(), other.flags.clone()),
        ];
        let mut out: Vec<String> = pairs
            .iter()
            .filter(|(_, a, b)| a != b)
            .map(|(what, a, b)| format!("{what} {a} / {b}"))
            .collect();
        if !same_source
            && self.commit == other.commit
            && self.dirty.is_some()
            && self.dirty != other.dirty
        {
            // After the commit's line when there is one; runs of one commit with different
            // uncommitted changes may differ in nothing else.
            out.insert(out.len().min(1), "uncommitted changes differ".to_string());
        }
        out
    }

    /// Whether the run reached its end.
    pub fn is_complete(&self) -> bool {
        self.finished.is_some()
    }
}

/// The runs whose rows the statistics CSV holds: the last whole run, then the filtered reruns
/// merged into it, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunManifest {
    /// [`HARNESS_VERSION`] of the bench that wrote it.
    pub harness: u32,
    /// The runs, oldest first.
    pub runs: Vec<Run>,
}

impl RunManifest {
    /// Whether criterion wrote a result (at Unix time `written`) while the run `run` was going
    /// on; true when either is unknown. A slack around the run's start and end allows for file
    /// systems that round times (the run's own clock read is not the file's).
    pub(crate) fn written_during(&self, run: &str, written: Option<u64>) -> bool {
        const SLACK: u64 = 120;
        let (Some(run), Some(written)) = (self.run(run), written) else {
            return true;
        };
        let end = run.finished.unwrap_or(u64::MAX - SLACK);
        run.started.saturating_sub(SLACK) <= written && written <= end + SLACK
    }

    /// The manifest beside the statistics file `stats_path`.
    pub fn path_beside(stats_path: &Path) -> PathBuf {
        stats_path.with_file_name(MANIFEST_NAME)
    }

    /// Reads a manifest; refuses one from another harness version, or not a manifest.
    pub fn read(path: &Path) -> Result<Self, ReportError> {
        let text = crate::read_text_bounded(path, MAX_MANIFEST)
            .map_err(|e| ReportError::io("reading", path, e))?;
        let unusable = |reason: String| ReportError::UnusableStats {
            path: path.to_path_buf(),
            reason,
        };
        let value: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| unusable(format!("not a run manifest: {e}")))?;
        let version = value.get("harness").and_then(serde_json::Value::as_u64);
        if version != Some(u64::from(HARNESS_VERSION)) {
            return Err(unusable(format!(
                "written by bench harness version {}, this report reads version \
                 {HARNESS_VERSION}: rerun `cargo bench`",
                version.map_or("unknown".to_string(), |v| v.to_string())
            )));
        }
        serde_json::from_value(value).map_err(|e| unusable(format!("not a run manifest: {e}")))
    }

    /// Writes the manifest atomically, creating its directory.
    pub fn write(&self, path: &Path) -> Result<(), ReportError> {
        let text = serde_json::to_string_pretty(self).map_err(|e| ReportError::UnusableStats {
            path: path.to_path_buf(),
            reason: e.to_string(),
        })?;
        crate::files::write_text(path, &(text + "\n"))
    }

    /// The run with this id.
    pub fn run(&self, id: &str) -> Option<&Run> {
        self.runs.iter().find(|r| r.id == id)
    }

    /// Replaces the run of the same id, or adds it last.
    pub fn upsert(&mut self, run: Run) {
        match self.runs.iter_mut().find(|r| r.id == run.id) {
            Some(old) => *old = run,
            None => self.runs.push(run),
        }
    }

    /// Keeps only the runs some record still names (a rerun may replace every row of an
    /// earlier one).
    pub fn retain_used(&mut self, records: &[CaseRecord]) {
        self.runs
            .retain(|run| records.iter().any(|r| r.run == run.id));
    }
}

/// How the runs behind a report's rows relate.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Origin {
    /// The runs that measured the rows, oldest first.
    pub runs: Vec<Run>,
    /// Why they cannot stand side by side (empty when they can).
    pub mixed: Vec<String>,
    /// Runs that did not reach their end.
    pub interrupted: Vec<Run>,
}

/// The runs behind `records`, checked against each other.
///
/// Fails when a row names a run the manifest does not list (the two files come from different
/// runs).
pub fn origin(
    manifest: &RunManifest,
    records: &[CaseRecord],
    manifest_path: &Path,
) -> Result<Origin, ReportError> {
    let mut runs: Vec<Run> = Vec::new();
    for record in records {
        if runs.iter().any(|r| r.id == record.run) {
            continue;
        }
        let Some(run) = manifest.run(&record.run) else {
            return Err(ReportError::UnusableStats {
                path: manifest_path.to_path_buf(),
                reason: format!(
                    "the statistics name a run {:?} this manifest does not list: the two files \
                     come from different runs; rerun `cargo bench`",
                    record.run.chars().take(40).collect::<String>()
                ),
            });
        };
        runs.push(run.clone());
    }
    runs.sort_by_key(|r| r.started);
    let mut mixed = Vec::new();
    if let Some((first, rest)) = runs.split_first() {
        for run in rest {
            for difference in first.differences(run) {
                if !mixed.contains(&difference) {
                    mixed.push(difference);
                }
            }
        }
    }
    let interrupted = runs.iter().filter(|r| !r.is_complete()).cloned().collect();
    Ok(Origin {
        runs,
        mixed,
        interrupted,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CaseStatus;

    fn run(id: &str, commit: &str, profile: &str) -> Run {
        Run {
            id: id.into(),
            commit: commit.into(),
            profile: profile.into(),
            cpu: "cpu".into(),
            cores: 2,
            finished: Some(2),
            ..Run::default()
        }
    }

    #[test]
    fn two_sets_of_changes_to_one_commit_differ_and_nothing_else() {
        let dirty = |fingerprint: &str| Run {
            dirty: Some(fingerprint.into()),
            ..run("a", "111", "default")
        };
        assert_eq!(
            dirty("beef").differences(&dirty("cafe")),
            ["uncommitted changes differ"]
        );
    }

    #[test]
    fn a_dirty_commit_is_labelled_so() {
        let run = Run {
            commit: "12fc51b0aa".into(),
            dirty: Some("beef".into()),
            ..Default::default()
        };
        assert_eq!(run.commit_label(), "12fc51b+changes");
    }

    #[test]
    fn runs_of_one_build_are_not_mixed_and_others_are() {
        let record = |id: &str| {
            let mut r = CaseRecord::new("count_all", "a", "a", 8, CaseStatus::Measured);
            r.run = id.into();
            r
        };
        let manifest = RunManifest {
            harness: HARNESS_VERSION,
            runs: vec![
                run("a", "111", "default"),
                run("b", "111", "default"),
                run("c", "222", "full"),
            ],
        };
        let path = Path::new("run.json");
        let same = origin(&manifest, &[record("a"), record("b")], path).unwrap();
        assert_eq!((same.runs.len(), same.mixed.len()), (2, 0));
        let mixed = origin(&manifest, &[record("a"), record("c")], path).unwrap();
        assert_eq!(mixed.mixed, ["commit 111 / 222", "profile default / full"]);
        let error = origin(&manifest, &[record("z")], path).unwrap_err();
        assert!(error.to_string().contains("different runs"), "{error}");
    }

    #[test]
    fn runs_of_one_source_are_one_build_whatever_their_commits() {
        let with = |commit: &str, source: Option<&str>| Run {
            source: source.map(str::to_string),
            ..run("a", commit, "default")
        };
        // A commit that changed only the README: the same source, one build.
        assert!(
            with("111", Some("f00d"))
                .differences(&with("222", Some("f00d")))
                .is_empty()
        );
        assert_eq!(
            with("111", Some("f00d")).differences(&with("222", Some("beef"))),
            ["commit 111 / 222"]
        );
        // An older manifest without the fingerprint: the commits decide, as before.
        assert_eq!(
            with("111", None).differences(&with("222", Some("f00d"))),
            ["commit 111 / 222"]
        );
        let mut dirty = with("111", Some("f00d"));
        dirty.dirty = Some("1".into());
        assert!(dirty.differences(&with("111", Some("f00d"))).is_empty());
        // Read from a manifest written before the field existed.
        let old: Run = serde_json::from_str(
            r#"{"id":"a","commit":"111","dirty":null,"profile":"default","args":"",
                "filtered":false,"started":0,"finished":1,"cases_planned":1,"cases_done":1,
                "estimated_seconds":0.0,"cpu":"cpu","cores":2,"rustc":"r","flags":"f",
                "criterion":"0.8.2"}"#,
        )
        .unwrap();
        assert_eq!(old.source, None);
    }

    #[test]
    fn a_manifest_round_trips_and_another_version_is_refused() {
        let dir = std::env::temp_dir().join(format!("nqueens-manifest-{}", std::process::id()));
        let path = dir.join(MANIFEST_NAME);
        let manifest = RunManifest {
            harness: HARNESS_VERSION,
            runs: vec![run("a", "111", "default")],
        };
        manifest.write(&path).unwrap();
        assert_eq!(RunManifest::read(&path).unwrap(), manifest);
        std::fs::write(&path, r#"{"harness": 1, "runs": []}"#).unwrap();
        let error = RunManifest::read(&path).unwrap_err().to_string();
        assert!(error.contains("version 1"), "{error}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
