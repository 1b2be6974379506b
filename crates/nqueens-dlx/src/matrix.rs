//! The exact cover matrix of the board in Knuth's array layout, and the dancing-links
//! operations on it (cover, uncover, hide, unhide) that the search in the crate root runs.

use std::ops::ControlFlow;

use nqueens_core::{Ended, Observer, StopFlag, Visitor};

use crate::{Search, Watch};

/// What a search did, in Knuth's terms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    /// Options tried: one per node of the search tree (a queen placed).
    pub(crate) nodes: u64,
    /// Nodes removed from an item's list while hiding options (Knuth's "updates").
    pub(crate) updates: u64,
    /// Chosen primary items that had no option left.
    pub(crate) dead_ends: u64,
}

/// The exact cover matrix of the `n × n` board, in Knuth's array layout.
///
/// Items are numbered from 1: the `2n` primary items (rows and columns, in organ-pipe order),
/// then the `4n - 2` secondary ones (diagonals). Node `i` for `1 <= i <= items` is the header
/// of item `i`; after them come the options, four nodes each, with a spacer node before,
/// between and after them.
#[derive(Clone, Debug)]
pub(crate) struct Matrix {
    pub(crate) n: usize,
    /// Horizontal links of the item list; index 0 is its root. Secondary items are linked to
    /// themselves, so they are never chosen.
    pub(crate) left: Vec<u32>,
    pub(crate) right: Vec<u32>,
    /// How many options each item's list holds now (index 0 unused).
    pub(crate) len: Vec<u32>,
    /// Per node: its item (0 for a spacer), its vertical links, and its square `r * n + c`.
    pub(crate) top: Vec<u32>,
    pub(crate) up: Vec<u32>,
    pub(crate) down: Vec<u32>,
    pub(crate) square: Vec<u32>,
}

impl Matrix {
    /// Builds the matrix of the `n × n` board (`n = 0` is taken as the one-square board: the
    /// [`Solver`](nqueens_core::Solver) entry points refuse it before a strategy sees it).
    pub(crate) fn new(n: usize) -> Self {
        let n = n.max(1);
        let primary = 2 * n;
        let items = primary + 4 * n - 2;
        let nodes = items + 1 + 5 * n * n;
        let mut m = Matrix {
            n,
            left: vec![0; items + 1],
            right: vec![0; items + 1],
            len: vec![0; items + 1],
            top: Vec::with_capacity(nodes),
            up: Vec::with_capacity(nodes),
            down: Vec::with_capacity(nodes),
            square: Vec::with_capacity(nodes),
        };
        // The primary items in organ-pipe order, rows and columns alternating; item numbers
        // are given in that order, so the list simply runs 0 -> 1 -> ... -> primary -> 0.
        for i in 0..=primary {
            m.right[i] = ((i + 1) % (primary + 1)) as u32;
            m.left[(i + 1) % (primary + 1)] = i as u32;
        }
        for i in primary + 1..=items {
            (m.left[i], m.right[i]) = (i as u32, i as u32);
        }
        // Headers (node 0 is unused), then the first spacer.
        for i in 0..=items {
            m.push_node(0, i as u32, i as u32, u32::MAX);
        }
        let mut spacer = m.push_node(0, 0, 0, u32::MAX);
        let organ = organ_pipe(n);
        for r in 0..n {
            for c in 0..n {
                let first = m.top.len() as u32;
                let diagonals = primary + 1;
                let option = [
                    2 * organ[r] + 1,
                    2 * organ[c] + 2,
                    diagonals + r + c,
                    diagonals + 2 * n - 1 + (r + n - 1 - c),
                ];
                for item in option {
                    m.append(item, (r * n + c) as u32);
                }
                // The previous spacer points down to this option's last node, the next one up
                // to its first: so a walk along an option wraps around at either end.
                m.down[spacer as usize] = m.top.len() as u32 - 1;
                spacer = m.push_node(0, first, 0, u32::MAX);
            }
        }
        m
    }

    /// The bytes the link arrays hold.
    pub(crate) fn bytes(&self) -> u64 {
        let words = self.left.len() * 3 + self.top.len() * 4;
        (words * std::mem::size_of::<u32>()) as u64
    }

    pub(crate) fn push_node(&mut self, top: u32, up: u32, down: u32, square: u32) -> u32 {
        self.top.push(top);
        self.up.push(up);
        self.down.push(down);
        self.square.push(square);
        self.top.len() as u32 - 1
    }

    /// Appends a node for `square` at the bottom of `item`'s list.
    pub(crate) fn append(&mut self, item: usize, square: u32) {
        let last = self.up[item];
        let x = self.push_node(item as u32, last, item as u32, square);
        self.down[last as usize] = x;
        self.up[item] = x;
        self.len[item] += 1;
    }

    /// Takes the option of node `p` out of the lists of its other items.
    pub(crate) fn hide(&mut self, p: u32, counters: &mut Counters) {
        let mut q = p + 1;
        while q != p {
            let (x, u, d) = (
                self.top[q as usize],
                self.up[q as usize],
                self.down[q as usize],
            );
            if x == 0 {
                q = u; // a spacer: back to the first node of this option
            } else {
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.len[x as usize] -= 1;
                counters.updates += 1;
                q += 1;
            }
        }
    }

