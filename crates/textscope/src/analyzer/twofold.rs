//! Files of two encodings and mojibake in the report (docs/mojibake.md G8 and M9): which files
//! the segmenter and the mojibake scanner read, over which bytes, and the findings they give.
//!
//! - A file no longer than the window is read whole, at the start: its segments unless it is
//!   clean UTF-8 (no invalid sequence, no NUL), its mojibake if it is UTF-8 with a byte above 7F.
//! - A longer file is segmented as it streams, from its first byte, unless its window is clean
//!   UTF-8. Then the segmenter waits (G8) until the report's reading meets the first invalid
//!   sequence, cut character or NUL, and starts at the line before it, on the verdict's word
//!   for everything earlier. So a foreign paragraph at 3 GB is found, and a clean UTF-8 file
//!   pays one counter check per chunk.
//! - The mojibake of a longer UTF-8 file is looked for in its window; the rest is read only
//!   when the window held some (M9).

use crate::decode::switch::switches_of;
use crate::detect::WINDOW;
use crate::finding::{Finding, FindingKind, Repair};
use crate::format::{hex, Format};
use crate::front::{Detected, Window};
use crate::mojibake::{MojibakeFindings, MojibakeRun, MojibakeScanner, Utf8Feed};
use crate::report::Step;
use crate::segments::{segments_of, Segment, Segmenter};
use crate::tracker::Tracker;

/// G8: the most bytes of the current line kept while the segmenter waits (a longer line is
/// segmented from the chunk after the one that made it longer).
const TAIL: usize = 65_536;

#[derive(Debug)]
enum Seg {
    Off,
    Done(Vec<Segment>),
    /// G8: the window's segments of a longer file, the last to be stretched to its end.
    Window(Vec<Segment>),
    On(Box<Segmenter>),
    /// G8: a clean UTF-8 window; the line in progress and where it starts.
    Waiting {
        tail: Vec<u8>,
        at: u64,
        line: u64,
    },
}

#[derive(Debug)]
enum Moji {
    Off,
    Done(MojibakeFindings),
    On(Box<Utf8Feed>),
}

/// The segmenter and the mojibake scanner of one report.
#[derive(Debug)]
pub(crate) struct Twofold {
    seg: Seg,
    moji: Moji,
    /// Bytes below this offset were read at the start.
    read: u64,
}

/// D3's figures of the window as UTF-8: (clean, holds a multi-byte sequence).
fn utf8_figures(steps: &[Step], window: &[u8], mark_len: usize) -> (bool, bool) {
    let step = steps
        .iter()
        .find(|s| s.format == Format::Utf8 && s.figures.contains_key("invalid_sequences"));
    if let Some(s) = step {
        let get = |k: &str| s.figures.get(k).copied().unwrap_or(0);
        return (
            get("invalid_sequences") == 0 && get("nul") == 0,
            get("valid_multibyte") > 0,
        );
    }
    let body = window.get(mark_len..).unwrap_or_default();
    let mut clean = !body.contains(&0);
    for chunk in body.utf8_chunks() {
        // A sequence cut by the end of the window is not invalid (D3).
        clean &= chunk.invalid().is_empty() || chunk.invalid().len() + chunk.valid().len() == 0;
    }
    (clean, !body.is_ascii())
}

/// M9: the bytes hold two characters above U+007F in a row (a byte above 7F followed by the
/// lead byte of a sequence, C0–FF), which every unit of mojibake is (M1); eight bytes at a
/// time. Text whose accented letters stand alone in ASCII words ("émilie", "São") holds none.
fn two_in_a_row(bytes: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut carry = false;
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let mut a = [0u8; 8];
        a.copy_from_slice(w);
        let x = u64::from_le_bytes(a);
        let high = x & HIGH;
        // Bytes C0–FF: their top two bits set.
        let lead = x & (x << 1) & HIGH;
        if (high << 8) & lead != 0 || (carry && lead & 0x80 != 0) {
            return true;
        }
        carry = high >> 56 != 0;
    }
    let mut prev = carry;
    for &b in words.remainder() {
        if prev && b >= 0xC0 {
            return true;
        }
        prev = b >= 0x80;
    }
    false
}

