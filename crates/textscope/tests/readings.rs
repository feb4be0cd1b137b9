//! A binary verdict is never a dead end (issue 14): a container named from the first bytes,
//! else the closest text reading, and hints to force a format.

mod common;
use common::*;
use textscope::{Format, Options, Report};

fn report(name: &str) -> Report {
    whole(&data(name), &Options::default())
}

#[test]
fn png_and_zip_are_named_and_text_has_no_container() {
    let png = report("image.png");
    assert_eq!(png.format, Format::Binary);
    let c = png.container.as_ref().expect("PNG container");
    assert_eq!(
        (c.name.as_str(), c.mime.as_str(), c.extension.as_str()),
        ("PNG", "image/png", "png")
    );
    assert!(
        png.text_reading.is_none(),
        "a container gets no text reading"
    );
    let zip = report("archive.zip");
    assert_eq!(zip.format, Format::Binary);
    assert_eq!(zip.container.as_ref().map(|c| c.name.as_str()), Some("ZIP"));
    for text in [
        "hello-utf8.txt",
        "utf16le-nobom.txt",
        "windows-1252.txt",
        "colour-build.log",
    ] {
        assert_eq!(report(text).container, None, "{text}");
    }
    // A forced format is text, whatever the bytes: no container.
    let forced = whole(
        &data("image.png"),
        &Options::default().force_encoding("utf-8").unwrap(),
    );
    assert_eq!(forced.container, None);
}

/// The parts of a report that the closest reading must share with `-e` of its format.
fn same_reading(reading: &Report, forced: &Report) {
    assert_eq!(reading.format, forced.format);
    assert_eq!(reading.encoding, forced.encoding);
    assert_eq!(reading.size, forced.size);
    assert_eq!(reading.lines, forced.lines);
    assert_eq!(reading.characters, forced.characters);
    assert_eq!(reading.endings, forced.endings);
    assert_eq!(reading.longest_line, forced.longest_line);
    assert_eq!(reading.problem_counts, forced.problem_counts);
    assert_eq!(reading.problems, forced.problems);
    assert_eq!(reading.problems_omitted, forced.problems_omitted);
    assert_eq!(reading.finding_counts, forced.finding_counts);
    assert_eq!(reading.findings, forced.findings);
    assert_eq!(reading.notes, forced.notes);
    assert_eq!(reading.bom, forced.bom);
}

#[test]
fn closest_reading_is_what_forcing_it_gives() {
    for name in ["nul-log.txt", "many-faults.txt", "nul-and-controls.txt"] {
        let bytes = data(name);
        let r = whole(&bytes, &Options::default());
        if r.format != Format::Binary || r.container.is_some() {
            assert!(r.text_reading.is_none(), "{name}");
            continue;
        }
        let reading = r
            .text_reading
            .as_deref()
            .unwrap_or_else(|| panic!("{name}: no reading"));
        let step = &reading.detection.steps[0];
        assert_eq!(step.code, "closest_reading", "{name}");
        assert!(
            !step.reason.contains("D7") && !step.reason.contains("D5"),
            "{}",
            step.reason
        );
        assert!(reading.container.is_none() && reading.text_reading.is_none());
        assert!(reading.hints.is_empty());
        let name_e = reading.format.name();
        let forced = whole(&bytes, &Options::default().force_encoding(name_e).unwrap());
        same_reading(reading, &forced);
        // The same whatever the chunking.
        for sizes in [
            &[1usize][..],
            &[7, 3, 1000],
            &[4096],
            &[65_535, 2],
            &[65_537],
        ] {
            let c = chunked(&bytes, &Options::default(), sizes);
            assert_eq!(c, r, "{name} in chunks {sizes:?}");
        }
    }
}

#[test]
fn nul_log_reads_as_utf8_with_its_nul_runs() {
    let r = report("nul-log.txt");
    assert_eq!(r.format, Format::Binary);
    assert!(r.container.is_none());
    let t = r.text_reading.as_deref().expect("a text reading");
    assert_eq!(t.format, Format::Utf8);
    assert!(t.lines > 1);
    let big: Vec<_> = t
        .problems
        .iter()
        .filter(|p| p.kind == textscope::ProblemKind::Nul && p.count == 4096)
        .collect();
    assert_eq!(big.len(), 1, "the 4,096 NULs are one item");
    assert_eq!(big[0].length, 4096);
}

#[test]
fn many_faults_reading_lists_its_problems() {
    let r = report("many-faults.txt");
    if r.format == Format::Binary {
        let t = r.text_reading.as_deref().expect("a text reading");
        assert_eq!(t.format, Format::Utf8);
        assert_eq!(t.problems.len(), 9, "{:#?}", t.problems);
    } else {
        assert_eq!(r.format, Format::Utf8);
        assert!(r.text_reading.is_none());
    }
}

