//! The generational loop: elitism, tournament selection, crossover, mutation, evaluation, and a
//! restart when the best stops improving.

use nqueens_core::{Config, Ended, Event};
use nqueens_local::{DiagonalCounts, uniform_below};
use rand::Rng;
use rand::rngs::Xoshiro256PlusPlus;

use crate::operators::{chance, order, pmx, swap_mutation, threshold, tournament};
use crate::{Crossover, Params};

/// What one run did.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counters {
    /// Generations completed.
    pub(crate) generations: u64,
    /// Individuals evaluated: the random ones of each (re)start and every child that is not a
    /// plain copy of its parent.
    pub(crate) evaluations: u64,
    /// Restarts after the best stalled.
    pub(crate) restarts: u64,
    /// Bytes held.
    pub(crate) bytes: u64,
}

/// A population of permutations of `n` in one flat array, with their attacking pairs.
struct Population {
    n: usize,
    genes: Vec<u32>,
    pairs: Vec<u64>,
}

impl Population {
    fn new(n: usize, size: usize) -> Self {
        Population {
            n,
            genes: vec![0; size * n],
            pairs: vec![0; size],
        }
    }

    fn individual(&self, k: usize) -> &[u32] {
        &self.genes[k * self.n..(k + 1) * self.n]
    }

    /// The individual with the fewest attacking pairs (the first of them).
    fn best(&self) -> usize {
        (0..self.pairs.len())
            .min_by_key(|&k| self.pairs[k])
            .unwrap_or(0)
    }

    /// Fills the population with random permutations (Fisher–Yates) and evaluates them;
    /// returns one with no attacking pair, if any, or `None` if `config`'s stop flag was raised
    /// (`Err`).
    fn randomize(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        fitness: &mut DiagonalCounts,
        counters: &mut Counters,
        config: &Config,
    ) -> Result<Option<usize>, Ended> {
        let n = self.n;
        for k in 0..self.pairs.len() {
            if config.stop.is_stopped() {
                return Err(Ended::Interrupted);
            }
            let genes = &mut self.genes[k * n..(k + 1) * n];
            for (row, column) in genes.iter_mut().enumerate() {
                // n <= MAX_N < 2^32: every column fits u32.
                *column = row as u32;
            }
            for row in (1..n).rev() {
                genes.swap(row, uniform_below(rng.next_u64(), row + 1));
            }
            self.pairs[k] = fitness.pairs_of(genes);
            counters.evaluations += 1;
            if self.pairs[k] == 0 {
                return Ok(Some(k));
            }
        }
        Ok(None)
    }
}

/// The board shown to the observer: the population's best individual, as last reported.
struct Shown(Vec<u32>);

impl Shown {
    /// Reports the rows where `best` differs from the board shown (every row of an empty
    /// board) as [`Event::Assigned`], and shows `best`.
    fn show(&mut self, best: &[u32], config: &Config) {
        if self.0.len() != best.len() {
            self.0 = vec![u32::MAX; best.len()];
        }
        for (row, (shown, &column)) in self.0.iter_mut().zip(best).enumerate() {
            if *shown != column {
                *shown = column;
                let column = column as usize;
                config.observe(Event::Assigned { row, column });
            }
        }
    }

    /// Reports a generation that leaves the board as it is: [`Event::Moved`] of row 0 to its
    /// own column (one move per generation, as `Stats::moves` counts them).
    fn tick(&self, config: &Config) {
        if let Some(&column) = self.0.first() {
            let column = column as usize;
            config.observe(Event::Moved {
                row: 0,
                from: column,
                to: column,
            });
        }
    }

    /// The board was emptied ([`Event::Restarted`]).
    fn clear(&mut self) {
        self.0.clear();
    }
}

/// [`evolve`] with `OBSERVED`, kept out of line: inlined beside the unobserved instance into
/// its caller, it made that instance's code slower (measured with callgrind).
#[inline(never)]
pub(crate) fn evolve_observed(
    n: usize,
    params: &Params,
    fitness: &mut DiagonalCounts,
    rng: &mut Xoshiro256PlusPlus,
    budget: u64,
    config: &Config,
) -> (Ended, Option<Vec<u32>>, Counters) {
    evolve::<true>(n, params, fitness, rng, budget, config)
}

