//! Hex input for the validator (I2): units such as `D83D DE00`, `0xD83D,0xDE00`, `U+D83D`, and
//! bytes such as `3D D8 00 DE` or `3DD800DE`. Separators are any mix of white space and commas.

use std::fmt;

use serde::Serialize;

/// Why a token is not a hex unit or byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ParseErrorKind {
    /// The input holds no token at all.
    Empty,
    /// The token holds something other than hex digits after its prefix (or nothing after it).
    NotHex,
    /// Too many digits: a unit has at most 4, a prefixed byte at most 2.
    TooLong,
    /// An unprefixed run of byte digits of odd length (more than 2), which cannot be split into
    /// pairs.
    OddDigits,
}

/// Input that is not hex units or bytes (I2): names the bad token and where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParseError {
    /// What is wrong with the token.
    pub kind: ParseErrorKind,
    /// The bad token as given (empty for [`ParseErrorKind::Empty`]).
    pub token: String,
    /// 0-based index of the token among the input's tokens.
    pub index: usize,
    /// 0-based character offset of the token in the input.
    pub offset: usize,
    /// One line saying all of this, for people.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// A token of the input: its index, its character offset and its text.
struct Token<'a> {
    index: usize,
    offset: usize,
    text: &'a str,
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ','
}

fn tokens(input: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, char) offset of the current token
    for (chars, (byte, c)) in input.char_indices().enumerate() {
        match (is_separator(c), start) {
            (true, Some((b, ch))) => {
                out.push(Token {
                    index: out.len(),
                    offset: ch,
                    text: &input[b..byte],
                });
                start = None;
            }
            (false, None) => start = Some((byte, chars)),
            _ => {}
        }
    }
    if let Some((b, ch)) = start {
        out.push(Token {
            index: out.len(),
            offset: ch,
            text: &input[b..],
        });
    }
    out
}

fn error(kind: ParseErrorKind, t: &Token<'_>, what: &str, detail: &str) -> ParseError {
    let shown = crate::preview::visible(t.text);
    ParseError {
        kind,
        token: t.text.to_owned(),
        index: t.index,
        offset: t.offset,
        message: format!(
            "token {} (\"{shown}\", at character {}) is not {what}: {detail}",
            t.index, t.offset
        ),
    }
}

fn empty(what: &str) -> ParseError {
    ParseError {
        kind: ParseErrorKind::Empty,
        token: String::new(),
        index: 0,
        offset: 0,
        message: format!("no {what} given"),
    }
}

/// Strips a case-insensitive prefix.
fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

fn first_non_hex(digits: &str) -> Option<char> {
    digits.chars().find(|c| !c.is_ascii_hexdigit())
}

/// Parses UTF-16 code units written in hex (I2): one to four hex digits each, optionally
/// prefixed `0x` or `U+` (either case), separated by any mix of white space and commas.
///
/// ```
/// use textscope::utf16::parse_units;
/// assert_eq!(parse_units("D83D DE00").unwrap(), [0xD83D, 0xDE00]);
/// assert_eq!(parse_units("0xD83D,0xDE00").unwrap(), [0xD83D, 0xDE00]);
/// assert_eq!(parse_units("U+D83D, 41").unwrap(), [0xD83D, 0x0041]);
/// assert_eq!(parse_units("D83D xyz").unwrap_err().token, "xyz");
/// ```
pub fn parse_units(input: &str) -> Result<Vec<u16>, ParseError> {
    let toks = tokens(input);
    if toks.is_empty() {
        return Err(empty("UTF-16 units"));
    }
    toks.iter().map(parse_unit).collect()
}

fn parse_unit(t: &Token<'_>) -> Result<u16, ParseError> {
    let (digits, code_point_form) = if let Some(d) = strip_prefix_ci(t.text, "0x") {
        (d, false)
    } else if let Some(d) = strip_prefix_ci(t.text, "U+") {
        (d, true)
    } else {
        (t.text, false)
    };
    let what = "a UTF-16 unit";
    if digits.is_empty() {
        return Err(error(ParseErrorKind::NotHex, t, what, "no hex digits"));
    }
    if let Some(c) = first_non_hex(digits) {
        let mut shown = String::new();
        crate::preview::push_visible(c, &mut shown);
        let detail = format!("'{shown}' is not a hex digit");
        return Err(error(ParseErrorKind::NotHex, t, what, &detail));
    }
    if digits.len() > 4 {
        let mut detail = String::from("a unit has at most 4 hex digits");
        let scalar = u32::from_str_radix(digits, 16)
            .ok()
            .and_then(char::from_u32)
            .filter(|c| u32::from(*c) > 0xFFFF);
        if let (true, Some(c)) = (code_point_form, scalar) {
            let mut buf = [0u16; 2];
            let units: Vec<String> = c
                .encode_utf16(&mut buf)
                .iter()
                .map(|&u| super::unit_hex(u))
                .collect();
            detail.push_str(&format!(
                "; U+{:04X} is a code point, whose units are {}",
                u32::from(c),
                units.join(" ")
            ));
        }
        return Err(error(ParseErrorKind::TooLong, t, what, &detail));
    }
    // At most four hex digits: always fits.
    u16::from_str_radix(digits, 16)
        .map_err(|_| error(ParseErrorKind::NotHex, t, what, "not a hex number"))
}

