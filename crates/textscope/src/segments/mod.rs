//! Files of two encodings: a file that does not read as one encoding but splits into a few
//! long runs that each do (UTF-8 with a windows-1252 paragraph, a UTF-16LE export with a UTF-8
//! one appended, two exported files joined at a byte order mark). The rules, G1–G7, are in
//! docs/mojibake.md.
//!
//! [`Segmenter`] finds the segments from the raw bytes in one streaming pass;
//! `decode_segments` in `chars.rs` decodes each with its own encoding. (`Segment`, the
//! report's item, lives in `report.rs`, so that the report does not depend on the segmenter.)

mod line;
mod runs;
mod segmenter;

pub use crate::report::Segment;
pub use runs::{MAX_SEGMENTS, MIN_HIGH_BYTES, MIN_NON_ASCII, MIN_WIDE_BYTES, SAMPLE_BYTES};
pub use segmenter::Segmenter;

/// Segments the whole of `bytes` at once (the same as feeding it in any chunks).
pub fn segments_of(bytes: &[u8]) -> Vec<Segment> {
    let mut s = Segmenter::new();
    s.feed(bytes);
    s.finish()
}