/// Evolves a population of `n × n` boards until an individual has no attacking pair, `budget`
/// generations are done, or the stop flag is raised. Returns why it ended, the solution when
/// found, and what it did. With `OBSERVED`, the best individual is shown to `config`'s
/// observer as the crate documentation says; without, only [`Event::Restarted`]. The caller
/// reports [`Event::Found`].
pub(crate) fn evolve<const OBSERVED: bool>(
    n: usize,
    params: &Params,
    fitness: &mut DiagonalCounts,
    rng: &mut Xoshiro256PlusPlus,
    budget: u64,
    config: &Config,
) -> (Ended, Option<Vec<u32>>, Counters) {
    let size = params.population.max(2);
    let elite = params.elite.min(size - 1);
    let tournament_size = params.tournament.max(1);
    let mut counters = Counters::default();
    let mut now = Population::new(n, size);
    let mut next = Population::new(n, size);
    let mut scratch = vec![0u32; n];
    let mut ranked: Vec<usize> = (0..size).collect();
    counters.bytes = (2 * (4 * size * n + 8 * size) + 4 * n + 8 * size + fitness.bytes()) as u64;
    let crossover = threshold(params.crossover);
    let mutation = threshold(params.mutation);
    let mut best = u64::MAX;
    let mut stalled = 0u64;
    let mut start = true;
    let mut shown = Shown(Vec::new());
    loop {
        if start {
            start = false;
            match now.randomize(rng, fitness, &mut counters, config) {
                Ok(Some(k)) => {
                    if OBSERVED {
                        shown.show(now.individual(k), config);
                    }
                    return (Ended::Satisfied, Some(now.individual(k).to_vec()), counters);
                }
                Ok(None) => {}
                Err(ended) => return (ended, None, counters),
            }
            if OBSERVED {
                shown.show(now.individual(now.best()), config);
            }
            best = u64::MAX;
            stalled = 0;
        }
        if counters.generations == budget {
            return (Ended::Budget, None, counters);
        }
        // The elite go through unchanged: the best of a start is never lost.
        ranked.sort_by_key(|&k| now.pairs[k]);
        for (slot, &k) in ranked[..elite].iter().enumerate() {
            next.genes[slot * n..(slot + 1) * n].copy_from_slice(now.individual(k));
            next.pairs[slot] = now.pairs[k];
        }
        for slot in elite..size {
            // A child costs O(n): polling per child keeps a stop prompt on large boards.
            if config.stop.is_stopped() {
                return (Ended::Interrupted, None, counters);
            }
            let first = tournament(rng, &now.pairs, tournament_size);
            let child = &mut next.genes[slot * n..(slot + 1) * n];
            let mut changed = false;
            if chance(rng, crossover) {
                let second = tournament(rng, &now.pairs, tournament_size);
                let (p, q) = (now.individual(first), now.individual(second));
                match params.operator {
                    Crossover::Pmx => pmx(rng, p, q, child, &mut scratch),
                    Crossover::Order => order(rng, p, q, child, &mut scratch),
                }
                changed = first != second;
            } else {
                child.copy_from_slice(now.individual(first));
            }
            // Each swap is followed by another with the same probability: one on average at
            // the default rate of 1/2, none half the time.
            while chance(rng, mutation) {
                swap_mutation(rng, child);
                changed = true;
                if mutation == u64::MAX {
                    break;
                }
            }
            // A copy of its parent needs no evaluation: its fitness is known.
            let pairs = if changed {
                counters.evaluations += 1;
                fitness.pairs_of(child)
            } else {
                now.pairs[first]
            };
            next.pairs[slot] = pairs;
            if pairs == 0 {
                counters.generations += 1;
                if OBSERVED {
                    shown.tick(config);
                    shown.show(child, config);
                }
                return (Ended::Satisfied, Some(child.to_vec()), counters);
            }
        }
        std::mem::swap(&mut now, &mut next);
        counters.generations += 1;
        if OBSERVED {
            shown.tick(config);
            shown.show(now.individual(now.best()), config);
        }
        let lowest = now.pairs.iter().copied().min().unwrap_or(u64::MAX);
        if lowest < best {
            best = lowest;
            stalled = 0;
        } else {
            stalled += 1;
            if params.stall > 0 && stalled >= params.stall {
                // Converged without a solution: elitism keeps the stuck best in every
                // generation, so only a population drawn anew escapes it.
                counters.restarts += 1;
                config.observe(Event::Restarted);
                if OBSERVED {
                    shown.clear();
                }
                start = true;
            }
        }
    }
}
