//! # nqueens-quadrants
//!
//! A counter of every N-Queens solution (registry name `quadrants`) that does not search the
//! whole board: it cuts the board into four quadrants, tabulates the placements of each, and
//! counts how the tables join (meet in the middle). It trades memory for time.
//!
//! ## The algorithm
//!
//! Cut the rows into a north and a south half and the columns into a west and an east half
//! (`n / 2` each). For odd `n` the south half gets the extra row, and the middle column
//! belongs to neither half: its queen is placed first, in one of the south rows.
//!
//! 1. **Subproblems.** Every solution puts `east = n / 2` queens in the east columns; each
//!    set of rows holding them, the *east rows* (for odd `n`, with each row of the middle
//!    queen), is one independent subproblem ([`Subproblems`]). The north-south flip and the
//!    east-west mirror map the solutions of one set onto those of its flipped and its
//!    complementary set, so only the smallest set of each class is counted, times the class
//!    size: 3,218 sets of the 12,870 at n = 16. For odd `n`, the middle queen placed first
//!    keeps the mirror (a north middle queen is the flip of a south one); its diagonals are
//!    ruled out of the halves' keys as they are joined (step 3).
//! 2. **Quadrant tables.** For a set of rows of one half and one half of the columns, the
//!    table holds every placement of one queen per row in distinct columns with no shared
//!    diagonal, sorted by column set, as two bitmasks: the diagonals the other quadrant of
//!    its half can reach (its *fit* mask) and those the other half can reach (its *key*).
//!    A table depends on one quarter's rows only, so subproblems share them: they are built
//!    on first use and kept (`4 × 2^(n/2)` tables at most).
//! 3. **North joins south.** The west half of a subproblem is a north-west placement plus a
//!    south-west placement on the *other* west columns (looked up by column set: grouping by
//!    column set is what makes this join cheap) whose fit masks share no bit. Of each such
//!    half, only the diagonals the other half can also reach matter from here on: `n - 1`
//!    sum diagonals and `n - 1` difference diagonals, one `2n - 2`-bit key, the OR of its
//!    quadrants' keys. Same for the east.
//! 4. **West joins east.** The count of the subproblem is the number of (west key, east key)
//!    pairs with no common bit. Rather than testing every pair, the keys of the shorter side
//!    are taken 256 at a time and *bit-sliced* (per key bit, 256 bits say which of them have
//!    it), with the OR of the slices tabulated for every value of each key byte: a key of the
//!    other side then costs one lookup per key byte per 256 keys, and the zeros of the OR are
//!    the keys that fit. Long key lists (n ≥ 18) are first grouped by a few key bits that
//!    many keys of both sides have: a group never meets the other side's groups sharing one
//!    of its bits, which leaves about 3/4 of the pairs per bit. The join's code is picked for
//!    the CPU at run time ([`JoinKernel`]: AVX-512, AVX2 or portable), so a portable build
//!    still runs the wide instructions.
//!
//! Opposite quadrants interact through one diagonal direction only (north-west and
//! south-east share no sum diagonal, north-east and south-west no difference diagonal),
//! which is why the keys of step 3 need only the `n - 1` shared diagonals of each direction.
//!
//! Sources: the quadrant method as publicly described by Evgeny Kluev (N-Queens-Count-Sol,
//! README) and the deepgreen NQueens pages he cites (split the board in four, prepare partial
//! solutions per quarter, join them counting the successes). The subproblems by east rows,
//! the symmetry classes, the key window and the bit-sliced join are this crate's own
//! construction and code.
//!
//! ## Cost
//!
//! Time: the joins dominate. The west and east halves of a subproblem have about `K`
//! placements each (1,200 on average at n = 16, growing about 7× per 2 units of `n`), and the
//! west-east join costs about `K² / 256` lookups per key byte, summed over `C(n, n/2) / 4`
//! subproblems. Measured speed, against `symmetry` and the C yardstick, is in the reference
//! report (`reports/README.md`).
//!
//! Memory: the quadrant tables (16 bytes per placement) plus, per thread, the keys of one
//! subproblem, growing about 7× per 2 units of `n` (the project README's figures are checked
//! by `crates/nqueens-cli/tests/readme.rs`; the report's memory chart has every measured size).
//! Before a count the memory is estimated (an instant bound from the tables' shapes, then, if
//! that is over the limit, the tables counted exactly by walking them, about 3 s of one core
//! with a limit of 3G at n = 22 to 25), and a count over
//! [`Config::memory_limit`](nqueens_core::Config::memory_limit) (4 GiB by default) is refused
//! with [`Error::MemoryLimit`] giving the estimate; a limit below the tables' fixed part (64
//! MiB at n = 22, 4 GiB at n = 28) at once. The peak held is
//! [`Stats::peak_bytes`](nqueens_core::Stats::peak_bytes). The method works for every `n ≥ 1`,
//! up to n = 28 (the `u64` bound), memory permitting.
//!
//! ```
//! use nqueens_core::{Config, Error, Solver};
//! use nqueens_quadrants::QuadrantsSolver;
//!
//! let run = QuadrantsSolver.count(10, &Config::default())?;
//! assert_eq!(run.total, 724);
//! assert!(run.stats.peak_bytes > 0);
//! // A bound the tables cannot fit in is refused before any work, with the estimate.
//! let tight = Config { memory_limit: Some(1 << 20), ..Config::default() };
//! assert!(matches!(QuadrantsSolver.count(16, &tight), Err(Error::MemoryLimit { n: 16, .. })));
//! # Ok::<(), nqueens_core::Error>(())
//! ```
//!
//! Its count is resumable ([`Solver::plan`](nqueens_core::Solver::plan), one subproblem per
//! class of east-row sets, in a fixed order):
//!
//! ```
//! use nqueens_core::{Config, Solver};
//! use nqueens_run::split::count_subproblems;
//! use nqueens_quadrants::QuadrantsSolver;
//!
//! let config = Config::default();
//! let plan = QuadrantsSolver.plan(8, &config)?;
//! let all: Vec<usize> = (0..plan.len()).collect();
//! let run = count_subproblems(plan.as_ref(), &all, &config, &|_, _| {})?;
//! assert_eq!((run.total, run.ended.is_definite()), (92, true));
//! assert!(plan.stats().peak_bytes > 0);
//! # Ok::<(), nqueens_core::Error>(())
//! ```
//!
//! A table whose memory cannot be had at run time although the estimate fitted ends the count
//! with [`Error::OutOfMemory`], never a wrong count.

