//! The byte gate of `bidi` and `trojan-source` (issue 41, item 3): the characters these rules
//! find, looked for in the raw bytes of a file whose verdict did not decode them as Unicode
//! (a legacy code page, binary). One `\xff` in a comment makes detection pick a code page,
//! where U+202E's bytes E2 80 AE are three letters; the compiler still reads them as UTF-8.
//! So the gate looks for well-formed UTF-8 sequences of 3 and 4 bytes, and for UTF-16LE/BE
//! units after a UTF-16 ASCII unit (`x\0` or `\0x`: a lone unit such as `. ` = 2E 20 is too
//! common in text to be a finding). Byte by byte, with the last 4 bytes carried across chunks;
//! lines count LF bytes, columns count bytes (1-based). Never panics, memory is constant.

use super::scan::finding_message;
use super::{Breach, Policy, Rule, MAX_LISTED};
use std::collections::BTreeMap;
use textscope::FindingKind;

/// The scan of one file's raw bytes.
#[derive(Debug)]
pub struct RawScan {
    /// `bidi` denied: every character the rule finds (bidi controls, invisible, hidden).
    bidi: bool,
    /// `trojan-source` denied: the reordering controls.
    trojan: bool,
    /// Look for UTF-8 sequences (off when the verdict decoded the bytes as UTF-8 already).
    utf8: bool,
    /// The offset of the next byte.
    at: u64,
    /// The last 4 bytes, oldest first, and how many of them are real.
    last: [u8; 4],
    have: u8,
    line: u64,
    line_start: u64,
    pub findings: Vec<Breach>,
    pub counts: BTreeMap<Rule, u64>,
}

impl RawScan {
    /// The scan for `policy`, or None when neither rule is denied. `utf8`: look for UTF-8
    /// sequences too (not only UTF-16 units). `start`: the offset of the first byte fed.
    pub fn new(policy: &Policy, utf8: bool, start: u64) -> Option<RawScan> {
        let bidi = policy.denies(Rule::Bidi);
        let trojan = policy.denies(Rule::TrojanSource);
        (bidi || trojan).then_some(RawScan {
            bidi,
            trojan,
            utf8,
            at: start,
            last: [0; 4],
            have: 0,
            line: 1,
            line_start: start,
            findings: Vec::new(),
            counts: BTreeMap::new(),
        })
    }

    /// The rule that finds `c`, if a denied one does (`bidi` first: one finding per place).
    fn rule_of(&self, c: char) -> Option<(Rule, FindingKind)> {
        if textscope::is_variation_selector(c) {
            return None; // Depends on the character before it, which raw bytes do not give.
        }
        let kind = FindingKind::at(None, c)?;
        if kind == FindingKind::AnsiEscape {
            return None;
        }
        if self.bidi {
            Some((Rule::Bidi, kind))
        } else if self.trojan && textscope::class::is_bidi_control(c) {
            Some((Rule::TrojanSource, kind))
        } else {
            None
        }
    }

    fn push(&mut self, offset: u64, c: char, how: &str) {
        let Some((rule, kind)) = self.rule_of(c) else {
            return;
        };
        let n = self.counts.entry(rule).or_insert(0);
        *n += 1;
        if *n as usize <= MAX_LISTED {
            let column = offset.saturating_sub(self.line_start) + 1;
            self.findings.push(Breach {
                line: self.line,
                column,
                offset,
                rule,
                message: format!(
                    "{} as {how} bytes in a file not read as Unicode (byte column)",
                    finding_message(kind, c)
                ),
            });
        }
    }

    /// The next bytes.
    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.byte(b);
        }
    }

    fn byte(&mut self, b: u8) {
        let [_, w1, w2, w3] = self.last;
        self.last = [w1, w2, w3, b];
        self.have = (self.have + 1).min(4);
        let here = self.at;
        self.at += 1;
        if b == b'\n' {
            self.line += 1;
            self.line_start = self.at;
            return;
        }
        let [a, x, y, z] = self.last;
        let cont = |v: u8| v & 0xC0 == 0x80;
        if self.utf8 && self.have >= 3 && (0xE0..=0xEF).contains(&x) && cont(y) && cont(z) {
            if let Some(c) = std::str::from_utf8(&[x, y, z])
                .ok()
                .and_then(|s| s.chars().next())
            {
                self.push(here - 2, c, "UTF-8");
            }
        }
        if self.utf8 && self.have >= 4 && (0xF0..=0xF4).contains(&a) && cont(x) && cont(y) {
            if let Some(c) = std::str::from_utf8(&[a, x, y, z])
                .ok()
                .and_then(|s| s.chars().next())
            {
                self.push(here - 3, c, "UTF-8");
            }
        }
        // UTF-16: the alignment is not known, so every offset is tried.
        let ascii = |v: u8| matches!(v, b'\t' | b'\n' | b'\r' | 0x20..=0x7E);
        if self.have >= 4 {
            if ascii(a) && x == 0 {
                if let Some(c) = char::from_u32(u32::from(z) << 8 | u32::from(y)) {
                    if !c.is_ascii() {
                        self.push(here - 1, c, "UTF-16LE");
                    }
                }
            }
            if a == 0 && ascii(x) {
                if let Some(c) = char::from_u32(u32::from(y) << 8 | u32::from(z)) {
                    if !c.is_ascii() {
                        self.push(here - 1, c, "UTF-16BE");
                    }
                }
            }
        }
    }
}
