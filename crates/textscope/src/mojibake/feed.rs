//! M9: the scanner fed from the raw bytes of a UTF-8 file, as the report needs it: lines as
//! SPEC L1 counts them (LF, CR LF, CR, NEL, LS, PS), columns in characters from 1, and plain
//! ASCII skipped eight bytes at a time. The scanner only looks at the character before a
//! region and the one after it (M3 (iii), M5), so of each stretch of ASCII only its first and
//! last characters are handed over.

use super::{MojibakeFindings, MojibakeScanner};

/// Feeds a [`MojibakeScanner`] the characters of UTF-8 bytes, in chunks of any size (the
/// result does not depend on where the chunks are cut).
#[derive(Debug)]
pub struct Utf8Feed {
    scanner: MojibakeScanner,
    /// The offset of the next byte.
    at: u64,
    line: u64,
    /// Characters of the line before the next one.
    column: u64,
    /// The last CR ended a line: an LF right after it belongs to the same ending.
    after_cr: bool,
    /// The last ASCII character not handed over yet, with its offset and column.
    held: Option<(char, u64, u64)>,
    /// The last character handed over was above U+007F: the next ASCII one is handed over too.
    after_wide: bool,
    /// The first bytes of a sequence cut by the end of a chunk.
    partial: [u8; 4],
    partial_len: usize,
}

/// The length of the prefix of `bytes` that holds no byte above 7F and no CR or LF.
#[inline]
fn quiet_prefix(bytes: &[u8]) -> usize {
    crate::swar::ascii_prefix_without(bytes, 0x0A, 0x0D)
}

/// The length of a UTF-8 sequence that starts with `b`, 1 for a byte that starts none.
fn sequence_len(b: u8) -> usize {
    match b {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 1,
    }
}

/// How many of the first bytes of `bytes` are a prefix of one valid UTF-8 sequence (0 for a
/// byte that starts none): a whole character when it is [`sequence_len`] long.
fn prefix_len(bytes: &[u8]) -> usize {
    let Some(&lead) = bytes.first() else { return 0 };
    if lead < 0x80 {
        return 1;
    }
    let (lo, hi) = match lead {
        0xE0 => (0xA0, 0xBF),
        0xED => (0x80, 0x9F),
        0xF0 => (0x90, 0xBF),
        0xF4 => (0x80, 0x8F),
        0xC2..=0xF3 => (0x80, 0xBF),
        _ => return 0,
    };
    let need = sequence_len(lead);
    let mut n = 1;
    for (i, &b) in bytes.iter().enumerate().take(need).skip(1) {
        let ok = if i == 1 {
            (lo..=hi).contains(&b)
        } else {
            (0x80..=0xBF).contains(&b)
        };
        if !ok {
            break;
        }
        n += 1;
    }
    n
}

impl Utf8Feed {
    /// A feed whose first byte is at `offset` (the end of the mark), on line 1.
    pub fn new(scanner: MojibakeScanner, offset: u64) -> Utf8Feed {
        Utf8Feed {
            scanner,
            at: offset,
            line: 1,
            column: 0,
            after_cr: false,
            held: None,
            after_wide: false,
            partial: [0; 4],
            partial_len: 0,
        }
    }

    /// Runs found or pending so far (decided or not).
    pub fn has_found(&self) -> bool {
        self.scanner.has_found()
    }

    /// The next bytes.
    pub fn feed(&mut self, mut bytes: &[u8]) {
        if self.partial_len > 0 {
            let mut seq = self.partial;
            let mut n = self.partial_len;
            let need = sequence_len(seq.first().copied().unwrap_or(0));
            while n < need {
                let Some((&b, rest)) = bytes.split_first() else {
                    // Still cut: wait for more.
                    self.partial = seq;
                    self.partial_len = n;
                    return;
                };
                if let Some(slot) = seq.get_mut(n) {
                    *slot = b;
                }
                if prefix_len(seq.get(..=n).unwrap_or_default()) <= n {
                    break;
                }
                n += 1;
                bytes = rest;
            }
            self.partial_len = 0;
            self.unit(seq.get(..n).unwrap_or_default());
        }
        while !bytes.is_empty() {
            let quiet = if self.after_wide {
                0
            } else {
                quiet_prefix(bytes)
            };
            if quiet > 0 {
                let (run, rest) = bytes.split_at(quiet);
                if let Some(&last) = run.last() {
                    let offset = self.at + quiet as u64 - 1;
                    self.held = Some((char::from(last), offset, self.column + quiet as u64));
                }
                self.column += quiet as u64;
                self.at += quiet as u64;
                self.after_cr = false;
                bytes = rest;
                continue;
            }
            let take = prefix_len(bytes);
            let Some(&lead) = bytes.first() else { break };
            if take == bytes.len() && take < sequence_len(lead) {
                // Cut by the end of the chunk: kept until the next one (or the end).
                for (slot, &b) in self.partial.iter_mut().zip(bytes) {
                    *slot = b;
                }
                self.partial_len = take.min(4);
                return;
            }
            let (seq, rest) = bytes.split_at(take.max(1).min(bytes.len()));
            self.unit(seq);
            bytes = rest;
        }
    }

