//! The page in web/ in a real browser: the test builds it (`web/build`: the strategies compiled
//! to WebAssembly), opens it from a file in Debian's headless Chromium and uses it as a person
//! would: counts n = 8 with three strategies, finds a first solution at n = 1,000,000 with
//! min-conflicts (checked by the page's validator, then here, and against the native run of
//! the same seed), records two traces and plays them to their end, stops a run mid-way and
//! runs again, has a time limit stop one, and keeps a screenshot under target/; then checks every strategy against its
//! native answers, and the folder served over HTTP as a static host would.
//!
//! Needs Chromium and chromedriver (driven over WebDriver as the trace player's test does,
//! with its client), and Debian's rustc-web, cargo-web, rust-web-src, lld-19 and binaryen for
//! the build; `.ci/setup` installs them all. Without them the test fails, unless
//! `NQUEENS_SKIP_BROWSER=1`. Every wait polls for a condition, so a busy machine only makes
//! it slower.

use std::io::{BufRead, BufReader, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use nqueens::core::Config;
use serde_json::Value;
use webdriver::{Browser, CHROMEDRIVER, CHROMIUM, Result};

// The trace player's WebDriver client, shared rather than copied (its key presses are the
// player's test's, not this one's).
#[allow(dead_code)]
#[path = "../../nqueens-trace/tests/webdriver/mod.rs"]
mod webdriver;

/// How long any one condition may take to come true, on a loaded machine (the first
/// solution at n = 10^6 takes about a second on a quiet one).
const PATIENCE: Duration = Duration::from_secs(120);

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Builds the page and starts the browser, or `None` when the test is skipped on purpose.
fn browser() -> Result<Option<Browser>> {
    if std::env::var("NQUEENS_SKIP_BROWSER").is_ok_and(|v| v == "1") {
        eprintln!("NQUEENS_SKIP_BROWSER=1: the web page's browser test is skipped");
        return Ok(None);
    }
    for program in [CHROMIUM, CHROMEDRIVER] {
        assert!(
            Path::new(program).exists(),
            "{program} is missing: the page is tested in Debian's headless Chromium. Run \
             .ci/setup, or set NQUEENS_SKIP_BROWSER=1 to skip this test"
        );
    }
    let build = Command::new(root().join("web/build")).status()?;
    assert!(
        build.success(),
        "web/build failed ({build}); it says what is missing (.ci/setup installs it)"
    );
    let log = Path::new(env!("CARGO_TARGET_TMPDIR")).join("nqueens-web-chromedriver.log");
    Ok(Some(Browser::start(PATIENCE, &log)?))
}

/// Evaluates `expression` in the page.
fn read(tab: &Browser, expression: &str) -> Result<Value> {
    tab.execute(&format!("return {expression};"))
}

/// Polls `expression` until `done` holds for its value.
fn wait_for(
    tab: &Browser,
    what: &str,
    expression: &str,
    done: impl Fn(&Value) -> bool,
) -> Result<Value> {
    let start = Instant::now();
    loop {
        let value = read(tab, expression)?;
        if done(&value) {
            return Ok(value);
        }
        if start.elapsed() > PATIENCE {
            let status = read(tab, "document.getElementById('status').textContent")?;
            return Err(format!("waited {PATIENCE:?} for {what}: {value}; status {status}").into());
        }
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// Fills the run form (job, sizes, seed, the strategies ticked) and presses Run.
fn submit(tab: &Browser, job: &str, n: &str, seed: &str, strategies: &[&str]) -> Result<()> {
    let strategies = serde_json::to_string(strategies)?;
    tab.execute(&format!(
        "const byId = (id) => document.getElementById(id);
         byId('job').value = '{job}'; byId('n').value = '{n}'; byId('seed').value = '{seed}';
         const chosen = {strategies};
         for (const box of byId('strategies').querySelectorAll('input'))
           box.checked = chosen.includes(box.value);"
    ))?;
    click(tab, "document", "run")
}

/// Clicks the middle of the button `id` of `document` (the page's, or the player's in its
/// frame) with the mouse, as a person would.
fn click(tab: &Browser, document: &str, id: &str) -> Result<()> {
    let at = read(
        tab,
        &format!(
            "(() => {{ const b = {document}.getElementById('{id}'); b.scrollIntoView({{block: 'center'}});
             const r = b.getBoundingClientRect();
             const f = {document} === document ? {{x: 0, y: 0}}
               : document.getElementById('player').getBoundingClientRect();
             return [f.x + r.x + r.width / 2, f.y + r.y + r.height / 2]; }})()"
        ),
    )?;
    let (x, y) = (at[0].as_f64(), at[1].as_f64());
    tab.click_at(x.ok_or("no x")?, y.ok_or("no y")?)
}

