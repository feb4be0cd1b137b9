//! Mojibake (docs/mojibake.md M1–M8), from text written for these tests.

use proptest::prelude::*;
use textscope::chars::{CharDecoder, Decoded};
use textscope::mojibake::{
    find_mojibake, fix_mojibake, MojibakeFindings, MojibakeScanner, MAX_RUNS,
};

/// UTF-8 text read as `page` and saved again as UTF-8.
fn garble(s: &str, page: &'static encoding_rs::Encoding) -> String {
    page.decode_without_bom_handling(s.as_bytes())
        .0
        .into_owned()
}

fn w1252(s: &str) -> String {
    garble(s, encoding_rs::WINDOWS_1252)
}

#[test]
fn m1_file_with_mojibake_on_lines_8_to_11() {
    let mut text = String::new();
    for n in 1..=7 {
        text.push_str(&format!(
            "Ligne {n} : un texte correct, déjà écrit en été.\n"
        ));
    }
    for n in 8..=11 {
        text.push_str(&w1252(&format!(
            "Ligne {n} : le café crème est très bon.\n"
        )));
    }
    text.push_str("Ligne 12 : à bientôt.\n");
    let runs = find_mojibake(&text);
    let lines: Vec<u64> = runs.iter().map(|r| r.line).collect();
    assert_eq!(lines, [8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11]);
    assert!(runs
        .iter()
        .all(|r| r.chain == ["utf-8", "windows-1252", "utf-8"]));
    assert!(runs.iter().all(|r| !r.ambiguous));
    assert_eq!(runs[0].original, "Ã©");
    assert_eq!(runs[0].repaired, "é");
    let line8 = text.lines().nth(7).unwrap_or_default();
    assert_eq!(
        runs[0].column,
        line8.chars().position(|c| c == 'Ã').unwrap() as u64 + 1
    );
    let start = runs[0].offset as usize;
    assert_eq!(&text[start..start + runs[0].length as usize], "Ã©");
    let fixed = fix_mojibake(&text);
    assert!(fixed.contains("Ligne 9 : le café crème est très bon."));
    assert!(fixed.contains("déjà écrit en été"));
    assert!(!fixed.contains('Ã'));
}

#[test]
fn m4_twice_encoded_lines() {
    let text = w1252(&w1252("Ein schöner Tag in Köln, sagte Jürgen.\n"));
    assert!(text.contains("ÃƒÂ¶"));
    let runs = find_mojibake(&text);
    assert_eq!(runs.len(), 3);
    assert_eq!(
        runs[0].chain,
        ["utf-8", "windows-1252", "utf-8", "windows-1252", "utf-8"]
    );
    assert_eq!(
        fix_mojibake(&text),
        "Ein schöner Tag in Köln, sagte Jürgen.\n"
    );
}

