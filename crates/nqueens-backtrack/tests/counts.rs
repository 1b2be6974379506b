//! Both backtracking forms against OEIS A000170, the seeds' small cases, and each other; the
//! vector board's events against its own search. n = 13 and 14 take seconds for the vector
//! board in release mode (the README's test command).

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use nqueens_backtrack::{BitmaskSolver, VectorSolver};
use nqueens_core::{
    Config, Ended, Error, Event, Observer, Operation, Solution, Solver, Stats, known,
};

fn all(solver: &dyn Solver, n: usize) -> Vec<Vec<u32>> {
    solver.collect(n, &Config::default()).unwrap().0
}

#[test]
fn counts_match_oeis_up_to_14() {
    for solver in [&VectorSolver as &dyn Solver, &BitmaskSolver] {
        for n in 1..=14 {
            let run = solver.count(n, &Config::default()).unwrap();
            assert!(run.is_complete());
            assert_eq!(
                Some(run.total),
                known::all_solutions(n),
                "{} n = {n}",
                solver.name()
            );
        }
    }
}

#[test]
fn seeds_small_cases() {
    for solver in [&VectorSolver as &dyn Solver, &BitmaskSolver] {
        assert_eq!(all(solver, 1), vec![vec![0]]);
        assert!(all(solver, 2).is_empty());
        assert!(all(solver, 3).is_empty());
        assert_eq!(all(solver, 4), vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
        assert_eq!(
            all(solver, 6),
            vec![
                vec![1, 3, 5, 0, 2, 4],
                vec![2, 5, 1, 4, 0, 3],
                vec![3, 0, 4, 1, 5, 2],
                vec![4, 2, 0, 5, 3, 1],
            ]
        );
        let eight = all(solver, 8);
        assert_eq!(eight.len(), 92);
        let classes: BTreeSet<Solution> = eight
            .into_iter()
            .map(|c| Solution::from_columns(c).unwrap().canonical())
            .collect();
        assert_eq!(classes.len(), 12);
    }
}

#[test]
fn no_solution_is_proven_for_2_and_3() {
    for solver in [&VectorSolver as &dyn Solver, &BitmaskSolver] {
        for n in [2, 3] {
            let run = solver.first(n, &Config::default()).unwrap();
            assert!(run.proves_none(), "{} n = {n}", solver.name());
            assert_eq!(run.ended(), Ended::Exhausted);
        }
    }
}

#[test]
fn both_forms_list_the_same_solutions_in_lexicographic_order() {
    for n in 1..=10 {
        let vector = all(&VectorSolver, n);
        let bitmask = all(&BitmaskSolver, n);
        assert_eq!(vector, bitmask, "n = {n}");
        assert!(vector.windows(2).all(|w| w[0] < w[1]));
        for columns in vector {
            nqueens_core::validate_size(&columns, n).unwrap();
        }
    }
}

/// The halved tree's nodes and dead ends, n = 1 to 14, as the counter kept them before its
/// kernel learned the rows left (and as `warnsdorff` visits the same tree: tests/cross_search.rs).
const HALVED_TREE: [(u64, u64); 14] = [
    (1, 0),
    (1, 1),
    (3, 2),
    (8, 2),
    (31, 2),
    (76, 23),
    (315, 87),
    (1_028, 322),
    (4_703, 1_438),
    (17_769, 6_025),
    (91_392, 31_984),
    (428_094, 150_265),
    (2_531_728, 889_144),
    (13_679_276, 4_832_548),
];

#[test]
fn the_bitmask_count_keeps_statistics_only_when_asked() {
    let asked = Config {
        stats: true,
        ..Config::default()
    };
    for (n, &(nodes, dead_ends)) in (1..).zip(&HALVED_TREE) {
        let with = BitmaskSolver.count(n, &asked).unwrap();
        let without = BitmaskSolver.count(n, &Config::default()).unwrap();
        assert_eq!(Some(with.total), known::all_solutions(n), "n = {n}");
        assert_eq!(without.total, with.total, "n = {n}");
        assert_eq!(
            (with.stats.nodes, with.stats.backtracks),
            (nodes, dead_ends),
            "n = {n}"
        );
        assert_eq!(without.stats, Stats::default(), "n = {n}");
    }
}

#[test]
fn both_forms_report_the_same_first_search() {
    for n in [1, 4, 8, 12, 20] {
        let vector = VectorSolver.first(n, &Config::default()).unwrap();
        let bitmask = BitmaskSolver.first(n, &Config::default()).unwrap();
        assert_eq!(vector.solution(), bitmask.solution(), "n = {n}");
        assert_eq!(vector.ended(), bitmask.ended(), "n = {n}");
        assert_eq!(vector.stats, bitmask.stats, "n = {n}");
    }
}

#[test]
fn first_solutions_of_large_boards_validate() {
    for n in [25, 30, 32] {
        let run = BitmaskSolver.first(n, &Config::default()).unwrap();
        let Some(solution) = run.solution() else {
            panic!("no solution for n = {n}");
        };
        assert_eq!(solution.n(), n);
        assert_eq!(run.ended(), Ended::Satisfied);
    }
}

#[test]
fn the_limits_are_the_masks_and_a_count_that_fits_u64() {
    let config = Config::default();
    for solver in [&VectorSolver as &dyn Solver, &BitmaskSolver] {
        assert!(matches!(
            solver.count(29, &config),
            Err(Error::TooLarge { limit: 28, .. })
        ));
    }
    let error = BitmaskSolver.first(33, &config).unwrap_err();
    assert_eq!(
        error,
        Error::TooLarge {
            strategy: "bitmask",
            operation: Operation::First,
            n: 33,
            limit: 32
        }
    );
    assert!(error.to_string().contains("up to 32"));
}

#[test]
fn a_bitmask_count_stops_inside_its_subproblems() {
    // One subproblem of n = 18 (a first and second queen) takes seconds; the stop flag must be
    // seen inside it, not only between subproblems.
    let config = Config::default();
    let stop = config.stop.clone();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        stop.stop();
    });
    let run = BitmaskSolver.count(18, &config).unwrap();
    raiser.join().unwrap();
    assert_eq!(run.ended, Ended::Interrupted);
    assert!(!run.is_complete());
    assert!(run.total < 666_090_624);
}

