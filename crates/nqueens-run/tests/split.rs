//! Shards, merging and checkpoints, for any strategy that splits its count: tested here on a
//! toy list of subproblems (the symmetry counter's own tests run them on real counts).
//!
//! (Over 500 lines: every test here shares the one toy list and its files.)

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use nqueens_core::{Config, Ended, Error, StopFlag};
use nqueens_run::StopAfter;
use nqueens_run::split::{
    AuditError, Checkpoint, CheckpointError, Key, KeyError, MergeError, Shard, ShardRecord,
    Subproblems, Tally, audit, check_record, count_shard, merge, sample,
};

/// A toy count: `3n + 2` subproblems, subproblem `i` with `n + i % 7` solutions in `i % 3`
/// classes.
struct Toy {
    n: usize,
}

impl Toy {
    fn total(&self) -> Tally {
        (0..self.len()).fold(Tally::default(), |sum, i| Tally {
            total: sum.total + self.tally(i).total,
            unique: sum.unique + self.tally(i).unique,
        })
    }

    fn tally(&self, index: usize) -> Tally {
        Tally {
            total: (self.n + index % 7) as u64,
            unique: (index % 3) as u64,
        }
    }
}

impl Subproblems for Toy {
    fn strategy(&self) -> &'static str {
        "toy"
    }
    fn n(&self) -> usize {
        self.n
    }
    fn len(&self) -> usize {
        3 * self.n + 2
    }
    fn fingerprint(&self) -> String {
        format!("{:016x}", 0x70_0000 + self.n)
    }
    fn count_one(&self, index: usize, stop: &StopFlag) -> Result<Option<Tally>, Error> {
        Ok((!stop.is_stopped()).then(|| self.tally(index)))
    }
}

/// The toy list for the records' strategy and size, as the registry would make it.
fn toy_plan(strategy: &str, n: usize) -> Result<Box<dyn Subproblems>, Error> {
    match strategy {
        "toy" => Ok(Box::new(Toy { n })),
        _ => Err(Error::UnknownStrategy {
            name: strategy.to_string(),
            known: "toy".to_string(),
        }),
    }
}

fn config(threads: usize) -> Config {
    Config {
        threads: Some(threads),
        ..Config::default()
    }
}

fn shards(n: usize, k: usize) -> Vec<ShardRecord> {
    (0..k)
        .map(|i| count_shard(&Toy { n }, Shard::new(i, k).unwrap(), &config(2)).unwrap())
        .collect()
}

#[test]
fn shards_merge_to_the_total() {
    let toy = Toy { n: 12 };
    for k in [1, 3, 7] {
        let records = shards(12, k);
        let merged = merge(&records, toy_plan).unwrap();
        assert_eq!(
            (merged.count, merged.unique),
            (toy.total().total, toy.total().unique),
            "k = {k}"
        );
        assert_eq!((merged.n, merged.shards), (12, k));
        assert_eq!(merged.subproblems, toy.len());
        // The JSON form round-trips.
        let json = serde_json::to_string(&records[0]).unwrap();
        assert_eq!(
            serde_json::from_str::<ShardRecord>(&json).unwrap(),
            records[0]
        );
    }
}

/// Records written before `ended` replaced the `complete` flag read back the same, with the
/// same check, and are written back byte for byte (scripts read the lines). The checks were
/// computed outside this code (FNV-1a of the fields, as `ShardRecord::check` documents).
#[test]
fn records_keep_their_json_lines_byte_for_byte() {
    for (line, ended) in [
        (
            r#"{"strategy":"toy","n":4,"shard":"1/2","subproblems":7,"plan":14,"fingerprint":"0000000000700004","count":30,"unique":7,"complete":false,"elapsed":0.5,"check":"6cc2fdf9bf4489f1"}"#,
            Ended::Interrupted,
        ),
        (
            r#"{"strategy":"toy","n":4,"shard":"1/2","subproblems":7,"plan":14,"fingerprint":"0000000000700004","count":30,"unique":7,"complete":true,"elapsed":0.5,"check":"4e1241f6c8a74776"}"#,
            Ended::Exhausted,
        ),
    ] {
        let record: ShardRecord = serde_json::from_str(line).unwrap();
        assert_eq!(record.ended, ended);
        assert!(record.is_intact(), "{line}");
        assert_eq!(serde_json::to_string(&record).unwrap(), line);
    }
}

