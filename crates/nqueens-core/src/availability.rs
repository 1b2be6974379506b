//! Whether a strategy can run on this machine ([`Availability`]): most can anywhere; one that
//! needs hardware or a library the machine may lack (a GPU and its driver) says what is missing.

use serde::Serialize;

/// Whether a strategy can run here ([`Strategy::availability`](crate::Strategy::availability)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "availability", rename_all = "kebab-case")]
pub enum Availability {
    /// It runs here.
    Available,
    /// It cannot run here.
    Unavailable(Unavailable),
}

impl Availability {
    /// Whether it runs here.
    pub fn is_available(&self) -> bool {
        matches!(self, Availability::Available)
    }

    /// Why it cannot run here, if it cannot.
    pub fn unavailable(&self) -> Option<&Unavailable> {
        match self {
            Availability::Available => None,
            Availability::Unavailable(why) => Some(why),
        }
    }
}

/// What a strategy needs and this machine lacks.
///
/// ```
/// use nqueens_core::Unavailable;
/// let why = Unavailable { needs: "an NVIDIA GPU", missing: "no CUDA driver (libcuda) was found".into() };
/// assert_eq!(why.to_string(), "needs an NVIDIA GPU: no CUDA driver (libcuda) was found");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("needs {needs}: {missing}")]
pub struct Unavailable {
    /// What the strategy needs, as a phrase (`an NVIDIA GPU`).
    pub needs: &'static str,
    /// What is missing on this machine, or why the need is not met.
    pub missing: String,
}
