//! How much address space the process has left: the room a strategy checks before handing a
//! large allocation to a dependency whose allocation failure Rust cannot catch (CaDiCaL's
//! C++, Pumpkin), where the workbench's own tables use `try_reserve`.
//!
//! Only the address-space limit (`ulimit -v`) makes an allocation fail outright; without one,
//! Linux overcommits and the kernel ends a process short of memory, which no check foresees.
//! The limit comes from `getrlimit`, the space in use from `/proc/self/status` (Linux only).

/// The bytes of address space the process may still map under its `ulimit -v`, if it has one.
pub fn address_space_room() -> Option<u64> {
    let limit = address_space_limit()?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let used_kib = status
        .lines()
        .find_map(|line| line.strip_prefix("VmSize:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse::<u64>()
        .ok()?;
    Some(limit.saturating_sub(used_kib.saturating_mul(1024)))
}

/// The soft `RLIMIT_AS` in bytes, `None` when unlimited.
#[cfg(target_os = "linux")]
fn address_space_limit() -> Option<u64> {
    rustix::process::getrlimit(rustix::process::Resource::As).current
}

/// No known limit off Linux (the space in use is read from Linux's `/proc` only).
#[cfg(not(target_os = "linux"))]
fn address_space_limit() -> Option<u64> {
    None
}
