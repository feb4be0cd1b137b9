//! Files of two encodings: a file that does not read as one encoding but splits into a few
//! long runs that each do (UTF-8 with a windows-1252 paragraph, a UTF-16LE export with a UTF-8
//! one appended, two exported files joined at a byte order mark). The rules, G1–G7, are in
//! docs/mojibake.md.
//!
//! [`Segmenter`] finds the segments from the raw bytes in one streaming pass;
//! [`decode_segments`] decodes each with its own encoding.

mod decode;
mod line;
mod runs;
mod segmenter;

pub use decode::decode_segments;
pub use runs::{MAX_SEGMENTS, MIN_HIGH_BYTES, MIN_NON_ASCII, MIN_WIDE_BYTES, SAMPLE_BYTES};
pub use segmenter::Segmenter;

use crate::Format;

/// One stretch of a file in one encoding; the segments of a file cover it in order (the
/// report's `segments`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Segment {
    /// Its first byte.
    pub offset: u64,
    /// Its length in bytes.
    pub length: u64,
    /// Its first line (from 1; lines end at the LF of the segment's own layout).
    pub first_line: u64,
    /// Its last line.
    pub last_line: u64,
    /// Its format.
    pub format: Format,
    /// Its encoding, as a report names it: `UTF-8`, `UTF-16LE` … or a code page
    /// (`windows-1252`).
    pub encoding: String,
    /// It starts with a byte order mark.
    pub mark: bool,
    /// How sure the segmenter is of it, 0–1 (G5).
    pub confidence: f64,
}

/// Segments the whole of `bytes` at once (the same as feeding it in any chunks).
pub fn segments_of(bytes: &[u8]) -> Vec<Segment> {
    let mut s = Segmenter::new();
    s.feed(bytes);
    s.finish()
}
