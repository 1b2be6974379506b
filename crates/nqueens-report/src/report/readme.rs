//! `README.md`: the head (machine, commands, how to read the numbers), then one section per
//! group with its chart and table, the runs timed once, what was left out, and the boards.

use std::fmt::Write as _;

use super::charts::{RANDOMIZED, SYMMETRIC, WORK};
use super::data::Data;
use super::memory::{MEMORY, count_costs, readme_paragraph};
use super::summary::summary_lines;
use super::tables::{seed_table, time_table, yardstick_table};
use super::{Drawn, Provenance, versus};
use crate::by_hand::HandCount;
use crate::group::{COMPLETION, COUNT_ALL, FIRST_SOLUTION, VALIDATE};
use crate::{CaseRecord, CaseStatus, format_bytes, format_seconds, format_size};

/// The whole document.
pub(super) fn readme(
    data: &Data<'_>,
    provenance: &Provenance,
    drawn: &Drawn,
    against: Option<versus::Against<'_>>,
    by_hand: &[HandCount],
) -> String {
    let mut md = String::new();
    head(&mut md, data, provenance);
    let _ = writeln!(md, "## Summary\n");
    // Before and after leads: did the change make anything faster or slower?
    let compared = against.as_ref().map_or(Vec::new(), versus::summary_lines);
    for line in compared.into_iter().chain(summary_lines(data)) {
        let _ = writeln!(md, "- {line}");
    }
    md.push('\n');
    if let Some(against) = &against {
        versus::section(&mut md, against);
    }
    section(&mut md, "Count all solutions", Some(COUNT_ALL), drawn);
    time_table(&mut md, data, COUNT_ALL);
    section(
        &mut md,
        "Find a first solution",
        Some(FIRST_SOLUTION),
        drawn,
    );
    let _ = writeln!(
        md,
        "Randomized strategies run over a fixed list of seeds: each criterion iteration takes the \
         next seed that found a solution in its probe, so their time is the median over those \
         seeds; the counters are the median of one run per seed solved. How many seeds were \
         solved at each size is in *Randomized strategies* below.\n"
    );
    time_table(&mut md, data, FIRST_SOLUTION);
    // The work chart has no table of its own: its numbers are in the two tables above.
    if drawn.charts.contains(&WORK) {
        section(&mut md, "Work done", Some(WORK), drawn);
    }
    if drawn.charts.contains(&MEMORY) {
        section(&mut md, "Memory against time", Some(MEMORY), drawn);
        let _ = writeln!(md, "{}\n", readme_paragraph(&count_costs(data)));
    }
    if !data.success.is_empty() {
        section(&mut md, "Randomized strategies", Some(RANDOMIZED), drawn);
        let _ = writeln!(
            md,
            "Every seed is probed once at every size, also after another seed failed there: \
             *solved* counts the seeds that found a solution within the probe budget (the \
             others ran past it, or their strategy's own work budget ran out). Time and work \
             (local-search moves, GA evaluations, search nodes) are over the seeds solved. A \
             series ends after a size where no seed was solved.\n"
        );
        seed_table(&mut md, &data.success);
    }
    if drawn.charts.contains(&COMPLETION) {
        section(&mut md, "N-Queens completion", Some(COMPLETION), drawn);
        let _ = writeln!(
            md,
            "Random completion instances (k non-attacking queens given, fixed seeds; `nqueens \
             instance`), each answered once by every strategy that keeps given queens, in its \
             default variant: the time of that run, median and range over the instances at each \
             share of the board given (all board sizes together). Instances without a \
             completion need a proof, which `min-conflicts` cannot give: it runs only on those \
             with one. In the deep profile (`NQUEENS_BENCH=full`) criterion also times every \
             instance (`target/criterion/{COMPLETION}`).\n"
        );
    }
    super::once::once_section(&mut md, data);
    super::literature::literature_section(&mut md, data.records);
    section(&mut md, "Validation floor", None, drawn);
    let _ = writeln!(
        md,
        "The validator every strategy's answer passes through, on one large solution: the least \
         any strategy pays at that size.\n"
    );
    time_table(&mut md, data, VALIDATE);
    super::instructions::section(&mut md, data);
    section(
        &mut md,
        "Yardstick: plain C on the same machine",
        None,
        drawn,
    );
    yardstick_table(&mut md, data);
    by_hand_section(&mut md, by_hand);
    left_out(&mut md, data);
    if drawn.charts.contains(&SYMMETRIC) {
        section(&mut md, "Solutions by symmetry", Some(SYMMETRIC), drawn);
        let _ = writeln!(
            md,
            "The published counts of all solutions (Q, OEIS A000170), of those a half turn maps \
             onto themselves (P, A032522) and of those a quarter turn does (R, A033148), which \
             `nqueens count N --symmetric half|quarter` counts directly, far beyond the full \
             count. Every whole count with classes is checked against Burnside's identity, \
             classes = (Q + P + 2R) / 8.\n"
        );
    }
    if !drawn.traces.is_empty() {
        let _ = writeln!(
            md,
            "## Watching the searches\n\nOne small trace per family of strategies at n = 8, \
             recorded by `nqueens trace` (each step is an event the strategy reported: a queen \
             placed or removed, a dead end, a swap, a restart). Shaded squares are attacked; \
             red queens are attacked by another."
        );
        if let Some(page) = &drawn.trace_page {
            let _ = writeln!(
                md,
                "[Play them step by step]({page}) (one self-contained page: play, pause, step \
                 back and forth, speed, and a chart of depth or conflicts)."
            );
        }
        md.push('\n');
        for trace in &drawn.traces {
            let _ = writeln!(
                md,
                "**{}**: {}\n\n![{}]({})\n",
                trace.family, trace.caption, trace.caption, trace.file
            );
        }
    }
    if !drawn.boards.is_empty() {
        let _ = writeln!(md, "## Boards\n");
        for (n, strategy) in &drawn.boards {
            let _ = writeln!(md, "![n = {n}, found by {strategy}](board-{n}.svg)");
        }
        md.push('\n');
    }
    md
}

