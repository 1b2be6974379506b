//! Solutions that a rotation maps onto themselves, counted directly by a search over the part of
//! the board that determines them.
//!
//! P(n) (OEIS A032522) counts the solutions a half turn maps onto themselves, R(n) (OEIS
//! A033148) those a quarter turn does. Burnside's lemma ties them to the full count Q(n)
//! (A000170) and the classes (A002562); the `burnside` module checks a full count with them.
//!
//! ## Half turn
//!
//! A half-turn-symmetric solution pairs each queen (r, c) with (n-1-r, n-1-c), and holds the
//! centre on an odd board: its first ⌊n/2⌋ rows determine it. The search fills those rows and
//! places each queen with its image. Diagonals are indexed absolutely, `/` by
//! `r + c` and `\` by `r - c + n - 1` (both `0..=2n-2`), and the half turn maps index `d` to
//! `2n - 2 - d` in both families: the sets of taken diagonals are palindromes, so a square is
//! open exactly when its image is, and one test per square does. Its `/` diagonal is bit `c`
//! of the `/` mask shifted right by `r`; its `\` diagonal, reflected, is bit `c` of the `\` mask
//! shifted right by `n - 1 - r`. A queen on its own image's line (`c = r`, `c = n - 1 - r`)
//! is excluded.
//!
//! ## Quarter turn
//!
//! A quarter-turn-symmetric solution comes in orbits of four queens, (r, c), (c, n-1-r),
//! (n-1-r, n-1-c) and (n-1-c, r), which fill rows and columns {r, n-1-r, c, n-1-c} at once: two
//! of the ⌊n/2⌋ pairs of mirrored rows, so such solutions exist only for n ≡ 0 or 1 (mod 4),
//! and a quarter of the queens determine them. The quarter turn maps the `/` diagonal `d` onto
//! the `\` diagonal `2n - 2 - d`, and the half turn makes both sets palindromes: on such a board
//! the `/` and `\` diagonals taken are the same set of indices, held in one mask. Each level
//! puts a queen in an empty row `r` of the top half (its column pair must be another empty
//! pair) and adds its orbit; the set of taken rows is also the set of taken columns.
//!
//! Both searches branch on the empty top-half row with the fewest open squares (a row with
//! none ends the branch), put the queen of row 0 in the left half only and double the count
//! (the left-right mirror), and count the last level by a population count. The first levels
//! are expanded into independent subproblems ([`SymmetricPlan`]) for the core's runner.
//!
//! ## Cost and limits
//!
//! The half-turn search backtracks over ⌊n/2⌋ rows, the quarter-turn one over about n/4 levels
//! with a branching factor falling by 2 each level (O(2^(n/4) (n/2)!!) without pruning), so R
//! reaches boards far beyond the full count. Memory is O(n³) for the plan. Columns sit in a
//! `u64` and diagonals in a `u128`, so n ≤ 64 ([`MAX_SYMMETRIC_N`]). The counts are `u64`: the
//! largest known R, R(61), is about 2.9 × 10^14, and reaching 2^64 would take years. Times are
//! measured by hand and quoted in the README's *Counting* section.
//!
//! Sources: the identity is Burnside's (orbit-counting) lemma; the reference values are
//! OEIS A032522 and A033148. The searches are this workbench's own.

use nqueens_core::split::{Fingerprint, Subproblems, Tally};
use nqueens_core::{Error, Operation, StopFlag, Turn};

/// The largest board the symmetric counts accept: `2n - 1` diagonals fit a `u128`.
pub const MAX_SYMMETRIC_N: usize = 64;

/// Levels searched with a stop check at every node; below, the plain loop (each such subtree
/// is small: about `n` nodes per level left, a few levels).
const POLLED_LEVELS: u32 = 4;

/// The name of a symmetric count, as its plan's strategy (`symmetry-half`, `symmetry-quarter`):
/// checkpoints of the two counts and of the full count never mix.
fn plan_name(turn: Turn) -> &'static str {
    match turn {
        Turn::Half => "symmetry-half",
        Turn::Quarter => "symmetry-quarter",
    }
}

/// A partial symmetric solution: the queens placed so far with all their images.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Partial {
    /// Rows of the top half filled (bit `r`); for the quarter turn, the same as `columns`.
    rows: u64,
    /// Taken columns (bit `c`); for the quarter turn, also the taken rows.
    columns: u64,
    /// Taken `/` diagonals (bit `r + c`); for the quarter turn, every diagonal taken.
    rising: u128,
    /// Taken `\` diagonals, half turn only (bit `r - c + n - 1`).
    falling: u128,
}

/// What to do next with a partial solution.
enum Next {
    /// It is a whole solution.
    Complete,
    /// Branch on the open columns of this row.
    Row(u32, u64),
}

/// The fixed parameters of one board's symmetric search.
#[derive(Clone, Copy, Debug)]
struct Board {
    n: u32,
    /// Every column.
    all: u64,
    /// The rows of the top half: a symmetric solution is determined by its queens there.
    top: u64,
}

