//! Every code of the multi-byte pages textscope decodes with its own tables (EUC-JIS-2004,
//! Shift_JIS-2004, HZ-GB-2312, EUC-TW), decoded by the core, against a reference from a source
//! outside the project (SPEC U4, P8): `tests/data/multi_byte_pages.txt`, written by
//! `scripts/gen-multi-byte-reference.py` from CPython's codecs (and glibc's iconv for EUC-TW),
//! with the few documented places where textscope decodes otherwise listed there.

use textscope::chars::{CharDecoder, Decoded};
use textscope::{CodePage, Options};

struct Page {
    name: String,
    prefix: Vec<u8>,
    trails: std::ops::RangeInclusive<u8>,
    /// (lead bytes, one entry per trail: the characters, or `None` when the source rejects it)
    rows: Vec<(Vec<u8>, Vec<Option<String>>)>,
}

fn hex_bytes(s: &str) -> Vec<u8> {
    if s == "-" {
        return Vec::new();
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn reference() -> Vec<Page> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/multi_byte_pages.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut pages: Vec<Page> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let w: Vec<&str> = line.split(' ').collect();
        if w[0] == "page" {
            let lo = u8::from_str_radix(w[4], 16).unwrap();
            let hi = u8::from_str_radix(w[5], 16).unwrap();
            pages.push(Page {
                name: w[1].to_string(),
                prefix: hex_bytes(w[3]),
                trails: lo..=hi,
                rows: Vec::new(),
            });
            continue;
        }
        let page = pages.last_mut().unwrap();
        assert_eq!(w[0], page.name, "{line}");
        let entries: Vec<Option<String>> = w[2..]
            .iter()
            .map(|e| {
                (*e != "-").then(|| {
                    e.split('+')
                        .map(|u| char::from_u32(u32::from_str_radix(u, 16).unwrap()).unwrap())
                        .collect()
                })
            })
            .collect();
        assert_eq!(entries.len(), page.trails.clone().count(), "{line}");
        page.rows.push((hex_bytes(w[1]), entries));
    }
    pages
}

/// What the core makes of each code of `codes`, each written after `prefix` and followed by a
/// line feed: per code, its characters and whether any byte was bad.
fn decode_each(page: &str, prefix: &[u8], suffix: &[u8], codes: &[Vec<u8>]) -> Vec<(String, bool)> {
    let mut bytes = Vec::new();
    for code in codes {
        bytes.extend_from_slice(prefix);
        bytes.extend_from_slice(code);
        bytes.extend_from_slice(suffix);
        bytes.push(b'\n');
    }
    let opts = Options::default().force_encoding(page).unwrap();
    let index = textscope::Detected::of(&bytes, true, &opts).line_index();
    let mut d = CharDecoder::new(&index);
    let mut out = Vec::new();
    let (mut text, mut bad, mut next) = (String::new(), false, 0u64);
    let mut each = |offset: u64, b: &[u8], c: Decoded| {
        // Every byte is shown once, in order (a second character of a code has no bytes).
        if !b.is_empty() {
            assert_eq!(offset, next, "{page}: each byte once");
            next = offset + b.len() as u64;
        }
        match c {
            Decoded::Char('\n') => out.push((std::mem::take(&mut text), std::mem::take(&mut bad))),
            Decoded::Char(c) => text.push(c),
            Decoded::Bad(_) => bad = true,
        }
    };
    d.feed(&bytes, &mut each);
    d.finish(&mut each);
    assert_eq!(next, bytes.len() as u64, "{page}: every byte accounted");
    out
}

#[test]
fn every_code_of_every_own_multi_byte_page_matches_the_reference() {
    let reference = reference();
    let names: Vec<&str> = reference.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        ["EUC-JIS-2004", "Shift_JIS-2004", "HZ-GB-2312", "EUC-TW"]
    );
    for page in &reference {
        let cp = CodePage::for_label(&page.name).unwrap();
        assert_eq!(cp.name(), page.name);
        assert!(cp.is_multi_byte());
        let suffix: &[u8] = if page.prefix.is_empty() { b"" } else { b"~}" };
        let mut codes = Vec::new();
        let mut want = Vec::new();
        for (lead, entries) in &page.rows {
            for (t, e) in page.trails.clone().zip(entries) {
                let mut code = lead.clone();
                code.push(t);
                codes.push(code);
                want.push(e.clone());
            }
        }
        let got = decode_each(&page.name, &page.prefix, suffix, &codes);
        // A code whose bytes hold a line feed would split; no page's codes do.
        assert_eq!(got.len(), codes.len(), "{}", page.name);
        let mut wrong = Vec::new();
        let mut valid = 0;
        for ((code, want), (text, bad)) in codes.iter().zip(&want).zip(&got) {
            match want {
                Some(w) => {
                    valid += 1;
                    if *bad || text != w {
                        wrong.push(format!(
                            "{} {code:02X?}: {text:?} bad={bad}, want {w:?}",
                            page.name
                        ));
                    }
                }
                // Rejected by the source: some byte of it is bad here too.
                None if !*bad => wrong.push(format!(
                    "{} {code:02X?}: {text:?}, want a bad byte",
                    page.name
                )),
                None => {}
            }
        }
        assert!(valid > 7000, "{}: {valid} codes", page.name);
        assert!(
            wrong.is_empty(),
            "{} codes differ:\n{}",
            wrong.len(),
            wrong
                .iter()
                .take(40)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

/// FNV-1a, 64 bits.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    })
}

/// JIS X 0213's generated table is pinned, as the single-byte ones are
/// (`single_byte_tables.rs`): `python3 scripts/gen-codepages.py --check` says it is what the
/// generator makes; this sum says it has not changed since. Regenerate, check, update both.
#[test]
fn generated_jis_table_is_pinned() {
    let jis = include_bytes!("../src/codepage/tables_jis.rs");
    assert_eq!(fnv(jis), JIS_SUM, "tables_jis.rs: {:#018X}", fnv(jis));
}

const JIS_SUM: u64 = 0xFF22_0D6D_B7DB_5B9C;
