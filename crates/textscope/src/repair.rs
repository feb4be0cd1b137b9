//! The repaired text of a file of two encodings or with mojibake, streaming and I/O-free
//! (docs/mojibake.md, "Repair"): each segment of a report decoded with its own encoding (G7),
//! each run of mojibake given replaced by its repair (M1–M7), fed in chunks split anywhere.
//!
//! [`RepairDecoder`] hands out the characters (the CLI's `convert` encodes them in any target
//! format, with its own endings and marks); [`Repairer`] writes them as UTF-8 (the explorer's
//! "Save as UTF-8 (repaired)").
//!
//! ```
//! use textscope::repair::Repairer;
//! let bytes = "caf\u{c3}\u{a9} and caf\u{c3}\u{192}\u{c2}\u{a9}\n".as_bytes();
//! let mut a = textscope::Analyzer::new(textscope::Options::default());
//! a.feed(bytes);
//! let (r, index) = a.finish_with_index();
//! let runs = textscope::mojibake::find_mojibake(std::str::from_utf8(bytes).unwrap());
//! let mut rep = Repairer::new(&index, &r.segments, &runs);
//! let mut out = Vec::new();
//! rep.feed(&bytes[..7], &mut out);
//! rep.feed(&bytes[7..], &mut out);
//! let done = rep.finish(&mut out);
//! assert_eq!(String::from_utf8(out).unwrap(), "café and café\n");
//! assert_eq!((done.repaired, done.ambiguous, done.replaced), (2, 0, 0));
//! ```

use crate::chars::{CharDecoder, Decoded};
use crate::mojibake::MojibakeRun;
use crate::report::Segment;
use crate::{CodePage, Format, LineIndex};
use std::collections::VecDeque;

/// One stretch of a file of two encodings, decoded on its own (a report's `segments` item).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its first byte.
    pub offset: u64,
    /// Its length in bytes.
    pub length: u64,
    /// Its format.
    pub format: Format,
    /// Its code page (legacy pieces; windows-1252, unused, for the others).
    pub code_page: CodePage,
    /// Its byte order mark's length (dropped: the output has one mark at most).
    pub mark_len: u64,
}

/// The pieces of a file from its report's segments: `None` when it has fewer than two (one
/// encoding), or a legacy segment names a code page the core does not know.
pub fn pieces_of(segments: &[Segment]) -> Option<Vec<Piece>> {
    if segments.len() < 2 {
        return None;
    }
    let mut out = Vec::with_capacity(segments.len());
    for s in segments {
        let code_page = match s.format {
            Format::Legacy => CodePage::for_label(&s.encoding)?,
            _ => CodePage::windows_1252(),
        };
        out.push(Piece {
            offset: s.offset,
            length: s.length,
            format: s.format,
            code_page,
            mark_len: s.mark_len(),
        });
    }
    Some(out)
}

/// A run of mojibake to write repaired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// Its first byte in the file.
    pub offset: u64,
    /// Its length in bytes.
    pub length: u64,
    /// Its repair.
    pub repaired: String,
}

/// The run lies in UTF-8 text: a UTF-8 piece, or the whole file when it is UTF-8 and has no
/// pieces (the other stretches were never UTF-8, so they hold no mojibake to undo).
pub fn in_utf8_text(run: &MojibakeRun, file: Format, pieces: Option<&[Piece]>) -> bool {
    match pieces {
        Some(ps) => ps.iter().any(|p| {
            p.format == Format::Utf8 && run.offset >= p.offset && run.offset < p.offset + p.length
        }),
        None => file == Format::Utf8,
    }
}

/// The runs a repair undoes: the unambiguous ones that lie in UTF-8 text, in file order.
pub fn fixes_of(runs: &[MojibakeRun], file: Format, pieces: Option<&[Piece]>) -> Vec<Fix> {
    let mut out: Vec<Fix> = runs
        .iter()
        .filter(|r| !r.ambiguous && in_utf8_text(r, file, pieces))
        .map(|r| Fix {
            offset: r.offset,
            length: r.length,
            repaired: r.repaired.clone(),
        })
        .collect();
    out.sort_by_key(|f| f.offset);
    out
}

