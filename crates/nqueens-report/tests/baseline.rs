//! The comparison's verdicts on synthetic runs.

use std::collections::BTreeMap;
use std::path::PathBuf;

use nqueens_report::*;

fn estimate(function: &str, seconds: f64, spread: f64) -> Estimate {
    let samples: Vec<f64> = (0..10)
        .map(|i| seconds * (1.0 + spread * (i as f64 - 4.5) / 4.5))
        .collect();
    Estimate {
        group: "count_all".into(),
        function: function.into(),
        parameter: "12".into(),
        median: Interval {
            point: seconds,
            lower: seconds * (1.0 - spread),
            upper: seconds * (1.0 + spread),
        },
        confidence: 0.95,
        samples,
        written: None,
    }
}

fn base(estimates: Vec<Estimate>) -> Baseline {
    Baseline {
        dir: PathBuf::from("base"),
        criterion: CriterionData {
            estimates,
            ..CriterionData::default()
        },
        ..Baseline::default()
    }
}

/// No between-run noise at all: only the intervals and the 2% judge.
fn quiet() -> Noise {
    Noise::measure(&[], "none".into(), [0.0; 3])
}

#[test]
fn a_slowed_case_is_a_regression_and_an_unchanged_one_is_noise() {
    let before = vec![
        estimate("bitmask", 1e-3, 0.05),
        estimate("vector", 4e-3, 0.05),
        estimate("dlx", 2e-3, 0.05),
    ];
    let after = [
        estimate("bitmask", 2e-3, 0.05),
        estimate("vector", 4e-3, 0.05),
        estimate("dlx", 1e-3, 0.05),
    ];
    let after: Vec<&Estimate> = after.iter().collect();
    let changes = compare(&after, None, &[base(before)], &quiet()).unwrap();
    let verdicts: Vec<(&str, Verdict)> = changes
        .iter()
        .map(|c| (c.case.as_str(), c.verdict))
        .collect();
    assert_eq!(
        verdicts,
        [
            ("count_all/bitmask/12", Verdict::Regression),
            ("count_all/dlx/12", Verdict::Gain),
            ("count_all/vector/12", Verdict::Noise),
        ]
    );
    let slowed = &changes[0];
    assert!((slowed.ratio - 2.0).abs() < 1e-9);
    assert!(slowed.lower > 1.5 && slowed.upper < 2.5 && slowed.resampled);
    assert!(changes[2].lower <= 1.0 && changes[2].upper >= 1.0);
}

#[test]
fn a_slower_machine_is_drift_and_a_slowed_strategy_still_stands_out() {
    let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
    let before: Vec<Estimate> = names.iter().map(|f| estimate(f, 1e-3, 0.01)).collect();
    // The whole machine 8% slower, and `c` twice as slow besides.
    let after: Vec<Estimate> = names
        .iter()
        .map(|f| estimate(f, if *f == "c" { 2.16e-3 } else { 1.08e-3 }, 0.01))
        .collect();
    let after: Vec<&Estimate> = after.iter().collect();
    let changes = compare(&after, None, &[base(before)], &quiet()).unwrap();
    assert!((changes[0].drift - 1.08).abs() < 1e-9);
    assert_eq!(changes[0].case, "count_all/c/12");
    assert_eq!(changes[0].verdict, Verdict::Regression);
    assert!(changes[1..].iter().all(|c| c.verdict == Verdict::Noise));
}

#[test]
fn no_common_case_is_an_error_and_no_samples_falls_back_on_intervals() {
    let before = vec![estimate("bitmask", 1e-3, 0.05)];
    let other = estimate("vector", 1e-3, 0.05);
    let error = compare(&[&other], None, &[base(before.clone())], &quiet()).unwrap_err();
    assert!(error.to_string().contains("no case in common"), "{error}");
    let mut bare = estimate("bitmask", 1.5e-3, 0.05);
    bare.samples.clear();
    let changes = compare(&[&bare], None, &[base(before)], &quiet()).unwrap();
    assert!(!changes[0].resampled);
    assert!((changes[0].lower - 1.5 * 0.95 / 1.05).abs() < 1e-9);
    assert_eq!(changes[0].verdict, Verdict::Regression);
}

