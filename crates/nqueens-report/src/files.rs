//! Writing files so that a failure never leaves a half-written or emptied one: the bytes go to a
//! temporary file beside the target, which is renamed over it only once they are all written
//! and on disk. Pictures are drawn in memory first and written the same way (plotters' own
//! file backends lose write errors: the SVG backend drops its buffered writer unflushed).

use std::fs::{self, OpenOptions, Permissions};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::ReportError;

/// Writes what `write` produces to `path`, whole or not at all.
///
/// The bytes go to a temporary file in the target's directory, which is flushed, synced and
/// renamed over `path` only when `write` and every write succeeded; on any failure `path` is
/// left as it was (missing, or with its old content) and the temporary file is removed. A new
/// file gets the usual permissions (`0666` less the umask), a replaced one keeps its own.
///
/// A file that could not be written in place (write-protected, `chmod 444`) or that has
/// hard links is refused, not replaced: renaming over it would defeat the protection or cut
/// the links.
///
/// A `path` that names something other than a regular file (`/dev/stdout`, `/dev/null`, a
/// pipe) is written in place: it cannot be replaced, and renaming over it would replace the
/// name, not write to it. A symbolic link is followed, and its target replaced.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), ReportError> {
    let failed = |error| ReportError::io("writing", path, error);
    let target = resolve(path);
    if let Ok(metadata) = fs::metadata(&target)
        && !metadata.is_file()
    {
        return write_in_place(&target, write).map_err(failed);
    }
    refuse_protected(&target).map_err(failed)?;
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let permissions = fs::metadata(&target).map_or_else(
        |_| Permissions::from_mode(0o666),
        |metadata| metadata.permissions(),
    );
    let temporary = tempfile::Builder::new()
        .prefix(".nqueens-")
        .suffix(".partial")
        .permissions(permissions.clone())
        .tempfile_in(dir)
        .map_err(failed)?;
    let mut out = BufWriter::new(temporary);
    write(&mut out).map_err(failed)?;
    let temporary = out.into_inner().map_err(|e| failed(e.into_error()))?;
    temporary.as_file().sync_all().map_err(failed)?;
    // The umask narrowed the mode of a new file; a replaced file keeps the mode it had.
    if fs::metadata(&target).is_ok() {
        temporary
            .as_file()
            .set_permissions(permissions)
            .map_err(failed)?;
    }
    temporary
        .persist(&target)
        .map_err(|error| failed(error.error))?;
    Ok(())
}

/// Writes `text` to `path` with [`write_atomically`], creating its directory.
pub(crate) fn write_text(path: &Path, text: &str) -> Result<(), ReportError> {
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(|e| ReportError::io("creating", dir, e))?;
    }
    write_atomically(path, |out| out.write_all(text.as_bytes()))
}

/// Refuses to replace a file that could not be written in place, or that has other names: a
/// rename needs only the directory's permission, and would defeat the one and cut the other.
fn refuse_protected(target: &Path) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let Ok(metadata) = fs::metadata(target) else {
        return Ok(());
    };
    // Opening for writing, without truncating, changes nothing and asks the system the real
    // question (owner, group, a read-only mount); a mode with no write bit at all is a
    // protection even for root, whom the system lets write anything.
    let unwritable = OpenOptions::new()
        .write(true)
        .open(target)
        .is_err_and(|error| error.kind() == io::ErrorKind::PermissionDenied);
    if unwritable || metadata.mode() & 0o222 == 0 {
        // `chmod` helps only the file's owner (the process's own user is the owner of
        // `/proc/self`).
        let mine = fs::metadata("/proc/self").is_ok_and(|me| me.uid() == metadata.uid());
        let advice = if mine {
            "make it writable (chmod u+w) or write to another name"
        } else {
            "it belongs to another user: write to another name (or ask its owner)"
        };
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "it is write-protected (mode {:04o}) and is not replaced; {advice}",
                metadata.mode() & 0o7777
            ),
        ));
    }
    if metadata.nlink() > 1 {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!(
                "it has {} hard links, which replacing it would cut (the other names would keep \
                 the old content); remove the other links or write to another name",
                metadata.nlink()
            ),
        ));
    }
    Ok(())
}

