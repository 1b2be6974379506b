//! Ctrl-C (SIGINT), SIGTERM (`kill`, Slurm, Kubernetes) and SIGHUP (a closed terminal): the
//! first raises the run's [`StopFlag`], so the command prints what it has and exits with
//! `128 + the signal's number`; the second ends the process at once, and so does the first
//! while a command only waits for input ([`exit_on_signal`]). `signal-hook` says which signal
//! came, which `ctrlc` cannot.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

use nqueens::core::StopFlag;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// The first signal received, 0 before any.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// Whether the command is only waiting for input, so a signal ends it at once.
static EXIT_NOW: AtomicBool = AtomicBool::new(false);

/// The exit status of a command interrupted without a signal: the one of Ctrl-C.
const INTERRUPTED: u8 = 130;

/// Catches SIGINT, SIGTERM and SIGHUP on a thread: the first raises `stop`, the second exits.
pub fn install(stop: &StopFlag) {
    let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    let stop = stop.clone();
    let spawned = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                let first = RECEIVED
                    .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
                    .is_ok();
                if !first || EXIT_NOW.load(Ordering::SeqCst) {
                    std::process::exit(status_of(signal).into());
                }
                stop.stop();
            }
        });
    // Without the thread nobody reads the signals: the graceful stop is lost, nothing else.
    drop(spawned);
}

/// `128 + signal`, the shell's convention for a process ended by that signal.
fn status_of(signal: i32) -> u8 {
    u8::try_from(128 + signal).unwrap_or(INTERRUPTED)
}

/// The exit status of an interrupted command: `128 +` the first signal received, or 130.
pub fn interrupted_status() -> u8 {
    match RECEIVED.load(Ordering::SeqCst) {
        0 => INTERRUPTED,
        signal => status_of(signal),
    }
}

/// While the guard lives, a signal ends the process at once: for commands blocked on input.
pub fn exit_on_signal() -> ExitOnSignal {
    EXIT_NOW.store(true, Ordering::SeqCst);
    // A signal that came just before has only raised the flag: honour it now.
    let signal = RECEIVED.load(Ordering::SeqCst);
    if signal != 0 {
        std::process::exit(status_of(signal).into());
    }
    ExitOnSignal(())
}

/// See [`exit_on_signal`].
#[must_use = "the process ends on a signal only while the guard lives"]
pub struct ExitOnSignal(());

impl Drop for ExitOnSignal {
    fn drop(&mut self) {
        EXIT_NOW.store(false, Ordering::SeqCst);
    }
}
