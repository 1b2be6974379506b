//! The contract every registered strategy keeps, checked once over the registry, for every
//! variant: requests outside the capabilities are refused with the right error before any
//! search, stops and budgets end runs with the right [`Ended`], early-stopping visitors are
//! obeyed, answers are right, and the capabilities agree with what the strategy does.
//!
//! (Over 500 lines: one suite, so that a new strategy is taken in by one file.)

use std::ops::ControlFlow;

use nqueens::core::{
    Config, Ended, Error, Limit, Operation, Solver, StopFlag, Variant, known, validate_size,
};

/// The strategies that can run on this machine; the others (a GPU counter without a GPU) are
/// skipped, each with its reason on standard error.
fn runnable(registry: &nqueens::core::Registry) -> impl Iterator<Item = &dyn Solver> {
    for (name, why) in registry.unavailable() {
        eprintln!("skipping {name}: {why}");
    }
    registry.available()
}

/// Every (strategy, variant) pair of the registry that can run here.
fn variants(registry: &nqueens::core::Registry) -> Vec<(&dyn Solver, &'static Variant)> {
    runnable(registry)
        .flat_map(|solver| {
            solver
                .capabilities()
                .variants
                .iter()
                .map(move |variant| (solver, variant))
        })
        .collect()
}

/// A config that runs `variant`, seeded.
fn config_for(variant: &Variant) -> Config {
    Config {
        variant: variant.name.map(str::to_string),
        seed: Some(7),
        ..Config::default()
    }
}

/// A size at which `limit` accepts work and the search takes a while (so a raised flag is seen
/// before it ends), but never long.
fn working_size(limit: Limit) -> Option<usize> {
    match limit {
        Limit::Unsupported(_) => None,
        Limit::UpTo(max) => Some(max.min(12)),
        Limit::Unbounded => Some(12),
    }
}

fn run(solver: &dyn Solver, op: Operation, n: usize, config: &Config) -> Result<Ended, Error> {
    Ok(match op {
        Operation::First => solver.first(n, config)?.ended(),
        Operation::List => {
            solver
                .visit(n, config, &mut |_| ControlFlow::Continue(()))?
                .ended
        }
        Operation::Count => solver.count(n, config)?.ended,
    })
}

#[test]
fn capabilities_are_well_formed() {
    let registry = nqueens::registry();
    registry
        .check()
        .expect("every default pick names a real strategy");
    for solver in runnable(&registry) {
        let caps = solver.capabilities();
        let name = solver.name();
        assert!(!caps.variants.is_empty(), "{name} declares no variant");
        let named = caps.variant_names();
        assert!(
            named.len() == caps.variants.len() || caps.variants.len() == 1,
            "{name}: an unnamed variant must be the only one"
        );
        let mut unique = named.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), named.len(), "{name}: variant names repeat");
        assert!(
            Operation::ALL
                .iter()
                .any(|&op| caps.widest(op).is_supported()),
            "{name} can do nothing"
        );
    }
}

#[test]
fn bad_requests_are_refused_before_any_search() {
    let registry = nqueens::registry();
    for (solver, variant) in variants(&registry) {
        let name = solver.name();
        let config = config_for(variant);
        for op in Operation::ALL {
            assert!(
                matches!(run(solver, op, 0, &config), Err(Error::ZeroSize)),
                "{name} {op} n = 0"
            );
            match variant.limit(op) {
                Limit::Unsupported(_) => assert!(
                    matches!(run(solver, op, 4, &config), Err(Error::Unsupported { .. })),
                    "{name} {:?} should refuse to {op}",
                    variant.name
                ),
                Limit::UpTo(max) => assert!(
                    matches!(
                        run(solver, op, max + 1, &config),
                        Err(Error::TooLarge { limit, .. }) if limit == max
                    ),
                    "{name} {:?} should refuse to {op} at n = {}",
                    variant.name,
                    max + 1
                ),
                Limit::Unbounded => {}
            }
        }
        let unknown = Config {
            variant: Some("no-such-variant".into()),
            ..Config::default()
        };
        for op in Operation::ALL {
            assert!(
                matches!(
                    run(solver, op, 4, &unknown),
                    Err(Error::UnknownVariant { .. })
                ),
                "{name} {op} with an unknown variant"
            );
        }
    }
}

