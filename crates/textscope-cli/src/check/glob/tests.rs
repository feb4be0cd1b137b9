//! Tests of `glob.rs`.
use super::*;
use std::time::{Duration, Instant};

fn m(g: &str, p: &str) -> bool {
    Glob::new(g).unwrap().matches(p)
}

#[test]
fn globs_match_as_editorconfig_says() {
    let yes = [
        ("*", "a.txt"),
        ("*", "deep/dir/a.txt"),
        ("*.{js,py}", "src/x.py"),
        ("*.{js,py}", "x.js"),
        ("Makefile", "sub/Makefile"),
        ("lib/**.js", "lib/a/b.js"),
        ("/lib/*.js", "lib/a.js"),
        ("src/**/*.rs", "src/main.rs"),
        ("src/**/*.rs", "src/a/b/main.rs"),
        ("file[0-9].txt", "file7.txt"),
        ("file[!0-9].txt", "filex.txt"),
        ("a?.md", "ab.md"),
        ("v{1..3}.txt", "v2.txt"),
        ("v{3..1}.txt", "v1.txt"),
        ("v{-5..5}.txt", "v-3.txt"),
        ("{a,{b,c}}.txt", "c.txt"),
        ("{single}.txt", "{single}.txt"),
        ("a\\*b", "a*b"),
        ("x[.]y", "x.y"),
        ("{,a}b", "b"),
        ("p(1)+.txt", "p(1)+.txt"),
        ("?b", "éb"),
        ("caf[é]", "café"),
        ("caf[!a-z]", "café"),
        ("a<b>", "a<b>"),
        ("plain.txt", "d/plain.txt"),
        ("/d/plain.txt", "d/plain.txt"),
    ];
    for (g, p) in yes {
        assert!(m(g, p), "{g} should match {p}");
    }
    let no = [
        ("*.{js,py}", "x.rs"),
        ("Makefile", "Makefile.am"),
        ("/lib/*.js", "lib/a/b.js"),
        ("lib/*.js", "other/lib/a.js"),
        ("file[0-9].txt", "filex.txt"),
        ("a?.md", "a/.md"),
        ("v{1..3}.txt", "v4.txt"),
        ("v{1..3}.txt", "v99999999999999999999999.txt"),
        ("a\\*b", "axxb"),
        ("p(1)+.txt", "p11.txt"),
        ("[a/b]", "a"),
        ("?b", "ééb"),
        ("caf[!é]", "café"),
        ("x[]", "x"),
        ("plain.txt", "dplain.txt"),
        ("d/plain.txt", "e/d/plain.txt"),
    ];
    for (g, p) in no {
        assert!(!m(g, p), "{g} should not match {p}");
    }
}

#[test]
fn hostile_globs_are_fast_or_refused() {
    let t = Instant::now();
    let g = Glob::new("{1..9999}{1..9999}{1..9999}").unwrap();
    assert!(g.matches("123"));
    assert!(!g.matches("0x"));
    let star = format!("{}b", "*a".repeat(1000));
    let g = Glob::new(&star).unwrap();
    assert!(!g.matches(&"a".repeat(400)));
    assert!(Glob::new(&"*a".repeat(3000)).is_err());
    let deep = format!("{}x{}", "{a,".repeat(100), "}".repeat(100));
    assert!(Glob::new(&deep).is_err());
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}