#![deny(missing_docs)]

mod board;
mod group;
mod halves;
mod join;
mod plan;
mod quadrant;
mod scratch;

use board::Board;
pub use join::JoinKernel;
use plan::{MAX_MASK_N, Plan};

use nqueens_core::split::Subproblems;
use nqueens_core::{BenchExtra, Counterpart, Details, Sizes};
use nqueens_core::{
    Bytes, Capabilities, Cost, CostModel, Error, Estimate, Job, Limit, MemoryTrade, Needed, Peer,
    Reading, StopFlag, Strategy, Tradeoff, Tradeoffs, Variant, known,
};

/// The registry name.
const NAME: &str = "quadrants";

/// The largest n whose refusal message samples the tables for an estimate.
const SAMPLED_UP_TO: usize = 24;

/// Why it neither finds nor lists.
const ONLY_COUNTS: &str = "it only counts (it joins tables of quarter boards, never whole solutions); bitmask finds and lists";

/// Counts every solution by joining tables of quarter-board placements. Registry name
/// `quadrants`.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuadrantsSolver;

impl QuadrantsSolver {
    /// The memory bound when [`Config::memory_limit`](nqueens_core::Config::memory_limit) sets none: 4 GiB.
    pub const DEFAULT_MEMORY_LIMIT: u64 = 4 << 30;

