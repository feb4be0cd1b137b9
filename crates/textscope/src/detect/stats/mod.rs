//! What detection counts over the characters it decodes from the window (D1–D8): NULs,
//! controls (terminal escape sequences left out, D7), bad units of each kind.

use crate::ansi::Scan;
use crate::codepage::CodePage;
use crate::decode::{Bad, Decoder, Sink};
use crate::format::Format;

/// Counts over the characters decoded from the window.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stats {
    pub chars: u64,
    pub nul: u64,
    pub controls: u64,
    pub multibyte: u64,
    pub invalid_utf8: u64,
    pub surrogates: u64,
    pub above_max: u64,
    pub truncated: u64,
    pub unmapped: u64,
    /// Private use and noncharacters (D8).
    pub unusual: u64,
    /// Terminal escape sequences are looked for (D7 leaves their ESC and BEL out of the
    /// control share).
    ansi_on: bool,
    ansi: crate::ansi::Scanner,
    /// ESCs taken into the pending sequence, counted as controls if it turns out to be none.
    held: u64,
}

impl Stats {
    /// A character while a sequence may be pending (or an ESC): true when it belongs to one.
    fn ansi_char(&mut self, c: char) -> bool {
        loop {
            match self.ansi.push(c) {
                Scan::Plain => return false,
                Scan::Taken => {
                    if c == crate::ansi::ESC {
                        self.held += 1;
                    }
                    return true;
                }
                Scan::Done(_) => {
                    self.held = 0;
                    return true;
                }
                Scan::Broken => {
                    self.controls += 1;
                    self.held = 0;
                }
                Scan::BrokenAtEsc => {
                    self.controls += 1;
                    self.held = 1;
                }
            }
        }
    }

    /// One character from the loops below, as the decoder would hand it over: through
    /// [`Sink::char`] (and the escape-sequence scanner) when it is ESC or a sequence is
    /// pending, else counted straight away.
    #[inline]
    fn put(&mut self, c: char, wide: bool) {
        if c == crate::ansi::ESC || !self.ansi.is_idle() {
            let bytes: &[u8] = if wide { &[0, 0] } else { &[0] };
            self.char(c, 0, bytes);
        } else {
            self.count(c, false, wide);
        }
    }

    /// One character: `quiet` when it belongs to a terminal escape sequence, `wide` when its
    /// bytes are more than one. Without a branch: the UTF-16 and UTF-32 loops read binary
    /// data as characters of every kind at random (decision 51).
    #[inline]
    fn count(&mut self, c: char, quiet: bool, wide: bool) {
        let v = u32::from(c);
        self.chars += 1;
        self.nul += u64::from(v == 0);
        let c0 = (v < 0x20) & (C0_CONTROLS >> (v & 0x1F) & 1 != 0);
        let c1 = (0x80..=0x9F).contains(&v) & (v != 0x85);
        // The same set as `is_control_problem`.
        self.controls += u64::from(!quiet & (c0 | c1 | (v == 0x7F)));
        self.multibyte += u64::from(wide & (v >= 0x80));
        self.unusual += u64::from(
            (0xE000..=0xF8FF).contains(&v)
                | (0xFDD0..=0xFDEF).contains(&v)
                | (v & 0xFFFE == 0xFFFE),
        );
    }

    /// The end of what was decoded: a pending sequence is none (its ESCs are controls).
    fn settle(&mut self) {
        self.controls += self.held;
        self.held = 0;
        self.ansi.reset();
    }
}

impl Sink for Stats {
    const ASCII_RUNS: bool = true;
    fn ascii_run(&mut self, _: u64, chars: usize, _: usize) {
        self.chars += chars as u64;
    }
    fn ascii_bytes(&mut self, offset: u64, bytes: &[u8], width: usize) {
        if self.ansi.is_idle() {
            self.chars += (bytes.len() / width.max(1)) as u64;
            return;
        }
        // Inside a sequence: its characters one at a time (only their ASCII byte matters).
        for unit in bytes.chunks_exact(width.max(1)) {
            let b = unit.iter().copied().find(|&b| b != 0).unwrap_or(b' ');
            self.char(char::from(b), offset, unit);
        }
    }
    fn char(&mut self, c: char, _: u64, bytes: &[u8]) {
        let quiet =
            self.ansi_on && (c == crate::ansi::ESC || !self.ansi.is_idle()) && self.ansi_char(c);
        self.count(c, quiet, bytes.len() > 1);
    }
    fn bad(&mut self, bad: Bad, _: u64, _: &[u8]) {
        self.chars += 1;
        if !self.ansi.is_idle() {
            self.settle();
        }
        match bad {
            Bad::InvalidUtf8(_) => self.invalid_utf8 += 1,
            Bad::UnpairedSurrogate => self.surrogates += 1,
            Bad::InvalidCodePoint => self.above_max += 1,
            Bad::Truncated => self.truncated += 1,
            Bad::Unmapped => self.unmapped += 1,
        }
    }
}

