//! The public front end (`Front`): fed in chunks of any size, across the detection window
//! or not, its consumer sees exactly what it would see fed the file whole from its start
//! offset (the structure of a range, the characters of the file).

use textscope::chars::{CharConsumer, CharDecoder, CharSink, Decoded};
use textscope::structure::Line;
use textscope::{
    structure_of, Analyzer, Detected, Front, Options, StructureBuilder, StructureOptions, WINDOW,
};

fn file() -> Vec<u8> {
    let mut s = String::new();
    for i in 0..8000 {
        s.push_str(&format!("line {i}: café 中文 \u{202E}x\r\n"));
        if i % 7 == 0 {
            s.push('\r');
        }
    }
    s.into_bytes()
}

#[derive(Default)]
struct Collect(Vec<(u64, Decoded)>);

impl CharSink for Collect {
    fn char(&mut self, offset: u64, _: &[u8], d: Decoded) {
        self.0.push((offset, d));
    }
}

fn fed_in(bytes: &[u8], size: usize, first: u64, last: u64) -> (Vec<Line>, Vec<(u64, Decoded)>) {
    let opts = StructureOptions::default();
    let mut p = Front::new(Options::default(), |d: &Detected, _| {
        StructureBuilder::new(&d.line_index(), first, last, opts)
    });
    let mut lines = Vec::new();
    for chunk in bytes.chunks(size) {
        let more = p.feed(chunk);
        if let Some(b) = p.consumer_mut() {
            lines.extend(b.take_lines());
        }
        if !more {
            break;
        }
    }
    let (_, b) = p.finish();
    lines.extend(b.finish().lines);

    let mut p = Front::new(Options::default(), |d: &Detected, _| {
        CharConsumer::new(&d.line_index(), Collect::default())
    });
    for chunk in bytes.chunks(size) {
        p.feed(chunk);
    }
    let (_, c) = p.finish();
    (lines, c.finish().0)
}

#[test]
fn front_in_chunks_equals_whole() {
    let bytes = file();
    assert!(bytes.len() > 2 * WINDOW);
    let index = Detected::of(&bytes, false, &Options::default()).line_index();
    let mut want_chars = Vec::new();
    let mut d = CharDecoder::new(&index);
    d.feed(&bytes, |o, _, c| want_chars.push((o, c)));
    d.finish(|o, _, c| want_chars.push((o, c)));
    for (first, last) in [(1, 3), (2500, 2510), (4500, 4600)] {
        let want = structure_of(&bytes, &index, first, last, StructureOptions::default()).lines;
        assert!(!want.is_empty());
        for size in [1 << 20, WINDOW, WINDOW - 1, WINDOW + 1, 4099, 1000] {
            let (lines, chars) = fed_in(&bytes, size, first, last);
            assert_eq!(lines, want, "lines {first}-{last}, chunks of {size}");
            assert_eq!(chars, want_chars, "characters, chunks of {size}");
        }
    }
}

#[test]
fn short_file_is_detected_at_the_end() {
    let bytes = "\u{FEFF}a\nb".as_bytes();
    let (lines, chars) = fed_in(bytes, 1, 2, 2);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].text, "b");
    assert_eq!(chars.first(), Some(&(3, Decoded::Char('a'))));
    let mut a = Analyzer::new(Options::default());
    a.feed(bytes);
    assert_eq!(a.finish().lines, 2);
}

#[test]
fn a_caller_that_seeks_reads_from_next_offset() {
    let bytes = file();
    let mut a = Analyzer::new(Options {
        index_every: Some(4096),
        ..Options::default()
    });
    a.feed(&bytes);
    let (_, index) = a.finish_with_index();
    let opts = StructureOptions::default();
    let mut p = Front::new(Options::default(), |_: &Detected, _| {
        StructureBuilder::new(&index, 3000, 3002, opts)
    });
    p.feed(&bytes[..WINDOW]);
    let from = p.next_offset().unwrap();
    assert!(
        from > WINDOW as u64,
        "the range's checkpoint is past the window"
    );
    p.skip_to(from);
    p.feed(&bytes[from as usize..]);
    let (_, b) = p.finish();
    let want = structure_of(&bytes, &index, 3000, 3002, opts).lines;
    assert_eq!(b.finish().lines, want);
}