    /// The bytes a count of the `n × n` board on `threads` threads may hold, at most: the
    /// shared quadrant tables and per thread the half-board keys of one subproblem. With
    /// `exact`, counted by walking the tables (seconds at n = 22); without, bounded from their
    /// shapes alone (instant, and loose).
    pub fn memory_estimate(n: usize, threads: usize, exact: bool) -> Result<u64, Error> {
        Ok(estimate(&Plan::new(n)?, threads, exact))
    }
}

/// [`QuadrantsSolver::memory_estimate`] for `plan`.
fn estimate(plan: &Plan, threads: usize, exact: bool) -> u64 {
    if !exact {
        return shape_bound(plan.board(), threads);
    }
    let memory = plan.memory_within(u64::MAX, &StopFlag::new());
    let (tables, keys) = memory.map_or((u64::MAX, u64::MAX), |m| (m.tables, m.keys));
    total(tables, keys, threads)
}

/// The bound of a count's memory from the board's shapes alone: instant, no plan built.
fn shape_bound(board: &Board, threads: usize) -> u64 {
    total(
        board.table_bytes_bound(),
        board.keys_bound_from_shapes(),
        threads,
    )
}

/// The tables plus `threads` times the keys of one subproblem, saturating.
fn total(tables: u64, keys: u64, threads: usize) -> u64 {
    tables.saturating_add((threads as u64).saturating_mul(keys))
}

/// Its only variant.
const COUNTER: Variant = Variant {
    summary: "counts by joining tables of quarter-board placements (meet in the middle), on all cores; memory-hungry",
    complete: true,
    first: Limit::Unsupported(ONLY_COUNTS),
    list: Limit::Unsupported(ONLY_COUNTS),
    count: Limit::UpTo(known::COUNT_FITS_U64),
    cost: Cost {
        first: CostModel::UNKNOWN,
        // n = 17..19 from the bench's two-thread runs, 20..22 from benches/by-hand.csv (wall
        // on two threads; 22 in shards); beyond, the growth from 21 to 22.
        count: CostModel::per_row(
            &[
                (4, 2.5e-4),
                (10, 4.2e-4),
                (13, 4.3e-3),
                (15, 0.05),
                (16, 0.115),
                (17, 0.75),
                (18, 1.9),
                (19, 13.1),
                (20, 89.0),
                (21, 701.0),
                (22, 7060.0),
            ],
            9.2,
        ),
        completion: CostModel::UNKNOWN,
    },
    ..Variant::BLANK
};

// The peer: Evgeny Kluev's N-Queens-Count-Sol, measured against the same `count.c` on this
// machine type, one thread, interleaved runs, medians (issue 15 of this project).
const TRADEOFFS: Tradeoffs = Tradeoffs {
    sentences: &[Tradeoff::new(
        "",
        Reading::Yardstick,
        &[],
        // One tag a line, the whitespace between them trimmed (`{%-`).
        r#"{% set ns = namespace(versus=[], alone=[]) %}
        {%- for r in rows %}
            {%- if r.rival is defined and r.t1 is defined %}
                {%- set said = (r.rival / r.t1) | times("faster", "slower") ~ " at n = " ~ r.n %}
                {%- set ns.versus = ns.versus + [said] %}
            {%- elif r.rival is undefined and r.t1 is defined %}
                {%- set two = " (" ~ r.t2 | seconds ~ " on two)" if r.t2 is defined else "" %}
                {%- set ns.alone = ns.alone + ["n = " ~ r.n ~ " in " ~ r.t1 | seconds ~ two] %}
            {%- elif r.rival is undefined and r.t2 is defined %}
                {%- set said = "n = " ~ r.n ~ " in " ~ r.t2 | seconds ~ " on two" %}
                {%- set ns.alone = ns.alone + [said] %}
            {%- endif %}
        {%- endfor %}
        {%- set versus, alone = ns.versus | join(", "), ns.alone | join(", ") %}
        {%- set ours = "`" ~ us.id ~ "` on one thread" %}
        {%- if versus %}Counting against C: {{ ours }} against `{{ rival.id }}`: {{ versus }}
            {%- if alone %}; alone, it counts {{ alone }}{% endif %}
        {%- elif alone %}Counting by joining, alone: {{ ours }} counts {{ alone }}
        {%- endif %}"#,
    )],
    memory: Some(MemoryTrade {
        against: "symmetry",
        method: "joining",
        rival_method: "searching",
    }),
    peer: Some(Peer {
        ours: "The joining counter",
        name: "Kluev's N-Queens-Count-Sol (C++20)",
        speedups: &[(16, 13.3), (17, 7.9)],
    }),
};