    /// Undoes [`Matrix::hide`], walking the option the other way.
    pub(crate) fn unhide(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let (x, u, d) = (
                self.top[q as usize],
                self.up[q as usize],
                self.down[q as usize],
            );
            if x == 0 {
                q = d; // a spacer: on to the last node of this option
            } else {
                self.down[u as usize] = q;
                self.up[d as usize] = q;
                self.len[x as usize] += 1;
                q -= 1;
            }
        }
    }

    /// Removes item `i` from the item list and hides every option in its list.
    // Inlined into the search, whose loop then keeps the matrix's pointers in registers; in
    // another code-generation unit each call made it reload them (callgrind: +0.6%).
    #[inline]
    pub(crate) fn cover(&mut self, i: u32, counters: &mut Counters) {
        let mut p = self.down[i as usize];
        while p != i {
            self.hide(p, counters);
            p = self.down[p as usize];
        }
        let (l, r) = (self.left[i as usize], self.right[i as usize]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
    }

    /// Undoes [`Matrix::cover`], in the reverse order.
    #[inline]
    pub(crate) fn uncover(&mut self, i: u32) {
        let (l, r) = (self.left[i as usize], self.right[i as usize]);
        self.right[l as usize] = i;
        self.left[r as usize] = i;
        let mut p = self.up[i as usize];
        while p != i {
            self.unhide(p);
            p = self.up[p as usize];
        }
    }

    /// The active primary item with the fewest options (the first such in the list), or
    /// `None` when every primary item is covered.
    pub(crate) fn choose(&self) -> Option<u32> {
        let mut best = None;
        let mut fewest = u32::MAX;
        let mut i = self.right[0];
        while i != 0 {
            let len = self.len[i as usize];
            if len < fewest {
                (best, fewest) = (Some(i), len);
                if len == 0 {
                    break;
                }
            }
            i = self.right[i as usize];
        }
        best
    }

    /// Runs Algorithm X, handing each solution (one column per row) to `visitor`, until the
    /// tree is exhausted, the visitor breaks, `stop` is raised or `budget` nodes are spent.
    /// The matrix is restored when the search unwinds. The `given` queens' options (row,
    /// column; none attacking another) are chosen first, not counted as nodes, and withdrawn
    /// after. Its steps go to `observer` when `OBSERVED` (see [`DlxSolver`]).
    pub(crate) fn complete_watched<const OBSERVED: bool>(
        &mut self,
        given: &[(usize, u32)],
        stop: &StopFlag,
        budget: Option<u64>,
        observer: Option<&dyn Observer>,
        visitor: &mut Visitor<'_>,
    ) -> (Ended, Counters) {
        let mut search = Search::<OBSERVED> {
            stop,
            budget: budget.unwrap_or(u64::MAX),
            counters: Counters::default(),
            columns: vec![0; self.n],
            visitor,
            watch: OBSERVED.then(|| Watch::new(self.n, observer)).flatten(),
        };
        let options: Vec<u32> = given
            .iter()
            .map(|&(row, column)| self.option_of(row, column as usize))
            .collect();
        for (&(row, column), &x) in given.iter().zip(&options) {
            search.columns[row] = column;
            if let Some(watch) = &mut search.watch {
                watch.filled[row] = true;
            }
            self.commit(x, &mut search.counters);
        }
        let ended = match search.solve(self) {
            ControlFlow::Continue(()) => Ended::Exhausted,
            ControlFlow::Break(ended) => ended,
        };
        for &x in options.iter().rev() {
            self.withdraw(x);
        }
        (ended, search.counters)
    }

    pub(crate) fn option_of(&self, row: usize, column: usize) -> u32 {
        let items = self.left.len() - 1;
        (items + 2 + 5 * (row * self.n + column)) as u32
    }

    /// Chooses the option whose first node is `x`: covers its four items, as the search does
    /// for the option it tries (its first item, then the others going right).
    pub(crate) fn commit(&mut self, x: u32, counters: &mut Counters) {
        self.cover(self.top[x as usize], counters);
        self.cover_others(x, counters);
    }

    /// Covers the items of node `x`'s option other than its own, going right from `x`.
    #[inline]
    pub(crate) fn cover_others(&mut self, x: u32, counters: &mut Counters) {
        let mut p = x + 1;
        while p != x {
            match self.top[p as usize] {
                0 => p = self.up[p as usize],
                j => {
                    self.cover(j, counters);
                    p += 1;
                }
            }
        }
    }

    /// Undoes [`Matrix::commit`] of `x`, in the exact reverse order.
    pub(crate) fn withdraw(&mut self, x: u32) {
        self.uncover_others(x);
        self.uncover(self.top[x as usize]);
    }

    /// Undoes [`Matrix::cover_others`], going left from `x`: the exact reverse.
    #[inline]
    pub(crate) fn uncover_others(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            match self.top[p as usize] {
                0 => p = self.down[p as usize],
                j => {
                    self.uncover(j);
                    p -= 1;
                }
            }
        }
    }
}

/// The order in which rows (and columns) enter the item list: the middle first, then
/// alternately one below and one above (`n = 8`: 4, 3, 5, 2, 6, 1, 7, 0). `organ[r]` is the
/// position of row `r` in that order.
pub(crate) fn organ_pipe(n: usize) -> Vec<usize> {
    let mut organ = vec![0; n];
    for k in 0..n {
        let offset = k.div_ceil(2);
        let r = if k % 2 == 1 {
            n / 2 - offset
        } else {
            n / 2 + offset
        };
        organ[r] = k;
    }
    organ
}
