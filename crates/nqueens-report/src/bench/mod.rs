//! The bench's plan, as a library over a given [`Registry`](nqueens_run::Registry): the
//! profiles and their grids ([`Plan`]), the cases (every variant of every registered
//! strategy, in registry order: [`Plan::cases`]), the sizes each runs at under the profile's
//! cap, each group's cases as [`Unit`]s that the [`Budget`] costs before the run and the
//! group's runner walks, the `literature` group's trials of the experiments the strategies
//! declare ([`trials`]), and the strategy slowed on purpose ([`Slowing`]). `benches/compare`
//! runs the plan under criterion; `cargo bench -- --list` prints it ([`Budget::ids`]). The
//! cases strategies declare beyond their series (beside a C counterpart, sweeps run once) are
//! [`Plan::yardstick_cases`] and [`Plan::once_sweeps`].

mod budget;
mod extras;
pub(crate) mod literature;
pub(crate) mod plan;
mod slow;

pub use budget::{Budget, LINEAR_RUNS, Series, Unit, is_fast, minutes, series, series_group};
pub use extras::{OnceCase, Runner, YardstickCase, is_machine_detail_of, machine_detail_key};
pub use literature::{Trial, batches, trials};
pub use plan::{Case, Mode, Plan, Profile, RESAMPLES, SEEDS, Sampling, Yardstick};
pub use slow::{SLOW_VAR, Slowed, Slowing};
