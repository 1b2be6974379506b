//! The encoding: N-Queens as CNF with one of RustSAT's at-most-one encodings, the size of the
//! formula, and the memory a solver needs for it (checked before any encoding).

use super::*;

/// An at-most-one encoding of RustSAT, one per variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtMostOne {
    /// Every pair of literals excluded.
    Pairwise,
    /// The ladder (sequential counter).
    Ladder,
    /// The binary (bitwise) encoding.
    Bitwise,
    /// Commander variables over groups of four.
    Commander,
    /// Groups of four with binary-coded group numbers.
    Bimander,
}

impl AtMostOne {
    /// The encoding of the variant that runs `job`.
    pub(crate) fn of(job: &Job<'_>) -> Self {
        ENCODINGS[job.variant_index()]
    }

    pub(crate) fn encode<C: CollectClauses>(
        self,
        lits: Vec<Lit>,
        sink: &mut C,
        vars: &mut BasicVarManager,
    ) -> Result<(), rustsat::OutOfMemory> {
        match self {
            AtMostOne::Pairwise => Pairwise::from(lits).encode(sink, vars),
            AtMostOne::Ladder => Ladder::from(lits).encode(sink, vars),
            AtMostOne::Bitwise => Bitwise::from(lits).encode(sink, vars),
            AtMostOne::Commander => Commander::<4, Pairwise>::from(lits).encode(sink, vars),
            AtMostOne::Bimander => Bimander::<4, Pairwise>::from(lits).encode(sink, vars),
        }
    }
}

/// The size of an encoded board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Formula {
    /// Variables: the `n²` squares and the encoding's auxiliary ones.
    pub variables: u64,
    /// Clauses of the encoding (blocking clauses not included).
    pub clauses: u64,
}

/// Where RustSAT's encodings put their clauses: straight into the solver.
pub(crate) struct Sink<'a> {
    pub(crate) solver: &'a mut cadical::Solver<Watch>,
    pub(crate) clauses: usize,
}

impl CollectClauses for Sink<'_> {
    fn n_clauses(&self) -> usize {
        self.clauses
    }

    fn extend_clauses<T>(&mut self, clauses: T) -> Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = Clause>,
    {
        for clause in clauses {
            self.solver.add_clause(clause.iter().map(|l| l.to_ipasir()));
            self.clauses += 1;
        }
        Ok(())
    }
}

/// The literal "a queen on (r, c)".
pub(crate) fn queen(n: usize, r: usize, c: usize) -> Lit {
    Var::new((r * n + c) as u32).pos_lit()
}

/// Encodes the `n × n` board into `solver` with the at-most-one encoding `amo`, looking at
/// `stop` between constraints. Returns the formula's size, or `None` if stopped.
pub(crate) fn encode_into(
    n: usize,
    amo: AtMostOne,
    solver: &mut cadical::Solver<Watch>,
    stop: &StopFlag,
) -> Result<Option<Formula>, Error> {
    encode_lines(n, amo, &mut Sink { solver, clauses: 0 }, stop)
}

/// Where the memory estimate's counting pass puts the clauses: nowhere, counting them.
#[derive(Default)]
pub(crate) struct ClauseCount {
    pub(crate) clauses: usize,
}

impl CollectClauses for ClauseCount {
    fn n_clauses(&self) -> usize {
        self.clauses
    }

    fn extend_clauses<T>(&mut self, clauses: T) -> Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = Clause>,
    {
        self.clauses += clauses.into_iter().count();
        Ok(())
    }
}

/// CaDiCaL's peak memory per clause and per variable, fitted to the peak resident sizes of
/// `nqueens solve 100 -s sat` (296 MB for `pairwise`, 1.65 million clauses; 43 MB for
/// `ladder`) and rounded up: the clause, its two watches, and the solver's copies during
/// preprocessing.
pub(crate) const CLAUSE_BYTES: u64 = 192;
/// See [`CLAUSE_BYTES`].
pub(crate) const VARIABLE_BYTES: u64 = 384;

/// The memory the solver is estimated to take on the formula of `n` with `amo`.
pub(crate) fn estimated_bytes(n: usize, amo: AtMostOne) -> Result<u64, Error> {
    let formula = encode(n, amo)?;
    Ok(formula.clauses * CLAUSE_BYTES + formula.variables * VARIABLE_BYTES)
}

