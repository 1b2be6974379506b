//! Helpers shared by the report's integration tests.

use std::path::PathBuf;

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