impl Board {
    fn new(n: u32) -> Board {
        Board {
            n,
            all: u64::MAX >> (64 - n),
            top: (1u64 << (n / 2)) - 1,
        }
    }

    /// The empty board, with the centre queen an odd board needs.
    fn root(self) -> Partial {
        let mut root = Partial {
            rows: 0,
            columns: 0,
            rising: 0,
            falling: 0,
        };
        if self.n % 2 == 1 {
            let m = self.n / 2;
            root.columns = 1 << m;
            root.rising = 1 << (self.n - 1);
            root.falling = 1 << (self.n - 1);
        }
        root
    }

    /// The rows of the top half still empty.
    #[inline(always)]
    fn empty_rows(self, turn: Turn, p: &Partial) -> u64 {
        match turn {
            Turn::Half => self.top & !p.rows,
            // Rows and columns taken are the same set.
            Turn::Quarter => self.top & !p.columns,
        }
    }

    /// Levels left to fill below `p`: one per empty row of the top half, or per two for the
    /// quarter turn, whose every queen fills two pairs of rows.
    #[inline(always)]
    fn levels_left(self, turn: Turn, p: &Partial) -> u32 {
        let empty = self.empty_rows(turn, p).count_ones();
        match turn {
            Turn::Half => empty,
            Turn::Quarter => empty / 2,
        }
    }

    /// The open columns of the empty row `r` of the top half: those where a queen and its
    /// images attack no queen placed and none of each other (a queen on its own row's diagonal
    /// or anti-diagonal through the centre would attack its image).
    #[inline(always)]
    fn open(self, turn: Turn, p: &Partial, r: u32) -> u64 {
        let falling = match turn {
            Turn::Half => p.falling,
            // The rising and falling diagonals taken are the same set.
            Turn::Quarter => p.rising,
        };
        let mirror = self.n - 1 - r;
        self.all
            & !p.columns
            & !(1 << r | 1 << mirror)
            & !((p.rising >> r) as u64)
            & !((falling >> mirror) as u64)
    }

    /// `p` with a queen on (`r`, `column`), and its images.
    #[inline(always)]
    fn place(self, turn: Turn, p: &Partial, r: u32, column: u32) -> Partial {
        let n = self.n;
        let (mirror, image) = (n - 1 - r, n - 1 - column);
        let sum = r + column;
        let difference = r + n - 1 - column;
        let pair = |d: u32| 1u128 << d | 1u128 << (2 * n - 2 - d);
        match turn {
            Turn::Half => Partial {
                rows: p.rows | 1 << r,
                columns: p.columns | 1 << column | 1 << image,
                rising: p.rising | pair(sum),
                falling: p.falling | pair(difference),
            },
            Turn::Quarter => {
                let taken = p.columns | 1 << r | 1 << mirror | 1 << column | 1 << image;
                Partial {
                    rows: taken,
                    columns: taken,
                    rising: p.rising | pair(sum) | pair(difference),
                    falling: 0,
                }
            }
        }
    }

    /// The row to branch on: of the empty rows of the top half, the one with the fewest open
    /// columns (an empty one ends the branch at once: forward checking). Every completion has
    /// exactly one queen in that row, so branching on it counts each once; choosing the most
    /// constrained row prunes far more than going top to bottom (measured: R(36) and R(37) in a
    /// quarter of the time, P(24) in half).
    #[inline(always)]
    fn next(self, turn: Turn, p: &Partial) -> Next {
        let mut empty = self.empty_rows(turn, p);
        if empty == 0 {
            return Next::Complete;
        }
        let (mut best_row, mut best_open, mut fewest) = (0, 0, u32::MAX);
        while empty != 0 {
            let r = empty.trailing_zeros();
            empty &= empty - 1;
            let open = self.open(turn, p, r);
            let options = open.count_ones();
            if options < fewest {
                (best_row, best_open, fewest) = (r, open, options);
                if options == 0 {
                    break;
                }
            }
        }
        Next::Row(best_row, best_open)
    }

    /// Completions of `p`: the hot loop, with no stop check.
    fn count(self, turn: Turn, p: &Partial) -> u64 {
        let Next::Row(r, mut open) = self.next(turn, p) else {
            return 1;
        };
        if self.levels_left(turn, p) == 1 {
            return u64::from(open.count_ones());
        }
        let mut total = 0;
        while open != 0 {
            let column = open.trailing_zeros();
            open &= open - 1;
            total += self.count(turn, &self.place(turn, p, r, column));
        }
        total
    }

    /// Like [`Board::count`], looking at `stop` at each node with more than
    /// [`POLLED_LEVELS`] levels left; `None` when stopped.
    fn count_polled(self, turn: Turn, p: &Partial, stop: &StopFlag) -> Option<u64> {
        if self.levels_left(turn, p) <= POLLED_LEVELS {
            return Some(self.count(turn, p));
        }
        if stop.is_stopped() {
            return None;
        }
        let Next::Row(r, mut open) = self.next(turn, p) else {
            return Some(1);
        };
        let mut total = 0;
        while open != 0 {
            let column = open.trailing_zeros();
            open &= open - 1;
            total += self.count_polled(turn, &self.place(turn, p, r, column), stop)?;
        }
        Some(total)
    }
}

