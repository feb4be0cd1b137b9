use super::*;
use textscope::{analyze, Options, Report};

fn layer(f: impl FnOnce(&mut Layer)) -> Layer {
    let mut l = Layer::default();
    f(&mut l);
    l
}

fn check(bytes: &[u8], p: &Policy) -> Vec<(u64, u64, u64, &'static str, String)> {
    let mut s = Scanner::new(p);
    let mut a = textscope::ObservedAnalyzer::new(Options::default(), &mut s);
    a.feed(bytes);
    let r = a.finish();
    s.finish();
    let (f, _) = findings(&r, p, Some(s));
    f.into_iter()
        .map(|f| (f.line, f.column, f.offset, f.rule.name(), f.message))
        .collect()
}

#[test]
fn rule_names_parse_in_every_spelling() {
    assert_eq!(
        Rule::parse("final_newline").unwrap(),
        vec![Rule::FinalNewline]
    );
    assert_eq!(Rule::parse("Line-Length").unwrap(), vec![Rule::LineLength]);
    assert_eq!(
        Rule::parse("invalid-utf8").unwrap(),
        vec![Rule::Problem(ProblemKind::InvalidUtf8)]
    );
    assert_eq!(
        Rule::parse("p9").unwrap(),
        vec![Rule::Problem(ProblemKind::MixedLineEndings)]
    );
    assert_eq!(Rule::parse("problems").unwrap().len(), 9);
    assert!(Rule::parse("nope").is_err());
}

#[test]
fn defaults_deny_problems_only() {
    let p = Policy::resolve(&[]);
    assert!(p.denies(Rule::Problem(ProblemKind::Nul)));
    assert!(Rule::POLICY.iter().all(|r| !p.denies(*r)));
    assert!(!p.needs_scan());
}

#[test]
fn precedence_higher_layers_win_and_explicit_beats_implied() {
    let editorconfig = layer(|l| {
        l.eol = Some(Eol::Crlf);
        l.max_line_length = Some(80);
    });
    let toml = layer(|l| {
        l.eol = Some(Eol::Lf);
        l.explicit.insert(Rule::LineLength, false);
    });
    let cli = layer(|l| {
        l.explicit.insert(Rule::Problem(ProblemKind::Nul), false);
    });
    let p = Policy::resolve(&[&editorconfig, &toml, &cli]);
    assert_eq!(p.eol, Eol::Lf);
    assert!(p.denies(Rule::Eol));
    assert!(!p.denies(Rule::LineLength));
    assert!(!p.denies(Rule::Problem(ProblemKind::Nul)));
    let cli2 = layer(|l| l.max_line_length = Some(100));
    let p = Policy::resolve(&[&editorconfig, &toml, &cli2]);
    assert!(p.denies(Rule::LineLength));
    assert_eq!(p.max_line_length, 100);
}

#[test]
fn scanner_finds_bidi_length_eol_and_final_newline() {
    let all = layer(|l| {
        l.set_rules(&["policy".into()], true).unwrap();
        l.max_line_length = Some(5);
    });
    let p = Policy::resolve(&[&all]);
    let got = check("ab\u{202E}c\r\n123456\nxyz".as_bytes(), &p);
    assert_eq!(
        got,
        vec![
            (
                1,
                3,
                2,
                "bidi",
                "bidi control U+202E RIGHT-TO-LEFT OVERRIDE".into()
            ),
            (
                1,
                5,
                6,
                "eol",
                "CRLF line ending where LF is required (1 such ending in the file)".into()
            ),
            (
                2,
                6,
                13,
                "line-length",
                "line is 6 characters long, more than 5".into()
            ),
            (
                2,
                7,
                14,
                "mixed_line_endings",
                "mixed line endings (1 LF, 1 CRLF): line 2 ends with LF, most lines end with CRLF"
                    .into()
            ),
            (
                3,
                4,
                18,
                "final-newline",
                "no line ending at the end of the file".into()
            ),
        ]
    );
}

#[test]
fn scanner_finds_hidden_characters_and_stray_variation_selectors() {
    let p = Policy::resolve(&[&layer(|l| {
        l.set_rules(&["bidi".into()], true).unwrap();
    })]);
    let text =
        "a\u{E0041}\u{3164}b\u{00AD}\n\u{2764}\u{FE0F} x\u{FE0F}\u{FE0F}\n\u{FE0F}葛\u{E0100}\n";
    let got: Vec<(u64, u64, String)> = check(text.as_bytes(), &p)
        .into_iter()
        .map(|f| (f.0, f.1, f.4))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, 2, "invisible character U+E0041 TAG 'A'".into()),
            (1, 3, "invisible character U+3164 HANGUL FILLER".into()),
            (1, 5, "invisible character U+00AD SOFT HYPHEN".into()),
            (2, 5, "variation selector U+FE0F VARIATION SELECTOR-16 outside an emoji or ideographic sequence".into()),
            (2, 6, "variation selector U+FE0F VARIATION SELECTOR-16 outside an emoji or ideographic sequence".into()),
            (3, 1, "variation selector U+FE0F VARIATION SELECTOR-16 outside an emoji or ideographic sequence".into()),
        ]
    );
}

