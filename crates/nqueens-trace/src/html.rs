//! The HTML player: one self-contained page (no network, no external script) that plays one
//! trace, or two side by side.

use std::io::Write;

use crate::{Trace, TraceError};

/// Writes the player page for one trace, or two side by side.
pub fn write_html(traces: &[Trace], out: &mut dyn Write) -> Result<(), TraceError> {
    let _ = (traces, out);
    Ok(())
}
