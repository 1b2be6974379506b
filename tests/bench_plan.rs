//! The bench's plan over the workbench's registry, from the strategies' own declarations
//! (`Capabilities::bench`): the yardstick rows and `once` sweeps keep the labels that kept runs
//! and the committed report already hold, and no declaration names a C program the plan does
//! not run.

use nqueens::core::BenchExtra;
use nqueens_report::bench::{Mode, Plan, Profile};

fn plan(profile: Profile) -> Plan {
    Plan::for_profile(Mode::List, profile, None)
}

#[test]
fn every_counterpart_is_a_program_the_plan_runs() {
    let plan = plan(Profile::Default);
    for solver in nqueens::registry().iter() {
        for extra in solver.capabilities().bench {
            if let BenchExtra::Yardstick(counterpart) = extra {
                let program = counterpart.program;
                assert!(
                    plan.yardsticks.iter().any(|y| y.program == program),
                    "{}: no yardstick {program}.c in the plan",
                    solver.name()
                );
            }
        }
    }
}

#[test]
fn the_yardstick_rows_and_once_sweeps_keep_their_labels() {
    let registry = nqueens::registry();
    let plan = plan(Profile::Full);
    let cases = plan.yardstick_cases(&registry);
    let ids: Vec<String> = cases
        .iter()
        .map(|c| format!("{}/{}", c.label, c.n))
        .collect();
    let counters = "count.c bitmask symmetry-t1 symmetry-t2 quadrants-t1 quadrants-t2";
    let mut expected: Vec<String> = Vec::new();
    for (n, labels) in [
        (16, counters),
        (12, "permutations.c permutation"),
        (17, counters),
    ] {
        expected.extend(labels.split(' ').map(|l| format!("{l}/{n}")));
    }
    for n in [18, 19] {
        expected.extend(["quadrants-t1", "quadrants-t2"].map(|l| format!("{l}/{n}")));
    }
    assert_eq!(ids, expected);
    let sweeps: Vec<String> = (plan.once_sweeps(&registry).iter())
        .map(|s| format!("{} {:?}", s.case.label, s.sizes.first()))
        .collect();
    assert_eq!(
        sweeps,
        ["warnsdorff Some(4)", "min-conflicts Some(100000000)"]
    );
}
