use super::*;
use proptest::prelude::*;

const UNICODE: [Format; 5] = [
    Format::Utf8,
    Format::Utf16Le,
    Format::Utf16Be,
    Format::Utf32Le,
    Format::Utf32Be,
];

fn plan(to: Format) -> Plan {
    Plan {
        to,
        eol: EolMode::Keep,
        bom: BomMode::Keep,
        replace: false,
        strip_ansi: false,
        fix_mojibake: false,
        dry_run: false,
    }
}

fn forced(f: Format) -> Options {
    Options::default().force_encoding(f.name()).unwrap()
}

/// The text in a format, with or without its mark.
fn bytes_of(text: &str, f: Format, mark: bool) -> Vec<u8> {
    let mut out = Vec::new();
    if mark {
        encode('\u{FEFF}', f, &mut out);
    }
    for c in text.chars() {
        encode(c, f, &mut out);
    }
    out
}

#[test]
fn encoder_matches_the_standard_library_and_spec_examples() {
    let mut v = Vec::new();
    encode('😀', Format::Utf16Le, &mut v);
    assert_eq!(v, [0x3D, 0xD8, 0x00, 0xDE]);
    v.clear();
    encode('😀', Format::Utf16Be, &mut v);
    assert_eq!(v, [0xD8, 0x3D, 0xDE, 0x00]);
    v.clear();
    encode('€', Format::Utf32Be, &mut v);
    assert_eq!(v, [0, 0, 0x20, 0xAC]);
    v.clear();
    encode('𐂃', Format::Utf32Le, &mut v);
    assert_eq!(v, [0x83, 0x00, 0x01, 0x00]);
    v.clear();
    encode('é', Format::Utf8, &mut v);
    assert_eq!(v, "é".as_bytes());
}

#[test]
fn f2_to_utf8_with_lf_and_no_mark() {
    let f2: &[u8] = &[
        0xFF, 0xFE, 0x43, 0x00, 0x61, 0x00, 0x66, 0x00, 0xE9, 0x00, 0x20, 0x00, 0xAC, 0x20, 0x34,
        0x00, 0x0D, 0x00, 0x0A, 0x00, 0x2D, 0x4E, 0x87, 0x65, 0x20, 0x00, 0x3D, 0xD8, 0x00, 0xDE,
        0x0D, 0x00, 0x0A, 0x00,
    ];
    let p = Plan {
        eol: EolMode::Lf,
        bom: BomMode::No,
        ..plan(Format::Utf8)
    };
    let out = convert_bytes(f2, &Options::default(), p).unwrap();
    assert_eq!(out, "Café €4\n中文 😀\n".as_bytes());
    let back = Plan {
        eol: EolMode::Crlf,
        bom: BomMode::Yes,
        ..plan(Format::Utf16Le)
    };
    assert_eq!(convert_bytes(&out, &Options::default(), back).unwrap(), f2);
}

#[test]
fn eol_conversion_handles_every_kind_and_keeps_nel_ls_ps() {
    let text = "a\r\nb\rc\nd\u{85}e\u{2028}f\r";
    let p = |eol| Plan {
        eol,
        ..plan(Format::Utf8)
    };
    let to_lf = convert_bytes(text.as_bytes(), &forced(Format::Utf8), p(EolMode::Lf)).unwrap();
    assert_eq!(to_lf, "a\nb\nc\nd\u{85}e\u{2028}f\n".as_bytes());
    let to_crlf = convert_bytes(text.as_bytes(), &forced(Format::Utf8), p(EolMode::Crlf)).unwrap();
    assert_eq!(to_crlf, "a\r\nb\r\nc\r\nd\u{85}e\u{2028}f\r\n".as_bytes());
}

#[test]
fn crlf_split_across_chunks_is_one_ending() {
    let index = textscope::Detected::of(b"a\r\nb", true, &Options::default()).line_index();
    let mut c = Converter::new(
        &index,
        Plan {
            eol: EolMode::Lf,
            ..plan(Format::Utf16Be)
        },
    );
    let mut out = Vec::new();
    for b in b"a\r\nb" {
        c.feed(&[*b], &mut out).unwrap();
    }
    assert_eq!(c.finish(&mut out).unwrap(), Ok(0));
    assert_eq!(out, [0, b'a', 0, b'\n', 0, b'b']);
}

