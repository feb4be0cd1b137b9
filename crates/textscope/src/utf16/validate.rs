//! The validator (I2): UTF-16 units, or bytes paired into units, scanned left to right.

use serde::Serialize;

use super::inspect::{inspect, Inspection};
use super::{is_high, is_low, unit_hex};

/// The byte order in which bytes are paired into units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum ByteOrder {
    /// Big-endian: the first byte of a pair is the high one (`D8 3D` is D83D).
    #[serde(rename = "BE")]
    Be,
    /// Little-endian: the first byte of a pair is the low one (`3D D8` is D83D).
    #[serde(rename = "LE")]
    Le,
}

/// The class of an error (I2), written in JSON as the SPEC writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorClass {
    /// A low surrogate not taken by a pair; at the low surrogate.
    UnpairedLowSurrogate,
    /// A high surrogate followed by a unit that is not a low surrogate; at the follower.
    ExpectedLowSurrogate,
    /// A high surrogate as the last unit, after other units; at the high surrogate.
    TruncatedSurrogatePair,
    /// A high surrogate as the only unit; at it.
    UnpairedHighSurrogate,
    /// Bytes only: an odd number of bytes, the last one half a unit; at the unit it would have
    /// begun (one past the last whole unit).
    OddByteCount,
}

impl ErrorClass {
    /// The class as the SPEC writes it: `UNPAIRED_LOW_SURROGATE` …
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorClass::UnpairedLowSurrogate => "UNPAIRED_LOW_SURROGATE",
            ErrorClass::ExpectedLowSurrogate => "EXPECTED_LOW_SURROGATE",
            ErrorClass::TruncatedSurrogatePair => "TRUNCATED_SURROGATE_PAIR",
            ErrorClass::UnpairedHighSurrogate => "UNPAIRED_HIGH_SURROGATE",
            ErrorClass::OddByteCount => "ODD_BYTE_COUNT",
        }
    }
}

/// One error found by the validator (I2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Utf16Error {
    /// Its class.
    pub class: ErrorClass,
    /// 0-based unit position (see each [`ErrorClass`] for which unit).
    pub position: usize,
    /// The unit at `position`, upper-case hex; `None` for [`ErrorClass::OddByteCount`].
    pub unit: Option<String>,
    /// When validating bytes: the 0-based byte offset of that unit (or of the odd byte).
    pub byte_offset: Option<usize>,
    /// One line for people.
    pub message: String,
}

/// What the validator reports (I2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Validation {
    /// When validating bytes: the byte order they were paired in.
    pub byte_order: Option<ByteOrder>,
    /// When validating bytes: how many were given.
    pub byte_count: Option<usize>,
    /// The units validated, upper-case hex (whole units only, when from bytes).
    pub units: Vec<String>,
    /// True when there is no error.
    pub well_formed: bool,
    /// The first error, if any (the headline); also `errors[0]`.
    pub headline: Option<Utf16Error>,
    /// Every error, left to right.
    pub errors: Vec<Utf16Error>,
    /// The units decoded with U+FFFD for each unpaired surrogate (and for an odd last byte).
    pub lossy: String,
    /// When well-formed: the decoded text, inspected as [`inspect`] does (I1).
    pub decoded: Option<Inspection>,
}

/// Validates UTF-16 units (I2), scanning left to right: a low surrogate not taken by a pair is
/// `UNPAIRED_LOW_SURROGATE` at it; a high surrogate followed by a non-low is
/// `EXPECTED_LOW_SURROGATE` at the follower (which is then scanned on its own); a high surrogate
/// as the last unit is `TRUNCATED_SURROGATE_PAIR` at it when units precede it, and
/// `UNPAIRED_HIGH_SURROGATE` when it is the only unit. Noncharacters are valid.
///
/// ```
/// use textscope::utf16::{validate, ErrorClass};
/// let v = validate(&[0x0041, 0xD83D]);
/// assert_eq!(v.errors[0].class, ErrorClass::TruncatedSurrogatePair);
/// assert_eq!(v.errors[0].position, 1);
/// assert!(validate(&[0xD83D, 0xDE00, 0xFFFF]).well_formed);
/// ```
pub fn validate(units: &[u16]) -> Validation {
    let errors: Vec<Utf16Error> = scan(units)
        .into_iter()
        .map(|(class, position)| unit_error(units, class, position))
        .collect();
    let well_formed = errors.is_empty();
    let lossy = String::from_utf16_lossy(units);
    let decoded = well_formed.then(|| inspect(&lossy));
    Validation {
        byte_order: None,
        byte_count: None,
        units: units.iter().map(|&u| unit_hex(u)).collect(),
        well_formed,
        headline: errors.first().cloned(),
        errors,
        lossy,
        decoded,
    }
}

