//! Every code page textscope can name and decode (SPEC D6, D11, D12, U4).
//!
//! encoding_rs decodes the pages it has (the WHATWG set); the others come from tables generated
//! by `scripts/gen-codepages.py` from Python's codecs (the Unicode Consortium's mapping files)
//! and GNU libc's iconv charmaps (`tables_single.rs`, `tables_cns.rs`; a few EBCDIC bytes set
//! to ICU's IBM tables, the generator's OVERRIDES say which and why) and CPython's JIS X 0213
//! codec (`tables_jis.rs`), or are decoded by the small state machines in `multi.rs` (Johab,
//! EUC-TW, ISO-2022-KR, ISO-2022-CN, HZ-GB-2312, EUC-JIS-2004, Shift_JIS-2004).

pub(crate) mod multi;
mod registry;
#[allow(clippy::unreadable_literal)]
pub(crate) mod tables_cns;
#[allow(clippy::unreadable_literal)]
pub(crate) mod tables_jis;
#[allow(clippy::unreadable_literal)]
mod tables_single;

use encoding_rs::Encoding;
pub(crate) use registry::PAGES;
use std::sync::OnceLock;

/// How a code page is decoded.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Kind {
    /// By encoding_rs.
    Rs(&'static Encoding),
    /// By a generated 256-entry table (0xFFFF: unmapped).
    Table(&'static [u16; 256]),
    /// By one of the state machines in [`multi`].
    Multi(multi::Which),
}

/// The script a code page is made for; it chooses which models score it (D12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Script {
    Latin,
    Cyrillic,
    Greek,
    Hebrew,
    Arabic,
    Thai,
    Vietnamese,
    Armenian,
    Georgian,
    Japanese,
    Chinese,
    Korean,
    /// Not a candidate: only decoded when forced (x-user-defined).
    None,
}

/// A code page's static description.
#[derive(Debug)]
pub(crate) struct Page {
    /// The name the report gives: the WHATWG name where WHATWG has one, else the IANA or
    /// common name.
    pub name: &'static str,
    /// Other names `--encoding` accepts (compared without case, `-` and `_`).
    pub aliases: &'static [&'static str],
    pub kind: Kind,
    pub script: Script,
    /// The family the evaluation and the docs group it in.
    pub family: &'static str,
    /// 0 for the commonest pages, up to 3 for the rarest: the prior (D12) and the tie-break.
    pub tier: u8,
}

/// A code page textscope can decode: a small `Copy` handle on a static description.
#[derive(Clone, Copy)]
pub struct CodePage(pub(crate) &'static Page);

impl PartialEq for CodePage {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}
impl Eq for CodePage {}

impl std::fmt::Debug for CodePage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.name)
    }
}