/// A section heading, with `chart` under it when it was drawn.
fn section(md: &mut String, title: &str, chart: Option<&str>, drawn: &Drawn) {
    match chart.filter(|c| drawn.charts.contains(c)) {
        Some(chart) => {
            let _ = writeln!(md, "## {title}\n\n![{chart}]({chart}.svg)\n");
        }
        None => {
            let _ = writeln!(md, "## {title}\n");
        }
    }
}

/// The title, where and when the numbers come from, how to regenerate them and how to read
/// them.
fn head(md: &mut String, data: &Data<'_>, provenance: &Provenance) {
    let input = data.input;
    let _ = writeln!(md, "# Comparison report\n");
    let _ = writeln!(
        md,
        "Generated by `nqueens report` on {} from a `cargo bench` run of {}{}.\n",
        input.generated,
        provenance.run_date,
        data.meta("mode")
            .map_or(String::new(), |m| format!(" ({m} mode)"))
    );
    let _ = writeln!(md, "- **Machine:** {}", provenance.machine.describe());
    for line in run_lines(data) {
        let _ = writeln!(md, "- {line}");
    }
    if let Some(duration) = data.meta("duration") {
        let _ = writeln!(md, "- **Bench run took:** {duration}");
    }
    for update in &provenance.updates {
        let _ = writeln!(
            md,
            "- **Partly rerun:** {} ({} mode, took {}): `cargo bench --bench compare -- {}` \
             replaced the cases it ran",
            update.date, update.mode, update.duration, update.args
        );
    }
    for key in [
        "seeds",
        "probe budget",
        "rustc",
        "criterion",
        "quadrants join",
    ] {
        if let Some(value) = data.meta(key) {
            let _ = writeln!(md, "- **{key}:** {value}");
        }
    }
    let _ = writeln!(md, "\nRegenerate with:\n\n```sh");
    for command in &input.commands {
        let _ = writeln!(md, "{command}");
    }
    let _ = writeln!(md, "```\n");
    let _ = writeln!(
        md,
        "Times are criterion's median per run with its {:.0}% confidence interval; the counters \
         (nodes, backtracks, permutations examined, moves, peak heap) come from one probe run of \
         each case, recorded in the bench's statistics CSV. A case whose probe ran past the \
         budget is left out together with every larger size of that series (see *Left out*).\n",
        input
            .criterion
            .estimates
            .first()
            .map_or(95.0, |e| e.confidence * 100.0)
    );
}