#[test]
fn a_record_is_one_json_object_with_the_documented_fields() {
    let record = count_shard(&Toy { n: 4 }, Shard::new(1, 2).unwrap(), &config(1)).unwrap();
    let json: serde_json::Value = serde_json::to_value(&record).unwrap();
    let mut fields: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        [
            "check",
            "complete",
            "count",
            "elapsed",
            "fingerprint",
            "n",
            "plan",
            "shard",
            "strategy",
            "subproblems",
            "tallies",
            "unique"
        ]
    );
    assert_eq!(json["strategy"], "toy");
    assert_eq!(json["shard"], "1/2");
    assert_eq!(json["complete"], true);
    assert_eq!(json["fingerprint"], "0000000000700004");
    assert_eq!(json["plan"], 14);
    assert_eq!(json["subproblems"], 7);
    // The merged total is the JSON of `nqueens merge --json`.
    let merged = merge(&shards(4, 2), toy_plan).unwrap();
    assert_eq!(
        serde_json::to_string(&merged).unwrap(),
        r#"{"n":4,"shards":2,"subproblems":14,"count":98,"unique":13}"#
    );
}

#[test]
fn missing_duplicate_and_foreign_shards_are_errors() {
    let records = shards(11, 3);
    assert_eq!(
        merge(&records[..2], toy_plan),
        Err(MergeError::Missing {
            missing: vec![2],
            count: 3
        })
    );
    let doubled = [records.clone(), records[1..2].to_vec()].concat();
    assert!(matches!(merge(&doubled, toy_plan), Err(MergeError::Duplicate(s)) if s.index() == 1));
    let mut mixed = records.clone();
    mixed[2] = shards(10, 3).remove(2);
    assert!(matches!(
        merge(&mixed, toy_plan),
        Err(MergeError::MixedSizes { .. })
    ));
    let mut split = records.clone();
    split.push(shards(11, 2).remove(0));
    assert!(matches!(
        merge(&split, toy_plan),
        Err(MergeError::MixedSplits { .. })
    ));
    let mut partial = records.clone();
    partial[0].ended = Ended::Interrupted;
    partial[0].seal();
    assert!(matches!(
        merge(&partial, toy_plan),
        Err(MergeError::Incomplete(_))
    ));
    assert_eq!(merge(&[], toy_plan), Err(MergeError::Empty));
    assert!("2/2".parse::<Shard>().is_err());
    assert!("x".parse::<Shard>().is_err());
    // A record of another strategy among them.
    let mut foreign = records.clone();
    foreign[1].strategy = "other".to_string();
    foreign[1].seal();
    assert!(matches!(
        merge(&foreign, toy_plan),
        Err(MergeError::Strategy { found, expected, .. }) if found == "other" && expected == "toy"
    ));
    // Records of a strategy whose list cannot be made again.
    foreign.swap(0, 1);
    let error = merge(&foreign, toy_plan).unwrap_err();
    assert!(matches!(error, MergeError::Plan { n: 11, .. }));
    assert!(
        error
            .to_string()
            .starts_with("shard records of other for n = 11: unknown strategy")
    );
}

#[test]
fn damaged_records_do_not_merge() {
    let records = shards(10, 3);
    // A split into more slices than the list has subproblems is not one `count --shard` makes,
    // and would otherwise make `merge` list (or allocate) billions of missing slices.
    let mut huge = records.clone();
    huge[0].shard = Shard::new(0, usize::MAX).unwrap();
    huge[0].seal();
    assert!(matches!(
        merge(&huge[..1], toy_plan),
        Err(MergeError::TooManySlices { .. })
    ));
    let mut overflowing = records.clone();
    // Its per-subproblem counts made to add up to its total, as a forger would.
    let extra = u64::MAX - overflowing[0].count;
    overflowing[0].count = u64::MAX;
    overflowing[0]
        .tallies
        .as_mut()
        .expect("per-subproblem counts")[0][0] += extra;
    overflowing[0].seal();
    assert_eq!(merge(&overflowing, toy_plan), Err(MergeError::Overflow));
    // A record from a version whose list has the subproblems in another order.
    let mut foreign = records.clone();
    foreign[1].fingerprint = "0123456789abcdef".to_string();
    foreign[1].seal();
    let error = merge(&foreign, toy_plan).unwrap_err();
    assert!(matches!(error, MergeError::Fingerprint { .. }));
    assert!(
        error
            .to_string()
            .contains("made by a version that lists the subproblems differently"),
        "{error}"
    );
    // A record that says it covers another number of subproblems.
    let mut wrong = records.clone();
    wrong[1].plan += 1;
    wrong[1].seal();
    assert!(matches!(
        merge(&wrong, toy_plan),
        Err(MergeError::WrongPlan { .. })
    ));
    assert_eq!(
        merge(&records, toy_plan).map(|m| m.count),
        Ok(Toy { n: 10 }.total().total)
    );
}

fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("nqueens-split-{}-{name}", std::process::id()));
    std::fs::remove_file(&path).ok();
    path
}

#[test]
fn an_interrupted_count_resumes_from_its_checkpoint() {
    let path = temp_file("resume");
    let toy = Toy { n: 20 };
    let stop = StopFlag::new();
    let interrupted = Config {
        threads: Some(2),
        stop: stop.clone(),
        observer: Some(Arc::new(StopAfter::new(40, stop.clone()))),
        ..Config::default()
    };
    let first = Checkpoint::open(&path, &toy, None)
        .unwrap()
        .count_shard(&toy, Shard::whole(), &interrupted)
        .unwrap();
    assert_eq!(first.ended, Ended::Interrupted);
    assert!(first.count < toy.total().total);

    // A crash in the middle of a write leaves a torn line; it is dropped and redone.
    std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap()
        .write_all(b"17 4")
        .unwrap();
    let checkpoint = Checkpoint::open(&path, &toy, None).unwrap();
    let saved = checkpoint.done().len();
    assert!((40..toy.len()).contains(&saved), "{saved} saved");
    let resumed = checkpoint
        .count_shard(&toy, Shard::whole(), &config(2))
        .unwrap();
    assert_eq!(resumed.ended, Ended::Exhausted);
    assert_eq!(
        (resumed.count, resumed.unique, resumed.subproblems),
        (toy.total().total, toy.total().unique, toy.len())
    );
    std::fs::remove_file(&path).ok();
}

#[test]
fn a_stop_before_the_start_counts_nothing() {
    let stop = StopFlag::new();
    stop.stop();
    let record = count_shard(
        &Toy { n: 5 },
        Shard::whole(),
        &Config {
            stop,
            ..Config::default()
        },
    )
    .unwrap();
    assert_eq!(record.ended, Ended::Interrupted);
    assert_eq!(record.count, 0);
    let run = nqueens_run::split::count_subproblems(
        &Toy { n: 5 },
        &[0, 1],
        &Config {
            stop: {
                let stop = StopFlag::new();
                stop.expire();
                stop
            },
            ..Config::default()
        },
        &|_, _| {},
    )
    .unwrap();
    assert_eq!((run.done, run.ended), (0, Ended::Deadline));
}

/// A checkpoint file (in the temporary directory, named after `name`) of a finished count of
/// the toy of size `n`.
fn finished_checkpoint(name: &str, n: usize) -> (PathBuf, Toy) {
    let path = temp_file(name);
    let toy = Toy { n };
    Checkpoint::open(&path, &toy, None)
        .unwrap()
        .count_shard(&toy, Shard::whole(), &config(1))
        .unwrap();
    (path, toy)
}

#[test]
fn a_checkpoint_of_another_count_is_refused() {
    let (path, toy) = finished_checkpoint("other", 8);
    let header = std::fs::read_to_string(&path).unwrap();
    assert!(
        header.starts_with(
            "nqueens checkpoint strategy=toy n=8 subproblems=26 plan=0000000000700008\n"
        ),
        "{header}"
    );
    assert!(matches!(
        Checkpoint::open(&path, &Toy { n: 9 }, None),
        Err(CheckpointError::Mismatch { .. })
    ));
    std::fs::write(&path, "hello\n").unwrap();
    let error = Checkpoint::open(&path, &toy, None).unwrap_err();
    assert!(matches!(error, CheckpointError::NotACheckpoint { .. }));
    assert!(
        error
            .to_string()
            .contains("is not an nqueens count checkpoint")
    );
    std::fs::remove_file(&path).ok();
}

