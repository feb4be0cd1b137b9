//! I2's input parsers (`utf16::parse_units`, `parse_bytes`) on arbitrary strings, against a
//! small reference parser written here from the rule, and the validator against
//! `char::decode_utf16`:
//! - neither parser panics; both accept exactly what the reference accepts, with the same
//!   values, and on refusal name the same error kind, the first bad token (its text, its index
//!   among the tokens and its character offset) and a message with no control character;
//! - units parsed → written in a fuzzer-chosen form (`D83D`, `0xd83d`, `U+D83D`, with spaces or
//!   commas) → parsed again are the same units; likewise for bytes (pairs, or one unprefixed run);
//! - `validate` over the units finds exactly the unpaired surrogates that `char::decode_utf16`
//!   finds, each mapped to its I2 class and position; `lossy` is the std lossy decode; `decoded`
//!   is there iff well-formed; `check_units` = `parse_units` + `validate`;
//! - `validate_bytes` in either order is the unit validation of the paired bytes plus one
//!   `ODD_BYTE_COUNT` last when the count is odd; `check_bytes` = `parse_bytes` +
//!   `validate_bytes`.
//!
//! Byte 0 is a control byte (how to write the units and bytes back); the rest is the input
//! string (lossily decoded from UTF-8).
#![no_main]

use libfuzzer_sys::fuzz_target;
use textscope::utf16::{self, ByteOrder, ErrorClass, ParseErrorKind, Validation};

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ','
}

/// The tokens of `input` with their character offsets, found independently of the crate.
fn tokens(input: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut cur: Option<(usize, String)> = None;
    for (i, c) in input.chars().enumerate() {
        if is_separator(c) {
            out.extend(cur.take());
        } else {
            cur.get_or_insert_with(|| (i, String::new())).1.push(c);
        }
    }
    out.extend(cur);
    out
}

fn strip_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let b = s.as_bytes();
    let p = prefix.as_bytes();
    if b.len() >= p.len() && b[..p.len()].eq_ignore_ascii_case(p) {
        Some(&s[p.len()..]) // the prefix is ASCII, so this is a char boundary
    } else {
        None
    }
}

