//! The textscope core in the browser: a handful of `extern "C"` functions over an opaque handle,
//! built with cargo alone for `wasm32-unknown-unknown` (no wasm-bindgen, no wasm-pack).
//!
//! Every result is handed over as JSON in the handle's result buffer (`ts_result_ptr`,
//! `ts_result_len`): the report is `Report::to_json()`, the CLI's own `--json` object, so the page
//! and the CLI cannot disagree. Numbers that may exceed 32 bits (offsets, line numbers) cross the
//! boundary as `f64`, exact up to 2^53 bytes. Status codes are in [`status`].
//!
//! The life of a handle (docs/web.md has the worker protocol around it):
//! 1. `ts_new(force)` → handle; `ts_alloc(n)` → a buffer the page copies each chunk into;
//!    `ts_feed(h, buf, n)` for every chunk; `ts_finish(h)` → the report in the result buffer.
//!    The sparse line index (S2) stays in the handle.
//! 2. Any number of times: `ts_lines_begin(h, first, last, max_chars, max_text)` → the byte offset
//!    to read from; `ts_lines_feed(h, buf, n)` until it returns [`status::DONE`] or the file
//!    ends; `ts_lines_finish(h)` → the structure (S1) of lines `first..=last` as JSON: the
//!    core's `StructureJson`, the object `textscope --structure --json` prints (path null).
//! 3. To find the line holding a byte: `ts_locate_begin(h, offset)` → the offset to read from;
//!    `ts_locate_feed` until DONE; `ts_locate_line(h)` → the line number (0: none).
//! 4. "Save as UTF-8 (repaired)" (docs/mojibake.md, "In the explorer"): `ts_repair_scan_begin(h)`,
//!    `ts_repair_scan_feed(h, buf, n)` for every chunk of the file (the runs of mojibake in it
//!    read as UTF-8, as `convert --fix-mojibake` looks for them); `ts_repair_begin(h)`; then
//!    `ts_repair_feed(h, buf, n)` for every chunk again, the result holding that chunk's
//!    repaired UTF-8 bytes; `ts_repair_finish(h)` → the last bytes; `ts_repair_summary(h)` →
//!    `{repaired, ambiguous, over_cap, segments, replaced}` as JSON. The core's
//!    `textscope::repair::Repairer` does the work; the page never decodes.
//! 5. `ts_free(h)`.
//!
//! `ts_sample(format, text, flags)` encodes a text in a format, analyses those bytes with the
//! core and returns a handle whose result holds `{bytes, unmappable, report, structure}`: the
//! format pages show their hex examples from it.
//!
//! This crate is the one place with `unsafe`: raw pointers from JavaScript. Each use is an
//! `unsafe` block with its argument; the rest is safe Rust over the core.

mod sample;

use textscope::mojibake::{MojibakeRun, MojibakeScanner, Utf8Feed};
use textscope::repair::{Repaired, Repairer};
use textscope::{
    Analyzer, LineIndex, LineLocator, Options, Report, StructureBuilder, StructureJson,
    StructureOptions, DEFAULT_INDEX_EVERY,
};

/// Status codes returned by the `ts_*` functions (negative: an error in the call, not in the
/// file; problems in the file are data in the report).
pub mod status {
    /// Done what was asked; more input is welcome.
    pub const OK: i32 = 0;
    /// The request is complete: stop feeding.
    pub const DONE: i32 = 1;
    /// The handle pointer was null.
    pub const NULL_HANDLE: i32 = -1;
    /// The call does not fit the handle's state (feeding after finish, lines before finish).
    pub const WRONG_STATE: i32 = -2;
    /// An argument was unusable (not UTF-8, an unknown encoding name, a bad range).
    pub const BAD_ARGUMENT: i32 = -3;
}

/// The opaque handle: one file's analysis, then its line index.
pub struct Handle {
    analyzer: Option<Analyzer>,
    index: Option<LineIndex>,
    /// The report, kept for the head of each structure.
    report: Option<Report>,
    lines: Option<StructureBuilder>,
    locate: Option<LineLocator>,
    /// The repair's first pass: the runs of mojibake of the file read as UTF-8.
    scan: Option<Utf8Feed>,
    /// The repair's second pass, and the runs found beyond the cap.
    repair: Option<(Repairer, u64)>,
    /// What the last repair did, and the runs found beyond the cap.
    repaired: Option<(Repaired, u64)>,
    result: Vec<u8>,
}

