//! The UTF-16 inspector and validator (SPEC §8, I1–I3), as the core's JSON.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde::Serialize;
use textscope::utf16::{self, ByteOrder};

fn json<T: Serialize>(value: &T) -> PyResult<String> {
    textscope::json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn order(name: &str) -> PyResult<ByteOrder> {
    match name.to_ascii_lowercase().as_str() {
        "le" | "little" | "utf-16le" => Ok(ByteOrder::Le),
        "be" | "big" | "utf-16be" => Ok(ByteOrder::Be),
        _ => Err(PyValueError::new_err(format!(
            "byte_order must be 'le' or 'be', not {name:?}"
        ))),
    }
}

/// Each code point of `text` with its units, bytes, plane and name (I1).
#[pyfunction]
pub fn inspect_json(text: &str) -> PyResult<String> {
    json(&utf16::inspect(text))
}

/// Validates UTF-16 units (I2).
#[pyfunction]
pub fn validate_units_json(units: Vec<u16>) -> PyResult<String> {
    json(&utf16::validate(&units))
}

/// Pairs bytes into units in `byte_order`, then validates them (I2).
#[pyfunction]
pub fn validate_bytes_json(data: &[u8], byte_order: &str) -> PyResult<String> {
    json(&utf16::validate_bytes(data, order(byte_order)?))
}

/// Parses hex units (`"D83D DE00"`, `"0xD83D,0xDE00"`, `"\\uD83D\\uDE00"`) and validates them.
#[pyfunction]
pub fn check_hex_json(units: &str) -> PyResult<String> {
    let v = utf16::check_units(units).map_err(|e| PyValueError::new_err(e.to_string()))?;
    json(&v)
}
