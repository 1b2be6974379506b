//! Parameters of one's own, which the registry's variants do not reach: restarts made common
//! by a short stall, and odd populations, tournaments and operators.

use std::sync::Arc;

use nqueens_core::{Event, validate_size};
use nqueens_run::{EventLog, Replay, RestartCounter};

use super::*;

#[test]
fn restarts_are_reported_to_the_observer() {
    // Restarting after 20 generations without progress makes restarts common.
    let impatient = Params {
        stall: 20,
        ..Params::for_size(40)
    };
    let mut restarted = 0;
    for seed in 0..10 {
        let observer = Arc::new(RestartCounter::default());
        let config = Config {
            observer: Some(observer.clone()),
            seed: Some(seed),
            budget: Some(3000),
            ..Config::default()
        };
        let run = solve_with(40, &impatient, &config).unwrap();
        assert_eq!(observer.count(), run.stats.restarts);
        restarted += u64::from(run.stats.restarts > 0);
    }
    assert!(restarted > 0, "no run restarted: the test shows nothing");
}

#[test]
fn other_parameters_are_taken() {
    let config = Config {
        seed: Some(4),
        ..Config::default()
    };
    for params in [
        Params {
            operator: Crossover::Order,
            ..Params::for_size(30)
        },
        Params {
            population: 2,
            tournament: 1,
            elite: 5,
            mutation: 1.0,
            ..Params::for_size(30)
        },
        Params {
            crossover: 1.0,
            stall: 0,
            ..Params::for_size(30)
        },
    ] {
        let run = solve_with(30, &params, &config).unwrap();
        let Some(solution) = run.solution() else {
            panic!("{params:?}: {:?}", run.ended())
        };
        assert_eq!(validate_size(solution.columns(), 30), Ok(()));
    }
}

#[test]
fn restarts_replay_too() {
    // Restarting after 20 generations without progress makes restarts common.
    let impatient = Params {
        stall: 20,
        ..Params::for_size(20)
    };
    let mut restarted = 0;
    for seed in 0..8 {
        let config = Config {
            seed: Some(seed),
            ..Config::default()
        };
        let log = Arc::new(EventLog::default());
        let observed = Config {
            observer: Some(log.clone()),
            ..config.clone()
        };
        let run = solve_with(20, &impatient, &observed).unwrap();
        let events = log.events();
        Replay::check_first(20, None, &run, &events).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let quiet = solve_with(20, &impatient, &config).unwrap();
        assert_eq!((quiet.solution(), quiet.stats), (run.solution(), run.stats));
        restarted += u64::from(run.stats.restarts > 0);
        // Each restart redraws the whole board.
        for (at, _) in events
            .iter()
            .enumerate()
            .filter(|(_, e)| **e == Event::Restarted)
        {
            let next = &events[at + 1..(at + 21).min(events.len())];
            assert!(next.len() == 20 && next.iter().all(|e| matches!(e, Event::Assigned { .. })));
        }
    }
    assert!(restarted > 0, "no run restarted: the test shows nothing");
}
