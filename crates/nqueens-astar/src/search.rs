//! The A* engine the three formulations share: a node arena, a priority queue on
//! `f = g + h`, an optional set of states already generated, and a bound on the bytes all three
//! hold.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::mem::size_of;

use nqueens_core::{Config, Ended, Event, Observer, Stats};

/// A step from a parent state: two small numbers whose meaning the formulation gives (a column,
/// a square, a pair of rows).
pub(crate) type Move = [u8; 2];

/// A search problem as A* sees it. States are not stored: the engine keeps only the moves, and a
/// formulation rebuilds a state by replaying the moves from its start.
pub(crate) trait Formulation {
    /// The heuristic of the start state.
    fn start_h(&self) -> u32;
    /// The duplicate-detection key of the start state, or `None` if every state is reached by one
    /// path only (the states form a tree and need no visited set).
    fn start_key(&self) -> Option<u128>;
    /// The most children one expansion can produce, to check the memory bound before expanding.
    fn max_children(&self) -> usize;
    /// Sets the current state to the one `path` leads to from the start.
    fn load(&mut self, path: &[Move]);
    /// Whether the current state is a solution.
    fn is_goal(&self) -> bool;
    /// Hands every child of the current state to `emit` as (move, heuristic, key). Among children
    /// of equal `f` and `h`, the one emitted last is expanded first.
    fn expand(&mut self, emit: &mut dyn FnMut(Move, u32, Option<u128>));
    /// The columns of the current state, one per row (meaningful at a goal).
    fn columns(&self) -> Vec<u32>;
    /// Rows of the board.
    fn rows(&self) -> usize;
    /// The queens of the current state, one per row, for an observer's board.
    fn board(&self, out: &mut [Option<u32>]);
    /// The row whose queen `step` is shown placing (one node), when it leads to a state at
    /// `depth` moves from the start; the observer sees the other rows it changes assigned.
    fn placed_row(&self, step: Move, depth: usize) -> usize;
    /// The row an expanded state with no new child is shown dead on.
    fn dead_row(&self, path: &[Move]) -> usize;
    /// What an observer sees between the goal drawn and [`Event::Found`]: nothing, unless the
    /// formulation counts moves along the solution's path (`swap` replays its swaps).
    fn show_path(&self, path: &[Move], shown: &mut [Option<u32>], observer: &dyn Observer) {
        let _ = (path, shown, observer);
    }
}

/// Redraws `shown` as `wanted`, reporting each change to `observer`: a queen that appears or
/// moves is [assigned](Event::Assigned), one that disappears [removed](Event::Removed).
pub(crate) fn redraw(shown: &mut [Option<u32>], wanted: &[Option<u32>], observer: &dyn Observer) {
    for (row, (shown, &wanted)) in shown.iter_mut().zip(wanted).enumerate() {
        match (*shown, wanted) {
            (old, new) if old == new => continue,
            (_, Some(column)) => observer.observe(Event::Assigned {
                row,
                column: column as usize,
            }),
            (Some(column), None) => observer.observe(Event::Removed {
                row,
                column: column as usize,
            }),
            (None, None) => {}
        }
        *shown = wanted;
    }
}

/// What one generated state costs to remember: its parent and the move that made it.
struct Node {
    parent: u32,
    step: Move,
}

/// A frontier entry. The heap pops the smallest `f`, then the smallest `h` (the state nearer to a
/// goal, which with `h` = queens still to place means the deeper one), then the newest node: so
/// when `f` is flat the search dives like depth-first search instead of sweeping level by level.
#[derive(PartialEq, Eq)]
struct Entry {
    f: u32,
    h: u32,
    index: u32,
}

impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .f
            .cmp(&self.f)
            .then(other.h.cmp(&self.h))
            .then(self.index.cmp(&other.index))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A hasher for the packed 128-bit state keys: they are already spread over their bits, so one
/// multiply and a fold (moving the product's well-mixed high half into the low bits the table
/// indexes by) replace SipHash, which would dominate the search time.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(GOLDEN);
        }
    }

    fn write_u128(&mut self, key: u128) {
        self.0 = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29)).wrapping_mul(GOLDEN);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 32)
    }
}

/// An odd constant with well-spread bits: 2^64 divided by the golden ratio (SplitMix64's
/// increment).
pub(crate) const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

type Visited = HashSet<u128, BuildHasherDefault<KeyHasher>>;

/// Bytes per slot of the visited set: the key and hashbrown's one control byte.
const VISITED_SLOT: usize = size_of::<u128>() + 1;

/// Bytes the visited set's table holds for a given capacity (the table keeps an eighth of its
/// slots free, and has a power-of-two number of them).
fn visited_bytes(capacity: usize) -> u64 {
    if capacity == 0 {
        return 0;
    }
    ((capacity * 8 / 7).next_power_of_two() * VISITED_SLOT) as u64
}