/// Waits until `count` results are in and the page is idle; returns them.
fn results(tab: &Browser, count: usize) -> Result<Vec<Value>> {
    wait_for(
        tab,
        &format!("{count} results"),
        "[document.body.dataset.busy, nqueensPage.results.length]",
        |v| v[0] == "0" && v[1].as_u64() == Some(count as u64),
    )?;
    let results = read(
        tab,
        "nqueensPage.results.map((r) => ({strategy: r.request.strategy, n: r.request.n, \
         label: r.answer?.label, check: r.check, error: r.error, seconds: r.seconds}))",
    )?;
    Ok(results.as_array().cloned().unwrap_or_default())
}

#[test]
fn the_page_counts_finds_traces_and_stops_in_chromium() -> Result<()> {
    let Some(tab) = browser()? else {
        return Ok(());
    };
    let index = root().join("web/index.html").canonicalize()?;
    tab.navigate(&format!("file://{}", index.display()))?;
    wait_for(
        &tab,
        "the page to load",
        "document.body.dataset.ready",
        |v| v == "1",
    )?;
    // The page has every strategy of the workspace, or says why one is not in its build.
    let listed: Vec<(String, bool)> = serde_json::from_value(read(
        &tab,
        "[...nqueensPage.strategies.map((s) => [s.name, true]), \
          ...nqueensPage.notBuilt.map((s) => [s.name, s.reason.length > 0])]",
    )?)?;
    let native = nqueens::registry();
    let mut every: Vec<&str> = native.names().collect();
    every.extend(native.not_built().iter().map(|&(name, _)| name));
    let mut names: Vec<&str> = listed.iter().map(|(name, _)| name.as_str()).collect();
    names.sort_unstable();
    every.sort_unstable();
    assert_eq!(names, every);
    assert!(listed.iter().all(|&(_, reason)| reason));
    assert!(read(&tab, "nqueensPage.notBuilt.length")?.as_u64() > Some(0));

    // n = 8 counted by three strategies: 92 each, which the page checks against A000170.
    submit(&tab, "count", "8", "", &["bitmask", "symmetry", "dlx"])?;
    for result in results(&tab, 3)? {
        assert_eq!(result["label"], "92", "{result}");
        assert_eq!(result["check"], "A000170", "{result}");
    }

    // A first solution at n = 1,000,000: valid for the page's validator and for the core's,
    // and the very solution the native run of the same seed finds.
    let n = 1_000_000;
    submit(&tab, "first", &n.to_string(), "7", &["min-conflicts"])?;
    let found = &results(&tab, 4)?[3];
    assert_eq!(
        (&found["label"], &found["check"]),
        (&"found".into(), &"valid".into())
    );
    let columns: Vec<u32> =
        serde_json::from_value(read(&tab, "nqueensPage.results[3].answer.solution")?)?;
    nqueens::core::validate_size(&columns, n)?;
    let native = nqueens::registry().get("min-conflicts")?.first(
        n,
        &Config {
            seed: Some(7),
            ..Config::default()
        },
    )?;
    assert!(native.solution().is_some_and(|s| s.columns() == columns));
    assert_eq!(
        read(&tab, "nqueensPage.validate([0, 2, 1], 3)")?,
        "two queens on an anti-diagonal (row 2)"
    );

    // Two traces recorded in the browser, played side by side to their end.
    tab.execute(
        "const byId = (id) => document.getElementById(id);
         byId('trace-a').value = 'vector'; byId('trace-b').value = 'min-conflicts';
         byId('trace-n').value = '8';",
    )?;
    click(&tab, "document", "trace")?;
    let traces = wait_for(&tab, "the traces", "nqueensPage.trace", |v| v.is_array())?;
    let player = "document.getElementById('player').contentDocument";
    wait_for(
        &tab,
        "the player",
        &format!("{player}?.body?.dataset.ready"),
        |v| v == "1",
    )?;
    tab.execute(&format!(
        "const s = {player}.getElementById('speed'); s.value = s.max;
         s.dispatchEvent(new Event('input'));"
    ))?;
    click(&tab, player, "play")?;
    let last = traces[0]["steps"]
        .as_u64()
        .max(traces[1]["steps"].as_u64())
        .ok_or("no steps")?;
    let end = wait_for(
        &tab,
        "the traces played to their end",
        &format!(
            "[{player}.body.dataset.step, {player}.body.dataset.playing, \
             [...{player}.querySelectorAll('.board')].map((b) => b.dataset.columns)]"
        ),
        |v| v[0] == last.to_string().as_str() && v[1] != "1",
    )?;
    for (shown, trace) in end[2]
        .as_array()
        .ok_or("no boards")?
        .iter()
        .zip([&traces[0], &traces[1]])
    {
        let solution: Vec<String> = trace["solution"]
            .as_array()
            .ok_or("a trace without a solution")?
            .iter()
            .map(Value::to_string)
            .collect();
        assert_eq!(shown.as_str(), Some(solution.join(",").as_str()));
    }

    // A long count, stopped mid-way; the next run starts at once in a fresh worker.
    submit(&tab, "count", "18", "", &["bitmask"])?;
    wait_for(
        &tab,
        "the count to start",
        "document.body.dataset.busy",
        |v| v == "1",
    )?;
    std::thread::sleep(Duration::from_millis(300));
    click(&tab, "document", "stop")?;
    let stopped = &results(&tab, 5)?[4];
    assert_eq!(stopped["error"], "stopped", "{stopped}");
    assert_eq!(
        read(&tab, "document.getElementById('status').textContent")?,
        "Stopped."
    );
    // A time limit stops each job that passes it, and the next one runs.
    tab.execute("document.getElementById('time-limit').value = '0.5';")?;
    submit(&tab, "count", "19,8", "", &["bitmask"])?;
    let timed = results(&tab, 7)?;
    assert_eq!(
        (&timed[5]["error"], &timed[6]["label"]),
        (&"timeout".into(), &"92".into())
    );
    tab.execute("document.getElementById('time-limit').value = '';")?;
    submit(&tab, "count", "9-10", "", &["quadrants"])?;
    let again = results(&tab, 9)?;
    let labels: Vec<&Value> = again[7..].iter().map(|r| &r["label"]).collect();
    assert_eq!(labels, ["352", "724"]);

    // The picture: the results, the chart and the board of n = 10^6 (the first "board").
    tab.execute(
        "document.querySelector('#results button').click();
         document.getElementById('results-title').scrollIntoView();",
    )?;
    tab.save_screenshot("nqueens-web.png")?;

    // Every strategy in the page answers as natively: its first solution at n = 8 with the
    // same seed, and its counts of n = 1 to 10 (where it counts) A000170's.
    // (The page's strategies: natively, `cargo test --workspace` may have more.)
    let registry = nqueens::registry();
    let names: Vec<String> =
        serde_json::from_value(read(&tab, "nqueensPage.strategies.map((s) => s.name)")?)?;
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    submit(&tab, "first", "8", "1", &names)?;
    let firsts = results(&tab, 9 + names.len())?;
    let seeded = Config {
        seed: Some(1),
        ..Config::default()
    };
    for (index, name) in names.iter().enumerate() {
        let at = 9 + index;
        let shown = read(&tab, &format!("nqueensPage.results[{at}].answer?.solution"))?;
        match registry.get(name)?.first(8, &seeded) {
            Ok(native) => {
                let native = native.solution().map(|s| s.columns().to_vec());
                assert_eq!(shown, serde_json::json!(native), "{name}: {}", firsts[at]);
            }
            // A strategy that does not find (it only counts) says why, as natively.
            Err(refusal) => assert_eq!(firsts[at]["error"], refusal.to_string()),
        }
    }
    let before = 9 + names.len();
    submit(&tab, "count", "1-10", "", &names)?;
    let counts = &results(&tab, before + 10 * names.len())?[before..];
    let counted = counts.iter().filter(|r| r["error"].is_null()).count();
    assert!(counted >= 60, "only {counted} counts ran");
    for count in counts.iter().filter(|r| r["error"].is_null()) {
        assert_eq!(count["check"], "A000170", "{count}");
    }

    // The same folder from a static host (a plain HTTP server) works the same.
    let port = serve(root().join("web"))?;
    tab.navigate(&format!("http://127.0.0.1:{port}/index.html"))?;
    wait_for(
        &tab,
        "the served page",
        "[location.protocol, document.body.dataset.ready]",
        |v| v[0] == "http:" && v[1] == "1",
    )?;
    submit(&tab, "count", "8", "", &["bitmask"])?;
    assert_eq!(results(&tab, 1)?[0]["label"], "92");
    Ok(())
}