/// The most runs of mojibake one repair undoes (each is kept until its bytes are written):
/// the CLI's `convert --fix-mojibake` cap, `MAX_FIXES`.
pub const MAX_FIXES: usize = 100_000;

impl Handle {
    /// A handle for a new analysis with these options (the index is always built).
    pub fn new(mut opts: Options) -> Handle {
        opts.index_every = Some(DEFAULT_INDEX_EVERY);
        Handle {
            analyzer: Some(Analyzer::new(opts)),
            index: None,
            report: None,
            lines: None,
            locate: None,
            scan: None,
            repair: None,
            repaired: None,
            result: Vec::new(),
        }
    }

    /// Feeds a chunk of the file.
    pub fn feed(&mut self, chunk: &[u8]) -> i32 {
        match &mut self.analyzer {
            Some(a) => {
                a.feed(chunk);
                status::OK
            }
            None => status::WRONG_STATE,
        }
    }

    /// Ends the analysis: the report goes to the result, the index stays.
    pub fn finish(&mut self) -> Result<Report, i32> {
        let a = self.analyzer.take().ok_or(status::WRONG_STATE)?;
        let (report, index) = a.finish_with_index();
        self.result = report.to_json().into_bytes();
        self.index = Some(index);
        self.report = Some(report.clone());
        Ok(report)
    }

    /// Starts the structure of lines `first..=last`; returns the offset to read from.
    pub fn lines_begin(
        &mut self,
        first: u64,
        last: u64,
        opts: StructureOptions,
    ) -> Result<u64, i32> {
        let index = self.index.as_ref().ok_or(status::WRONG_STATE)?;
        if first == 0 || last < first {
            return Err(status::BAD_ARGUMENT);
        }
        let b = StructureBuilder::new(index, first, last, opts);
        let start = b.start_offset();
        self.lines = Some(b);
        Ok(start)
    }

    /// Feeds the bytes that follow the last ones (from the start offset on).
    pub fn lines_feed(&mut self, chunk: &[u8]) -> i32 {
        match &mut self.lines {
            Some(b) => {
                b.feed(chunk);
                if b.done() {
                    status::DONE
                } else {
                    status::OK
                }
            }
            None => status::WRONG_STATE,
        }
    }

    /// The structure asked for goes to the result as JSON.
    pub fn lines_finish(&mut self) -> i32 {
        match (self.lines.take(), &self.report) {
            (Some(b), Some(report)) => {
                let s = StructureJson::new(report, None, b.finish());
                self.result = serde_json::to_vec(&s).unwrap_or_default();
                status::OK
            }
            _ => status::WRONG_STATE,
        }
    }

    /// Starts looking for the line that holds byte `offset`; returns the offset to read from.
    pub fn locate_begin(&mut self, offset: u64) -> Result<u64, i32> {
        let index = self.index.as_ref().ok_or(status::WRONG_STATE)?;
        let l = index.locate(offset);
        let start = l.start_offset();
        self.locate = Some(l);
        Ok(start)
    }

    /// Feeds the next bytes of a search; DONE once the line is found or the lines end.
    pub fn locate_feed(&mut self, chunk: &[u8]) -> i32 {
        let Some(l) = &mut self.locate else {
            return status::WRONG_STATE;
        };
        if !l.done() {
            l.feed(chunk);
        }
        if l.done() {
            status::DONE
        } else {
            status::OK
        }
    }

    /// The line found (0 if none), ending the search.
    pub fn locate_line(&mut self) -> u64 {
        self.locate
            .take()
            .and_then(LineLocator::finish)
            .unwrap_or(0)
    }

    /// Starts looking for the runs of mojibake to repair (after the analysis).
    pub fn repair_scan_begin(&mut self) -> i32 {
        if self.report.is_none() {
            return status::WRONG_STATE;
        }
        self.scan = Some(Utf8Feed::new(MojibakeScanner::with_cap(MAX_FIXES), 0));
        self.repair = None;
        status::OK
    }

    /// Feeds the next chunk of the file to the search for runs.
    pub fn repair_scan_feed(&mut self, chunk: &[u8]) -> i32 {
        match &mut self.scan {
            Some(s) => {
                s.feed(chunk);
                status::OK
            }
            None => status::WRONG_STATE,
        }
    }

