//! The characters at the edges of what the fast path takes: the first one after a stop (fed
//! to the decoder alone) and the last one taken (which a variation selector after it looks
//! back at).

use super::{Job, SLOW_MIN};

/// The bytes of the character that starts `bytes` in `job`'s format, as far as its first unit
/// tells ([`SLOW_MIN`] when it tells nothing: a UTF-8 byte that starts no sequence, a high
/// surrogate).
pub(super) fn char_len(job: &Job, bytes: &[u8]) -> usize {
    match *job {
        Job::Utf8 => match bytes.first() {
            Some(0x00..=0x7F) => 1,
            Some(0xC2..=0xDF) => 2,
            Some(0xE0..=0xEF) => 3,
            Some(0xF0..=0xF4) => 4,
            _ => SLOW_MIN,
        },
        Job::Utf16 { be } => match bytes.get(usize::from(!be)) {
            Some(0xD8..=0xDB) => SLOW_MIN,
            _ => 2,
        },
        Job::Utf32 { .. } => 4,
        Job::Legacy { .. } => 1,
    }
}

/// The last character of `bytes`, whole characters that the fast path took in `job`'s format
/// (`None` for a legacy byte above 7F: the sinks need it only before a variation selector,
/// which no single-byte code page has).
pub(super) fn last_char(job: &Job, bytes: &[u8]) -> Option<char> {
    let n = bytes.len();
    match *job {
        Job::Utf8 => {
            let last = *bytes.last()?;
            if last < 0x80 {
                return Some(char::from(last));
            }
            // Valid UTF-8 (the fast path takes nothing else): the lead byte's low bits, then
            // six bits from each continuation byte.
            let bits = |b: u8| u32::from(b & 0x3F);
            let v = match *bytes.get(n.saturating_sub(4)..)? {
                [.., a, b] if a & 0xE0 == 0xC0 => u32::from(a & 0x1F) << 6 | bits(b),
                [.., a, b, c] if a & 0xF0 == 0xE0 => {
                    u32::from(a & 0x0F) << 12 | bits(b) << 6 | bits(c)
                }
                [a, b, c, d] => u32::from(a & 0x07) << 18 | bits(b) << 12 | bits(c) << 6 | bits(d),
                _ => return None,
            };
            char::from_u32(v)
        }
        Job::Utf16 { be } => {
            let unit = |k: usize| {
                let b = [*bytes.get(k)?, *bytes.get(k + 1)?];
                Some(if be {
                    u16::from_be_bytes(b)
                } else {
                    u16::from_le_bytes(b)
                })
            };
            let last = unit(n.checked_sub(2)?)?;
            if (0xDC00..=0xDFFF).contains(&last) {
                let high = unit(n.checked_sub(4)?)?;
                char::decode_utf16([high, last]).next()?.ok()
            } else {
                char::from_u32(u32::from(last))
            }
        }
        Job::Utf32 { be } => {
            let b: [u8; 4] = bytes.get(n.checked_sub(4)?..)?.try_into().ok()?;
            char::from_u32(if be {
                u32::from_be_bytes(b)
            } else {
                u32::from_le_bytes(b)
            })
        }
        Job::Legacy { .. } => bytes
            .last()
            .filter(|b| b.is_ascii())
            .map(|&b| char::from(b)),
    }
}

#[cfg(test)]
mod tests {
    use super::Job;

    /// The last character the fast path took, read from its UTF-8 bytes as the standard
    /// library reads it, for characters of every length; and the first one's length.
    #[test]
    fn utf8_characters_at_the_edges_of_a_stretch_are_read_whole() {
        let edges = [0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x1_0000, 0x10_FFFF];
        for v in (0..0x11_0000u32).step_by(13).chain(edges) {
            if let Some(c) = char::from_u32(v) {
                let text = format!("ab{c}");
                assert_eq!(super::last_char(&Job::Utf8, text.as_bytes()), Some(c));
                let text = format!("{c}ab");
                assert_eq!(super::char_len(&Job::Utf8, text.as_bytes()), c.len_utf8());
            }
        }
    }
}
