//! [`super::utf8_stats`] for the commonest window: valid UTF-8 (but for a character cut at its
//! end) without ESC. Then every byte that is no continuation byte starts a character, and the
//! counts are sums over the bytes that the compiler runs in vector registers, plus a look at
//! the few characters whose lead byte may make them a C1 control or an unusual character.
//! The loop over characters took most of the detection of a small UTF-8 file beyond ASCII.

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
