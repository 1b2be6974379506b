//! # nqueens
//!
//! The N-Queens workbench in one import: the shared vocabulary and run machinery of [`core`]
//! (the `nqueens-core` and `nqueens-run` crates) and every strategy, gathered in one
//! [`registry`] by their stable names. The `nqueens` command and the bench harness both take
//! their strategies from here, so a strategy added to [`registry`] appears in the CLI,
//! `nqueens compare` and `cargo bench` at once. [`count`](mod@count) is the count
//! workflow (checkpoints, shards, the memory fallback, symmetric counts and the class check)
//! that `nqueens count` runs, for any registry.
//!
//! ```
//! use nqueens::core::{Config, Operation, Solver};
//!
//! let registry = nqueens::registry();
//! let counter = registry.default_for(Operation::Count, 10)?.solver;
//! assert_eq!(counter.count(10, &Config::default())?.total, 724);
//! # Ok::<(), nqueens::core::Error>(())
//! ```

#![deny(missing_docs)]

pub use nqueens_anneal as anneal;
pub use nqueens_astar as astar;
pub use nqueens_backtrack as backtrack;
pub use nqueens_breadth as breadth;
pub use nqueens_construct as construct;
#[cfg(feature = "cp")]
pub use nqueens_cp as cp;
pub use nqueens_dlx as dlx;
pub use nqueens_genetic as genetic;
#[cfg(feature = "gpu")]
pub use nqueens_gpu as gpu;
pub use nqueens_hillclimb as hillclimb;
pub use nqueens_minconflicts as minconflicts;
pub use nqueens_permute as permute;
pub use nqueens_quadrants as quadrants;
#[cfg(feature = "sat")]
pub use nqueens_sat as sat;
pub use nqueens_symmetry as symmetry;
pub use nqueens_warnsdorff as warnsdorff;

pub mod count;

/// The vocabulary and the contract ([`nqueens_core`]) with the machinery that runs strategies
/// ([`nqueens_run`]), under one path.
pub mod core {
    pub use nqueens_core::*;
    /// Counts split into [`Subproblems`](split::Subproblems): shards, checkpoints, merging.
    pub use nqueens_run::split;
    pub use nqueens_run::*;
}

use nqueens_core::Operation;
use nqueens_run::{Pick, Registry};

/// Every strategy of the workspace, in the order `nqueens strategies` lists them, with one
/// default rule per operation (fastest that can do the job first).
pub fn registry() -> Registry {
    // `gpu`, `sat` and `cp` are default features; the WebAssembly build (crates/nqueens-web)
    // turns them off, and the registry lists them as not in that build.
    let registry = Registry::new()
        .register(backtrack::VectorSolver)
        .register(backtrack::BitmaskSolver)
        .register(permute::PermutationSolver)
        .register(symmetry::SymmetrySolver)
        .register(quadrants::QuadrantsSolver);
    #[cfg(feature = "gpu")]
    let registry = registry.register(gpu::GpuSolver::new());
    #[cfg(not(feature = "gpu"))]
    let registry = registry.without(
        "gpu",
        "the CUDA driver is opened through a native library; this build has feature `gpu` off",
    );
    let registry = registry
        .register(warnsdorff::WarnsdorffSolver)
        .register(astar::AStarSolver::new())
        .register(breadth::BreadthSolver::new())
        .register(dlx::DlxSolver);
    #[cfg(feature = "sat")]
    let registry = registry.register(sat::SatSolver);
    #[cfg(not(feature = "sat"))]
    let registry = registry.without(
        "sat",
        "CaDiCaL is C++, which this build (feature `sat` off, e.g. WebAssembly) leaves out",
    );
    #[cfg(feature = "cp")]
    let registry = registry.register(cp::CpSolver);
    #[cfg(not(feature = "cp"))]
    let registry = registry.without(
        "cp",
        "Pumpkin needs wasm-bindgen (its clock) on WebAssembly; this build has feature `cp` off",
    );
    registry
        .register(construct::ConstructionSolver)
        .register(minconflicts::MinConflictsSolver)
        .register(anneal::AnnealingSolver)
        .register(genetic::GeneticSolver)
        .register(hillclimb::HillClimbingSolver)
        .defaults(
            Operation::First,
            &[
                // Lexicographic backtracking answers in milliseconds up to here, with the
                // lexicographically first solution; beyond, it grows steeply (n = 32: 87
                // million nodes).
                Pick::new("bitmask").up_to(24),
                Pick::new("construction"),
                Pick::new("min-conflicts"),
                Pick::new("warnsdorff"),
                Pick::new("vector"),
            ],
        )
        .defaults(
            Operation::List,
            // Bitmask answers at once up to its 32-bit word; Warnsdorff's ordering finds the
            // first solutions of larger boards in a few thousand nodes (n = 33: 2,297).
            &[Pick::new("bitmask"), Pick::new("warnsdorff")],
        )
        .defaults(
            Operation::Count,
            &[
                // Joining quadrant tables beats searching from n = 14 on (the report's
                // yardstick table); its memory bound fits the default limit up to n = 21 on
                // two threads, and beyond the count falls back to symmetry with a warning
                // (n = 22 peaked at 2.6 GiB, and runs with `--memory-limit 8G`). `--unique`
                // takes symmetry, the first counter here that counts classes. The GPU from
                // n = 18, not measured here (contrib/gpu/check times it): ygch/n_queens
                // publishes n = 20 in 4.1 s on one H800, and quadrants counts n = 18 in about
                // a second on two threads and n = 17 in a fraction of one (the report's
                // yardstick table), about the GPU's set-up alone.
                #[cfg(feature = "gpu")]
                Pick::new("gpu").from(18),
                Pick::new("quadrants").up_to(22),
                Pick::new("symmetry"),
                Pick::new("bitmask"),
                Pick::new("vector"),
            ],
        )
        // With given queens: dancing links (its fewest-options rule starts where they leave
        // least room), then CaDiCaL beyond it; both are complete, so "no completion" is proved.
        .completion_defaults(
            Operation::First,
            &[
                Pick::new("dlx"),
                #[cfg(feature = "sat")]
                Pick::new("sat").variant("bimander"),
            ],
        )
        .completion_defaults(Operation::List, &[Pick::new("dlx")])
        .completion_defaults(Operation::Count, &[Pick::new("dlx")])
}

/// The README's Rust examples, compiled and run as doc tests so they cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
