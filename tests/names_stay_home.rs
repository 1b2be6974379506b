//! A strategy's name is written in its own crate and on its registry line, nowhere else: the
//! report, the bench, the CLI and the run machinery read what they say of a strategy from its
//! declarations. This test reads their non-test sources and fails on any string literal that
//! holds a strategy's name as a word (`"bitmask"`, `"quadrants-t1"`, `"(vector|dlx)"`), and on
//! any line of their templates (`*.j2`: all their text is literal) that does.

use std::fs;
use std::path::{Path, PathBuf};

/// The code that must not name a strategy, from the workspace root.
const SHARED_CODE: [&str; 6] = [
    "crates/nqueens-core/src",
    "crates/nqueens-run/src",
    "crates/nqueens-report/src",
    "crates/nqueens-cli/src",
    "benches",
    "src/count",
];

/// Words that are strategies' names but, in these phrases, mean something else: a shell command
/// and the chart of solutions by their symmetry.
const NOT_NAMES: [&str; 2] = ["cp -a", "by symmetry"];

#[test]
fn no_strategy_is_named_outside_its_crate() {
    let registry = nqueens::registry();
    let mut names: Vec<&str> = registry.names().collect();
    names.extend(registry.not_built().iter().map(|(name, _)| *name));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for dir in SHARED_CODE {
        for file in source_files(&root.join(dir)) {
            let Ok(text) = fs::read_to_string(&file) else {
                continue;
            };
            let literals = match file.extension().is_some_and(|e| e == "j2") {
                true => text
                    .lines()
                    .map(str::to_string)
                    .zip(1..)
                    .map(|(l, i)| (i, l))
                    .collect(),
                false => string_literals(non_test_part(&text)),
            };
            for (line, literal) in literals {
                let prose = NOT_NAMES
                    .iter()
                    .fold(literal.clone(), |l, p| l.replace(p, ""));
                for word in prose.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
                    let named = names
                        .iter()
                        .any(|name| word == *name || word.starts_with(&format!("{name}-")));
                    if named {
                        let path = file.strip_prefix(root).unwrap_or(&file).display();
                        found.push(format!("{path}:{line}: {literal:?}"));
                        break;
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "strategy names written outside their crates:\n{}",
        found.join("\n")
    );
}

/// The `.rs` and `.j2` files under `dir`, tests left out.
fn source_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return files;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() && name != "tests" {
            files.extend(source_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs" || e == "j2") && name != "tests.rs" {
            files.push(path);
        }
    }
    files
}

/// The source up to its first `#[cfg(test)]`: the tests of a file follow its code.
fn non_test_part(text: &str) -> &str {
    text.find("#[cfg(test)]").map_or(text, |at| &text[..at])
}

/// The contents of the string literals of Rust source, with their line numbers; comments and
/// character literals are skipped (a plain scanner: enough for this workspace's code).
fn string_literals(source: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = source.chars().collect();
    let (mut out, mut line, mut i) = (Vec::new(), 1, 0);
    while i < chars.len() {
        match chars[i] {
            '\n' => line += 1,
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '\'' if chars.get(i + 2) == Some(&'\'') || chars.get(i + 1) == Some(&'\\') => {
                // A character literal: skip to its closing quote.
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
            }
            'r' if matches!(chars.get(i + 1), Some('"' | '#')) => {
                let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
                if chars.get(i + 1 + hashes) == Some(&'"') {
                    let start = i + 2 + hashes;
                    let closing: String = std::iter::once('"')
                        .chain("#".repeat(hashes).chars())
                        .collect();
                    let rest: String = chars[start..].iter().collect();
                    let len = rest.find(&closing).unwrap_or(rest.len());
                    let literal: String = chars[start..start + rest[..len].chars().count()]
                        .iter()
                        .collect();
                    out.push((line, literal.clone()));
                    line += literal.matches('\n').count();
                    i = start + literal.chars().count() + closing.chars().count();
                    continue;
                }
            }
            '"' => {
                let (start, mut j) = (line, i + 1);
                let mut literal = String::new();
                while j < chars.len() && chars[j] != '"' {
                    if chars[j] == '\\' {
                        j += 1;
                    }
                    if let Some(&c) = chars.get(j) {
                        line += usize::from(c == '\n');
                        literal.push(c);
                    }
                    j += 1;
                }
                out.push((start, literal));
                i = j + 1;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}
