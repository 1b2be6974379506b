//! From cases beyond their bands to verdicts, with many cases judged at once.
//!
//! A case's band is a high quantile of the between-run noise (see [`Noise`](super::Noise)), so
//! when some two hundred cases are judged at once, a few of them land beyond their bands by
//! chance in any pair of runs of unchanged code: a multiple-comparisons problem. Judging each
//! of the two calm reference pairs against bands measured from the other reference pairs, the
//! cases beyond their band with no other case of their strategy beyond it were beyond it by at
//! most 1.97 times its logarithm, while a slowed strategy moves every one of its cases.
//! So a case beyond its band (the interval on that side of 1 too) is a change only when it is
//! confirmed, either
//!
//! - **by its strategy**: at least [`TOGETHER_MIN`] of its strategy's cases (the same
//!   `group/function`), and at least half of those in both runs, are beyond their bands on the
//!   same side: a change to a strategy's code moves its cases together, chance picks them one
//!   by one; or
//! - **far beyond its band**: its ratio (drift divided out) is beyond the band raised to
//!   [`FAMILY_MARGIN`] (a margin of that many band widths on the logarithmic scale, at least
//!   [`NOISE`](super::NOISE) wide): the family-wise margin, for a strategy with one case or a
//!   change at one size only.
//!
//! Anything else beyond its band is [`Confirmation::Unconfirmed`]: its verdict is "within the
//! noise", and the report lists it apart, with its ratio, for a rerun to settle. A passing
//! load on a shared machine can still move several cases of one strategy together (they run
//! one after the other); that no margin tells from a change, and the report's "unsettled"
//! warning and the kernels' instruction counts, which no load moves, are there for it.

use std::collections::BTreeMap;

use super::{Change, Measure, NOISE, Verdict, noise::strategy_of};

/// How many band widths (on the logarithmic scale) a case must be beyond its band to count
/// alone: beyond `band^FAMILY_MARGIN`. Judged against bands measured from the other reference
/// pairs, the calm reference pairs' lone cases reached 1.97 band widths at most; the margin
/// above that stands for the next run's draw (chosen before any check on fresh runs).
pub const FAMILY_MARGIN: f64 = 2.5;

/// The fewest cases of one strategy beyond their bands on one side that confirm each other
/// (and at least half of the strategy's cases in both runs).
pub const TOGETHER_MIN: usize = 2;

/// Why a timed case beyond its band is, or is not, a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirmation {
    /// `beyond` of its strategy's `cases` (in both runs) moved beyond their bands on its side.
    Strategy {
        /// Cases of the strategy beyond their bands on the same side, this one included.
        beyond: usize,
        /// Cases of the strategy in both runs.
        cases: usize,
    },
    /// Alone on its side, but beyond its band raised to [`FAMILY_MARGIN`].
    FarBeyond,
    /// Alone on its side and within what chance allows across the cases judged at once: its
    /// verdict is [`Verdict::Noise`].
    Unconfirmed,
}

/// The band a case alone must be beyond, as a ratio: `band^FAMILY_MARGIN`, with a band of at
/// least `1 + NOISE`.
pub fn lone_band(band: f64) -> f64 {
    (FAMILY_MARGIN * band.ln().max(NOISE.ln_1p())).exp()
}

/// Confirms or dismisses every timed case whose verdict (against its own band) is a regression
/// or a gain, setting its [`Change::confirmation`]; a dismissed case's verdict becomes
/// [`Verdict::Noise`]. Instruction counts are left as they are.
pub(super) fn confirm(changes: &mut [Change]) {
    // Per strategy: cases in both runs, and cases beyond their bands on each side.
    let mut strategies: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    for c in changes.iter().filter(|c| c.measure == Measure::Time) {
        let entry = strategies
            .entry(strategy_of(&c.case).to_string())
            .or_default();
        entry.0 += 1;
        match c.verdict {
            Verdict::Regression => entry.1 += 1,
            Verdict::Gain => entry.2 += 1,
            Verdict::Noise => {}
        }
    }
    for c in changes.iter_mut().filter(|c| c.measure == Measure::Time) {
        let Some(&(cases, slower, faster)) = strategies.get(strategy_of(&c.case)) else {
            continue;
        };
        let beyond = match c.verdict {
            Verdict::Regression => slower,
            Verdict::Gain => faster,
            Verdict::Noise => continue,
        };
        let confirmation = if beyond >= TOGETHER_MIN && 2 * beyond >= cases {
            Confirmation::Strategy { beyond, cases }
        } else if (c.ratio / c.drift).ln().abs() > lone_band(c.band).ln() {
            Confirmation::FarBeyond
        } else {
            c.verdict = Verdict::Noise;
            Confirmation::Unconfirmed
        };
        c.confirmation = Some(confirmation);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timed(case: &str, ratio: f64, band: f64, verdict: Verdict) -> Change {
        Change {
            case: case.into(),
            measure: Measure::Time,
            before: 1e-3,
            after: 1e-3 * ratio,
            ratio,
            lower: ratio,
            upper: ratio,
            resampled: true,
            drift: 1.0,
            band,
            steady: false,
            verdict,
            confirmation: None,
        }
    }

    #[test]
    fn a_strategy_that_moves_together_confirms_its_cases_and_a_lone_case_is_unconfirmed() {
        let mut changes = vec![
            timed("count_all/a/8", 1.9, 1.1, Verdict::Regression),
            timed("count_all/a/10", 1.8, 1.1, Verdict::Regression),
            timed("count_all/a/12", 1.05, 1.1, Verdict::Noise),
            // Alone beyond its band by less than the family-wise margin: dismissed.
            timed("count_all/b/8", 1.2, 1.14, Verdict::Regression),
            timed("count_all/b/10", 1.0, 1.14, Verdict::Noise),
            timed("count_all/b/12", 1.0, 1.14, Verdict::Noise),
            // Alone, but far beyond: 1.1^2.5 = 1.27.
            timed("count_all/c/8", 0.7, 1.1, Verdict::Gain),
            timed("count_all/c/10", 1.0, 1.1, Verdict::Noise),
        ];
        confirm(&mut changes);
        let seen: Vec<(Verdict, Option<Confirmation>)> = changes
            .iter()
            .map(|c| (c.verdict, c.confirmation))
            .collect();
        let together = Some(Confirmation::Strategy {
            beyond: 2,
            cases: 3,
        });
        assert_eq!(
            seen,
            [
                (Verdict::Regression, together),
                (Verdict::Regression, together),
                (Verdict::Noise, None),
                (Verdict::Noise, Some(Confirmation::Unconfirmed)),
                (Verdict::Noise, None),
                (Verdict::Noise, None),
                (Verdict::Gain, Some(Confirmation::FarBeyond)),
                (Verdict::Noise, None),
            ]
        );
    }

    #[test]
    fn cases_moving_apart_do_not_confirm_each_other_and_the_lone_band_has_a_floor() {
        let mut changes = vec![
            timed("g/s/1", 1.3, 1.2, Verdict::Regression),
            timed("g/s/2", 0.7, 1.2, Verdict::Gain),
        ];
        confirm(&mut changes);
        assert!(changes.iter().all(|c| c.verdict == Verdict::Noise));
        assert!((lone_band(1.0) - 1.02f64.powf(FAMILY_MARGIN)).abs() < 1e-12);
        assert!((lone_band(1.2) - 1.2f64.powf(FAMILY_MARGIN)).abs() < 1e-12);
    }
}
