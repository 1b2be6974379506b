//! Every strategy's steps, checked over the registry as `nqueens trace` records them: replaying
//! the events ([`Replay`]) ends on the run's solution with the run's statistics (nodes,
//! backtracks, moves, restarts; `cp` only its restarts, its search being inside Pumpkin), the
//! last event is the solution found, and listening changes nothing: the same run with no
//! observer gives the same answer and statistics.

use std::sync::Arc;

use nqueens::core::{
    Config, EventLog, EventsCheckError, EventsCheckReason, Given, ReplayMismatch, Solver, Variant,
    check_events, known,
};

fn config_for(variant: &Variant, seed: u64, given: Option<&Given>) -> Config {
    Config {
        variant: variant.name.map(str::to_string),
        seed: variant.randomized.then_some(seed),
        threads: Some(1),
        given: given.cloned(),
        ..Config::default()
    }
}

/// Checks `solver`'s events on its first-solution search of `n` ([`check_events`]).
fn check_first(solver: &dyn Solver, n: usize, config: &Config) {
    match check_events(solver, n, config) {
        Ok(_) => {}
        // Pumpkin's decisions and conflicts happen inside the solver, where no board state can
        // be shown honestly: `cp` reports its restarts and its answer, not a step per node.
        Err(EventsCheckError {
            reason: EventsCheckReason::Replay(ReplayMismatch::Counter { counter, .. }),
            ..
        }) if solver.name() == "cp" && counter != "restarts" => {}
        Err(error) => panic!("{error}"),
    }
}

#[test]
fn every_first_solution_search_replays_to_its_answer_and_statistics() {
    let registry = nqueens::registry();
    for solver in registry.iter() {
        for variant in solver.capabilities().variants {
            for n in [1, 4, 6, 8] {
                if !variant.first.accepts(n) {
                    continue;
                }
                let seeds: &[u64] = if variant.randomized { &[1, 2, 3] } else { &[0] };
                for &seed in seeds {
                    check_first(solver, n, &config_for(variant, seed, None));
                }
            }
        }
    }
}

#[test]
fn completions_replay_to_their_answer_with_the_given_queens() {
    let registry = nqueens::registry();
    let given: Given = "0:1,2:4".parse().unwrap();
    for solver in registry.iter() {
        for variant in solver.capabilities().variants {
            if !variant.keeps_given || !variant.first.accepts(8) {
                continue;
            }
            let seeds: &[u64] = if variant.randomized { &[1, 2] } else { &[0] };
            for &seed in seeds {
                check_first(solver, 8, &config_for(variant, seed, Some(&given)));
            }
        }
    }
}

#[test]
fn count_only_strategies_report_their_subproblems() {
    let registry = nqueens::registry();
    for solver in registry.iter() {
        for variant in solver.capabilities().variants {
            let n = 10;
            if variant.first.is_supported() || !variant.count.accepts(n) {
                continue;
            }
            let log = Arc::new(EventLog::default());
            let config = Config {
                observer: Some(log.clone()),
                ..config_for(variant, 0, None)
            };
            let run = solver.count(n, &config).unwrap();
            assert_eq!(Some(run.total), known::all_solutions(n));
            let (total, done) = log.replay(n, None).subproblems();
            assert!(total > 0, "{}: no subproblems announced", solver.name());
            assert_eq!(
                total,
                done,
                "{}: every subproblem reported done",
                solver.name()
            );
        }
    }
}
