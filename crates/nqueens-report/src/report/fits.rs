//! Growth rates fitted to a series' times, over the sizes where its time clearly exceeds its
//! fixed cost.

/// A growth rate and the sizes it was fitted over.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Fit {
    /// The factor per extra row (exponential fit), or the exponent of n (log–log fit).
    pub(super) rate: f64,
    /// The smallest size of the fit.
    pub(super) from: usize,
    /// The largest size of the fit.
    pub(super) to: usize,
}

/// Exponential growth, as counting grows: time ∝ rate^n, `rate` being the factor per extra
/// row. `None` when fewer than three sizes clear the fixed cost.
pub(super) fn per_row(times: &[(usize, f64)]) -> Option<Fit> {
    let window = fit_window(times, 0);
    let xs: Vec<f64> = window.iter().map(|p| p.0 as f64).collect();
    fit(&window, &xs).map(|fit| Fit {
        rate: fit.rate.exp(),
        ..fit
    })
}

/// Polynomial growth, as a first solution of a large board grows: time ∝ n^rate, fitted on a
/// log–log scale from n = 100 up, where the constant terms have faded.
pub(super) fn power(times: &[(usize, f64)]) -> Option<Fit> {
    let window = fit_window(times, 100);
    let xs: Vec<f64> = window.iter().map(|p| (p.0 as f64).ln()).collect();
    fit(&window, &xs)
}

/// The slope of log time against `xs` over `window`.
fn fit(window: &[(usize, f64)], xs: &[f64]) -> Option<Fit> {
    let ys: Vec<f64> = window.iter().map(|p| p.1.ln()).collect();
    Some(Fit {
        rate: slope(xs, &ys)?,
        from: window.first()?.0,
        to: window.last()?.0,
    })
}

/// The sizes a growth fit uses: from `min_n` up, where a run takes at least ten times the
/// series' fastest run (that fastest run being mostly fixed cost: thread start-up, allocation,
/// process start) and at least 10 µs; the largest five of them, where growth has settled.
fn fit_window(times: &[(usize, f64)], min_n: usize) -> Vec<(usize, f64)> {
    let positive = times.iter().map(|p| p.1).filter(|t| *t > 0.0);
    let floor = (10.0 * positive.fold(f64::INFINITY, f64::min)).max(1e-5);
    let kept = |&&(n, t): &&(usize, f64)| n >= min_n && t >= floor;
    let above: Vec<(usize, f64)> = times.iter().filter(kept).copied().collect();
    above[above.len().saturating_sub(5)..].to_vec()
}

/// Least-squares slope of `ys` against `xs`; `None` under three points or with no spread in x.
fn slope(xs: &[f64], ys: &[f64]) -> Option<f64> {
    let count = xs.len() as f64;
    if xs.len() < 3 {
        return None;
    }
    let mx = xs.iter().sum::<f64>() / count;
    let my = ys.iter().sum::<f64>() / count;
    let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    let sxy: f64 = xs.iter().zip(ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    (sxx > 0.0).then(|| sxy / sxx)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponential_growth_is_a_factor_per_row_over_the_largest_sizes() {
        let times: Vec<(usize, f64)> = (4..=12)
            .map(|n: i32| (n as usize, 1e-7 * 6f64.powi(n)))
            .collect();
        let fit = per_row(&times).expect("a fit");
        assert!((fit.rate - 6.0).abs() < 1e-9, "{fit:?}");
        assert_eq!((fit.from, fit.to), (8, 12));
    }

    #[test]
    fn a_fixed_cost_leaves_too_few_sizes_to_fit() {
        // 100 µs of start-up dwarfs the work until the last two sizes.
        let times: Vec<(usize, f64)> = (4..=12)
            .map(|n: i32| (n as usize, 1e-4 + 1e-8 * 6f64.powi(n - 4)))
            .collect();
        assert_eq!(per_row(&times), None);
    }

    #[test]
    fn polynomial_growth_is_fitted_from_n_100_up() {
        let times: Vec<(usize, f64)> = [8, 100, 1_000, 10_000, 100_000]
            .map(|n| (n, 2e-9 * (n * n) as f64))
            .to_vec();
        let fit = power(&times).expect("a fit");
        assert!((fit.rate - 2.0).abs() < 1e-9, "{fit:?}");
        assert_eq!((fit.from, fit.to), (100, 100_000));
    }
}
