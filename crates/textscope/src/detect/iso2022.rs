//! D11: 7-bit text holding ISO-2022 designations is ISO-2022-JP, -KR or -CN, tried before
//! utf-8. Its ESC, SO and SI bytes belong to the encoding: the decoder consumes them, so they
//! are no P3 and do not count for D7. 7-bit text whose `~{ … ~}` runs are GB 2312 text is
//! HZ-GB-2312 (RFC 1843), found the same way.

use super::{binary_reason, stat_figures, stats_in, Outcome};
use crate::codepage::CodePage;
use crate::format::Format;

/// The ISO-2022 encoding the window's escapes name, and the step; `None` when the window has
/// a byte above 7F or no designation (a lone ESC stays utf-8 with a P3).
pub(super) fn detect(window: &[u8], at_eof: bool) -> Option<(CodePage, Outcome)> {
    // Most windows have no ESC: the word-at-a-time searches first (a byte-by-byte look for a
    // byte above 7F was a third of detecting a small ASCII file).
    if !window.contains(&0x1B) {
        return hz(window, at_eof);
    }
    if !window.is_ascii() {
        return None;
    }
    let (mut jp, mut kr, mut cn) = (0u64, 0u64, 0u64);
    // The escapes, looked for block by block: a block without ESC is passed over whole.
    const BLOCK: usize = 64;
    let escapes = window.chunks(BLOCK).enumerate().flat_map(|(k, block)| {
        let found = block.contains(&0x1B);
        block
            .iter()
            .enumerate()
            .take(if found { BLOCK } else { 0 })
            .filter(|&(_, &b)| b == 0x1B)
            .map(move |(i, _)| k * BLOCK + i)
    });
    for i in escapes {
        let rest = window.get(i + 1..).unwrap_or_default();
        if rest.starts_with(b"$@")
            || rest.starts_with(b"$B")
            || rest.starts_with(b"$(D")
            || rest.starts_with(b"(J")
            || rest.starts_with(b"(I")
        {
            jp += 1;
        } else if rest.starts_with(b"$)C") {
            kr += 1;
        } else if rest.starts_with(b"$)A") || rest.starts_with(b"$)G") || rest.starts_with(b"$*H") {
            cn += 1;
        }
    }
    if jp + kr + cn == 0 {
        return None;
    }
    // Counted only for a window with designations: a log with a stray ESC passes them by.
    let shifts = window.iter().filter(|&&b| b == 0x0E).count() as u64;
    let (label, escapes) = if jp > 0 && jp >= kr + cn {
        ("ISO-2022-JP", jp)
    } else if kr > 0 && shifts > 0 && kr >= cn {
        ("ISO-2022-KR", kr)
    } else if cn > 0 && shifts > 0 {
        ("ISO-2022-CN", cn)
    } else {
        return None;
    };
    let page = CodePage::for_label(label)?;
    let s = stats_in(Format::Legacy, page, window, at_eof);
    let mut figs = stat_figures(&s);
    figs.extend([
        ("escapes", escapes),
        ("shifts", shifts),
        ("unmapped", s.unmapped),
    ]);
    if binary_reason(&s).is_some() {
        // Binary even with the escapes set aside: the other parsers judge.
        return None;
    }
    let reason = format!(
        "all bytes below 80, with {escapes} ISO-2022 designations and {shifts} shifts: {label}"
    );
    Some((page, Outcome::new(true, "iso2022_escapes", reason, figs)))
}

/// Fewest GB 2312 characters inside `~{ … ~}` for a window to be HZ.
const HZ_MIN_CHARS: u64 = 2;

/// HZ-GB-2312 (RFC 1843): a 7-bit window with `~{` shifts, each run up to `~}` (or the end of
/// the window) an even number of bytes 21-7E that are GB 2312 characters, most of them its
/// common hanzi (rows 16-55, level 1), its punctuation (row 1) or full-width ASCII (row 3). ASCII text that writes `~{`
/// (shell, TeX, templates) has runs of odd length, spaces or pairs GB 2312 lacks; one such
/// run and the window is not HZ.
fn hz(window: &[u8], at_eof: bool) -> Option<(CodePage, Outcome)> {
    // `contains` is a vectorised search: most windows have no tilde at all.
    if !window.contains(&b'~') {
        return None;
    }
    let first = window.windows(2).position(|w| w == b"~{")?;
    if !window.is_ascii() {
        return None;
    }
    let (mut runs, mut chars, mut common) = (0u64, 0u64, 0u64);
    let mut i = first;
    while let Some(at) = window
        .get(i..)
        .and_then(|rest| rest.windows(2).position(|w| w == b"~{"))
    {
        let start = i + at + 2;
        let rest = window.get(start..).unwrap_or_default();
        let end = rest.windows(2).position(|w| w == b"~}");
        let run = rest.get(..end.unwrap_or(rest.len())).unwrap_or_default();
        // A window cut inside a run may end on half a character.
        let whole = if end.is_none() && !at_eof {
            run.get(..run.len() & !1).unwrap_or_default()
        } else {
            run
        };
        if whole.len() % 2 != 0 {
            return None;
        }
        for pair in whole.chunks_exact(2) {
            let [a, b] = *pair else { return None };
            if !(0x21..0x7F).contains(&a) || !(0x21..0x7F).contains(&b) {
                return None;
            }
            crate::codepage::multi::gb2312_char(a, b)?;
            chars += 1;
            if matches!(a, 0x21 | 0x23 | 0x30..=0x57) {
                common += 1;
            }
        }
        runs += 1;
        i = start + run.len() + 2;
    }
    if chars < HZ_MIN_CHARS || common * 4 < chars * 3 {
        return None;
    }
    let page = CodePage::for_label("HZ-GB-2312")?;
    let s = stats_in(Format::Legacy, page, window, at_eof);
    if binary_reason(&s).is_some() || s.unmapped > 0 {
        return None;
    }
    let mut figs = stat_figures(&s);
    figs.extend([("shifts", runs), ("gb_chars", chars)]);
    let reason = format!(
        "all bytes below 80, with {runs} HZ runs of {chars} GB 2312 characters: HZ-GB-2312"
    );
    Some((page, Outcome::new(true, "hz_shifts", reason, figs)))
}

/// The language an ISO-2022 encoding is made for.
pub(super) fn language(page: CodePage) -> Option<&'static str> {
    match page.name() {
        "ISO-2022-JP" => Some("ja"),
        "ISO-2022-KR" => Some("ko"),
        "ISO-2022-CN" | "HZ-GB-2312" => Some("zh"),
        _ => None,
    }
}