/// Records every event.
#[derive(Default)]
struct Recorder(Mutex<Vec<Event>>);

impl Observer for Recorder {
    fn observe(&self, event: Event) {
        self.0.lock().unwrap().push(event);
    }
}

/// A config whose observer records into the returned recorder.
fn recorded() -> (Config, Arc<Recorder>) {
    let recorder = Arc::new(Recorder::default());
    let config = Config {
        observer: Some(recorder.clone()),
        ..Config::default()
    };
    (config, recorder)
}

#[test]
fn the_bitmask_count_reports_its_first_row_subproblems() {
    for (n, pieces) in [(1, 1), (4, 2), (7, 4), (8, 4)] {
        let (config, recorder) = recorded();
        let run = BitmaskSolver.count(n, &config).unwrap();
        assert_eq!(Some(run.total), known::all_solutions(n));
        let events = recorder.0.lock().unwrap();
        assert_eq!(
            events[0],
            Event::Started {
                subproblems: pieces
            },
            "n = {n}"
        );
        assert_eq!(events.len() as u64, 1 + pieces, "n = {n}: {events:?}");
        assert!(events[1..].iter().all(|e| *e == Event::SubproblemDone));
    }
}

/// Replays the vector board's events on a board of its own, checking that each placement is
/// on a safe square of the next row, each removal takes off the last queen, and each dead end
/// is a row with no safe square; returns the complete boards seen, in order.
fn replay(n: usize, events: &[Event]) -> Vec<Vec<u32>> {
    let mut board: Vec<u32> = Vec::new();
    let mut complete = Vec::new();
    let safe = |board: &[u32], column: usize| {
        let row = board.len();
        board
            .iter()
            .enumerate()
            .all(|(r, &c)| c as usize != column && (c as usize).abs_diff(column) != row - r)
    };
    for event in events {
        match *event {
            Event::Placed { row, column } => {
                assert_eq!(row, board.len(), "{event:?}");
                assert!(safe(&board, column), "{event:?} on {board:?}");
                board.push(column as u32);
                if board.len() == n {
                    complete.push(board.clone());
                }
            }
            Event::Removed { row, column } => {
                assert_eq!((row + 1, Some(column as u32)), (board.len(), board.pop()));
            }
            Event::Conflict { row } => {
                assert_eq!(row, board.len(), "{event:?}");
                assert!((0..n).all(|c| !safe(&board, c)), "{event:?} on {board:?}");
            }
            Event::Found => assert_eq!(board.len(), n, "a solution fills every row"),
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!(
        board.is_empty(),
        "an exhausted search takes every queen off"
    );
    complete
}

#[test]
fn the_vector_events_replay_the_search() {
    for n in 1..=8 {
        let (config, recorder) = recorded();
        let (solutions, run) = VectorSolver.collect(n, &config).unwrap();
        let events = recorder.0.lock().unwrap();
        assert_eq!(replay(n, &events), solutions, "n = {n}");
        let placed = events
            .iter()
            .filter(|e| matches!(e, Event::Placed { .. }))
            .count();
        let conflicts = events
            .iter()
            .filter(|e| matches!(e, Event::Conflict { .. }))
            .count();
        assert_eq!(
            (placed as u64, conflicts as u64),
            (run.stats.nodes, run.stats.backtracks)
        );
        // Watching changes nothing about the search.
        assert_eq!(
            VectorSolver.collect(n, &Config::default()).unwrap(),
            (solutions, run)
        );
    }
}

#[test]
fn a_watched_first_search_stops_at_its_solution() {
    let (config, recorder) = recorded();
    let run = VectorSolver.first(8, &config).unwrap();
    let events = recorder.0.lock().unwrap();
    let placed = events
        .iter()
        .filter(|e| matches!(e, Event::Placed { .. }))
        .count() as u64;
    assert_eq!(placed, run.stats.nodes);
    assert_eq!(
        events[events.len() - 2..],
        [Event::Placed { row: 7, column: 3 }, Event::Found],
        "the last events put the solution's last queen and find it"
    );
    assert_eq!(
        run.solution().map(|s| s.to_string()),
        Some("0 4 7 5 2 6 1 3".into())
    );
}
