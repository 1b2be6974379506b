//! Just enough of the W3C WebDriver protocol (<https://www.w3.org/TR/webdriver2/>) to drive
//! Debian's headless Chromium through its `chromedriver`: one session, navigation, scripts,
//! pointer clicks, key presses and screenshots. Each command is one HTTP/1.1 request over a new
//! connection to localhost, written and read by hand: the DevTools and WebDriver crates bring
//! an HTTP and TLS stack (some an async runtime) that takes far longer to build than this test
//! takes to run.

use std::io::{BufRead, BufReader, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A `chromedriver` child process with one browser session. Dropping it ends the session
/// (which closes Chromium) and kills the driver, on every exit path of the test, a failed
/// assertion included.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    /// How long one command may take before its connection gives up.
    timeout: Duration,
}

impl Browser {
    /// Starts `chromedriver` on a free port, waits for it to be ready and opens a session of
    /// headless Chromium with a 1100 × 900 window. A page load or script may take `patience`
    /// (any command twice that). The driver's log goes to `log`.
    pub fn start(patience: Duration, log: &Path) -> Result<Browser> {
        // A port the system just handed out and took back is free unless someone races us for
        // it; then the driver exits, and `wait_until_ready` says so.
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?
            .local_addr()?
            .port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .arg(format!("--log-path={}", log.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {CHROMEDRIVER}: {e}"))?;
        let mut browser = Browser {
            driver,
            port,
            session: String::new(),
            timeout: 2 * patience,
        };
        browser.wait_until_ready(patience, log)?;
        let patience_ms = patience.as_millis() as u64;
        // Root (CI containers) cannot run Chromium's sandbox.
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "timeouts": {"pageLoad": patience_ms, "script": patience_ms},
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--no-first-run", "--window-size=1100,900"],
            },
        }}});
        let session = browser.send("POST", "/session", Some(&capabilities))?;
        browser.session = session["sessionId"]
            .as_str()
            .ok_or_else(|| format!("chromedriver opened no session: {session}"))?
            .to_string();
        Ok(browser)
    }

    fn wait_until_ready(&mut self, patience: Duration, log: &Path) -> Result<()> {
        let start = Instant::now();
        loop {
            if let Some(status) = self.driver.try_wait()? {
                return Err(format!(
                    "{CHROMEDRIVER} exited ({status}) before it was ready on port {}; \
                     its log: {}",
                    self.port,
                    log.display()
                )
                .into());
            }
            match self.send("GET", "/status", None) {
                Ok(status) if status["ready"] == true => return Ok(()),
                _ if start.elapsed() > patience => {
                    return Err(format!(
                        "{CHROMEDRIVER} was not ready within {patience:?}; its log: {}",
                        log.display()
                    )
                    .into());
                }
                _ => std::thread::sleep(Duration::from_millis(20)),
            }
        }
    }

    /// Loads `url` and returns once the page has loaded.
    pub fn navigate(&self, url: &str) -> Result<()> {
        self.command("POST", "url", json!({ "url": url }))?;
        Ok(())
    }

    /// Runs `script` (a function body: `return` gives its value) in the page.
    pub fn execute(&self, script: &str) -> Result<Value> {
        self.command(
            "POST",
            "execute/sync",
            json!({ "script": script, "args": [] }),
        )
    }

    /// Clicks the left mouse button at `(x, y)` in the viewport, as a person would.
    pub fn click_at(&self, x: f64, y: f64) -> Result<()> {
        let actions = json!([{"type": "pointerMove", "origin": "viewport",
                               "x": x.round() as i64, "y": y.round() as i64},
                             {"type": "pointerDown", "button": 0},
                             {"type": "pointerUp", "button": 0}]);
        self.perform(json!({"type": "pointer", "id": "mouse",
                            "parameters": {"pointerType": "mouse"}, "actions": actions}))
    }

    /// Presses and releases `key`, named as in DOM `KeyboardEvent.key` (the few the test uses).
    pub fn press_key(&self, key: &str) -> Result<()> {
        // WebDriver names the keys that are not characters by code points of its own.
        let value = match key {
            "ArrowRight" => "\u{E014}",
            "End" => "\u{E010}",
            _ if key.chars().count() == 1 => key,
            _ => return Err(format!("no WebDriver code for the key {key:?}").into()),
        };
        let actions = json!([{"type": "keyDown", "value": value},
                             {"type": "keyUp", "value": value}]);
        self.perform(json!({"type": "key", "id": "keyboard", "actions": actions}))
    }

    fn perform(&self, source: Value) -> Result<()> {
        self.command("POST", "actions", json!({ "actions": [source] }))?;
        Ok(())
    }

    /// The viewport as a PNG.
    pub fn screenshot(&self) -> Result<Vec<u8>> {
        let encoded = self.command("GET", "screenshot", Value::Null)?;
        decode_base64(encoded.as_str().ok_or("the screenshot is not a string")?)
    }

    /// Takes a screenshot, checks that it is a PNG, and keeps it as a test artifact under the
    /// including crate's `CARGO_TARGET_TMPDIR`, named `name`.
    pub fn save_screenshot(&self, name: &str) -> Result<()> {
        let png = self.screenshot()?;
        assert!(png.len() > 1_000, "a screenshot of {} bytes", png.len());
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG screenshot");
        let saved = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
        std::fs::write(&saved, &png)?;
        eprintln!("screenshot: {}", saved.display());
        Ok(())
    }

    /// Sends a command of the session (`path` is relative to it).
    fn command(&self, method: &str, path: &str, body: Value) -> Result<Value> {
        let path = format!("/session/{}/{path}", self.session);
        self.send(method, &path, (method == "POST").then_some(&body))
    }

    /// One request to the driver; its answer's `value`, or the WebDriver error as an error.
    fn send(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value> {
        let body = body.map(Value::to_string).unwrap_or_default();
        let mut stream = TcpStream::connect((Ipv4Addr::LOCALHOST, self.port))?;
        stream.set_read_timeout(Some(self.timeout))?;
        stream.set_write_timeout(Some(self.timeout))?;
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\
             Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\
             Connection: close\r\n\r\n{body}",
            self.port,
            body.len()
        )?;
        let (status, body) = read_response(&mut BufReader::new(stream))
            .map_err(|e| format!("{method} {path}: {e}"))?;
        let answer: Value = serde_json::from_slice(&body)?;
        let value = answer["value"].clone();
        if status != 200 {
            return Err(format!(
                "{method} {path}: HTTP {status}, {}: {}",
                value["error"], value["message"]
            )
            .into());
        }
        Ok(value)
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            // Closes Chromium; the driver would leave it running if it were only killed.
            let path = format!("/session/{}", self.session);
            if let Err(e) = self.send("DELETE", &path, None) {
                eprintln!("closing the browser session failed: {e}");
            }
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// The status code and body of an HTTP/1.1 response. The driver keeps the connection open
/// (`Connection: close` notwithstanding), so the body is read by its `Content-Length`, which
/// the driver always sends (chunked bodies are not read).
fn read_response(stream: &mut impl BufRead) -> Result<(u16, Vec<u8>)> {
    let mut line = String::new();
    stream.read_line(&mut line)?;
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| format!("not an HTTP status line: {line:?}"))?;
    let mut length = None;
    loop {
        line.clear();
        if stream.read_line(&mut line)? == 0 {
            return Err("the response ended in its headers".into());
        }
        let Some((name, value)) = line.split_once(':') else {
            break;
        };
        if name.trim().eq_ignore_ascii_case("content-length") {
            length = Some(value.trim().parse::<usize>()?);
        }
    }
    let mut body = vec![0; length.ok_or("a response without Content-Length")?];
    stream.read_exact(&mut body)?;
    Ok((status, body))
}

