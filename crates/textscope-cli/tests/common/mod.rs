//! Helpers shared by the CLI's integration tests (each test file that needs them says
//! `mod common;`).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the built `textscope` binary with `args`.
pub fn textscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(args)
        .output()
        .expect("run textscope")
}

/// The path of a file of the repository's `tests/data/`.
pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(name)
}
