//! Forged records (issue 27, item 8): a record whose numbers were changed and whose FNV check
//! was recomputed passes a plain `merge`; `merge --audit K` recounts subproblems and catches
//! it, and a keyed record (`--key`) cannot be forged without the key.

use super::*;

/// The records of `count n --strategy strategy --shard i/k` (with `extra` flags), one JSON
/// line each.
fn records(n: usize, strategy: &str, k: usize, extra: &[&str]) -> Vec<String> {
    (0..k)
        .map(|i| {
            let output = nqueens()
                .args(["count", &n.to_string(), "--strategy", strategy])
                .args(["--shard", &format!("{i}/{k}")])
                .args(extra)
                .output()
                .unwrap();
            assert!(output.status.success(), "{output:?}");
            String::from_utf8(output.stdout).unwrap()
        })
        .collect()
}

/// `line` changed by `edit`, with the FNV check recomputed as the code computes it: what a
/// forger without a key can do.
fn resealed(line: &str, edit: impl FnOnce(&mut ShardRecord)) -> String {
    let mut record: ShardRecord = serde_json::from_str(line).unwrap();
    edit(&mut record);
    record.seal();
    assert!(record.is_intact());
    serde_json::to_string(&record).unwrap() + "\n"
}

/// `line` with the subproblems at `positions` of its slice changed by `change` (solutions and
/// classes), and the totals made to match.
fn forge(line: &str, positions: &[usize], change: [u64; 2]) -> String {
    resealed(line, |record| {
        let tallies = record
            .tallies
            .as_mut()
            .expect("records carry their tallies");
        for &position in positions {
            tallies[position][0] += change[0];
            tallies[position][1] += change[1];
            record.count += change[0];
            record.unique += change[1];
        }
    })
}

fn write(scratch: &Scratch, name: &str, lines: &[String]) -> PathBuf {
    let path = scratch.path(name);
    std::fs::write(&path, lines.concat()).unwrap();
    path
}

/// `nqueens merge ARGS` exits 2, prints nothing on standard output, and says each of `said`.
fn merge_refused(args: &[&str], said: &[&str]) {
    let mut assert = nqueens()
        .arg("merge")
        .args(args)
        .assert()
        .code(2)
        .stdout("");
    for text in said {
        assert = assert.stderr(predicate::str::contains(*text));
    }
}

fn shown(path: &Path) -> String {
    path.display().to_string()
}

#[test]
fn a_record_forged_with_a_recomputed_check_is_caught_by_an_audit() {
    let scratch = Scratch::new("audit-forged");
    // symmetry: 8 more solutions and 1 more class per subproblem keep Burnside's identity,
    // so the class check of a plain merge does not see it; quadrants has no class check.
    for (strategy, plan, change, right) in [
        ("symmetry", 272usize, [8, 1], 724u64),
        ("quadrants", 71, [1, 0], 724),
    ] {
        let honest = records(10, strategy, 3, &[]);
        let good = write(&scratch, &format!("{strategy}-good.json"), &honest);
        nqueens()
            .args(["merge", "--audit", "20"])
            .arg(&good)
            .assert()
            .success()
            .stdout(format!("{right}\n"))
            .stderr(predicate::str::contains("all 20 subproblems recounted"));
        // Every subproblem of shard 1/3 forged.
        let slice = serde_json::from_str::<ShardRecord>(&honest[1])
            .unwrap()
            .subproblems;
        assert_eq!(slice, (plan + 1) / 3);
        let all: Vec<usize> = (0..slice).collect();
        let mut forged = honest.clone();
        forged[1] = forge(&honest[1], &all, change);
        let path = write(&scratch, &format!("{strategy}-forged.json"), &forged);
        let wrong = right + change[0] * slice as u64;
        // What a plain merge cannot see: the forged total passes.
        nqueens()
            .arg("merge")
            .arg(&path)
            .assert()
            .success()
            .stdout(format!("{wrong}\n"));
        // Auditing every subproblem catches it for certain, naming the file, the shard and
        // the subproblem (the first one of shard 1/3 is subproblem 1).
        merge_refused(
            &["--audit", &plan.to_string(), &shown(&path)],
            &[
                "audit failed",
                "shard 1/3",
                "subproblem 1,",
                &format!("{strategy}-forged.json"),
            ],
        );
        // A sample of 12 misses a forged third with probability (2/3)^12 < 1%; seed 5 is
        // fixed, so this one catches it every time, and says the same twice.
        let sampled = || {
            nqueens()
                .args(["merge", "--audit", "12", "--audit-seed", "5"])
                .arg(&path)
                .assert()
                .code(2)
                .stderr(predicate::str::contains("seed 5"))
                .stderr(predicate::str::contains("audit failed"))
                .get_output()
                .stderr
                .clone()
        };
        assert_eq!(sampled(), sampled());
        // One forged subproblem among the honest ones: found when the audit covers it.
        let mut one = honest.clone();
        one[2] = forge(&honest[2], &[3], change);
        let path = write(&scratch, &format!("{strategy}-one.json"), &one);
        merge_refused(
            &["--audit", &plan.to_string(), &shown(&path)],
            &["shard 2/3", "subproblem 11,"],
        );
    }
}