/// Serves the files of `dir` over HTTP on a free local port, as any static host would (GET
/// only, one request per connection, on a thread of its own); returns the port.
fn serve(dir: PathBuf) -> Result<u16> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?;
    let port = listener.local_addr()?.port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            if let Err(e) = serve_one(&dir, stream) {
                eprintln!("the test's HTTP server: {e}");
            }
        }
    });
    Ok(port)
}

fn serve_one(dir: &Path, mut stream: TcpStream) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let path = request.split(' ').nth(1).unwrap_or("/");
    let name = path.trim_start_matches('/');
    let name = if name.is_empty() { "index.html" } else { name };
    let kind = match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript",
        Some("css") => "text/css",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    };
    let body = (!name.contains(".."))
        .then(|| std::fs::read(dir.join(name)).ok())
        .flatten();
    let (status, body) = match body {
        Some(body) => ("200 OK", body),
        None => ("404 Not Found", Vec::new()),
    };
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n",
        body.len()
    )?;
    stream.write_all(&body)
}

/// The README's browser/native ratios, by hand (`cargo build --release -p nqueens-cli`, then
/// `cargo test -p nqueens-web --profile ci --test browser -- --ignored --nocapture`): each
/// case [`RUNS`] times, alternately in the page and with the release command line on one thread
/// (its `--json` seconds), so both see the same load; prints the medians and the fastest runs,
/// and their ratios.
/// Asserts nothing about time (machines are noisy).
/// How many times each case runs in [`browser_times_for_the_readme`].
const RUNS: usize = 21;

