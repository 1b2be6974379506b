//! The slower/faster rule, in one function: [`judge`]. Everything else in [`super`] prepares
//! its inputs or sorts its outputs.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Change, Measure, Verdict, noise::strategy_of};

/// Changes smaller than this share (2%) are within the noise whatever the interval says.
pub(crate) const NOISE: f64 = 0.02;

/// How many band widths (on the logarithmic scale) a case must be beyond its band to count
/// alone. Judged against bands measured from the other reference pairs, the calm reference
/// pairs' lone cases reached 1.97 band widths at most; the margin above that stands for the
/// next run's draw (chosen before any check on fresh runs).
pub(crate) const FAMILY_MARGIN: f64 = 2.5;

/// The fewest cases of one strategy beyond their bands on one side that confirm each other.
pub(crate) const TOGETHER_MIN: usize = 2;

/// Why a timed case beyond its band is, or is not, a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) enum Confirmation {
    /// `beyond` of its strategy's `cases` (in both runs) moved beyond their bands on its side.
    Strategy { beyond: usize, cases: usize },
    /// Alone on its side, but beyond its [`lone_band`].
    FarBeyond,
    /// Alone on its side and not far beyond: within the noise.
    Unconfirmed,
}

/// The band a case alone must be beyond, as a ratio: `band^FAMILY_MARGIN`, with a band of at
/// least `1 + NOISE`.
pub(crate) fn lone_band(band: f64) -> f64 {
    (FAMILY_MARGIN * band.ln().max(NOISE.ln_1p())).exp()
}

/// How many of one strategy's cases (in both runs) lie on each side of their bands, by the
/// [`Verdict`] of the side: slower, faster, within.
type Together = [usize; 3];

/// Steps 1 and 2 of [`judge`]: the side of its band a timed case lies on, drift divided out.
fn beyond_band(c: &Change) -> Verdict {
    let (ratio, lower, upper) = (c.ratio / c.drift, c.lower / c.drift, c.upper / c.drift);
    if lower > 1.0 && ratio > (1.0 + NOISE).max(c.band) {
        Verdict::Regression
    } else if upper < 1.0 && ratio < (1.0 - NOISE).min(1.0 / c.band) {
        Verdict::Gain
    } else {
        Verdict::Noise
    }
}

/// Whether a timed case got slower, faster, or neither, and what confirmed it: the whole rule.
///
/// 1. **Drift divided out.** The case's `ratio` (after / before of the medians) and its 95%
///    interval `lower..upper` are divided by the run-wide `drift` (the median ratio of all
///    cases): two runs on a shared machine differ as a whole.
/// 2. **Beyond its band.** Slower when the ratio is above the case's noise `band`
///    ([`Noise::time_band`](super::Noise::time_band)), more than [`NOISE`] above 1, and the
///    whole interval above 1; faster, mirrored. Anything else is within the noise (`None`).
/// 3. **Confirmed by its strategy**: at least [`TOGETHER_MIN`] of its strategy's cases, and
///    at least half of those in both runs (`together`), are beyond their bands on the same
///    side (a change to a strategy's code moves its cases together; chance picks them one by
///    one); or
/// 4. **far beyond its band**: beyond [`lone_band`] (`band^FAMILY_MARGIN`): some two hundred
///    cases are judged at once, so a few land beyond their bands by chance in any pair of
///    runs of unchanged code; this family-wise margin is for a strategy with one case or a
///    change at one size only.
/// 5. Beyond its band but neither: within the noise, [`Confirmation::Unconfirmed`] (the report
///    lists it apart, for a rerun to settle). A passing load can still move several cases of
///    one strategy together: the report's "unsettled" warning and the instruction counts,
///    which no load moves, are there for it.
fn judge(c: &Change, together: Together) -> (Verdict, Option<Confirmation>) {
    let side = beyond_band(c);
    let (beyond, cases) = (together[side as usize], together.iter().sum());
    if side == Verdict::Noise {
        (Verdict::Noise, None)
    } else if beyond >= TOGETHER_MIN && 2 * beyond >= cases {
        (side, Some(Confirmation::Strategy { beyond, cases }))
    } else if (c.ratio / c.drift).ln().abs() > lone_band(c.band).ln() {
        (side, Some(Confirmation::FarBeyond))
    } else {
        (Verdict::Noise, Some(Confirmation::Unconfirmed))
    }
}

/// Judges every timed case ([`judge`]), with its strategy's cases counted together first;
/// instruction counts are left as they are.
pub(super) fn confirm(changes: &mut [Change]) {
    let timed = |c: &&mut Change| c.measure == Measure::Time;
    let mut strategies: BTreeMap<String, Together> = BTreeMap::new();
    for c in changes.iter_mut().filter(timed) {
        let entry = strategies
            .entry(strategy_of(&c.case).to_string())
            .or_default();
        entry[beyond_band(c) as usize] += 1;
    }
    for c in changes.iter_mut().filter(timed) {
        let together = strategies[strategy_of(&c.case)];
        (c.verdict, c.confirmation) = judge(c, together);
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

    #[test]
    fn judge_states_the_rule() {
        let judge = |ratio, lower, upper, drift, band, together| {
            let case = Change {
                lower,
                upper,
                drift,
                ..timed("g/s/1", ratio, band, Verdict::Noise)
            };
            judge(&case, together)
        };
        // One of four cases slower, three within.
        let alone = [1, 0, 3];
        // 10% slower, band 5%: beyond the band, alone, not far beyond: unconfirmed.
        let unconfirmed = (Verdict::Noise, Some(Confirmation::Unconfirmed));
        assert_eq!(judge(1.10, 1.08, 1.12, 1.0, 1.05, alone), unconfirmed);
        // Twice as slow: far beyond a 5% band.
        let far = (Verdict::Regression, Some(Confirmation::FarBeyond));
        assert_eq!(judge(2.0, 1.9, 2.1, 1.0, 1.05, alone), far);
        // Three of four cases slower together confirm each other.
        let moved = [3, 0, 1];
        assert_eq!(
            judge(1.10, 1.08, 1.12, 1.0, 1.05, moved).0,
            Verdict::Regression
        );
        // The same ratio on a machine 10% slower as a whole: nothing changed.
        assert_eq!(
            judge(1.10, 1.08, 1.12, 1.10, 1.05, moved),
            (Verdict::Noise, None)
        );
    }
}
