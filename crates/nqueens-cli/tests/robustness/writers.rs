//! Two runs writing one file at once (issue 39): neither may lose the other's work without
//! saying so.

use super::*;

#[test]
fn two_shards_given_one_out_file_keep_both_records_or_refuse_the_second() {
    let scratch = Scratch::new("two-writers");
    let out = scratch.path("s.json");
    let out_arg = out.to_str().unwrap();
    // An empty file lets both runs start (a missing one would too, if both start before
    // either finishes): both count, and the second to finish finds the first's record.
    std::fs::write(&out, "").unwrap();
    let shard = |k: &str| {
        spawn(
            &[
                "count",
                "16",
                "--shard",
                k,
                "--out",
                out_arg,
                "--threads",
                "1",
                "-q",
            ],
            Stdio::null(),
        )
    };
    let (first, second) = (shard("1/4"), shard("2/4"));
    let mut ends = [finish(first, 120), finish(second, 120)];
    ends.sort_by_key(|(code, ..)| *code);
    let [(won, won_out, won_err), (lost, lost_out, lost_err)] = ends;
    assert_eq!((won, lost), (Some(0), Some(2)), "{won_err}\n{lost_err}");
    assert!(won_out.is_empty(), "{won_out}");
    no_panic(lost_err.as_bytes());
    let kept = std::fs::read_to_string(&out).unwrap();
    let kept: ShardRecord = serde_json::from_str(kept.trim()).unwrap();
    assert!(kept.is_complete() && kept.is_intact());
    // The refused run names what it found, and its record is not lost: it is on its
    // standard output, whole, for a file of its own. (On a machine so loaded that the second
    // run starts only after the first has written, it is refused before counting.)
    assert!(
        lost_err.contains(&format!("it holds the record of shard {}", kept.shard)),
        "{lost_err}"
    );
    if lost_out.is_empty() {
        assert!(
            lost_err.contains("remove it or choose another file"),
            "{lost_err}"
        );
        return;
    }
    let other: ShardRecord = serde_json::from_str(lost_out.trim()).unwrap();
    assert!(other.is_complete() && other.is_intact());
    assert_ne!(other.shard, kept.shard);
}

#[test]
fn a_checkpoint_two_counts_open_at_once_is_refused_to_the_second() {
    let scratch = Scratch::new("two-checkpointers");
    let checkpoint = scratch.path("c.ckpt");
    let ckpt = checkpoint.to_str().unwrap();
    let args = ["count", "17", "--threads", "1", "--checkpoint", ckpt, "-q"];
    let first = spawn(&args, Stdio::null());
    wait_until_catching(&first);
    wait_for_lines(&checkpoint, 2);
    let second = spawn(&args, Stdio::null());
    let (code, _, stderr) = finish(second, 60);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("in use by another count"), "{stderr}");
    signal(&first, "INT");
    let (code, _, stderr) = finish(first, 60);
    assert_eq!(code, Some(130), "{stderr}");
}
