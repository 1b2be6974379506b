//! The kernel's own code run on the CPU (the C compiler's build of `kernel/count.cu`, see
//! `build.rs`), driven by the host code the GPU uses: the counts against A000170 and, board by
//! board, against `bitmask`; and the host's error paths.

use std::ffi::c_int;
use std::sync::Mutex;

use nqueens_backtrack::BitmaskSolver;
use nqueens_core::split::Subproblems;
use nqueens_core::{Config, Ended, Error, Given, Solver, StopFlag, Strategy, known};
use nqueens_run::split::count_plan;

use crate::plan::{self, Launcher, Plan, Split};

// The CPU build of the kernel (kernel/cpu_launch.c), linked by build.rs.
#[allow(unsafe_code)]
unsafe extern "C" {
    fn nq_cpu_launch(
        grid: u32,
        boards: *const u32,
        len: u32,
        rows: u32,
        full: u32,
        counts: *mut u64,
        next: *mut u32,
    ) -> c_int;
    fn nq_cpu_block_threads() -> u32;
    fn nq_cpu_max_levels() -> u32;
}

/// Held by each launch of the CPU build.
static CPU_LAUNCH: Mutex<()> = Mutex::new(());

/// The kernel built for the CPU: every launch runs `grid` blocks, the threads of each block at
/// once as POSIX threads.
struct CpuKernel {
    grid: u32,
    /// Launches so far, with their sizes.
    launches: Mutex<Vec<usize>>,
}

impl CpuKernel {
    fn new(grid: u32) -> CpuKernel {
        CpuKernel {
            grid,
            launches: Mutex::new(Vec::new()),
        }
    }
}

impl Launcher for CpuKernel {
    fn launch(
        &self,
        boards: &[u32],
        rows: u32,
        full: u32,
        counts: &mut [u64],
    ) -> Result<(), Error> {
        assert_eq!(boards.len(), 3 * counts.len());
        // One launch at a time in the process: the CPU build has one stack array (a block's
        // shared memory) for all launches, and the runner and the test harness run several
        // at once.
        let _one_at_a_time = CPU_LAUNCH.lock().unwrap_or_else(|e| e.into_inner());
        let mut launches = self.launches.lock().unwrap();
        let mut next = 0u32;
        // SAFETY: boards holds 3 * len words and counts len words, as the kernel reads and
        // writes them; the work counter is a local the launch alone uses.
        #[allow(unsafe_code)]
        let status = unsafe {
            nq_cpu_launch(
                self.grid,
                boards.as_ptr(),
                counts.len() as u32,
                rows,
                full,
                counts.as_mut_ptr(),
                &mut next,
            )
        };
        assert_eq!(status, 0, "a CPU thread of the launch could not run");
        // Every thread took indices until one was past the end: len + one per thread.
        // SAFETY: plain functions returning the kernel's compile-time constants.
        #[allow(unsafe_code)]
        let threads = self.grid * unsafe { nq_cpu_block_threads() };
        assert_eq!(next as usize, counts.len() + threads as usize);
        launches.push(counts.len());
        Ok(())
    }
}

/// The cut with `prefix_rows` rows placed on the host, in launches as large as the GPU's.
fn rows(prefix_rows: usize) -> Split {
    Split {
        prefix_rows,
        launch_boards: plan::LAUNCH_SUBPROBLEMS,
    }
}

fn count_with(kernel: CpuKernel, n: usize, split: Split) -> u64 {
    let plan = Plan::new(n, split, kernel, Box::new(|_| {}));
    let run = count_plan(&plan, &Config::default()).unwrap();
    assert_eq!(run.ended, Ended::Exhausted);
    run.total
}

#[test]
fn the_kernel_counts_a000170_on_the_cpu() {
    for n in 1..=14 {
        let total = count_with(CpuKernel::new(2), n, Split::for_size(n));
        assert_eq!(Some(total), known::all_solutions(n), "n = {n}");
    }
}

