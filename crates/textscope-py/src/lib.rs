//! The native half of the `textscope` Python package (`textscope._textscope`). The Python half
//! (`python/textscope/`) wraps it: reports cross this boundary as the core's JSON report (the
//! CLI's `--json` object), so every field the core adds reaches Python without a change here.
//!
//! The GIL is released while the core runs (`Python::detach`), so threads analyse files in
//! parallel. A long call takes it back for a moment every [`SIGNAL_EVERY`] between chunks to
//! let Python run its signal handlers (`Python::check_signals`): Ctrl-C raises
//! KeyboardInterrupt within a fraction of a second, not when a 1.5 GB call ends (issue 41).

use pyo3::exceptions::{PyIsADirectoryError, PyOSError, PyValueError};
use pyo3::prelude::*;
use std::cell::RefCell;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use textscope::Options;
use textscope_read::ReadError;

mod codec;
mod decode;
mod detect;
mod stream;
mod utf16;

/// Options from the Python arguments; a bad one is a `ValueError`.
fn options(encoding: Option<&str>, max_problems: i64) -> PyResult<Options> {
    let max = usize::try_from(max_problems).map_err(|_| {
        PyValueError::new_err(format!(
            "max_problems must be 0 or more, not {max_problems}"
        ))
    })?;
    let opts = Options {
        max_problems_per_kind: max,
        ..Options::default()
    };
    match encoding {
        None => Ok(opts),
        Some(name) => opts
            .force_encoding(name)
            .map_err(|e| PyValueError::new_err(e.to_string())),
    }
}

/// An `OSError` naming the path; CPython picks the subclass from the errno
/// (`FileNotFoundError`, `PermissionError`, `IsADirectoryError` …).
fn os_error(e: ReadError, path: &str) -> PyErr {
    match e {
        // A dangling link is not found, as the system says.
        ReadError::Io(io) | ReadError::DanglingLink(io) => match io.raw_os_error() {
            Some(errno) => {
                let text = io.to_string();
                let strerror = text
                    .rsplit_once(" (os error")
                    .map_or(text.as_str(), |(head, _)| head)
                    .to_string();
                PyOSError::new_err((errno, strerror, path.to_string()))
            }
            None => PyOSError::new_err(format!("{path}: {io}")),
        },
        // Refused before any read, so without an errno of the system's: EISDIR is 21 on Linux,
        // macOS, the BSDs and in Windows' C runtime.
        ReadError::IsADirectory => {
            PyIsADirectoryError::new_err((21, "Is a directory", path.to_string()))
        }
        ReadError::Changed { change, read } => {
            let read = read.map(|r| format!(", {r} read")).unwrap_or_default();
            PyOSError::new_err(format!(
                "{path}: the file changed while it was read ({change}{read})"
            ))
        }
        // No limit is asked for: the whole file is read.
        ReadError::TooLarge { max } => {
            PyOSError::new_err(format!("{path}: larger than the limit of {max} bytes"))
        }
        ReadError::Stopped => PyValueError::new_err(format!("{path}: stopped")),
    }
}

/// How often a call with the GIL released looks for a signal Python has received.
const SIGNAL_EVERY: Duration = Duration::from_millis(50);

/// The signal check of a long call: at most every [`SIGNAL_EVERY`], the GIL is taken and
/// Python's signal handlers run; the exception one raises (KeyboardInterrupt for Ctrl-C) is
/// kept and stops the call. Handlers run only on the main thread, so on another thread the
/// check finds nothing, as Python's own loops do.
pub(crate) struct Signals {
    last: Instant,
}

impl Signals {
    pub(crate) fn new() -> Signals {
        Signals {
            last: Instant::now(),
        }
    }

    /// `false` (and the exception kept in `error`) when a handler raised.
    pub(crate) fn ok(&mut self, error: &mut Option<PyErr>) -> bool {
        if self.last.elapsed() < SIGNAL_EVERY {
            return true;
        }
        self.last = Instant::now();
        self.now(error)
    }

    /// The check, now: after a read that a signal interrupted.
    fn now(&mut self, error: &mut Option<PyErr>) -> bool {
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => true,
            Err(e) => {
                *error = Some(e);
                false
            }
        }
    }
}

/// Calls `progress(done, total)` with the GIL taken; `false` (and the exception kept in
/// `error`) when it raised.
fn call_progress(
    progress: Option<&Py<PyAny>>,
    error: &mut Option<PyErr>,
    done: u64,
    total: Option<u64>,
) -> bool {
    let Some(cb) = progress else { return true };
    Python::attach(|py| match cb.call1(py, (done, total)) {
        Ok(_) => true,
        Err(e) => {
            *error = Some(e);
            false
        }
    })
}

/// Analyses the file at `path` in one streaming pass (1 MiB reads, the GIL released); returns
/// the report as JSON. `progress(bytes read, size or None)` is called after each MiB; an
/// exception it raises stops the analysis and is raised here, and so does one a signal
/// handler raises (Ctrl-C).
#[pyfunction]
#[pyo3(signature = (path, encoding=None, max_problems=1000, progress=None))]
fn analyze_path(
    py: Python<'_>,
    path: PathBuf,
    encoding: Option<&str>,
    max_problems: i64,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let opts = options(encoding, max_problems)?;
    let name = path.to_string_lossy().into_owned();
    let (result, error) = py.detach(|| {
        let signals = RefCell::new(Signals::new());
        let error = RefCell::new(None);
        let mut tick = |done, total| {
            let mut e = error.borrow_mut();
            signals.borrow_mut().ok(&mut e) && call_progress(progress.as_ref(), &mut e, done, total)
        };
        let mut interrupted = || signals.borrow_mut().now(&mut error.borrow_mut());
        let result = stream::analyze_file(&path, opts, &mut tick, &mut interrupted);
        (result, error.into_inner())
    });
    if let Some(e) = error {
        return Err(e);
    }
    match result {
        Ok(mut report) => {
            report.path = Some(name);
            Ok(report.to_json())
        }
        Err(e) => Err(os_error(e, &name)),
    }
}

