//! The GPU: the CUDA driver and NVRTC, opened at run time through cudarc, the kernel compiled
//! for the device found, and its launches.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cudarc::driver::sys::CUdevice_attribute;
use cudarc::driver::{CudaContext, CudaFunction, CudaStream, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::{CompileError, CompileOptions, Ptx, compile_ptx_with_opts};
use nqueens_core::{Bytes, Details, Error, Unavailable};

use crate::plan::Launcher;
use crate::{KERNEL_SOURCE, NAME};

/// What the strategy needs, as [`Unavailable::needs`] says it.
pub(crate) const NEEDS: &str = "an NVIDIA GPU";

/// Threads per block: `NQ_BLOCK_THREADS` in the kernel, for which its stack is sized.
const BLOCK_THREADS: u32 = 128;

/// Blocks per multiprocessor at most (fewer where the kernel's registers or shared memory
/// allow fewer).
const BLOCKS_PER_MULTIPROCESSOR: u32 = 8;

/// The kernel's function name.
const KERNEL_NAME: &str = "nq_count";

/// Why the GPU cannot be used, as the error and the listing say it.
fn unavailable(missing: String) -> Unavailable {
    Unavailable {
        needs: NEEDS,
        missing,
    }
}

/// Whether the driver and NVRTC can be opened and the driver sees a device, without creating
/// a context or compiling anything.
pub(crate) fn probe() -> Result<(), Unavailable> {
    // SAFETY: this only tries to open the driver's shared library (dlopen) and reports
    // whether that worked; opening it first is what keeps cudarc's later calls from panicking
    // on a machine without CUDA (`CudaContext::new` panics when libcuda cannot be loaded).
    #[allow(unsafe_code)]
    let driver = unsafe { cudarc::driver::sys::is_culib_present() };
    let nvrtc = has_nvrtc();
    if !driver {
        return Err(unavailable(
            "no CUDA driver (libcuda.so) could be loaded: is the NVIDIA driver installed?".into(),
        ));
    }
    if !nvrtc {
        return Err(unavailable(
            "the CUDA runtime compiler (libnvrtc.so, CUDA 13) could not be loaded: install \
             CUDA or put its lib64 directory on LD_LIBRARY_PATH"
                .into(),
        ));
    }
    match CudaContext::device_count() {
        Ok(0) => Err(unavailable("the CUDA driver sees no device".into())),
        Ok(_) => Ok(()),
        Err(error) => Err(unavailable(format!(
            "the CUDA driver could not start: {error}"
        ))),
    }
}

/// The kernel compiled by NVRTC for compute capability `major.minor`, as PTX.
pub(crate) fn compile(major: i32, minor: i32) -> Result<Ptx, CompileError> {
    let options = CompileOptions {
        options: vec![format!("--gpu-architecture=compute_{major}{minor}")],
        ..CompileOptions::default()
    };
    compile_ptx_with_opts(KERNEL_SOURCE, options)
}

/// Whether NVRTC can be opened (it needs no GPU: the tests compile the kernel where it is).
pub(crate) fn has_nvrtc() -> bool {
    // SAFETY: this only tries to open the shared library (dlopen) and reports whether that
    // worked, so that cudarc's later calls do not panic where it is missing.
    #[allow(unsafe_code)]
    unsafe {
        cudarc::nvrtc::sys::is_culib_present()
    }
}

/// The device a count runs on, with the kernel compiled for it.
pub(crate) struct Gpu {
    stream: Arc<CudaStream>,
    kernel: CudaFunction,
    /// Blocks of the persistent grid: as many as the multiprocessors hold at once.
    blocks: u32,
    /// What the device is (name, compute capability, multiprocessors, memory) and the launch
    /// shape, for the run's report.
    pub(crate) description: String,
    /// How long NVRTC took to compile the kernel and the driver to load it.
    pub(crate) compile: Duration,
    /// Seconds spent in kernels so far (from the launches' start and end events).
    kernel_seconds: Mutex<f64>,
    /// One launch at a time: the runner's threads share the device.
    launching: Mutex<()>,
}

impl Gpu {
    /// Opens device 0 and compiles the kernel for it.
    pub(crate) fn open() -> Result<Gpu, Error> {
        probe().map_err(|why| Error::Unavailable {
            strategy: NAME,
            why,
        })?;
        let failed = |what: &str, error: &dyn std::fmt::Display| Error::Unavailable {
            strategy: NAME,
            why: unavailable(format!("{what}: {error}")),
        };
        let context =
            CudaContext::new(0).map_err(|e| failed("the CUDA context could not be made", &e))?;
        let (major, minor) = context
            .compute_capability()
            .map_err(|e| failed("the device's compute capability is unknown", &e))?;
        let started = Instant::now();
        let ptx =
            compile(major, minor).map_err(|e| failed("NVRTC could not compile the kernel", &e))?;
        let module = context
            .load_module(ptx)
            .map_err(|e| failed("the compiled kernel could not be loaded", &e))?;
        let kernel = module
            .load_function(KERNEL_NAME)
            .map_err(|e| failed("the kernel is missing from its module", &e))?;
        let compile = started.elapsed();
        let attribute = |which| {
            context
                .attribute(which)
                .map_err(|e| failed("a device attribute could not be read", &e))
        };
        let multiprocessors =
            attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?.max(1) as u32;
        let per_multiprocessor = kernel
            .occupancy_max_active_blocks_per_multiprocessor(BLOCK_THREADS, 0, None)
            .map_err(|e| failed("the kernel's occupancy could not be read", &e))?
            .max(1);
        // About the published counters' 1,000 blocks on an H100's 132 multiprocessors: enough
        // warps to hide latency; more would only thin the boards per thread of a launch.
        let blocks = multiprocessors * per_multiprocessor.min(BLOCKS_PER_MULTIPROCESSOR);
        let name = context.name().unwrap_or_else(|_| "unnamed device".into());
        let memory = context.total_mem().unwrap_or(0) as u64;
        // What `count --json` says of the device (`device`), and the report line's first field.
        let description = format!(
            "{name} (sm_{major}{minor}, {multiprocessors} multiprocessors, {}), grid {blocks} x \
             {BLOCK_THREADS} threads",
            Bytes(memory)
        );
        Ok(Gpu {
            compile,
            stream: context.default_stream(),
            kernel,
            blocks,
            description,
            kernel_seconds: Mutex::new(0.0),
            launching: Mutex::new(()),
        })
    }

    /// Seconds spent in kernels so far.
    pub(crate) fn kernel_time(&self) -> Duration {
        let seconds = *self
            .kernel_seconds
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        Duration::from_secs_f64(seconds)
    }
}

impl Launcher for Gpu {
    /// The device (name, compute capability, multiprocessors, memory, launch shape), the
    /// kernel's compile time and the seconds spent in kernels (CUDA events).
    fn details(&self) -> Details {
        Details::from([
            ("device", self.description.clone()),
            (
                "compile_seconds",
                format!("{:.3}", self.compile.as_secs_f64()),
            ),
            (
                "kernel_seconds",
                format!("{:.3}", self.kernel_time().as_secs_f64()),
            ),
        ])
    }

    fn launch(
        &self,
        boards: &[u32],
        rows: u32,
        full: u32,
        counts: &mut [u64],
    ) -> Result<(), Error> {
        let failed = |what: &str, error: &dyn std::fmt::Display| Error::Unavailable {
            strategy: NAME,
            why: unavailable(format!("{what}: {error}")),
        };
        if counts.is_empty() {
            return Ok(());
        }
        let len = u32::try_from(counts.len()).map_err(|e| failed("too many subproblems", &e))?;
        let _one_at_a_time = self
            .launching
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let stream = &self.stream;
        let copy = |e: cudarc::driver::DriverError| failed("copying to or from the GPU failed", &e);
        let device_boards = stream.clone_htod(boards).map_err(copy)?;
        let mut device_counts = stream.alloc_zeros::<u64>(counts.len()).map_err(copy)?;
        let mut next = stream.alloc_zeros::<u32>(1).map_err(copy)?;
        let config = LaunchConfig {
            grid_dim: (self.blocks, 1, 1),
            block_dim: (BLOCK_THREADS, 1, 1),
            shared_mem_bytes: 0,
        };
        let mut launch = stream.launch_builder(&self.kernel);
        launch
            .arg(&device_boards)
            .arg(&len)
            .arg(&rows)
            .arg(&full)
            .arg(&mut device_counts)
            .arg(&mut next);
        launch.record_kernel_launch(cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT);
        // SAFETY: the arguments match the kernel's signature in kernel/count.cu one for one
        // (boards: 3 * len words, len, rows, full, counts: len 64-bit words, the work counter
        // zeroed), the kernel reads boards[0..3 * len] and writes counts[0..len] only (it
        // fetches indices below len), and the host never launches rows beyond the stack's
        // levels (crate::MAX_ROWS).
        #[allow(unsafe_code)]
        let events =
            unsafe { launch.launch(config) }.map_err(|e| failed("the kernel launch failed", &e))?;
        stream.memcpy_dtoh(&device_counts, counts).map_err(copy)?;
        stream
            .synchronize()
            .map_err(|e| failed("the kernel failed", &e))?;
        if let Some((start, end)) = events {
            let milliseconds = start
                .elapsed_ms(&end)
                .map_err(|e| failed("the kernel's timing events failed", &e))?;
            *self
                .kernel_seconds
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()) += f64::from(milliseconds) / 1e3;
        }
        Ok(())
    }
}