#[test]
fn m1_each_chain() {
    let cases: [(&str, &'static encoding_rs::Encoding, &str); 6] = [
        (
            "Crème brûlée, “quoted” — naïve",
            encoding_rs::WINDOWS_1252,
            "windows-1252",
        ),
        (
            "Zażółć gęślą jaźń",
            encoding_rs::WINDOWS_1250,
            "windows-1250",
        ),
        ("Zażółć gęślą jaźń", encoding_rs::ISO_8859_2, "ISO-8859-2"),
        (
            "Café déjà vu, señor",
            encoding_rs::WINDOWS_1251,
            "windows-1251",
        ),
        ("Café déjà vu, señor", encoding_rs::MACINTOSH, "macintosh"),
        (
            "Привет, как дела? Всё хорошо.",
            encoding_rs::WINDOWS_1252,
            "windows-1252",
        ),
    ];
    for (clean, page, name) in cases {
        let bad = garble(clean, page);
        assert_eq!(fix_mojibake(&bad), clean, "{name}: {bad}");
        let runs = find_mojibake(&bad);
        assert!(!runs.is_empty(), "{name}");
        assert!(
            runs.iter().any(|r| r.chain.get(1) == Some(&name)),
            "{name} {runs:?}"
        );
    }
    // ISO-8859-1 proper: the C1 controls, which windows-1252 writes otherwise.
    let latin1: String = "Ça coûte 5 €".bytes().map(char::from).collect();
    assert_eq!(fix_mojibake(&latin1), "Ça coûte 5 €");
    // IBM437, from a DOS console.
    assert_eq!(fix_mojibake("Caf├⌐ cr├¿me"), "Café crème");
}

#[test]
fn m3_look_alikes_are_left_alone() {
    let clean = [
        "SÃO PAULO, INFORMAÇÃO, AÇÕES, NÃO, CORAÇÃO",
        "São Paulo tem informação e ações; não é coração.",
        "Hà Nội là thủ đô của Việt Nam; người Việt ăn phở.",
        "Tiếng Việt có dấu: ạ ả ấ ầ ẩ ẫ ậ ắ ằ ẳ ẵ ặ.",
        "25 °C ± 0,5; 3 × 4 = 12; 5 µm; x² + y²; ½ ¼ ¾",
        "Price: £5, €7, ¥300, ¢50; © 2024 ® ™",
        "Déjà vu à l'été, naïve façade, cœur, Noël, Œuvre",
        "Grüße aus München, Straße, Ärger, Öl, Übel",
        "El niño comió piñata; ¿Qué? ¡Olé! Señor Muñoz.",
        "Smørrebrød på Ærø; Åse og Øystein; Göteborg, Malmö",
        "Zażółć gęślą jaźń; Łódź; Česká republika; Ďábel",
        "Привет, мир! «Ёлки» — СССР» и т. д.",
        "Ελληνικά: Αθήνα, Θεσσαλονίκη",
        "non\u{A0}breaking\u{A0}spaces\u{A0}: oui\u{A0}!",
        "╔══════╗\n║ menu ║\n╚══════╝\n┌──┬──┐",
        "DÉJÀ VU, CAFÉ’S «TÊTE» PÅ” „Ä“ ВІН ДІМ ВІДПОВІДЬ",
        "日本語のテキスト、中文文本、한국어 텍스트",
    ];
    for s in clean {
        assert_eq!(find_mojibake(s), [], "{s}");
        assert_eq!(fix_mojibake(s), s);
    }
}

#[test]
fn m5_quoted_examples_are_not_mojibake() {
    let lines = [
        "\"Ã©\" is what é looks like when UTF-8 is read as windows-1252.",
        "In a bad export, café shows as cafÃ© and naïve as naÃ¯ve.",
        "The pattern `Ã¨` appears in logs.",
    ];
    for s in lines {
        assert_eq!(find_mojibake(s), [], "{s}");
    }
}

#[test]
fn m5_price_mojibake_is_mojibake() {
    assert_eq!(fix_mojibake("Total: Â£12.50"), "Total: £12.50");
    assert_eq!(fix_mojibake("10Â\u{A0}km"), "10\u{A0}km");
    assert_eq!(fix_mojibake("It doesnâ€™t work"), "It doesn’t work");
}

#[test]
fn m8_caps_and_exact_count() {
    let line = "cafÃ© ".repeat(1500);
    let mut s = MojibakeScanner::new();
    for (i, c) in line.char_indices() {
        s.char(c, i as u64, c.len_utf8() as u32, 1, i as u64 + 1);
    }
    let MojibakeFindings { runs, count } = s.finish();
    assert_eq!(count, 1500);
    assert_eq!(runs.len(), MAX_RUNS);
}

#[test]
fn m8_behind_the_cores_decoder_with_utf16_offsets() {
    let text = "ok\nCafÃ©\n";
    let mut bytes = vec![0xFF, 0xFE];
    for u in text.encode_utf16() {
        bytes.extend(u.to_le_bytes());
    }
    let opts = textscope::Options::default();
    let index = textscope::Detected::of(&bytes, true, &opts).line_index();
    let mut d = CharDecoder::new(&index);
    let mut s = MojibakeScanner::new();
    let (mut line, mut column) = (1, 1);
    let mut each = |offset: u64, raw: &[u8], dec: Decoded| {
        if let Decoded::Char(c) = dec {
            s.char(c, offset, raw.len() as u32, line, column);
            column += 1;
            if c == '\n' {
                s.end_of_line();
                line += 1;
                column = 1;
            }
        }
    };
    d.feed(&bytes[index.mark_len as usize..], &mut each);
    d.finish(&mut each);
    let found = s.finish();
    assert_eq!(found.count, 1);
    let r = &found.runs[0];
    assert_eq!((r.line, r.column, r.offset, r.length), (2, 4, 2 + 6 + 6, 4));
    assert_eq!(r.repaired, "é");
}

const WORDS: [&str; 12] = [
    "café", "crème", "naïve", "Zürich", "Ærø", "São", "señor", "Łódź", "straße", "œuvre", "Ñandú",
    "Québec",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// M8: the scanner finds the same runs whether the feeder calls `end_of_line` or only
    /// changes `line`, and as `find_mojibake` does.
    #[test]
    fn m8_end_of_line_is_optional(
        picks in proptest::collection::vec(0..WORDS.len(), 1..12),
        breaks in proptest::collection::vec(any::<bool>(), 12),
    ) {
        let mut text = String::new();
        for (k, &i) in picks.iter().enumerate() {
            text.push_str(&w1252(WORDS[i]));
            text.push(if breaks[k] { '\n' } else { ' ' });
        }
        let feed = |explicit: bool| {
            let mut s = MojibakeScanner::new();
            let (mut line, mut column) = (1, 1);
            for (i, c) in text.char_indices() {
                s.char(c, i as u64, c.len_utf8() as u32, line, column);
                column += 1;
                if c == '\n' {
                    if explicit {
                        s.end_of_line();
                    }
                    line += 1;
                    column = 1;
                }
            }
            s.finish().runs
        };
        let with = feed(true);
        prop_assert_eq!(&with, &feed(false));
        prop_assert_eq!(with, find_mojibake(&text));
    }

    /// M1: text of these words, garbled once or twice, is repaired exactly.
    #[test]
    fn m1_garbled_words_come_back(
        picks in proptest::collection::vec(0..WORDS.len(), 1..8),
        twice in any::<bool>(),
    ) {
        let clean = picks.iter().map(|&i| WORDS[i]).collect::<Vec<_>>().join(" ");
        let once = w1252(&clean);
        let bad = if twice { w1252(&once) } else { once };
        prop_assert_eq!(fix_mojibake(&bad), clean);
    }

    /// M3: the clean text itself is never changed.
    #[test]
    fn m3_clean_words_stay(picks in proptest::collection::vec(0..WORDS.len(), 1..8)) {
        let clean = picks.iter().map(|&i| WORDS[i]).collect::<Vec<_>>().join(" ");
        prop_assert_eq!(fix_mojibake(&clean), clean);
    }

    /// fix_mojibake leaves text without mojibake byte-identical (here: ASCII, Greek, Armenian,
    /// CJK and Hangul: no page of the chains writes them).
    #[test]
    fn fix_is_identity_on_other_text(s in "[a-z A-Z0-9\\n\u{391}-\u{3C9}\u{531}-\u{556}\u{4E00}-\u{4E80}\u{AC00}-\u{AC80}]{0,80}") {
        prop_assert_eq!(fix_mojibake(&s), s);
    }
}

/// The evaluation set of scripts/eval/mojibake (gen.py), and the figures of docs/mojibake.md:
/// per split, run precision (a repaired run is right when the expected text has its repair
/// with the ASCII around it), document recall (documents repaired exactly) and false
/// positives (correct documents changed). Run scripts/eval/mojibake/run.sh to see them.
#[test]
fn eval_set_precision_and_recall() {
    use std::collections::BTreeMap;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scripts/eval/mojibake/set.jsonl"
    );
    let set = std::fs::read_to_string(path).unwrap_or_default();
    assert!(set.lines().count() > 1000, "{path}: run gen.py");
    // (split, kind, chain) -> [documents, exact, changed, runs repaired, runs right]
    let mut tally: BTreeMap<(String, String, String), [u64; 5]> = BTreeMap::new();
    let mut wrong = Vec::new();
    for line in set.lines() {
        let row: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
        let field = |k: &str| row[k].as_str().unwrap_or_default().to_string();
        let (input, expected) = (field("input"), field("expected"));
        let fixed = fix_mojibake(&input);
        let key = (field("split"), field("kind"), field("chain"));
        let t = tally.entry(key.clone()).or_default();
        t[0] += 1;
        t[1] += u64::from(fixed == expected);
        t[2] += u64::from(fixed != input);
        for run in find_mojibake(&input).iter().filter(|r| !r.ambiguous) {
            let (a, b) = (run.offset as usize, (run.offset + run.length) as usize);
            let left: String = input[..a]
                .chars()
                .rev()
                .take_while(|c| c.is_ascii())
                .take(6)
                .collect();
            let left: String = left.chars().rev().collect();
            let right: String = input[b..]
                .chars()
                .take_while(|c| c.is_ascii())
                .take(6)
                .collect();
            let right_ok =
                input == expected || expected.contains(&format!("{left}{}{right}", run.repaired));
            t[3] += 1;
            t[4] += u64::from(right_ok);
            if !right_ok {
                wrong.push((
                    key.0.clone(),
                    key.2.clone(),
                    run.original.clone(),
                    run.repaired.clone(),
                ));
            }
        }
    }
    for w in wrong.iter().filter(|w| w.0 == "tune").take(12) {
        println!("  wrong: {w:?}");
    }
    for split in ["tune", "holdout"] {
        let (mut bad, mut exact, mut clean, mut fp, mut runs, mut right) = (0, 0, 0, 0, 0, 0);
        println!("== {split}");
        for ((s, kind, chain), [docs, ex, ch, r, ok]) in &tally {
            if s != split {
                continue;
            }
            println!("  {kind:9} {chain:13} docs {docs:4}  exact {ex:4}  changed {ch:4}  runs {r:5}  right {ok:5}");
            if kind == "once" || kind == "twice" {
                bad += docs;
                exact += ex;
                runs += r;
                right += ok;
            } else {
                clean += docs;
                fp += ch;
                runs += r;
            }
        }
        let precision = right as f64 / runs.max(1) as f64;
        let recall = exact as f64 / bad.max(1) as f64;
        println!(
            "  {split}: run precision {precision:.4} ({right}/{runs}), document recall \
             {recall:.4} ({exact}/{bad}), false positives {fp}/{clean} correct documents"
        );
        let floor = if split == "tune" { 0.99 } else { 0.97 };
        assert!(precision >= floor, "{split}: precision {precision}");
        assert!(recall >= 0.5, "{split}: recall {recall}");
        if split == "tune" {
            assert_eq!(fp, 0, "tune: correct documents changed");
        }
    }
}

