//! The events a run reports redraw it (`nqueens_run::Replay`, the contract of `Event`): the
//! replay ends on the run's solution with its counters, in both variants,
//! and an unobserved run of the same seed gives the same solution and counters.

use std::sync::Arc;

use nqueens_core::{Config, Event, FirstRun, Solver};
use nqueens_genetic::GeneticSolver;
use nqueens_run::{EventLog, Replay};

const VARIANTS: [&str; 2] = ["pmx", "mutation"];

/// Runs `run` with and without an event log on `config`; checks the replay against the run.
fn check_replay(
    n: usize,
    config: &Config,
    run: impl Fn(&Config) -> FirstRun,
) -> (FirstRun, Vec<Event>) {
    let log = Arc::new(EventLog::default());
    let observed = Config {
        observer: Some(log.clone()),
        ..config.clone()
    };
    let result = run(&observed);
    let what = format!("n = {n}, {config:?}");
    let events = log.events();
    Replay::check_first(n, None, &result, &events)
        .unwrap_or_else(|error| panic!("{what}: {error}"));
    // Only the best individual is drawn: rows assigned, generations as moves in place.
    assert!(
        events.iter().all(|e| match e {
            Event::Moved { row, from, to } => *row == 0 && from == to,
            e => matches!(e, Event::Assigned { .. } | Event::Restarted | Event::Found),
        }),
        "{what}"
    );
    let quiet = run(config);
    assert_eq!(quiet.solution(), result.solution(), "{what}");
    assert_eq!(quiet.stats, result.stats, "{what}");
    (result, events)
}

#[test]
fn replays_end_on_the_solution_with_the_counters_in_both_variants() {
    for variant in VARIANTS {
        for n in [1, 4, 5, 8, 12, 30] {
            for seed in 0..4 {
                let config = Config {
                    seed: Some(seed),
                    variant: Some(variant.to_string()),
                    ..Config::default()
                };
                check_replay(n, &config, |c| GeneticSolver.first(n, c).unwrap());
            }
        }
    }
}