/// One line per run behind the rows (from the run manifest): commit, profile, compiler, flags.
fn run_lines(data: &Data<'_>) -> Vec<String> {
    let Some(manifest) = &data.input.manifest else {
        return vec!["**Run:** no run manifest (the commit and build are unknown)".to_string()];
    };
    let mut lines = Vec::new();
    for run in &manifest.runs {
        if !data.records.iter().any(|r| r.run == run.id) {
            continue;
        }
        let tree = if run.dirty.is_some() {
            "with uncommitted changes"
        } else {
            "clean tree"
        };
        let end = if run.is_complete() {
            ""
        } else {
            ", interrupted"
        };
        lines.push(format!(
            "**Run{}:** commit `{}` ({tree}), {} profile{}, started {}{end}; {}; {}",
            if run.filtered { " (partial)" } else { "" },
            run.commit_label(),
            run.profile,
            if run.args.trim().is_empty() {
                String::new()
            } else {
                format!(" (`-- {}`)", run.args.trim())
            },
            run.date(),
            run.rustc,
            run.flags
        ));
    }
    if data.mixed() {
        lines.push(
            "**Mixed runs:** the rows come from runs of different builds (`--allow-mixed`); \
             every table row names its run"
                .to_string(),
        );
    }
    lines
}

/// The failed seeds of the randomized case of `first` at its size: how many ran past the probe
/// budget, how many ended with an error (the first named), and the larger sizes not run.
fn seeds_left_out(data: &Data<'_>, first: &CaseRecord) -> String {
    let same = |o: &&CaseRecord| o.group == first.group && o.id == first.id && o.n == first.n;
    let at_size: Vec<&CaseRecord> = data.records.iter().filter(same).collect();
    let tried = at_size
        .iter()
        .filter(|o| o.status != CaseStatus::Skipped)
        .count();
    let over: Vec<&&CaseRecord> = at_size
        .iter()
        .filter(|o| o.status == CaseStatus::OverBudget)
        .collect();
    let errors: Vec<&&CaseRecord> = at_size
        .iter()
        .filter(|o| o.status == CaseStatus::Error)
        .collect();
    let mut parts = Vec::new();
    if !over.is_empty() {
        let slowest = over.iter().map(|o| o.seconds).fold(0.0, f64::max);
        parts.push(format!(
            "{} of {tried} seeds took over the probe budget (up to {})",
            over.len(),
            format_seconds(slowest)
        ));
    }
    if let Some(error) = errors.first() {
        parts.push(format!("{} of {tried} seeds: {}", errors.len(), error.note));
    }
    let given_up = at_size
        .iter()
        .filter(|o| o.status == CaseStatus::Skipped)
        .count();
    if given_up > 0 {
        parts.push(format!("{given_up} more seeds not run"));
    }
    let larger = data
        .records
        .iter()
        .filter(|o| {
            o.group == first.group
                && o.id == first.id
                && o.status == CaseStatus::Skipped
                && o.n > first.n
        })
        .count();
    let solved_none = at_size.iter().all(|o| o.status != CaseStatus::Measured);
    if larger > 0 && solved_none {
        parts.push(format!("{larger} larger sizes not run"));
    }
    format!(
        "`{}` `{}`: n = {}: {}",
        first.group,
        first.id,
        format_size(first.n),
        parts.join("; ")
    )
}

