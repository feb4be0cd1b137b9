//! `textscope`: the binary. Everything is in the library (`lib.rs`).

fn main() -> std::process::ExitCode {
    textscope_cli::run()
}