#[test]
fn a_raised_stop_flag_ends_runs_with_its_reason() {
    let registry = nqueens::registry();
    for (solver, variant) in variants(&registry) {
        for op in Operation::ALL {
            // Large enough that no list or count finishes before its first look at the flag.
            let long = if op == Operation::First { 30 } else { 14 };
            let n = match variant.limit(op) {
                Limit::Unsupported(_) => continue,
                Limit::UpTo(max) => max.min(long),
                Limit::Unbounded => long,
            };
            for (raise, reason) in [
                (StopFlag::stop as fn(&StopFlag), Ended::Interrupted),
                (StopFlag::expire, Ended::Deadline),
            ] {
                let config = config_for(variant);
                raise(&config.stop);
                let ended = match run(solver, op, n, &config) {
                    Ok(ended) => ended,
                    // Refusing what would not fit in memory is an answer too.
                    Err(Error::MemoryLimit { .. }) => continue,
                    Err(e) => panic!("{} {op} n = {n}: {e}", solver.name()),
                };
                // A first solution may come before the first look at the flag; no list or
                // count of n = 14 is that short. A run never claims a stop it was not asked for.
                assert!(
                    ended == reason || (op == Operation::First && ended.is_definite()),
                    "{} {:?} {op}: {ended:?}",
                    solver.name(),
                    variant.name
                );
            }
        }
    }
}