/// Standard base64 (RFC 4648, `=` padding, no line breaks), as WebDriver sends screenshots.
fn decode_base64(text: &str) -> Result<Vec<u8>> {
    let digits = text.trim_end_matches('=').as_bytes();
    let mut bytes = Vec::with_capacity(digits.len() * 3 / 4);
    let (mut bits, mut count) = (0u32, 0);
    for &digit in digits {
        let value = match digit {
            b'A'..=b'Z' => digit - b'A',
            b'a'..=b'z' => digit - b'a' + 26,
            b'0'..=b'9' => digit - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("{:?} in base64", digit as char).into()),
        };
        bits = bits << 6 | u32::from(value);
        count += 6;
        if count >= 8 {
            count -= 8;
            bytes.push((bits >> count) as u8);
        }
    }
    Ok(bytes)
}

#[test]
fn base64_decodes_with_and_without_padding() {
    assert_eq!(decode_base64("iVBORw0KGgo=").unwrap(), b"\x89PNG\r\n\x1a\n");
    assert_eq!(decode_base64("TWFu").unwrap(), b"Man");
    assert_eq!(decode_base64("TWE=").unwrap(), b"Ma");
    assert_eq!(decode_base64("TQ==").unwrap(), b"M");
    assert!(decode_base64("TQ?=").is_err());
}