/// UTF-8 text read in `page` by the core's own decoder (undefined bytes as the C1 control of
/// their value, as WHATWG does) and saved again as UTF-8.
fn garble_with_core(s: &str, page: &str) -> String {
    let opts = textscope::Options::default()
        .force_encoding(page)
        .unwrap_or_default();
    let index = textscope::Detected::of(s.as_bytes(), true, &opts).line_index();
    let mut d = CharDecoder::new(&index);
    let mut out = String::new();
    let mut each = |_: u64, raw: &[u8], dec: Decoded| match dec {
        Decoded::Char(c) => out.push(c),
        Decoded::Bad(_) => out.extend(raw.iter().map(|&b| char::from(b))),
    };
    d.feed(s.as_bytes(), &mut each);
    d.finish(&mut each);
    out
}

/// The paragraphs of scripts/eval/text (44 languages, written for the detection evaluation),
/// clean and through each chain once and twice. Files in even places (sorted by name) are
/// `corpus-tune`, whose failures were read; those in odd places are `corpus-holdout`, whose
/// failures were never read.
#[test]
fn eval_corpus_split() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/eval/text");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.sort();
    assert!(paths.len() >= 40, "{dir}");
    let pages = [
        "windows-1252",
        "ISO-8859-1",
        "windows-1250",
        "ISO-8859-2",
        "windows-1251",
        "macintosh",
        "IBM437",
    ];
    for (split, parity) in [("corpus-tune", 0), ("corpus-holdout", 1)] {
        let (mut clean, mut fp, mut bad, mut exact, mut runs, mut right) = (0, 0, 0, 0, 0, 0);
        let mut per_page = vec![[0u64; 2]; pages.len()];
        let mut wrong = Vec::new();
        for path in paths.iter().skip(parity).step_by(2) {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            for para in text.lines().filter(|l| !l.trim().is_empty()) {
                let para = format!("{para}\n");
                clean += 1;
                fp += u64::from(fix_mojibake(&para) != para);
                if para.is_ascii() {
                    continue;
                }
                for (k, page) in pages.iter().enumerate() {
                    let once = garble_with_core(&para, page);
                    for input in [once.clone(), garble_with_core(&once, page)] {
                        bad += 1;
                        let fixed = fix_mojibake(&input);
                        exact += u64::from(fixed == para);
                        per_page[k][0] += 1;
                        per_page[k][1] += u64::from(fixed == para);
                        for run in find_mojibake(&input).iter().filter(|r| !r.ambiguous) {
                            let (a, b) = (run.offset as usize, (run.offset + run.length) as usize);
                            let left: String = input[..a]
                                .chars()
                                .rev()
                                .take_while(char::is_ascii)
                                .take(6)
                                .collect();
                            let left: String = left.chars().rev().collect();
                            let right_ctx: String = input[b..]
                                .chars()
                                .take_while(char::is_ascii)
                                .take(6)
                                .collect();
                            let ok = para.contains(&format!("{left}{}{right_ctx}", run.repaired));
                            runs += 1;
                            right += u64::from(ok);
                            if !ok && parity == 0 {
                                wrong.push((page, run.original.clone(), run.repaired.clone()));
                            }
                        }
                    }
                }
            }
        }
        for (page, [docs, ok]) in pages.iter().zip(&per_page) {
            println!("  {split} {page:13} documents {docs:5}  exact {ok:5}");
        }
        for w in wrong.iter().take(30) {
            println!("  wrong: {w:?}");
        }
        let precision = right as f64 / runs.max(1) as f64;
        let recall = exact as f64 / bad.max(1) as f64;
        println!(
            "  {split}: run precision {precision:.4} ({right}/{runs}), document recall \
             {recall:.4} ({exact}/{bad}), false positives {fp}/{clean} correct paragraphs"
        );
        assert_eq!(fp, 0, "{split}: correct paragraphs changed");
        assert!(precision >= 0.95, "{split}: precision {precision}");
        assert!(recall >= 0.5, "{split}: recall {recall}");
    }
}
