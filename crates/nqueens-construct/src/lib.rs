//! # nqueens-construct
//!
//! The explicit construction: a solution for every `n >= 4` written down by formula, with no
//! search at all. Hoffman, Loessi and Moore (1969, *Mathematics Magazine* 42(2)) gave the first
//! such construction; this crate uses the compact form of Bernhardsson (1991, "Explicit solutions
//! to the N-queens problem for all N", *SIGART Bulletin* 2(2), p. 7). With rows and columns
//! counted from 1 and `h = n / 2` for even `n`:
//!
//! - **A** (`n mod 6` is 0 or 4): for `i = 1..=h`, queens on `(i, 2i)` and `(h + i, 2i - 1)`;
//! - **B** (`n mod 6` is 2): for `i = 1..=h`, queens on `(i, 1 + (2(i-1) + h - 1) mod n)` and
//!   `(n + 1 - i, n - (2(i-1) + h - 1) mod n)`;
//! - odd `n`: the even board of size `n - 1` leaves its main diagonal empty, so a queen on the
//!   corner `(n, n)` completes it.
//!
//! It is the floor every "first solution" strategy is measured against: O(n) time, one pass
//! writing the columns in row order, and 4 bytes per queen (the returned solution) plus the
//! validator's ~5 bits per queen. It is not a search: it cannot list or count, and for `n = 2`
//! and `n = 3` it answers that there is no solution
//! ([`FirstRun::proves_none`](nqueens_core::FirstRun::proves_none)) from the known fact
//! (OEIS A000170), not from a proof of its own.
//!
//! How fast it is, up to n = 10^8 and including the validation every
//! [`Solver::first`](nqueens_core::Solver::first) runs, is in the comparison report
//! (`reports/README.md`). Writing the 10^8-queen line as text is slower than building it: about
//! 889 MB of digits.
//!
//! ```
//! use nqueens_construct::ConstructionSolver;
//! use nqueens_core::{Config, Solver};
//!
//! let run = ConstructionSolver.first(8, &Config::default())?;
//! let Some(solution) = run.solution() else { panic!("n = 8 has solutions") };
//! assert_eq!(solution.to_string(), "3 5 7 1 6 0 2 4");
//! assert!(ConstructionSolver.first(3, &Config::default())?.proves_none());
//! # Ok::<(), nqueens_core::Error>(())
//! ```

#![deny(missing_docs)]

use nqueens_core::{
    Capabilities, Cost, CostModel, Ended, Error, Event, FirstRun, Job, Limit, Showcase, Solution,
    Stats, Strategy, Variant, known,
};

/// The explicit construction of Hoffman, Loessi and Moore / Bernhardsson. Registry name
/// `construction`; `n <= 10^9` (4 GB for the columns); deterministic. An
/// [`Observer`](nqueens_core::Observer) sees the answer [assigned](Event::Assigned) row by
/// row, then [found](Event::Found).
#[derive(Clone, Copy, Debug, Default)]
pub struct ConstructionSolver;

/// The largest board accepted: the columns alone take 4 bytes per queen, 4 GB here.
pub const MAX_N: usize = 1_000_000_000;

/// One line for `nqueens strategies`, for the strategy and its one variant.
const SUMMARY: &str =
    "explicit formula by n mod 6 (Hoffman-Loessi-Moore, Bernhardsson), O(n), no search";

/// The only variant: the strategy has no modes.
const VARIANT: Variant = Variant {
    summary: SUMMARY,
    first: Limit::UpTo(MAX_N),
    list: Limit::Unsupported("a construction gives one solution per n; it cannot enumerate"),
    count: Limit::Unsupported("a construction gives one solution per n; it cannot count"),
    cost: Cost::first_only(CostModel::power(
        &[
            (8, 4e-7),
            (1_000, 1.2e-5),
            (100_000, 7.4e-4),
            (1_000_000, 0.013),
            (10_000_000, 0.195),
            (100_000_000, 1.85),
        ],
        1.1,
    )),
    ..Variant::BLANK
};

/// The columns (0-based, row 0 first) of the constructed solution for `n >= 4`, or `None` for
/// `n` in 1..=3 where the formulas do not apply, or if the memory for `n` columns cannot be had.
pub(crate) fn columns(n: usize) -> Option<Vec<u32>> {
    if !(4..=MAX_N).contains(&n) {
        return None;
    }
    let mut columns = Vec::new();
    columns.try_reserve_exact(n).ok()?;
    // Odd n: the even board of size n - 1, then the corner.
    let even = n & !1;
    let h = even / 2;
    // Columns fit u32 because n <= MAX_N < 2^32; the casts below cannot truncate.
    let m = even as u32;
    let h32 = h as u32;
    if even % 6 != 2 {
        // A: the top half takes the odd columns 1, 3, 5, ..., the bottom half the even ones.
        columns.extend((0..h32).map(|r| 2 * r + 1));
        columns.extend((0..h32).map(|r| 2 * r));
    } else {
        // B: row r (top half) takes t(r) = (2r + h - 1) mod m, and row m - 1 - r its mirror
        // m - 1 - t(r). 2r + h - 1 < 3h, so one conditional subtraction replaces the modulo.
        let t = move |r: u32| {
            let t = 2 * r + h32 - 1;
            if t >= m { t - m } else { t }
        };
        columns.extend((0..h32).map(t));
        columns.extend((0..h32).rev().map(|r| m - 1 - t(r)));
    }
    if n != even {
        columns.push(m);
    }
    Some(columns)
}

impl Strategy for ConstructionSolver {
    fn name(&self) -> &'static str {
        "construction"
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const {
            Capabilities::new(SUMMARY, &[VARIANT]).showcase(Showcase {
                family: "Construction",
                variant: None,
                seed: None,
            })
        }
    }

    fn search_first(&self, job: &Job<'_>) -> Result<FirstRun, Error> {
        let n = job.n();
        let columns = match n {
            1 => vec![0],
            // n = 2 and 3 have no solution (OEIS A000170); the formulas start at 4.
            _ if known::all_solutions(n) == Some(0) => {
                return Ok(FirstRun::without_solution(
                    Ended::Exhausted,
                    Stats::default(),
                ));
            }
            _ => columns(n).ok_or_else(|| Error::OutOfMemory {
                strategy: self.name(),
                n,
                what: format!("{n} columns ({} bytes)", 4 * n),
            })?,
        };
        let stats = Stats {
            peak_bytes: 4 * n as u64,
            ..Stats::default()
        };
        // No search to show: the formula's answer, row by row, then the solution it is. A
        // caller that draws a billion rows asked for it; without an observer this is skipped.
        if job.config().watches_steps() {
            job.config().observe_board(&columns);
            job.config().observe(Event::Found);
        }
        Ok(FirstRun::found(Solution::from_columns(columns)?, stats))
    }
}
