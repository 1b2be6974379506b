//! Where the command's words go: results through [`stdout`], which fails with a clear error
//! when standard output was closed (the standard library silently drops those writes), and
//! messages through [`message`], which never fails (`eprintln!` panics on `2> /dev/full`).

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use nqueens::core::StopFlag;

/// Whether standard output was closed when the process started.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Finds out whether standard output was closed when the process started (`>&-`): first thing
/// in `main`. The standard library reopens a closed stream as `/dev/null` for reading and
/// writing, which `/proc/self` shows (a shell's `> /dev/null` is write-only, and legitimate).
pub fn guard_standard_streams() {
    let is_null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|target| target == *"/dev/null");
    let read_write = || {
        let info = std::fs::read_to_string("/proc/self/fdinfo/1").ok()?;
        let flags = info.lines().find_map(|l| l.strip_prefix("flags:"))?.trim();
        let flags = u32::from_str_radix(flags, 8).ok()?;
        // O_ACCMODE and O_RDWR.
        Some(flags & 0o3 == 0o2)
    };
    STDOUT_CLOSED.store(is_null && read_write() == Some(true), Ordering::Relaxed);
}

/// Standard output, locked, for a command's results; an error if it was closed at start.
pub fn stdout() -> io::Result<Stdout> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Err(io::Error::other(StdoutClosed));
    }
    Ok(Stdout(io::stdout().lock()))
}

/// Standard output whose errors say "writing standard output" (keeping their kind).
pub struct Stdout(io::StdoutLock<'static>);

fn on_stdout(error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("writing standard output: {error}"))
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(on_stdout)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(on_stdout)
    }
}

/// Why [`stdout`] refused.
#[derive(Debug, thiserror::Error)]
#[error("standard output is closed: the results would be lost")]
pub struct StdoutClosed;

/// Writes one line to standard error, dropped if it cannot be (the exit status still tells).
pub fn message(text: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{text}");
    let _ = err.flush();
}

/// `warning: ` and `text`, on standard error (see [`message`]).
pub fn warn(text: &str) {
    message(&format!("warning: {text}"));
}

/// A writer that fails once the run is stopped, so that a long write ends at the signal.
pub(crate) struct StopWriter<'a, W: Write + ?Sized> {
    inner: &'a mut W,
    stop: &'a StopFlag,
}

impl<'a, W: Write + ?Sized> StopWriter<'a, W> {
    pub(crate) fn new(inner: &'a mut W, stop: &'a StopFlag) -> Self {
        StopWriter { inner, stop }
    }

    fn check(&self) -> std::io::Result<()> {
        if self.stop.is_stopped() {
            return Err(std::io::Error::other("interrupted by a signal"));
        }
        Ok(())
    }
}

impl<W: Write + ?Sized> Write for StopWriter<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.check()?;
        self.inner.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.check()?;
        self.inner.flush()
    }
}
