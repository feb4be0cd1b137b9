//! The narrow interface the fast path writes through: what a block of ordinary text does to
//! whoever follows the lines. The report's tracker implements it, and so does the structure
//! builder's line counter, so both run on the kernels. Everything else a sink sees one
//! character at a time through [`crate::decode::Sink`].

use crate::class::EndingKind;
use crate::decode::Sink;

/// The state [`super::plain_lines::ascii_lines`] keeps in registers for a run whose line endings
/// are all one kind (LF or CR LF): a line's characters are the distance from its start to its
/// ending, in units, once `line_start` has moved past the units that start no character.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AsciiLines {
    pub line: u64,
    /// Where the current line would start (a byte offset) if all its characters were one
    /// unit each (moved on by the bytes of each unit seen that starts no character).
    pub line_start: u64,
    /// What a line's characters must reach to be the new longest (L5): one more than the
    /// longest so far, 0 when no line has ended.
    pub beat: u64,
    pub longest_line: u64,
    /// Where the next line start must be reported with [`FastSink::fast_checkpoint`]
    /// (`u64::MAX`: none).
    pub next_at: u64,
}

/// What the fast path does to a sink: the same updates that the per-character [`Sink`] calls
/// would make, in bulk, for stretches of text without problems or findings.
pub(crate) trait FastSink: Sink {
    /// True when the fast path may take over: no CR waits for the character after it.
    fn fast_ready(&self) -> bool;

    /// True when no line is open (the next character starts one).
    fn fast_at_line_start(&self) -> bool;

    /// A character begins at `offset`: open its line if none is open.
    fn fast_begin(&mut self, offset: u64);

    /// `n` more characters on the current line (its ending not included).
    fn fast_line_chars(&mut self, n: u32);

    /// The current line, with `n` more characters, ends with `kind`, whose `bytes` start at
    /// `offset`; `next` is where the following line starts if a character is known to follow.
    fn fast_line_end(
        &mut self,
        n: u32,
        kind: EndingKind,
        offset: u64,
        bytes: &[u8],
        next: Option<u64>,
    );

    /// The state for a run of `kind` endings in units `width` bytes wide starting at `at`, or
    /// `None` when it cannot run (a CR waits for its follower); and whether an ending of that
    /// kind has been met (if not, the run stops before the first: P9 records where it is,
    /// which is left to the general path).
    fn ascii_lines_begin(
        &self,
        at: u64,
        kind: EndingKind,
        width: u64,
    ) -> Option<(AsciiLines, bool)>;

    /// Writes back the state of a run of `kind` endings that started on line `line0` and ended
    /// at `end`, inside a line, in units `width` bytes wide; `bytes` counts the bytes of the
    /// units that start a character (so `bytes / width` characters were taken). A character
    /// beyond ASCII among them is told with [`FastSink::fast_done`] after this call.
    fn ascii_lines_end(
        &mut self,
        s: AsciiLines,
        kind: EndingKind,
        line0: u64,
        end: u64,
        bytes: u64,
        width: u64,
    );

    /// Line `line` starts at `offset`, at or past [`AsciiLines::next_at`]. Returns where the
    /// next such report is due.
    fn fast_checkpoint(&mut self, line: u64, offset: u64) -> u64;

    /// A stretch ending at `end` is done: `chars` characters in all (endings included), and
    /// whether any was beyond ASCII.
    fn fast_done(&mut self, chars: u64, end: u64, non_ascii: bool);

    /// A character of [`super::kernel::Masks::found`] (a finding and nothing else, or a lone
    /// control, a problem: decisions 59 and 63) at `offset`, on `line` at `column`, taken by
    /// [`super::plain_lines::ascii_lines`] (which counts it among the line's characters itself).
    /// Sinks that list no findings or problems ignore it.
    #[inline]
    fn fast_found(&mut self, _c: char, _offset: u64, _bytes: &[u8], _line: u64, _column: u64) {}

    /// The last character of a stretch the fast path took (`None` when it cannot tell: a
    /// legacy byte above 7F, which no single-byte code page maps to a character that looks
    /// back).
    #[inline]
    fn fast_last(&mut self, _last: Option<char>) {}
}
