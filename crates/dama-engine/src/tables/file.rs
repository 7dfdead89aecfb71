//! The table file format: one file per material slice.
//!
//! ```text
//! offset  size  field
//!      0     8  magic "DAMADTW\0"
//!      8     4  format version, little endian (currently 1)
//!     12     4  material: own men, own kings, their men, their kings (one byte each)
//!     16     8  entry count, little endian (must equal Material::entries)
//!     24     8  FNV-1a 64 checksum of the payload, little endian
//!     32     n  payload: one byte per entry, in index order (see Verdict::to_byte)
//! ```
//!
//! The file is named after its material (`2m1k-1m0k.dtw`); the loader checks that the name,
//! the header and the length agree, and that the checksum matches.

use std::fmt;
use std::io::{self, Read, Write};
use std::path::Path;

use super::index::Material;

/// The first eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"DAMADTW\0";
/// The format this code writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// Bytes before the payload.
pub const HEADER_LEN: usize = 32;

/// FNV-1a, 64 bits, over `bytes`, continuing from `hash` (start with [`FNV_OFFSET`]).
#[must_use]
pub fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The FNV-1a 64 offset basis.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// Why a table file could not be used.
#[derive(Debug)]
pub enum FileError {
    Io(io::Error),
    BadMagic,
    WrongVersion(u32),
    WrongMaterial { expected: Material, found: [u8; 4] },
    WrongLength { expected: u64, found: u64 },
    BadChecksum,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io(error) => write!(f, "cannot read: {error}"),
            FileError::BadMagic => f.write_str("not a dama endgame table"),
            FileError::WrongVersion(version) => write!(
                f,
                "format version {version}, this program reads version {FORMAT_VERSION} (rebuild the tables)"
            ),
            FileError::WrongMaterial { expected, found } => write!(
                f,
                "header material {}m{}k-{}m{}k does not match the file name {expected}",
                found[0], found[1], found[2], found[3]
            ),
            FileError::WrongLength { expected, found } => {
                write!(
                    f,
                    "{found} entries where {expected} were expected (truncated or damaged)"
                )
            }
            FileError::BadChecksum => f.write_str("checksum mismatch (damaged file)"),
        }
    }
}

impl std::error::Error for FileError {}

impl From<io::Error> for FileError {
    fn from(error: io::Error) -> Self {
        FileError::Io(error)
    }
}

/// Writes one slice, through a temporary file renamed into place, so that a stopped build
/// never leaves a half-written table under the real name. Returns the bytes written.
pub fn write_slice(dir: &Path, material: Material, payload: &[u8]) -> io::Result<u64> {
    let path = dir.join(material.file_name());
    let partial = dir.join(format!("{}.partial", material.file_name()));
    let mut header = [0u8; HEADER_LEN];
    header[0..8].copy_from_slice(&MAGIC);
    header[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    header[12..16].copy_from_slice(&[
        material.own_men,
        material.own_kings,
        material.their_men,
        material.their_kings,
    ]);
    header[16..24].copy_from_slice(&(payload.len() as u64).to_le_bytes());
    header[24..32].copy_from_slice(&fnv1a(FNV_OFFSET, payload).to_le_bytes());
    {
        let mut file = io::BufWriter::new(std::fs::File::create(&partial)?);
        file.write_all(&header)?;
        file.write_all(payload)?;
        file.into_inner()
            .map_err(io::IntoInnerError::into_error)?
            .sync_all()?;
    }
    std::fs::rename(&partial, &path)?;
    Ok((HEADER_LEN + payload.len()) as u64)
}

/// Reads and checks one slice; the payload on success.
pub fn read_slice(dir: &Path, material: Material) -> Result<Vec<u8>, FileError> {
    let mut file = std::fs::File::open(dir.join(material.file_name()))?;
    let mut header = [0u8; HEADER_LEN];
    file.read_exact(&mut header)
        .map_err(|error| match error.kind() {
            io::ErrorKind::UnexpectedEof => FileError::WrongLength {
                expected: material.entries(),
                found: 0,
            },
            _ => FileError::Io(error),
        })?;
    if header[0..8] != MAGIC {
        return Err(FileError::BadMagic);
    }
    let field = |range: std::ops::Range<usize>| {
        let mut bytes = [0u8; 8];
        bytes[..range.len()].copy_from_slice(&header[range]);
        u64::from_le_bytes(bytes)
    };
    let version = field(8..12) as u32;
    if version != FORMAT_VERSION {
        return Err(FileError::WrongVersion(version));
    }
    let found = [header[12], header[13], header[14], header[15]];
    let expected_material = [
        material.own_men,
        material.own_kings,
        material.their_men,
        material.their_kings,
    ];
    if found != expected_material {
        return Err(FileError::WrongMaterial {
            expected: material,
            found,
        });
    }
    let entries = field(16..24);
    let checksum = field(24..32);
    if entries != material.entries() {
        return Err(FileError::WrongLength {
            expected: material.entries(),
            found: entries,
        });
    }
    let mut payload = Vec::with_capacity(entries as usize);
    file.take(entries + 1).read_to_end(&mut payload)?;
    if payload.len() as u64 != entries {
        return Err(FileError::WrongLength {
            expected: entries,
            found: payload.len() as u64,
        });
    }
    if fnv1a(FNV_OFFSET, &payload) != checksum {
        return Err(FileError::BadChecksum);
    }
    Ok(payload)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        assert_eq!(fnv1a(FNV_OFFSET, b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(FNV_OFFSET, b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(FNV_OFFSET, b"foobar"), 0x8594_4171_f739_67e8);
    }
}
