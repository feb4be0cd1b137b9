//! [`super::utf8_stats`] for the commonest window: valid UTF-8 (but for a character cut at its
//! end) without ESC. Then every byte that is no continuation byte starts a character, and the
//! counts are sums over the bytes that the compiler runs in vector registers, plus a look at
//! the few characters whose lead byte may make them a C1 control or an unusual character.
//! The loop over characters took most of the detection of a small UTF-8 file beyond ASCII.
//!
//! [`sparse`] is the same loop for the other windows without ESC (a file in a code page, in
//! UTF-32, a binary file without ESC): each ASCII byte is a character of its own whatever
//! stands around it, so the ASCII bytes are sums too, and only the sequences that start at a
//! byte above 7F are decoded one by one (decision 64).

use super::Stats;
use crate::decode::{Bad, Sink};

/// Bytes summed at a time in 8-bit counters (none can pass 255).
const BLOCK: usize = 255;

/// The window's stats, as the loop over characters counts them; `None` when the window holds
/// ESC (a terminal escape sequence changes what counts as a control, D7) or is not valid
/// UTF-8 but for its end.
pub(super) fn valid(bytes: &[u8], at_eof: bool) -> Option<Stats> {
    if bytes.contains(&0x1B) {
        return None;
    }
    let body = match simdutf8::compat::from_utf8(bytes) {
        Ok(_) => bytes,
        // A sequence that the end of the window cuts (valid as far as it goes).
        Err(e) if e.error_len().is_none() => bytes.get(..e.valid_up_to())?,
        Err(_) => return None,
    };
    let mut s = Stats {
        ansi_on: true,
        ..Stats::default()
    };
    for (k, block) in body.chunks(BLOCK).enumerate() {
        let (mut chars, mut nul, mut controls, mut leads, mut rare) = (0u8, 0u8, 0u8, 0u8, 0u8);
        for &b in block {
            chars += u8::from(b & 0xC0 != 0x80);
            nul += u8::from(b == 0);
            // D7's controls below 80: 01–08, 0B, 0E–1F and 7F (ESC is not in the window).
            let c0 = b.wrapping_sub(1) < 0x1F && !matches!(b, 0x09 | 0x0A | 0x0C | 0x0D);
            controls += u8::from(c0 | (b == 0x7F));
            leads += u8::from(b >= 0xC0);
            // The leads of U+0080–00BF (C1 controls), U+E000–FFFF (private use,
            // noncharacters) and of the planes beyond (their last two code points).
            rare += u8::from(b == 0xC2 || b >= 0xEE);
        }
        s.chars += u64::from(chars);
        s.nul += u64::from(nul);
        s.controls += u64::from(controls);
        s.multibyte += u64::from(leads);
        if rare > 0 {
            let from = k * BLOCK;
            for (i, &b) in block.iter().enumerate() {
                if b == 0xC2 || b >= 0xEE {
                    rare_char(&mut s, body.get(from + i..).unwrap_or_default());
                }
            }
        }
    }
    if body.len() < bytes.len() && at_eof {
        s.bad(Bad::Truncated, 0, &[]);
    }
    Some(s)
}

/// What [`Stats::count`] adds beyond the sums for the character that starts `rest` (valid
/// UTF-8, lead C2 or EE–F4).
fn rare_char(s: &mut Stats, rest: &[u8]) {
    let len = match rest.first() {
        Some(0xC2) => 2,
        Some(0xEE | 0xEF) => 3,
        _ => 4,
    };
    let Some(c) = rest
        .get(..len)
        .and_then(|b| std::str::from_utf8(b).ok())
        .and_then(|t| t.chars().next())
    else {
        return;
    };
    let v = u32::from(c);
    s.controls += u64::from((0x80..=0x9F).contains(&v) && v != 0x85);
    s.unusual += u64::from(
        (0xE000..=0xF8FF).contains(&v) || (0xFDD0..=0xFDEF).contains(&v) || v & 0xFFFE == 0xFFFE,
    );
}

