//! The second pass: the characters decoded again (`textscope::chars`), their endings
//! rewritten on the core's line machine (`textscope::lines`), written in the target format.

use super::{BomMode, EolMode, Plan};
use crate::input;
use std::io::{self, Write};
use textscope::chars::{CharDecoder, Decoded};
use textscope::lines::{LineMachine, Role};
use textscope::{EndingKind, Format, LineIndex, ProblemKind};

/// Encodes one scalar value in a Unicode format (the core's `Format::encode_char`).
pub fn encode(c: char, to: Format, out: &mut Vec<u8>) {
    let mut b = [0u8; 4];
    let n = to.encode_char(c, &mut b);
    out.extend_from_slice(b.get(..n).unwrap_or_default());
}

/// The streaming conversion of one input whose format `index` describes.
pub struct Converter {
    decoder: CharDecoder,
    /// Bytes of the input's mark still to skip.
    skip: u64,
    enc: Encoder,
    /// Bytes fed.
    pub read: u64,
    /// A file of two encodings: each stretch with its own decoding, in order; the current
    /// one is the first (the decoder's).
    pieces: std::collections::VecDeque<Piece>,
    /// Where the current piece ends (`u64::MAX` for a file of one encoding).
    piece_end: u64,
}

/// One stretch of a file of two encodings (a report's `segments` item).
#[derive(Clone, Debug)]
pub struct Piece {
    pub offset: u64,
    pub length: u64,
    pub format: Format,
    pub code_page: textscope::CodePage,
    /// Its byte order mark's length (not written: the output has one mark at most).
    pub mark_len: u64,
}

/// A run of mojibake to write repaired (`--fix-mojibake`).
#[derive(Clone, Debug)]
pub struct Fix {
    pub offset: u64,
    pub length: u64,
    pub repaired: String,
}

/// The writing half: endings, the mark, bad units; encodes into `buf`.
struct Encoder {
    plan: Plan,
    head_written: bool,
    has_mark: bool,
    /// The line-ending machine, for `--eol lf|crlf` (offsets unused here: it decides only
    /// whether a CR is an ending alone or the start of a CR LF).
    ends: LineMachine,
    buf: Vec<u8>,
    replaced: u64,
    /// A bad unit met without `--replace`: its offset and kind (the input changed).
    refused: Option<(u64, ProblemKind)>,
    /// With `--strip-ansi`: the recogniser, and the characters of the sequence it holds.
    strip: Option<(textscope::ansi::Scanner, Vec<char>)>,
    /// With `--fix-mojibake`: the runs to repair, in file order, and the next one.
    fixes: Vec<Fix>,
    fix: usize,
}

impl Encoder {
    fn head(&mut self) {
        if !self.head_written {
            self.head_written = true;
            let mark = match self.plan.bom {
                BomMode::Yes => true,
                BomMode::No => false,
                BomMode::Keep => self.has_mark,
            };
            if mark {
                encode('\u{FEFF}', self.plan.to, &mut self.buf);
            }
        }
    }

    fn ending(&mut self) {
        if self.plan.eol == EolMode::Crlf {
            encode('\r', self.plan.to, &mut self.buf);
        }
        encode('\n', self.plan.to, &mut self.buf);
    }

    fn on(&mut self, offset: u64, d: Decoded) {
        if self.refused.is_some() {
            return;
        }
        // A run of mojibake: its repair written at its first character, the rest skipped.
        while let Some(f) = self.fixes.get(self.fix) {
            if offset < f.offset + f.length {
                break;
            }
            self.fix += 1;
        }
        if let Some(f) = self.fixes.get(self.fix).filter(|f| offset >= f.offset) {
            if offset == f.offset {
                let repaired: Vec<char> = f.repaired.chars().collect();
                for c in repaired {
                    self.unescaped(c);
                }
            }
            return;
        }
        let c = match d {
            Decoded::Char(c) => c,
            Decoded::Bad(kind) => {
                if !self.plan.replace {
                    self.refused = Some((offset, kind));
                    return;
                }
                self.replaced += 1;
                '\u{FFFD}'
            }
        };
        self.unescaped(c);
    }

    /// With `--strip-ansi`, holds back the characters of a possible sequence and drops a
    /// complete one; every other character goes on to `emit`.
    fn unescaped(&mut self, c: char) {
        use textscope::ansi::Scan;
        loop {
            let Some((scanner, held)) = self.strip.as_mut() else {
                return self.emit(c);
            };
            let back = match scanner.push(c) {
                Scan::Plain => return self.emit(c),
                Scan::Taken => return held.push(c),
                Scan::Done(_) => return held.clear(),
                // Not a sequence after all: what was held is text; `c` is looked at again.
                Scan::Broken => std::mem::take(held),
                Scan::BrokenAtEsc => {
                    let mut text = std::mem::take(held);
                    // The last ESC held starts the sequence the scanner now holds.
                    if let Some(esc) = text.pop() {
                        held.push(esc);
                    }
                    text
                }
            };
            for b in back {
                self.emit(b);
            }
            // Then `c` again: the scanner was reset, so the loop ends.
        }
    }

