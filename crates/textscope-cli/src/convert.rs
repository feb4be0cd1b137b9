//! `textscope convert` (in progress).

/// Arguments of `textscope convert`.
#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// Files.
    pub files: Vec<std::path::PathBuf>,
}

/// Runs `textscope convert`.
pub fn run(_args: &ConvertArgs) -> std::process::ExitCode {
    std::process::ExitCode::from(2)
}