#[test]
fn any_number_of_rows_placed_on_the_host_gives_the_same_count() {
    for n in 4..=11 {
        let first = if n % 2 == 1 { 2 } else { 1 };
        for prefix in first..=n {
            let total = count_with(CpuKernel::new(1), n, rows(prefix));
            assert_eq!(
                Some(total),
                known::all_solutions(n),
                "n = {n}, {prefix} rows placed"
            );
        }
    }
}

#[test]
fn each_board_counts_what_bitmask_counts_from_the_same_queens() {
    let bitmask = BitmaskSolver;
    for (n, prefix) in [(8, 3), (9, 2), (10, 4), (11, 5), (12, 6)] {
        for piece in 0..plan::pieces(n) {
            let boards = plan::boards(n, piece, prefix);
            let mut counts = vec![u64::MAX; boards.len() / 3];
            CpuKernel::new(1)
                .launch(
                    &boards,
                    (n - prefix) as u32,
                    plan::full_mask(n),
                    &mut counts,
                )
                .unwrap();
            let mut index = 0;
            plan::walk(n, piece, prefix, &mut |columns, _| {
                let queens = columns.iter().enumerate().map(|(r, &c)| (r, c)).collect();
                let config = Config {
                    given: Some(Given::new(queens).unwrap()),
                    ..Config::default()
                };
                let expected = bitmask.count(n, &config).unwrap().total;
                assert_eq!(counts[index], expected, "n = {n}, queens {columns:?}");
                index += 1;
            });
            assert_eq!(index, counts.len());
        }
    }
}

#[test]
fn boards_of_many_launches_per_piece_and_many_per_thread_add_up() {
    // n = 14 with 5 rows placed: piece 3 has more boards than 1 block's 128 threads several
    // times over, so each thread refills many times.
    let kernel = CpuKernel::new(1);
    let total = count_with(kernel, 14, rows(5));
    assert_eq!(Some(total), known::all_solutions(14));
    let boards = plan::boards(14, 3, 5).len() / 3;
    assert!(boards > 4 * 128, "{boards}");
}

#[test]
fn pieces_cut_into_many_launches_count_the_same() {
    // At the GPU's sizes a piece takes several launches; here, launches of 300 boards (and of
    // 37, fewer than a block's threads) cut n = 12's pieces, the last launch of each piece a
    // short one.
    for launch_boards in [300, 37] {
        let split = Split {
            prefix_rows: 5,
            launch_boards,
        };
        let kernel = std::sync::Arc::new(CpuKernel::new(1));
        let plan = Plan::new(12, split, kernel.clone(), Box::new(|_| {}));
        let run = count_plan(&plan, &Config::default()).unwrap();
        assert_eq!(Some(run.total), known::all_solutions(12));
        let launches = kernel.launches.lock().unwrap();
        let boards: usize = (0..plan::pieces(12))
            .map(|piece| plan::boards(12, piece, 5).len() / 3)
            .sum();
        assert_eq!(launches.iter().sum::<usize>(), boards);
        assert!(launches.iter().all(|&size| size <= launch_boards));
        assert!(
            launches.len() >= boards / launch_boards,
            "{}",
            launches.len()
        );
    }
}

#[test]
fn the_stack_holds_the_deepest_search_the_host_asks_for() {
    // SAFETY: a plain function returning the kernel's compile-time constant.
    #[allow(unsafe_code)]
    let levels = unsafe { nq_cpu_max_levels() } as usize;
    // The kernel writes levels 0..rows - 2 of its stack.
    let deepest = (1..=crate::MAX_N)
        .map(|n| n - plan::prefix_rows(n))
        .max()
        .unwrap();
    assert!(
        deepest - 2 <= levels,
        "{deepest} rows left, {levels} levels"
    );
}

#[test]
fn pieces_and_boards_follow_the_published_sizes() {
    // The crate docs state 2,967,560 boards at n = 20 (6 rows placed, mirror halved); both
    // figures were also counted by a separate walk.
    let boards = |n| -> usize {
        (0..plan::pieces(n))
            .map(|piece| plan::boards(n, piece, plan::prefix_rows(n)).len() / 3)
            .sum()
    };
    assert_eq!(boards(16), 419_408);
    assert_eq!(boards(20), 2_967_560);
    assert_eq!(plan::pieces(16), 8);
    assert_eq!(plan::pieces(17), 9);
}

