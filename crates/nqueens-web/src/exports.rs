//! The WebAssembly module's interface: [`handle`](crate::handle) behind three plain exports
//! that pass its request and answer as UTF-8 bytes through linear memory. The loader
//! (`web/nqueens.js`) asks for an input buffer (`nq_input`), writes the request there, calls
//! `nq_handle`, and reads the answer at `nq_output` (its length is what `nq_handle` returned).
//!
//! No binding generator: wasm-bindgen's command-line tool must match the crate's version
//! exactly and takes minutes of CPU to build in CI (the README gives the measurement), for
//! what these twenty lines and forty of JavaScript do. Nothing here is `unsafe` to call: the
//! buffers are Rust's own, and JavaScript only reads and writes their bytes.

// `#[unsafe(no_mangle)]` keeps the exports' names for the loader; the `unsafe_code` lint
// counts the attribute, though no unsafe operation is done here.
#![allow(unsafe_code)]

use std::cell::RefCell;

thread_local! {
    /// The request, as the loader writes it.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
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

/// Answers the request in the input buffer; returns the answer's length in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn nq_handle() -> usize {
    let request = INPUT.with_borrow_mut(std::mem::take);
    let answer = match String::from_utf8(request) {
        Ok(request) => crate::handle(&request),
        Err(_) => r#"{"error": "the request is not UTF-8"}"#.to_string(),
    };
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
