//! Builds the kernel (`kernel/count.cu`) for the CPU, with `kernel/cpu_shim.h` standing in for
//! the CUDA built-ins, so that the crate's tests run the kernel's own code without a GPU. The
//! GPU build is NVRTC's, at run time, from the same file (embedded with `include_str!`).

fn main() {
    println!("cargo::rerun-if-changed=kernel");
    cc::Build::new()
        .file("kernel/cpu_launch.c")
        .include("kernel")
        .std("c11")
        .opt_level(2)
        .warnings(true)
        .extra_warnings(true)
        .warnings_into_errors(true)
        .compile("nqueens_gpu_cpu_kernel");
}
