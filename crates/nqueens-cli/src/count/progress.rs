//! The progress of a count: a bar on a terminal and a time estimate for long counts, watching
//! the run's subproblem events.

use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use nqueens::core::{Event, Observer};
use nqueens::count::Forecast;
use nqueens_report::format_seconds;

use crate::output::message;

/// From this size on, a count takes minutes or more: say so, and estimate the time.
pub(crate) const LONG_COUNT_N: usize = 20;

/// How long to watch the first subproblems before estimating the whole run.
const ESTIMATE_AFTER: Duration = Duration::from_secs(5);

/// Progress of a count, as its [`Observer`]: a bar on a terminal, a time estimate for long counts.
pub(crate) struct Reporter {
    bar: Option<indicatif::ProgressBar>,
    quiet: bool,
    pub(crate) estimate: bool,
    started: Instant,
    total: AtomicU64,
    done: AtomicU64,
    /// When the first subproblem finished, in nanoseconds from `started` (0: not yet).
    first_done: AtomicU64,
    estimated: AtomicBool,
}

impl Reporter {
    pub(crate) fn new(quiet: bool, estimate: bool) -> Reporter {
        // The bar is for someone watching: not when the output goes to a file or a pipe.
        let watched = io::stdout().is_terminal() && io::stderr().is_terminal();
        let bar = (!quiet && watched).then(|| {
            let bar = indicatif::ProgressBar::new(0);
            // The template is a constant, so failing to parse it is a bug caught by any run;
            // fall back to the default style rather than panic.
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} subproblems, {per_sec}, ETA {eta}",
            ) {
                bar.set_style(style);
            }
            bar
        });
        Reporter {
            bar,
            quiet,
            estimate: estimate && !quiet,
            started: Instant::now(),
            total: AtomicU64::new(0),
            done: AtomicU64::new(0),
            first_done: AtomicU64::new(0),
            estimated: AtomicBool::new(false),
        }
    }

    /// Whether it shows anything: a strategy that nobody observes runs its unobserved code.
    pub(crate) fn shows_anything(&self) -> bool {
        self.bar.is_some() || self.estimate
    }

    pub(crate) fn say(&self, text: &str) {
        if self.quiet {
            return;
        }
        match &self.bar {
            Some(bar) => bar.println(text),
            None => message(text),
        }
    }

    /// Clears the bar, before the result is printed.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    fn start(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        if let Some(bar) = &self.bar {
            bar.set_length(total);
        }
    }

    fn advance(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        let elapsed = self.started.elapsed();
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX).max(1);
        let elapsed = elapsed.as_secs_f64();
        // The first subproblem's time includes what the strategy sets up once (seconds for
        // the quadrant tables of n = 22): the rate is taken after it.
        let first = self
            .first_done
            .compare_exchange(0, nanos, Ordering::Relaxed, Ordering::Relaxed)
            .map_or_else(|earlier| earlier, |_| nanos) as f64
            * 1e-9;
        let total = self.total.load(Ordering::Relaxed);
        if self.estimate
            && done >= 2
            && done < total
            && elapsed - first >= ESTIMATE_AFTER.as_secs_f64()
            && !self.estimated.swap(true, Ordering::Relaxed)
        {
            // Subproblems are handed out in an interleaved order, so the first ones are a fair
            // sample of the rest.
            let rate = (elapsed - first) / (done - 1) as f64;
            let whole = first + rate * total.saturating_sub(1) as f64;
            self.say(&format!(
                "estimate from the first subproblems: about {} in all ({done} of {total} took \
                 {})",
                format_seconds(whole),
                format_seconds(elapsed),
            ));
        }
    }
}

impl Observer for Reporter {
    /// Progress only: the strategies keep to their uninstrumented searches.
    fn wants_steps(&self) -> bool {
        false
    }

    fn observe(&self, event: Event) {
        match event {
            Event::Started { subproblems } => self.start(subproblems),
            Event::SubproblemDone => self.advance(),
            _ => {}
        }
    }
}

impl Drop for Reporter {
    /// A count that fails leaves no bar behind its error message.
    fn drop(&mut self) {
        self.finish();
    }
}

/// Says that `n` is a long count: its subproblems, those this run counts and how long the
/// forecast says they take, and how to stop and resume it.
pub(crate) fn announce_long_count(
    n: usize,
    forecast: &Forecast,
    checkpoint: bool,
    reporter: &Reporter,
) {
    let (whole, mine) = (forecast.subproblems, forecast.to_count);
    let share = if mine == whole {
        String::new()
    } else {
        format!(", {mine} of them to count in this run")
    };
    // Nothing left to count (a checkpoint holds them all): no forecast.
    let guess = match forecast.seconds {
        Some(seconds) if mine > 0 && seconds.is_finite() => format!(
            "; on the reference machine (the report's), {} would take about {} on {} thread(s)",
            if mine == whole { "the count" } else { "those" },
            format_seconds(seconds),
            forecast.threads
        ),
        _ => String::new(),
    };
    reporter.say(&format!(
        "n = {n} is a long count: {whole} subproblems{share}{guess}. Ctrl-C stops and prints \
         the partial count{}",
        if checkpoint {
            "; rerun with the same --checkpoint to resume"
        } else {
            "; --checkpoint FILE makes it resumable"
        }
    ));
}