/// The I2 scan: each error's class and 0-based unit position, left to right.
fn scan(units: &[u16]) -> Vec<(ErrorClass, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&u) = units.get(i) {
        if is_low(u) {
            out.push((ErrorClass::UnpairedLowSurrogate, i));
        } else if is_high(u) {
            match units.get(i + 1) {
                Some(&next) if is_low(next) => i += 1, // a pair: skip its low surrogate
                Some(_) => out.push((ErrorClass::ExpectedLowSurrogate, i + 1)),
                None if i == 0 => out.push((ErrorClass::UnpairedHighSurrogate, i)),
                None => out.push((ErrorClass::TruncatedSurrogatePair, i)),
            }
        }
        i += 1;
    }
    out
}

fn unit_error(units: &[u16], class: ErrorClass, position: usize) -> Utf16Error {
    let at = |p: usize| {
        units
            .get(p)
            .map_or_else(|| "?".to_string(), |&u| unit_hex(u))
    };
    let u = at(position);
    let message = match class {
        ErrorClass::UnpairedLowSurrogate => format!(
            "{u} at unit {position} is a low surrogate (DC00–DFFF) with no high surrogate before it"
        ),
        ErrorClass::ExpectedLowSurrogate => format!(
            "{} at unit {} is a high surrogate, so a low surrogate (DC00–DFFF) must follow; \
             {u} at unit {position} is not one",
            at(position.wrapping_sub(1)),
            position.saturating_sub(1)
        ),
        ErrorClass::TruncatedSurrogatePair => format!(
            "{u} at unit {position} is a high surrogate at the end of the input: \
             the low surrogate of its pair is missing"
        ),
        ErrorClass::UnpairedHighSurrogate => format!(
            "{u} is a high surrogate standing alone: a low surrogate (DC00–DFFF) must follow it"
        ),
        // Not a unit error: `validate_bytes` words it itself; this arm only keeps the match whole.
        ErrorClass::OddByteCount => format!("{u} at unit {position}: an odd byte count"),
    };
    Utf16Error {
        class,
        position,
        unit: Some(u),
        byte_offset: None,
        message,
    }
}

/// Pairs bytes into units in `order`; returns the units and the odd last byte, if any.
///
/// ```
/// use textscope::utf16::{units_from_bytes, ByteOrder};
/// assert_eq!(units_from_bytes(&[0x3D, 0xD8, 0x41], ByteOrder::Le), (vec![0xD83D], Some(0x41)));
/// ```
pub fn units_from_bytes(bytes: &[u8], order: ByteOrder) -> (Vec<u16>, Option<u8>) {
    let pairs = bytes.chunks_exact(2);
    let odd = pairs.remainder().first().copied();
    let units = pairs
        .map(|p| {
            let pair = [
                p.first().copied().unwrap_or(0),
                p.get(1).copied().unwrap_or(0),
            ];
            match order {
                ByteOrder::Be => u16::from_be_bytes(pair),
                ByteOrder::Le => u16::from_le_bytes(pair),
            }
        })
        .collect();
    (units, odd)
}