fn all_hex(d: &str) -> bool {
    !d.is_empty() && d.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Reference for one unit token: `[0x|U+]` then 1–4 hex digits.
fn ref_unit(tok: &str) -> Result<u16, ParseErrorKind> {
    let d = strip_ci(tok, "0x")
        .or_else(|| strip_ci(tok, "U+"))
        .unwrap_or(tok);
    if !all_hex(d) {
        return Err(ParseErrorKind::NotHex);
    }
    if d.len() > 4 {
        return Err(ParseErrorKind::TooLong);
    }
    Ok(u16::from_str_radix(d, 16).unwrap())
}

/// Reference for one byte token: `0x` then 1–2 hex digits, or 1 digit, or an even run of pairs.
fn ref_bytes(tok: &str, out: &mut Vec<u8>) -> Result<(), ParseErrorKind> {
    let (d, prefixed) = match strip_ci(tok, "0x") {
        Some(d) => (d, true),
        None => (tok, false),
    };
    if !all_hex(d) {
        return Err(ParseErrorKind::NotHex);
    }
    if prefixed && d.len() > 2 {
        return Err(ParseErrorKind::TooLong);
    }
    if d.len() > 1 && d.len() % 2 == 1 {
        return Err(ParseErrorKind::OddDigits);
    }
    if d.len() == 1 {
        out.push(u8::from_str_radix(d, 16).unwrap());
    } else {
        for i in (0..d.len()).step_by(2) {
            out.push(u8::from_str_radix(&d[i..i + 2], 16).unwrap());
        }
    }
    Ok(())
}

/// What the reference parser says: the values, or (kind, index, offset, token) of the first
/// bad token.
type RefResult<T> = Result<Vec<T>, (ParseErrorKind, usize, usize, String)>;

fn ref_parse_units(input: &str) -> RefResult<u16> {
    let toks = tokens(input);
    if toks.is_empty() {
        return Err((ParseErrorKind::Empty, 0, 0, String::new()));
    }
    let mut out = Vec::new();
    for (index, (offset, tok)) in toks.into_iter().enumerate() {
        match ref_unit(&tok) {
            Ok(u) => out.push(u),
            Err(kind) => return Err((kind, index, offset, tok)),
        }
    }
    Ok(out)
}

fn ref_parse_bytes(input: &str) -> RefResult<u8> {
    let toks = tokens(input);
    if toks.is_empty() {
        return Err((ParseErrorKind::Empty, 0, 0, String::new()));
    }
    let mut out = Vec::new();
    for (index, (offset, tok)) in toks.into_iter().enumerate() {
        if let Err(kind) = ref_bytes(&tok, &mut out) {
            return Err((kind, index, offset, tok));
        }
    }
    Ok(out)
}

fn check_parse<T: PartialEq + std::fmt::Debug>(
    what: &str,
    ours: Result<Vec<T>, utf16::ParseError>,
    reference: RefResult<T>,
) -> Option<Vec<T>> {
    match (ours, reference) {
        (Ok(a), Ok(b)) => {
            assert!(!a.is_empty(), "{what}: Ok with nothing parsed");
            assert_eq!(a, b, "{what}: values differ from the reference");
            Some(a)
        }
        (Err(e), Err((kind, index, offset, token))) => {
            assert_eq!(
                (e.kind, e.index, e.offset, &e.token),
                (kind, index, offset, &token),
                "{what}: error differs from the reference"
            );
            if let Some(c) = e.message.chars().find(|c| {
                c.is_control() || textscope::preview::is_bidi_or_invisible(*c)
            }) {
                panic!("{what}: message holds U+{:04X}: {:?}", c as u32, e.message);
            }
            None
        }
        (ours, reference) => panic!("{what}: ours {ours:?}, reference {reference:?}"),
    }
}

/// The I2 errors (class, position) that `char::decode_utf16` implies for `units`.
fn std_errors(units: &[u16]) -> Vec<(ErrorClass, usize)> {
    let mut out = Vec::new();
    let mut pos = 0;
    for item in char::decode_utf16(units.iter().copied()) {
        match item {
            Ok(c) => pos += c.len_utf16(),
            Err(e) => {
                let s = e.unpaired_surrogate();
                let class_pos = if (0xDC00..=0xDFFF).contains(&s) {
                    (ErrorClass::UnpairedLowSurrogate, pos)
                } else if pos + 1 < units.len() {
                    (ErrorClass::ExpectedLowSurrogate, pos + 1)
                } else if pos == 0 {
                    (ErrorClass::UnpairedHighSurrogate, pos)
                } else {
                    (ErrorClass::TruncatedSurrogatePair, pos)
                };
                out.push(class_pos);
                pos += 1;
            }
        }
    }
    assert_eq!(pos, units.len());
    out
}

fn check_validation(units: &[u16], v: &Validation) {
    let ours: Vec<(ErrorClass, usize)> = v.errors.iter().map(|e| (e.class, e.position)).collect();
    assert_eq!(ours, std_errors(units), "errors differ from decode_utf16");
    assert_eq!(v.well_formed, v.errors.is_empty());
    assert_eq!(v.headline.as_ref(), v.errors.first());
    let hex: Vec<String> = units.iter().map(|u| format!("{u:04X}")).collect();
    assert_eq!(v.units, hex);
    for e in &v.errors {
        assert_eq!(e.unit.as_deref(), hex.get(e.position).map(String::as_str));
    }
    let lossy: String = char::decode_utf16(units.iter().copied())
        .map(|r| r.unwrap_or('\u{FFFD}'))
        .collect();
    assert_eq!(v.lossy, lossy);
    match &v.decoded {
        Some(ins) => {
            assert!(v.well_formed);
            assert_eq!(ins.text, lossy);
            assert_eq!(ins.totals.code_points, lossy.chars().count());
            assert_eq!(ins.totals.utf16_units, units.len());
        }
        None => assert!(!v.well_formed),
    }
}

fn check_bytes_validation(bytes: &[u8], order: ByteOrder, v: &Validation) {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|p| match order {
            ByteOrder::Be => u16::from_be_bytes([p[0], p[1]]),
            ByteOrder::Le => u16::from_le_bytes([p[0], p[1]]),
        })
        .collect();
    let mut plain = utf16::validate(&units);
    for e in &mut plain.errors {
        e.byte_offset = Some(2 * e.position);
    }
    assert_eq!(v.byte_order, Some(order));
    assert_eq!(v.byte_count, Some(bytes.len()));
    assert_eq!(v.units, plain.units);
    let odd = bytes.len() % 2 == 1;
    let n = plain.errors.len();
    assert_eq!(v.errors.len(), n + usize::from(odd));
    assert_eq!(v.errors[..n], plain.errors[..]);
    if odd {
        let last = &v.errors[n];
        assert_eq!(last.class, ErrorClass::OddByteCount);
        assert_eq!(last.position, units.len());
        assert_eq!(last.byte_offset, Some(bytes.len() - 1));
        assert!(!v.well_formed && v.decoded.is_none());
        assert_eq!(v.lossy, format!("{}\u{FFFD}", plain.lossy));
    } else {
        assert_eq!(v.well_formed, plain.well_formed);
        assert_eq!(v.lossy, plain.lossy);
        assert_eq!(v.decoded, plain.decoded);
    }
    assert_eq!(v.headline.as_ref(), v.errors.first());
}

