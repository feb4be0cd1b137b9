//! The JSON writer behind [`super::to_string`]: compact JSON straight into a `String`, with the
//! escapes of serde_json's compact formatter and the terminal-safe ones of [`super`]. It writes
//! what `serde_json::Serializer` with that formatter wrote, byte for byte (the tests compare
//! the two), at a fraction of the cost: serde_json looked at every byte of every string and
//! key through a table and the formatter looked again, each piece a call into `io::Write`,
//! which made the JSON of 20,000 small files' reports cost a quarter of their analysis
//! (issue 18). Floating-point numbers still go through serde_json, so they read as before.

use serde::ser::{self, Serialize};
use serde_json::Error;

mod key;
use key::Key;

/// The output being built.
pub(super) struct Writer {
    pub(super) out: String,
}

/// A byte that [`escape_into`] must look at: a C0 control, `"`, `\`, DEL or any byte of a
/// character beyond ASCII.
pub(super) fn special(b: u8) -> bool {
    (b < 0x20) | (b == b'"') | (b == b'\\') | (b >= 0x7F)
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// True when one of the eight bytes of `x` is [`special`]. Each term flags a byte of its kind
/// exactly when one is there (a borrow or carry it starts can only flag bytes beyond it).
pub(super) fn special8(x: u64) -> bool {
    let zero_in = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS;
    let below_20 = x.wrapping_sub(ONES * 0x20) & !x;
    let from_7f = x | x.wrapping_add(ONES);
    (below_20 | from_7f) & HIGHS | zero_in(x ^ (ONES * 0x22)) | zero_in(x ^ (ONES * 0x5C)) != 0
}

/// True when no byte of `bytes` is [`special`]: eight at a time (the strings are keys and
/// words of a dozen bytes, and messages and previews of a hundred).
fn plain(bytes: &[u8]) -> bool {
    let (eights, rest) = bytes.as_chunks::<8>();
    eights.iter().all(|e| !special8(u64::from_le_bytes(*e))) && !rest.iter().any(|&b| special(b))
}

const HEX_LOWER: &[u8; 16] = b"0123456789abcdef";
const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// `\uXXXX` for one UTF-16 unit, in the given digits.
fn unit_escape(out: &mut String, u: u16, digits: &[u8; 16]) {
    out.push_str("\\u");
    for shift in [12, 8, 4, 0] {
        let d = digits
            .get(usize::from(u >> shift & 0xF))
            .copied()
            .unwrap_or(b'0');
        out.push(char::from(d));
    }
}

/// The contents of a JSON string for `s`: serde_json's escapes (the short ones for backspace,
/// TAB, LF, form feed, CR, `"` and `\`; `\u00xx` with lower-case digits for the other C0
/// controls), then `\uXXXX` with capital digits, one per UTF-16 unit, for DEL, the C1 controls,
/// U+2028, U+2029 and the bidi and invisible characters ([`super::needs_escape`]).
pub(super) fn escape_into(out: &mut String, s: &str) {
    let bytes = s.as_bytes();
    // Most strings (keys, names, the words of the report) need nothing, and are short.
    if plain(bytes) {
        out.push_str(s);
        return;
    }
    let mut start = 0;
    for (i, c) in s.char_indices() {
        let short = match c {
            '"' => Some("\\\""),
            '\\' => Some("\\\\"),
            '\u{8}' => Some("\\b"),
            '\t' => Some("\\t"),
            '\n' => Some("\\n"),
            '\u{C}' => Some("\\f"),
            '\r' => Some("\\r"),
            _ => None,
        };
        let control = c < ' ';
        if short.is_none() && !control && !super::needs_escape(c) {
            continue;
        }
        out.push_str(s.get(start..i).unwrap_or_default());
        start = i + c.len_utf8();
        match short {
            Some(e) => out.push_str(e),
            None if control => unit_escape(out, c as u16, HEX_LOWER),
            None => {
                let mut units = [0u16; 2];
                for &u in c.encode_utf16(&mut units).iter() {
                    unit_escape(out, u, HEX_UPPER);
                }
            }
        }
    }
    out.push_str(s.get(start..).unwrap_or_default());
}

impl Writer {
    pub(super) fn string(&mut self, s: &str) {
        self.out.push('"');
        escape_into(&mut self.out, s);
        self.out.push('"');
    }

    pub(super) fn unsigned(&mut self, mut n: u64) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        loop {
            at -= 1;
            if let Some(d) = digits.get_mut(at) {
                *d = b'0' + (n % 10) as u8;
            }
            n /= 10;
            if n == 0 || at == 0 {
                break;
            }
        }
        for &d in digits.get(at..).unwrap_or_default() {
            self.out.push(char::from(d));
        }
    }

    pub(super) fn signed(&mut self, n: i64) {
        if n < 0 {
            self.out.push('-');
        }
        self.unsigned(n.unsigned_abs());
    }

    /// A float as serde_json writes it (`null` when it is not finite).
    fn float<T: Serialize>(&mut self, v: T) -> Result<(), Error> {
        self.out.push_str(&serde_json::to_string(&v)?);
        Ok(())
    }
}

/// An array, object or variant under way: whether an element was written.
pub(super) struct Compound<'a> {
    w: &'a mut Writer,
    first: bool,
}

impl Compound<'_> {
    fn comma(&mut self) {
        if !self.first {
            self.w.out.push(',');
        }
        self.first = false;
    }
}

impl<'a> ser::Serializer for &'a mut Writer {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.signed(i64::from(v));
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.signed(i64::from(v));
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.signed(i64::from(v));
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.signed(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.unsigned(u64::from(v));
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.unsigned(u64::from(v));
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.unsigned(u64::from(v));
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.unsigned(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.float(v)
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.float(v)
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.string(v.encode_utf8(&mut [0u8; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.string(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        use ser::SerializeSeq;
        let mut seq = self.serialize_seq(Some(v.len()))?;
        for b in v {
            seq.serialize_element(b)?;
        }
        seq.end()
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.out.push_str("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.string(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.out.push('{');
        self.string(variant);
        self.out.push(':');
        value.serialize(&mut *self)?;
        self.out.push('}');
        Ok(())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Compound<'a>, Error> {
        self.out.push('[');
        Ok(Compound {
            w: self,
            first: true,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, Error> {
        self.out.push('{');
        self.string(variant);
        self.out.push_str(":[");
        Ok(Compound {
            w: self,
            first: true,
        })
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Compound<'a>, Error> {
        self.out.push('{');
        Ok(Compound {
            w: self,
            first: true,
        })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, Error> {
        self.out.push('{');
        self.string(variant);
        self.out.push_str(":{");
        Ok(Compound {
            w: self,
            first: true,
        })
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.comma();
        value.serialize(&mut *self.w)
    }
    fn end(self) -> Result<(), Error> {
        self.w.out.push(']');
        Ok(())
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<(), Error> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<(), Error> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<(), Error> {
        self.w.out.push_str("]}");
        Ok(())
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Error> {
        self.comma();
        key.serialize(Key(&mut *self.w))
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.w.out.push(':');
        value.serialize(&mut *self.w)
    }
    fn end(self) -> Result<(), Error> {
        self.w.out.push('}');
        Ok(())
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.comma();
        self.w.string(key);
        self.w.out.push(':');
        value.serialize(&mut *self.w)
    }
    fn end(self) -> Result<(), Error> {
        ser::SerializeMap::end(self)
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }
    fn end(self) -> Result<(), Error> {
        self.w.out.push_str("}}");
        Ok(())
    }
}