#[test]
#[ignore = "prints the browser/native times for the README; run by hand"]
fn browser_times_for_the_readme() -> Result<()> {
    let Some(tab) = browser()? else {
        return Ok(());
    };
    let index = root().join("web/index.html").canonicalize()?;
    tab.navigate(&format!("file://{}", index.display()))?;
    wait_for(
        &tab,
        "the page to load",
        "document.body.dataset.ready",
        |v| v == "1",
    )?;
    eprintln!(
        "page ready after {} s",
        read(&tab, "nqueensPage.loadSeconds")?
    );
    let cli = root().join("target/release/nqueens");
    let mut done = 0;
    // `solve` runs on one thread; `count` is told so.
    for (job, n, strategy, args) in [
        ("count", "12", "bitmask", ["count", "--threads", "1"]),
        ("count", "14", "quadrants", ["count", "--threads", "1"]),
        (
            "first",
            "1000000",
            "min-conflicts",
            ["solve", "--seed", "1"],
        ),
    ] {
        let (mut browser, mut native) = (Vec::new(), Vec::new());
        for _ in 0..RUNS {
            let output = Command::new(&cli)
                .args(args)
                .args([n, "-s", strategy, "--json"])
                .output()?;
            let record: Value = serde_json::from_slice(&output.stdout)?;
            native.push(
                record["seconds"]
                    .as_f64()
                    .ok_or("no seconds from the CLI")?,
            );
            submit(&tab, job, n, "1", &[strategy])?;
            done += 1;
            browser.push(
                results(&tab, done)?[done - 1]["seconds"]
                    .as_f64()
                    .ok_or("no time")?,
            );
        }
        // The median, and the fastest (the run least disturbed by the machine's other work).
        let summary = |mut times: Vec<f64>| {
            times.sort_by(f64::total_cmp);
            (times[times.len() / 2], times[0])
        };
        let ((b, b_min), (c, c_min)) = (summary(browser), summary(native));
        eprintln!(
            "{strategy} {job} {n}: median browser {b:.4} s, native {c:.4} s, ratio {:.2}; \
             fastest {b_min:.4} s and {c_min:.4} s, ratio {:.2}",
            b / c,
            b_min / c_min
        );
    }
    // The README's picture (web/screenshot.png): a sweep, its chart, and a board.
    tab.execute("document.getElementById('clear').click();")?;
    submit(
        &tab,
        "count",
        "6-13",
        "",
        &["bitmask", "symmetry", "quadrants", "dlx"],
    )?;
    results(&tab, 32)?;
    submit(&tab, "first", "24", "1", &["bitmask", "min-conflicts"])?;
    results(&tab, 34)?;
    tab.execute(
        "document.querySelectorAll('#results button')[1].click();
         document.getElementById('results-title').scrollIntoView();",
    )?;
    tab.save_screenshot("nqueens-web-readme.png")
}