/// [`stats_in`] for UTF-16 in one loop over the units, counting what the decoder would hand
/// to [`Stats`] (D5 and D8 read every window of a file in a code page as UTF-16 twice, and
/// the decoder's calls per unit were a tenth of detecting a small file). ESC and what follows
/// it go through the escape-sequence scanner as from the decoder ([`Stats::put`]).
fn utf16_stats(be: bool, bytes: &[u8], at_eof: bool) -> Stats {
    if bytes.contains(&0) {
        utf16_loop::<false>(be, bytes, at_eof)
    } else {
        utf16_loop::<true>(be, bytes, at_eof)
    }
}

/// [`utf16_stats`], `FULL` when the window has no 00 byte (decision 64): then every unit is
/// 0101 or more, so no block holds NUL, ESC or a control, and every character in it is beyond
/// ASCII (most windows read as UTF-16 are text in a code page or in UTF-8).
fn utf16_loop<const FULL: bool>(be: bool, bytes: &[u8], at_eof: bool) -> Stats {
    let mut s = Stats {
        ansi_on: true,
        ..Stats::default()
    };
    let (units, odd) = bytes.as_chunks::<2>();
    let mut high: Option<u16> = None;
    let unit_of = |unit: [u8; 2]| {
        if be {
            u16::from_be_bytes(unit)
        } else {
            u16::from_le_bytes(unit)
        }
    };
    let (blocks, tail) = units.as_chunks::<UNITS>();
    for block in blocks {
        let block = block.map(unit_of);
        // A block without surrogates or ESC, with nothing pending, is so many characters:
        // counted in sums the compiler can run in vector registers (decision 51).
        let stop = block.iter().fold(false, |a, &u| {
            a | (u & 0xF800 == 0xD800) | (!FULL & (u == 0x1B))
        });
        if !stop && high.is_none() && s.ansi.is_idle() {
            s.chars += UNITS as u64;
            if FULL {
                s.multibyte += UNITS as u64;
            } else {
                s.nul += sum(&block, |u| u == 0);
                s.controls += sum(&block, |u| {
                    (u < 0x20) & (C0_CONTROLS >> (u & 0x1F) & 1 != 0)
                        | (u == 0x7F)
                        | ((0x80..=0x9F).contains(&u) & (u != 0x85))
                });
                s.multibyte += sum(&block, |u| u >= 0x80);
            }
            s.unusual += sum(&block, |u| {
                (0xE000..=0xF8FF).contains(&u) | (0xFDD0..=0xFDEF).contains(&u) | (u >= 0xFFFE)
            });
            continue;
        }
        for u in block {
            utf16_unit(&mut s, &mut high, u);
        }
    }
    for &unit in tail {
        utf16_unit(&mut s, &mut high, unit_of(unit));
    }
    if at_eof {
        if high.is_some() {
            s.bad(Bad::UnpairedSurrogate, 0, &[]);
        }
        if !odd.is_empty() {
            s.bad(Bad::Truncated, 0, &[]);
        }
    }
    s.settle();
    s
}

/// How many UTF-16 units [`utf16_stats`] takes at once.
const UNITS: usize = 16;

/// How many of `units` (UTF-16 or UTF-32) pass `test`, summed in the units' own width (16
/// lanes of UTF-16 in one vector register, not 8).
#[inline(always)]
fn sum<T>(units: &[T; UNITS], test: impl Fn(u32) -> bool) -> u64
where
    T: Copy + Into<u32> + From<bool> + std::iter::Sum,
    u64: From<T>,
{
    u64::from(units.iter().map(|&u| T::from(test(u.into()))).sum::<T>())
}

/// One UTF-16 unit, `high` the high surrogate before it.
#[inline]
fn utf16_unit(s: &mut Stats, high: &mut Option<u16>, u: u16) {
    if let Some(h) = high.take() {
        if (0xDC00..=0xDFFF).contains(&u) {
            let c = 0x10000 + ((u32::from(h) - 0xD800) << 10) + (u32::from(u) - 0xDC00);
            match char::from_u32(c) {
                Some(c) => s.put(c, true),
                None => s.bad(Bad::UnpairedSurrogate, 0, &[]),
            }
            return;
        }
        s.bad(Bad::UnpairedSurrogate, 0, &[]);
    }
    match u {
        0xD800..=0xDBFF => *high = Some(u),
        _ => match char::from_u32(u32::from(u)) {
            Some(c) => s.put(c, true),
            None => s.bad(Bad::UnpairedSurrogate, 0, &[]),
        },
    }
}

