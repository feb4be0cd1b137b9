//! The escaping pass after `serde_json::to_string` (decision 97) against serde_json's own
//! serializer with a formatter that escapes each string fragment: the same bytes for every
//! value.

use super::{needs_escape, to_string};
use std::io::{self, Write};

/// serde_json's compact formatter with the extra escapes, written fragment by fragment inside
/// the strings: the reference the one pass over the whole output must match.
struct SafeFormatter;

impl serde_json::ser::Formatter for SafeFormatter {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut rest = fragment;
        while let Some((i, c)) = rest.char_indices().find(|&(_, c)| needs_escape(c)) {
            let (head, tail) = rest.split_at(i);
            writer.write_all(head.as_bytes())?;
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                write!(writer, "\\u{:04X}", u)?;
            }
            rest = tail.get(c.len_utf8()..).unwrap_or_default();
        }
        writer.write_all(rest.as_bytes())
    }
}

/// `value` through serde_json and [`SafeFormatter`].
pub(crate) fn reference<T: ?Sized + serde::Serialize>(value: &T) -> String {
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, SafeFormatter);
    value.serialize(&mut ser).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn escapes_c1_bidi_and_del_and_round_trips() {
    let s = "a\u{1B}b\u{9B}c\u{202E}d\u{7F}e\u{2028}f é 中 😀";
    let j = to_string(&s).unwrap();
    assert_eq!(j, "\"a\\u001bb\\u009Bc\\u202Ed\\u007Fe\\u2028f é 中 😀\"");
    let back: String = serde_json::from_str(&j).unwrap();
    assert_eq!(back, s);
    let tag = "x\u{E0041}\u{3164}";
    let j = to_string(&tag).unwrap();
    assert_eq!(j, "\"x\\uDB40\\uDC41\\u3164\"");
    assert_eq!(serde_json::from_str::<String>(&j).unwrap(), tag);
    // At the very start, at the very end, alone, and never.
    for (text, want) in [
        ("\u{7F}x", "\"\\u007Fx\""),
        ("x\u{202E}", "\"x\\u202E\""),
        ("\u{2029}", "\"\\u2029\""),
        ("plain ASCII ~", "\"plain ASCII ~\""),
    ] {
        assert_eq!(to_string(&text).unwrap(), want, "{text:?}");
    }
}

/// Every ASCII byte, the C1 controls, the characters of [`needs_escape`] and their
/// neighbours, and characters of every width, alone and inside text.
#[test]
fn strings_read_as_serde_json_wrote_them() {
    let mut chars: Vec<char> = (0u32..0x100).filter_map(char::from_u32).collect();
    chars.extend([
        '\u{2027}',
        '\u{2028}',
        '\u{2029}',
        '\u{202A}',
        '\u{202E}',
        '\u{2066}',
        '\u{2069}',
        '\u{200B}',
        '\u{200D}',
        '\u{FEFF}',
        '\u{3164}',
        '\u{FFA0}',
        '\u{E0041}',
        '\u{E007F}',
        '\u{FE0F}',
        '\u{115F}',
        'é',
        '中',
        '😀',
        '\u{10FFFF}',
    ]);
    for &c in &chars {
        for s in [
            c.to_string(),
            format!("a{c}"),
            format!("{c}b"),
            format!("x{c}{c}y"),
        ] {
            assert_eq!(to_string(&s).unwrap(), reference(&s), "{c:?}");
        }
    }
    let all: String = chars.iter().collect();
    assert_eq!(to_string(&all).unwrap(), reference(&all));
    // As keys too, and as a char.
    let map: std::collections::BTreeMap<&str, char> =
        [(all.as_str(), '\u{7F}'), ("k", '"'), ("\u{1}", '\u{202E}')].into();
    assert_eq!(to_string(&map).unwrap(), reference(&map));
}

