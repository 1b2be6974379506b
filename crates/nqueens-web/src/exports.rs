//! The WebAssembly module's interface: [`run_job`](crate::run_job) behind four plain exports
//! that pass its request and answer as UTF-8 bytes through linear memory. The loader
//! (`web/nqueens.js`) asks for an input buffer (`nq_input`), writes the request there, runs
//! it (`nq_run`, the call it times), has the answer written (`nq_answer`, which returns its
//! length) and reads it at `nq_output`.
//!
//! No binding generator: wasm-bindgen's command-line tool must match the crate's version
//! exactly and takes minutes of CPU to build in CI (the README gives the measurement), for
//! what these few lines and forty of JavaScript do. Nothing here is `unsafe` to call: the
//! buffers are Rust's own, and JavaScript only reads and writes their bytes.

// `#[unsafe(no_mangle)]` keeps the exports' names for the loader; the `unsafe_code` lint
// counts the attribute, though no unsafe operation is done here.
#![allow(unsafe_code)]

use std::cell::RefCell;

thread_local! {
    /// The request, as the loader writes it.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last job's reply, until it is written.
    static REPLY: RefCell<Option<crate::Reply>> = const { RefCell::new(None) };
    /// The last answer, until the next request.
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// A buffer of `len` bytes for the next request: its address in linear memory.
#[unsafe(no_mangle)]
pub extern "C" fn nq_input(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|input| {
        input.clear();
        input.resize(len, 0);
        input.as_mut_ptr()
    })
}

/// Runs the job of the request in the input buffer (what the page times).
#[unsafe(no_mangle)]
pub extern "C" fn nq_run() {
    let request = INPUT.with_borrow_mut(std::mem::take);
    // A request that is not UTF-8 is refused as bad JSON.
    REPLY.set(Some(crate::run_job(&String::from_utf8_lossy(&request))));
}

/// Writes the last job's answer as JSON; returns its length in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn nq_answer() -> usize {
    let answer = REPLY.take().map_or_else(
        || r#"{"error": "no job has run"}"#.to_string(),
        |r| r.to_json(),
    );
    OUTPUT.with_borrow_mut(|output| {
        *output = answer;
        output.len()
    })
}

/// The address of the last answer.
#[unsafe(no_mangle)]
pub extern "C" fn nq_output() -> *const u8 {
    OUTPUT.with_borrow(|output| output.as_ptr())
}
