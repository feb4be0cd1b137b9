//! What detection found about a file ([`Detected`]): made once per file by the front end, from
//! the window alone, and handed to whatever consumes the file's bytes after it. Detection is
//! a pure function of the window's bytes, whether they are the whole file, and the options:
//! a later stage that needs another reading of the same bytes (a forced format, or a part of
//! the file read again) calls [`Detected::of`] on them.

use super::reading::closest_reading;
use crate::codepage::CodePage;
use crate::container::{self, Container};
use crate::detect::{detect_keeping, Verdict, WINDOW};
use crate::format::{hex, Format};
use crate::index::{Checkpoint, LineIndex};
use crate::options::Options;
use crate::report::{Candidate, Mark, Step};

/// What detection found over the window (D1–D13), or the format the user forced (D10).
#[derive(Clone, Debug, PartialEq)]
pub struct Detected {
    /// The verdict (D1).
    pub format: Format,
    /// The code page of a [`Format::Legacy`] verdict; meaningless otherwise.
    pub code_page: CodePage,
    /// Length of the byte order mark at the start (B1), 0 without one.
    pub mark_len: usize,
    /// The language of the text where detection could tell it (D12), as in the report.
    pub language: Option<&'static str>,
    /// How sure the legacy stage is (D12, 0–1), as the report's `detection.confidence`.
    pub confidence: Option<f64>,
    /// The parsers tried, in D1 order, each accepted or turned down and why (D9). Empty from
    /// [`detect_only`], which stops at the verdict.
    pub steps: Vec<Step>,
    /// The legacy stage's readings, best first (D12).
    pub candidates: Vec<Candidate>,
    /// True when the user forced the format (D10) and detection was skipped.
    pub forced: bool,
    /// How many bytes detection looked at (the window: at most [`WINDOW`]).
    pub window: u64,
    /// The mark's bytes (B1), empty without one.
    pub mark: Vec<u8>,
    /// A binary verdict's container, from the window's first bytes.
    pub container: Option<Container>,
    /// A binary verdict with no container: the closest text reading (issue 14), detected as
    /// if its format had been forced, with the step that says why it was chosen.
    pub reading: Option<Box<Detected>>,
}

/// G9: how sure the segmenter must be of every segment (G5) for a binary verdict to be read
/// as text joined from more than one layout.
const JOINED_CONFIDENCE: f64 = 0.8;

impl Detected {
    /// Detection over `window` (cut to [`WINDOW`] bytes), or the format `opts` forces;
    /// `at_eof`: the window is the whole input.
    ///
    /// ```
    /// use textscope::{Detected, Format, Options};
    /// let d = Detected::of(b"\xFF\xFEH\x00i\x00", true, &Options::default());
    /// assert_eq!((d.format, d.mark_len), (Format::Utf16Le, 2));
    /// let forced = Options::default().force_encoding("utf-8").unwrap();
    /// assert!(Detected::of(b"\xFF\xFEH\x00i\x00", true, &forced).forced);
    /// ```
    pub fn of(window: &[u8], at_eof: bool, opts: &Options) -> Detected {
        let window = window.get(..WINDOW).unwrap_or(window);
        let verdict = match opts.force {
            Some(format) => forced_verdict(format, opts.code_page, window, at_eof),
            None => crate::detect::detect(window, at_eof),
        };
        let mut d = Detected::from_verdict(verdict, window);
        d.forced = opts.force.is_some();
        if !d.forced && d.format == Format::Legacy {
            d.two_encodings(window, at_eof);
        }
        if d.format == Format::Binary {
            d.container = container::sniff(window);
            if d.container.is_none() && !d.forced {
                d.joined_layouts(window);
            }
        }
        // The closest reading of a binary verdict: the same window read as that format, as if
        // forced; the report decodes it alongside the verdict, in the same pass.
        if d.format == Format::Binary && d.container.is_none() && !d.forced {
            // D13's reading is D12's winner, already ranked: named here, so that the window
            // is not ranked a second time (nor the stack of a debug build taken twice as deep).
            let winner = d
                .candidates
                .first()
                .and_then(|c| CodePage::for_label(&c.encoding));
            d.reading = closest_reading(&d.steps).map(|(format, step)| {
                let forced = Options {
                    force: Some(format),
                    code_page: winner.filter(|_| format == Format::Legacy),
                    ..opts.clone()
                };
                let mut r = Detected::of(window, at_eof, &forced);
                r.steps = vec![step];
                r.forced = false;
                Box::new(r)
            });
        }
        d
    }