#[test]
fn a_raised_stop_flag_ends_a_piece_without_a_count() {
    let stop = StopFlag::new();
    stop.stop();
    let kernel = CpuKernel::new(1);
    assert_eq!(
        plan::count_piece(&kernel, 10, 0, rows(4), &stop).unwrap(),
        None
    );
    assert!(kernel.launches.lock().unwrap().is_empty());
    let plan = Plan::new(10, rows(4), CpuKernel::new(1), Box::new(|_| {}));
    assert_eq!(plan.count_one(0, &stop).unwrap(), None);
}

#[test]
fn a_failing_launch_fails_the_count() {
    struct Broken;
    impl Launcher for Broken {
        fn launch(&self, _: &[u32], _: u32, _: u32, _: &mut [u64]) -> Result<(), Error> {
            Err(Error::OutOfMemory {
                strategy: crate::NAME,
                n: 12,
                what: "a test".into(),
            })
        }
    }
    let plan = Plan::new(12, rows(6), Broken, Box::new(|_| {}));
    assert!(matches!(
        count_plan(&plan, &Config::default()),
        Err(Error::OutOfMemory { .. })
    ));
}

#[test]
fn sums_that_overflow_are_refused() {
    struct Huge;
    impl Launcher for Huge {
        fn launch(&self, _: &[u32], _: u32, _: u32, counts: &mut [u64]) -> Result<(), Error> {
            counts.fill(u64::MAX / 2);
            Ok(())
        }
    }
    assert!(matches!(
        plan::count_piece(&Huge, 12, 0, rows(6), &StopFlag::new()),
        Err(Error::Overflow { .. })
    ));
}

#[test]
fn the_plan_depends_on_n_alone() {
    let a = Plan::new(12, rows(4), CpuKernel::new(1), Box::new(|_| {}));
    let b = Plan::new(12, rows(6), CpuKernel::new(2), Box::new(|_| {}));
    let c = Plan::new(13, rows(6), CpuKernel::new(2), Box::new(|_| {}));
    assert_eq!(a.fingerprint(), b.fingerprint());
    assert_ne!(a.fingerprint(), c.fingerprint());
    assert_eq!((a.len(), c.len()), (6, 7));
}

#[test]
fn without_a_gpu_the_strategy_says_what_is_missing() {
    let solver = crate::GpuSolver::new();
    match solver.availability().unavailable() {
        // A machine with CUDA and a device: nothing to check here (contrib/gpu/check is).
        None => {}
        Some(why) => {
            assert_eq!(why.needs, "an NVIDIA GPU");
            let error = solver.count(8, &Config::default()).unwrap_err();
            assert!(
                matches!(&error, Error::Unavailable { strategy: "gpu", why: w } if w == why),
                "{error}"
            );
            assert!(solver.plan(8, &Config::default()).is_err());
        }
    }
}

#[test]
fn the_kernel_compiles_with_nvrtc_where_there_is_one() {
    // NVRTC needs no GPU; without it (CI) there is nothing to check here. For an H100 and
    // an H200 (compute capability 9.0), and the oldest the driver's CUDA 13 supports (7.5).
    if !crate::cuda::has_nvrtc() {
        eprintln!("skipping: NVRTC (libnvrtc.so.13) is not on the loader's path");
        return;
    }
    for (major, minor) in [(9, 0), (7, 5)] {
        let ptx = crate::cuda::compile(major, minor)
            .unwrap_or_else(|e| panic!("sm_{major}{minor}: {e}"))
            .to_src();
        assert!(ptx.contains(".entry nq_count"), "{ptx}");
        assert!(
            ptx.contains("popc"),
            "the last row is counted with a popcount"
        );
        assert!(
            ptx.contains("atom.global.add"),
            "the work is fetched atomically"
        );
    }
}