/// The segmenter's start for the file whose detection and window these are (G8), and the
/// window's UTF-8 figures: (clean, holds a byte above 7F).
fn seg_start(d: &Detected, window: Window<'_>) -> (Seg, bool) {
    let bytes = window.bytes.get(..WINDOW).unwrap_or(window.bytes);
    let utf8 = d.format == Format::Utf8;
    let (clean, non_ascii) = if utf8 {
        utf8_figures(&d.steps, bytes, d.mark_len)
    } else {
        (false, false)
    };
    let binary_file = d.format == Format::Binary && d.container.is_some();
    let seg = if binary_file || (utf8 && clean && window.at_eof) {
        Seg::Off
    } else if window.at_eof {
        Seg::Done(segments_of(bytes))
    } else if utf8 && clean {
        Seg::Waiting {
            tail: Vec::new(),
            at: d.mark_len as u64,
            line: 1,
        }
    } else if utf8 {
        let mut s = Segmenter::new();
        s.feed(bytes);
        Seg::On(Box::new(s))
    } else {
        // G8: a longer legacy or UTF-16/32 file is segmented over its window only (the
        // segmenter reads such text at a few hundred MB/s, against the report's GB/s);
        // the last segment runs to the end of the file.
        Seg::Window(segments_of(bytes))
    };
    (seg, non_ascii)
}

/// G9: the changes of layout that the window of the file `d` describes shows, as the report
/// reads them (none for a forced or binary verdict). Cheap for most files: a stretch of
/// another layout than one byte has zero bytes or a mark (G1, G3), so a one-byte verdict over
/// a window with neither is not segmented for this.
pub(crate) fn window_switches(d: &Detected, window: Window<'_>) -> Vec<crate::index::Switch> {
    if !d.format.is_text() || d.forced {
        return Vec::new();
    }
    let bytes = window.bytes.get(..WINDOW).unwrap_or(window.bytes);
    let wide = crate::decode::switch::layout(d.format) != 0
        || bytes.contains(&0)
        || bytes
            .windows(2)
            .any(|w| w == [0xFF, 0xFE] || w == [0xFE, 0xFF]);
    if !wide {
        return Vec::new();
    }
    match seg_start(d, window).0 {
        Seg::Done(s) | Seg::Window(s) => switches_of(d.format, d.code_page.name(), &s),
        _ => Vec::new(),
    }
}

impl Detected {
    /// The index for reading the file from its start, as [`Detected::line_index`], with the
    /// changes of layout its window shows (docs/mojibake.md G9: a UTF-8 export after a UTF-16
    /// one is read as UTF-8), as the report reads them. `window` is what the front end passed
    /// with this detection.
    pub fn line_index_in(&self, window: Window<'_>) -> crate::LineIndex {
        let mut index = self.line_index();
        index.switches = window_switches(self, window);
        index
    }
}

impl Twofold {
    pub(crate) fn new(d: &Detected, window: Window<'_>) -> Twofold {
        let bytes = window.bytes.get(..WINDOW).unwrap_or(window.bytes);
        let utf8 = d.format == Format::Utf8;
        let (seg, non_ascii) = seg_start(d, window);
        let body = bytes.get(d.mark_len..).unwrap_or_default();
        let moji = if utf8 && non_ascii && two_in_a_row(body) {
            let mut f = Utf8Feed::new(MojibakeScanner::new(), d.mark_len as u64);
            f.feed(body);
            if window.at_eof {
                Moji::Done(f.finish())
            } else if f.has_found() {
                Moji::On(Box::new(f))
            } else {
                Moji::Off
            }
        } else {
            Moji::Off
        };
        Twofold {
            seg,
            moji,
            read: bytes.len() as u64,
        }
    }

