//! Memory against time for the counters: the `memory` chart's points, and from which size a
//! counter that trades memory for time ([`MemoryTrade`]) beats its rival. A counter's time is
//! criterion's median, else the probe's seconds; its memory the heap peak the bench measured
//! over the probe run (every strategy has one, unlike its own `peak_bytes`).

use nqueens_core::{MemoryTrade, SEARCH_FROM_N};

use super::data::{Data, grouped, seconds, spread, values};
use crate::format::capital;
use crate::group::COUNT_ALL;
use crate::{CaseRecord, Family, format_bytes, format_seconds};

/// The memory chart's file name.
pub(super) const MEMORY: &str = "memory";

/// A counter that declares a [`MemoryTrade`], by its registry name.
pub(super) type Trade<'a> = (&'a str, MemoryTrade);

/// The memory trades `strategies` declare, in their order.
pub(super) fn trades(strategies: &[Family]) -> impl Iterator<Item = Trade<'_>> {
    strategies.iter().filter_map(trade)
}

/// The memory trade `family` declares, if it declares one.
pub(super) fn trade(family: &Family) -> Option<Trade<'_>> {
    Some((family.name.as_str(), family.tradeoffs.memory?))
}

/// What one counting case cost: time per count, heap peak of the probe run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Cost {
    pub(super) n: usize,
    pub(super) seconds: f64,
    pub(super) heap: u64,
}

/// The costs of each counter, by id in first-seen order, each by increasing n.
pub(super) type Costs = Vec<(String, Vec<Cost>)>;

/// The costs of every counter of the `count_all` group.
pub(super) fn count_costs(data: &Data<'_>) -> Costs {
    let median = |id: &str, n: usize| data.median(COUNT_ALL, id, n);
    costs(data.measured(COUNT_ALL), median)
}

/// The costs of `records` per id and n: `time(id, n)`, else their median seconds, and their
/// median heap peak; cases without one are left out.
pub(super) fn costs<'a>(
    records: impl Iterator<Item = &'a CaseRecord>,
    time: impl Fn(&str, usize) -> Option<f64>,
) -> Costs {
    let mut costs: Vec<(&str, Cost)> = Vec::new();
    for ((id, n), runs) in grouped(records, |r| (r.id.as_str(), r.n)) {
        let heap = spread(0.0, &values(&runs, |r| r.heap_peak_bytes)).y.round() as u64;
        if heap == 0 {
            continue;
        }
        let seconds = time(id, n).unwrap_or_else(|| spread(0.0, &seconds(&runs)).y);
        costs.push((id, Cost { n, seconds, heap }));
    }
    let by_id = grouped(costs, |(id, _)| *id).into_iter();
    let sorted = by_id.map(|(id, costs)| {
        let mut list: Vec<Cost> = costs.into_iter().map(|(_, cost)| cost).collect();
        list.sort_by_key(|c| c.n);
        (id.to_string(), list)
    });
    sorted.collect()
}

/// A trade's verdict: both costs at the largest size both counted, and the size `from` which
/// the declaring counter (ours) is faster than its rival at every size both counted, if it is
/// at the largest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Verdict<'a> {
    pub(super) trade: Trade<'a>,
    pub(super) from: Option<usize>,
    pub(super) ours: Cost,
    pub(super) rival: Cost,
}

/// The verdict on `trade` from `costs`, or `None` when its counters share no size.
pub(super) fn verdict<'a>(costs: &Costs, trade: Trade<'a>) -> Option<Verdict<'a>> {
    let of = |id: &str| costs.iter().find(|(i, _)| i == id).map(|(_, c)| c);
    let (ours, rival) = (of(trade.0)?, of(trade.1.against)?);
    // Both by increasing n: the sizes both counted, as pairs.
    let pairs: Vec<(Cost, Cost)> = ours
        .iter()
        .filter_map(|j| Some((*j, *rival.iter().find(|s| s.n == j.n)?)))
        .filter(|(j, s)| j.seconds > 0.0 && s.seconds > 0.0)
        .collect();
    let &(ours, rival) = pairs.last()?;
    let leads = |(j, s): &&(Cost, Cost)| j.seconds < s.seconds;
    let ahead = pairs.iter().rev().take_while(leads).last();
    Some(Verdict {
        trade,
        from: ahead.map(|(j, _)| j.n),
        ours,
        rival,
    })
}

/// The summary's sentence on a trade: the declaring counter (ours) against its rival.
pub(super) fn summary_line(v: &Verdict<'_>) -> String {
    let ((ours, trade), n) = (v.trade, v.ours.n);
    let speedup = v.rival.seconds / v.ours.seconds;
    let (rival, method, rival_method) = (trade.against, trade.method, trade.rival_method);
    let [our_time, rival_time] = [v.ours.seconds, v.rival.seconds].map(format_seconds);
    let [our_heap, rival_heap] = [v.ours.heap, v.rival.heap].map(format_bytes);
    let costs = format!(
        "{our_time} against {rival_time}; it holds {our_heap} of heap where `{rival}` holds \
         {rival_heap}"
    );
    match v.from {
        Some(from) => format!(
            "{} beats {rival_method} from n = {from}: at n = {n} `{ours}` counts \
             {speedup:.1}× faster than `{rival}` ({costs}; chart `memory.svg`).",
            capital(method)
        ),
        None => format!(
            "{} still beats {method} at n = {n}, the largest size both counted: `{ours}` \
             is {:.1}× slower than `{rival}` ({costs}; chart `memory.svg`).",
            capital(rival_method),
            1.0 / speedup
        ),
    }
}

