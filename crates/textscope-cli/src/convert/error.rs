//! Why a file was not converted, as the exit status and the message say it.

use crate::input::InputError;
use textscope::Problem;

/// Why a file was not converted.
#[derive(Debug)]
pub enum ConvertError {
    /// The input could not be read.
    Input(InputError),
    /// The output could not be written: what was being done, and the cause.
    Output { path: String, cause: String },
    /// Bad units would be lost: their exact count and the first few.
    Lossy {
        path: String,
        count: u64,
        first: Vec<Problem>,
    },
    /// The input is binary (D7) and no `--from` was given.
    Binary { path: String },
    /// The input changed between the two passes.
    Changed { path: String },
    /// Not converted in place, and why (an uncertain code page, a hard link).
    Refused { path: String, why: String },
    /// The arguments do not fit together.
    Usage(String),
}

impl ConvertError {
    /// 1 for a refusal (the file is as it is), 2 for a failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            ConvertError::Lossy { .. }
            | ConvertError::Binary { .. }
            | ConvertError::Refused { .. } => crate::error::FOUND,
            _ => crate::error::ERROR,
        }
    }
}

impl std::fmt::Display for ConvertError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::render::safe;
        match self {
            ConvertError::Input(e) => write!(f, "{}: {}", safe(&e.path), e.cause),
            ConvertError::Output { path, cause } => write!(f, "{}: {cause}", safe(path)),
            ConvertError::Lossy { path, count, first } => {
                write!(
                    f,
                    "{}: not converted: {} would be lost (use --replace to write U+FFFD for {})",
                    safe(path),
                    crate::render::plural(*count, "bad unit", "bad units"),
                    if *count == 1 { "it" } else { "them" }
                )?;
                for p in first {
                    write!(
                        f,
                        "\n  line {}, column {} (offset {}): {}: {}",
                        p.line,
                        p.column,
                        p.offset,
                        p.kind.name(),
                        safe(&p.message)
                    )?;
                }
                Ok(())
            }
            ConvertError::Binary { path } => write!(
                f,
                "{}: not converted: the file is binary; name its format with --from to convert it anyway",
                safe(path)
            ),
            ConvertError::Changed { path } => write!(
                f,
                "{}: the file changed while it was converted; nothing was written",
                safe(path)
            ),
            ConvertError::Refused { path, why } => {
                write!(f, "{}: not converted in place: {why}", safe(path))
            }
            ConvertError::Usage(s) => f.write_str(s),
        }
    }
}