#[test]
fn a_visitor_that_stops_early_is_obeyed() {
    let registry = nqueens::registry();
    for (solver, variant) in variants(&registry) {
        if !variant.list.accepts(8) {
            continue;
        }
        let mut seen = 0;
        let run = solver
            .visit(8, &config_for(variant), &mut |columns| {
                validate_size(columns, 8).expect("a listed solution validates");
                seen += 1;
                if seen == 3 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
        assert_eq!(seen, 3, "{} went on after the break", solver.name());
        assert_eq!(run.ended, Ended::Satisfied, "{}", solver.name());
    }
}

#[test]
fn a_tiny_budget_never_gives_a_wrong_answer() {
    let registry = nqueens::registry();
    for (solver, variant) in variants(&registry) {
        let Some(n) = working_size(variant.first) else {
            continue;
        };
        let config = Config {
            budget: Some(1),
            ..config_for(variant)
        };
        let run = solver.first(n, &config).unwrap();
        match run.solution() {
            Some(solution) => assert!(validate_size(solution.columns(), n).is_ok()),
            None => assert!(
                run.ended() == Ended::Budget
                    || (run.ended() == Ended::Exhausted && known::all_solutions(n) == Some(0)),
                "{} {:?}: {:?}",
                solver.name(),
                variant.name,
                run.ended()
            ),
        }
    }
}

#[test]
fn answers_agree_with_oeis_and_the_validator() {
    let registry = nqueens::registry();
    for (solver, variant) in variants(&registry) {
        let name = solver.name();
        let config = config_for(variant);
        for n in 1..=9 {
            if variant.count.accepts(n) {
                let run = solver.count(n, &config).unwrap();
                assert_eq!(run.ended, Ended::Exhausted);
                assert_eq!(Some(run.total), known::all_solutions(n), "{name} n = {n}");
            }
            if variant.list.accepts(n) {
                let (all, run) = solver.collect(n, &config).unwrap();
                assert_eq!(run.ended, Ended::Exhausted);
                assert_eq!(
                    Some(all.len() as u64),
                    known::all_solutions(n),
                    "{name} n = {n}"
                );
                assert!(all.iter().all(|c| validate_size(c, n).is_ok()));
            }
            if variant.first.accepts(n) {
                let run = solver.first(n, &config).unwrap();
                match run.solution() {
                    Some(s) => assert_eq!(s.n(), n),
                    // Incomplete strategies know n = 2 and 3 from the theorem, not a search.
                    None if run.ended() == Ended::Exhausted => {
                        assert_eq!(known::all_solutions(n), Some(0), "{name} n = {n}");
                    }
                    None => panic!("{name} {:?} n = {n}: {:?}", variant.name, run.ended()),
                }
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_run() {
    let registry = nqueens::registry();
    for (solver, variant) in variants(&registry) {
        let Some(n) = working_size(variant.first).filter(|_| variant.randomized) else {
            continue;
        };
        let config = config_for(variant);
        let (a, b) = (
            solver.first(n, &config).unwrap(),
            solver.first(n, &config).unwrap(),
        );
        assert_eq!(a.solution(), b.solution(), "{}", solver.name());
        assert_eq!(a.seed, Some(7));
    }
}

#[test]
fn declared_extras_are_delivered() {
    let registry = nqueens::registry();
    for solver in runnable(&registry) {
        let caps = solver.capabilities();
        if !caps.widest(Operation::Count).accepts(8) {
            assert!(!caps.counts_classes && !caps.resumable, "{}", solver.name());
            continue;
        }
        let run = solver.count(8, &Config::default()).unwrap();
        assert_eq!(
            run.unique,
            caps.counts_classes.then_some(12),
            "{}: classes",
            solver.name()
        );
        let plan = solver.plan(8, &Config::default());
        assert_eq!(
            plan.is_ok(),
            caps.resumable,
            "{}: subproblems",
            solver.name()
        );
        if let Ok(plan) = plan {
            assert_eq!(plan.n(), 8);
            assert_eq!(plan.strategy(), solver.name());
        }
    }
}

#[test]
fn defaults_choose_a_strategy_that_accepts_the_request() {
    let registry = nqueens::registry();
    for op in Operation::ALL {
        for n in [1, 2, 3, 8, 16, 24, 25, 28, 32, 100, 10_000] {
            let Ok(choice) = registry.default_for(op, n) else {
                continue;
            };
            let config = choice.apply(Config::default());
            assert!(
                choice.solver.check(op, n, &config).is_ok(),
                "the default for {op} at n = {n} ({}) refuses it",
                choice.solver.name()
            );
        }
    }
    assert!(matches!(
        registry.default_for(Operation::Count, 0),
        Err(Error::ZeroSize)
    ));
}

#[test]
fn given_queens_are_refused_unless_honoured_and_on_the_board() {
    let registry = nqueens::registry();
    let given: nqueens::core::Given = "0:1".parse().expect("one queen");
    for (solver, variant) in variants(&registry) {
        let name = solver.name();
        let config = Config {
            given: Some(given.clone()),
            ..config_for(variant)
        };
        for op in Operation::ALL {
            let Some(n) = working_size(variant.limit(op)).map(|n| n.min(8)) else {
                continue;
            };
            let result = run(solver, op, n, &config);
            if variant.keeps_given {
                assert!(
                    matches!(
                        run(solver, op, 1, &config),
                        Err(Error::Given(nqueens::core::InvalidGiven::OffBoard { .. }))
                    ),
                    "{name} {:?} {op}: a given queen off the board",
                    variant.name
                );
                assert!(result.is_ok(), "{name} {:?} {op}: {result:?}", variant.name);
            } else {
                assert!(
                    matches!(result, Err(Error::GivenNotHonoured { strategy, .. }) if strategy == name),
                    "{name} {:?} should refuse given queens to {op}: {result:?}",
                    variant.name
                );
            }
        }
    }
}

/// Checkpointed and sharded counts go through the same path as plain ones
/// ([`nqueens::count`]), and agree with them for every strategy that says it is resumable (and,
/// with a turn, for every strategy that counts symmetric solutions); the others refuse them.
#[test]
fn checkpointed_and_sharded_counts_agree_with_plain_ones() {
    use nqueens::core::Turn;
    use nqueens::core::split::{Shard, merge};
    use nqueens::count::{CountError, CountRequest, Counter, count};

    let registry = nqueens::registry();
    let dir = std::env::temp_dir().join(format!("nqueens-conformance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for solver in runnable(&registry) {
        let name = solver.name();
        let resumable = solver.capabilities().resumable;
        let symmetric = solver
            .capabilities()
            .variants
            .iter()
            .any(|v| v.symmetric.is_supported());
        let turns: &[Option<Turn>] = match symmetric {
            true => &[None, Some(Turn::Half), Some(Turn::Quarter)],
            false => &[None],
        };
        for &turn in turns {
            let config = Config {
                symmetric: turn,
                ..Config::default()
            };
            let Some(n) = (1..=10)
                .rev()
                .find(|&n| solver.check(Operation::Count, n, &config).is_ok())
            else {
                continue;
            };
            let plain = CountRequest {
                n,
                strategy: Some(name.to_string()),
                ..CountRequest::default()
            };
            let whole = count(&registry, &plain, config.clone()).unwrap();
            assert_eq!(whole.strategy, name);
            assert_eq!(whole.run.ended, Ended::Exhausted, "{name} n = {n}");
            let path = dir.join(format!("{name}-{n}-{turn:?}.checkpoint"));
            let checkpointed = CountRequest {
                checkpoint: Some(path.clone()),
                ..plain.clone()
            };
            if !resumable {
                assert!(
                    matches!(
                        count(&registry, &checkpointed, config.clone()),
                        Err(CountError::Conflict(_))
                    ),
                    "{name} is not resumable"
                );
                continue;
            }
            for rerun in [false, true] {
                let counter =
                    Counter::new(&registry, checkpointed.clone(), config.clone()).unwrap();
                // The rerun finds every subproblem in the checkpoint and counts nothing again.
                assert_eq!(
                    counter.resumed() > 0,
                    rerun && whole.run.total > 0,
                    "{name}"
                );
                let run = counter.run().unwrap().run;
                assert_eq!((run.total, run.ended), (whole.run.total, Ended::Exhausted));
                assert_eq!(run.unique, whole.run.unique, "{name} n = {n} {turn:?}");
            }
            if turn.is_some() {
                continue;
            }
            let records: Vec<_> = (0..2)
                .map(|i| {
                    let sharded = CountRequest {
                        shard: Some(Shard::new(i, 2).unwrap()),
                        ..plain.clone()
                    };
                    let counted = count(&registry, &sharded, config.clone()).unwrap();
                    counted.shard.expect("a sharded count returns its record")
                })
                .collect();
            let merged = merge(&records, |strategy, n| {
                registry.get(strategy)?.plan(n, &Config::default())
            })
            .unwrap();
            assert_eq!(merged.count, whole.run.total, "{name} n = {n}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every first-solution run names the variant that ran, the one the request resolved to.
#[test]
fn a_first_run_names_its_variant() {
    let registry = nqueens::registry();
    for (solver, variant) in variants(&registry) {
        let Some(n) = working_size(variant.first).map(|n| n.min(8)) else {
            continue;
        };
        let run = solver.first(n, &config_for(variant)).unwrap();
        assert_eq!(run.variant, variant.name, "{}", solver.name());
    }
}

/// An observer that wants progress only gets no step events: a progress bar never switches a
/// strategy into its instrumented search.
#[test]
fn a_progress_observer_gets_no_steps() {
    use std::sync::{Arc, Mutex};

    use nqueens::core::{Event, Observer};

    #[derive(Default)]
    struct Progress(Mutex<Vec<Event>>);

    impl Observer for Progress {
        fn observe(&self, event: Event) {
            if let Ok(mut events) = self.0.lock() {
                events.push(event);
            }
        }
        fn wants_steps(&self) -> bool {
            false
        }
    }

    let registry = nqueens::registry();
    for (solver, variant) in variants(&registry) {
        for op in [Operation::First, Operation::Count] {
            let Some(n) = working_size(variant.limit(op)).map(|n| n.min(8)) else {
                continue;
            };
            let progress = Arc::new(Progress::default());
            let config = Config {
                observer: Some(progress.clone()),
                threads: Some(1),
                ..config_for(variant)
            };
            run(solver, op, n, &config).unwrap();
            let events = progress.0.lock().unwrap();
            assert!(
                events.iter().all(|event| matches!(
                    event,
                    Event::Started { .. } | Event::SubproblemDone | Event::Found | Event::Restarted
                )),
                "{} {:?} {op}: {:?}",
                solver.name(),
                variant.name,
                events.iter().take(3).collect::<Vec<_>>()
            );
        }
    }
}
