//! What the bench measures of a strategy beyond its series, declared as plain data
//! ([`Capabilities::bench`](crate::Capabilities::bench)), costed by its [`Cost`](crate::Cost).

use crate::Sizes;

/// One measurement the bench makes of a strategy beyond its series.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BenchExtra {
    /// Its count timed beside a C program that counts too (the `yardstick` group).
    Yardstick(Counterpart),
    /// Its default variant run once at each size of a sweep (the `once` group).
    Once(OnceSweep),
}

/// A program of `../shared/yardstick/` run beside the strategy's count, a row per `threads`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counterpart {
    /// The program, by its source's name without `.c` (`count`).
    pub program: &'static str,
    /// The threads of each row; `None` leaves them to the strategy's default.
    pub threads: &'static [Option<usize>],
    /// Sizes the strategy alone runs once each (the program would take minutes), per profile.
    pub goals: Sizes,
}

impl Counterpart {
    /// The label of strategy `name`'s row on `threads`: `name`, or `name-tK` among several.
    pub fn row_label(&self, name: &str, threads: Option<usize>) -> String {
        match threads {
            Some(k) if self.threads.len() > 1 => format!("{name}-t{k}"),
            _ => name.to_string(),
        }
    }
}

/// Every size from `from` to `to`, each run once within `seconds`, past any failure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnceSweep {
    /// The smallest size.
    pub from: usize,
    /// The largest size.
    pub to: usize,
    /// The deadline of one run, in seconds.
    pub seconds: f64,
    /// Whether only the full profile runs it (a run of minutes).
    pub full_only: bool,
}