#[test]
fn a_damaged_or_busy_checkpoint_is_refused() {
    let (path, toy) = finished_checkpoint("damaged", 9);
    // A bad line before the last is an edit or two writers, not a torn write: refused.
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[1] = "3 999 1 deadbeef";
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    assert!(matches!(
        Checkpoint::open(&path, &toy, None),
        Err(CheckpointError::Corrupt { line: 2, .. })
    ));
    // Not text at all: refused as soon as the first bytes are read.
    std::fs::write(&path, [0xff, 0xfe, 0x00, 0x41]).unwrap();
    assert!(matches!(
        Checkpoint::open(&path, &toy, None),
        Err(CheckpointError::NotACheckpoint { .. })
    ));
    // Two runs on one file: the second is told the file is in use.
    std::fs::remove_file(&path).ok();
    let held = Checkpoint::open(&path, &toy, None).unwrap();
    assert!(matches!(
        Checkpoint::open(&path, &toy, None),
        Err(CheckpointError::InUse { .. })
    ));
    drop(held);
    assert!(Checkpoint::open(&path, &toy, None).is_ok());
    std::fs::remove_file(&path).ok();
}

#[test]
fn an_edited_record_fails_its_check() {
    let records = shards(10, 3);
    assert!(records.iter().all(ShardRecord::is_intact));
    // Every number the record carries is covered: any one of them changed is refused.
    let edits: [fn(&mut ShardRecord); 8] = [
        |r| r.count += 1,
        |r| r.unique += 1,
        |r| r.n += 1,
        |r| r.subproblems += 1,
        |r| r.plan += 1,
        |r| r.fingerprint = "0000000000000000".to_string(),
        |r| r.shard = Shard::new(0, 3).unwrap(),
        |r| r.ended = Ended::Interrupted,
    ];
    for (i, edit) in edits.iter().enumerate() {
        let mut edited = records.clone();
        edit(&mut edited[1]);
        assert_eq!(
            merge(&edited, toy_plan),
            Err(MergeError::Damaged(edited[1].shard)),
            "edit {i}"
        );
    }
    // The wall time is not part of the count.
    let mut slower = records.clone();
    slower[2].elapsed += 1.0;
    assert!(merge(&slower, toy_plan).is_ok());
    // A record without a check (an earlier version's) is refused in words.
    let mut json: serde_json::Value = serde_json::to_value(&records[0]).unwrap();
    json.as_object_mut().unwrap().remove("check");
    let unchecked: ShardRecord = serde_json::from_value(json).unwrap();
    let error = merge(&[unchecked], toy_plan).unwrap_err();
    assert!(matches!(error, MergeError::Unchecked(_)));
    assert!(error.to_string().contains("has no check"), "{error}");
}

#[test]
fn a_cut_off_header_says_the_checkpoint_is_truncated() {
    let (path, toy) = finished_checkpoint("truncated", 8);
    let text = std::fs::read_to_string(&path).unwrap();
    for cut in [5, 30, text.lines().next().unwrap().len()] {
        std::fs::write(&path, &text[..cut]).unwrap();
        let error = Checkpoint::open(&path, &toy, None).unwrap_err();
        assert!(
            matches!(error, CheckpointError::Truncated { .. }),
            "cut at {cut}: {error}"
        );
        assert!(error.to_string().contains("is truncated"), "{error}");
    }
    std::fs::remove_file(&path).ok();
}

#[test]
fn a_torn_last_line_that_is_not_text_is_dropped() {
    let (path, toy) = finished_checkpoint("torn-binary", 8);
    let whole = Checkpoint::open(&path, &toy, None).unwrap().done().len();
    assert_eq!(whole, toy.len());
    // Drop the last line and put bytes that are not UTF-8 in its place, with and without a
    // newline after them.
    let text = std::fs::read_to_string(&path).unwrap();
    let kept = &text[..text.trim_end().rfind('\n').unwrap() + 1];
    for tail in [&[0xff, 0xfe, 0x31][..], &[0x31, 0x20, 0xc3, b'\n'][..]] {
        let mut bytes = kept.as_bytes().to_vec();
        bytes.extend_from_slice(tail);
        std::fs::write(&path, &bytes).unwrap();
        let checkpoint = Checkpoint::open(&path, &toy, None).unwrap();
        assert_eq!(checkpoint.done().len(), toy.len() - 1);
        drop(checkpoint);
        // The torn bytes are cut off when the file is opened.
        assert_eq!(std::fs::read(&path).unwrap(), kept.as_bytes());
    }
    std::fs::remove_file(&path).ok();
}

