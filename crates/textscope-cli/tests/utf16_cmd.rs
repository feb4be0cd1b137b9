//! Compiles `src/utf16_cmd.rs` on its own and runs its unit tests, so the `utf16` subcommand is
//! tested before (and independently of) its wiring in main.rs.

#[allow(dead_code)]
#[path = "../src/utf16_cmd.rs"]
mod utf16_cmd;
