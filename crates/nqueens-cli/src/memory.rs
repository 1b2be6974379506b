//! Allocation failures outside the typed paths end as "ran out of memory", exit 1.
//!
//! The strategies' large tables use `try_reserve` and fail as `Error::OutOfMemory`; any other
//! failed allocation aborts (exit 134), and stable Rust has no hook for it
//! (`set_alloc_error_hook` is unstable). So [`Recording`], the global allocator, remembers
//! that an allocation failed, and [`install`]'s SIGABRT handler then says "ran out of memory"
//! and exits 1 (any other abort keeps its default action). Outputs written to a temporary file
//! are never renamed into place; a checkpoint keeps every line it had. Allocations outside
//! Rust's allocator (CaDiCaL's C++) are not seen: `sat` checks its room before it starts.

// The only ways to see an allocation failure on stable Rust: see the SAFETY notes.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether an allocation has failed in this process.
static FAILED: AtomicBool = AtomicBool::new(false);

/// What the handler writes; one `write(2)` of a fixed text, so that it needs no memory.
const MESSAGE: &[u8] = b"error: ran out of memory: an allocation failed (under an \
address-space limit, ulimit -v, or with the machine's memory spent); raise the limit or ask \
for less\n";

/// The system allocator, remembering failed allocations in [`FAILED`].
pub struct Recording;

/// Notes a failed allocation (a null pointer) and passes the pointer on.
fn noted(pointer: *mut u8) -> *mut u8 {
    if pointer.is_null() {
        FAILED.store(true, Ordering::Relaxed);
    }
    pointer
}

// SAFETY: every call is forwarded unchanged to `System`, whose contract is the same; the
// only addition is an atomic store when it returns null.
unsafe impl GlobalAlloc for Recording {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees for `layout` are those `System.alloc` needs.
        noted(unsafe { System.alloc(layout) })
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        noted(unsafe { System.alloc_zeroed(layout) })
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `pointer` was allocated by this allocator, that is by `System`, with
        // `layout`, as the caller guarantees.
        noted(unsafe { System.realloc(pointer, layout, new_size) })
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: as for `realloc`.
        unsafe { System.dealloc(pointer, layout) }
    }
}

/// Installs the SIGABRT handler that turns an abort after a failed allocation into exit 1.
pub fn install() -> io::Result<()> {
    let on_abort = || {
        if FAILED.load(Ordering::Relaxed) {
            // SAFETY: `write(2)` of a static buffer to file descriptor 2 is async-signal-safe
            // and touches no memory of the process; its result is ignored (nowhere to report).
            let _ = unsafe { libc::write(2, MESSAGE.as_ptr().cast(), MESSAGE.len()) };
            signal_hook::low_level::exit(1);
        }
    };
    // SAFETY: the action is async-signal-safe: an atomic load, `write(2)` and `_exit(2)`.
    unsafe { signal_hook::low_level::register(signal_hook::consts::SIGABRT, on_abort) }?;
    Ok(())
}
