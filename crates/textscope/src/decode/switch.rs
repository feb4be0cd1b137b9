//! Decoding across a change of layout (docs/mojibake.md G9): a file whose text is UTF-16 up to
//! some byte and UTF-8 after it (two exports joined) is decoded in each layout where it has
//! it, so its lines, problems and structure are those of the text that is really there. The
//! report, the structure, the line locator and the `CharDecoder` of `chars` decode through
//! the same [`Switches`].

use super::{Decoder, Sink};
use crate::codepage::CodePage;
use crate::format::Format;
use crate::index::Switch;

/// One stretch's layout: from `offset` on, after `mark_len` bytes of mark, `format`.
#[derive(Clone, Copy, Debug)]
struct Layout {
    offset: u64,
    format: Format,
    code_page: CodePage,
    mark_len: u64,
}

/// The layouts of one file in order, and where decoding has reached among them.
#[derive(Clone, Debug)]
pub(crate) struct Switches {
    /// The file's own layout, from its mark on.
    base: Layout,
    list: Vec<Layout>,
    /// The same, as the index keeps them.
    switches: Vec<Switch>,
    /// The next switch to apply.
    next: usize,
    /// Bytes before this offset are a switch's mark: not decoded.
    skip_to: u64,
}

impl Switches {
    /// The switches of a file whose own text is `format` in `code_page` after a mark of
    /// `mark_len` bytes.
    pub(crate) fn new(
        format: Format,
        code_page: CodePage,
        mark_len: u64,
        list_of: &[Switch],
    ) -> Self {
        let base = Layout {
            offset: 0,
            format,
            code_page,
            mark_len,
        };
        let list = list_of
            .iter()
            .map(|s| Layout {
                offset: s.offset,
                format: s.format,
                code_page: CodePage::for_label(&s.encoding).unwrap_or(code_page),
                mark_len: s.mark_len,
            })
            .collect();
        Switches {
            base,
            list,
            switches: list_of.to_vec(),
            next: 0,
            skip_to: 0,
        }
    }

    /// The switches, as the index keeps them.
    pub(crate) fn list(&self) -> &[Switch] {
        &self.switches
    }

    /// A decoder for the bytes from `from` on (a line start), and the format and code page in
    /// effect there; the switches after `from` are the ones still to apply.
    pub(crate) fn decoder_at(&mut self, from: u64) -> (Decoder, Format, CodePage) {
        let n = self.list.partition_point(|l| l.offset <= from);
        let l = match n.checked_sub(1).and_then(|i| self.list.get(i)) {
            Some(l) => *l,
            None => self.base,
        };
        self.next = n;
        self.skip_to = l.offset + l.mark_len;
        let start = from.max(l.offset + l.mark_len);
        (
            Decoder::new(l.format, l.code_page, start),
            l.format,
            l.code_page,
        )
    }

    /// Decodes `bytes`, which start at offset `at` of the file, with `dec` into `sink`
    /// through `feed` (the fast path or the plain decoder). At each switch met, what is
    /// pending is finished (a character cut short there is a problem at its offset), the
    /// decoder is replaced by the next layout's, the sink is told ([`Sink::switched`]) and
    /// the next layout's mark is skipped.
    pub(crate) fn feed<S: Sink>(
        &mut self,
        dec: &mut Decoder,
        mut at: u64,
        mut bytes: &[u8],
        sink: &mut S,
        mut feed: impl FnMut(&mut Decoder, &[u8], &mut S),
    ) {
        loop {
            if at < self.skip_to {
                let n = usize::try_from(self.skip_to - at)
                    .unwrap_or(usize::MAX)
                    .min(bytes.len());
                bytes = bytes.get(n..).unwrap_or_default();
                at += n as u64;
            }
            let Some(l) = self.list.get(self.next).copied() else {
                return feed(dec, bytes, sink);
            };
            let cut = l.offset.saturating_sub(at);
            if cut > bytes.len() as u64 {
                return feed(dec, bytes, sink);
            }
            let (head, tail) = bytes.split_at(cut as usize);
            feed(dec, head, sink);
            dec.finish(sink);
            *dec = Decoder::new(l.format, l.code_page, l.offset + l.mark_len);
            sink.switched(l.format);
            self.skip_to = l.offset + l.mark_len;
            self.next += 1;
            bytes = tail;
            at = l.offset;
            if bytes.is_empty() && at >= self.skip_to {
                return;
            }
        }
    }
}

/// G9: how sure the segmenter must be of a segment (G5) for the report to read it in its own
/// layout: a doubtful segment is named by its finding, and read as the verdict.
pub(crate) const SWITCH_CONFIDENCE: f64 = 0.75;

/// The layout of a segment: its unit's width and byte order (UTF-8 and the code pages share
/// one, a byte).
pub(crate) fn layout(f: Format) -> u8 {
    match f {
        Format::Utf16Le => 1,
        Format::Utf16Be => 2,
        Format::Utf32Le => 3,
        Format::Utf32Be => 4,
        _ => 0,
    }
}

/// G9: the switches of a file whose verdict is `format` (in `encoding`) and whose segments
/// are `segments`: one at each segment whose layout is not the one before it. Bytes of the
/// verdict's layout are decoded as the verdict; a stretch of another layout as its segment
/// says, and a stretch of bytes after a wide one as the verdict when the verdict is one byte
/// wide, else as that segment says. So UTF-8 lines inside a legacy file stay the verdict's
/// reading (the segment names them), while a UTF-8 export after a UTF-16 one is read as
/// UTF-8.
pub(crate) fn switches_of(
    format: Format,
    encoding: &str,
    segments: &[crate::report::Segment],
) -> Vec<Switch> {
    let own = layout(format);
    let mut current = own;
    let mut out = Vec::new();
    for s in segments {
        let l = layout(s.format);
        if l == current || !s.format.is_text() || s.confidence < SWITCH_CONFIDENCE {
            continue;
        }
        let (format, encoding) = if l == own {
            (format, encoding.to_string())
        } else {
            (s.format, s.encoding.clone())
        };
        out.push(Switch {
            offset: s.offset,
            format,
            encoding,
            mark_len: s.mark_len(),
        });
        current = l;
    }
    out
}