fn squash(s: &str) -> String {
    s.trim()
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

impl CodePage {
    /// Every code page, in the registry's order (commonest families first).
    pub fn all() -> impl Iterator<Item = CodePage> {
        PAGES.iter().map(CodePage)
    }

    /// The code page a name or alias stands for (case, `-` and `_` ignored). The registry's
    /// names and aliases come first (so `ISO-8859-1`, the name a report gives, is ISO-8859-1
    /// itself), then every WHATWG label that encoding_rs knows, with WHATWG's meaning
    /// (`latin1` and `ascii` are windows-1252, `latin2` is ISO-8859-2, `sjis` Shift_JIS …).
    /// UTF-8, UTF-16 and `replacement` are not code pages: `None`.
    pub fn for_label(label: &str) -> Option<CodePage> {
        let want = squash(label);
        if want.is_empty() {
            return None;
        }
        if let Some(p) = PAGES
            .iter()
            .find(|p| squash(p.name) == want || p.aliases.iter().any(|a| squash(a) == want))
        {
            return Some(CodePage(p));
        }
        let enc = Encoding::for_label(label.trim().as_bytes())?;
        CodePage::from_encoding(enc)
    }

    /// The registry's entry for an encoding_rs encoding (`None` for UTF-8, UTF-16, replacement).
    pub fn from_encoding(enc: &'static Encoding) -> Option<CodePage> {
        PAGES
            .iter()
            .find(|p| matches!(p.kind, Kind::Rs(e) if e == enc))
            .map(CodePage)
    }

    /// windows-1252, the fallback code page.
    pub fn windows_1252() -> CodePage {
        CodePage::from_encoding(encoding_rs::WINDOWS_1252).unwrap_or(CodePage(&PAGES[0]))
    }

    /// The name the report gives (`windows-1252`, `IBM866`, `x-mac-cyrillic`).
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The family the page belongs to ("Western", "DOS", "EBCDIC" …).
    pub fn family(self) -> &'static str {
        self.0.family
    }

    /// True when a byte may start a character of two or more bytes, or a mode is held.
    pub fn is_multi_byte(self) -> bool {
        match self.0.kind {
            Kind::Rs(e) => !e.is_single_byte(),
            Kind::Table(_) => false,
            Kind::Multi(_) => true,
        }
    }

    /// True for encodings whose decoder carries a mode across lines (the ISO-2022 family), so
    /// a file in them cannot be cut into independent pieces.
    pub fn is_stateful(self) -> bool {
        match self.0.kind {
            Kind::Rs(e) => e == encoding_rs::ISO_2022_JP,
            Kind::Multi(w) => matches!(
                w,
                multi::Which::Iso2022Kr | multi::Which::Iso2022Cn | multi::Which::Hz
            ),
            Kind::Table(_) => false,
        }
    }

    /// True when ESC, `[`, `]` and the letters are the ASCII bytes (terminal escape sequences
    /// can occur in text in this code page): not in EBCDIC, nor in the ISO-2022 family, whose
    /// decoders take ESC for themselves.
    pub(crate) fn ascii_escapes(self) -> bool {
        match self.0.kind {
            Kind::Rs(e) => e.is_ascii_compatible() && e != encoding_rs::ISO_2022_JP,
            Kind::Table(t) => [0x1B_u8, b'[', b']', b'm', b'0', b'\\']
                .iter()
                .all(|&b| t.get(usize::from(b)) == Some(&u16::from(b))),
            Kind::Multi(_) => !self.is_stateful(),
        }
    }

    pub(crate) fn kind(self) -> Kind {
        self.0.kind
    }

    pub(crate) fn script(self) -> Script {
        self.0.script
    }

    pub(crate) fn tier(self) -> u8 {
        self.0.tier
    }

    /// The page's position in the registry.
    pub(crate) fn index(self) -> usize {
        PAGES
            .iter()
            .position(|p| std::ptr::eq(p, self.0))
            .unwrap_or(0)
    }

    /// For a single-byte page, each byte's character (`None`: unmapped), built once per run.
    pub(crate) fn single_byte_table(self) -> Option<&'static [Option<char>; 256]> {
        static TABLES: OnceLock<Vec<Option<[Option<char>; 256]>>> = OnceLock::new();
        TABLES
            .get_or_init(|| PAGES.iter().map(|p| CodePage(p).build_table()).collect())
            .get(self.index())
            .and_then(Option::as_ref)
    }

    fn build_table(self) -> Option<[Option<char>; 256]> {
        let mut table = [None; 256];
        match self.0.kind {
            Kind::Rs(enc) if enc.is_single_byte() => {
                // The 256 bytes in one call, each one character (U+FFFD where the page maps
                // none: no single-byte page maps a byte to it); a call per byte was a fifth
                // of a millisecond of a legacy file's start-up (issue 42).
                let all: [u8; 256] = std::array::from_fn(|b| b as u8);
                let (text, _) = enc.decode_without_bom_handling(&all);
                for (slot, c) in table.iter_mut().zip(text.chars()) {
                    *slot = (c != char::REPLACEMENT_CHARACTER).then_some(c);
                }
                if text.chars().count() != 256 {
                    for (b, slot) in table.iter_mut().enumerate() {
                        *slot = enc
                            .decode_without_bom_handling_and_without_replacement(&[b as u8])
                            .and_then(|s| s.chars().next());
                    }
                }
            }
            Kind::Table(t) => {
                for (slot, &u) in table.iter_mut().zip(t.iter()) {
                    *slot = if u == 0xFFFF {
                        None
                    } else {
                        char::from_u32(u32::from(u))
                    };
                }
            }
            _ => return None,
        }
        Some(table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_least_ninety_pages_each_named_once() {
        let names: Vec<_> = CodePage::all().map(CodePage::name).collect();
        assert!(names.len() >= 90, "{}", names.len());
        for (i, n) in names.iter().enumerate() {
            assert!(!names[..i].contains(n), "{n} twice");
            assert_eq!(CodePage::for_label(n).map(CodePage::name), Some(*n));
        }
    }

    #[test]
    fn labels_and_aliases() {
        let n = |l| CodePage::for_label(l).map(CodePage::name);
        assert_eq!(n("cp866"), Some("IBM866"));
        assert_eq!(n("CP437"), Some("IBM437"));
        assert_eq!(n("mac_cyrillic"), Some("x-mac-cyrillic"));
        assert_eq!(n("latin2"), Some("ISO-8859-2"));
        assert_eq!(n("iso-8859-1"), Some("ISO-8859-1"));
        assert_eq!(n("latin1"), Some("windows-1252"));
        assert_eq!(n("Windows-1252"), Some("windows-1252"));
        assert_eq!(n("ebcdic-cp-us"), Some("IBM037"));
        assert_eq!(n("euc-tw"), Some("EUC-TW"));
        assert_eq!(n("hz"), Some("HZ-GB-2312"));
        assert_eq!(n("HZ-GB-2312"), Some("HZ-GB-2312"));
        assert_eq!(n("euc_jis_2004"), Some("EUC-JIS-2004"));
        assert_eq!(n("EUC-JISX0213"), Some("EUC-JIS-2004"));
        assert_eq!(n("shift_jis_2004"), Some("Shift_JIS-2004"));
        assert_eq!(n("sjis2004"), Some("Shift_JIS-2004"));
        assert_eq!(n("Shift_JISX0213"), Some("Shift_JIS-2004"));
        // The 2004 pages are not their JIS X 0208 forebears.
        assert_eq!(n("shift_jis"), Some("Shift_JIS"));
        assert_eq!(n("euc-jp"), Some("EUC-JP"));
        assert_eq!(n("utf-8"), None);
        assert_eq!(n("nonsense"), None);
    }

    #[test]
    fn every_single_byte_table_maps_ascii_or_is_ebcdic() {
        for cp in CodePage::all() {
            if let Some(t) = cp.single_byte_table() {
                let ascii = (0x20..0x7F).all(|b| t[b] == char::from_u32(b as u32));
                // IBM864 writes 25 as the Arabic percent sign.
                let exception = cp.family() == "EBCDIC" || cp.name() == "IBM864";
                assert!(ascii || exception, "{}", cp.name());
                if cp.family() == "EBCDIC" {
                    assert_eq!(t[0x40], Some(' '), "{}", cp.name());
                    assert_eq!(t[0xC1], Some('A'), "{}", cp.name());
                }
            }
        }
    }

    /// Issue 42: the encoding_rs pages' tables, decoded in one call, are what encoding_rs
    /// makes of each byte alone.
    #[test]
    fn a_table_decoded_whole_is_each_byte_decoded_alone() {
        let mut pages = 0;
        for cp in CodePage::all() {
            let Kind::Rs(enc) = cp.0.kind else { continue };
            let Some(t) = cp.single_byte_table() else {
                continue;
            };
            pages += 1;
            for (b, &got) in t.iter().enumerate() {
                let alone = enc
                    .decode_without_bom_handling_and_without_replacement(&[b as u8])
                    .and_then(|s| s.chars().next());
                assert_eq!(got, alone, "{} {b:#04x}", cp.name());
            }
        }
        assert!(pages > 20, "{pages}");
    }
}
