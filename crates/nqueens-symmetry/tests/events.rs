//! A count reports its progress and nothing else: one `Event::Started` with the plan's length,
//! then one `Event::SubproblemDone` per subproblem (on one thread, as `nqueens trace` runs
//! it), with or without the node counter.

use std::sync::Arc;

use nqueens_core::{Config, Event, Solver, Stats};
use nqueens_run::EventLog;
use nqueens_symmetry::SymmetrySolver;

#[test]
fn a_count_reports_started_and_each_subproblem_done() {
    for n in [1, 4, 5, 8, 10, 12] {
        for stats in [false, true] {
            let log = Arc::new(EventLog::default());
            let config = Config {
                threads: Some(1),
                observer: Some(log.clone()),
                stats,
                ..Config::default()
            };
            let run = SymmetrySolver.count(n, &config).unwrap();
            let subproblems = SymmetrySolver.plan(n, &Config::default()).unwrap().len() as u64;
            let mut expected = vec![Event::Started { subproblems }];
            expected.extend((0..subproblems).map(|_| Event::SubproblemDone));
            assert_eq!(log.events(), expected, "n = {n}, stats = {stats}");
            let replay = log.replay(n, None);
            assert_eq!(replay.subproblems(), (subproblems, subproblems));
            assert_eq!((replay.stats(), replay.found()), (Stats::default(), 0));
            let quiet = Config {
                threads: Some(1),
                stats,
                ..Config::default()
            };
            assert_eq!(SymmetrySolver.count(n, &quiet).unwrap().total, run.total);
        }
    }
}
