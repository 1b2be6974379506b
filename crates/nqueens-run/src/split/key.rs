//! A keyed check for shard records and checkpoint lines: HMAC-SHA256 (RFC 2104, the `hmac` and
//! `sha2` crates) with a secret key read from a file.
//!
//! Anyone can recompute the FNV check of a record after changing a number; with a [`Key`]
//! (`count --key FILE`) each record and checkpoint line also carries a MAC over the same
//! fields, which nobody without the key can. It protects against whoever lacks the key (another
//! user of a shared file system), not against whoever holds it: a faulty node with the key
//! seals a wrong count like a right one (`merge --audit` catches those, probabilistically).

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use hmac::{Hmac, Mac};
use sha2::Sha256;
use thiserror::Error;

use super::{Shard, ShardRecord, Tally};

type HmacSha256 = Hmac<Sha256>;

/// Why a key could not be used, or a record does not carry the keyed check asked for.
#[derive(Debug, Error)]
pub enum KeyError {
    /// The key file could not be read.
    #[error("key file {path}")]
    Read {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// The key file is not a regular file, or holds too few or too many bytes.
    #[error("key file {path}: {why}")]
    Unusable {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// A key given as bytes is too short or too long.
    #[error(
        "a key takes {min} to {max} bytes, not {found}: make one with `head -c 32 /dev/urandom > FILE`",
        min = Key::MIN_LEN,
        max = Key::MAX_LEN
    )]
    Length {
        /// Its length.
        found: usize,
    },
    /// A record written with a key, read without one.
    #[error(
        "the record of shard {shard} was written with a key (id {id}): pass --key FILE with \
         the key it was written with"
    )]
    Required {
        /// The record's shard.
        shard: Shard,
        /// The id of its key.
        id: String,
    },
    /// A record without a keyed check, read with a key.
    #[error(
        "the record of shard {0} carries no keyed check, and --key asks for one: it was written \
         without --key (or the check was removed); count that shard again with --key"
    )]
    Unkeyed(Shard),
    /// A record written with another key.
    #[error(
        "the record of shard {shard} was written with another key (id {found}; the key given \
         has id {expected}): pass the key it was written with, or count it again with this one"
    )]
    OtherKey {
        /// The record's shard.
        shard: Shard,
        /// The id its record names (at most its first characters).
        found: String,
        /// The id of the key given.
        expected: String,
    },
    /// A record whose keyed check does not match: edited by someone without the key.
    #[error(
        "the record of shard {0} fails its keyed check: it was edited by someone without the \
         key after `count --key` wrote it; count that shard again"
    )]
    Forged(Shard),
}

/// A secret key for the keyed check of records and checkpoint lines (`Debug` shows its id).
#[derive(Clone)]
pub struct Key {
    mac: HmacSha256,
    id: String,
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Key").field("id", &self.id).finish()
    }
}

/// Domains, so that a tag made for one use never verifies another.
const ID_DOMAIN: &[u8] = b"nqueens key id\n";
const RECORD_DOMAIN: &[u8] = b"nqueens shard record\n";
const LINE_DOMAIN: &[u8] = b"nqueens checkpoint line\n";

impl Key {
    /// The fewest bytes a key takes: 128 bits.
    pub const MIN_LEN: usize = 16;
    /// The most bytes a key file may hold.
    pub const MAX_LEN: usize = 4096;

    /// The key `bytes`, used as they are (a key file's, newline included).
    pub fn from_bytes(bytes: &[u8]) -> Result<Key, KeyError> {
        if !(Key::MIN_LEN..=Key::MAX_LEN).contains(&bytes.len()) {
            return Err(KeyError::Length { found: bytes.len() });
        }
        let mac = HmacSha256::new_from_slice(bytes)
            .map_err(|_| KeyError::Length { found: bytes.len() })?;
        let id = hex(&tag(&mac, ID_DOMAIN, b"")[..8]);
        Ok(Key { mac, id })
    }

    /// The key in the file `path`: a regular file of [`Key::MIN_LEN`] to [`Key::MAX_LEN`] bytes.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Key, KeyError> {
        let path = path.as_ref();
        let unusable = |why: String| KeyError::Unusable {
            path: path.to_path_buf(),
            why,
        };
        let read = |source| KeyError::Read {
            path: path.to_path_buf(),
            source,
        };
        // A pipe or a device would block or never end.
        let metadata = std::fs::metadata(path).map_err(read)?;
        if !metadata.is_file() {
            return Err(unusable("not a regular file".to_string()));
        }
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|file| file.take(Key::MAX_LEN as u64 + 1).read_to_end(&mut bytes))
            .map_err(read)?;
        Key::from_bytes(&bytes).map_err(|error| unusable(error.to_string()))
    }

    /// A public name of the key (a keyed hash of nothing), to tell another key from a forgery.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Sets the record's [`key`](ShardRecord::key) and [`mac`](ShardRecord::mac), last.
    pub fn seal(&self, record: &mut ShardRecord) {
        record.key = self.id.clone();
        let text = record.checked_text();
        record.mac = hex(&tag(&self.mac, RECORD_DOMAIN, text.as_bytes()));
    }

    fn verifies(&self, domain: &[u8], text: &[u8], tag_hex: &str) -> bool {
        // Compared in constant time.
        unhex(tag_hex)
            .is_some_and(|bytes| keyed(&self.mac, domain, text).verify_slice(&bytes).is_ok())
    }
}