/// Streams the characters of a file, each piece with its own decoder and each fix's repair in
/// place of its characters: `each(offset, decoded)` in file order (a repair's characters all at
/// the run's offset). Fed the whole file, mark included.
#[derive(Debug)]
pub struct RepairDecoder {
    decoder: CharDecoder,
    /// Bytes of the current piece's mark still to skip.
    skip: u64,
    /// Bytes fed.
    read: u64,
    /// The pieces after the current one.
    pieces: VecDeque<Piece>,
    /// Where the current piece ends (`u64::MAX` for a file of one encoding).
    piece_end: u64,
    fixes: Vec<Fix>,
    fix: usize,
    /// The file's first stretch starts with a mark.
    mark: bool,
}

impl RepairDecoder {
    /// The file `index` describes, as one encoding with nothing to repair.
    pub fn new(index: &LineIndex) -> RepairDecoder {
        RepairDecoder {
            decoder: CharDecoder::new(index),
            skip: index.mark_len,
            read: 0,
            pieces: VecDeque::new(),
            piece_end: u64::MAX,
            fixes: Vec::new(),
            fix: 0,
            mark: index.mark_len > 0,
        }
    }

    /// A file of two encodings: each of `pieces` (in order, covering the file) decoded with
    /// its own encoding. Set before the first byte is fed.
    pub fn with_pieces(mut self, pieces: Vec<Piece>) -> RepairDecoder {
        let mut pieces: VecDeque<Piece> = pieces.into();
        if let Some(first) = pieces.pop_front() {
            self.decoder = CharDecoder::at(first.format, first.code_page, first.mark_len);
            self.skip = first.mark_len;
            self.mark = first.mark_len > 0;
            self.piece_end = first.offset + first.length;
        }
        self.pieces = pieces;
        self
    }

    /// Repairs these runs (in file order). Set before the first byte is fed.
    pub fn with_fixes(mut self, fixes: Vec<Fix>) -> RepairDecoder {
        self.fixes = fixes;
        self.fix = 0;
        self
    }

    /// The input starts with a byte order mark (of its first piece).
    pub fn has_mark(&self) -> bool {
        self.mark
    }

    /// Bytes fed so far.
    pub fn read(&self) -> u64 {
        self.read
    }

    /// Decodes the next chunk.
    pub fn feed(&mut self, mut chunk: &[u8], mut each: impl FnMut(u64, Decoded)) {
        while !chunk.is_empty() {
            if self.read >= self.piece_end {
                self.next_piece(&mut each);
                continue;
            }
            let room = usize::try_from(self.piece_end - self.read).unwrap_or(usize::MAX);
            let (mut part, rest) = chunk.split_at(room.min(chunk.len()));
            chunk = rest;
            self.read += part.len() as u64;
            if self.skip > 0 {
                let n = usize::try_from(self.skip)
                    .unwrap_or(usize::MAX)
                    .min(part.len());
                part = part.get(n..).unwrap_or_default();
                self.skip -= n as u64;
            }
            let (fixes, fix) = (&self.fixes, &mut self.fix);
            self.decoder
                .feed(part, |o, _, d| substitute(fixes, fix, o, d, &mut each));
        }
    }

    /// The end of the input: a pending partial character is reported.
    pub fn finish(&mut self, mut each: impl FnMut(u64, Decoded)) {
        let (fixes, fix) = (&self.fixes, &mut self.fix);
        self.decoder
            .finish(|o, _, d| substitute(fixes, fix, o, d, &mut each));
    }

    /// The next piece starts at `self.read`: the current decoder ends, the next begins.
    fn next_piece(&mut self, each: &mut impl FnMut(u64, Decoded)) {
        self.finish(&mut *each);
        match self.pieces.pop_front() {
            Some(p) => {
                self.decoder = CharDecoder::at(p.format, p.code_page, p.offset + p.mark_len);
                self.skip = p.mark_len;
                self.piece_end = p.offset + p.length;
            }
            None => self.piece_end = u64::MAX,
        }
    }
}

