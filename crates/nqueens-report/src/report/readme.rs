//! `README.md`: the head (machine, commands, how to read the numbers), then one section per
//! group with its chart and table, the runs timed once, what was left out, and the boards. The
//! document's prose and layout are the template `readme.md.j2` (minijinja); this module
//! computes what fills it.

use minijinja::context;

use super::data::Data;
use super::memory::{count_costs, readme_paragraph, trades};
use super::summary::summary_lines;
use super::tables::{seed_table, table, time_table, yardstick_table};
use super::{Provenance, versus};
use crate::bench::{LINEAR_RUNS, Mode, Plan, Profile, RESAMPLES, is_machine_detail_of};
use crate::data::by_hand::HandCount;
use crate::format::thousands;
use crate::group::{COUNT_ALL, FIRST_SOLUTION, VALIDATE};
use crate::{CaseRecord, CaseStatus, ReportError, format_bytes, format_seconds, format_size};

/// The document's template: its prose and layout.
const TEMPLATE: &str = include_str!("readme.md.j2");

/// The statistics' metadata the README's head lists, when the statistics have them; then
/// what the registry's strategies picked for the machine (keys by
/// [`machine_detail_key`](crate::bench::machine_detail_key)).
const META: [&str; 4] = ["seeds", "probe budget", "rustc", "criterion"];

/// The whole document: [`TEMPLATE`] filled with the run's figures.
pub(super) fn readme(
    data: &Data<'_>,
    provenance: &Provenance,
    tradeoffs: &[String],
    (charts, boards): (&[&str], &[(usize, String)]),
    against: Option<versus::Against<'_>>,
) -> Result<String, ReportError> {
    let input = data.input;
    // Before and after leads: did the change make anything faster or slower?
    let compared = against.as_ref().map(versus::summary_lines).transpose()?;
    let mut summary = compared.unwrap_or_default();
    summary.extend(summary_lines(data, tradeoffs));
    let update = |u: &crate::Update| {
        context! { date => u.date, mode => u.mode, duration => u.duration, args => u.args }
    };
    let updates: Vec<_> = provenance.updates.iter().map(update).collect();
    let of_strategy =
        |key: &str| (input.strategies.iter()).any(|family| is_machine_detail_of(key, &family.name));
    let picked = (input.stats.iter().flat_map(|stats| &stats.meta))
        .filter(|(key, _)| of_strategy(key))
        .map(|(key, value)| (key.as_str(), value.as_str()));
    let stated = (META.into_iter()).filter_map(|key| Some((key, data.meta(key)?)));
    let meta: Vec<(&str, &str)> = stated.chain(picked).collect();
    let confidence = input.criterion.estimates.first();
    let mut env = super::environment();
    env.add_template("readme.md", TEMPLATE)?;
    let rendered = env.get_template("readme.md")?.render(context! {
        generated => input.generated,
        run_date => provenance.run_date,
        mode => data.meta("mode"),
        machine => provenance.machine.describe(),
        manifest => input.manifest.is_some(),
        runs => runs(data),
        mixed => data.mixed(),
        duration => data.meta("duration"),
        updates,
        meta,
        commands => input.commands,
        confidence => format!("{:.0}", confidence.map_or(95.0, |e| e.confidence * 100.0)),
        criterion_settings => criterion_settings(data),
        summary,
        versus => against.as_ref().map(versus::section).transpose()?.unwrap_or_default(),
        charts,
        count_table => time_table(data, COUNT_ALL),
        first_table => time_table(data, FIRST_SOLUTION),
        memory => readme_paragraph(&count_costs(data), trades(&input.strategies)),
        seed_table => (!data.success.is_empty()).then(|| seed_table(&data.success)),
        once => super::once::once_lines(data),
        literature => super::literature::section(data.records, &input.literature),
        validate_table => time_table(data, VALIDATE),
        instructions => super::instructions::table(data),
        yardstick => yardstick_table(data),
        by_hand => (!input.by_hand.is_empty()).then(|| by_hand_table(&input.by_hand)),
        left_out => left_out(data),
        traces => input.traces,
        trace_page => input.trace_page,
        boards,
    })?;
    Ok(rendered)
}

/// Criterion's settings in the plan of the run's profile, which the harness gave it; `None`
/// when the statistics name no profile of the bench.
fn criterion_settings(data: &Data<'_>) -> Option<minijinja::Value> {
    let profile = Profile::named(data.meta("mode")?)?;
    let sampling = Plan::for_profile(Mode::Bench, profile, None).sampling;
    Some(context! {
        profile => profile.name(),
        linear_runs => LINEAR_RUNS,
        fast_samples => sampling.fast_samples,
        warm_up => format_seconds(sampling.warm_up.as_secs_f64()),
        measurement => format_seconds(sampling.measurement.as_secs_f64()),
        slow_samples => sampling.slow_samples,
        resamples => thousands(RESAMPLES as u64),
    })
}

