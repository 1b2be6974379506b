//! The events a run reports redraw it (`nqueens_run::Replay`, the contract of `Event`): the
//! replay ends on the run's solution with its counters, and an unobserved run of the same seed
//! gives the same solution and counters.

use nqueens_core::{Config, Event, FirstRun, Given, Solver};
use nqueens_minconflicts::MinConflictsSolver;
use nqueens_run::check_events;

/// Runs `config` with and without an event log; checks the replay against the run.
fn check_replay(n: usize, config: &Config) -> (FirstRun, Vec<Event>) {
    let what = format!("n = {n}, {config:?}");
    let (run, events) = check_events(&MinConflictsSolver, n, config)
        .unwrap_or_else(|error| panic!("{what}: {error}"));
    // A local search places no nodes: every queen it sets is Assigned, Moved or Swapped.
    assert!(
        !events.iter().any(|e| matches!(e, Event::Placed { .. })),
        "{what}"
    );
    (run, events)
}

fn seeded(seed: u64) -> Config {
    Config {
        seed: Some(seed),
        ..Config::default()
    }
}

#[test]
fn replays_end_on_the_solution_with_the_counters() {
    let (mut restarted, mut stayed) = (0, 0);
    for n in [1, 4, 5, 8, 12, 30, 500] {
        for seed in 0..6 {
            let (run, events) = check_replay(n, &seeded(seed));
            restarted += u64::from(run.stats.restarts > 0);
            // A move that found no swap worth making leaves its queen in place.
            stayed += events
                .iter()
                .filter(|e| matches!(e, Event::Moved { from, to, .. } if from == to))
                .count();
        }
    }
    assert!(
        restarted > 0,
        "no run restarted: the restarts went untested"
    );
    assert!(stayed > 0, "no move stayed: those went untested");
}

#[test]
fn the_start_assigns_every_row_and_the_repair_only_swaps() {
    let (_, events) = check_replay(200, &seeded(3));
    let assigned = events
        .iter()
        .take_while(|e| matches!(e, Event::Assigned { .. }))
        .count();
    assert_eq!(assigned, 200);
    assert!(events[assigned..events.len() - 1].iter().all(|e| matches!(
        e,
        Event::Swapped { .. } | Event::Moved { .. } | Event::Restarted | Event::Assigned { .. }
    )));
}

#[test]
fn completion_replays_from_the_given_queens() {
    for n in [6, 8, 12, 40] {
        for seed in 0..4 {
            // Given queens taken from a solution, so a completion exists.
            let whole = MinConflictsSolver.first(n, &seeded(seed + 100)).unwrap();
            let columns = whole.solution().unwrap().columns().to_vec();
            let queens = (0..n).step_by(3).map(|row| (row, columns[row])).collect();
            let config = Config {
                given: Some(Given::new(queens).unwrap()),
                ..seeded(seed)
            };
            let (_, events) = check_replay(n, &config);
            // Only free rows are assigned.
            let given = config.given.as_ref().unwrap().by_row(n);
            assert!(events.iter().all(|e| match e {
                Event::Assigned { row, .. } | Event::Moved { row, .. } => given[*row].is_none(),
                Event::Swapped { first, second } =>
                    given[*first].is_none() && given[*second].is_none(),
                _ => true,
            }));
        }
    }
}