fn separator(control: u8, i: usize) -> &'static str {
    const SEPS: [&str; 6] = [" ", ",", ", ", "\t", "\n ,", "\u{3000}"];
    if i == 0 {
        ""
    } else {
        SEPS[(usize::from(control >> 4) + i) % SEPS.len()]
    }
}

/// Writes units back in the form bits 0–2 of `control` choose.
fn write_units(units: &[u16], control: u8) -> String {
    let mut s = String::new();
    for (i, u) in units.iter().enumerate() {
        s.push_str(separator(control, i));
        let t = match control & 7 {
            0 => format!("{u:04X}"),
            1 => format!("{u:x}"),
            2 => format!("0x{u:04x}"),
            3 => format!("0X{u:X}"),
            4 => format!("U+{u:04X}"),
            5 => format!("u+{u:x}"),
            6 => format!("{u:04x}"),
            _ => format!("{u:X}"),
        };
        s.push_str(&t);
    }
    s
}

/// Writes bytes back in the form bits 0–1 of `control` choose (3: one unprefixed run, which
/// must be even, so a lone odd last byte is written on its own).
fn write_bytes(bytes: &[u8], control: u8) -> String {
    let mut s = String::new();
    if control & 3 == 3 {
        let even = bytes.len() & !1;
        for b in &bytes[..even] {
            s.push_str(&format!("{b:02x}"));
        }
        if let Some(b) = bytes.get(even) {
            s.push_str(&format!(" {b:X}"));
        }
        return s;
    }
    for (i, b) in bytes.iter().enumerate() {
        s.push_str(separator(control, i));
        let t = match control & 3 {
            0 => format!("{b:02X}"),
            1 => format!("0x{b:x}"),
            _ => format!("{b:x}"),
        };
        s.push_str(&t);
    }
    s
}

fuzz_target!(|data: &[u8]| {
    let Some((&control, rest)) = data.split_first() else {
        return;
    };
    let input = String::from_utf8_lossy(rest);

    let units = check_parse("units", utf16::parse_units(&input), ref_parse_units(&input));
    let checked = utf16::check_units(&input);
    match &units {
        Some(units) => {
            let v = checked.expect("check_units refused what parse_units took");
            check_validation(units, &v);
            assert_eq!(v, utf16::validate(units));
            let again = write_units(units, control);
            assert_eq!(
                utf16::parse_units(&again).as_ref(),
                Ok(units),
                "units written back as {again:?} do not parse to the same"
            );
        }
        None => assert!(checked.is_err()),
    }

    let bytes = check_parse("bytes", utf16::parse_bytes(&input), ref_parse_bytes(&input));
    for order in [ByteOrder::Le, ByteOrder::Be] {
        let checked = utf16::check_bytes(&input, order);
        match &bytes {
            Some(bytes) => {
                let v = checked.expect("check_bytes refused what parse_bytes took");
                check_bytes_validation(bytes, order, &v);
                assert_eq!(v, utf16::validate_bytes(bytes, order));
            }
            None => assert!(checked.is_err()),
        }
    }
    if let Some(bytes) = &bytes {
        let again = write_bytes(bytes, control);
        assert_eq!(
            utf16::parse_bytes(&again).as_ref(),
            Ok(bytes),
            "bytes written back as {again:?} do not parse to the same"
        );
    }

    // Arbitrary units straight from the fuzzer's bytes, too (the parsers rarely produce long
    // runs of surrogates): the validator against decode_utf16. At most 256 bytes: a
    // well-formed validation inspects every character (names, graphemes), the slow part here.
    let rest = &rest[..rest.len().min(256)];
    let raw: Vec<u16> = rest
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect();
    check_validation(&raw, &utf16::validate(&raw));
    check_bytes_validation(rest, ByteOrder::Be, &utf16::validate_bytes(rest, ByteOrder::Be));
});