/// What [`super::utf8_stats`] counts over a window without ESC that is not valid UTF-8: the
/// ASCII bytes in sums, then each sequence from a lead byte as the loop over characters takes
/// it ([`sequence`]). Without ESC no terminal escape sequence is pending, and every character
/// goes to [`Stats::count`] as the loop would put it. The other bytes above 7F (80–C1,
/// F5–FF) are each an ill-formed subpart of one byte unless a lead's sequence takes them (its
/// continuation bytes): they are summed too, and a sequence gives back the ones it took. A
/// window of UTF-32 text is mostly such bytes, and took them one at a time.
pub(super) fn sparse(bytes: &[u8], at_eof: bool) -> Stats {
    let mut s = Stats {
        ansi_on: true,
        ..Stats::default()
    };
    let mut singles = 0u64;
    for block in bytes.chunks(BLOCK) {
        let (mut ascii, mut nul, mut controls, mut single) = (0u8, 0u8, 0u8, 0u8);
        for &b in block {
            ascii += u8::from(b < 0x80);
            nul += u8::from(b == 0);
            // D7's controls below 80, as in `valid` (ESC is not in the window).
            let c0 = b.wrapping_sub(1) < 0x1F && !matches!(b, 0x09 | 0x0A | 0x0C | 0x0D);
            controls += u8::from(c0 | (b == 0x7F));
            single += u8::from((b >= 0x80) & !is_lead(b));
        }
        s.chars += u64::from(ascii);
        s.nul += u64::from(nul);
        s.controls += u64::from(controls);
        singles += u64::from(single);
    }
    let (chunks, _) = bytes.as_chunks::<64>();
    let mut from = 0;
    for (k, chunk) in chunks.iter().enumerate() {
        let mut leads = lead_mask(chunk);
        while leads != 0 {
            let i = k * 64 + leads.trailing_zeros() as usize;
            leads &= leads - 1;
            from = i + lead(&mut s, &mut singles, bytes, i, at_eof);
        }
    }
    let tail = chunks.len() * 64;
    for i in tail.max(from)..bytes.len() {
        if bytes.get(i).is_some_and(|&b| is_lead(b)) && i >= from {
            from = i + lead(&mut s, &mut singles, bytes, i, at_eof);
        }
    }
    s.chars += singles;
    s.invalid_utf8 += singles;
    s.settle();
    s
}

/// The lead bytes of 64 bytes, a bit each: a 0 or 1 per byte in vector lanes, each eight
/// gathered into the top byte of a product (as `shared::differ` does).
fn lead_mask(chunk: &[u8; 64]) -> u64 {
    let mut flags = [0u8; 64];
    for (f, &b) in flags.iter_mut().zip(chunk) {
        *f = u8::from(is_lead(b));
    }
    let (eights, _) = flags.as_chunks::<8>();
    eights.iter().enumerate().fold(0, |m, (k, e)| {
        let v = u64::from_le_bytes(*e);
        m | (v.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
    })
}

/// A byte that starts a sequence of two to four bytes (C2–F4).
#[inline(always)]
fn is_lead(b: u8) -> bool {
    b.wrapping_sub(0xC2) < 0x33
}

/// The sequence of the lead byte at `i` ([`sequence`]), its continuation bytes taken from the
/// `singles`; returns its length.
fn lead(s: &mut Stats, singles: &mut u64, bytes: &[u8], i: usize, at_eof: bool) -> usize {
    let k = sequence(s, bytes, i, at_eof);
    *singles -= (k - 1) as u64;
    k
}

/// The sequence that starts at the byte above 7F at `i`, cut as Unicode's Table 3-7 says (an
/// ill-formed one into maximal subparts): counted in `s`, and its length returned. A valid
/// start that the end of the window cuts is a character cut short when the window is the whole
/// file (`at_eof`), else left out.
#[inline(always)]
pub(super) fn sequence(s: &mut Stats, bytes: &[u8], i: usize, at_eof: bool) -> usize {
    let b = bytes.get(i).copied().unwrap_or(0x80);
    // The lead's length and the range of its first continuation byte.
    let (len, lo, hi) = match b {
        0xC2..=0xDF => (2, 0x80, 0xBF),
        0xE0 => (3, 0xA0, 0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80, 0xBF),
        0xED => (3, 0x80, 0x9F),
        0xF0 => (4, 0x90, 0xBF),
        0xF1..=0xF3 => (4, 0x80, 0xBF),
        0xF4 => (4, 0x80, 0x8F),
        _ => (1, 0, 0),
    };
    let mut c = u32::from(b) & (0x7F >> len);
    let mut k = 1;
    while k < len {
        let Some(&x) = bytes.get(i + k) else { break };
        let (lo, hi) = if k == 1 { (lo, hi) } else { (0x80, 0xBF) };
        if !(lo..=hi).contains(&x) {
            break;
        }
        c = c << 6 | u32::from(x & 0x3F);
        k += 1;
    }
    let invalid = Bad::InvalidUtf8(crate::problem::Utf8Reason::Interrupted);
    if k == len && len > 1 {
        match char::from_u32(c) {
            Some(c) => s.put(c, true),
            None => s.bad(invalid, 0, &[]),
        }
    } else if len > 1 && i + k == bytes.len() {
        if at_eof {
            s.bad(Bad::Truncated, 0, &[]);
        }
    } else {
        s.bad(invalid, 0, &[]);
    }
    k
}
