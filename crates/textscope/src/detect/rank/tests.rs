//! D12's shortcuts change no answer: a ranking that leaves out the groups that cannot reach
//! the places kept is the full ranking cut short, cost for cost; every page's bound is below
//! its cost; the bigram sums added in any order are the sums added pair by pair.

use super::bigrams::{self, bigrams_dense, bigrams_in_order, bigrams_listed};
use super::bytes::bytes_of;
use super::price::{self, sums_exact, tally};
use super::shared::Shared;
use super::single;
use super::{rank, Scored};
use crate::codepage::CodePage;

/// The project's labelled samples, whole and cut short, noise, and an EBCDIC text.
fn windows() -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/legacy");
    let mut out = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    names.sort();
    for path in names {
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap_or_default();
        for cut in [30, 90, 300, usize::MAX] {
            out.push(bytes.iter().copied().take(cut).collect());
        }
    }
    assert!(out.len() >= 160, "{}", out.len());
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for len in [8, 64, 700, 5000] {
        out.push(
            (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    (x >> 24) as u8 | 0x80
                })
                .collect(),
        );
    }
    let ibm037 = CodePage::for_label("IBM037").and_then(CodePage::single_byte_table);
    if let Some(t) = ibm037 {
        let text = "Le café était très chaud, dit-il à sa sœur. Ça va très bien, merci. ";
        let ebcdic: Vec<u8> = text
            .repeat(4)
            .chars()
            .filter_map(|c| t.iter().position(|&m| m == Some(c)))
            .map(|b| b as u8)
            .collect();
        out.push(ebcdic);
    }
    out
}

fn same(a: &Scored, b: &Scored) -> bool {
    a.page == b.page
        && a.cost.to_bits() == b.cost.to_bits()
        && a.lang == b.lang
        && a.text == b.text
        && a.also == b.also
}

#[test]
fn a_pruned_ranking_is_the_full_ranking_cut_short() {
    for w in windows() {
        let full = rank(&w, true, usize::MAX);
        for keep in [1, 2, 10] {
            let cut = rank(&w, true, keep);
            assert_eq!(cut.total, full.total);
            assert_eq!(cut.top.len(), full.top.len().min(keep));
            for (a, b) in cut.top.iter().zip(&full.top) {
                assert!(same(a, b), "{keep}: {a:?} against {b:?}");
            }
        }
    }
}

#[test]
fn every_bound_is_below_the_cost() {
    let mut priced = 0;
    for w in windows() {
        let b = bytes_of(&w);
        let ascii = super::bytes::ascii_costs(&b);
        let best = ascii.iter().copied().fold(f64::INFINITY, f64::min);
        for m in single::models().iter().flatten() {
            let t = tally(m, &b, &mut Shared::default());
            let (cost, _) = bigrams::score(m, &b, &t, &ascii, best, &mut Shared::default());
            let bound = t.bound(m, &b, &ascii, best);
            assert!(bound <= cost + 1e-9, "{:?}: {bound} > {cost}", m.page);
            priced += 1;
        }
    }
    assert!(priced > 10_000, "{priced}");
}