    /// Ends the search for runs and starts the repair (the file is fed again from byte 0).
    pub fn repair_begin(&mut self) -> i32 {
        let (Some(scan), Some(index), Some(report)) = (self.scan.take(), &self.index, &self.report)
        else {
            return status::WRONG_STATE;
        };
        let found = scan.finish();
        let over_cap = found.count.saturating_sub(found.runs.len() as u64);
        let runs: Vec<MojibakeRun> = found.runs;
        self.repair = Some((Repairer::new(index, &report.segments, &runs), over_cap));
        self.result.clear();
        status::OK
    }

    /// Repairs the next chunk; its UTF-8 bytes are the result.
    pub fn repair_feed(&mut self, chunk: &[u8]) -> i32 {
        let Some((r, _)) = &mut self.repair else {
            return status::WRONG_STATE;
        };
        self.result.clear();
        r.feed(chunk, &mut self.result);
        status::OK
    }

    /// Ends the repair; the last bytes are the result.
    pub fn repair_finish(&mut self) -> i32 {
        let Some((r, over_cap)) = self.repair.take() else {
            return status::WRONG_STATE;
        };
        self.result.clear();
        let done = r.finish(&mut self.result);
        self.repaired = Some((done, over_cap));
        status::OK
    }

    /// What the last repair did goes to the result as JSON.
    pub fn repair_summary(&mut self) -> i32 {
        let Some((d, over_cap)) = self.repaired else {
            return status::WRONG_STATE;
        };
        let json = serde_json::json!({
            "repaired": d.repaired,
            "ambiguous": d.ambiguous,
            "over_cap": over_cap,
            "segments": d.segments,
            "replaced": d.replaced,
            "read": d.read,
        });
        self.result = json.to_string().into_bytes();
        status::OK
    }

    /// The result of the last call that produced one.
    pub fn result(&self) -> &[u8] {
        &self.result
    }
}

// ---- the extern "C" surface -------------------------------------------------------------------

/// Borrows the handle behind a pointer from JavaScript.
fn handle<'a>(h: *mut Handle) -> Option<&'a mut Handle> {
    // SAFETY: JavaScript only passes pointers that ts_new or ts_sample returned and that
    // ts_free has not freed; the wasm module is single-threaded, so no other reference exists
    // while an exported function runs.
    unsafe { h.as_mut() }
}

/// Borrows `len` bytes at `ptr` (a buffer from ts_alloc).
fn bytes<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if ptr.is_null() || len == 0 {
        return &[];
    }
    // SAFETY: ptr comes from ts_alloc(n) with n >= len, and JavaScript filled those bytes.
    unsafe { std::slice::from_raw_parts(ptr, len) }
}

fn utf8<'a>(ptr: *const u8, len: usize) -> Option<&'a str> {
    std::str::from_utf8(bytes(ptr, len)).ok()
}

fn u64_of(x: f64) -> Option<u64> {
    (x.is_finite() && x >= 0.0).then_some(x as u64)
}

