//! # nqueens
//!
//! The N-Queens workbench in one import: the shared vocabulary of [`core`] and every strategy,
//! gathered in one [`registry`] by their stable names. The `nqueens` command and the bench
//! harness both take their strategies from here, so a strategy added to [`registry`] appears in
//! the CLI, `nqueens compare` and `cargo bench` at once.
//!
//! ```
//! use nqueens::core::{Config, Operation};
//!
//! let registry = nqueens::registry();
//! let counter = registry.default_for(Operation::Count, 10)?;
//! assert_eq!(counter.count(10, &Config::default())?.total, 724);
//! # Ok::<(), nqueens::core::Error>(())
//! ```

#![deny(missing_docs)]

pub use nqueens_astar as astar;
pub use nqueens_backtrack as backtrack;
pub use nqueens_breadth as breadth;
pub use nqueens_construct as construct;
pub use nqueens_core as core;
pub use nqueens_minconflicts as minconflicts;
pub use nqueens_permute as permute;
pub use nqueens_symmetry as symmetry;
pub use nqueens_warnsdorff as warnsdorff;

use nqueens_core::{Operation, Registry};

/// Every strategy of the workspace, in the order `nqueens strategies` lists them, with the
/// preference used when a command names none (fastest that can do the job first).
pub fn registry() -> Registry {
    Registry::new()
        .register(backtrack::VectorSolver)
        .register(backtrack::BitmaskSolver)
        .register(permute::PermutationSolver)
        .register(symmetry::SymmetrySolver)
        .register(warnsdorff::WarnsdorffSolver)
        .register(astar::AStarSolver::new())
        .register(breadth::BreadthSolver::new())
        .register(construct::ConstructionSolver)
        .register(minconflicts::MinConflictsSolver)
        .prefer(
            Operation::First,
            &[
                "bitmask",
                "construction",
                "min-conflicts",
                "warnsdorff",
                "vector",
            ],
        )
        // Below this, lexicographic backtracking answers in microseconds to milliseconds and gives
        // the lexicographically first solution; above it, its time grows steeply (n = 32: 87
        // million nodes).
        .default_up_to(Operation::First, "bitmask", 24)
        .prefer(Operation::List, &["bitmask", "vector"])
        .prefer(Operation::Count, &["symmetry", "bitmask", "vector"])
}