/// Checks `record`'s keyed check against `key` (a keyed record needs its key, and vice versa).
pub fn check_record(record: &ShardRecord, key: Option<&Key>) -> Result<(), KeyError> {
    match key {
        None if record.key.is_empty() && record.mac.is_empty() => Ok(()),
        None => Err(KeyError::Required {
            shard: record.shard,
            id: nqueens_core::quote(&record.key, 20),
        }),
        Some(_) if record.mac.is_empty() => Err(KeyError::Unkeyed(record.shard)),
        Some(key) if record.key != key.id => Err(KeyError::OtherKey {
            shard: record.shard,
            found: nqueens_core::quote(&record.key, 20),
            expected: key.id.clone(),
        }),
        Some(key) => key
            .verifies(RECORD_DOMAIN, record.checked_text().as_bytes(), &record.mac)
            .then_some(())
            .ok_or(KeyError::Forged(record.shard)),
    }
}

fn keyed(mac: &HmacSha256, domain: &[u8], text: &[u8]) -> HmacSha256 {
    let mut mac = mac.clone();
    mac.update(domain);
    mac.update(text);
    mac
}

fn tag(mac: &HmacSha256, domain: &[u8], text: &[u8]) -> Vec<u8> {
    keyed(mac, domain, text).finalize().into_bytes().to_vec()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.is_ascii() || !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

/// The keyed check of a checkpoint's lines: the key, and the header every line's MAC covers.
#[derive(Clone, Debug)]
pub(super) struct LineMac {
    key: Key,
    header: String,
}

impl LineMac {
    pub(super) fn new(key: &Key, header: &str) -> LineMac {
        LineMac {
            key: key.clone(),
            header: header.to_string(),
        }
    }

    fn text(&self, index: usize, tally: Tally) -> String {
        format!("{}\n{index} {} {}", self.header, tally.total, tally.unique)
    }
}

/// The header of a checkpoint written with `key`: the plain header and the key's id.
pub(super) fn keyed_header(plain: &str, key: Option<&Key>) -> String {
    key.map_or_else(
        || plain.to_string(),
        |key| format!("{plain} key={}", key.id),
    )
}

/// Why a checkpoint of this plan (header `plain`) found with header `found` refuses `key`.
pub(super) fn header_mismatch(found: &str, plain: &str, key: Option<&Key>) -> Option<String> {
    let found_id = found.strip_prefix(plain)?.strip_prefix(" key=");
    match (found_id, key) {
        (Some(id), None) => Some(format!(
            "it was written with a key (id {}): resume with --key FILE, the key it was written \
             with",
            nqueens_core::quote(id, 20)
        )),
        (None, Some(_)) if found == plain => Some(
            "it was written without a key: finish that count without --key, or start a new \
             file with --key"
                .to_string(),
        ),
        (Some(id), Some(key)) if id != key.id => Some(format!(
            "it was written with another key (id {}; the key given has id {}): use the key it \
             was written with, or another file",
            nqueens_core::quote(id, 20),
            key.id
        )),
        _ => None,
    }
}

/// Whether a checkpoint line's keyed field `tag` is what `mac` calls for (absent without one).
pub(super) fn line_verifies(
    mac: Option<&LineMac>,
    index: usize,
    tally: Tally,
    tag: Option<&str>,
) -> bool {
    match (mac, tag) {
        (None, None) => true,
        (Some(mac), Some(tag)) => {
            let text = mac.text(index, tally);
            mac.key.verifies(LINE_DOMAIN, text.as_bytes(), tag)
        }
        _ => false,
    }
}

/// What follows a checkpoint line's FNV check: ` MAC` with a key, nothing without.
pub(super) fn line_suffix(mac: Option<&LineMac>, index: usize, tally: Tally) -> String {
    mac.map_or_else(String::new, |mac| {
        let text = mac.text(index, tally);
        format!(" {}", hex(&tag(&mac.key.mac, LINE_DOMAIN, text.as_bytes())))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_told_apart_by_id_and_refused_when_short() {
        let one = Key::from_bytes(&[1; 32]).unwrap();
        let two = Key::from_bytes(&[2; 32]).unwrap();
        assert_eq!(one.id().len(), 16);
        assert_ne!(one.id(), two.id());
        assert!(!format!("{one:?}").contains("[1"));
        assert!(matches!(
            Key::from_bytes(&[1; 15]),
            Err(KeyError::Length { found: 15 })
        ));
        assert!(Key::from_bytes(&[1; Key::MAX_LEN + 1]).is_err());
    }

    #[test]
    fn a_line_mac_covers_the_header_and_the_numbers() {
        let key = Key::from_bytes(&[7; 32]).unwrap();
        let mac = LineMac::new(&key, "header");
        let tally = Tally {
            total: 5,
            unique: 1,
        };
        let suffix = line_suffix(Some(&mac), 3, tally);
        let tag = suffix.trim();
        assert!(line_verifies(Some(&mac), 3, tally, Some(tag)));
        assert!(!line_verifies(Some(&mac), 4, tally, Some(tag)));
        let other = LineMac::new(&key, "other header");
        assert!(!line_verifies(Some(&other), 3, tally, Some(tag)));
        assert!(!line_verifies(Some(&mac), 3, tally, None));
        assert!(!line_verifies(None, 3, tally, Some(tag)));
        assert!(!line_verifies(Some(&mac), 3, tally, Some("zz")));
    }
}