#[test]
fn a_line_from_another_count_or_an_endless_line_is_refused() {
    let (path, toy) = finished_checkpoint("foreign-line", 8);
    let (other, _) = finished_checkpoint("foreign-source", 9);
    // Line 2 of the n = 9 checkpoint has a valid check for its own count, not for n = 8.
    let mut lines: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let foreign: Vec<String> = std::fs::read_to_string(&other)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    lines[1] = foreign[1].clone();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    assert!(matches!(
        Checkpoint::open(&path, &toy, None),
        Err(CheckpointError::Corrupt { line: 2, .. })
    ));
    // A line of a megabyte is not read to its end, and the message quotes only its start.
    lines[1] = "7".repeat(1 << 20);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let error = Checkpoint::open(&path, &toy, None).unwrap_err();
    assert!(matches!(error, CheckpointError::Corrupt { line: 2, .. }));
    assert!(error.to_string().len() < 400, "{error}");
    // A header line of a megabyte, likewise.
    std::fs::write(&path, "x".repeat(1 << 20)).unwrap();
    let error = Checkpoint::open(&path, &toy, None).unwrap_err();
    assert!(matches!(error, CheckpointError::NotACheckpoint { .. }));
    assert!(error.to_string().len() < 400, "{error}");
    std::fs::remove_file(&path).ok();
    std::fs::remove_file(&other).ok();
}

#[test]
fn a_checkpoint_of_the_first_format_is_refused_in_words() {
    let (path, toy) = finished_checkpoint("old-format", 8);
    // The first version's check: FNV-1a over the three numbers alone.
    let old_check = |index: u64, total: u64, unique: u64| {
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for word in [index, total, unique] {
            for byte in word.to_le_bytes() {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        hash
    };
    let header = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    let old = format!(
        "{header}\n0 8 0 {:x}\n1 9 1 {:x}\n",
        old_check(0, 8, 0),
        old_check(1, 9, 1)
    );
    std::fs::write(&path, old).unwrap();
    let error = Checkpoint::open(&path, &toy, None).unwrap_err();
    assert!(
        matches!(error, CheckpointError::OldFormat { .. }),
        "{error}"
    );
    assert!(error.to_string().contains("earlier version"), "{error}");
    std::fs::remove_file(&path).ok();
}

#[test]
fn a_keyed_record_is_refused_without_its_key_or_once_edited() {
    let key = Key::from_bytes(b"a secret of at least sixteen bytes").unwrap();
    let mut record = shards(2, 1).remove(0);
    key.seal(&mut record);
    assert!(check_record(&record, Some(&key)).is_ok());
    // Without the key, or edited with the FNV check recomputed: refused.
    assert!(matches!(
        check_record(&record, None),
        Err(KeyError::Required { .. })
    ));
    record.count += 1;
    if let Some(tallies) = &mut record.tallies {
        tallies[0][0] += 1;
    }
    record.seal();
    assert!(record.is_intact());
    assert!(matches!(
        check_record(&record, Some(&key)),
        Err(KeyError::Forged(_))
    ));
}

#[test]
fn an_audit_finds_a_forged_subproblem() {
    let toy = Toy { n: 2 };
    let mut records = shards(2, 2);
    let all = sample(toy.len(), toy.len(), 1);
    assert_eq!(
        audit(&records, &toy, &all, &config(2)).unwrap().checked,
        toy.len()
    );
    // Subproblem 3 (the second of shard 1/2) forged, the totals and the check made to match.
    if let Some(tallies) = &mut records[1].tallies {
        tallies[1][0] += 1;
    }
    records[1].count += 1;
    records[1].seal();
    assert!(matches!(
        audit(&records, &toy, &all, &config(2)),
        Err(AuditError::Mismatch { index: 3, .. })
    ));
}