    /// G8 (docs/mojibake.md): a legacy verdict over a window of two encodings. When the window
    /// splits into segments and its UTF-8 ones hold more bytes than the others, and D3 turned
    /// UTF-8 down only for its invalid sequences, the file is UTF-8 with segments in another
    /// encoding. Otherwise its code page is ranked again (D12) on the bytes of its 8-bit
    /// segments alone, so that UTF-8 lines do not vote for the page.
    fn two_encodings(&mut self, window: &[u8], at_eof: bool) {
        let segments = crate::segments::segments_of(window);
        if segments.len() < 2 {
            return;
        }
        let bytes_of = |utf8: bool| -> u64 {
            segments
                .iter()
                .filter(|s| (s.format == Format::Utf8) == utf8)
                .map(|s| s.length)
                .sum()
        };
        let foreign = |utf8: bool| -> String {
            let lines: Vec<String> = segments
                .iter()
                .filter(|s| (s.format == Format::Utf8) != utf8)
                .map(|s| match s.first_line == s.last_line {
                    true => format!("{} ({})", s.first_line, s.encoding),
                    false => format!("{}\u{2013}{} ({})", s.first_line, s.last_line, s.encoding),
                })
                .collect();
            lines.join(", ")
        };
        let invalid_only = self
            .steps
            .iter()
            .any(|s| s.format == Format::Utf8 && s.code == "too_many_invalid");
        let mut figures = std::collections::BTreeMap::new();
        figures.insert("segments".to_string(), segments.len() as u64);
        if invalid_only && bytes_of(true) > bytes_of(false) {
            figures.insert("other_bytes".to_string(), bytes_of(false));
            self.steps.push(Step {
                format: Format::Utf8,
                accepted: true,
                code: "utf8_with_segments".to_string(),
                reason: format!("UTF-8 but for lines in another encoding: {}", foreign(true)),
                figures,
            });
            self.format = Format::Utf8;
            self.code_page = CodePage::windows_1252();
            self.language = None;
            self.confidence = None;
            self.candidates = Vec::new();
            return;
        }
        let mut legacy = Vec::new();
        for s in segments.iter().filter(|s| s.format == Format::Legacy) {
            let (Ok(at), Ok(len)) = (usize::try_from(s.offset), usize::try_from(s.length)) else {
                continue;
            };
            legacy.extend_from_slice(window.get(at..at + len).unwrap_or_default());
        }
        if legacy.is_empty() || bytes_of(false) <= bytes_of(true) {
            return;
        }
        let again = crate::detect::detect(&legacy, at_eof);
        if again.format != Format::Legacy || again.encoding == self.code_page {
            return;
        }
        figures.insert("legacy_bytes".to_string(), legacy.len() as u64);
        self.steps.push(Step {
            format: Format::Legacy,
            accepted: true,
            code: "legacy_without_utf8_lines".to_string(),
            reason: format!(
                "code page {} from the lines that are not UTF-8 (the others: {})",
                again.encoding.name(),
                foreign(false)
            ),
            figures,
        });
        self.code_page = again.encoding;
        self.language = again.language;
        self.confidence = again.confidence;
        self.candidates = again.candidates;
    }

    /// G9 (docs/mojibake.md): a binary verdict over a window that splits into segments of
    /// text in more than one layout, each standing (two exports joined: UTF-8, then UTF-16
    /// with its mark). No one reading covers it, yet every byte is text: the file is the
    /// text of its largest segment, and the others are its segments, each read in its own
    /// layout.
    fn joined_layouts(&mut self, window: &[u8]) {
        use crate::decode::switch::layout;
        let segments = crate::segments::segments_of(window);
        let layouts: std::collections::BTreeSet<u8> =
            segments.iter().map(|s| layout(s.format)).collect();
        let standing = segments
            .iter()
            .all(|s| s.format.is_text() && s.confidence >= JOINED_CONFIDENCE);
        if segments.len() < 2 || layouts.len() < 2 || !standing {
            return;
        }
        let Some(main) = segments.iter().max_by_key(|s| s.length) else {
            return;
        };
        let code_page = match main.format {
            Format::Legacy => match CodePage::for_label(&main.encoding) {
                Some(cp) => cp,
                None => return,
            },
            _ => CodePage::windows_1252(),
        };
        let mark_len = match main.offset {
            0 => usize::try_from(main.mark_len()).unwrap_or(0),
            _ => 0,
        };
        let list: Vec<String> = segments
            .iter()
            .map(|s| match s.first_line == s.last_line {
                true => format!("{} ({})", s.first_line, s.encoding),
                false => format!("{}\u{2013}{} ({})", s.first_line, s.last_line, s.encoding),
            })
            .collect();
        let mut figures = std::collections::BTreeMap::new();
        figures.insert("segments".to_string(), segments.len() as u64);
        self.steps.push(Step {
            format: main.format,
            accepted: true,
            code: "joined_layouts".to_string(),
            reason: format!("text in more than one layout, lines {}", list.join(", ")),
            figures,
        });
        self.format = main.format;
        self.code_page = code_page;
        self.mark_len = mark_len;
        self.mark = window.get(..mark_len).unwrap_or_default().to_vec();
        self.language = None;
        self.confidence = None;
        self.candidates = Vec::new();
    }