/// The subproblems of counting the symmetric solutions of one board: the partial solutions
/// after the first levels, the top queen in the left half (the count is doubled).
///
/// It is a [`Subproblems`], so the run crate's runner counts it on several threads with
/// progress, and a checkpoint (`nqueens_run::split::Checkpoint`) resumes it. Callers reach it
/// through [`SymmetrySolver`](crate::SymmetrySolver) with a turn in the config:
///
/// ```
/// use nqueens_core::{Config, Solver, Turn};
/// use nqueens_symmetry::SymmetrySolver;
///
/// let config = Config { symmetric: Some(Turn::Quarter), ..Config::default() };
/// assert_eq!(SymmetrySolver.count(16, &config)?.total, 64); // OEIS A033148
/// assert_eq!(SymmetrySolver.plan(16, &config)?.strategy(), "symmetry-quarter");
/// # Ok::<(), nqueens_core::Error>(())
/// ```
#[derive(Clone, Debug)]
pub(crate) struct SymmetricPlan {
    board: Board,
    turn: Turn,
    starts: Vec<Partial>,
    /// What each completion counts for: 2 (the mirror image), 1 for n = 1.
    weight: u64,
}

/// Levels expanded into subproblems: hundreds of them from n = 20 on, enough for an even load
/// on any number of cores and a steady progress bar.
fn expanded_levels(n: u32, turn: Turn) -> u32 {
    match turn {
        Turn::Half => 3,
        Turn::Quarter if n >= 36 => 3,
        Turn::Quarter => 2,
    }
}

impl SymmetricPlan {
    /// The plan for `n` (`1..=64`, see [`MAX_SYMMETRIC_N`]).
    pub(crate) fn new(n: usize, turn: Turn) -> Result<SymmetricPlan, Error> {
        if n == 0 {
            return Err(Error::ZeroSize);
        }
        if n > MAX_SYMMETRIC_N {
            return Err(Error::TooLarge {
                strategy: plan_name(turn),
                operation: Operation::Count,
                n,
                limit: MAX_SYMMETRIC_N,
            });
        }
        let board = Board::new(n as u32);
        let root = board.root();
        let (starts, weight) = if n == 1 {
            // The lone queen is its own image under every symmetry: no mirror halving.
            (vec![root], 1)
        } else if turn == Turn::Quarter && n % 4 >= 2 {
            // An odd number of row pairs cannot be taken two at a time.
            (Vec::new(), 2)
        } else {
            let place_all = |p: &Partial, r: u32, mut open: u64, out: &mut Vec<Partial>| {
                while open != 0 {
                    out.push(board.place(turn, p, r, open.trailing_zeros()));
                    open &= open - 1;
                }
            };
            // The top queen in the left half only: the mirror gives the others.
            let left_half = (1u64 << (n / 2)) - 1;
            let mut level = Vec::new();
            place_all(&root, 0, board.open(turn, &root, 0) & left_half, &mut level);
            for _ in 1..expanded_levels(board.n, turn) {
                let mut next = Vec::new();
                for p in &level {
                    match board.next(turn, p) {
                        Next::Complete => next.push(*p),
                        Next::Row(r, open) => place_all(p, r, open, &mut next),
                    }
                }
                level = next;
            }
            (level, 2)
        };
        Ok(SymmetricPlan {
            board,
            turn,
            starts,
            weight,
        })
    }
}

impl Subproblems for SymmetricPlan {
    fn strategy(&self) -> &'static str {
        plan_name(self.turn)
    }

    fn n(&self) -> usize {
        self.board.n as usize
    }

    fn len(&self) -> usize {
        self.starts.len()
    }

    /// FNV-1a over `n`, the turn and every starting position, in order.
    fn fingerprint(&self) -> String {
        let mut hash = Fingerprint::new();
        hash.word(u128::from(self.board.n));
        hash.word(u128::from(self.turn == Turn::Quarter));
        for p in &self.starts {
            for word in [
                u128::from(p.rows),
                u128::from(p.columns),
                p.rising,
                p.falling,
            ] {
                hash.word(word);
            }
        }
        hash.finish()
    }

    /// The symmetric solutions through one starting position (and their mirror images).
    fn count_one(&self, index: usize, stop: &StopFlag) -> Result<Option<Tally>, Error> {
        // Small subtrees are not polled inside: look once, so that a raised flag stops any count.
        if stop.is_stopped() {
            return Ok(None);
        }
        let completions = self
            .board
            .count_polled(self.turn, &self.starts[index], stop);
        Ok(completions.map(|completions| Tally {
            total: self.weight * completions,
            unique: 0,
        }))
    }
}
