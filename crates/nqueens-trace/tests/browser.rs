//! The HTML player in a real browser, used as a person would: Debian's headless Chromium loads
//! the page from a file, the test clicks Step, Play, Pause, Back and Reset and presses keys,
//! and checks the board and counters against the trace's own frames; then it takes a
//! screenshot.
//!
//! Needs `/usr/bin/chromium` and `/usr/bin/chromedriver`, which the test drives over the W3C
//! WebDriver protocol (`apt-get install chromium chromium-driver`; `.ci/setup` installs them).
//! Without them the test fails, unless `NQUEENS_SKIP_BROWSER=1`. Every wait polls for a
//! condition (up to a generous limit), so a busy machine only makes it slower.

use std::path::Path;
use std::time::{Duration, Instant};

use nqueens_backtrack::VectorSolver;
use nqueens_core::Config;
use nqueens_trace::{Frame, Trace, frames, html::write_html, record};
use webdriver::{Browser, CHROMEDRIVER, CHROMIUM, Result};

mod common;
mod webdriver;

/// How long any one condition may take to come true, on a loaded machine.
const PATIENCE: Duration = Duration::from_secs(30);

/// The browser, or `None` when the test is skipped on purpose.
fn browser() -> Result<Option<Browser>> {
    if std::env::var("NQUEENS_SKIP_BROWSER").is_ok_and(|v| v == "1") {
        eprintln!("NQUEENS_SKIP_BROWSER=1: the HTML player's browser test is skipped");
        return Ok(None);
    }
    for (program, package) in [(CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")] {
        assert!(
            Path::new(program).exists(),
            "{program} is missing: the HTML player is tested in Debian's headless Chromium, \
             driven by its chromedriver. Install them with `.ci/setup` (as root: apt-get update \
             && apt-get install -y --no-install-recommends chromium chromium-driver; `{package}` \
             is the missing one), or set NQUEENS_SKIP_BROWSER=1 to skip this test"
        );
    }
    let log = Path::new(env!("CARGO_TARGET_TMPDIR")).join("nqueens-trace-chromedriver.log");
    Ok(Some(Browser::start(PATIENCE, &log)?))
}

/// Evaluates `expression` in the page and returns its value as a string. Each call is one
/// WebDriver round trip, so the page's state is read at once.
fn read(tab: &Browser, expression: &str) -> Result<String> {
    let value = tab.execute(&format!("return String({expression});"))?;
    Ok(match value {
        serde_json::Value::String(text) => text,
        other => format!("{other:?}"),
    })
}

/// What the page shows: the global step, whether it plays, and each board's frame.
#[derive(Debug)]
struct Shown {
    step: usize,
    counter: String,
    playing: bool,
    boards: Vec<Board>,
}

/// One board as the page shows it: its frame, columns and counters.
#[derive(Debug, PartialEq)]
struct Board {
    step: usize,
    columns: String,
    nodes: String,
    dead_ends: String,
    depth: String,
    conflicts: String,
    found: String,
    /// Queens drawn red.
    red: usize,
}

const STATE: &str = "JSON.stringify({step: document.body.dataset.step, \
     counter: document.getElementById('step-counter').textContent, \
     playing: document.body.dataset.playing, \
     boards: [...document.querySelectorAll('.board')].map((b, i) => { \
       const t = (p) => document.getElementById(p + '-' + i).textContent; \
       return [b.dataset.step, b.dataset.columns, t('nodes'), t('dead-ends'), t('depth'), \
               t('conflicts'), t('found'), b.querySelectorAll('.queen.attacked').length]; })})";

fn shown(tab: &Browser) -> Result<Shown> {
    let state: serde_json::Value = serde_json::from_str(&read(tab, STATE)?)?;
    let text = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
    let boards = state["boards"]
        .as_array()
        .ok_or("no boards")?
        .iter()
        .map(|b| -> Result<Board> {
            Ok(Board {
                step: text(&b[0]).parse()?,
                columns: text(&b[1]),
                nodes: text(&b[2]),
                dead_ends: text(&b[3]),
                depth: text(&b[4]),
                conflicts: text(&b[5]),
                found: text(&b[6]),
                red: b[7].as_u64().ok_or("no red queen count")? as usize,
            })
        })
        .collect::<Result<_>>()?;
    Ok(Shown {
        step: text(&state["step"]).parse()?,
        counter: text(&state["counter"]),
        playing: state["playing"] == "1",
        boards,
    })
}

/// Polls until what the page shows satisfies `done` (or `PATIENCE` runs out).
fn wait_until(tab: &Browser, what: &str, done: impl Fn(&Shown) -> bool) -> Result<Shown> {
    let start = Instant::now();
    loop {
        let state = shown(tab)?;
        if done(&state) {
            return Ok(state);
        }
        if start.elapsed() > PATIENCE {
            return Err(format!("waited {PATIENCE:?} for {what}; the page shows {state:?}").into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Board `index` as it must look at `frame`.
fn board(frame: &Frame, step: usize) -> Board {
    let columns: Vec<String> = frame
        .board
        .iter()
        .map(|c| c.map_or("-1".to_string(), |c| c.to_string()))
        .collect();
    Board {
        step,
        columns: columns.join(","),
        nodes: frame.stats.nodes.to_string(),
        dead_ends: frame.stats.backtracks.to_string(),
        depth: frame.depth.to_string(),
        conflicts: frame.attacked.len().to_string(),
        found: frame.found.to_string(),
        red: frame.attacked.len(),
    }
}

/// Waits until the page is at global `step` and checks every board shows its frame there
/// (a shorter trace its last one): columns and counters.
fn expect_step(tab: &Browser, step: usize, traces: &[&[Frame]]) -> Result<Shown> {
    // The page draws every board before it sets the global step, in one task.
    let state = wait_until(tab, &format!("step {step}"), |s| s.step == step)?;
    expect_frames(&state, traces);
    Ok(state)
}

fn expect_frames(state: &Shown, traces: &[&[Frame]]) {
    assert_eq!(state.boards.len(), traces.len());
    for (index, (shown, frames)) in state.boards.iter().zip(traces).enumerate() {
        let at = state.step.min(frames.len() - 1);
        assert_eq!(
            *shown,
            board(&frames[at], at),
            "board {index} at step {}",
            state.step
        );
    }
}

/// The middle of each button, read once (with the speed slider set to its fastest): clicks
/// are then real mouse events there.
struct Controls(std::collections::HashMap<String, (f64, f64)>);

impl Controls {
    fn read(tab: &Browser) -> Result<Controls> {
        let json = read(
            tab,
            "(() => { const s = document.getElementById('speed'); s.value = s.max; \
             s.dispatchEvent(new Event('input')); \
             return JSON.stringify(['play', 'step', 'back', 'reset'].map((id) => { \
               const r = document.getElementById(id).getBoundingClientRect(); \
               return [id, r.x + r.width / 2, r.y + r.height / 2]; })); })()",
        )?;
        let rows: Vec<(String, f64, f64)> = serde_json::from_str(&json)?;
        Ok(Controls(
            rows.into_iter().map(|(id, x, y)| (id, (x, y))).collect(),
        ))
    }

    fn click(&self, tab: &Browser, id: &str) -> Result<()> {
        let (x, y) = self.0[id];
        tab.click_at(x, y)
    }
}

/// Writes the page of `traces` into `dir`, opens it in `tab` and finds its controls.
fn open(tab: &Browser, dir: &Path, name: &str, traces: &[Trace]) -> Result<Controls> {
    let path = dir.join(name);
    let mut file = std::fs::File::create(&path)?;
    write_html(traces, &mut file)?;
    drop(file);
    tab.navigate(&format!("file://{}", path.display()))?;
    // Polling the new page's own flag waits for it to load (and not for the previous page).
    let ready = format!("location.pathname.endsWith('/{name}') && document.body?.dataset.ready");
    let start = Instant::now();
    while read(tab, &ready)? != "1" {
        assert!(start.elapsed() < PATIENCE, "the page never got ready");
        std::thread::sleep(Duration::from_millis(20));
    }
    Controls::read(tab)
}

fn vector(n: usize) -> Trace {
    record(&VectorSolver, n, Config::default(), 3_000).expect("vector records")
}

#[test]
fn the_player_steps_plays_and_steps_back_in_chromium() -> Result<()> {
    let Some(tab) = browser()? else {
        return Ok(());
    };
    let dir = tempfile::tempdir()?;
    let trace = vector(8);
    let frames = frames(&trace)?;
    let last = frames.len() - 1;
    let controls = open(
        &tab,
        dir.path(),
        "player.html",
        std::slice::from_ref(&trace),
    )?;
    let one: &[&[Frame]] = &[&frames];

    // The start: an empty board, counters at zero.
    let start = expect_step(&tab, 0, one)?;
    assert_eq!(start.boards[0].columns, ["-1"; 8].join(","));
    assert_eq!(start.counter, format!("0 / {last}"));

    // Step forward twice: the board and the counters follow the trace.
    controls.click(&tab, "step")?;
    let at_one = expect_step(&tab, 1, one)?;
    assert_ne!(at_one.boards[0].columns, start.boards[0].columns);
    controls.click(&tab, "step")?;
    let at_two = expect_step(&tab, 2, one)?;
    assert_ne!(at_two.boards[0].nodes, start.boards[0].nodes);

    // Step back restores the previous board exactly; the right arrow steps forward again.
    controls.click(&tab, "back")?;
    assert_eq!(expect_step(&tab, 1, one)?.boards, at_one.boards);
    tab.press_key("ArrowRight")?;
    assert_eq!(expect_step(&tab, 2, one)?.boards, at_two.boards);

    // Play (at full speed), then pause: the search moved on, the board is its frame there.
    controls.click(&tab, "play")?;
    wait_until(&tab, "playing past step 10", |s| s.step >= 10)?;
    controls.click(&tab, "play")?;
    let paused = wait_until(&tab, "paused", |s| !s.playing)?;
    expect_frames(&paused, one);
    assert!(paused.step >= 10);

    // The scrubber jumps back (the focus leaves the controls, so keys are the page's).
    tab.execute(
        "document.activeElement.blur(); const r = document.getElementById('scrub'); \
         r.value = 5; r.dispatchEvent(new Event('input'))",
    )?;
    expect_step(&tab, 5, one)?;

    // Space plays to the end, which stops on the solution.
    tab.press_key(" ")?;
    let end = wait_until(&tab, "the end", |s| s.step == last && !s.playing)?;
    expect_frames(&end, one);
    let solution: Vec<String> = trace
        .end
        .solution
        .iter()
        .flatten()
        .map(u32::to_string)
        .collect();
    assert_eq!(end.boards[0].columns, solution.join(","));
    tab.save_screenshot("nqueens-trace-player.png")?;

    // Reset returns to the empty board.
    controls.click(&tab, "reset")?;
    assert_eq!(expect_step(&tab, 0, one)?.boards, start.boards);

    // Two traces step together, the shorter holding its last frame: a local search written
    // by hand starts with every queen attacked (all red) and ends on a solution.
    let local = common::local_search();
    let local_frames = nqueens_trace::frames(&local)?;
    assert!(local_frames.len() < frames.len());
    let controls = open(&tab, dir.path(), "compare.html", &[trace.clone(), local])?;
    let two: &[&[Frame]] = &[&frames, &local_frames];
    expect_step(&tab, 0, two)?;
    controls.click(&tab, "step")?;
    expect_step(&tab, 1, two)?;
    let diagonal = common::SOLUTION.len();
    tab.execute(&format!(
        "const r = document.getElementById('scrub'); r.value = {diagonal}; \
         r.dispatchEvent(new Event('input'));"
    ))?;
    let all_red = expect_step(&tab, diagonal, two)?;
    assert_eq!(all_red.boards[1].red, diagonal);
    tab.save_screenshot("nqueens-trace-compare.png")?;
    tab.press_key("End")?;
    let end = expect_step(&tab, last, two)?;
    assert_eq!(end.boards[1].step, local_frames.len() - 1);
    assert_eq!(end.boards[1].red, 0);
    Ok(())
}