/// Noise and runs of NULs get no reading (decision 40): no format has text to show there,
/// and decoding them a second time in full cost what `-e utf-8` costs (a second per 50 MB of
/// random bytes). The verdict, its steps and the other fields are as before.
#[test]
fn noise_and_nuls_have_no_reading() {
    let mut noise = Vec::new();
    let mut x: u32 = 0x1234_5678;
    for _ in 0..200_000 {
        // xorshift: bytes that look random, as compressed or encrypted data does.
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        noise.push((x >> 24) as u8);
    }
    let nuls = vec![0u8; 100_000];
    let mut nul_tail = b"a line of text\n".repeat(10);
    nul_tail.extend(std::iter::repeat_n(0u8, 100_000));
    for (what, bytes) in [
        ("binary.bin", data("binary.bin")),
        ("noise", noise),
        ("NULs", nuls),
        ("text then NULs", nul_tail),
    ] {
        let r = whole(&bytes, &Options::default());
        assert_eq!(r.format, Format::Binary, "{what}");
        assert!(r.container.is_none(), "{what}");
        assert!(r.text_reading.is_none(), "{what}: {:?}", r.text_reading);
        assert!(
            r.hints
                .iter()
                .all(|h| h.reason != "reads_cleanly" && h.reason != "binary_only"),
            "{what}: {:?}",
            r.hints
        );
        assert_eq!(
            chunked(&bytes, &Options::default(), &[7, 4096]),
            r,
            "{what}"
        );
    }
    // A few faults in text are still read (many-faults.txt above), and so is a log whose
    // NULs are a quarter of the window (nul-log.txt).
    assert!(report("nul-log.txt").text_reading.is_some());
}

#[test]
fn text_has_no_reading_and_forced_binary_bytes_neither() {
    assert!(report("hello-utf8.txt").text_reading.is_none());
    let forced = whole(
        &data("nul-log.txt"),
        &Options::default().force_encoding("utf-8").unwrap(),
    );
    assert!(forced.text_reading.is_none());
    assert!(forced.hints.is_empty());
}

#[test]
fn nul_log_hints_utf8_as_binary_only() {
    let r = report("nul-log.txt");
    let h: Vec<_> = r
        .hints
        .iter()
        .filter(|h| h.reason == "binary_only")
        .collect();
    assert_eq!(h.len(), 1, "{:?}", r.hints);
    assert_eq!(
        (h[0].code.as_str(), h[0].encoding.as_str()),
        ("try_encoding", "utf-8")
    );
    assert!(
        h[0].figures.starts_with("nul_share=0.27"),
        "{}",
        h[0].figures
    );
    assert!(h[0].message.contains("try -e utf-8"), "{}", h[0].message);
    for bad in ["D7", "D5", "SPEC", "§"] {
        assert!(!h[0].message.contains(bad), "{}", h[0].message);
    }
}

#[test]
fn many_faults_gives_no_binary_only_hint() {
    // Its reading has invalid bytes and a truncated character besides its NUL and BEL.
    let r = report("many-faults.txt");
    assert!(
        r.hints
            .iter()
            .all(|h| h.reason != "binary_only" && h.reason != "reads_cleanly"),
        "{:?}",
        r.hints
    );
}

#[test]
fn utf16_without_mark_below_its_zero_bar_reads_as_utf16() {
    // One ASCII letter in five units, the rest private use (E0 E0 either way round): 20 %
    // zero high bytes where D5 needs 25 %, D8 turns down the private use in both byte
    // orders, and no code page reads the NULs as text.
    let text: String = "a\u{E0E0}\u{E0E0}\u{E0E0}\u{E0E0}".repeat(300);
    let bytes = utf16le(&text);
    let r = whole(&bytes, &Options::default());
    assert_eq!(r.format, Format::Binary, "{:#?}", r.detection.steps);
    let t = r.text_reading.as_deref().expect("a reading");
    assert_eq!(t.format, Format::Utf16Le);
    let forced = whole(
        &bytes,
        &Options::default().force_encoding("utf-16le").unwrap(),
    );
    same_reading(t, &forced);
    assert_eq!(chunked(&bytes, &Options::default(), &[3, 1, 999]), r);
    let h: Vec<_> = r
        .hints
        .iter()
        .filter(|h| h.encoding == "utf-16le")
        .collect();
    assert_eq!(h.len(), 1, "{:?}", r.hints);
    assert_eq!(h[0].reason, "reads_cleanly");
}

#[test]
fn utf16le_taken_for_another_format_hints_utf16le() {
    // Read big-endian, the same bytes are CJK and Latin-1 letters (D8 takes them); the
    // little-endian zero pattern missed its bar by little: a near_bar hint.
    let text: String = "a\u{E000}\u{E001}\u{E002}\u{E003}".repeat(300);
    let r = whole(&utf16le(&text), &Options::default());
    assert_ne!(r.format, Format::Utf16Le);
    let h: Vec<_> = r
        .hints
        .iter()
        .filter(|h| h.encoding == "utf-16le")
        .collect();
    assert_eq!(h.len(), 1, "{:?}", r.hints);
    assert_eq!(h[0].reason, "near_bar");
    assert_eq!(h[0].figures, "zero_high_share=0.20 needed=0.25");
    assert!(h[0].message.contains("try -e utf-16le"), "{}", h[0].message);
}