    /// The segments known at the start (a file read whole, or a longer one's window), before
    /// any of the rest is read.
    pub(crate) fn known_segments(&self) -> Option<&[Segment]> {
        match &self.seg {
            Seg::Done(s) | Seg::Window(s) => Some(s),
            _ => None,
        }
    }

    /// What the rest of the file is needed for ([`crate::Rest`]).
    pub(crate) fn rest(&self) -> crate::Rest {
        match (&self.seg, &self.moji) {
            (Seg::On(_), _) | (_, Moji::On(_)) => crate::Rest::Everything,
            (Seg::Waiting { .. }, _) => crate::Rest::OnSigns,
            _ => crate::Rest::Nothing,
        }
    }

    /// True when nothing is left to read.
    #[inline]
    pub(crate) fn idle(&self) -> bool {
        matches!(self.seg, Seg::Off | Seg::Done(_))
            && matches!(self.moji, Moji::Off | Moji::Done(_))
    }

    /// The bytes at `at`, after the report's reading (`tracker`) has taken them.
    pub(crate) fn feed(&mut self, bytes: &[u8], at: u64, tracker: &Tracker) {
        let skip = usize::try_from(self.read.saturating_sub(at)).unwrap_or(usize::MAX);
        let fresh = bytes.get(skip..).unwrap_or_default();
        if let Moji::On(f) = &mut self.moji {
            f.feed(fresh);
        }
        match &mut self.seg {
            Seg::On(s) => s.feed(fresh),
            Seg::Waiting {
                tail,
                at: tail_at,
                line,
            } => {
                if tracker.foreign_signs() > 0 {
                    // G8: the first sign of another encoding: segment from the line it is on
                    // (or the one the chunk started in).
                    let mut s = Segmenter::after_clean_start(*tail_at, *line);
                    s.feed(tail);
                    s.feed(bytes);
                    self.seg = Seg::On(Box::new(s));
                    return;
                }
                if tracker.line() != *line {
                    // A line ended in these bytes: the tail is what follows its LF (none
                    // after a lone CR: the segmenter then starts at the next chunk).
                    *line = tracker.line();
                    tail.clear();
                    let rest = match bytes.iter().rposition(|&b| b == b'\n') {
                        Some(lf) => bytes.get(lf + 1..).unwrap_or_default(),
                        None => &[],
                    };
                    if rest.len() <= TAIL {
                        tail.extend_from_slice(rest);
                    }
                    *tail_at = at + (bytes.len() - tail.len()) as u64;
                } else if tail.len() + bytes.len() <= TAIL && *tail_at + tail.len() as u64 == at {
                    tail.extend_from_slice(bytes);
                } else {
                    // A line longer than TAIL: the segmenter would start at the next chunk.
                    tail.clear();
                    *tail_at = at + bytes.len() as u64;
                }
            }
            Seg::Off | Seg::Done(_) | Seg::Window(_) => {}
        }
    }

    /// The segments, and the findings they and the mojibake give (at most `cap` of each kind
    /// listed), with the exact count of each kind.
    pub(crate) fn finish(
        self,
        encoding: &str,
        cap: usize,
        (size, lines): (u64, u64),
    ) -> (Vec<Segment>, Vec<Finding>, u64, u64) {
        let segments = match self.seg {
            Seg::Done(s) => s,
            Seg::Window(mut s) => {
                if let Some(last) = s.last_mut() {
                    last.length = size.saturating_sub(last.offset);
                    last.last_line = last.last_line.max(lines);
                }
                s
            }
            Seg::On(s) => s.finish(),
            Seg::Off | Seg::Waiting { .. } => Vec::new(),
        };
        let mojibake = match self.moji {
            Moji::Done(m) => m,
            Moji::On(f) => f.finish(),
            Moji::Off => MojibakeFindings::default(),
        };
        let mut findings = Vec::new();
        let foreign: Vec<&Segment> = segments.iter().filter(|s| s.encoding != encoding).collect();
        for s in foreign.iter().take(cap) {
            findings.push(Finding {
                kind: FindingKind::MixedEncoding,
                offset: s.offset,
                length: s.length,
                count: 1,
                line: s.first_line,
                column: 1,
                bytes: String::new(),
                code_point: String::new(),
                effect: None,
                dangerous: None,
                sequence: None,
                repair: None,
                message: mixed_message(s, encoding),
            });
        }
        let mixed = foreign.len() as u64;
        for r in mojibake.runs.iter().take(cap) {
            findings.push(mojibake_finding(r));
        }
        (segments, findings, mixed, mojibake.count)
    }
}