#[test]
fn lossy_input_is_refused_with_positions_or_replaced() {
    // UTF-16LE with a mark: "A", an unpaired high surrogate, "B", LF, a lone low surrogate.
    let bytes = [
        0xFF, 0xFE, 0x41, 0, 0x3D, 0xD8, 0x42, 0, 0x0A, 0, 0x00, 0xDC,
    ];
    let err = convert_bytes(&bytes, &Options::default(), plan(Format::Utf8)).unwrap_err();
    let ConvertError::Lossy { count, first, .. } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(*count, 2);
    assert_eq!((first[0].line, first[0].column, first[0].offset), (1, 2, 4));
    assert_eq!(
        (first[1].line, first[1].column, first[1].offset),
        (2, 1, 10)
    );
    assert_eq!(err.exit_code(), 1);
    let text = err.to_string();
    assert!(
        text.starts_with("(buffer): not converted: 2 bad units would be lost"),
        "{text}"
    );
    assert!(
        text.contains("\n  line 2, column 1 (offset 10): unpaired_surrogate: "),
        "{text}"
    );
    let p = Plan {
        replace: true,
        ..plan(Format::Utf8)
    };
    let out = convert_bytes(&bytes, &Options::default(), p).unwrap();
    assert_eq!(out, "\u{FEFF}A\u{FFFD}B\n\u{FFFD}".as_bytes());
}

#[test]
fn legacy_source_named_or_detected() {
    let latin = b"caf\xE9 cr\xE8me br\xFBl\xE9e\n";
    let opts = Options::default().force_encoding("windows-1252").unwrap();
    let out = convert_bytes(latin, &opts, plan(Format::Utf8)).unwrap();
    assert_eq!(out, "café crème brûlée\n".as_bytes());
    let out = convert_bytes(latin, &Options::default(), plan(Format::Utf8)).unwrap();
    assert_eq!(out, "café crème brûlée\n".as_bytes());
}

#[test]
fn binary_is_refused_unless_named() {
    let bin = [0u8; 64];
    let err = convert_bytes(&bin, &Options::default(), plan(Format::Utf8)).unwrap_err();
    assert!(matches!(err, ConvertError::Binary { .. }));
    assert_eq!(
        convert_bytes(&bin, &forced(Format::Utf8), plan(Format::Utf16Le)).unwrap(),
        [0u8; 128]
    );
}

#[test]
fn round_trip_every_format_to_every_format() {
    let text = "Café €4\r\n中文 😀\n\u{85}tab\there\u{2028}\u{FEFF}end";
    for from in UNICODE {
        for mark in [false, true] {
            let src = bytes_of(text, from, mark);
            for to in UNICODE {
                let there = convert_bytes(&src, &forced(from), plan(to)).unwrap();
                assert_eq!(
                    there,
                    bytes_of(text, to, mark),
                    "{from} -> {to}, mark {mark}"
                );
                let back = convert_bytes(&there, &forced(to), plan(from)).unwrap();
                assert_eq!(back, src, "{from} -> {to} -> {from}, mark {mark}");
            }
        }
    }
}

proptest! {
    #[test]
    fn round_trip_random_well_formed_text(
        text in "\\PC*",
        extra in proptest::collection::vec(prop_oneof![Just('\r'), Just('\n'), Just('\u{85}'), Just('\u{10FFFF}'), Just('\u{FEFF}')], 0..6),
        fi in 0usize..5, ti in 0usize..5, mark in any::<bool>(), split in 0usize..64,
    ) {
        let mut text = text;
        text.extend(extra);
        // A leading U+FEFF would be read as the mark of a file without one (B1).
        let text = text.trim_start_matches('\u{FEFF}').to_string();
        let (from, to) = (UNICODE[fi], UNICODE[ti]);
        let src = bytes_of(&text, from, mark);
        let there = convert_bytes(&src, &forced(from), plan(to)).unwrap();
        prop_assert_eq!(&there, &bytes_of(&text, to, mark));
        // Back, streamed in two chunks split anywhere.
        let index = textscope::Detected::of(&there, true, &forced(to)).line_index();
        let mut c = Converter::new(&index, plan(from));
        let mut back = Vec::new();
        let split = split.min(there.len());
        c.feed(&there[..split], &mut back).unwrap();
        c.feed(&there[split..], &mut back).unwrap();
        prop_assert_eq!(c.finish(&mut back).unwrap(), Ok(0));
        prop_assert_eq!(back, src);
    }
}

/// A writer that fails after `left` bytes, as a full disk would.
struct Failing {
    left: usize,
}

