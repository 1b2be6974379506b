//! What the benchmarks ran on, and when.

use std::time::{SystemTime, UNIX_EPOCH};

/// The machine a run happened on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Machine {
    /// CPU model name, as `/proc/cpuinfo` gives it (`unknown CPU` elsewhere).
    pub cpu: String,
    /// Logical cores available to the process.
    pub cores: usize,
}

impl Machine {
    /// The machine this process runs on.
    pub fn detect() -> Self {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|text| {
                text.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, v)| v.split_whitespace().collect::<Vec<_>>().join(" "))
            })
            .filter(|cpu| !cpu.is_empty())
            .unwrap_or_else(|| "unknown CPU".to_string());
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self { cpu, cores }
    }

    /// `CPU model, N cores`.
    pub fn describe(&self) -> String {
        format!(
            "{}, {} core{}",
            self.cpu,
            self.cores,
            if self.cores == 1 { "" } else { "s" }
        )
    }
}

/// The current UTC time as `YYYY-MM-DD HH:MM UTC`.
pub fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc_timestamp(secs)
}

/// A Unix time as `YYYY-MM-DD HH:MM UTC`.
pub fn utc_timestamp(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rest = secs % 86_400;
    // Civil date from a day count (Howard Hinnant's days_from_civil, inverted): eras of 400
    // years have a fixed length, and March-based years put the leap day last.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rest / 3_600,
        rest % 3_600 / 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machines_and_dates_read_as_the_report_writes_them() {
        let m = Machine {
            cpu: "Xeon".into(),
            cores: 2,
        };
        assert_eq!(m.describe(), "Xeon, 2 cores");
        assert_eq!(utc_timestamp(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_timestamp(951_782_400), "2000-02-29 00:00 UTC");
    }
}