/// One decoded character, or a fix's repair at its run's first character (the run's other
/// characters are dropped).
fn substitute(
    fixes: &[Fix],
    fix: &mut usize,
    offset: u64,
    d: Decoded,
    each: &mut impl FnMut(u64, Decoded),
) {
    while let Some(f) = fixes.get(*fix) {
        if offset < f.offset + f.length {
            break;
        }
        *fix += 1;
    }
    if let Some(f) = fixes.get(*fix).filter(|f| offset >= f.offset) {
        if offset == f.offset {
            for c in f.repaired.chars() {
                each(offset, Decoded::Char(c));
            }
        }
        return;
    }
    each(offset, d);
}

/// What a [`Repairer`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Repaired {
    /// Runs of mojibake repaired.
    pub repaired: u64,
    /// Runs left as they are: more than one reading (M7).
    pub ambiguous: u64,
    /// Stretches read in their own encoding (segments other than the first).
    pub segments: u64,
    /// Bad units written as U+FFFD.
    pub replaced: u64,
    /// Bytes fed.
    pub read: u64,
}

/// The repaired file as UTF-8: what `textscope convert --to utf-8 --fix-mojibake` writes (the
/// mark kept when the input has one, endings as they are), except that a bad unit becomes
/// U+FFFD (counted) and an ambiguous run is left as it is (counted) instead of refused.
#[derive(Debug)]
pub struct Repairer {
    decoder: RepairDecoder,
    head: bool,
    done: Repaired,
}

impl Repairer {
    /// The file `index` describes, with its report's `segments` and the runs of mojibake
    /// found in it read as UTF-8 (`MojibakeScanner`, `Utf8Feed`).
    pub fn new(index: &LineIndex, segments: &[Segment], runs: &[MojibakeRun]) -> Repairer {
        let pieces = pieces_of(segments);
        let fixes = fixes_of(runs, index.format, pieces.as_deref());
        let done = Repaired {
            repaired: fixes.len() as u64,
            ambiguous: runs
                .iter()
                .filter(|r| r.ambiguous && in_utf8_text(r, index.format, pieces.as_deref()))
                .count() as u64,
            segments: pieces.as_ref().map_or(0, |p| p.len() as u64 - 1),
            ..Repaired::default()
        };
        let mut decoder = RepairDecoder::new(index).with_fixes(fixes);
        if let Some(p) = pieces {
            decoder = decoder.with_pieces(p);
        }
        Repairer {
            decoder,
            head: false,
            done,
        }
    }

    fn head(&mut self, out: &mut Vec<u8>) {
        if !self.head {
            self.head = true;
            if self.decoder.has_mark() {
                out.extend_from_slice("\u{FEFF}".as_bytes());
            }
        }
    }

    /// Repairs the next chunk of the input (the whole file, in order) into `out`.
    pub fn feed(&mut self, chunk: &[u8], out: &mut Vec<u8>) {
        self.head(out);
        let replaced = &mut self.done.replaced;
        self.decoder.feed(chunk, |_, d| put(d, out, replaced));
    }

    /// The end of the input: the last characters go to `out`.
    pub fn finish(mut self, out: &mut Vec<u8>) -> Repaired {
        self.head(out);
        let replaced = &mut self.done.replaced;
        self.decoder.finish(|_, d| put(d, out, replaced));
        self.done.read = self.decoder.read();
        self.done
    }
}

