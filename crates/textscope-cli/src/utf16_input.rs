//! Why the input of `utf16` cannot be read as units, bytes or code points: the errors the
//! command's parser makes and the exit status layer (`error.rs`) reports.

use std::fmt;
use textscope::utf16::ParseError;

/// Why the input cannot be read as units, bytes or code points.
#[derive(Debug)]
pub enum Unparseable {
    /// Not hex units or bytes (the core's error, with its position).
    Hex(ParseError),
    /// A `U+` code point that names no character.
    CodePoint(CodePointError),
}

impl fmt::Display for Unparseable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unparseable::Hex(e) => f.write_str(&e.message),
            Unparseable::CodePoint(e) => write!(f, "{e}"),
        }
    }
}

/// A `U+` token that names no character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodePointError {
    /// D800–DFFF: half of a UTF-16 pair.
    Surrogate(u32),
    /// Above 10FFFF.
    TooLarge(u32),
}

impl fmt::Display for CodePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CodePointError::Surrogate(v) => write!(
                f,
                "U+{v:04X} is a surrogate, half of a UTF-16 pair, not the code point of a \
                 character; check units with --units, or inspect the text as typed with --literal"
            ),
            CodePointError::TooLarge(v) => write!(
                f,
                "U+{v:X} is above U+10FFFF, the last code point; inspect the text as typed \
                 with --literal"
            ),
        }
    }
}
