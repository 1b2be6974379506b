//! A count is decided once: one admission and one plan per count, whatever the workflow says
//! before it starts (the forecast, the announcement, a resumed checkpoint) or runs after it,
//! counted with a strategy that wraps the quadrant counter and counts the calls it gets.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use nqueens::core::split::Subproblems;
use nqueens::core::{Capabilities, Config, Error, Job, Operation, Pick, Registry, Strategy, known};
use nqueens::count::{CountRequest, Counter};
use nqueens::quadrants::QuadrantsSolver;
use nqueens_run::split::Shard;

/// The quadrant counter, counting how often it is asked to admit a count and to plan one.
#[derive(Clone, Default)]
struct Watched {
    admissions: Arc<AtomicUsize>,
    plans: Arc<AtomicUsize>,
}

impl Strategy for Watched {
    fn name(&self) -> &'static str {
        "watched"
    }

    fn capabilities(&self) -> &'static Capabilities {
        QuadrantsSolver.capabilities()
    }

    fn admit_count(&self, job: &Job<'_>) -> Result<(), Error> {
        self.admissions.fetch_add(1, Ordering::Relaxed);
        QuadrantsSolver.admit_count(job)
    }

    fn subproblems(&self, job: &Job<'_>) -> Result<Box<dyn Subproblems>, Error> {
        self.plans.fetch_add(1, Ordering::Relaxed);
        QuadrantsSolver.subproblems(job)
    }
}

fn registry(watched: &Watched) -> Registry {
    Registry::new()
        .register(watched.clone())
        .defaults(Operation::Count, &[Pick::new("watched")])
}

#[test]
fn a_count_is_admitted_and_planned_once() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::temp_dir().join(format!("nqueens-count-once-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let checkpoint = dir.join("twelve.checkpoint");
    let requests = [
        // Named, and by the default rule.
        CountRequest {
            n: 12,
            strategy: Some("watched".into()),
            ..CountRequest::default()
        },
        CountRequest {
            n: 12,
            ..CountRequest::default()
        },
        // Shards and checkpoints of the default rule's counters count classes: named.
        CountRequest {
            n: 12,
            strategy: Some("watched".into()),
            shard: Some(Shard::new(1, 3)?),
            ..CountRequest::default()
        },
        CountRequest {
            n: 12,
            strategy: Some("watched".into()),
            checkpoint: Some(checkpoint.clone()),
            ..CountRequest::default()
        },
    ];
    for request in requests {
        let watched = Watched::default();
        let registry = registry(&watched);
        let counter = Counter::new(&registry, request.clone(), Config::default())?;
        // What the command line says before the count: its plan and forecast, read from the
        // counter.
        let forecast = counter
            .forecast()
            .ok_or("a resumable count has a forecast")?;
        assert!(forecast.subproblems > 0 && forecast.to_count <= forecast.subproblems);
        assert!(forecast.seconds.is_some_and(|s| s > 0.0), "{forecast:?}");
        let counted = counter.run()?;
        if request.shard.is_none() {
            assert_eq!(Some(counted.run.total), known::all_solutions(12));
        }
        assert_eq!(
            (
                watched.admissions.load(Ordering::Relaxed),
                watched.plans.load(Ordering::Relaxed)
            ),
            (1, 1),
            "{request:?}"
        );
    }
    std::fs::remove_dir_all(&dir)?;
    Ok(())
}

#[test]
fn the_run_reports_how_it_counted() -> Result<(), Box<dyn std::error::Error>> {
    let counted = nqueens::count::count(
        &nqueens::registry(),
        &CountRequest {
            n: 10,
            strategy: Some("quadrants".into()),
            ..CountRequest::default()
        },
        Config::default(),
    )?;
    let details = counted.details;
    assert!(details.contains_key("join_kernel"), "{details:?}");
    Ok(())
}
