//! The JSON interface natively: the answers the page gets are the command line's.

use nqueens::core::{Config, Operation};
use serde_json::{Value, json};

use crate::handle;

fn ask(request: Value) -> Value {
    serde_json::from_str(&handle(&request.to_string())).expect("the answer is JSON")
}

#[test]
fn counts_match_a000170_for_every_counter_up_to_9() {
    const A000170: [u64; 9] = [1, 0, 0, 2, 10, 4, 40, 92, 352];
    let listing = ask(json!({"job": "strategies"}));
    let strategies = listing["strategies"].as_array().expect("a list");
    let mut counters = 0;
    for strategy in strategies {
        let name = strategy["name"].as_str().expect("a name");
        for (index, &expected) in A000170.iter().enumerate() {
            let n = index + 1;
            let answer = ask(json!({"job": "count", "strategy": name, "n": n, "seed": "1"}));
            if answer.get("error").is_some() {
                continue; // a strategy that does not count at this size
            }
            assert_eq!(answer["total"], expected, "{name} n = {n}: {answer}");
            assert_eq!(answer["ended"], "exhausted");
            counters += 1;
        }
    }
    assert!(counters > 30, "only {counters} counts ran");
}

#[test]
fn first_and_seeded_solutions_are_the_native_ones() {
    let registry = nqueens::registry();
    for (name, n, seed) in [
        ("bitmask", 12, None),
        ("vector", 10, None),
        ("min-conflicts", 1000, Some(7)),
        ("annealing", 30, Some(3)),
        ("genetic", 12, Some(5)),
    ] {
        let config = Config {
            seed,
            ..Config::default()
        };
        let solver = registry.get(name).expect("registered");
        let native = solver.first(n, &config).expect("native run");
        let mut request = json!({"job": "first", "strategy": name, "n": n});
        if let Some(seed) = seed {
            request["seed"] = json!(seed.to_string());
        }
        let answer = ask(request);
        let columns: Vec<u32> = serde_json::from_value(answer["solution"].clone())
            .unwrap_or_else(|e| panic!("{name}: {e}: {answer}"));
        assert_eq!(
            Some(columns.as_slice()),
            native.solution().map(|s| s.columns()),
            "{name} n = {n}"
        );
        assert_eq!(answer["label"], "found");
        assert_eq!(answer["seed"], json!(seed.map(|s| s.to_string())), "{name}");
    }
}

#[test]
fn a_listing_stops_at_its_limit_and_counts_classes_where_the_counter_does() {
    let answer = ask(json!({"job": "list", "strategy": "bitmask", "n": 8, "limit": 5}));
    assert_eq!(answer["solutions"].as_array().map(Vec::len), Some(5));
    assert_eq!(answer["total"], 5);
    assert_eq!(answer["ended"], "satisfied");
    let deterministic = ask(json!({"job": "first", "strategy": "bitmask", "n": 8, "seed": "3"}));
    assert!(
        deterministic["seed"].is_null(),
        "bitmask takes no seed: {deterministic}"
    );
    let symmetry = ask(json!({"job": "count", "strategy": "symmetry", "n": 10}));
    assert_eq!(
        (symmetry["total"].as_u64(), symmetry["unique"].as_u64()),
        (Some(724), Some(92))
    );
}

#[test]
fn one_thread_gives_the_counters_native_answers() {
    let registry = nqueens::registry();
    for name in ["symmetry", "quadrants"] {
        let solver = registry.get(name).expect("registered");
        let one =
            crate::run(solver, Operation::Count, 11, &Config::default(), None).expect("a count");
        assert_eq!(
            one.total,
            Some(solver.count(11, &Config::default()).expect("native").total)
        );
    }
}

#[test]
fn refusals_are_errors_with_the_command_lines_message() {
    for (request, says) in [
        (json!({"job": "count", "strategy": "nope", "n": 8}), "nope"),
        (
            json!({"job": "count", "strategy": "bitmask", "n": 40}),
            "40",
        ),
        (
            json!({"job": "first", "strategy": "bitmask", "n": 8, "seed": "x"}),
            "seed",
        ),
        (json!({"job": "dance"}), "bad request"),
        (json!({"job": "trace", "strategies": [], "n": 8}), "not 0"),
    ] {
        let answer = ask(request.clone());
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(error.contains(says), "{request} answered {answer}");
    }
    assert!(handle("{").contains("bad request"));
}

#[test]
fn a_trace_is_the_players_page_of_the_recorded_runs() {
    let answer = ask(
        json!({"job": "trace", "strategies": ["vector", "min-conflicts"],
                            "n": 8, "seed": "2", "max_steps": 3000}),
    );
    let page = answer["html"].as_str().expect("a page");
    assert!(page.starts_with("<!DOCTYPE html>"));
    let traces = answer["traces"].as_array().expect("traces");
    assert_eq!(traces.len(), 2);
    let native = nqueens_trace::record(
        nqueens::registry().get("vector").expect("registered"),
        8,
        Config::default(),
        3000,
    )
    .expect("a trace");
    assert_eq!(traces[0]["steps"], native.end.steps);
    assert_eq!(traces[0]["solution"], json!(native.end.solution));
}

#[test]
fn the_listing_has_every_registered_strategy_and_says_why_others_are_missing() {
    let listing = ask(json!({"job": "strategies"}));
    let registry = nqueens::registry();
    let names: Vec<&str> = listing["strategies"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(names, registry.names().collect::<Vec<_>>());
    let missing = listing["not_built"].as_array().expect("a list");
    assert_eq!(missing.len(), registry.not_built().len());
    assert!(
        missing
            .iter()
            .all(|m| m["reason"].as_str().is_some_and(|r| !r.is_empty()))
    );
}