    fn from_verdict(v: Verdict, window: &[u8]) -> Detected {
        Detected {
            format: v.format,
            code_page: v.encoding,
            mark_len: v.mark_len,
            language: v.language,
            confidence: v.confidence,
            steps: v.steps,
            candidates: v.candidates,
            forced: false,
            window: window.len() as u64,
            mark: window.get(..v.mark_len).unwrap_or_default().to_vec(),
            container: None,
            reading: None,
        }
    }

    /// The report's name of the encoding: the code page for legacy, else the format's
    /// (`UTF-16LE`, `binary`, `empty`).
    pub fn encoding_name(&self) -> String {
        match self.format {
            Format::Legacy => self.code_page.name().to_string(),
            Format::Utf8 => "UTF-8".to_string(),
            Format::Utf16Le => "UTF-16LE".to_string(),
            Format::Utf16Be => "UTF-16BE".to_string(),
            Format::Utf32Le => "UTF-32LE".to_string(),
            Format::Utf32Be => "UTF-32BE".to_string(),
            Format::Binary => "binary".to_string(),
            Format::Empty => "empty".to_string(),
        }
    }

    /// The mark node of the report (B1), `None` without a mark.
    pub fn bom(&self) -> Option<Mark> {
        (!self.mark.is_empty()).then(|| Mark {
            offset: 0,
            length: self.mark.len() as u64,
            bytes: hex(&self.mark),
        })
    }

    /// What a [`crate::StructureBuilder`] or the character stream's decoder needs to decode
    /// the file from its first line: the format, the code page and the mark, with the one
    /// checkpoint of line 1. Its `size` is the window's and `lines` is 0: the window was not
    /// decoded for it.
    pub fn line_index(&self) -> LineIndex {
        let mark_len = self.mark_len as u64;
        LineIndex {
            format: self.format,
            encoding: self.code_page.name().to_string(),
            mark_len,
            size: self.window,
            lines: 0,
            checkpoints: vec![Checkpoint {
                line: 1,
                offset: mark_len,
            }],
            switches: Vec::new(),
        }
    }
}

/// Runs detection on the window alone and stops at the verdict, without decoding the window
/// and without the explanation: the cheapest way to the answer of [`crate::analyze`] on
/// `format`, `encoding`, `bom`, `language` and `detection.confidence`, for callers that need
/// nothing else (the Python binding's `detect`). `window` is cut to [`WINDOW`] bytes;
/// `at_eof`: it is the whole input (as the front end passes it, true only for inputs shorter
/// than [`WINDOW`]). Its `steps` and `candidates` are empty.
pub fn detect_only(window: &[u8], at_eof: bool) -> Detected {
    let window = window.get(..WINDOW).unwrap_or(window);
    // Two readings give the confidence; the runners-up beyond are the report's.
    let mut v = detect_keeping(window, at_eof, 2, false);
    v.steps.clear();
    v.candidates.clear();
    Detected::from_verdict(v, window)
}

/// D10: the user's format; only its own mark is recognised.
fn forced_verdict(
    format: Format,
    code_page: Option<CodePage>,
    window: &[u8],
    at_eof: bool,
) -> Verdict {
    let mark_len = format
        .mark()
        .filter(|m| window.starts_with(m))
        .map_or(0, <[u8]>::len);
    let encoding = match (format, code_page) {
        (Format::Legacy, Some(e)) => e,
        (Format::Legacy, None) => crate::detect::guess_code_page(window, at_eof),
        _ => CodePage::windows_1252(),
    };
    let what = if format == Format::Legacy {
        format!("legacy code page {}", encoding.name())
    } else {
        format.name().to_string()
    };
    let reason = if mark_len > 0 {
        format!("forced by the user: {what} (its byte order mark is present)")
    } else {
        format!("forced by the user: {what}")
    };
    Verdict {
        format,
        encoding,
        mark_len,
        steps: vec![Step {
            format,
            accepted: true,
            code: "forced".to_string(),
            reason,
            figures: Default::default(),
        }],
        language: None,
        confidence: None,
        candidates: Vec::new(),
    }
}