fn mojibake_finding(r: &MojibakeRun) -> Finding {
    Finding {
        kind: FindingKind::Mojibake,
        offset: r.offset,
        length: r.length,
        count: 1,
        line: r.line,
        column: r.column,
        bytes: hex(r.original.as_bytes()),
        code_point: r
            .original
            .chars()
            .next()
            .map(|c| crate::class::code_point_of(u32::from(c)))
            .unwrap_or_default(),
        effect: None,
        dangerous: None,
        sequence: None,
        repair: Some(Repair {
            chain: r.chain.iter().map(|s| s.to_string()).collect(),
            original: r.original.clone(),
            repaired: r.repaired.clone(),
            ambiguous: r.ambiguous,
        }),
        message: mojibake_message(r),
    }
}

/// Text quoted in a message: controls and format characters written as `\u{…}` escapes, at
/// most 40 characters.
fn quoted(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == 40 {
            out.push('…');
            break;
        }
        if c.is_control() || crate::class::format_char_name(c).is_some() {
            out.push_str(&format!("\\u{{{:04X}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// A run of mojibake: what it says, what it meant, and how it came about.
fn mojibake_message(r: &MojibakeRun) -> String {
    let pages: Vec<&str> = r.chain.iter().skip(1).step_by(2).copied().collect();
    let how = match pages.as_slice() {
        [one] => format!("UTF-8 read as {one}"),
        [a, b] if a == b => format!("UTF-8 read as {a} twice"),
        many => format!("UTF-8 read as {}", many.join(", then as ")),
    };
    let doubt = if r.ambiguous {
        "; another reading is as likely, so it is not repaired without asking"
    } else {
        ""
    };
    format!(
        "\"{}\" is \"{}\" ({how}){doubt}",
        quoted(&r.original),
        quoted(&r.repaired)
    )
}

/// Lines in another encoding than the file's.
fn mixed_message(s: &Segment, file: &str) -> String {
    let lines = if s.first_line == s.last_line {
        format!("line {}", s.first_line)
    } else {
        format!("lines {}\u{2013}{}", s.first_line, s.last_line)
    };
    format!(
        "{lines} ({} bytes from offset {}) are {}, not {file}",
        crate::message::thousands(s.length),
        crate::message::thousands(s.offset),
        s.encoding
    )
}

#[cfg(test)]
mod tests {
    use super::two_in_a_row;
    use proptest::prelude::*;

    proptest! {
        /// The eight-at-a-time check is the byte-by-byte one.
        #[test]
        fn m9_two_in_a_row_is_the_plain_check(
            bytes in proptest::collection::vec(
                prop_oneof![Just(0x41u8), Just(0x80), Just(0xBF), Just(0xC0), Just(0xC3), Just(0xFF)],
                0..40,
            )
        ) {
            let want = bytes.windows(2).any(|w| w[0] >= 0x80 && w[1] >= 0xC0);
            prop_assert_eq!(two_in_a_row(&bytes), want);
        }
    }

    #[test]
    fn m9_lone_accents_are_not_two_in_a_row() {
        assert!(!two_in_a_row("user=émilie región=São Paulo".as_bytes()));
        assert!(two_in_a_row("caf\u{C3}\u{A9}".as_bytes()));
    }
}