/// Refuses, before any encoding, a board whose formula would take the solver over
/// [`Config::memory_limit`](nqueens_core::Config::memory_limit); without a limit, nothing is
/// estimated.
pub(crate) fn admit_memory(job: &Job<'_>) -> Result<(), Error> {
    let Some(limit) = job.config().memory_limit else {
        return Ok(());
    };
    let bytes = estimated_bytes(job.n(), AtMostOne::of(job))?;
    if bytes > limit {
        return Err(Error::MemoryLimit {
            strategy: "sat",
            n: job.n(),
            needed: Needed::Formula {
                bytes: Bytes(bytes),
            },
            limit: Bytes(limit),
        });
    }
    Ok(())
}

/// Address space the solver takes beyond its formula on the caller's thread, and on a thread
/// of its own (its stack, and the 64 MiB arena glibc maps for a thread's allocations): the
/// smallest `ulimit -v` under which `solve n -s sat` ran (n = 8 and 12: 13.3 MiB; n = 13,
/// 30 and 100 on the solver thread: 91 to 96 MiB beyond the formula's estimate) less the
/// program's own mappings, rounded up.
pub(crate) const SOLVER_BASE_BYTES: [u64; 2] = [4 << 20, 96 << 20];

/// Ends the run with [`Error::OutOfMemory`] before any encoding when the address space left
/// under a `ulimit -v` ([`room::address_space_room`]) cannot hold what the solver is estimated
/// to take ([`estimated_bytes`] and [`SOLVER_BASE_BYTES`]), since a failed allocation inside
/// CaDiCaL aborts the process; without a limit nothing is checked.
pub(crate) fn check_room(n: usize, amo: AtMostOne) -> Result<(), Error> {
    let Some(room) = room::address_space_room() else {
        return Ok(());
    };
    let base = SOLVER_BASE_BYTES[usize::from(n > INLINE_MAX_N)];
    let need = estimated_bytes(n, amo)?.saturating_add(base);
    if need > room {
        return Err(Error::OutOfMemory {
            strategy: "sat",
            n,
            what: format!(
                "the solver would take about {} of address space and {} is left under the \
                 limit (ulimit -v): raise the limit or try a smaller n",
                Bytes(need),
                Bytes(room)
            ),
        });
    }
    Ok(())
}

/// Encodes the `n × n` board into `sink` (see [`encode_into`]).
pub(crate) fn encode_lines<S: CollectClauses>(
    n: usize,
    amo: AtMostOne,
    sink: &mut S,
    stop: &StopFlag,
) -> Result<Option<Formula>, Error> {
    let mut vars = BasicVarManager::from_next_free(Var::new((n * n) as u32));
    let rows = (0..n).map(|r| (0..n).map(|c| queen(n, r, c)).collect::<Vec<_>>());
    let columns = (0..n).map(|c| (0..n).map(|r| queen(n, r, c)).collect::<Vec<_>>());
    // Diagonal d of each direction: the squares with r + c = d, and with r - c = d - (n - 1).
    let falling = (0..2 * n - 1).map(|d| {
        (0..n)
            .filter_map(|r| d.checked_sub(r).filter(|&c| c < n).map(|c| queen(n, r, c)))
            .collect::<Vec<_>>()
    });
    let rising = (0..2 * n - 1).map(|d| {
        (0..n)
            .filter_map(|r| {
                (r + n - 1)
                    .checked_sub(d)
                    .filter(|&c| c < n)
                    .map(|c| queen(n, r, c))
            })
            .collect::<Vec<_>>()
    });
    let oom = |_| Error::OutOfMemory {
        strategy: "sat",
        n,
        what: "the encoding's clauses".into(),
    };
    for line in rows.chain(columns) {
        if stop.is_stopped() {
            return Ok(None);
        }
        sink.extend_clauses([Clause::from(&line[..])])
            .map_err(oom)?;
        amo.encode(line, sink, &mut vars).map_err(oom)?;
    }
    for diagonal in falling.chain(rising).filter(|d| d.len() > 1) {
        if stop.is_stopped() {
            return Ok(None);
        }
        amo.encode(diagonal, sink, &mut vars).map_err(oom)?;
    }
    Ok(Some(Formula {
        variables: u64::from(vars.n_used()),
        clauses: sink.n_clauses() as u64,
    }))
}

/// The size of the formula for the `n × n` board with the at-most-one encoding `amo`, counted
/// by encoding it into nowhere (as long as encoding it, without the memory).
pub fn encode(n: usize, amo: AtMostOne) -> Result<Formula, Error> {
    let formula = encode_lines(n, amo, &mut ClauseCount::default(), &StopFlag::new())?;
    Ok(formula.unwrap_or_default())
}