/// Runs A* on `problem` until a goal ([`Ended::Satisfied`], `problem` loaded with it), an empty
/// frontier ([`Ended::Exhausted`]), `config.budget` expansions or an expansion that could pass
/// `memory_limit` bytes ([`Ended::Budget`]), or the stop flag ([`Ended::Interrupted`]). With
/// `OBSERVED`, each expansion is shown to `config`'s observer (see the crate documentation).
pub(crate) fn astar<const OBSERVED: bool>(
    problem: &mut impl Formulation,
    config: &Config,
    memory_limit: u64,
) -> (Ended, Stats) {
    let observer = config.steps().filter(|_| OBSERVED);
    // The board as the events have drawn it, and the state being expanded.
    let rows = if observer.is_some() {
        problem.rows()
    } else {
        0
    };
    let (mut shown, mut current) = (vec![None; rows], vec![None; rows]);
    let mut stats = Stats::default();
    let mut arena = vec![Node {
        parent: 0,
        step: [0, 0],
    }];
    let mut frontier = BinaryHeap::new();
    let mut visited = Visited::default();
    let start_h = problem.start_h();
    frontier.push(Entry {
        f: start_h,
        h: start_h,
        index: 0,
    });
    if let Some(key) = problem.start_key() {
        visited.insert(key);
    }
    let most = problem.max_children();
    let mut path = Vec::new();
    while let Some(Entry { index, .. }) = frontier.pop() {
        // `stats.nodes` counts the start until the run ends (see `without_start`).
        if config.budget.is_some_and(|budget| stats.nodes > budget) {
            return without_start(Ended::Budget, stats);
        }
        // One expansion of `swap` at n = 256 takes milliseconds: look at the flag every time.
        if config.stop.is_stopped() {
            return without_start(Ended::Interrupted, stats);
        }
        // Worst case of this expansion: each container grows (doubling) to take `most` more.
        let grown = |len: usize, capacity: usize, element: usize| {
            let capacity = if len + most > capacity {
                (2 * capacity).max(len + most)
            } else {
                capacity
            };
            (capacity * element) as u64
        };
        let visited_after = if visited.is_empty() {
            0
        } else if visited.len() + most > visited.capacity() {
            visited_bytes(2 * (visited.len() + most))
        } else {
            visited_bytes(visited.capacity())
        };
        let projected = grown(arena.len(), arena.capacity(), size_of::<Node>())
            + grown(frontier.len(), frontier.capacity(), size_of::<Entry>())
            + visited_after;
        if projected > memory_limit || arena.len() + most > u32::MAX as usize {
            return without_start(Ended::Budget, stats);
        }

        stats.nodes += 1;
        path.clear();
        let mut at = index as usize;
        while at != 0 {
            path.push(arena[at].step);
            at = arena[at].parent as usize;
        }
        path.reverse();
        problem.load(&path);
        if OBSERVED && let Some(observer) = observer {
            problem.board(&mut current);
            match path.last() {
                Some(&step) => {
                    let row = problem.placed_row(step, path.len());
                    let column = current[row];
                    // The parent first, then the step.
                    current[row] = shown[row];
                    redraw(&mut shown, &current, observer);
                    shown[row] = column;
                    if let Some(column) = column {
                        let column = column as usize;
                        observer.observe(Event::Placed { row, column });
                    }
                }
                None => redraw(&mut shown, &current, observer),
            }
        }
        if problem.is_goal() {
            if OBSERVED && let Some(observer) = observer {
                problem.show_path(&path, &mut shown, observer);
                observer.observe(Event::Found);
            }
            return without_start(Ended::Satisfied, stats);
        }
        let g = path.len() as u32 + 1;
        let before = arena.len();
        problem.expand(&mut |step, h, key| {
            if let Some(key) = key
                && !visited.insert(key)
            {
                return;
            }
            let child = arena.len() as u32;
            arena.push(Node {
                parent: index,
                step,
            });
            frontier.push(Entry {
                f: g + h,
                h,
                index: child,
            });
        });
        stats.backtracks += u64::from(arena.len() == before);
        if OBSERVED
            && arena.len() == before
            && let Some(observer) = observer
        {
            observer.observe(Event::Conflict {
                row: problem.dead_row(&path),
            });
        }
        let held = (arena.capacity() * size_of::<Node>() + frontier.capacity() * size_of::<Entry>())
            as u64
            + visited_bytes(visited.capacity());
        stats.peak_bytes = stats.peak_bytes.max(held);
    }
    without_start(Ended::Exhausted, stats)
}

/// The run's result, its nodes without the start's expansion: the start is no step, every
/// other state is one move from its parent. (Counting the start and taking it off at the end
/// keeps the expansion loop as it was.)
fn without_start(ended: Ended, mut stats: Stats) -> (Ended, Stats) {
    stats.nodes = stats.nodes.saturating_sub(1);
    (ended, stats)
}