/// Validates bytes as UTF-16 in `order`: pairs them into units, validates those (I2), and
/// reports an odd byte count as a last error, `ODD_BYTE_COUNT` (never ignored).
///
/// ```
/// use textscope::utf16::{validate_bytes, ByteOrder, ErrorClass};
/// assert!(validate_bytes(&[0x3D, 0xD8, 0x00, 0xDE], ByteOrder::Le).well_formed);
/// let v = validate_bytes(&[0x00, 0x41, 0x00], ByteOrder::Be);
/// assert_eq!(v.errors[0].class, ErrorClass::OddByteCount);
/// assert_eq!(v.errors[0].byte_offset, Some(2));
/// ```
pub fn validate_bytes(bytes: &[u8], order: ByteOrder) -> Validation {
    let (units, odd) = units_from_bytes(bytes, order);
    let mut v = validate(&units);
    v.byte_order = Some(order);
    v.byte_count = Some(bytes.len());
    for e in &mut v.errors {
        e.byte_offset = Some(e.position * 2);
    }
    if let Some(b) = odd {
        let offset = bytes.len() - 1;
        v.errors.push(Utf16Error {
            class: ErrorClass::OddByteCount,
            position: units.len(),
            unit: None,
            byte_offset: Some(offset),
            message: format!(
                "{} bytes is an odd count: the last byte ({b:02X} at offset {offset}) is half a \
                 UTF-16 unit",
                bytes.len()
            ),
        });
        v.lossy.push('\u{FFFD}');
        v.well_formed = false;
        v.decoded = None;
    }
    v.headline = v.errors.first().cloned();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(units: &[u16]) -> Vec<(ErrorClass, usize)> {
        validate(units)
            .errors
            .iter()
            .map(|e| (e.class, e.position))
            .collect()
    }

    #[test]
    fn i2_every_error_left_to_right() {
        use ErrorClass::*;
        assert_eq!(
            classes(&[0xDC00, 0x41, 0xD800, 0x42, 0xD800, 0xD800]),
            [
                (UnpairedLowSurrogate, 0),
                (ExpectedLowSurrogate, 3),
                (ExpectedLowSurrogate, 5),
                (TruncatedSurrogatePair, 5),
            ]
        );
        // The follower of a lone high surrogate starts a pair of its own.
        assert_eq!(
            classes(&[0xD800, 0xD83D, 0xDE00]),
            [(ExpectedLowSurrogate, 1)]
        );
        assert_eq!(classes(&[]), []);
    }

    #[test]
    fn i2_noncharacters_are_valid() {
        for u in (0xFDD0..=0xFDEF).chain([0xFFFE, 0xFFFF]) {
            assert!(validate(&[u]).well_formed, "{u:04X}");
        }
        // U+1FFFE, U+10FFFF
        assert!(validate(&[0xD83F, 0xDFFE, 0xDBFF, 0xDFFF]).well_formed);
    }

    #[test]
    fn well_formed_units_are_decoded_and_inspected() {
        let v = validate(&[0xD83D, 0xDE00, 0x41]);
        assert!(v.well_formed && v.headline.is_none());
        let d = v.decoded.unwrap();
        assert_eq!(d.text, "😀A");
        assert_eq!(d.totals.utf16_units, 3);
    }

    #[test]
    fn lossy_text_marks_each_bad_unit() {
        assert_eq!(validate(&[0x41, 0xDC00, 0xD800]).lossy, "A\u{FFFD}\u{FFFD}");
    }

    #[test]
    fn bytes_in_both_orders() {
        let le = validate_bytes(&[0x3D, 0xD8, 0x00, 0xDE], ByteOrder::Le);
        let be = validate_bytes(&[0xD8, 0x3D, 0xDE, 0x00], ByteOrder::Be);
        assert_eq!(le.units, ["D83D", "DE00"]);
        assert_eq!(be.units, le.units);
        assert!(le.well_formed && be.well_formed);
        // The same bytes read in the other order are two BMP characters.
        let swapped = validate_bytes(&[0x3D, 0xD8, 0x00, 0xDE], ByteOrder::Be);
        assert_eq!(swapped.units, ["3DD8", "00DE"]);
    }

    #[test]
    fn odd_byte_count_is_an_error_after_the_unit_errors() {
        let v = validate_bytes(&[0x00, 0xD8, 0x41], ByteOrder::Le);
        assert!(!v.well_formed && v.decoded.is_none());
        let got: Vec<_> = v
            .errors
            .iter()
            .map(|e| (e.class, e.position, e.byte_offset))
            .collect();
        assert_eq!(
            got,
            [
                (ErrorClass::UnpairedHighSurrogate, 0, Some(0)),
                (ErrorClass::OddByteCount, 1, Some(2)),
            ]
        );
        assert_eq!(v.headline.unwrap().class, ErrorClass::UnpairedHighSurrogate);
        assert_eq!(v.lossy, "\u{FFFD}\u{FFFD}");
        assert_eq!(v.byte_count, Some(3));
    }
}