    /// One character, or one bad unit (a maximal prefix of a sequence, as WHATWG counts
    /// them), at the current offset.
    fn unit(&mut self, seq: &[u8]) {
        let c = std::str::from_utf8(seq)
            .ok()
            .and_then(|s| s.chars().next())
            .unwrap_or('\u{FFFD}');
        let len = seq.len().max(1);
        let offset = self.at;
        self.at += len as u64;
        let after_cr = std::mem::replace(&mut self.after_cr, false);
        match c {
            '\n' if after_cr => return,
            '\n' | '\r' => {
                self.after_cr = c == '\r';
                self.next_line();
                return;
            }
            _ => {}
        }
        self.column += 1;
        if c.is_ascii() {
            if self.after_wide {
                self.after_wide = false;
                self.scanner.char(c, offset, 1, self.line, self.column);
            } else {
                self.held = Some((c, offset, self.column));
            }
            return;
        }
        if let Some((h, at, column)) = self.held.take() {
            self.scanner.char(h, at, 1, self.line, column);
        }
        self.scanner
            .char(c, offset, len as u32, self.line, self.column);
        self.after_wide = true;
        if matches!(c, '\u{85}' | '\u{2028}' | '\u{2029}') {
            self.next_line();
        }
    }

    fn next_line(&mut self) {
        self.scanner.end_of_line();
        self.line += 1;
        self.column = 0;
        self.held = None;
        self.after_wide = false;
    }

    /// The end of the bytes: what the scanner found.
    pub fn finish(mut self) -> MojibakeFindings {
        if self.partial_len > 0 {
            let seq = self.partial;
            let n = self.partial_len;
            self.partial_len = 0;
            self.unit(seq.get(..n).unwrap_or_default());
        }
        self.scanner.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn runs(bytes: &[u8], cut: usize) -> MojibakeFindings {
        let mut f = Utf8Feed::new(MojibakeScanner::new(), 0);
        for chunk in bytes.chunks(cut.max(1)) {
            f.feed(chunk);
        }
        f.finish()
    }

    #[test]
    fn m9_places_runs_as_the_report_counts_lines() {
        let text = "ok\r\nline two\rcaf\u{C3}\u{A9} and more \u{C3}\u{A9}t\u{C3}\u{A9}\n";
        let found = runs(text.as_bytes(), 3);
        assert_eq!(found.count, 3);
        let r = &found.runs[0];
        assert_eq!((r.line, r.column, r.repaired.as_str()), (3, 4, "é"));
        assert_eq!(r.offset, text.find('\u{C3}').unwrap() as u64);
        let r = &found.runs[1];
        assert_eq!((r.line, r.column, r.repaired.as_str()), (3, 16, "é"));
    }

    #[test]
    fn m9_a_quoted_example_stays_quoted_across_skipped_ascii() {
        let text = "Excel shows \"\u{C3}\u{A9}\" where it should show the letter.\n";
        assert_eq!(runs(text.as_bytes(), 64).count, 0);
    }

    proptest! {
        /// M9: the runs found do not depend on where the chunks are cut, and are those that
        /// the scanner finds fed every character.
        #[test]
        fn m9_chunking_never_changes_the_runs(
            parts in proptest::collection::vec(
                prop_oneof![
                    Just("caf\u{C3}\u{A9} "), Just("\u{E2}\u{80}\u{99}"), Just("ab\r\n"),
                    Just("na\u{C3}\u{AF}ve"), Just("\u{C3}\u{83}\u{C2}\u{A9}"), Just("\n"),
                    Just("\u{2028}"), Just("\"x\" "), Just("Stra\u{DF}e "),
                ].prop_map(|s: &str| s.as_bytes().to_vec()),
                0..30,
            ),
            junk in proptest::collection::vec(any::<u8>(), 0..4),
            cut in 1usize..17,
        ) {
            let mut bytes: Vec<u8> = parts.concat();
            bytes.extend(junk);
            let whole = runs(&bytes, bytes.len());
            prop_assert_eq!(&runs(&bytes, cut), &whole);
            if let Ok(text) = std::str::from_utf8(&bytes) {
                if !text.contains('\r') && !text.contains('\u{2028}') {
                    prop_assert_eq!(whole.runs, super::super::find_mojibake(text));
                }
            }
        }
    }
}