#[test]
fn bom_and_encoding_policies() {
    let p = Policy::resolve(&[&layer(|l| {
        l.bom = Some(BomPolicy::Forbid);
        l.encodings = Some(vec![Allowed::parse("utf-16le").unwrap()]);
    })]);
    let got = check(b"\xEF\xBB\xBFhi\n", &p);
    assert_eq!(got[0].3, "bom");
    assert_eq!(
        got[0].4,
        "byte order mark EF BB BF (utf-8) at the start of the file"
    );
    assert_eq!(
        got[1].4,
        "utf-8 is not an allowed encoding (allowed: utf-16le)"
    );
    let p = Policy::resolve(&[&layer(|l| l.bom = Some(BomPolicy::Require))]);
    assert_eq!(
        check(b"hi\n", &p)[0].4,
        "no byte order mark at the start of the file"
    );
    assert!(check(b"", &p).is_empty());
    let latin = Allowed::parse("latin1").unwrap();
    let r = analyze(b"plain ascii\n", Options::default());
    assert!(latin.accepts(&r) && Allowed::parse("utf-8").unwrap().accepts(&r));
    let r = analyze(b"caf\xE9 cr\xE8me br\xFBl\xE9e\n", Options::default());
    assert!(latin.accepts(&r), "{}", r.encoding);
    assert!(!Allowed::parse("utf-8").unwrap().accepts(&r));
}

#[test]
fn scanner_cr_at_end_and_bad_units_count_as_columns() {
    let p = Policy::resolve(&[&layer(|l| {
        l.eol = Some(Eol::Lf);
        l.max_line_length = Some(2);
    })]);
    // UTF-16LE: "a", an unpaired high surrogate, "b", CR.
    let got = check(b"\xFF\xFEa\x00\x3D\xD8b\x00\r\x00", &p);
    assert_eq!((got[0].1, got[0].2, got[0].3), (2, 4, "unpaired_surrogate"));
    assert_eq!(
        (got[1].0, got[1].1, got[1].2, got[1].3),
        (1, 3, 6, "line-length")
    );
    assert_eq!((got[2].0, got[2].1, got[2].2, got[2].3), (1, 4, 8, "eol"));
}

/// A report with two `ansi_escape` items: a run of 3 colour sequences, and one window
/// title (dangerous). Built by hand, so the rule is tested apart from the core's scanner.
fn ansi_report() -> Report {
    let mut r = analyze(b"a\n", Options::default());
    let item = |offset: u64, count: u64, effect: textscope::ansi::Effect, dangerous: bool| {
        textscope::Finding {
            kind: textscope::FindingKind::AnsiEscape,
            offset,
            length: 5 * count,
            count,
            line: 1,
            column: offset + 1,
            bytes: "1B".into(),
            code_point: "U+001B".into(),
            effect: Some(effect),
            dangerous: Some(dangerous),
            sequence: Some("\\e[0m".into()),
            repair: None,
            message: "terminal escape sequence".into(),
        }
    };
    r.findings = vec![
        item(0, 3, textscope::ansi::Effect::Sgr, false),
        item(20, 1, textscope::ansi::Effect::Title, true),
    ];
    r.finding_counts.ansi_escape = 4;
    r
}

#[test]
fn ansi_escape_denies_dangerous_sequences_by_default_and_all_by_name() {
    let r = ansi_report();
    let by_default = Policy::resolve(&[]);
    assert!(by_default.denies(Rule::AnsiEscape) && !by_default.ansi_all);
    let (f, counts) = findings(&r, &by_default, None);
    assert_eq!(f.len(), 1);
    assert_eq!((f[0].offset, f[0].rule), (20, Rule::AnsiEscape));
    assert_eq!(counts.get(&Rule::AnsiEscape), Some(&1));

    for names in ["ansi_escape", "all", "ANSI-escape"] {
        let l = layer(|l| l.set_rules(&[names.to_string()], true).unwrap());
        let p = Policy::resolve(&[&l]);
        assert!(p.ansi_all, "{names}");
        let (f, counts) = findings(&r, &p, None);
        assert_eq!(f.len(), 2, "{names}: one line per run");
        assert_eq!(counts.get(&Rule::AnsiEscape), Some(&4), "{names}");
    }
    let off = layer(|l| l.set_rules(&["ansi_escape".to_string()], false).unwrap());
    let (f, counts) = findings(&r, &Policy::resolve(&[&off]), None);
    assert!(f.is_empty() && counts.is_empty());
    // The command line allows what a config denied, and the other way round.
    let deny = layer(|l| l.set_rules(&["ansi_escape".to_string()], true).unwrap());
    assert!(!Policy::resolve(&[&deny, &off]).denies(Rule::AnsiEscape));
    assert!(Policy::resolve(&[&off, &deny]).ansi_all);
}