/// The controls of D7 below 20, a bit each.
pub(super) const C0_CONTROLS: u32 = {
    let mut set = 0u32;
    let mut b = 0;
    while b < 0x20 {
        if matches!(b, 0x01..=0x08 | 0x0B | 0x0E..=0x1F) {
            set |= 1 << b;
        }
        b += 1;
    }
    set
};

/// The controls of D7 among ASCII bytes (ESC, which a terminal escape sequence may hold, is
/// handled apart), as a bit per byte value below 80.
const ASCII_CONTROLS: u128 = (C0_CONTROLS as u128 & !(1 << 0x1B)) | 1 << 0x7F;

/// [`stats_in`] for UTF-8 in one loop over the bytes, ill-formed sequences cut into maximal
/// subparts (Unicode's Table 3-7, which the decoder follows too); one that runs into the end
/// of the window is a character cut short (held back by the decoder unless the window is the
/// whole file). D3 reads every window as UTF-8, and a file in a code page, in UTF-16 or
/// binary sent most of its bytes one at a time through the decoder (decision 49), then
/// through the standard library's split into valid runs, which stops at every bad byte of
/// binary data (decision 51).
fn utf8_stats(bytes: &[u8], at_eof: bool) -> Stats {
    if !bytes.contains(&0x1B) {
        return utf8_valid::valid(bytes, at_eof)
            .unwrap_or_else(|| utf8_valid::sparse(bytes, at_eof));
    }
    let mut s = Stats {
        ansi_on: true,
        ..Stats::default()
    };
    let mut i = 0;
    // ASCII bytes taken one at a time since the last byte above 7F.
    let mut run = 0;
    while let Some(&b) = bytes.get(i) {
        if b < 0x80 {
            // Runs of ASCII without ESC, 16 bytes at a time, while no sequence is pending:
            // tried from every 16th byte and after 8 ASCII bytes in a row (tried at every
            // byte, binary data paid for a block that ends at its next byte above 7F).
            let block = bytes.get(i..i + 16).filter(|_| i % 16 == 0 || run >= 8);
            run += 1;
            if let Some(block) = block {
                let stop = block
                    .iter()
                    .fold(0u8, |a, &x| a | (x & 0x80) | u8::from(x == 0x1B) << 7);
                if stop == 0 && s.ansi.is_idle() {
                    s.chars += 16;
                    s.nul += block.iter().filter(|&&x| x == 0).count() as u64;
                    s.controls += block
                        .iter()
                        .filter(|&&x| ASCII_CONTROLS >> x & 1 != 0)
                        .count() as u64;
                    i += 16;
                    continue;
                }
            }
            if b != 0x1B && s.ansi.is_idle() {
                // What `put` counts for it, without a branch (binary data has ASCII bytes
                // of every kind at random).
                s.chars += 1;
                s.nul += u64::from(b == 0);
                s.controls += u64::from(ASCII_CONTROLS >> b & 1 != 0);
            } else {
                s.put(char::from(b), false);
            }
            i += 1;
            continue;
        }
        run = 0;
        i += utf8_valid::sequence(&mut s, bytes, i, at_eof);
    }
    s.settle();
    s
}

/// Decodes `bytes` as `format` (with `page` for legacy) and counts. A character cut by the end
/// of the window is left out unless the window is the whole file (`at_eof`).
pub(crate) fn stats_in(format: Format, page: CodePage, bytes: &[u8], at_eof: bool) -> Stats {
    match format {
        Format::Utf16Le | Format::Utf16Be => utf16_stats(format == Format::Utf16Be, bytes, at_eof),
        Format::Utf8 => utf8_stats(bytes, at_eof),
        Format::Utf32Le | Format::Utf32Be => utf32_stats(format == Format::Utf32Be, bytes, at_eof),
        _ => decoded_stats(format, page, bytes, at_eof),
    }
}

/// [`stats_in`] through the decoder.
fn decoded_stats(format: Format, page: CodePage, bytes: &[u8], at_eof: bool) -> Stats {
    let mut s = Stats {
        ansi_on: format != Format::Legacy || page.ascii_escapes(),
        ..Stats::default()
    };
    let mut d = Decoder::new(format, page, 0);
    d.feed(bytes, &mut s);
    if at_eof {
        d.finish(&mut s);
    }
    s.settle();
    s
}

/// As [`stats_in`] for a Unicode format.
pub(crate) fn stats(format: Format, bytes: &[u8], at_eof: bool) -> Stats {
    stats_in(format, CodePage::windows_1252(), bytes, at_eof)
}

mod utf8_valid;

mod utf32;
use utf32::utf32_stats;

#[cfg(test)]
mod tests;
