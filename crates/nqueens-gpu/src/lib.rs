//! # nqueens-gpu
//!
//! A counter of every N-Queens solution on an NVIDIA GPU (registry name `gpu`), through the
//! same [`Solver`](nqueens_core::Solver) contract as the CPU counters. CUDA is reached through
//! cudarc with the driver and NVRTC opened at run time, so the crate builds, tests and runs
//! on machines without CUDA: there the strategy reports itself unavailable
//! ([`Strategy::availability`]) and its counts fail with [`Error::Unavailable`] naming what
//! is missing.
//!
//! ## The algorithm
//!
//! 1. **Pieces** (the plan's [`Subproblems`], so counts resume from checkpoints and split
//!    into shards): the first row's queen in each column of the west half, and for odd `n` the middle column with the second row's queen in the
//!    west half. The east-west mirror maps every other solution onto one of these, so each
//!    counts twice (`n / 2` pieces, rounded up).
//! 2. **Subproblems**: for each piece, the CPU places the first rows (6 up to n = 20, 7 from
//!    n = 21, fewer below n = 8), depth first, and hands the kernel each board as three 32-bit
//!    masks (columns taken, and the squares the two diagonal directions attack in the next
//!    row): 2,967,560 boards at n = 20 over all pieces.
//! 3. **The kernel** (`kernel/count.cu`, compiled by NVRTC for the device found): a
//!    persistent grid (blocks of 128 threads, as many as fit on each multiprocessor up to 8)
//!    whose threads take their next board with an atomic add on a work counter, so a thread
//!    that finishes a short board starts another at once instead of waiting beside the long
//!    ones of its warp. Each thread searches its board depth first without recursion, its
//!    stack (one word per row: the columns left to try, the one on the board being the lowest
//!    bit) in shared memory, laid out so that the 32 lanes of a warp read one level's words
//!    side by side; the diagonals are kept in 64-bit registers, so that backing up by
//!    shifting them back loses nothing; the last row is counted with one popcount instead of
//!    being descended into. Each board's count is a 64-bit word, summed on the host (checked, never wrapped).
//! 4. **Launches** of at most two million boards: the host polls the stop flag between them,
//!    and the runner reports each finished piece as progress.
//!
//! Sources: the structure (CPU-placed prefixes, persistent grid with atomic work fetching,
//! shared-memory stacks laid out per lane, popcount at the last row) follows the public
//! descriptions of the fastest GPU counters (ygch/n_queens, NQueensFAF); the bitmask search is
//! the classic one (Richards); the code is this crate's own.
//!
//! ## Tested without a GPU
//!
//! The kernel's source is also built for the CPU by the C compiler (`build.rs`, with
//! `kernel/cpu_shim.h` standing in for the CUDA built-ins), and the tests run every thread of
//! each launch on the CPU: A000170 for n = 1..14 and each board's count against `bitmask` for
//! given prefixes. `contrib/gpu/check` runs the release binary on a GPU machine.
//!
//! ## Cost
//!
//! Time: the search visits the same nodes as a bitmask backtracker with mirror halving, less
//! the last row's; per node, a few register operations and one shared-memory word. Memory:
//! 12 bytes per board of the piece being counted on the host and the device (tens of MB at
//! n = 22), and 12 KiB of shared memory per block for the stacks (24 levels of 128 words).
//! Set-up: opening the driver, compiling the kernel and the first launch, expected to take a
//! fraction of a second (not measured yet: no GPU where this was written), which small boards
//! do not repay (the registry's count default takes the GPU from n = 18 on, where present).
//!
//! ## Run report
//!
//! The run's details (`count --json`) name the device, its compute capability,
//! multiprocessors and memory, and the launch shape (`device`), the kernel's compile time
//! (`compile_seconds`), the rows placed on the host, the boards and launches counted, and the
//! time spent in kernels alone (`kernel_seconds`, from CUDA events), which `contrib/gpu/check`
//! reads.

use std::sync::{Arc, OnceLock};

use nqueens_core::split::Subproblems;
use nqueens_core::{Availability, Capabilities, Cost, Error, Job, Limit, Strategy, Variant};

mod cuda;
mod plan;
#[cfg(test)]
mod tests;

/// The registry name.
pub const NAME: &str = "gpu";

/// The kernel's source, compiled by NVRTC at run time for the device found.
pub const KERNEL_SOURCE: &str = include_str!("../kernel/count.cu");

/// The largest board counted: the count of n = 27 is the last known to fit 64 bits with room
/// (A000170(27) is about 2.3 × 10^17), and the kernel's stack holds the rows left.
pub const MAX_N: usize = 27;

/// The GPU counter (registry name `gpu`).
#[derive(Default)]
pub struct GpuSolver {
    /// Whether the driver, NVRTC and a device are there: asked once.
    availability: OnceLock<Availability>,
    /// The device with the kernel compiled for it, opened by the first count.
    gpu: OnceLock<Result<Arc<cuda::Gpu>, Error>>,
}

impl GpuSolver {
    /// The counter; nothing is opened until it is asked whether it can run or to count.
    pub fn new() -> GpuSolver {
        GpuSolver::default()
    }

    fn gpu(&self) -> Result<Arc<cuda::Gpu>, Error> {
        self.gpu
            .get_or_init(|| cuda::Gpu::open().map(Arc::new))
            .clone()
    }
}

const VARIANTS: [Variant; 1] = [Variant {
    summary: "counts on an NVIDIA GPU (needs one, with CUDA): first rows placed on the CPU, a \
              persistent grid fetching the boards, mirror halving",
    complete: true,
    first: Limit::Unsupported("it only counts"),
    list: Limit::Unsupported("it only counts"),
    count: Limit::UpTo(MAX_N),
    // Not measured on a GPU yet: no forecast, and the bench estimates it at its cap.
    cost: Cost::UNKNOWN,
    ..Variant::BLANK
}];

impl Strategy for GpuSolver {
    fn name(&self) -> &'static str {
        NAME
    }

    fn capabilities(&self) -> &'static Capabilities {
        &const {
            Capabilities {
                resumable: true,
                ..Capabilities::new(
                    "counts every solution on an NVIDIA GPU (needs one, with its driver and CUDA)",
                    &VARIANTS,
                )
            }
        }
    }

    fn availability(&self) -> Availability {
        self.availability
            .get_or_init(|| match cuda::probe() {
                Ok(()) => Availability::Available,
                Err(why) => Availability::Unavailable(why),
            })
            .clone()
    }

    fn admit_count(&self, _job: &Job<'_>) -> Result<(), Error> {
        // Refused before any work where there is no GPU, naming what is missing.
        match self.availability() {
            Availability::Available => Ok(()),
            Availability::Unavailable(why) => Err(Error::Unavailable {
                strategy: NAME,
                why,
            }),
        }
    }

    fn subproblems(&self, job: &Job<'_>) -> Result<Box<dyn Subproblems>, Error> {
        self.plan_on_gpu(job.n())
    }
}

impl GpuSolver {
    /// The plan at size `n` on this machine's GPU.
    fn plan_on_gpu(&self, n: usize) -> Result<Box<dyn Subproblems>, Error> {
        Ok(Box::new(plan::Plan::new(
            n,
            plan::Split::for_size(n),
            self.gpu()?,
            Box::new(|_| {}),
        )))
    }
}
