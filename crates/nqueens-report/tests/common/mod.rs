//! Helpers shared by the report's integration tests: a temporary directory, criterion's files
//! for one benchmark, a report's README, and `toy`, a strategy that exists only in the tests.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use nqueens_core::{Capabilities, Ended, Error, Job, Stats, Strategy, VisitRun, Visitor};
use nqueens_report::{ReportInput, ReportOptions, write_report};
use nqueens_run::Registry;

/// A fresh directory under the system temp dir, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// `nqueens-report-test-<name>-<pid>`, empty.
    pub fn new(name: &str) -> Self {
        let path =
            std::env::temp_dir().join(format!("nqueens-report-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        Self(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes the two files criterion 0.8 leaves for the benchmark `group/function/n` under
/// `root`: a median of `nanos` with an interval of ±`spread` (a fraction), and a mean 1% above
/// it, which the report must not read for the median. Returns the benchmark's `new` directory.
pub fn fake_benchmark(
    root: &Path,
    group: &str,
    function: &str,
    n: usize,
    nanos: f64,
    spread: f64,
) -> PathBuf {
    let dir = root
        .join(group)
        .join(function)
        .join(n.to_string())
        .join("new");
    std::fs::create_dir_all(&dir).unwrap();
    let id = format!("{group}/{function}/{n}");
    std::fs::write(
        dir.join("benchmark.json"),
        format!(
            r#"{{"group_id":"{group}","function_id":"{function}","value_str":"{n}","throughput":{{"Elements":{n}}},"full_id":"{id}","directory_name":"{id}","title":"{id}"}}"#
        ),
    )
    .unwrap();
    let interval = |point: f64| {
        format!(
            r#"{{"confidence_interval":{{"confidence_level":0.95,"lower_bound":{},"upper_bound":{}}},"point_estimate":{point},"standard_error":1.0}}"#,
            point * (1.0 - spread),
            point * (1.0 + spread)
        )
    };
    std::fs::write(
        dir.join("estimates.json"),
        format!(
            r#"{{"mean":{},"median":{},"median_abs_dev":{},"slope":null,"std_dev":{}}}"#,
            interval(nanos * 1.01),
            interval(nanos),
            interval(nanos * spread),
            interval(nanos * spread)
        ),
    )
    .unwrap();
    dir
}

/// Writes the report of `input` (no PNG) to `out` and returns its README.
pub fn write_readme(input: &ReportInput, out: &Path) -> String {
    let options = ReportOptions {
        out: out.to_path_buf(),
        png: false,
    };
    write_report(input, &options).expect("the report");
    std::fs::read_to_string(out.join("README.md")).expect("the README")
}

/// `toy`, with the capabilities it is given: backtracking that checks each square against the
/// queens placed on the rows above.
pub struct Toy(pub &'static Capabilities);

impl Toy {
    /// A registry of the toy alone.
    pub fn registry(capabilities: &'static Capabilities) -> Registry {
        Registry::new().register(Toy(capabilities))
    }
}

impl Strategy for Toy {
    fn name(&self) -> &'static str {
        "toy"
    }

    fn capabilities(&self) -> &'static Capabilities {
        self.0
    }

    fn search_all(&self, job: &Job<'_>, visit: &mut Visitor<'_>) -> Result<VisitRun, Error> {
        fn extend(
            n: u32,
            board: &mut Vec<u32>,
            stats: &mut Stats,
            visit: &mut Visitor<'_>,
        ) -> ControlFlow<()> {
            if board.len() == n as usize {
                return visit(board);
            }
            for column in 0..n {
                let row = board.len() as u32;
                let safe = board
                    .iter()
                    .zip(0..)
                    .all(|(&c, r)| c != column && c.abs_diff(column) != row - r);
                if safe {
                    stats.nodes += 1;
                    board.push(column);
                    extend(n, board, stats, visit)?;
                    board.pop();
                }
            }
            ControlFlow::Continue(())
        }
        let mut stats = Stats::default();
        let ended = match extend(job.n() as u32, &mut Vec::new(), &mut stats, visit) {
            ControlFlow::Continue(()) => Ended::Exhausted,
            ControlFlow::Break(()) => Ended::Satisfied,
        };
        Ok(VisitRun { ended, stats })
    }
}
