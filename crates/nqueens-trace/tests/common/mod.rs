//! A small local-search trace written by hand: every queen on the main diagonal (all attacked),
//! then one move per row to a solution of n = 6, so the page's conflicts chart and red queens
//! are tested whatever the strategies report.

use nqueens_core::{Ended, Event, Operation, Stats};
use nqueens_trace::{End, Header, Trace};

/// A solution of the 6-queens problem.
pub const SOLUTION: [u32; 6] = [1, 3, 5, 0, 2, 4];

pub fn local_search() -> Trace {
    let n = SOLUTION.len();
    let mut events: Vec<Event> = (0..n)
        .map(|row| Event::Assigned { row, column: row })
        .collect();
    for (row, &to) in SOLUTION.iter().enumerate() {
        events.push(Event::Moved {
            row,
            from: row,
            to: to as usize,
        });
    }
    events.push(Event::Found);
    Trace {
        header: Header {
            trace: "nqueens-trace".into(),
            version: 1,
            n,
            strategy: "local-search-by-hand".into(),
            variant: None,
            operation: Operation::First,
            seed: Some(1),
            given: Vec::new(),
            max_steps: 100,
        },
        end: End {
            end: Ended::Satisfied,
            cut: false,
            steps: events.len() as u64,
            solution: Some(SOLUTION.to_vec()),
            total: None,
            stats: Stats {
                moves: n as u64,
                ..Stats::default()
            },
        },
        events,
    }
}