/// The cases over the probe budget (with how many larger sizes that cost) and the first error
/// of each series; randomized cases one line per size, counting their failed seeds.
fn left_out(md: &mut String, data: &Data<'_>) {
    let mut lines = Vec::new();
    let mut seen: Vec<(&str, &str)> = Vec::new();
    let mut seen_sizes: Vec<(&str, &str, usize)> = Vec::new();
    for r in data.records {
        let failed = matches!(r.status, CaseStatus::OverBudget | CaseStatus::Error);
        if r.seed.is_some() && failed {
            // A randomized case fails seed by seed: one line per size says how many did.
            if !seen_sizes.contains(&(&r.group, &r.id, r.n)) {
                seen_sizes.push((&r.group, &r.id, r.n));
                lines.push(seeds_left_out(data, r));
            }
            continue;
        }
        match r.status {
            CaseStatus::OverBudget => {
                let larger = data
                    .records
                    .iter()
                    .filter(|o| {
                        o.group == r.group
                            && o.id == r.id
                            && o.status == CaseStatus::Skipped
                            && o.n > r.n
                    })
                    .count();
                lines.push(format!(
                    "`{}` `{}`: n = {} took over the probe budget ({}){}",
                    r.group,
                    r.id,
                    format_size(r.n),
                    format_seconds(r.seconds),
                    if larger > 0 {
                        format!("; {larger} larger sizes not run")
                    } else {
                        String::new()
                    }
                ));
            }
            CaseStatus::Error if !seen.contains(&(&r.group, &r.id)) => {
                seen.push((&r.group, &r.id));
                lines.push(format!(
                    "`{}` `{}`: n = {}: {}",
                    r.group,
                    r.id,
                    format_size(r.n),
                    r.note
                ));
            }
            CaseStatus::Error | CaseStatus::Measured | CaseStatus::Skipped => {}
        }
    }
    if !lines.is_empty() {
        let _ = writeln!(md, "## Left out\n");
        for line in lines {
            let _ = writeln!(md, "- {line}");
        }
        md.push('\n');
    }
}

/// Counts too long for the bench, run by hand (`benches/by-hand.csv`, each checked against
/// A000170 when read), with the growth of CPU time from one size to the next.
fn by_hand_section(md: &mut String, counts: &[HandCount]) {
    if counts.is_empty() {
        return;
    }
    let _ = writeln!(
        md,
        "## Counted by hand
"
    );
    let _ = writeln!(
        md,
        "Counts too long for the bench, run by hand on the machine named in each note and \
         recorded in `benches/by-hand.csv` (every count checked against OEIS A000170 when the \
         report is made). CPU is user time of all threads; growth is this size's CPU time over \
         the previous size's, same strategy.\n"
    );
    let _ = writeln!(
        md,
        "| strategy | n | count | threads | wall | CPU | growth | peak RSS | date | commit | note |\n\
         |---|--:|--:|--:|--:|--:|--:|--:|---|---|---|"
    );
    for (i, c) in counts.iter().enumerate() {
        let growth = counts[..i]
            .iter()
            .rev()
            .find(|p| p.strategy == c.strategy && p.n + 1 == c.n && p.cpu_seconds > 0.0)
            .map_or("".to_string(), |p| {
                format!("×{:.1}", c.cpu_seconds / p.cpu_seconds)
            });
        let _ = writeln!(
            md,
            "| `{}` | {} | {} | {} | {} | {} | {} | {} | {} | `{}` | {} |",
            c.strategy,
            c.n,
            thousands(c.count),
            c.threads,
            thousands(c.wall_seconds.round() as u64) + " s",
            thousands(c.cpu_seconds.round() as u64) + " s",
            growth,
            format_bytes(c.peak_rss_bytes),
            c.date,
            c.commit,
            c.note
        );
    }
    md.push('\n');
}

/// `39,029,188,884`: an exact count with its thousands marked.
fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}
