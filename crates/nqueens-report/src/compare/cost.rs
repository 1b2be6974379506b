//! `compare`'s skip rule: whether a case would run past the timeout or the memory available,
//! estimated from the strategy's largest finished case and its variant's cost model.

use std::time::Duration;

use nqueens_core::{Ended, Operation, Solver};

use super::{Case, Job, Outcome};
use crate::{format_bytes, format_seconds};

/// Bytes per queen every first-solution case holds besides its strategy's own memory: the
/// columns of the answer and the validator's bits.
const ANSWER_BYTES_PER_QUEEN: u64 = 5;

/// What a finished case cost, to estimate the strategy's larger cases from.
#[derive(Clone, Copy)]
pub(super) struct Cost {
    pub(super) n: usize,
    pub(super) seconds: f64,
    /// The memory the strategy's search held (0 when it does not say).
    pub(super) bytes: u64,
    /// Whether the run was stopped by the timeout (a probe): `seconds` is then a lower bound.
    pub(super) timed_out: bool,
}

impl Cost {
    /// The cost of a finished case, or of one stopped by the timeout.
    pub(super) fn of(case: &Case) -> Option<Cost> {
        let Outcome::Answered(answer) = &case.outcome else {
            return None;
        };
        let timed_out = answer.ended() == Ended::Deadline;
        (timed_out || answer.ended().is_definite()).then(|| Cost {
            n: case.n,
            seconds: case.seconds,
            bytes: answer.stats().peak_bytes,
            timed_out,
        })
    }

    /// How much longer a run at `n` takes than this one: the growth of the variant's cost
    /// model from this size to `n` (where it knows one), and at least n's own growth.
    fn growth(&self, solver: &dyn Solver, operation: Operation, n: usize) -> f64 {
        let linear = n as f64 / self.n as f64;
        let modelled = solver
            .capabilities()
            .resolve(None, operation, n, solver.name())
            .ok()
            .and_then(|variant| {
                let model = variant.cost.of(operation);
                Some(model.seconds(n)? / model.seconds(self.n)?)
            })
            // A wall says nothing of this machine's timeout: the timeout decides.
            .filter(|ratio| ratio.is_finite());
        modelled.map_or(linear, |ratio| ratio.max(linear))
    }

    /// Why a case of size `n` should not be started, if it should not: time scaled from this
    /// cost by [`Cost::growth`] would exceed `timeout`, or memory scaled linearly the memory
    /// available.
    pub(super) fn forbids(
        &self,
        solver: &dyn Solver,
        job: Job,
        n: usize,
        timeout: Duration,
    ) -> Option<String> {
        if n <= self.n {
            return None;
        }
        let (limit, from) = (format_seconds(timeout.as_secs_f64()), self.n);
        if self.timed_out {
            return Some(format!(
                "already n = {from} ran past the --timeout of {limit}"
            ));
        }
        let seconds = self.seconds * self.growth(solver, job.operation(), n);
        if seconds > timeout.as_secs_f64() {
            let [about, took] = [seconds, self.seconds].map(format_seconds);
            return Some(format!(
                "it would take about {about} (n = {from} took {took}, and its cost model says how \
                 the time grows), over the --timeout of {limit}"
            ));
        }
        let answer = match job {
            Job::First => ANSWER_BYTES_PER_QUEEN.saturating_mul(n as u64),
            Job::Count => 0,
        };
        let bytes = (self.bytes as f64 * n as f64 / self.n as f64) as u64 + answer;
        match memory_available() {
            Some(available) if bytes > available => Some(format!(
                "it would need about {} of memory (estimated from n = {from}), more than the {} \
                 available",
                format_bytes(bytes),
                format_bytes(available)
            )),
            _ => None,
        }
    }
}

/// The memory the machine can still give (Linux's `MemAvailable`), if it says.
fn memory_available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}