/// Why there is no verdict on `trade`.
fn missing((ours, trade): Trade<'_>) -> String {
    let (against, method, rival_method) = (trade.against, trade.method, trade.rival_method);
    format!(
        "No verdict on {method} against {rival_method}: the statistics have no `{COUNT_ALL}` \
         size measured for both `{ours}` and `{against}` (with its heap peak)."
    )
}

/// The summary's line on `trade`: its verdict, else why there is none when the run counted.
pub(super) fn trade_line(costs: &Costs, counted: bool, trade: Trade<'_>) -> Option<String> {
    match verdict(costs, trade) {
        Some(v) => Some(summary_line(&v)),
        None => counted.then(|| missing(trade)),
    }
}

/// The README's paragraph under the memory chart: what it shows, then for each of `trades`
/// its verdict, the price in memory, and the other counters' heaps.
pub(super) fn readme_paragraph<'a>(
    costs: &Costs,
    trades: impl IntoIterator<Item = Trade<'a>>,
) -> String {
    let intro = format!(
        "Each counter's heap peak (measured over one probe run) against its counting time \
         (criterion's median, else the probe's time), one point per size from n = \
         {SEARCH_FROM_N}, joined in order of n."
    );
    let said = trades
        .into_iter()
        .map(|trade| trade_paragraph(costs, trade));
    std::iter::once(intro)
        .chain(said)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The README's sentences on `trade`: the verdict, the price in memory, the other counters'
/// heaps; else why there is no verdict.
fn trade_paragraph(costs: &Costs, trade: Trade<'_>) -> String {
    let Some(v) = verdict(costs, trade) else {
        return missing(trade);
    };
    let (ours, rival) = (trade.0, trade.1.against);
    let from = v.from.unwrap_or(SEARCH_FROM_N);
    let growth = heap_growth(costs, ours, from, v.ours.n).map_or(String::new(), |g| {
        format!(", growing ×{g:.1} per extra row from n = {from}")
    });
    let ratio = v.ours.heap as f64 / v.rival.heap.max(1) as f64;
    format!(
        "{} `{ours}` holds {ratio:.0}× the heap of `{rival}` there{growth}.{}",
        summary_line(&v),
        others(costs, ours)
    )
}

/// The declaring counter's heap growth per extra row between sizes `from` and `to`, when both
/// were measured.
fn heap_growth(costs: &Costs, ours: &str, from: usize, to: usize) -> Option<f64> {
    let (_, list) = costs.iter().find(|(id, _)| id == ours)?;
    let heap = |n: usize| list.iter().find(|c| c.n == n).map(|c| c.heap as f64);
    let (low, high) = (heap(from)?, heap(to)?);
    (to > from && low > 0.0).then(|| (high / low).powf(1.0 / (to - from) as f64))
}

/// The other counters at their largest size: those holding more heap than `name` there, and
/// the most any of the rest holds.
fn others(costs: &Costs, name: &str) -> String {
    let Some((_, ours)) = costs.iter().find(|(id, _)| id == name) else {
        return String::new();
    };
    let (mut heavy, mut light) = (Vec::new(), Vec::new());
    for (id, list) in costs.iter().filter(|(id, _)| id != name) {
        let Some(last) = list.last() else { continue };
        match ours.iter().find(|j| j.n == last.n) {
            Some(j) if last.heap > j.heap => {
                let (heap, n, ours) = (format_bytes(last.heap), last.n, format_bytes(j.heap));
                heavy.push(format!("`{id}` ({heap} at n = {n}, against {ours})"));
            }
            _ => light.push((id, *last)),
        }
    }
    let mut parts = Vec::new();
    // The first that holds the most of those below ours.
    if let Some((id, most)) = light.iter().rev().max_by_key(|(_, cost)| cost.heap) {
        let (count, heap, n) = (light.len(), format_bytes(most.heap), most.n);
        let verb = hold(count);
        parts.push(format!(
            "{count} {verb} at most {heap} at their largest size (the most: `{id}` at n = {n})"
        ));
    }
    if !heavy.is_empty() {
        let (count, verb, list) = (heavy.len(), hold(heavy.len()), heavy.join(", "));
        parts.push(format!(
            "{count} {verb} more than `{name}` at the same size: {list}"
        ));
    }
    if parts.is_empty() {
        return String::new();
    }
    format!(" Of the other counters, {}.", parts.join("; "))
}

/// The verb after a count of counters.
fn hold(count: usize) -> &'static str {
    if count == 1 { "holds" } else { "hold" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CaseStatus;

    fn run(id: &str, n: usize, seconds: f64, heap: u64) -> CaseRecord {
        CaseRecord {
            seconds,
            heap_peak_bytes: heap,
            ..CaseRecord::new(COUNT_ALL, id, id, n, CaseStatus::Measured)
        }
    }

    /// The trade `quadrants` declares.
    const TRADE: Trade = (
        "quadrants",
        MemoryTrade {
            against: "symmetry",
            method: "joining",
            rival_method: "searching",
        },
    );

    fn cost(n: usize, seconds: f64, heap: u64) -> Cost {
        Cost { n, seconds, heap }
    }

    #[test]
    fn costs_take_criterion_times_when_known_and_median_heaps() {
        let records = [
            run("symmetry", 9, 0.5, 100),
            run("quadrants", 8, 0.25, 2000),
            run("symmetry", 8, 0.5, 100),
            // Two probe runs of one case: the medians.
            run("quadrants", 9, 1.0, 3000),
            run("quadrants", 9, 3.0, 5000),
            // No heap peak recorded: left out.
            run("count.c", 8, 1.0, 0),
        ];
        let criterion = |id: &str, n: usize| (id == "symmetry" && n == 9).then_some(0.125);
        assert_eq!(
            costs(records.iter(), criterion),
            vec![
                (
                    "symmetry".to_string(),
                    vec![cost(8, 0.5, 100), cost(9, 0.125, 100)]
                ),
                (
                    "quadrants".to_string(),
                    vec![cost(8, 0.25, 2000), cost(9, 2.0, 4000)]
                ),
            ]
        );
    }

    fn series(id: &str, points: &[(usize, f64, u64)]) -> (String, Vec<Cost>) {
        let list = points.iter().map(|&(n, s, h)| cost(n, s, h)).collect();
        (id.to_string(), list)
    }

    #[test]
    fn joining_beats_searching_from_the_size_it_stays_ahead() {
        let costs: Costs = vec![
            series(
                "quadrants",
                &[(8, 1.0, 1 << 20), (9, 2.0, 2 << 20), (10, 3.0, 4 << 20)],
            ),
            // Ahead at 8 by chance, behind at 9, ahead from 10; 11 has no partner.
            series(
                "symmetry",
                &[
                    (8, 2.0, 1024),
                    (9, 1.0, 1024),
                    (10, 12.0, 2048),
                    (11, 50.0, 4096),
                ],
            ),
            series("breadth", &[(8, 1.0, 4 << 20), (9, 1.0, 8 << 20)]),
            series("bitmask", &[(8, 1.0, 64), (10, 1.0, 80)]),
        ];
        let v = verdict(&costs, TRADE).expect("a common size");
        assert_eq!((v.from, v.ours.n), (Some(10), 10));
        assert_eq!((v.ours.seconds, v.rival.seconds), (3.0, 12.0));
        assert_eq!(
            summary_line(&v),
            "Joining beats searching from n = 10: at n = 10 `quadrants` counts 4.0× faster \
             than `symmetry` (3 s against 12 s; it holds 4 MiB of heap where `symmetry` \
             holds 2 KiB; chart `memory.svg`)."
        );
        let text = readme_paragraph(&costs, Some(TRADE));
        assert!(text.contains(&summary_line(&v)));
        assert!(text.contains("`quadrants` holds 2048× the heap of `symmetry` there. Of"));
        assert!(
            text.ends_with(
                " Of the other counters, 2 hold at most 4 KiB at their largest size (the most: \
                 `symmetry` at n = 11); 1 holds more than `quadrants` at the same size: `breadth` \
                 (8 MiB at n = 9, against 2 MiB)."
            ),
            "{text}"
        );
        // From n = 8, the heap doubles per row.
        assert_eq!(heap_growth(&costs, "quadrants", 8, 10), Some(2.0));
    }

    #[test]
    fn searching_may_still_win_and_missing_data_are_named() {
        let behind: Costs = vec![
            series("quadrants", &[(8, 1.0, 4096), (9, 3.0, 8192)]),
            series("symmetry", &[(8, 2.0, 1024), (9, 1.5, 1024)]),
        ];
        let v = verdict(&behind, TRADE).expect("a common size");
        assert_eq!((v.from, v.ours.n), (None, 9));
        assert!(summary_line(&v).starts_with(
            "Searching still beats joining at n = 9, the largest size both counted: \
             `quadrants` is 2.0× slower"
        ));
        assert!(
            readme_paragraph(&behind, Some(TRADE))
                .contains("Searching still beats joining at n = 9")
        );
        for costs in [
            vec![],
            vec![series("quadrants", &[(8, 1.0, 4096)])],
            vec![
                series("quadrants", &[(8, 1.0, 4096)]),
                series("symmetry", &[(9, 1.0, 4096)]),
            ],
        ] {
            assert_eq!(verdict(&costs, TRADE), None);
            assert!(readme_paragraph(&costs, Some(TRADE)).contains("No verdict"));
        }
        assert_eq!(
            missing(TRADE),
            "No verdict on joining against searching: the statistics have no `count_all` size \
             measured for both `quadrants` and `symmetry` (with its heap peak)."
        );
        // A registry that declares no trade: the chart's description alone.
        assert!(readme_paragraph(&behind, None).ends_with("joined in order of n."));
    }
}
