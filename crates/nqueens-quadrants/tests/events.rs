//! A count reports its progress and nothing else: one `Event::Started` with the plan's length,
//! then one `Event::SubproblemDone` per subproblem (on one thread, as `nqueens trace` runs
//! it).

use std::sync::Arc;

use nqueens_core::{Config, Event, Solver, Stats};
use nqueens_quadrants::QuadrantsSolver;
use nqueens_run::EventLog;

#[test]
fn a_count_reports_started_and_each_subproblem_done() {
    for n in [1, 4, 5, 8, 10, 12] {
        let log = Arc::new(EventLog::default());
        let config = Config {
            threads: Some(1),
            observer: Some(log.clone()),
            ..Config::default()
        };
        let run = QuadrantsSolver.count(n, &config).unwrap();
        let subproblems = QuadrantsSolver.plan(n, &Config::default()).unwrap().len() as u64;
        let mut expected = vec![Event::Started { subproblems }];
        expected.extend((0..subproblems).map(|_| Event::SubproblemDone));
        assert_eq!(log.events(), expected, "n = {n}");
        let replay = log.replay(n, None);
        assert_eq!(replay.subproblems(), (subproblems, subproblems));
        assert_eq!((replay.stats(), replay.found()), (Stats::default(), 0));
        let quiet = Config {
            threads: Some(1),
            ..Config::default()
        };
        assert_eq!(QuadrantsSolver.count(n, &quiet).unwrap().total, run.total);
    }
}
