//! The `utf16` subcommand on its own, wired as main.rs wires it, until main.rs does:
//! `cargo run -p textscope-cli --example utf16 -- utf16 --units "D83D 0041"`.
//! It is also how the output in docs/utf16.md was produced.

use std::process::ExitCode;

use clap::Parser;

#[path = "../src/utf16_cmd.rs"]
mod utf16_cmd;

#[derive(Parser, Debug)]
#[command(name = "textscope")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(clap::Subcommand, Debug)]
enum Cmd {
    /// Inspect a text as UTF-16, or validate UTF-16 units or bytes (SPEC §8).
    Utf16(utf16_cmd::Utf16Args),
}

fn main() -> ExitCode {
    let Cmd::Utf16(args) = Cli::parse().cmd;
    let color = std::env::var_os("NO_COLOR").is_none()
        && std::io::IsTerminal::is_terminal(&std::io::stdout());
    utf16_cmd::run(&args, color)
}
