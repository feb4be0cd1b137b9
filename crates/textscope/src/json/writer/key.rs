//! An object's key for the writer of `mod.rs`, as serde_json writes keys.

use super::Writer;
use serde::ser::{self, Serialize};
use serde_json::Error;

/// An object's key: a string, or a number, a bool or a unit variant written as one (as
/// serde_json writes them); anything else is an error, as there.
pub(super) struct Key<'a>(pub(super) &'a mut Writer);

fn key_error() -> Error {
    ser::Error::custom("key must be a string")
}

impl Key<'_> {
    fn quoted(self, f: impl FnOnce(&mut Writer)) -> Result<(), Error> {
        self.0.out.push('"');
        f(self.0);
        self.0.out.push('"');
        Ok(())
    }
}

impl ser::Serializer for Key<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.quoted(|w| w.out.push_str(if v { "true" } else { "false" }))
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.quoted(|w| w.signed(i64::from(v)))
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.quoted(|w| w.signed(i64::from(v)))
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.quoted(|w| w.signed(i64::from(v)))
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.quoted(|w| w.signed(v))
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.quoted(|w| w.unsigned(u64::from(v)))
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.quoted(|w| w.unsigned(u64::from(v)))
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.quoted(|w| w.unsigned(u64::from(v)))
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.quoted(|w| w.unsigned(v))
    }
    fn serialize_f32(self, _: f32) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_f64(self, _: f64) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.0.string(v.encode_utf8(&mut [0u8; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.0.string(v);
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.0.string(variant);
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
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(key_error())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_error())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_error())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_error())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_error())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_error())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Err(key_error())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_error())
    }
}
