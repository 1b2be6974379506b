//! The events a run reports redraw it (`nqueens_run::Replay`, the contract of `Event`): the
//! replay ends on the run's solution with its counters, in both variants, and an unobserved
//! run of the same seed gives the same solution and counters.

use nqueens_anneal::AnnealingSolver;
use nqueens_core::{Config, Event, FirstRun};
use nqueens_run::check_events;

const VARIANTS: [&str; 2] = ["geometric", "quench"];

/// Runs `config` with and without an event log; checks the replay against the run.
fn check_replay(n: usize, config: &Config) -> (FirstRun, Vec<Event>) {
    let what = format!("n = {n}, {config:?}");
    let (run, events) =
        check_events(&AnnealingSolver, n, config).unwrap_or_else(|error| panic!("{what}: {error}"));
    assert!(
        !events.iter().any(|e| matches!(e, Event::Placed { .. })),
        "{what}"
    );
    (run, events)
}

fn seeded(seed: u64, variant: &str) -> Config {
    Config {
        seed: Some(seed),
        variant: Some(variant.to_string()),
        ..Config::default()
    }
}

#[test]
fn replays_end_on_the_solution_with_the_counters_in_both_variants() {
    for variant in VARIANTS {
        let mut restarted = 0;
        // n = 6 has 4 solutions and deep local minima: frozen runs happen there.
        for (n, seeds) in [(1, 2), (4, 5), (6, 40), (8, 5), (11, 5), (40, 3)] {
            for seed in 0..seeds {
                let (run, events) = check_replay(n, &seeded(seed, variant));
                restarted += u64::from(run.stats.restarts > 0);
                // Each restart is followed by a whole board.
                for (at, _) in events
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| **e == Event::Restarted)
                {
                    let next = &events[at + 1..(at + 1 + n).min(events.len())];
                    assert!(
                        next.len() == n && next.iter().all(|e| matches!(e, Event::Assigned { .. })),
                        "{variant} n = {n} seed = {seed}"
                    );
                }
                // Proposals are the budget's unit; only those accepted are moves.
                assert!(run.stats.moves <= run.stats.examined);
            }
        }
        assert!(
            restarted > 0,
            "{variant}: no run restarted, the test shows nothing"
        );
    }
}