    /// The end of the input: a sequence left unfinished is text.
    fn unescaped_end(&mut self) {
        if let Some((scanner, held)) = self.strip.as_mut() {
            scanner.reset();
            for b in std::mem::take(held) {
                self.emit(b);
            }
        }
    }

    fn emit(&mut self, c: char) {
        if self.plan.eol == EolMode::Keep {
            encode(c, self.plan.to, &mut self.buf);
            return;
        }
        let step = self.ends.push(c, 0, &[]);
        if step.flushed.is_some() {
            self.ending();
        }
        match step.role {
            Role::Cr => {}
            // LF, CR LF and CR are rewritten; NEL, LS and PS are text, kept as they are.
            Role::Ends(end) if matches!(end.kind, EndingKind::Lf | EndingKind::Crlf) => {
                self.ending()
            }
            Role::Ends(_) | Role::Char => encode(c, self.plan.to, &mut self.buf),
        }
    }

    fn drain(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }
}

impl Converter {
    pub fn new(index: &LineIndex, plan: Plan) -> Converter {
        Converter {
            decoder: CharDecoder::new(index),
            skip: index.mark_len,
            enc: Encoder {
                plan,
                head_written: false,
                has_mark: index.mark_len > 0,
                ends: LineMachine::new(),
                buf: Vec::with_capacity(input::BUF * 2),
                replaced: 0,
                refused: None,
                strip: plan
                    .strip_ansi
                    .then(|| (textscope::ansi::Scanner::new(), Vec::new())),
                fixes: Vec::new(),
                fix: 0,
            },
            read: 0,
            pieces: std::collections::VecDeque::new(),
            piece_end: u64::MAX,
        }
    }

    /// The conversion of a file of two encodings: each of `pieces` (in order, covering the
    /// file) decoded with its own encoding into one output.
    pub fn with_pieces(mut self, pieces: Vec<Piece>) -> Converter {
        let mut pieces: std::collections::VecDeque<Piece> = pieces.into();
        if let Some(first) = pieces.pop_front() {
            self.decoder = CharDecoder::at(first.format, first.code_page, first.mark_len);
            self.skip = first.mark_len;
            self.enc.has_mark = first.mark_len > 0;
            self.piece_end = first.offset + first.length;
        }
        self.pieces = pieces;
        self
    }

    /// Repairs these runs of mojibake (in file order) as it converts.
    pub fn with_fixes(mut self, fixes: Vec<Fix>) -> Converter {
        self.enc.fixes = fixes;
        self
    }

    /// The next piece starts at `self.read`: the current decoder ends, the next begins.
    fn next_piece(&mut self) {
        let enc = &mut self.enc;
        self.decoder.finish(|o, _, d| enc.on(o, d));
        match self.pieces.pop_front() {
            Some(p) => {
                self.decoder = CharDecoder::at(p.format, p.code_page, p.offset + p.mark_len);
                self.skip = p.mark_len;
                self.piece_end = p.offset + p.length;
            }
            None => self.piece_end = u64::MAX,
        }
    }

    /// Converts the next chunk of the input (the whole file, mark included, in order).
    pub fn feed(&mut self, mut chunk: &[u8], out: &mut dyn Write) -> io::Result<()> {
        self.enc.head();
        while !chunk.is_empty() {
            if self.read >= self.piece_end {
                self.next_piece();
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
            let enc = &mut self.enc;
            self.decoder.feed(part, |o, _, d| enc.on(o, d));
        }
        self.enc.drain(out)
    }

    /// The end of the input: `Ok(replaced)`, or `Err((offset, kind))` when a bad unit was met
    /// without `--replace` (the last bytes are then not written).
    pub fn finish(mut self, out: &mut dyn Write) -> io::Result<Result<u64, (u64, ProblemKind)>> {
        self.enc.head();
        let enc = &mut self.enc;
        self.decoder.finish(|o, _, d| enc.on(o, d));
        self.enc.unescaped_end();
        if self.enc.ends.finish().is_some() {
            self.enc.ending();
        }
        if let Some(r) = self.enc.refused {
            return Ok(Err(r));
        }
        self.enc.drain(out)?;
        Ok(Ok(self.enc.replaced))
    }

    /// True once a bad unit was refused (stop reading).
    pub fn refused(&self) -> bool {
        self.enc.refused.is_some()
    }
}