impl Write for Failing {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.left == 0 {
            return Err(io::Error::other("injected failure: no space left"));
        }
        let n = buf.len().min(self.left);
        self.left -= n;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn in_place_failure_mid_write_leaves_the_original_intact() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("a.txt");
    let original = "line one\nline two\n".repeat(1000);
    std::fs::write(&target, &original).unwrap();
    let index =
        textscope::Detected::of(original.as_bytes(), true, &Options::default()).line_index();
    let res = write_atomically(&target, Some(&target), |w| {
        w.write_all(b"partial output")
            .map_err(|e| ConvertError::Output {
                path: "t".into(),
                cause: e.to_string(),
            })?;
        let mut failing = Failing { left: 100 };
        let mut c = Converter::new(&index, plan(Format::Utf16Le));
        c.feed(original.as_bytes(), &mut failing)
            .map_err(|e| ConvertError::Output {
                path: "t".into(),
                cause: e.to_string(),
            })?;
        Ok(())
    });
    assert!(res.unwrap_err().to_string().contains("injected failure"));
    assert_eq!(std::fs::read(&target).unwrap(), original.as_bytes());
    assert_eq!(
        entries(dir.path()),
        vec!["a.txt"],
        "the temporary file is removed"
    );
}

fn entries(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn cannot_create_temp_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("no/such/dir/b.txt");
    let mut called = false;
    let res = write_atomically(&target, None, |_| {
        called = true;
        Ok(())
    });
    let msg = res.unwrap_err().to_string();
    assert!(
        msg.contains("cannot create a temporary file beside it"),
        "{msg}"
    );
    assert!(!called);
}

#[test]
fn a_leftover_temporary_file_never_blocks() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("b.txt");
    std::fs::write(&target, b"keep me\n").unwrap();
    // What a crash (SIGKILL) could leave: names are random, so it is never in the way.
    for n in [".b.txt.textscope-tmp", ".b.txt.AAAAAA.textscope-tmp"] {
        std::fs::write(dir.path().join(n), b"old").unwrap();
    }
    write_atomically(&target, Some(&target), |w| {
        w.write_all(b"new\n").map_err(|e| ConvertError::Output {
            path: "t".into(),
            cause: e.to_string(),
        })
    })
    .unwrap();
    assert_eq!(std::fs::read(&target).unwrap(), b"new\n");
    assert_eq!(entries(dir.path()).len(), 3);
}

#[cfg(unix)]
#[test]
fn the_temporary_file_is_private_before_any_byte_is_written() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("secret.txt");
    std::fs::write(&target, b"private\n").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).unwrap();
    let seen = std::cell::Cell::new(0);
    write_atomically(&target, Some(&target), |w| {
        for e in std::fs::read_dir(dir.path()).unwrap() {
            let e = e.unwrap();
            if e.file_name()
                .to_string_lossy()
                .ends_with(super::TEMP_SUFFIX)
            {
                let mode = e.metadata().unwrap().permissions().mode() & 0o777;
                seen.set(mode);
                assert_eq!(e.metadata().unwrap().len(), 0, "nothing written yet");
            }
        }
        w.write_all(b"still private\n")
            .map_err(|e| ConvertError::Output {
                path: "t".into(),
                cause: e.to_string(),
            })
    })
    .unwrap();
    assert_eq!(seen.get(), 0o600, "the temporary file was created 0600");
    let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
}

#[cfg(unix)]
#[test]
fn in_place_success_keeps_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("c.sh");
    std::fs::write(&target, b"#!/bin/sh\r\necho hi\r\n").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o751)).unwrap();
    write_atomically(&target, Some(&target), |w| {
        w.write_all(b"#!/bin/sh\necho hi\n")
            .map_err(|e| ConvertError::Output {
                path: "t".into(),
                cause: e.to_string(),
            })
    })
    .unwrap();
    assert_eq!(std::fs::read(&target).unwrap(), b"#!/bin/sh\necho hi\n");
    let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o751);
}

/// `--strip-ansi` gives the same output whatever the chunking (a sequence cut between chunks
/// is held across them), and the same as `textscope::ansi::strip` on the whole input.
#[test]
fn strip_ansi_is_the_same_in_any_chunking() {
    let input =
        "x\x1b[1;32mok\x1b[0m\x1b]0;t\x07\x1b]2;a\x1b[2Jb\x1b\u{e9}\x1bcz\x1b]8;;u\x1b\\L\x1b[";
    let bytes = input.as_bytes();
    let index = textscope::Detected::of(bytes, true, &forced(Format::Utf8)).line_index();
    let want = textscope::ansi::strip(bytes);
    for size in [1, 2, 3, 7, bytes.len()] {
        let mut c = Converter::new(
            &index,
            Plan {
                strip_ansi: true,
                ..plan(Format::Utf8)
            },
        );
        let mut out = Vec::new();
        for piece in bytes.chunks(size) {
            c.feed(piece, &mut out).unwrap();
        }
        assert_eq!(c.finish(&mut out).unwrap(), Ok(0));
        assert_eq!(
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&want),
            "{size}"
        );
    }
}
