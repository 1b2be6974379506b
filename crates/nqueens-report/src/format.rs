//! Human-readable numbers for tables, messages and chart labels: the one time and count
//! formatter of the workspace (bytes are the core's [`Bytes`], which memory errors word their
//! figures with).

use nqueens_core::Bytes;

/// Three significant digits, without trailing zeros.
fn sig3(v: f64) -> String {
    let text = if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    };
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A duration in seconds with a unit, three significant digits below two minutes and the
/// largest readable unit above: `20 µs`, `1.5 ms`, `3 s`, `5 min`, `2.5 h`, `3 days`, `40 years`.
pub fn format_seconds(seconds: f64) -> String {
    if !seconds.is_finite() || seconds <= 0.0 {
        return "0 s".to_string();
    }
    const DAY: f64 = 86400.0;
    match seconds {
        s if s < 120.0 => {}
        s if s < 7200.0 => return format!("{:.0} min", s / 60.0),
        s if s < 2.0 * DAY => return format!("{} h", sig3(s / 3600.0)),
        s if s < 2.0 * 365.0 * DAY => return format!("{:.0} days", s / DAY),
        s => return format!("{:.0} years", s / (365.25 * DAY)),
    }
    // Rounding first keeps 999.9 µs from printing as "1000 µs".
    let units = [(1.0, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns")];
    for (scale, unit) in units {
        let value = seconds / scale;
        if sig3(value).parse::<f64>().unwrap_or(value) >= 1.0 {
            return format!("{} {unit}", sig3(value));
        }
    }
    format!("{} ns", sig3(seconds / 1e-9))
}

/// A count with a metric suffix: `950`, `12k`, `1.5M`, `2G`, up to `999P`; from 10^18 on, in
/// scientific notation (`1e18`, `2.5e20`), which stays readable on a log-scale axis where
/// `100000P` would not.
pub fn format_count(value: f64) -> String {
    if !value.is_finite() {
        return "-".to_string();
    }
    if value.abs() >= 1e18 {
        let exponent = value.abs().log10().floor();
        let mantissa = value / 10f64.powf(exponent);
        // Rounding can carry the mantissa to 10 (9.999e20 → "10e20"): move it to the exponent.
        let (mantissa, exponent) = match sig3(mantissa).parse::<f64>() {
            Ok(m) if m.abs() >= 10.0 => (m / 10.0, exponent + 1.0),
            _ => (mantissa, exponent),
        };
        return format!("{}e{exponent}", sig3(mantissa));
    }
    let units = [(1e15, "P"), (1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")];
    for (scale, unit) in units {
        if value.abs() >= scale {
            return format!("{}{unit}", sig3(value / scale));
        }
    }
    sig3(value)
}

/// A byte count with a binary unit: `512 B`, `1.5 KiB`, `3 MiB` (the core's [`Bytes`]).
pub fn format_bytes(bytes: u64) -> String {
    Bytes(bytes).to_string()
}

/// A board size: plain up to 9999, then `10k`, `1M`.
pub fn format_size(n: usize) -> String {
    if n < 10_000 {
        n.to_string()
    } else {
        format_count(n as f64)
    }
}

/// A board size in prose, exact: `10^6` for a power of ten from a million, else with its
/// thousands marked (`500,000`).
pub(crate) fn exact_size(n: usize) -> String {
    let power = n.max(1).ilog10();
    match 10usize.pow(power) == n && power >= 6 {
        true => format!("10^{power}"),
        false => thousands(n as u64),
    }
}

/// `39,029,188,884`: an exact count with its thousands marked.
pub(crate) fn thousands(value: u64) -> String {
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

/// `a, b and c`.
pub(crate) fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.concat(),
    }
}

/// `text` with a capital first letter.
pub(crate) fn capital(text: &str) -> String {
    let mut chars = text.chars();
    let first = chars.next().map(char::to_uppercase).into_iter().flatten();
    first.chain(chars).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Log-scale chart axes reach 10^20 and more (the Q, P and R chart): each decade's label
    /// stays short, and a mantissa rounded up to 10 moves into the exponent.
    #[test]
    fn large_counts_read_in_scientific_notation() {
        let labels: Vec<String> = (15..=22).map(|e| format_count(10f64.powi(e))).collect();
        assert_eq!(
            labels,
            ["1P", "10P", "100P", "1e18", "1e19", "1e20", "1e21", "1e22"]
        );
        assert_eq!(format_count(2.5e19), "2.5e19");
        assert_eq!(format_count(9.9999e20), "1e21");
        assert_eq!(format_count(-3e18), "-3e18");
    }

    #[test]
    fn numbers_read_with_their_units() {
        assert_eq!(format_seconds(0.0015), "1.5 ms");
        assert_eq!(format_seconds(2.0e-5), "20 µs");
        assert_eq!(format_seconds(3.0), "3 s");
        assert_eq!(format_seconds(300.0), "5 min");
        assert_eq!(format_seconds(9000.0), "2.5 h");
        assert_eq!(format_seconds(3.0 * 86400.0), "3 days");
        assert_eq!(format_count(950.0), "950");
        assert_eq!(format_count(12_000.0), "12k");
        assert_eq!(format_count(1_500_000.0), "1.5M");
        assert_eq!(format_count(1e17), "100P");
        assert_eq!(format_count(1e20), "1e20");
        assert_eq!(format_bytes(1536), "1.5 KiB");
        assert_eq!(format_size(1000), "1000");
        assert_eq!(format_size(1_000_000), "1M");
    }
}