#[test]
fn a_case_within_its_band_is_noise_and_a_larger_change_is_not() {
    let names = ["a", "b", "c"];
    let before: Vec<Estimate> = names.iter().map(|f| estimate(f, 1e-3, 0.01)).collect();
    // Two earlier runs of one build: `a` wandered by 1.3×, the others not at all.
    let run = |wander: f64| Figures {
        times: names
            .iter()
            .map(|f| {
                (
                    format!("count_all/{f}/12"),
                    if *f == "a" { 1e-3 * wander } else { 1e-3 },
                )
            })
            .collect(),
        kernels: BTreeMap::new(),
    };
    let noise = Noise::measure(&[run(1.0), run(1.3)], "test".into(), [0.0; 3]);
    // `a` 1.4× slower: inside 1.3^1.5 = 1.48; `b` 1.4× slower: beyond its band of 1.
    let after: Vec<Estimate> = names
        .iter()
        .map(|f| estimate(f, if *f == "c" { 1e-3 } else { 1.4e-3 }, 0.01))
        .collect();
    let after: Vec<&Estimate> = after.iter().collect();
    let changes = compare(&after, None, &[base(before)], &noise).unwrap();
    let verdict = |case: &str| changes.iter().find(|c| c.case == case).unwrap().verdict;
    assert_eq!(verdict("count_all/a/12"), Verdict::Noise);
    assert_eq!(verdict("count_all/b/12"), Verdict::Regression);
    assert_eq!(verdict("count_all/c/12"), Verdict::Noise);
}

#[test]
fn several_baselines_stand_together_and_must_be_one_build() {
    let before = |s: f64| base(vec![estimate("bitmask", s, 0.01)]);
    let after = [estimate("bitmask", 1.1e-3, 0.01)];
    let after: Vec<&Estimate> = after.iter().collect();
    let changes = compare(&after, None, &[before(1e-3), before(1.2e-3)], &quiet()).unwrap();
    // The median of 1 and 1.2 ms is 1.1 ms: no change.
    assert!((changes[0].ratio - 1.0).abs() < 1e-9);
    assert_eq!(changes[0].verdict, Verdict::Noise);

    let run = |commit: &str| nqueens_report::Run {
        id: commit.into(),
        commit: commit.into(),
        dirty: None,
        source: None,
        profile: "default".into(),
        args: String::new(),
        filtered: false,
        started: 0,
        finished: Some(1),
        cases_planned: 1,
        cases_done: 1,
        estimated_seconds: 0.0,
        cpu: "cpu".into(),
        cores: 2,
        rustc: "rustc".into(),
        flags: "flags".into(),
        criterion: "0.8.2".into(),
    };
    let kept = |commit: &str| Baseline {
        manifest: Some(RunManifest {
            harness: nqueens_report::HARNESS_VERSION,
            runs: vec![run(commit)],
        }),
        ..before(1e-3)
    };
    assert!(Baseline::check_one_build(&[kept("aaaaaaa"), kept("aaaaaaa")]).is_ok());
    let error = Baseline::check_one_build(&[kept("aaaaaaa"), kept("bbbbbbb")]).unwrap_err();
    assert!(error.to_string().contains("different builds"), "{error}");
    assert!(
        error.to_string().contains("commit aaaaaaa / bbbbbbb"),
        "{error}"
    );
    let error = Baseline::check_one_build(&[kept("aaaaaaa"), before(1e-3)]).unwrap_err();
    assert!(error.to_string().contains("no run manifest"), "{error}");
    assert!(Baseline::check_one_build(&[before(1e-3)]).is_ok());
}

#[test]
fn a_moved_instruction_count_is_a_change_and_a_wandering_kernel_is_not_steady() {
    let stats = |bitmask: u64, sat: u64| {
        let row = |id: &str, n: usize, count: u64| {
            let mut r = nqueens_report::CaseRecord::new(
                nqueens_report::group::INSTRUCTIONS,
                id,
                id,
                n,
                CaseStatus::Measured,
            );
            r.note = format!("count: {EVERY_THREAD_COUNTED}");
            r.instructions = count;
            r
        };
        StatsFile {
            meta: Vec::new(),
            records: vec![row("bitmask", 10, bitmask), row("sat", 8, sat)],
        }
    };
    let with = |s: StatsFile| Baseline {
        stats: Some(s),
        ..base(vec![estimate("bitmask", 1e-3, 0.01)])
    };
    let noise = Noise::measure(
        &[
            Figures::of(&with(stats(1000, 1000))),
            Figures::of(&with(stats(1000, 1100))),
        ],
        "test".into(),
        [0.0; 3],
    );
    let after = [estimate("bitmask", 1e-3, 0.01)];
    let after: Vec<&Estimate> = after.iter().collect();
    // bitmask 1% more instructions (time unchanged), sat 10% fewer: within its own spread.
    let changes = compare(
        &after,
        Some(&stats(1010, 1000)),
        &[with(stats(1000, 1100))],
        &noise,
    )
    .unwrap();
    let kernel = |key: &str| changes.iter().find(|c| c.case == key).unwrap();
    let bitmask = kernel("instructions/bitmask/count-10");
    assert_eq!(
        (bitmask.verdict, bitmask.steady),
        (Verdict::Regression, true)
    );
    assert_eq!(changes[0].case, bitmask.case);
    let sat = kernel("instructions/sat/count-8");
    assert_eq!((sat.verdict, sat.steady), (Verdict::Noise, false));
    assert_eq!(kernel("count_all/bitmask/12").verdict, Verdict::Noise);
}
