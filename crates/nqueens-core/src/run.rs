//! How a run ended ([`Ended`], one enum for every operation and every strategy) and what each
//! operation returns.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Solution, Stats};

/// How a run ended. Every operation of every strategy ends in one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ended {
    /// The search space was exhausted: every solution was visited, or there is none.
    Exhausted,
    /// The caller got what it asked for: its visitor stopped, or a first solution was found.
    Satisfied,
    /// The strategy's step, node or memory budget ran out, or its restarts.
    #[serde(rename = "budget-exhausted", alias = "budget")]
    Budget,
    /// The caller's [`StopFlag`](crate::StopFlag) was raised (Ctrl-C, SIGTERM).
    Interrupted,
    /// The deadline of a timed run (`nqueens_run::run_with_deadline`) passed.
    #[serde(rename = "timeout", alias = "deadline")]
    Deadline,
}

impl Ended {
    /// Whether the run answered: it searched everything or got what was asked.
    pub fn is_definite(self) -> bool {
        matches!(self, Ended::Exhausted | Ended::Satisfied)
    }

    /// The one spelling users read for this end, in tables, traces, reports and JSON.
    pub fn label(self) -> &'static str {
        match self {
            Ended::Exhausted => "exhausted",
            Ended::Satisfied => "satisfied",
            Ended::Budget => "budget-exhausted",
            Ended::Interrupted => "interrupted",
            Ended::Deadline => "timeout",
        }
    }
}

impl fmt::Display for Ended {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ended::Exhausted => "the search space was exhausted",
            Ended::Satisfied => "the caller had what it asked for",
            Ended::Budget => "the budget ran out",
            Ended::Interrupted => "interrupted",
            Ended::Deadline => "the deadline passed",
        })
    }
}

/// How a first-solution run came out: the solution exists only in the arm that found one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FirstOutcome {
    /// A solution was found (already validated): the run ended [`Ended::Satisfied`].
    Found(Solution),
    /// The run ended without a solution: [`Ended::Exhausted`] proves that none exists.
    NotFound(Ended),
}

/// The result of a first-solution run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstRun {
    outcome: FirstOutcome,
    /// What it cost.
    pub stats: Stats,
    /// The seed a randomized strategy used (given or chosen), so the run can be replayed.
    pub seed: Option<u64>,
    /// The name of the variant that ran (`None` for a strategy without named variants).
    pub variant: Option<&'static str>,
    /// The board a local search got stuck on with no restart left (not a solution).
    pub stuck_on: Option<Vec<u32>>,
}

impl FirstRun {
    /// A run that found `solution`.
    pub fn found(solution: Solution, stats: Stats) -> Self {
        FirstRun {
            outcome: FirstOutcome::Found(solution),
            ..FirstRun::without_solution(Ended::Exhausted, stats)
        }
    }

    /// A run that ended without a solution, for the reason `ended` (never [`Ended::Satisfied`]).
    pub fn without_solution(ended: Ended, stats: Stats) -> Self {
        let ended = match ended {
            Ended::Satisfied => Ended::Exhausted,
            ended => ended,
        };
        FirstRun {
            outcome: FirstOutcome::NotFound(ended),
            stats,
            seed: None,
            variant: None,
            stuck_on: None,
        }
    }

    /// A local search that got stuck on `board` with no restart left ([`Ended::Budget`]).
    pub fn stuck(board: Vec<u32>, stats: Stats) -> Self {
        FirstRun {
            stuck_on: Some(board),
            ..FirstRun::without_solution(Ended::Budget, stats)
        }
    }

    /// The same run, saying which seed it used.
    pub fn seeded(self, seed: u64) -> Self {
        FirstRun {
            seed: Some(seed),
            ..self
        }
    }

    /// The solution found, or how the run ended without one.
    pub fn outcome(&self) -> &FirstOutcome {
        &self.outcome
    }

    /// The solution found, if any.
    pub fn solution(&self) -> Option<&Solution> {
        match &self.outcome {
            FirstOutcome::Found(solution) => Some(solution),
            FirstOutcome::NotFound(_) => None,
        }
    }

    /// The solution found, if any, taken out of the run.
    pub fn into_solution(self) -> Option<Solution> {
        match self.outcome {
            FirstOutcome::Found(solution) => Some(solution),
            FirstOutcome::NotFound(_) => None,
        }
    }

    /// How it ended: [`Ended::Satisfied`] with a solution, [`Ended::Exhausted`] if none exists.
    pub fn ended(&self) -> Ended {
        match self.outcome {
            FirstOutcome::Found(_) => Ended::Satisfied,
            FirstOutcome::NotFound(ended) => ended,
        }
    }

    /// Whether the run proved that no solution exists.
    pub fn proves_none(&self) -> bool {
        self.outcome == FirstOutcome::NotFound(Ended::Exhausted)
    }

    /// The same run, ended for the reason the stop flag gives, if it was stopped.
    pub(crate) fn stopped_for(mut self, reason: Option<Ended>) -> Self {
        if let (FirstOutcome::NotFound(ended @ Ended::Interrupted), Some(reason)) =
            (&mut self.outcome, reason)
        {
            *ended = reason;
        }
        self
    }
}

/// The result of streaming solutions to a visitor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VisitRun {
    /// How it ended: [`Ended::Exhausted`], or [`Ended::Satisfied`] when the visitor stopped it.
    pub ended: Ended,
    /// What it cost.
    pub stats: Stats,
}

/// What a run says about how it ran, by name (`join_kernel`: the code picked for this CPU).
pub type Details = BTreeMap<&'static str, String>;

/// The result of a count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CountRun {
    /// Solutions counted.
    pub total: u64,
    /// Solutions distinct up to rotation and reflection, for strategies that count them.
    pub unique: Option<u64>,
    /// How it ended: only [`Ended::Exhausted`] gives the whole count, the others a lower bound.
    pub ended: Ended,
    /// What it cost.
    pub stats: Stats,
}

impl CountRun {
    /// A count of `total` solutions, without classes.
    pub fn new(total: u64, ended: Ended, stats: Stats) -> CountRun {
        CountRun {
            total,
            unique: None,
            ended,
            stats,
        }
    }

    /// Whether the numbers are the whole count.
    pub fn is_complete(&self) -> bool {
        self.ended == Ended::Exhausted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Ended; 5] = [
        Ended::Exhausted,
        Ended::Satisfied,
        Ended::Budget,
        Ended::Interrupted,
        Ended::Deadline,
    ];

    #[test]
    fn json_spells_each_end_as_its_label_and_reads_the_older_words() {
        for ended in ALL {
            let json = serde_json::to_string(&ended).unwrap();
            assert_eq!(json, format!("\"{}\"", ended.label()));
            assert_eq!(serde_json::from_str::<Ended>(&json).unwrap(), ended);
        }
        for (old, ended) in [
            ("\"budget\"", Ended::Budget),
            ("\"deadline\"", Ended::Deadline),
        ] {
            assert_eq!(serde_json::from_str::<Ended>(old).unwrap(), ended);
        }
    }

    #[test]
    fn a_solution_is_only_in_the_found_arm() {
        let none = FirstRun::without_solution(Ended::Satisfied, Stats::default());
        assert_eq!((none.solution(), none.ended()), (None, Ended::Exhausted));
        assert!(none.proves_none());
        let found = FirstRun::found(Solution::from_columns(vec![0]).unwrap(), Stats::default());
        assert_eq!(found.ended(), Ended::Satisfied);
        assert_eq!(
            found.into_solution().map(|s| s.into_columns()),
            Some(vec![0])
        );
    }
}