/// Parses bytes written in hex: one or two hex digits each, optionally prefixed `0x`, separated
/// by any mix of white space and commas; an unprefixed even run such as `3DD800DE` is read as
/// pairs.
///
/// ```
/// use textscope::utf16::parse_bytes;
/// assert_eq!(parse_bytes("3D D8 00 DE").unwrap(), [0x3D, 0xD8, 0x00, 0xDE]);
/// assert_eq!(parse_bytes("0x3D,0xD8 00DE").unwrap(), [0x3D, 0xD8, 0x00, 0xDE]);
/// assert_eq!(parse_bytes("3D D8G").unwrap_err().index, 1);
/// ```
pub fn parse_bytes(input: &str) -> Result<Vec<u8>, ParseError> {
    let toks = tokens(input);
    if toks.is_empty() {
        return Err(empty("bytes"));
    }
    let mut out = Vec::new();
    for t in &toks {
        let what = "a byte";
        let (digits, prefixed) = match strip_prefix_ci(t.text, "0x") {
            Some(d) => (d, true),
            None => (t.text, false),
        };
        if digits.is_empty() {
            return Err(error(ParseErrorKind::NotHex, t, what, "no hex digits"));
        }
        if let Some(c) = first_non_hex(digits) {
            let mut shown = String::new();
            crate::preview::push_visible(c, &mut shown);
            let detail = format!("'{shown}' is not a hex digit");
            return Err(error(ParseErrorKind::NotHex, t, what, &detail));
        }
        match (digits.len(), prefixed) {
            (1 | 2, _) => {}
            (_, true) => {
                let detail = "a prefixed byte has at most 2 hex digits";
                return Err(error(ParseErrorKind::TooLong, t, what, detail));
            }
            (n, false) if n % 2 == 1 => {
                let detail = "an odd number of hex digits cannot be read as pairs";
                return Err(error(ParseErrorKind::OddDigits, t, what, detail));
            }
            _ => {}
        }
        // Hex digits are ASCII, so byte slicing by pairs is safe.
        let pairs = if digits.len() == 1 {
            1
        } else {
            digits.len() / 2
        };
        for i in 0..pairs {
            let d = if digits.len() == 1 {
                digits
            } else {
                &digits[2 * i..2 * i + 2]
            };
            let b = u8::from_str_radix(d, 16)
                .map_err(|_| error(ParseErrorKind::NotHex, t, what, "not a hex number"))?;
            out.push(b);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn i2_unit_forms_and_mixed_separators() {
        let want = [0xD83D, 0xDE00, 0x0041];
        for input in [
            "D83D DE00 0041",
            "0xD83D,0xDE00,0x0041",
            "U+D83D U+DE00 U+0041",
            "  d83d,\tde00 ,, 41\n",
            "0XD83D, u+de00 41",
        ] {
            assert_eq!(parse_units(input).unwrap(), want, "{input:?}");
        }
    }

    #[test]
    fn i2_bad_token_is_named_with_its_position() {
        let e = parse_units("D83D, DE0G 41").unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::NotHex);
        assert_eq!(e.token, "DE0G");
        assert_eq!((e.index, e.offset), (1, 6));
        assert!(e.message.contains("DE0G"), "{}", e.message);

        let e = parse_units("41 0x").unwrap_err();
        assert_eq!(
            (e.kind, e.index, e.token.as_str()),
            (ParseErrorKind::NotHex, 1, "0x")
        );

        let e = parse_units("U+1F600").unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::TooLong);
        assert!(e.message.contains("D83D DE00"), "{}", e.message);

        assert_eq!(parse_units(" , ").unwrap_err().kind, ParseErrorKind::Empty);
    }

    #[test]
    fn i2_bad_token_message_is_visible() {
        let e = parse_units("41 \u{1B}[31m").unwrap_err();
        assert!(!e.message.contains('\u{1B}'), "{}", e.message);
        assert_eq!(e.token, "\u{1B}[31m");
    }

    #[test]
    fn byte_forms() {
        assert_eq!(
            parse_bytes("3d d8,0x00 0XDE").unwrap(),
            [0x3D, 0xD8, 0, 0xDE]
        );
        assert_eq!(parse_bytes("3DD800DE 1").unwrap(), [0x3D, 0xD8, 0, 0xDE, 1]);
        let e = parse_bytes("3D D80").unwrap_err();
        assert_eq!((e.kind, e.index), (ParseErrorKind::OddDigits, 1));
        let e = parse_bytes("0x3D8").unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::TooLong);
        let e = parse_bytes("U+3D").unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::NotHex);
        assert_eq!(parse_bytes("").unwrap_err().kind, ParseErrorKind::Empty);
    }
}