#[test]
fn records_that_do_not_add_up_or_carry_no_tallies_are_refused_in_words() {
    let scratch = Scratch::new("audit-tallies");
    let honest = records(10, "symmetry", 2, &[]);
    // The count changed and the check recomputed, the tallies left: merge refuses it.
    let mut lines = honest.clone();
    lines[0] = resealed(&honest[0], |record| {
        record.count += 8;
        record.unique += 1;
    });
    let path = write(&scratch, "inconsistent.json", &lines);
    merge_refused(&[&shown(&path)], &["do not add up", "inconsistent.json"]);
    // An earlier version's record (no tallies) still merges, but cannot be audited: the
    // message says how to make it again.
    let mut lines = honest.clone();
    lines[1] = resealed(&honest[1], |record| record.tallies = None);
    let path = write(&scratch, "old.json", &lines);
    nqueens()
        .arg("merge")
        .arg(&path)
        .assert()
        .success()
        .stdout("724\n");
    merge_refused(
        &["--audit", "3", &shown(&path)],
        &[
            "no per-subproblem counts",
            "nqueens count 10 --strategy symmetry --shard 1/2",
        ],
    );
}

#[test]
fn keyed_records_and_checkpoints_are_refused_without_their_key() {
    let scratch = Scratch::new("audit-keyed");
    let key = scratch.path("cluster.key");
    std::fs::write(&key, [7u8; 32]).unwrap();
    let other = scratch.path("other.key");
    std::fs::write(&other, [9u8; 32]).unwrap();
    let key_arg = key.display().to_string();
    let keyed = records(10, "symmetry", 2, &["--key", &key_arg]);
    let path = write(&scratch, "keyed.json", &keyed);
    nqueens()
        .args(["merge", "--audit", "5", "--key"])
        .arg(&key)
        .arg(&path)
        .assert()
        .success()
        .stdout("724\n");
    // Merged without the key, or with another: refused.
    merge_refused(&[&shown(&path)], &["written with a key", "--key FILE"]);
    merge_refused(&["--key", &shown(&other), &shown(&path)], &["another key"]);
    // Edited without the key, the FNV check recomputed: the keyed check fails.
    let mut forged = keyed.clone();
    forged[0] = forge(&keyed[0], &[1], [8, 1]);
    let path = write(&scratch, "forged.json", &forged);
    merge_refused(
        &["--key", &key_arg, &shown(&path)],
        &["fails its keyed check", "forged.json"],
    );
    // ... and with the keyed fields removed, it is a record without a keyed check.
    let mut value: serde_json::Value = serde_json::from_str(&forged[0]).unwrap();
    let object = value.as_object_mut().unwrap();
    object.remove("key");
    object.remove("mac");
    forged[0] = value.to_string() + "\n";
    let path = write(&scratch, "stripped.json", &forged);
    merge_refused(
        &["--key", &key_arg, &shown(&path)],
        &["carries no keyed check"],
    );
    // A keyed checkpoint: every line carries its MAC; it resumes only with its key.
    let checkpoint = scratch.path("keyed.ckpt");
    let count = |key: Option<&Path>| {
        let mut command = nqueens();
        command
            .args(["count", "10", "--checkpoint"])
            .arg(&checkpoint);
        if let Some(key) = key {
            command.arg("--key").arg(key);
        }
        command.assert()
    };
    count(Some(&key)).success().stdout("724\n");
    let text = std::fs::read_to_string(&checkpoint).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains(" key="), "{}", lines[0]);
    assert!(lines[1..].iter().all(|l| l.split(' ').count() == 5));
    count(Some(&key)).success().stdout("724\n");
    count(None)
        .code(2)
        .stderr(predicate::str::contains("written with a key"));
    count(Some(&other))
        .code(2)
        .stderr(predicate::str::contains("another key"));
    // A line's MAC changed (any edit without the key): the file is refused as damaged.
    let mut edited: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    let last = edited[2].pop().unwrap();
    edited[2].push(if last == '0' { '1' } else { '0' });
    std::fs::write(&checkpoint, edited.join("\n") + "\n").unwrap();
    count(Some(&key))
        .code(2)
        .stderr(predicate::str::contains("damaged at line 3"));
    // A checkpoint written without a key is not resumed with one.
    let plain = scratch.path("plain.ckpt");
    nqueens()
        .args(["count", "10", "--checkpoint"])
        .arg(&plain)
        .assert()
        .success();
    nqueens()
        .args(["count", "10", "--checkpoint"])
        .arg(&plain)
        .arg("--key")
        .arg(&key)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("written without a key"));
}