/// Reserves `len` bytes in the module's memory for JavaScript to fill (free with ts_dealloc).
#[no_mangle]
pub extern "C" fn ts_alloc(len: usize) -> *mut u8 {
    let mut v = Vec::<u8>::with_capacity(len.max(1));
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

/// Frees a buffer from ts_alloc (same length).
///
/// # Safety
/// `ptr` must come from `ts_alloc(len)` and not have been freed.
#[no_mangle]
pub unsafe extern "C" fn ts_dealloc(ptr: *mut u8, len: usize) {
    if !ptr.is_null() {
        // SAFETY: ptr and len are those of a ts_alloc call: a Vec<u8> of capacity len.max(1)
        // (for u8, with_capacity allocates exactly that) that nothing else owns.
        unsafe { drop(Vec::from_raw_parts(ptr, 0, len.max(1))) }
    }
}

/// A new analysis. `force` (UTF-8, may be empty) names a format to force (D10): `utf-16le`,
/// `legacy`, `windows-1252` …; null is returned for a name nobody knows.
#[no_mangle]
pub extern "C" fn ts_new(force_ptr: *const u8, force_len: usize) -> *mut Handle {
    let mut opts = Options::default();
    if force_len > 0 {
        let Some(name) = utf8(force_ptr, force_len) else {
            return std::ptr::null_mut();
        };
        match opts.force_encoding(name) {
            Ok(o) => opts = o,
            Err(_) => return std::ptr::null_mut(),
        }
    }
    Box::into_raw(Box::new(Handle::new(opts)))
}

/// Feeds `len` bytes at `ptr`.
#[no_mangle]
pub extern "C" fn ts_feed(h: *mut Handle, ptr: *const u8, len: usize) -> i32 {
    handle(h).map_or(status::NULL_HANDLE, |h| h.feed(bytes(ptr, len)))
}

/// Ends the analysis; the report JSON is the result.
#[no_mangle]
pub extern "C" fn ts_finish(h: *mut Handle) -> i32 {
    match handle(h) {
        Some(h) => h.finish().map_or_else(|e| e, |_| status::OK),
        None => status::NULL_HANDLE,
    }
}

/// Where the last result starts.
#[no_mangle]
pub extern "C" fn ts_result_ptr(h: *mut Handle) -> *const u8 {
    handle(h).map_or(std::ptr::null(), |h| h.result().as_ptr())
}

/// The last result's length in bytes.
#[no_mangle]
pub extern "C" fn ts_result_len(h: *mut Handle) -> usize {
    handle(h).map_or(0, |h| h.result().len())
}

/// Starts the structure of lines `first..=last` (from 1); at most `max_chars` characters
/// itemised and `max_text` characters of text per line. Returns the offset to read from, or a
/// negative status.
#[no_mangle]
pub extern "C" fn ts_lines_begin(
    h: *mut Handle,
    first: f64,
    last: f64,
    max_chars: u32,
    max_text: u32,
) -> f64 {
    let Some(h) = handle(h) else {
        return f64::from(status::NULL_HANDLE);
    };
    let (Some(first), Some(last)) = (u64_of(first), u64_of(last)) else {
        return f64::from(status::BAD_ARGUMENT);
    };
    let opts = StructureOptions {
        max_chars_per_line: max_chars as usize,
        max_text_per_line: max_text as usize,
        all_chars: false,
    };
    h.lines_begin(first, last, opts)
        .map_or_else(f64::from, |o| o as f64)
}

/// Feeds the bytes of a structure request; DONE when every line asked for is complete.
#[no_mangle]
pub extern "C" fn ts_lines_feed(h: *mut Handle, ptr: *const u8, len: usize) -> i32 {
    handle(h).map_or(status::NULL_HANDLE, |h| h.lines_feed(bytes(ptr, len)))
}

/// Ends a structure request; the structure JSON is the result.
#[no_mangle]
pub extern "C" fn ts_lines_finish(h: *mut Handle) -> i32 {
    handle(h).map_or(status::NULL_HANDLE, Handle::lines_finish)
}

/// Starts looking for the line that holds byte `offset`; returns the offset to read from.
#[no_mangle]
pub extern "C" fn ts_locate_begin(h: *mut Handle, offset: f64) -> f64 {
    let Some(h) = handle(h) else {
        return f64::from(status::NULL_HANDLE);
    };
    let Some(offset) = u64_of(offset) else {
        return f64::from(status::BAD_ARGUMENT);
    };
    h.locate_begin(offset).map_or_else(f64::from, |o| o as f64)
}

/// Feeds the bytes of a search; DONE once the line is known.
#[no_mangle]
pub extern "C" fn ts_locate_feed(h: *mut Handle, ptr: *const u8, len: usize) -> i32 {
    handle(h).map_or(status::NULL_HANDLE, |h| h.locate_feed(bytes(ptr, len)))
}

/// Ends a search: the line that holds the byte, 0 if none (in the mark, or past the end).
#[no_mangle]
pub extern "C" fn ts_locate_line(h: *mut Handle) -> f64 {
    handle(h).map_or(0.0, |h| h.locate_line() as f64)
}

/// Starts the repair's first pass (after ts_finish): the runs of mojibake of the file.
#[no_mangle]
pub extern "C" fn ts_repair_scan_begin(h: *mut Handle) -> i32 {
    handle(h).map_or(status::NULL_HANDLE, Handle::repair_scan_begin)
}

/// Feeds the next chunk of the file (from byte 0) to the repair's first pass.
#[no_mangle]
pub extern "C" fn ts_repair_scan_feed(h: *mut Handle, ptr: *const u8, len: usize) -> i32 {
    handle(h).map_or(status::NULL_HANDLE, |h| h.repair_scan_feed(bytes(ptr, len)))
}

/// Ends the first pass and starts the second: the file is fed again from byte 0.
#[no_mangle]
pub extern "C" fn ts_repair_begin(h: *mut Handle) -> i32 {
    handle(h).map_or(status::NULL_HANDLE, Handle::repair_begin)
}

/// Repairs the next chunk; the result is its repaired UTF-8 bytes (copy them out at once).
#[no_mangle]
pub extern "C" fn ts_repair_feed(h: *mut Handle, ptr: *const u8, len: usize) -> i32 {
    handle(h).map_or(status::NULL_HANDLE, |h| h.repair_feed(bytes(ptr, len)))
}

/// Ends the repair; the result is its last bytes.
#[no_mangle]
pub extern "C" fn ts_repair_finish(h: *mut Handle) -> i32 {
    handle(h).map_or(status::NULL_HANDLE, Handle::repair_finish)
}

/// What the last repair did, as JSON: `{repaired, ambiguous, over_cap, segments, replaced,
/// read}`.
#[no_mangle]
pub extern "C" fn ts_repair_summary(h: *mut Handle) -> i32 {
    handle(h).map_or(status::NULL_HANDLE, Handle::repair_summary)
}

/// Encodes `text` (UTF-8) in `format` (`utf-8` … `utf-32be`, `legacy` = windows-1252) and
/// analyses the bytes with the core. `flags`: 1 = put the format's mark first, 2 = let
/// detection decide instead of forcing the format. Returns a handle whose result is
/// `{bytes, unmappable, report, structure}` (null for a bad argument); free it with ts_free.
#[no_mangle]
pub extern "C" fn ts_sample(
    format_ptr: *const u8,
    format_len: usize,
    text_ptr: *const u8,
    text_len: usize,
    flags: u32,
) -> *mut Handle {
    let (Some(format), Some(text)) = (utf8(format_ptr, format_len), utf8(text_ptr, text_len))
    else {
        return std::ptr::null_mut();
    };
    sample::sample(format, text, flags).map_or(std::ptr::null_mut(), one_shot)
}

/// 1 when this module was compiled with wasm SIMD (`target_feature = "simd128"`), else 0: the
/// page and the tests can tell which build they run.
#[no_mangle]
pub extern "C" fn ts_simd128() -> i32 {
    i32::from(cfg!(target_feature = "simd128"))
}

/// Frees a handle.
///
/// # Safety
/// `h` must be null or come from a `ts_*` function returning a handle, and not have been freed.
#[no_mangle]
pub unsafe extern "C" fn ts_free(h: *mut Handle) {
    if !h.is_null() {
        // SAFETY: h came from Box::into_raw in ts_new or ts_sample and is freed once.
        unsafe { drop(Box::from_raw(h)) }
    }
}

/// A handle whose result is `json` (for the one-shot calls below).
fn one_shot(json: String) -> *mut Handle {
    let mut h = Handle::new(Options::default());
    h.analyzer = None;
    h.result = json.into_bytes();
    Box::into_raw(Box::new(h))
}

/// The UTF-16 inspector (SPEC I1) over `text` (UTF-8): a handle whose result is the core's
/// `Inspection` as JSON; free it with ts_free. Null if the text is not UTF-8.
#[no_mangle]
pub extern "C" fn ts_utf16_inspect(text_ptr: *const u8, text_len: usize) -> *mut Handle {
    let Some(text) = utf8(text_ptr, text_len) else {
        return std::ptr::null_mut();
    };
    one_shot(serde_json::to_string(&textscope::utf16::inspect(text)).unwrap_or_default())
}

/// The UTF-16 validator (SPEC I2) over hex units ("D83D DE00", "0xD83D,0xDE00", "U+D83D"):
/// a handle whose result is `{"ok": Validation}` or `{"error": ParseError}` as JSON.
#[no_mangle]
pub extern "C" fn ts_utf16_check(units_ptr: *const u8, units_len: usize) -> *mut Handle {
    let Some(units) = utf8(units_ptr, units_len) else {
        return std::ptr::null_mut();
    };
    let json = match textscope::utf16::check_units(units) {
        Ok(v) => serde_json::json!({ "ok": v }),
        Err(e) => serde_json::json!({ "error": e }),
    };
    one_shot(json.to_string())
}

/// Every code page the core decodes, in its registry's order (commonest first): a handle
/// whose result is `[{"name": "windows-1252", "family": "Western"}, …]` as JSON, for the
/// explorer's "Read as" (each name is one `ts_new` accepts); free it with ts_free.
#[no_mangle]
pub extern "C" fn ts_code_pages() -> *mut Handle {
    let pages: Vec<serde_json::Value> = textscope::CodePage::all()
        .map(|p| serde_json::json!({ "name": p.name(), "family": p.family() }))
        .collect();
    one_shot(serde_json::Value::Array(pages).to_string())
}
