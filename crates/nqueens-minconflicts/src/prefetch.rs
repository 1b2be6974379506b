//! The crate's one `unsafe`: a cache prefetch hint, kept in its own module so that the board
//! and the diagonal counts both use it without depending on each other.

/// Asks the CPU to start loading the cache line holding `value`, without waiting for it.
///
/// Why it is worth an `unsafe`: the scattered start's random probes miss the caches, and
/// plain loads issued ahead still stall the core until their line arrives. With the prefetch
/// instruction, n = 10^7 took 0.8-1.1 s instead of 2.1-2.9 s (the two builds run in turn on the
/// reference machine, an ad-hoc timing example, median of seeds 1-5), when that size still
/// took the scattered start; at n = 2^20 - 1, the largest that does now, ten seeds took 0.43 s
/// of CPU instead of 0.49 s (median of five interleaved runs of each build). On banded boards
/// the repair prefetches its 64 partners' lines before reading them: at n = 10^8, seed 1, a
/// move took 13 µs instead of 82 µs (81,016 moves in 1.0 s against 115,312 in 9.5 s; drawing
/// the partners at once changes the random stream, hence the other count). std has no stable safe
/// prefetch. On other architectures it does nothing.
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` needs SSE, which every x86_64 CPU has; and a prefetch is only a
    // hint: it has no architectural effect and never faults (the pointer comes from a live
    // reference anyway).
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