fn put(d: Decoded, out: &mut Vec<u8>, replaced: &mut u64) {
    let c = match d {
        Decoded::Char(c) => c,
        Decoded::Bad(_) => {
            *replaced += 1;
            '\u{FFFD}'
        }
    };
    let mut b = [0u8; 4];
    out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mojibake::find_mojibake;
    use crate::{Analyzer, Detected, Options, Report};

    fn analyze_bytes(bytes: &[u8]) -> (Report, LineIndex) {
        let mut a = Analyzer::new(Options::default());
        a.feed(bytes);
        a.finish_with_index()
    }

    fn repair_split(bytes: &[u8], runs: &[MojibakeRun], split: usize) -> (Vec<u8>, Repaired) {
        let (r, index) = analyze_bytes(bytes);
        let mut rep = Repairer::new(&index, &r.segments, runs);
        let mut out = Vec::new();
        let split = split.min(bytes.len());
        rep.feed(&bytes[..split], &mut out);
        rep.feed(&bytes[split..], &mut out);
        let done = rep.finish(&mut out);
        (out, done)
    }

    #[test]
    fn mojibake_repaired_at_every_split() {
        let text = "Le caf\u{c3}\u{192}\u{c2}\u{a9} est \u{c3}\u{a0} c\u{c3}\u{b4}t\u{c3}\u{a9}.\n\
                    r\u{c3}\u{a9}sum\u{c3}\u{a9} \u{e2}\u{20ac}\u{2122} ok\n";
        let runs = find_mojibake(text);
        assert!(runs.len() >= 4, "{runs:?}");
        let want = "Le café est à côté.\nrésumé ’ ok\n";
        for s in 0..=text.len() {
            let (out, done) = repair_split(text.as_bytes(), &runs, s);
            assert_eq!(String::from_utf8(out).unwrap(), want, "split at {s}");
            assert_eq!(done.repaired, runs.len() as u64);
            assert_eq!(done.replaced, 0);
        }
    }

    #[test]
    fn g7_each_segment_in_its_own_encoding() {
        let mut f = Vec::new();
        for i in 0..12 {
            f.extend_from_slice(format!("Línea {i}: año, niño, canción — «señal».\n").as_bytes());
        }
        let start = f.len();
        for i in 0..4 {
            f.extend_from_slice(format!("Ligne {i}: ").as_bytes());
            f.extend_from_slice(b"caf\xe9, na\xefve, \xe0 bient\xf4t, cr\xe8me br\xfbl\xe9e.\n");
        }
        let end = f.len();
        for i in 12..20 {
            f.extend_from_slice(format!("Línea {i}: corazón, pingüino.\n").as_bytes());
        }
        let (r, _) = analyze_bytes(&f);
        assert!(r.segments.len() >= 2, "{:?}", r.segments);
        let want = crate::chars::decode_segments(&f, &r.segments);
        assert!(want.contains("café, naïve, à bientôt"));
        for s in [0, 1, start - 1, start, start + 1, end - 1, end, f.len()] {
            let (out, done) = repair_split(&f, &[], s);
            assert_eq!(String::from_utf8(out).unwrap(), want, "split at {s}");
            assert_eq!(done.segments, r.segments.len() as u64 - 1);
            assert_eq!(done.replaced, 0);
        }
    }

    #[test]
    fn m7_ambiguous_runs_are_left_and_counted() {
        let text = "x \u{c3}\u{a9} y\n";
        let mut runs = find_mojibake(text);
        assert_eq!(runs.len(), 1);
        runs[0].ambiguous = true;
        let (out, done) = repair_split(text.as_bytes(), &runs, 3);
        assert_eq!(out, text.as_bytes());
        assert_eq!((done.repaired, done.ambiguous), (0, 1));
    }

    #[test]
    fn bad_units_become_replacement_characters() {
        let opts = Options::default().force_encoding("utf-8").unwrap();
        let bytes = b"a\xffb\n";
        let index = Detected::of(bytes, true, &opts).line_index();
        let mut rep = Repairer::new(&index, &[], &[]);
        let mut out = Vec::new();
        rep.feed(bytes, &mut out);
        let done = rep.finish(&mut out);
        assert_eq!(String::from_utf8(out).unwrap(), "a\u{FFFD}b\n");
        assert_eq!(done.replaced, 1);
    }

    #[test]
    fn a_mark_is_kept_once() {
        let bytes = b"\xef\xbb\xbfcaf\xc3\xa9\n";
        let (out, _) = repair_split(bytes, &[], 1);
        assert_eq!(out, bytes);
        let le = b"\xff\xfeA\x00\n\x00";
        let (out, _) = repair_split(le, &[], 3);
        assert_eq!(out, b"\xef\xbb\xbfA\n");
    }
}
