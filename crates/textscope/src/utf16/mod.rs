//! The UTF-16 inspector and validator (SPEC §8, rules I1–I3).
//!
//! Three ways in, one vocabulary out:
//! - from text ([`inspect`]): each code point with its name, plane, UTF-16 units, UTF-16BE and
//!   UTF-16LE bytes and, for a supplementary character, the derivation of its surrogate pair
//!   (I1); totals of code points, units, bytes and extended grapheme clusters;
//! - from hex units ([`parse_units`] then [`validate`], or [`check_units`] for both): well-formed,
//!   or every error with its class and 0-based unit position, the first as the headline (I2);
//! - from bytes ([`parse_bytes`] then [`validate_bytes`], or [`check_bytes`]): bytes paired into
//!   units in the given byte order, then the same analysis; an odd byte count is an error too.
//!
//! Every result derives `serde::Serialize`, so the CLI and the web page emit the same JSON.
//!
//! ```
//! use textscope::utf16::{check_units, inspect, ErrorClass};
//! let ins = inspect("😀");
//! assert_eq!(ins.code_points[0].utf16, ["D83D", "DE00"]);
//! assert_eq!(ins.code_points[0].utf16le, "3D D8 00 DE");
//!
//! let v = check_units("D83D 0041").unwrap();
//! assert!(!v.well_formed);
//! let first = v.headline.unwrap();
//! assert_eq!((first.class, first.position), (ErrorClass::ExpectedLowSurrogate, 1));
//! ```

mod inspect;
mod parse;
mod validate;

pub use inspect::{
    derive, inspect, label, name, plane, CodePointInfo, Derivation, DerivationStep, Inspection,
    Plane, Totals,
};
pub use parse::{parse_bytes, parse_units, ParseError, ParseErrorKind};
pub use validate::{
    units_from_bytes, validate, validate_bytes, ByteOrder, ErrorClass, Utf16Error, Validation,
};

/// Parses hex units (I2 input forms) and validates them: [`parse_units`] then [`validate`].
pub fn check_units(input: &str) -> Result<Validation, ParseError> {
    parse_units(input).map(|units| validate(&units))
}

/// Parses hex bytes and validates them as UTF-16 in `order`: [`parse_bytes`] then
/// [`validate_bytes`].
pub fn check_bytes(input: &str, order: ByteOrder) -> Result<Validation, ParseError> {
    parse_bytes(input).map(|bytes| validate_bytes(&bytes, order))
}

/// The upper-case hex form of one unit, four digits: `D83D`.
pub(crate) fn unit_hex(u: u16) -> String {
    format!("{u:04X}")
}

/// True for a high (leading) surrogate, D800–DBFF.
pub(crate) fn is_high(u: u16) -> bool {
    (0xD800..=0xDBFF).contains(&u)
}

/// True for a low (trailing) surrogate, DC00–DFFF.
pub(crate) fn is_low(u: u16) -> bool {
    (0xDC00..=0xDFFF).contains(&u)
}
