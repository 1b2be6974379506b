//! The HTML player's page, read as text: self-contained, its data the trace's frames, and
//! nothing in the data able to end its script element.

use nqueens_backtrack::VectorSolver;
use nqueens_core::Config;
use nqueens_trace::html::{FIELDS, html, write_html};
use nqueens_trace::{Trace, TraceError, frames, record};
use serde_json::Value;

mod common;

fn vector(n: usize) -> Trace {
    record(&VectorSolver, n, Config::default(), 3_000).expect("vector records")
}

/// The JSON between the data script's tags.
fn data(page: &str) -> Value {
    let open = r#"<script type="application/json" id="trace-data">"#;
    let start = page.find(open).expect("the page holds its data") + open.len();
    let length = page[start..]
        .find("</script>")
        .expect("the data script ends");
    serde_json::from_str(&page[start..start + length]).expect("the data is JSON")
}

#[test]
fn the_page_is_self_contained() {
    let page = html(&[vector(8)]).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    for outside in ["http", "src=", "href=", "url(", "@import", "<link", "//www"] {
        assert!(
            !page.contains(outside),
            "the page refers outside: {outside}"
        );
    }
    for id in [
        "id=\"play\"",
        "id=\"step\"",
        "id=\"back\"",
        "id=\"reset\"",
        "id=\"speed\"",
        "id=\"scrub\"",
        "id=\"step-counter\"",
    ] {
        assert!(page.contains(id), "the page lacks {id}");
    }
    // One data script and one player script, nothing else.
    assert_eq!(page.matches("<script").count(), 2);
    assert_eq!(page.matches("</script>").count(), 2);
}

#[test]
fn the_data_round_trips() {
    let trace = vector(6);
    let page = html(std::slice::from_ref(&trace)).unwrap();
    let data = data(&page);
    let fields: Vec<&str> = data["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    assert_eq!(fields, FIELDS);
    let field = |name: &str| FIELDS.iter().position(|f| *f == name).unwrap();
    let page_trace = &data["traces"][0];
    assert_eq!(page_trace["header"]["strategy"], "vector");
    assert_eq!(page_trace["header"]["n"], 6);
    assert_eq!(page_trace["end"]["cut"], false);
    assert_eq!(page_trace["chart"], "depth");
    let expected = frames(&trace).unwrap();
    let rows = page_trace["frames"].as_array().unwrap();
    assert_eq!(rows.len(), trace.events.len() + 1);
    assert_eq!(rows.len(), expected.len());
    for (row, frame) in rows.iter().zip(&expected) {
        let board: Vec<Option<u32>> = row[field("board")]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| u32::try_from(c.as_i64().unwrap()).ok())
            .collect();
        assert_eq!(board, frame.board);
        let attacked: Vec<usize> = serde_json::from_value(row[field("attacked")].clone()).unwrap();
        assert_eq!(attacked, frame.attacked);
        assert_eq!(row[field("depth")], frame.depth);
        assert_eq!(row[field("nodes")], frame.stats.nodes);
        assert_eq!(row[field("dead_ends")], frame.stats.backtracks);
        assert_eq!(row[field("moves")], frame.stats.moves);
        assert_eq!(row[field("restarts")], frame.stats.restarts);
        assert_eq!(row[field("found")], frame.found);
    }
    // The last frame is the solution vector found.
    let last = &expected[expected.len() - 1];
    let solution: Vec<Option<u32>> = trace.end.solution.unwrap().into_iter().map(Some).collect();
    assert_eq!(last.board, solution);
}

#[test]
fn nothing_in_the_data_closes_the_script() {
    let mut trace = vector(4);
    let hostile = "</script><script>alert(1)</script><!-- & \u{2028}";
    trace.header.variant = Some(hostile.into());
    let page = html(&[trace]).unwrap();
    assert_eq!(page.matches("</script>").count(), 2);
    assert!(!page.contains("<!--"));
    assert_eq!(data(&page)["traces"][0]["header"]["variant"], hostile);
}

#[test]
fn two_traces_share_a_page_and_too_many_are_refused() {
    let short = vector(4);
    let long = vector(8);
    let page = html(&[short.clone(), long.clone()]).unwrap();
    let data = data(&page);
    assert_eq!(data["traces"].as_array().unwrap().len(), 2);
    assert_eq!(data["traces"][1]["header"]["n"], 8);
    for count in [0, nqueens_trace::html::MAX_TRACES + 1] {
        let traces = vec![short.clone(); count];
        let mut out = Vec::new();
        let error = write_html(&traces, &mut out).unwrap_err();
        assert!(matches!(error, TraceError::Traces { count: c } if c == count));
        assert!(error.to_string().contains("one to 8 traces"), "{error}");
        assert!(out.is_empty(), "a refused page writes nothing");
    }
}

#[test]
fn pictures_beyond_the_limits_are_refused_before_writing() {
    let mut trace = vector(8);
    trace.header.n = nqueens_trace::PICTURE_MAX_N + 1;
    let mut out = Vec::new();
    let error = write_html(&[trace], &mut out).unwrap_err();
    assert!(
        matches!(error, TraceError::PictureTooLarge { .. }),
        "{error}"
    );
    assert!(out.is_empty());
}

#[test]
fn a_local_search_is_charted_by_conflicts() {
    let config = Config {
        seed: Some(7),
        ..Config::default()
    };
    let trace = record(&nqueens_minconflicts::MinConflictsSolver, 8, config, 3_000).unwrap();
    let page = html(std::slice::from_ref(&trace)).unwrap();
    let expected = if trace.end.stats.moves > 0 {
        "conflicts"
    } else {
        "depth"
    };
    assert_eq!(data(&page)["traces"][0]["chart"], expected);
}

#[test]
fn conflicts_are_charted_and_attacked_rows_kept() {
    let trace = common::local_search();
    let expected = frames(&trace).unwrap();
    let page = html(std::slice::from_ref(&trace)).unwrap();
    let data = data(&page);
    assert_eq!(data["traces"][0]["chart"], "conflicts");
    let rows = data["traces"][0]["frames"].as_array().unwrap();
    let attacked = FIELDS.iter().position(|f| *f == "attacked").unwrap();
    // The full diagonal: every queen attacked; the end: none.
    let n = common::SOLUTION.len();
    assert_eq!(rows[n][attacked].as_array().unwrap().len(), n);
    assert_eq!(expected[n].attacked.len(), n);
    assert!(
        rows[rows.len() - 1][attacked]
            .as_array()
            .unwrap()
            .is_empty()
    );
}
