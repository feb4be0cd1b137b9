//! The second pass: the characters decoded again (`textscope::chars`), their endings
//! rewritten on the core's line machine (`textscope::lines`), written in the target format.

use super::{BomMode, EolMode, Plan};
use crate::input;
use std::io::{self, Write};
use textscope::chars::Decoded;
use textscope::lines::{LineMachine, Role};
use textscope::repair::RepairDecoder;
pub use textscope::repair::{Fix, Piece};
use textscope::{EndingKind, Format, LineIndex, ProblemKind};

/// Encodes one scalar value in a Unicode format (the core's `Format::encode_char`).
pub fn encode(c: char, to: Format, out: &mut Vec<u8>) {
    let mut b = [0u8; 4];
    let n = to.encode_char(c, &mut b);
    out.extend_from_slice(b.get(..n).unwrap_or_default());
}

/// The streaming conversion of one input whose format `index` describes: the core's
/// [`RepairDecoder`] (each piece of a file of two encodings with its own decoding, each run of
/// `--fix-mojibake` repaired) hands the characters to the writing half.
pub struct Converter {
    decoder: RepairDecoder,
    enc: Encoder,
    /// Bytes fed.
    pub read: u64,
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
            decoder: RepairDecoder::new(index),
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
            },
            read: 0,
        }
    }

    /// The conversion of a file of two encodings: each of `pieces` (in order, covering the
    /// file) decoded with its own encoding into one output.
    pub fn with_pieces(mut self, pieces: Vec<Piece>) -> Converter {
        self.decoder = self.decoder.with_pieces(pieces);
        self.enc.has_mark = self.decoder.has_mark();
        self
    }

    /// Repairs these runs of mojibake (in file order) as it converts.
    pub fn with_fixes(mut self, fixes: Vec<Fix>) -> Converter {
        self.decoder = self.decoder.with_fixes(fixes);
        self
    }

    /// Converts the next chunk of the input (the whole file, mark included, in order).
    pub fn feed(&mut self, chunk: &[u8], out: &mut dyn Write) -> io::Result<()> {
        self.enc.head();
        let enc = &mut self.enc;
        self.decoder.feed(chunk, |o, d| enc.on(o, d));
        self.read = self.decoder.read();
        self.enc.drain(out)
    }

    /// The end of the input: `Ok(replaced)`, or `Err((offset, kind))` when a bad unit was met
    /// without `--replace` (the last bytes are then not written).
    pub fn finish(mut self, out: &mut dyn Write) -> io::Result<Result<u64, (u64, ProblemKind)>> {
        self.enc.head();
        let enc = &mut self.enc;
        self.decoder.finish(|o, d| enc.on(o, d));
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
