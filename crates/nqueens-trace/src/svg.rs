//! The animated SVG: one frame per step, played by SMIL animation (no script).
