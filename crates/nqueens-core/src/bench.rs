//! What the bench measures of a strategy beyond its `count_all` and `first_solution` series,
//! declared by the strategy as plain data ([`Capabilities::bench`](crate::Capabilities::bench)):
//! the C program it is timed beside ([`Counterpart`]) and the sizes it runs at once each
//! ([`OnceSweep`]). The bench walks the registry for them and names no strategy itself; their
//! cost is the variant's own [`Cost`](crate::Cost).

/// One measurement the bench makes of a strategy beyond its series.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BenchExtra {
    /// Its count timed beside a C program that counts too (the `yardstick` group).
    Yardstick(Counterpart),
    /// Its default variant run once at each size of a sweep, outside criterion (the `once`
    /// group): a goal of its issue.
    Once(OnceSweep),
}

/// A program of the shared yardsticks (`../shared/yardstick/<program>.c`) that does the
/// strategy's count: the bench runs both at the program's sizes, the strategy once per entry of
/// `threads`. A single row is labelled by the strategy's name, several by `name-tK`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counterpart {
    /// The program, by its source's name without `.c` (`count`).
    pub program: &'static str,
    /// The threads of each row; `None` leaves them to the strategy's default.
    pub threads: &'static [Option<usize>],
    /// Sizes the strategy alone runs at once each, where the program would take minutes (the
    /// goals of its issue); the quick profile leaves them out.
    pub goals: &'static [usize],
}

/// Every size from `from` to `to`, each run once within `seconds`; a run past its deadline is
/// recorded and the sweep goes on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnceSweep {
    /// The smallest size.
    pub from: usize,
    /// The largest size.
    pub to: usize,
    /// The deadline of one run, in seconds.
    pub seconds: f64,
    /// Whether only the full profile runs it (a run of minutes); the test profile runs the
    /// others at their smallest sizes.
    pub full_only: bool,
}