/// The runs behind the rows (from the run manifest): commit, profile, compiler, flags.
fn runs(data: &Data<'_>) -> Vec<minijinja::Value> {
    let manifest = data.input.manifest.iter().flat_map(|m| &m.runs);
    let behind_rows = manifest.filter(|run| data.records.iter().any(|r| r.run == run.id));
    let run = |run: &crate::Run| {
        let (label, date, interrupted) = (run.commit_label(), run.date(), !run.is_complete());
        context! { label, date, interrupted, ..minijinja::Value::from_serialize(run) }
    };
    behind_rows.map(run).collect()
}

/// How many larger sizes of `r`'s case were not run after it.
fn larger_not_run(data: &Data<'_>, r: &CaseRecord) -> usize {
    let after = |o: &&CaseRecord| o.group == r.group && o.id == r.id && o.n > r.n;
    let skipped = data.records.iter().filter(after);
    skipped.filter(|o| o.status == CaseStatus::Skipped).count()
}

/// A left-out case as the list names it: `` `group` `id`: n = N ``.
fn case(r: &CaseRecord) -> String {
    format!("`{}` `{}`: n = {}", r.group, r.id, format_size(r.n))
}

/// The failed seeds of the randomized case of `first` at its size: how many ran past the probe
/// budget, how many ended with an error (the first named), and the larger sizes not run.
fn seeds_left_out(data: &Data<'_>, first: &CaseRecord) -> String {
    let same = |o: &&CaseRecord| o.group == first.group && o.id == first.id && o.n == first.n;
    let at_size: Vec<&CaseRecord> = data.records.iter().filter(same).collect();
    let with = |status| at_size.iter().filter(move |o| o.status == status);
    let given_up = with(CaseStatus::Skipped).count();
    let tried = at_size.len() - given_up;
    let mut parts = Vec::new();
    let over = with(CaseStatus::OverBudget).count();
    if over > 0 {
        let slowest = (with(CaseStatus::OverBudget).map(|o| o.seconds)).fold(0.0, f64::max);
        let slowest = format_seconds(slowest);
        parts.push(format!(
            "{over} of {tried} seeds took over the probe budget (up to {slowest})"
        ));
    }
    if let Some(error) = with(CaseStatus::Error).next() {
        let errors = with(CaseStatus::Error).count();
        parts.push(format!("{errors} of {tried} seeds: {}", error.note));
    }
    if given_up > 0 {
        parts.push(format!("{given_up} more seeds not run"));
    }
    let larger = larger_not_run(data, first);
    if larger > 0 && with(CaseStatus::Measured).next().is_none() {
        parts.push(format!("{larger} larger sizes not run"));
    }
    format!("{}: {}", case(first), parts.join("; "))
}

/// The cases over the probe budget (with how many larger sizes that cost) and the first error
/// of each series; randomized cases one line per size, counting their failed seeds.
fn left_out(data: &Data<'_>) -> Vec<String> {
    let mut lines = Vec::new();
    let mut seen: Vec<(&str, &str, Option<usize>)> = Vec::new();
    for r in data.records {
        // A randomized case fails seed by seed: one line per size says how many did.
        let key = (r.group.as_str(), r.id.as_str(), r.seed.map(|_| r.n));
        let first = !seen.contains(&key);
        match r.status {
            CaseStatus::OverBudget | CaseStatus::Error if r.seed.is_some() => {
                if first {
                    seen.push(key);
                    lines.push(seeds_left_out(data, r));
                }
            }
            CaseStatus::OverBudget => {
                let larger = match larger_not_run(data, r) {
                    0 => String::new(),
                    larger => format!("; {larger} larger sizes not run"),
                };
                let (case, seconds) = (case(r), format_seconds(r.seconds));
                lines.push(format!(
                    "{case} took over the probe budget ({seconds}){larger}"
                ));
            }
            CaseStatus::Error if first => {
                seen.push(key);
                lines.push(format!("{}: {}", case(r), r.note));
            }
            CaseStatus::Error | CaseStatus::Measured | CaseStatus::Skipped => {}
        }
    }
    lines
}

/// The table of counts run by hand, with the growth of CPU time from one size to the next.
fn by_hand_table(counts: &[HandCount]) -> String {
    let rows = counts.iter().enumerate().map(|(i, c)| {
        let growth = counts[..i]
            .iter()
            .rev()
            .find(|p| p.strategy == c.strategy && p.n + 1 == c.n && p.cpu_seconds > 0.0)
            .map_or(String::new(), |p| {
                format!("×{:.1}", c.cpu_seconds / p.cpu_seconds)
            });
        vec![
            format!("`{}`", c.strategy),
            c.n.to_string(),
            thousands(c.count),
            c.threads.to_string(),
            thousands(c.wall_seconds.round() as u64) + " s",
            thousands(c.cpu_seconds.round() as u64) + " s",
            growth,
            format_bytes(c.peak_rss_bytes),
            c.date.clone(),
            format!("`{}`", c.commit),
            c.note.clone(),
        ]
    });
    let head = "strategy|n|count|threads|wall|CPU|growth|peak RSS|date|commit|note";
    table(head, "lrrrrrrrlll", rows)
}