/// Numbers of every kind at their edges, floats that are not finite, empty and nested
/// containers, options, and each shape of enum.
#[test]
fn values_of_every_shape_read_as_serde_json_wrote_them() {
    use serde::Serialize;
    use std::collections::BTreeMap;
    #[derive(Serialize)]
    enum E {
        Unit,
        New(u8),
        Tuple(i32, String),
        Fields { a: Option<u64>, b: Vec<f64> },
    }
    #[derive(Serialize)]
    #[serde(tag = "kind", rename_all = "snake_case")]
    enum Tagged {
        OneThing { n: i64 },
        Other,
    }
    #[derive(Serialize)]
    struct Unit;
    #[derive(Serialize)]
    struct New(&'static str);
    #[derive(Serialize)]
    struct Tup(u16, bool, ());
    #[derive(Serialize)]
    struct All {
        ints: (i8, i16, i32, i64, u8, u16, u32, u64, usize),
        mins: (i8, i16, i32, i64),
        floats: Vec<f64>,
        float32: Vec<f32>,
        none: Option<u8>,
        some: Option<Option<&'static str>>,
        enums: Vec<E>,
        tagged: Vec<Tagged>,
        unit: Unit,
        new: New,
        tup: Tup,
        empty_seq: Vec<u8>,
        empty_map: BTreeMap<String, u8>,
        int_keys: BTreeMap<u64, i8>,
        neg_keys: BTreeMap<i32, bool>,
        bool_keys: BTreeMap<bool, u8>,
        nested: Vec<Vec<BTreeMap<&'static str, Vec<u8>>>>,
        bytes: serde_bytes_like::Bytes,
    }
    mod serde_bytes_like {
        pub struct Bytes(pub Vec<u8>);
        impl serde::Serialize for Bytes {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bytes(&self.0)
            }
        }
    }
    let v = All {
        ints: (
            i8::MAX,
            i16::MAX,
            i32::MAX,
            i64::MAX,
            u8::MAX,
            u16::MAX,
            u32::MAX,
            u64::MAX,
            0,
        ),
        mins: (i8::MIN, i16::MIN, i32::MIN, i64::MIN),
        floats: vec![
            0.0,
            -0.0,
            1.0,
            0.787,
            -2.75,
            1e300,
            5e-324,
            f64::NAN,
            f64::INFINITY,
        ],
        float32: vec![0.1, f32::MAX, f32::NEG_INFINITY],
        none: None,
        some: Some(None),
        enums: vec![
            E::Unit,
            E::New(7),
            E::Tuple(-1, "t\"".into()),
            E::Fields {
                a: Some(3),
                b: vec![],
            },
        ],
        tagged: vec![Tagged::OneThing { n: -5 }, Tagged::Other],
        unit: Unit,
        new: New("n\u{9B}"),
        tup: Tup(9, true, ()),
        empty_seq: vec![],
        empty_map: BTreeMap::new(),
        int_keys: [(0, -1), (u64::MAX, 1)].into(),
        neg_keys: [(-3, true), (4, false)].into(),
        bool_keys: [(false, 0), (true, 1)].into(),
        nested: vec![vec![], vec![[("a", vec![1, 2]), ("b", vec![])].into()]],
        bytes: serde_bytes_like::Bytes(vec![0, 255]),
    };
    assert_eq!(to_string(&v).unwrap(), reference(&v));
    // Keys that are no string, number or bool are an error, as in serde_json.
    let bad: BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into();
    assert!(to_string(&bad).is_err());
    assert!(serde_json::to_string(&bad).is_err());
}

/// The reports, structure lines and inspections of inputs of every kind: the same bytes.
#[test]
fn reports_read_as_serde_json_wrote_them() {
    let mut inputs: Vec<Vec<u8>> = vec![
        Vec::new(),
        b"plain\nascii\r\n".to_vec(),
        "caf\u{e9} \u{202E}evil\u{200B}\u{1b}[31mred\u{1b}[0m\r\nline\u{2028}x\u{85}y"
            .as_bytes()
            .to_vec(),
        b"caf\xe9 na\xefve \x80\x81\x8d\x00\x07\"quote\\back\n".to_vec(),
        b"\xff\xfeh\x00\x00\xd8i\x00\x0a\x00".to_vec(),
        b"\xef\xbb\xbf\xed\xa0\x80\xc0\x80\xf4\x90\x80\x80\xe2\x82".to_vec(),
        b"\x1b$B$3$s$K$A$O\x1b(B\n".to_vec(),
        (0u8..=255).collect(),
    ];
    for dir in ["/tests/data/legacy", "/../../tests/data"] {
        let dir = format!("{}{dir}", env!("CARGO_MANIFEST_DIR"));
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        inputs.extend(paths.iter().map(|p| std::fs::read(p).unwrap()));
    }
    assert!(inputs.len() > 60);
    for bytes in &inputs {
        let mut a = crate::Analyzer::new(crate::Options::default());
        a.feed(bytes);
        let (report, index) = a.finish_with_index();
        assert_eq!(to_string(&report).unwrap(), reference(&report));
        let opts = crate::StructureOptions::default();
        let s = crate::structure_of(bytes, &index, 1, 40, opts);
        let doc = crate::StructureJson::new(&report, Some("f".into()), s);
        assert_eq!(to_string(&doc).unwrap(), reference(&doc));
        let text = String::from_utf8_lossy(bytes.get(..400).unwrap_or(bytes));
        let ins = crate::utf16::inspect(&text);
        assert_eq!(to_string(&ins).unwrap(), reference(&ins));
    }
}
