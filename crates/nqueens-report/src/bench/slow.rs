//! A strategy slowed on purpose (`NQUEENS_BENCH_SLOW=LABEL:K`, see the README's *Before and
//! after*): the case `LABEL` does its whole search `K` times wherever the bench runs it, and the
//! run's flags say so, so a slowed run is never taken for a repeat of an unchanged build.

use nqueens_core::{
    Capabilities, CountRun, Error, FirstRun, Job, Solver, Strategy, VisitRun, Visitor,
};

/// The environment variable.
pub const SLOW_VAR: &str = "NQUEENS_BENCH_SLOW";

/// Which case is slowed, and how many times it repeats its work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slowing {
    /// The case label.
    pub label: String,
    /// Runs per call (2 or more).
    pub times: u32,
}

impl Slowing {
    /// The slowing asked for in the environment, if any; a malformed value is an error, as a
    /// bad profile name would mislead a comparison.
    pub fn from_env() -> Result<Option<Self>, String> {
        match std::env::var(SLOW_VAR) {
            Ok(value) if !value.trim().is_empty() => Self::parse(&value)
                .map(Some)
                .map_err(|reason| format!("{SLOW_VAR}={value:?}: {reason}")),
            _ => Ok(None),
        }
    }

    /// Parses `LABEL:K`.
    pub fn parse(value: &str) -> Result<Self, String> {
        let (label, times) = value
            .trim()
            .rsplit_once(':')
            .ok_or("expected LABEL:K: the case LABEL does its work K times, K at least 2")?;
        let times: u32 = times
            .parse()
            .map_err(|_| format!("{times:?} is not a whole number of repeats"))?;
        if times < 2 {
            return Err(format!("K = {times}: slowing needs K of 2 or more"));
        }
        if label.is_empty() {
            return Err("no case label before the colon".to_string());
        }
        Ok(Self {
            label: label.to_string(),
            times,
        })
    }

    /// `NQUEENS_BENCH_SLOW=bitmask:3`, as the run's flags and the bench's messages say it.
    pub fn describe(&self) -> String {
        format!("{SLOW_VAR}={}:{}", self.label, self.times)
    }
}

/// `solver` with its searches repeated `times` times.
pub struct Slowed<'r> {
    inner: &'r dyn Solver,
    times: u32,
}

impl<'r> Slowed<'r> {
    /// A slowed solver that lives as long as the registry (the bench keeps its cases for the
    /// whole run, so the one allocation per slowed case is never freed).
    pub fn leak(inner: &'r dyn Solver, times: u32) -> &'r dyn Solver {
        Box::leak(Box::new(Self { inner, times }))
    }

    /// Runs `search` `times` times and keeps the last result (each run must succeed).
    fn repeat<T>(&self, mut search: impl FnMut() -> Result<T, Error>) -> Result<T, Error> {
        for _ in 1..self.times {
            search()?;
        }
        search()
    }
}

impl Strategy for Slowed<'_> {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn capabilities(&self) -> &'static Capabilities {
        self.inner.capabilities()
    }

    fn search_first(&self, job: &Job<'_>) -> Result<FirstRun, Error> {
        self.repeat(|| self.inner.search_first(job))
    }

    fn search_all(&self, job: &Job<'_>, visitor: &mut Visitor<'_>) -> Result<VisitRun, Error> {
        // Only the last pass shows its solutions to the visitor.
        for _ in 1..self.times {
            self.inner
                .search_all(job, &mut |_| std::ops::ControlFlow::Continue(()))?;
        }
        self.inner.search_all(job, visitor)
    }

    fn search_count(&self, job: &Job<'_>) -> Result<CountRun, Error> {
        self.repeat(|| self.inner.search_count(job))
    }
}