/// The file a path finally names: a symbolic link's target, so that the link stays a link.
fn resolve(path: &Path) -> PathBuf {
    match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    }
}

/// Writes straight into a device or pipe, checking every write and the final flush.
fn write_in_place(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let file = OpenOptions::new().write(true).open(path)?;
    let mut out = BufWriter::new(file);
    write(&mut out)?;
    out.flush()
}

/// Draws on `root`, an in-memory backend, with `draw` and presents it; a failure is a
/// [`ReportError::Draw`] of `path`.
fn draw_in_memory<B: DrawingBackend>(
    path: &Path,
    root: DrawingArea<B, Shift>,
    draw: impl FnOnce(&DrawingArea<B, Shift>) -> Result<(), String>,
) -> Result<(), ReportError> {
    let drawn = draw(&root).and_then(|()| root.present().map_err(|e| e.to_string()));
    drawn.map_err(|reason| ReportError::Draw {
        path: path.to_path_buf(),
        reason,
    })
}

/// Draws a picture of `size` pixels with `draw` into memory as SVG and writes it to `path`
/// with [`write_atomically`].
pub(crate) fn write_svg(
    path: &Path,
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), String>,
) -> Result<(), ReportError> {
    let mut svg = String::new();
    let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
    draw_in_memory(path, root, draw)?;
    write_atomically(path, |out| out.write_all(svg.as_bytes()))
}

/// Draws a picture of `size` pixels with `draw` into an RGB buffer, encodes it as PNG and
/// writes it to `path` with [`write_atomically`].
pub(crate) fn write_png(
    path: &Path,
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<BitMapBackend<'_>, Shift>) -> Result<(), String>,
) -> Result<(), ReportError> {
    use image::ImageEncoder;

    let (width, height) = size;
    let bytes = usize::try_from(u64::from(width) * u64::from(height) * 3).map_err(|_| {
        ReportError::Draw {
            path: path.to_path_buf(),
            reason: format!("a picture of {width} × {height} pixels is too large"),
        }
    })?;
    let mut pixels = vec![0u8; bytes];
    let root = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
    draw_in_memory(path, root, draw)?;
    write_atomically(path, |out| {
        image::codecs::png::PngEncoder::new(out)
            .write_image(&pixels, width, height, image::ColorType::Rgb8)
            .map_err(|error| match error {
                image::ImageError::IoError(error) => error,
                other => io::Error::other(other.to_string()),
            })
    })
}

/// Reads the regular file at `path` as UTF-8 text, refusing anything longer than `limit`
/// bytes and anything that is not a regular file.
///
/// The report reads files other programs left (criterion's JSON, the bench's CSV); a symbolic
/// link to `/dev/zero` would otherwise read until memory runs out, and a FIFO would block on
/// open. Such a path is refused before it is opened, and the opened file is checked again.
pub fn read_text_bounded(path: &Path, limit: u64) -> io::Result<String> {
    use std::io::Read;

    let not_regular = |metadata: &fs::Metadata| {
        let what = if metadata.is_dir() {
            "a directory"
        } else {
            "a device, pipe or socket"
        };
        let why = format!("{what}, not a regular file: refused");
        io::Error::new(io::ErrorKind::InvalidInput, why)
    };
    let metadata = fs::metadata(path)?;
    if !metadata.is_file() {
        return Err(not_regular(&metadata));
    }
    let file = fs::File::open(path)?;
    let opened = file.metadata()?;
    if !opened.is_file() {
        return Err(not_regular(&opened));
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than {limit} bytes: refused"),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("file");
        fs::write(&path, "old").unwrap();
        let failed = write_atomically(&path, |out| {
            out.write_all(b"half")?;
            Err(io::Error::other("the disk is full"))
        });
        assert!(failed.is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        write_atomically(&path, |out| out.write_all(b"new")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
    }

    #[test]
    fn a_read_is_bounded_and_only_of_regular_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("file");
        fs::write(&path, "0123456789").unwrap();
        assert_eq!(read_text_bounded(&path, 10).unwrap(), "0123456789");
        let error = read_text_bounded(&path, 9).unwrap_err().to_string();
        assert!(error.contains("larger than"), "{error}");
        assert!(read_text_bounded(Path::new("/dev/zero"), 10).is_err());
    }
}
