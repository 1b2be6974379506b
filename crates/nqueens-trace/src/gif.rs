//! The animated GIF: one frame per step.
