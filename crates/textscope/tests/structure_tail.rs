//! S2: a range whose first line starts only at the end of the input. The line before it ends
//! with a CR that waits for its LF, and what follows is a character cut short by the end of
//! the file (P5). The lines before the range are counted on the fast path; the structure must
//! still list that last line, exactly as the sparse index's own checkpoint gives it. (Found by
//! the `index_vs_start` fuzz target.)

use textscope::{structure_of, Analyzer, Options, ProblemKind};

fn structure_from_start(data: &[u8], first: u64) -> textscope::Structure {
    let mut an = Analyzer::new(Options {
        index_every: Some(1),
        ..Options::default()
    });
    an.feed(data);
    let (report, mut index) = an.finish_with_index();
    assert_eq!(report.lines, first, "the range is the file's last line");
    let sparse = structure_of(data, &index, first, first, Default::default());
    index.checkpoints.truncate(1);
    let full = structure_of(data, &index, first, first, Default::default());
    assert_eq!(sparse, full);
    full
}

#[test]
fn utf16_cr_then_an_odd_last_byte() {
    // UTF-16LE with a mark: "a", CR, then one byte of a unit cut short.
    let s = structure_from_start(b"\xFF\xFEa\x00\r\x00\n", 2);
    assert_eq!(s.lines.len(), 1);
    let line = &s.lines[0];
    assert_eq!((line.number, line.offset, line.length), (2, 6, 1));
    assert_eq!(line.problems, vec![ProblemKind::TruncatedCharacter]);
}

#[test]
fn utf8_cr_then_a_cut_sequence() {
    // UTF-8: "a", CR, then the first byte of a two-byte sequence, cut by the end.
    let s = structure_from_start(b"a\xC3\xA9\r\xC3", 2);
    assert_eq!(s.lines.len(), 1);
    assert_eq!(s.lines[0].problems, vec![ProblemKind::TruncatedCharacter]);
}
