//! Every byte of every single-byte code page, decoded by the core, against a table from an
//! independent source (SPEC U4, P8): `tests/data/single_byte_pages.txt`, written by
//! `scripts/gen-single-byte-reference.py` from Python's codecs, ICU's IBM tables and (for the
//! three pages neither has) glibc's charmaps, with WHATWG's and ICU's differences listed there.

use textscope::chars::{CharDecoder, Decoded};
use textscope::{CodePage, Options};

/// What the core makes of each byte 00-FF in `page` (`None`: unmapped).
fn decode_all(page: &str) -> Vec<Option<u32>> {
    let bytes: Vec<u8> = (0..=255).collect();
    let opts = Options::default().force_encoding(page).unwrap();
    let index = textscope::Detected::of(&bytes, true, &opts).line_index();
    assert_eq!(index.mark_len, 0, "{page}");
    let mut d = CharDecoder::new(&index);
    let mut out = vec![None; 256];
    let mut seen = 0;
    let mut each = |offset: u64, b: &[u8], c: Decoded| {
        assert_eq!(b, [offset as u8], "{page}: one byte each");
        seen += 1;
        out[offset as usize] = match c {
            Decoded::Char(c) => Some(u32::from(c)),
            Decoded::Bad(k) => {
                assert_eq!(k, textscope::ProblemKind::UnmappedByte, "{page}");
                None
            }
        };
    };
    d.feed(&bytes, &mut each);
    d.finish(&mut each);
    assert_eq!(seen, 256, "{page}");
    out
}

/// The reference: page name -> 256 entries.
fn reference() -> Vec<(String, Vec<Option<u32>>)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/single_byte_pages.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut pages: Vec<(String, Vec<Option<u32>>)> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split(' ');
        let first = words.next().unwrap();
        if first == "page" {
            pages.push((words.next().unwrap().to_string(), Vec::new()));
            continue;
        }
        let (name, table) = pages.last_mut().unwrap();
        assert_eq!(first, name, "{line}");
        let row = usize::from_str_radix(words.next().unwrap(), 16).unwrap();
        assert_eq!(row, table.len(), "{line}");
        for w in words {
            table.push(if w == "-" {
                None
            } else {
                Some(u32::from_str_radix(w, 16).unwrap())
            });
        }
    }
    for (name, table) in &pages {
        assert_eq!(table.len(), 256, "{name}");
    }
    pages
}

#[test]
fn every_byte_of_every_single_byte_page_matches_the_reference() {
    let reference = reference();
    let mut wrong = Vec::new();
    for (name, want) in &reference {
        let page = CodePage::for_label(name).unwrap_or_else(|| panic!("{name} not a page"));
        assert_eq!(
            page.name(),
            name,
            "the reference names pages as the registry does"
        );
        assert!(!page.is_multi_byte(), "{name}");
        let got = decode_all(name);
        for b in 0..256 {
            if got[b] != want[b] {
                let show =
                    |v: Option<u32>| v.map_or("unmapped".to_string(), |v| format!("U+{v:04X}"));
                wrong.push(format!(
                    "{name} {b:02X}: {} (reference {})",
                    show(got[b]),
                    show(want[b])
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} bytes differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // Every single-byte page of the registry is in the reference.
    for page in CodePage::all().filter(|p| !p.is_multi_byte()) {
        assert!(
            reference.iter().any(|(n, _)| n == page.name()),
            "{} has no reference table",
            page.name()
        );
    }
}

/// Issue 38 item 5.4: the EBCDIC bytes where the generated tables disagreed with ICU and with
/// the page's euro twin.
#[test]
fn ebcdic_pages_agree_with_icu_and_their_euro_twins() {
    let at = |page: &str, b: u8| decode_all(page)[usize::from(b)];
    // IBM278 (Finland/Sweden) and IBM01143: 71 is \, E0 is É (glibc's IBM278 swapped them).
    for page in ["IBM278", "IBM01143"] {
        assert_eq!(at(page, 0x71), Some(0x5C), "{page}");
        assert_eq!(at(page, 0xE0), Some(0xC9), "{page}");
    }
    // IBM871 (Iceland) and IBM01149: 4A is Þ, C0 is þ.
    for page in ["IBM871", "IBM01149"] {
        assert_eq!(at(page, 0x4A), Some(0xDE), "{page}");
        assert_eq!(at(page, 0xC0), Some(0xFE), "{page}");
    }
    // IBM875 (Greek): six bytes ICU leaves unassigned are unmapped (P8), not U+001A; 3F is
    // the real SUB.
    for b in [0xDC, 0xE1, 0xEC, 0xED, 0xFC, 0xFD] {
        assert_eq!(at("IBM875", b), None, "IBM875 {b:02X}");
    }
    assert_eq!(at("IBM875", 0x3F), Some(0x1A));
    // The macron: IBM273 BC and IBM285 A1 are U+00AF, as in IBM01141 and IBM01146.
    for (page, b) in [
        ("IBM273", 0xBC),
        ("IBM01141", 0xBC),
        ("IBM285", 0xA1),
        ("IBM01146", 0xA1),
    ] {
        assert_eq!(at(page, b), Some(0xAF), "{page} {b:02X}");
    }
}

/// FNV-1a, 64 bits.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    })
}

/// The generated tables are pinned: `python3 scripts/gen-codepages.py --check` says they are
/// what the generator makes (it needs Python, glibc's iconv and rustfmt, which CI's test job
/// may not have); this test, which needs nothing, says they have not changed since. Both
/// change together: regenerate, run `--check`, then update the sums here.
#[test]
fn generated_tables_are_pinned() {
    let single = include_bytes!("../src/codepage/tables_single.rs");
    let cns = include_bytes!("../src/codepage/tables_cns.rs");
    assert_eq!(
        fnv(single),
        SINGLE_SUM,
        "tables_single.rs: {:#018X}",
        fnv(single)
    );
    assert_eq!(fnv(cns), CNS_SUM, "tables_cns.rs: {:#018X}", fnv(cns));
}

const SINGLE_SUM: u64 = 0xC741_68B2_D2F0_7275;
const CNS_SUM: u64 = 0x34A8_2E66_F5E7_7E2E;
