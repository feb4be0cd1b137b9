//! G7: decoding each segment with its own encoding, through the core's character decoder.

use super::Segment;

/// The text of `bytes`, each segment decoded with its own encoding (its mark dropped, bad
/// units as U+FFFD); with no segments, the whole as the core detects it. Bytes no segment
/// covers are decoded as the core detects them.
pub fn decode_segments(bytes: &[u8], segments: &[Segment]) -> String {
    let mut out = String::new();
    let mut at = 0usize;
    for s in segments {
        let (Ok(start), Ok(len)) = (usize::try_from(s.offset), usize::try_from(s.length)) else {
            continue;
        };
        if start > at {
            out.push_str(&decode_with(bytes.get(at..start).unwrap_or_default(), None));
        }
        let piece = bytes.get(start..start + len).unwrap_or_default();
        out.push_str(&decode_with(piece, Some(&s.encoding)));
        at = at.max(start + len);
    }
    if at < bytes.len() || segments.is_empty() {
        out.push_str(&decode_with(bytes.get(at..).unwrap_or_default(), None));
    }
    out
}

/// The one use of the core's decoding API (isolated here: the lead may rename it).
fn decode_with(bytes: &[u8], encoding: Option<&str>) -> String {
    let opts = match encoding.map(|e| crate::Options::default().force_encoding(e)) {
        Some(Ok(o)) => o,
        _ => crate::Options::default(),
    };
    let at_eof = bytes.len() <= crate::WINDOW;
    let index = crate::Detected::of(bytes, at_eof, &opts).line_index();
    let mut text = String::new();
    let mut push = |_: u64, _: &[u8], d: crate::chars::Decoded| match d {
        crate::chars::Decoded::Char(c) => text.push(c),
        crate::chars::Decoded::Bad(_) => text.push('\u{FFFD}'),
    };
    let mut d = crate::chars::CharDecoder::new(&index);
    let body = usize::try_from(index.mark_len)
        .ok()
        .and_then(|m| bytes.get(m..))
        .unwrap_or(bytes);
    d.feed(body, &mut push);
    d.finish(&mut push);
    match text.strip_prefix('\u{FEFF}') {
        Some(rest) => rest.to_string(),
        None => text,
    }
}
