//! What the CP solver reports (issue #19): its restarts, then its answer assigned and found.
//! Its decisions and conflicts have no events (see the crate documentation), so a replay adds
//! up to its restarts but not to its nodes and backtracks.

use std::sync::Arc;

use nqueens_core::{Config, Event, Given, Solver};
use nqueens_cp::CpSolver;
use nqueens_run::EventLog;

/// Runs `first` watched and unwatched with `config`; checks that the events replay to the
/// solution (the last event is `Found`, the only one), add up to the run's restarts and to no
/// node or backtrack, and that watching changed neither the solution nor the counters.
fn replays(n: usize, config: &Config) {
    let log = Arc::new(EventLog::default());
    let watched = Config {
        observer: Some(log.clone()),
        ..config.clone()
    };
    let run = CpSolver.first(n, &watched).unwrap();
    let what = format!("{:?} n = {n}", config.variant);
    let solution = run.solution().cloned().expect(&what);
    let replay = log.replay(n, config.given.as_ref());
    assert_eq!(
        replay.columns(),
        Some(solution.columns().to_vec()),
        "{what}"
    );
    assert_eq!(replay.found(), 1, "{what}");
    assert_eq!(log.events().last(), Some(&Event::Found), "{what}");
    let events = replay.stats();
    assert_eq!(events.restarts, run.stats.restarts, "{what}: restarts");
    assert_eq!((events.nodes, events.backtracks, events.moves), (0, 0, 0));
    let quiet = CpSolver.first(n, config).unwrap();
    assert_eq!(quiet.solution(), run.solution(), "{what}: unwatched");
    assert_eq!(quiet.stats, run.stats, "{what}: unwatched");
}

#[test]
fn both_variants_assign_their_answer() {
    for variant in ["autonomous", "first-fail"] {
        let config = Config {
            variant: Some(variant.into()),
            ..Config::default()
        };
        for n in [1, 4, 8, 12, 30] {
            replays(n, &config);
        }
        let given = Config {
            given: Some(Given::new(vec![(1, 4), (5, 6)]).unwrap()),
            ..config
        };
        replays(8, &given);
    }
}