impl Strategy for QuadrantsSolver {
    fn name(&self) -> &'static str {
        NAME
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const {
            Capabilities {
                resumable: true,
                ..Capabilities::new(COUNTER.summary, &[COUNTER]).tradeoffs(TRADEOFFS)
            }
            // Timed beside count.c on one and two threads, and alone at n = 18 and 19 (its goals,
            // not in the quick profile), where count.c would take minutes.
            .bench(&[BenchExtra::Yardstick(Counterpart {
                program: "count",
                threads: &[Some(1), Some(2)],
                goals: Sizes {
                    test: &[18, 19],
                    quick: &[],
                    full: &[18, 19],
                },
            })])
        }
    }

    /// The join kernel it picks for this CPU ([`JoinKernel::detect`]), as `join`.
    fn machine_details(&self) -> Details {
        Details::from([("join", JoinKernel::detect().name().to_string())])
    }

    /// Refuses a count whose tables would exceed the memory bound, with the estimate.
    fn admit_count(&self, job: &Job<'_>) -> Result<(), Error> {
        let (n, config) = (job.n(), job.config());
        let limit = config.memory_limit.unwrap_or(Self::DEFAULT_MEMORY_LIMIT);
        let threads = config.thread_count();
        let refuse = |tables, keys| Error::MemoryLimit {
            strategy: NAME,
            n,
            needed: Needed::Tables {
                tables,
                keys_per_thread: Bytes(keys),
                threads,
            },
            limit: Bytes(limit),
        };
        // Below the tables' fixed part the count is refused at once, without the walk (or even
        // the plan, whose classes take a second to list at n = 28); the instant bound from the
        // board's shapes admits most sizes, also without a plan (the count builds its own).
        let board = (1..=MAX_MASK_N).contains(&n).then(|| Board::new(n));
        if let Some(board) = &board {
            let floor = board.table_bytes_floor();
            if floor > limit {
                let tables = Estimate::Between {
                    at_least: Bytes(floor),
                    at_most: Bytes(board.table_bytes_bound()),
                };
                return Err(refuse(tables, 0));
            }
            if shape_bound(board, threads) <= limit {
                return Ok(());
            }
        }
        // Above the limit, the tables are counted exactly, but only until their sum passes the
        // limit (or a stop is raised: the run then ends interrupted on its own), and the same
        // walk bounds the keys from the tables' sizes per column set.
        let plan = Plan::new(n)?;
        let mut keys = None;
        let fits = match plan.memory_within(limit, &config.stop) {
            Some(memory) => {
                keys = Some(memory.keys);
                total(memory.tables, memory.keys, threads) <= limit
            }
            None => config.stop.is_stopped(),
        };
        if !fits {
            // The estimate for the message: sampled up to n = SAMPLED_UP_TO (a few seconds at
            // most), beyond that the bound from the tables' shapes.
            let tables = if n <= SAMPLED_UP_TO {
                plan.table_bytes_sampled(&config.stop)
                    .map(|bytes| Estimate::About(Bytes(bytes)))
            } else {
                None
            }
            .unwrap_or_else(|| Estimate::AtMost(Bytes(plan.board().table_bytes_bound())));
            return Err(refuse(
                tables,
                keys.unwrap_or_else(|| plan.board().keys_bound_from_shapes()),
            ));
        }
        Ok(())
    }

    fn subproblems(&self, job: &Job<'_>) -> Result<Box<dyn Subproblems>, Error> {
        Ok(Box::new(Plan::new(job.n())?))
    }
}