#[test]
fn bigram_sums_in_any_order_are_the_sums_pair_by_pair() {
    let mut compared = 0;
    for w in windows() {
        let b = bytes_of(&w);
        assert!(
            sums_exact(&b),
            "the models' costs are exact sums in a window"
        );
        for m in single::models().iter().flatten() {
            let t = tally(m, &b, &mut Shared::default());
            let slow = bigrams_in_order(m, &b);
            // Both ways of summing (decision 47), whatever the window's size.
            for fast in [bigrams_listed(m, &b, &t), bigrams_dense(m, &b, &t)] {
                for (l, (x, y)) in fast.iter().zip(&slow).enumerate() {
                    if m.langs & 1u64 << l != 0 {
                        assert_eq!(x.to_bits(), y.to_bits(), "{:?} language {l}", m.page);
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 100_000, "{compared}");
}

/// Decision 50: a page worked out from an earlier page's pair counts and sums gets the counts
/// and sums it gets alone, to the bit, in every order the pages may come in.
#[test]
fn a_page_priced_from_another_gets_its_own_sums() {
    let mut compared = 0;
    let mut from_another = 0;
    let models: Vec<_> = single::models().iter().flatten().collect();
    for w in windows() {
        let b = bytes_of(&w);
        assert!(price::differences_exact(&b));
        for order in 0..3 {
            let mut shared = Shared::default();
            let mut pages = models.clone();
            let third = pages.len() / 3;
            match order {
                1 => pages.reverse(),
                2 => pages.rotate_left(third),
                _ => {}
            }
            for m in pages {
                let t = tally(m, &b, &mut Shared::default());
                let before = shared.shortcuts;
                assert_eq!(tally(m, &b, &mut shared), t, "{:?}", m.page);
                let alone = bigrams_dense(m, &b, &t);
                let along = bigrams::bigrams_dense_shared(m, &b, &t, &mut shared);
                from_another += shared.shortcuts - before;
                for (l, (x, y)) in along.iter().zip(&alone).enumerate() {
                    if m.langs & 1u64 << l != 0 {
                        assert_eq!(x.to_bits(), y.to_bits(), "{:?} language {l}", m.page);
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 100_000, "{compared}");
    assert!(from_another > 1_000, "{from_another}");
}

#[test]
fn a_full_window_of_high_bytes_still_sums_exactly() {
    let w: Vec<u8> = (0..crate::detect::WINDOW)
        .map(|i| 0x80 | (i * 7 % 128) as u8)
        .collect();
    assert!(sums_exact(&bytes_of(&w)));
}

/// Decision 42: the ranking reads a window up to [`RANKED_PAIRS`] different byte pairs.
#[test]
fn noise_is_ranked_over_a_bounded_part_and_text_whole() {
    use super::bytes::RANKED_PAIRS;
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let noise: Vec<u8> = (0..65_536)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // No control bytes (as compressed data that passes D6 has few).
            0x20 + ((x >> 40) % 0xE0) as u8
        })
        .collect();
    let b = bytes_of(&noise);
    assert_eq!(b.pairs.len(), RANKED_PAIRS);
    assert!(b.read < noise.len() / 4, "{}", b.read);
    // The counts are those of the part read, as if it were the window.
    let part = bytes_of(&noise[..b.read]);
    assert_eq!(part.read, b.read);
    assert_eq!(part.pairs, b.pairs);
    assert_eq!(part.unigram, b.unigram);
    let r = rank(&noise, false, 3);
    assert_eq!((r.read, r.high), (b.read, b.high));
    let whole = rank(&noise[..b.read], false, 3);
    for (a, z) in r.top.iter().zip(&whole.top) {
        assert!(same(a, z), "{a:?} {z:?}");
    }
    // Text repeats its pairs: a full window of it is read whole.
    let text = "Größere Änderungen überließ sie Jürgen; daß er schläft, wußte sie. ";
    let latin1: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
    let window: Vec<u8> = latin1.iter().copied().cycle().take(65_536).collect();
    assert_eq!(bytes_of(&window).read, window.len());
    // The step says where the ranking stopped.
    let a = crate::detect::legacy::assess(&noise, false, 10);
    let ranked = a.outcome.figures.iter().find(|(k, _)| *k == "ranked_bytes");
    assert_eq!(ranked, Some(&("ranked_bytes", b.read as u64)));
    // D13 (issue 38; decision 46 named a page with little confidence): no page reads noise
    // as text, so legacy turns it down, keeping its best reading for the text reading.
    assert!(!a.outcome.accepted, "{}", a.outcome.reason);
    assert_eq!(a.outcome.code, "legacy_not_text");
    assert!(!a.winner.is_multi_byte(), "{}", a.outcome.reason);
    assert_eq!(a.confidence, None);
    assert!(
        a.outcome.reason.contains("bytes ranked"),
        "{}",
        a.outcome.reason
    );
}

/// Decision 44: a windows-1251 file of Russian lines among English ones is Russian. The
/// English words are foreign words beside the Russian ones, not evidence against Russian:
/// priced as such, they made this window Kazakh, and a bench file of the same kind
/// Vietnamese in VISCII.
#[test]
fn russian_lines_among_english_ones_stay_russian() {
    let Some(t) = CodePage::for_label("windows-1251").and_then(CodePage::single_byte_table) else {
        panic!("windows-1251 has a table");
    };
    let lines = [
        "2024-03-01 12:00:01 INFO request served in 12 ms, status ok\n",
        "Привет, как дела? Всё хорошо, спасибо.\n",
        "The quick brown fox jumps over the lazy dog near the river bank.\n",
        "Отчёт готов, его можно отправить заказчику.\n",
        "Please find the attached report for the last quarter below.\n",
        "Погода сегодня хорошая, мы пойдём гулять в парк.\n",
        "Build finished: 42 tests passed, 0 failed, 3 skipped.\n",
    ];
    let text = lines.concat().repeat(6);
    let bytes: Vec<u8> = text
        .chars()
        .filter_map(|c| {
            if c.is_ascii() {
                Some(c as u8)
            } else {
                t.iter().position(|&m| m == Some(c)).map(|b| b as u8)
            }
        })
        .collect();
    let a = crate::detect::legacy::assess(&bytes, true, 10);
    assert!(a.outcome.accepted, "{}", a.outcome.reason);
    assert_eq!(a.winner.name(), "windows-1251", "{}", a.outcome.reason);
    assert_eq!(a.language, Some("ru"), "{}", a.outcome.reason);
}

/// Issue 38, cause 1: bytes of a legacy page, and what the verdict makes of them.
fn legacy_text(text: &str, page: &str) -> (String, Option<&'static str>) {
    let table = CodePage::for_label(page).and_then(CodePage::single_byte_table);
    let Some(t) = table else {
        panic!("{page} has a table");
    };
    let bytes: Vec<u8> = text
        .chars()
        .filter_map(|c| t.iter().position(|&m| m == Some(c)).map(|b| b as u8))
        .collect();
    assert_eq!(bytes.len(), text.chars().count(), "{page} writes {text:?}");
    let a = crate::detect::legacy::assess(&bytes, true, 10);
    assert!(a.outcome.accepted, "{}", a.outcome.reason);
    let table = a.winner.single_byte_table();
    let read: String = bytes
        .iter()
        .map(|&b| {
            table
                .and_then(|t| t.get(usize::from(b)).copied().flatten())
                .unwrap_or('\u{FFFD}')
        })
        .collect();
    (read, a.language)
}

/// Issue 38, cause 1: a page that reads a letter's byte as ’ or ‘ does not split a Dutch or
/// German word into two cheap ones (IBM775's EF is ’, windows-1252's ï); where the language
/// writes elisions the quote stays windows-1252's.
#[test]
fn a_quote_inside_a_word_is_no_free_edge() {
    for (text, page) in [
        (
            "Hij heeft het programma geïnstalleerd op de nieuwe computer.\n",
            "windows-1252",
        ),
        (
            "Wij hebben de oude ruïne bezocht, daarna gingen we naar huis.\n",
            "windows-1252",
        ),
        (
            "It’s the user’s file, isn’t it? Don’t touch it, they’re mine.\n",
            "windows-1252",
        ),
        (
            "C’est l’homme qu’il a vu à l’école, dit-elle.\n",
            "windows-1252",
        ),
    ] {
        let (read, lang) = legacy_text(text, page);
        assert_eq!(read, text, "{page}, read as {lang:?}");
    }
}

/// Decision 48: Japanese with Cyrillic and Greek words (JIS X 0208's rows 6 and 7) is
/// Shift_JIS. Read as GBK, the same bytes land in GBK's additions beyond GB 2312, which real
/// Chinese text barely uses; priced as common Han they made the window GBK.
#[test]
fn japanese_with_cyrillic_and_greek_stays_shift_jis() {
    let lines = [
        "日本語のテキストです\n",
        "Привет, как дела\n",
        "Ελληνικα κειμενα εδω\n",
        "plain ascii log line status=200\n",
    ];
    let text = lines.concat().repeat(20);
    let (bytes, _, unmappable) = encoding_rs::SHIFT_JIS.encode(&text);
    assert!(!unmappable);
    let a = crate::detect::legacy::assess(&bytes, true, 10);
    assert!(a.outcome.accepted, "{}", a.outcome.reason);
    assert_eq!(a.winner.name(), "Shift_JIS", "{}", a.outcome.reason);
}

/// Decision 47: each script's dense table holds exactly the costs of `pairs` for the script's
/// languages (0 where a language lacks the bigram), and no row for a bigram none of them has.
#[test]
fn the_dense_tables_are_the_pairs_lists() {
    use super::dense::{self, NO_ROW, NO_SLOT};
    use super::lang;
    use super::model::ModelScript;
    let idx = lang::index();
    for (i, &script) in ModelScript::ALL.iter().enumerate() {
        assert_eq!(script.ordinal(), i);
        let Some(t) = dense::scripts().get(i) else {
            panic!("no table for {script:?}");
        };
        let dense = t.dense();
        let n = t.letters.len();
        let width = t.langs.len();
        let mut rows = 0;
        for (k, list) in idx.pairs() {
            let (x, y) = (k >> 16, k & 0xFFFF);
            let of = |c: u32| char::from_u32(c).map_or(NO_SLOT, |c| t.slot(c));
            let mine: Vec<(u8, f32)> = list
                .into_iter()
                .filter(|&(l, _)| lang::script_of(usize::from(l)) == Some(script))
                .collect();
            let (a, b) = (of(x), of(y));
            if a == NO_SLOT || b == NO_SLOT {
                assert!(mine.is_empty(), "{script:?}: {k:08X} has no slot");
                continue;
            }
            let row = dense.grid[usize::from(a) * n + usize::from(b)];
            if mine.is_empty() {
                assert_eq!(row, NO_ROW, "{script:?}: {k:08X}");
                continue;
            }
            rows += 1;
            let costs = &dense.costs[row as usize * width..][..width];
            for (j, &l) in t.langs.iter().enumerate() {
                let want = mine.iter().find(|&&(m, _)| m == l).map_or(0.0, |&(_, d)| d);
                assert_eq!(
                    costs[j].to_bits(),
                    want.to_bits(),
                    "{script:?}: {k:08X} {l}"
                );
            }
        }
        assert_eq!(
            rows * width,
            dense.costs.len(),
            "{script:?}: every row is a bigram"
        );
    }
}

/// `detect_only` ranks two readings and builds no steps, the report ten and all: the verdict
/// is the same (decision 49), on the legacy samples and every file of the test data (UTF-8,
/// UTF-16 and UTF-32 with and without a mark, binary, ISO-2022, problems of every kind).
#[test]
fn a_verdict_without_runners_up_is_the_same_verdict() {
    let mut all = windows();
    let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if let Ok(bytes) = std::fs::read(&path) {
                all.push(bytes.into_iter().take(crate::detect::WINDOW).collect());
            }
        }
    }
    assert!(all.len() > 200, "{}", all.len());
    for w in all {
        for at_eof in [false, true] {
            let (a, b) = (
                crate::detect::detect(&w, at_eof),
                crate::detect::detect_keeping(&w, at_eof, 2, false),
            );
            assert_eq!(
                (a.format, a.encoding, a.language, a.mark_len),
                (b.format, b.encoding, b.language, b.mark_len)
            );
            assert_eq!(
                a.confidence.map(f64::to_bits),
                b.confidence.map(f64::to_bits)
            );
        }
    }
}

/// Decision 64: the pairs found through a set's bytes are the pairs that hold a byte of the
/// set, each once, for sets of every size over every window.
#[test]
fn the_pairs_of_a_set_of_bytes_are_found_once_each() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut compared = 0;
    for w in windows() {
        let b = bytes_of(&w);
        for bits in [1u32, 3, 8, 40, 200] {
            let mut set = [0u64; 4];
            for _ in 0..bits {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let v = (x >> 32) as usize & 0xFF;
                if let Some(word) = set.get_mut(v >> 6) {
                    *word |= 1 << (v & 63);
                }
            }
            let has = |v: u16| set[usize::from(v) >> 6] >> (v & 63) & 1 != 0;
            let mut want: Vec<(u16, u32)> = b
                .pairs
                .iter()
                .copied()
                .filter(|&(k, _)| has(k >> 8) || has(k & 0xFF))
                .collect();
            let mut got: Vec<(u16, u32)> = b.pairs_with(&set).collect();
            want.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, want, "{bits} bytes");
            compared += 1;
        }
    }
    assert!(compared > 800, "{compared}");
}

/// Issue 42: a small window's first pass reads its pair counts from the bytes' codes, a large
/// one's from the page's table: the two give the same counts for every pair.
#[test]
fn pair_counts_from_the_codes_are_the_tables() {
    use super::pair_counts::PairTable;
    let mut compared = 0;
    for m in single::models().iter().flatten() {
        let table = m.pair_table();
        for k in (0..=u16::MAX).step_by(5) {
            assert_eq!(
                PairTable::pair_of(&m.codes, k),
                table.pair(k),
                "{:?} {k:04X}",
                m.page
            );
            compared += 1;
        }
    }
    assert!(compared > 1_000_000, "{compared}");
}
