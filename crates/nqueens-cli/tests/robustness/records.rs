//! Integrity of records and checkpoints: edited, torn and cut-off files.

use super::*;

/// The records of `count 10 --shard i/3`, one JSON line each.
fn records() -> Vec<String> {
    (0..3)
        .map(|i| {
            let output = nqueens()
                .args(["count", "10", "--shard", &format!("{i}/3")])
                .output()
                .unwrap();
            assert!(output.status.success());
            String::from_utf8(output.stdout).unwrap()
        })
        .collect()
}

#[test]
fn merge_refuses_edited_records_in_words() {
    let scratch = Scratch::new("edited-records");
    let records = records();
    let write = |name: &str, lines: &[String]| {
        let path = scratch.path(name);
        std::fs::write(&path, lines.concat()).unwrap();
        path
    };
    let good = write("good.json", &records);
    nqueens()
        .arg("merge")
        .arg(&good)
        .assert()
        .success()
        .stdout("724\n");
    // One digit of a count changed: refused, not a wrong total.
    let mut edited = records.clone();
    let count = edited[1]
        .split("\"count\":")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .to_string();
    let changed = format!("{}", count.parse::<u64>().unwrap() + 1);
    edited[1] = edited[1].replace(
        &format!("\"count\":{count},"),
        &format!("\"count\":{changed},"),
    );
    assert_ne!(edited[1], records[1]);
    let path = write("edited.json", &edited);
    nqueens()
        .arg("merge")
        .arg(&path)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("line 2"))
        .stderr(predicate::str::contains("fails its check"));
    // A record of a version whose plan differs, sealed as that version would have.
    let mut foreign: ShardRecord = serde_json::from_str(&records[2]).unwrap();
    foreign.fingerprint = "0123456789abcdef".to_string();
    foreign.seal();
    let mut lines = records.clone();
    lines[2] = serde_json::to_string(&foreign).unwrap() + "\n";
    let path = write("foreign.json", &lines);
    nqueens()
        .arg("merge")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "made by a version that lists the subproblems differently",
        ));
    // Records without a check (an earlier version's).
    let mut value: serde_json::Value = serde_json::from_str(&records[0]).unwrap();
    value.as_object_mut().unwrap().remove("check");
    let mut lines = records.clone();
    lines[0] = value.to_string() + "\n";
    let path = write("unchecked.json", &lines);
    nqueens()
        .arg("merge")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("has no check"));
    // One exit code per kind: the records are wrong (2), or a file cannot be read (1).
    nqueens()
        .arg("merge")
        .arg(&good)
        .arg(&good)
        .assert()
        .code(2);
    nqueens()
        .arg("merge")
        .arg(write("two.json", &records[..2]))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("missing shard(s) 2 of 3"));
    nqueens()
        .arg("merge")
        .arg(scratch.path("no-such-file.json"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no-such-file.json"));
}

#[test]
fn a_cut_off_or_torn_checkpoint_is_handled_as_the_format_promises() {
    let scratch = Scratch::new("torn-checkpoint");
    let checkpoint = scratch.path("count-12.ckpt");
    let path = checkpoint.to_str().unwrap();
    nqueens()
        .args(["count", "12", "--shard", "0/3", "--checkpoint", path])
        .assert()
        .success();
    let text = std::fs::read(&checkpoint).unwrap();
    let saved = text.iter().filter(|&&b| b == b'\n').count() - 1;
    // A torn last line of bytes that are not text: dropped, and the count resumes.
    let mut torn = text.clone();
    torn.extend_from_slice(&[0x31, 0x37, 0x20, 0xff, 0xfe, 0xc3]);
    std::fs::write(&checkpoint, &torn).unwrap();
    nqueens()
        .args(["count", "12", "--checkpoint", path])
        .assert()
        .success()
        .stdout("14200\n")
        .stderr(predicate::str::contains(format!(
            "{saved} subproblems already counted"
        )));
    // A header cut off: said to be truncated.
    let header_end = text.iter().position(|&b| b == b'\n').unwrap();
    std::fs::write(&checkpoint, &text[..header_end - 7]).unwrap();
    nqueens()
        .args(["count", "12", "--checkpoint", path])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("is truncated"));
    // An edited count in a line before the last: refused with its line number.
    let mut lines: Vec<String> = String::from_utf8(text)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let fields: Vec<&str> = lines[1].split(' ').collect();
    let edited = format!(
        "{} {} {} {}",
        fields[0],
        fields[1].parse::<u64>().unwrap() + 1,
        fields[2],
        fields[3]
    );
    lines[1] = edited;
    std::fs::write(&checkpoint, lines.join("\n") + "\n").unwrap();
    nqueens()
        .args(["count", "12", "--checkpoint", path])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("damaged at line 2"));
}
