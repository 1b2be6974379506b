//! The HTML player: one self-contained page (no network, no external script) that plays one
//! trace, or two side by side.