/// The scanner fed one character at a time (a second decoding, as `check` once did).
fn check_char_by_char(bytes: &[u8], p: &Policy) -> Vec<(u64, u64, u64, &'static str, String)> {
    let r = analyze(bytes, Options::default());
    let index = textscope::Detected::of(bytes, true, &Options::default()).line_index();
    let mut s = Scanner::new(p);
    let mut d = textscope::chars::CharDecoder::new(&index);
    d.feed(&bytes[index.mark_len as usize..], |o, b, c| s.on(o, b, c));
    d.finish(|o, b, c| s.on(o, b, c));
    s.finish();
    let (f, _) = findings(&r, p, Some(s));
    f.into_iter()
        .map(|f| (f.line, f.column, f.offset, f.rule.name(), f.message))
        .collect()
}

#[test]
fn runs_of_ascii_taken_at_once_find_what_one_character_at_a_time_finds() {
    let texts: [&[u8]; 5] = [
        b"abcdef\rghij\r\nkl\n\rmnopqrstu",
        "ab\u{FE0F} x\u{202E}yz\u{200E}\u{2028}0\u{FE00}\r".as_bytes(),
        b"\xFF\xFEa\x00b\x00c\x00\r\x00d\x00e\x00\x3D\xD8f\x00",
        b"long line of plain text\r\n\xC3\xA9\xC3\xA9 and more plain text\rx",
        b"",
    ];
    for max in 0..8 {
        let p = Policy::resolve(&[&layer(|l| {
            l.set_rules(&["policy".into()], true).unwrap();
            l.max_line_length = Some(max);
        })]);
        for t in texts {
            assert_eq!(check(t, &p), check_char_by_char(t, &p), "{t:?} at {max}");
        }
    }
}

/// `check --allow` and `--encoding` read names through the core's one resolver: every page of
/// the registry is allowed by its report name, and `cp437` (an alias encoding_rs lacks) too.
#[test]
fn every_code_page_of_the_registry_can_be_allowed_by_name() {
    for cp in textscope::CodePage::all() {
        assert_eq!(
            Allowed::parse(cp.name()),
            Ok(Allowed::CodePage(cp)),
            "{}",
            cp.name()
        );
        let forced = Options::default().force_encoding(cp.name()).unwrap();
        assert_eq!(forced.code_page, Some(cp));
    }
    let cp437 = Allowed::parse("cp437").unwrap();
    assert_eq!(cp437.name(), "ibm437");
    let r = analyze(
        b"box \xC9\xCD\xBB\n",
        Options::default().force_encoding("cp437").unwrap(),
    );
    assert!(cp437.accepts(&r), "{}", r.encoding);
    assert!(Allowed::parse("no-such-page").is_err());
}

/// The byte gate (issue 41, item 3) finds a sequence however the chunks cut it, in UTF-8 and
/// UTF-16LE/BE, counts lines by LF bytes, and never panics on any bytes.
#[test]
fn raw_scan_finds_sequences_split_across_chunks() {
    let deny_bidi = layer(|l| {
        l.explicit.insert(Rule::Bidi, true);
    });
    let bidi = Policy::resolve(&[&deny_bidi]);
    let default = Policy::resolve(&[]);
    let mut bytes = b"ab\xff\ncd ".to_vec();
    bytes.extend("\u{202E}".as_bytes()); // offset 7, line 2, byte column 4
    bytes.extend(b" x\0\x2E\x20"); // UTF-16LE U+202E after `x\0`, offset 13
    bytes.extend(b"\0y\x20\x66 . "); // UTF-16BE U+2066 after `\0y`, offset 17
    bytes.extend("\u{200B}".as_bytes()); // `bidi`'s, not `trojan-source`'s
    for cut in 0..=bytes.len() {
        let (a, b) = bytes.split_at(cut);
        for (p, want) in [(&bidi, 4), (&default, 3)] {
            let mut s = RawScan::new(p, true, 0).unwrap();
            s.feed(a);
            s.feed(b);
            let at: Vec<(u64, u64, u64)> = s
                .findings
                .iter()
                .map(|f| (f.line, f.column, f.offset))
                .collect();
            assert_eq!(at.len(), want, "cut {cut}: {at:?}");
            assert_eq!(at[..3], [(2, 4, 7), (2, 10, 13), (2, 14, 17)], "cut {cut}");
        }
    }
    // A policy that denies neither rule has no gate.
    let off = layer(|l| {
        l.explicit.insert(Rule::TrojanSource, false);
    });
    assert!(RawScan::new(&Policy::resolve(&[&off]), true, 0).is_none());
    // Any bytes: no panic.
    let mut s = RawScan::new(&bidi, true, 0).unwrap();
    s.feed(&(0..=255u8).cycle().take(5000).collect::<Vec<u8>>());
}

/// `trojan-source` is denied by default and allowed with `bidi`.
#[test]
fn trojan_source_is_a_default_that_allowing_bidi_lifts() {
    assert!(Policy::resolve(&[]).denies(Rule::TrojanSource));
    let allow = layer(|l| {
        l.explicit.insert(Rule::Bidi, false);
    });
    assert!(!Policy::resolve(&[&allow]).denies(Rule::TrojanSource));
    let f = check("a\u{202E}b\n".as_bytes(), &Policy::resolve(&[]));
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].3, "trojan-source");
}