/// Analyses bytes held in memory, in place (the GIL released); returns the report as JSON.
/// The bytes are fed 1 MiB at a time (the report is the same as of one piece: the core
/// streams), with a signal check between pieces; with `progress`, `progress(done, total)` is
/// called after each piece.
#[pyfunction]
#[pyo3(signature = (data, encoding=None, max_problems=1000, progress=None))]
fn analyze_bytes(
    py: Python<'_>,
    data: &[u8],
    encoding: Option<&str>,
    max_problems: i64,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let opts = options(encoding, max_problems)?;
    if progress.is_none() && data.len() <= stream::CHUNK {
        return Ok(py.detach(|| textscope::analyze(data, opts).to_json()));
    }
    let total = data.len() as u64;
    let mut error = None;
    let out = py.detach(|| {
        let mut a = textscope::Analyzer::new(opts);
        let mut signals = Signals::new();
        let mut done = 0u64;
        for piece in data.chunks(stream::CHUNK) {
            a.feed(piece);
            done += piece.len() as u64;
            if !signals.ok(&mut error)
                || !call_progress(progress.as_ref(), &mut error, done, Some(total))
            {
                return None;
            }
        }
        Some(a.finish().to_json())
    });
    match (out, error) {
        (_, Some(e)) => Err(e),
        (Some(json), None) => Ok(json),
        (None, None) => Err(PyValueError::new_err("stopped")),
    }
}

/// The streaming analyser: `feed` chunks, then `finish` for the report as JSON.
#[pyclass(module = "textscope._textscope")]
struct NativeAnalyzer {
    inner: Option<textscope::Analyzer>,
}

/// Chunks at least this long are analysed with the GIL released.
const DETACH_AT: usize = 64 * 1024;

fn finished() -> PyErr {
    PyValueError::new_err("this Analyzer is finished: create a new one")
}

#[pymethods]
impl NativeAnalyzer {
    #[new]
    #[pyo3(signature = (encoding=None, max_problems=1000))]
    fn new(encoding: Option<&str>, max_problems: i64) -> PyResult<Self> {
        let opts = options(encoding, max_problems)?;
        Ok(NativeAnalyzer {
            inner: Some(textscope::Analyzer::new(opts)),
        })
    }

    /// Feeds `data`; a large piece with the GIL released, 1 MiB at a time with a signal check
    /// between (a KeyboardInterrupt then leaves the analyser fed with a prefix of `data`:
    /// `bytes_fed` says how much).
    fn feed(&mut self, py: Python<'_>, data: &[u8]) -> PyResult<()> {
        let a = self.inner.as_mut().ok_or_else(finished)?;
        if data.len() < DETACH_AT {
            a.feed(data);
            return Ok(());
        }
        let mut error = None;
        py.detach(|| {
            let mut signals = Signals::new();
            for piece in data.chunks(stream::CHUNK) {
                a.feed(piece);
                if !signals.ok(&mut error) {
                    break;
                }
            }
        });
        error.map_or(Ok(()), Err)
    }

    #[getter]
    fn bytes_fed(&self) -> PyResult<u64> {
        Ok(self.inner.as_ref().ok_or_else(finished)?.bytes_fed())
    }

    fn finish(&mut self, py: Python<'_>) -> PyResult<String> {
        let a = self.inner.take().ok_or_else(finished)?;
        Ok(py.detach(|| a.finish().to_json()))
    }
}

/// The native module.
/// `fix_mojibake(text)`: the text with every run of UTF-8 read as another code page and saved
/// again repaired (docs/mojibake.md M1–M8); runs the core cannot tell apart are left as they
/// are, and so is everything else.
#[pyfunction]
fn fix_mojibake(py: Python<'_>, text: &str) -> String {
    let text = text.to_owned();
    py.detach(move || textscope::mojibake::fix_mojibake(&text))
}

#[pymodule]
fn _textscope(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(fix_mojibake, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_path, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(decode::decode_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(detect::detect_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(utf16::inspect_json, m)?)?;
    m.add_function(wrap_pyfunction!(utf16::validate_units_json, m)?)?;
    m.add_function(wrap_pyfunction!(utf16::validate_bytes_json, m)?)?;
    m.add_function(wrap_pyfunction!(utf16::check_hex_json, m)?)?;
    m.add_function(wrap_pyfunction!(codec::code_pages, m)?)?;
    m.add_function(wrap_pyfunction!(codec::code_page_name, m)?)?;
    m.add_class::<codec::PageDecoder>()?;
    m.add_class::<codec::PageEncoder>()?;
    m.add_class::<NativeAnalyzer>()?;
    m.add("CHUNK_SIZE", stream::CHUNK)?;
    m.add("SCHEMA_VERSION", textscope::SCHEMA_VERSION)?;
    Ok(())
}
