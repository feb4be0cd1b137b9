//! D11: 7-bit text holding ISO-2022 designations is ISO-2022-JP, -KR or -CN, tried before
//! utf-8. Its ESC, SO and SI bytes belong to the encoding: the decoder consumes them, so they
//! are no P3 and do not count for D7.

use super::{binary_reason, stat_figures, stats_in, Outcome};
use crate::codepage::CodePage;
use crate::format::Format;

/// The ISO-2022 encoding the window's escapes name, and the step; `None` when the window has
/// a byte above 7F or no designation (a lone ESC stays utf-8 with a P3).
pub(super) fn detect(window: &[u8], at_eof: bool) -> Option<(CodePage, Outcome)> {
    // Most windows have no ESC: the word-at-a-time searches first (a byte-by-byte look for a
    // byte above 7F was a third of detecting a small ASCII file).
    if !window.contains(&0x1B) || !window.is_ascii() {
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

/// The language an ISO-2022 encoding is made for.
pub(super) fn language(page: CodePage) -> Option<&'static str> {
    match page.name() {
        "ISO-2022-JP" => Some("ja"),
        "ISO-2022-KR" => Some("ko"),
        "ISO-2022-CN" => Some("zh"),
        _ => None,
    }
}
