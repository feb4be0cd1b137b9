//! `.editorconfig` (https://spec.editorconfig.org): the properties `check` understands —
//! `charset`, `end_of_line`, `insert_final_newline`, `max_line_length` — read from the nearest
//! files up the tree (a file with `root = true` ends the search), in sections whose glob
//! matches the file. Nearer files and later sections win; `unset` removes a value.

use super::rules::{Allowed, BomPolicy, Eol, Layer, Rule};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use textscope::Format;

/// One parsed `.editorconfig`.
#[derive(Debug, Default, PartialEq)]
pub struct EditorConfig {
    pub root: bool,
    /// Sections in file order: the glob and its properties (keys and values lower-cased).
    pub sections: Vec<(String, Vec<(String, String)>)>,
}

/// Parses the INI-like text. Comments start with `#` or `;` at the start of a line.
pub fn parse(text: &str) -> EditorConfig {
    let mut ec = EditorConfig::default();
    for raw in text.lines() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        if line.starts_with('[') && line.ends_with(']') {
            ec.sections
                .push((line[1..line.len() - 1].to_string(), Vec::new()));
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        let k = k.trim().to_lowercase();
        let v = v.trim().to_lowercase();
        match ec.sections.last_mut() {
            Some((_, props)) => props.push((k, v)),
            None if k == "root" => ec.root = v == "true",
            None => {}
        }
    }
    ec
}

/// Does `glob` (a section name) match `rel`, the file's path relative to the `.editorconfig`'s
/// directory, with `/` separators? A glob without `/` matches the file name at any depth.
pub fn section_matches(glob: &str, rel: &str) -> bool {
    let pattern = if glob.contains('/') {
        glob.trim_start_matches('/').to_string()
    } else {
        format!("**/{glob}")
    };
    expand_braces(&pattern).iter().any(|p| {
        glob_match(
            &p.chars().collect::<Vec<_>>(),
            &rel.chars().collect::<Vec<_>>(),
        )
    })
}

/// Expands `{a,b}` alternatives (nested too) and `{1..3}` numeric ranges; a brace without a
/// comma or range is literal.
fn expand_braces(p: &str) -> Vec<String> {
    let chars: Vec<char> = p.chars().collect();
    let mut depth = 0;
    let mut open = None;
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '{' => {
                if depth == 0 {
                    open = Some(i);
                }
                depth += 1;
            }
            '}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    let start = open.unwrap_or(0);
                    let inner: String = chars[start + 1..i].iter().collect();
                    let pre: String = chars[..start].iter().collect();
                    let post: String = chars[i + 1..].iter().collect();
                    let alts = split_top(&inner);
                    let options: Vec<String> = if alts.len() > 1 {
                        alts
                    } else if let Some(r) = numeric_range(&inner) {
                        r
                    } else {
                        // Literal braces: keep them, escaped, and expand what follows.
                        return expand_braces(&post)
                            .into_iter()
                            .map(|s| format!("{pre}\\{{{inner}\\}}{s}"))
                            .collect();
                    };
                    let mut out = Vec::new();
                    for o in options {
                        for s in expand_braces(&format!("{pre}{o}{post}")) {
                            out.push(s);
                        }
                    }
                    return out;
                }
            }
            _ => {}
        }
        i += 1;
    }
    vec![p.to_string()]
}

fn split_top(s: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut depth = 0;
    let mut esc = false;
    for c in s.chars() {
        if esc {
            esc = false;
        } else if c == '\\' {
            esc = true;
        } else if c == '{' {
            depth += 1;
        } else if c == '}' {
            depth -= 1;
        } else if c == ',' && depth == 0 {
            parts.push(String::new());
            continue;
        }
        if let Some(last) = parts.last_mut() {
            last.push(c);
        }
    }
    parts
}

fn numeric_range(s: &str) -> Option<Vec<String>> {
    let (a, b) = s.split_once("..")?;
    let (a, b): (i64, i64) = (a.parse().ok()?, b.parse().ok()?);
    let (lo, hi) = (a.min(b), a.max(b));
    (hi - lo <= 10_000).then(|| (lo..=hi).map(|n| n.to_string()).collect())
}

/// `*` (no `/`), `**` (anything), `?`, `[abc]`, `[!a-z]`, `\x`; everything else literal.
fn glob_match(p: &[char], s: &[char]) -> bool {
    match p.first() {
        None => s.is_empty(),
        Some('*') if p.get(1) == Some(&'*') => {
            let rest = &p[2..];
            // `**/` also matches no directory at all.
            if rest.first() == Some(&'/') && glob_match(&rest[1..], s) {
                return true;
            }
            (0..=s.len()).any(|i| glob_match(rest, &s[i..]))
        }
        Some('*') => {
            let rest = &p[1..];
            for i in 0..=s.len() {
                if glob_match(rest, &s[i..]) {
                    return true;
                }
                if s.get(i) == Some(&'/') {
                    break;
                }
            }
            false
        }
        Some('?') => s.first().is_some_and(|c| *c != '/') && glob_match(&p[1..], &s[1..]),
        Some('[') => match class(p) {
            Some((matches, len)) => {
                s.first().is_some_and(|c| *c != '/' && matches(*c))
                    && glob_match(&p[len..], &s[1..])
            }
            None => s.first() == Some(&'[') && glob_match(&p[1..], &s[1..]),
        },
        Some('\\') if p.len() > 1 => s.first() == Some(&p[1]) && glob_match(&p[2..], &s[1..]),
        Some(c) => s.first() == Some(c) && glob_match(&p[1..], &s[1..]),
    }
}

/// A `[...]` class at the start of `p`: a predicate and the pattern length it takes.
#[allow(clippy::type_complexity)]
fn class(p: &[char]) -> Option<(Box<dyn Fn(char) -> bool>, usize)> {
    let end = p.iter().skip(2).position(|c| *c == ']')? + 2;
    let mut body: Vec<char> = p[1..end].to_vec();
    let negate = matches!(body.first(), Some('!') | Some('^'));
    if negate {
        body.remove(0);
    }
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < body.len() {
        if i + 2 < body.len() && body[i + 1] == '-' {
            ranges.push((body[i], body[i + 2]));
            i += 3;
        } else {
            ranges.push((body[i], body[i]));
            i += 1;
        }
    }
    Some((
        Box::new(move |c| ranges.iter().any(|(a, b)| (*a..=*b).contains(&c)) != negate),
        end + 1,
    ))
}

/// The layer for one file, from the `.editorconfig` files that apply (nearest last).
pub fn layer_for(configs: &[(PathBuf, Arc<EditorConfig>)], file: &Path) -> Layer {
    let mut props: HashMap<String, String> = HashMap::new();
    for (dir, ec) in configs {
        let Ok(rel) = file.strip_prefix(dir) else {
            continue;
        };
        let rel = rel.to_string_lossy().replace('\\', "/");
        for (glob, section) in &ec.sections {
            if section_matches(glob, &rel) {
                for (k, v) in section {
                    props.insert(k.clone(), v.clone());
                }
            }
        }
    }
    let mut l = Layer::default();
    let get = |k: &str| props.get(k).map(String::as_str).filter(|v| *v != "unset");
    match get("charset") {
        Some("utf-8") => {
            l.encodings = Some(vec![Allowed::Format(Format::Utf8)]);
            l.bom = Some(BomPolicy::Forbid);
        }
        Some("utf-8-bom") => {
            l.encodings = Some(vec![Allowed::Format(Format::Utf8)]);
            l.bom = Some(BomPolicy::Require);
        }
        Some("utf-16le") => l.encodings = Some(vec![Allowed::Format(Format::Utf16Le)]),
        Some("utf-16be") => l.encodings = Some(vec![Allowed::Format(Format::Utf16Be)]),
        Some("latin1") => l.encodings = Allowed::parse("latin1").ok().map(|a| vec![a]),
        _ => {}
    }
    l.eol = match get("end_of_line") {
        Some("lf") => Some(Eol::Lf),
        Some("crlf") => Some(Eol::Crlf),
        Some("cr") => Some(Eol::Cr),
        _ => None,
    };
    l.final_newline = match get("insert_final_newline") {
        Some("true") => Some(true),
        Some("false") => Some(false),
        _ => None,
    };
    match get("max_line_length") {
        Some("off") => {
            l.explicit.insert(Rule::LineLength, false);
        }
        Some(n) => l.max_line_length = n.parse().ok(),
        None => {}
    }
    l
}

/// Loads `.editorconfig` files once per directory, shared by the walker's threads.
#[derive(Debug, Default)]
pub struct Cache {
    dirs: Mutex<HashMap<PathBuf, Option<Arc<EditorConfig>>>>,
}

impl Cache {
    fn get(&self, dir: &Path) -> Option<Arc<EditorConfig>> {
        if let Some(v) = self.dirs.lock().ok()?.get(dir) {
            return v.clone();
        }
        let loaded = std::fs::read_to_string(dir.join(".editorconfig"))
            .ok()
            .map(|t| Arc::new(parse(&t)));
        if let Ok(mut m) = self.dirs.lock() {
            m.insert(dir.to_path_buf(), loaded.clone());
        }
        loaded
    }

    /// The files that apply to `file` (an absolute path), farthest first.
    pub fn chain(&self, file: &Path) -> Vec<(PathBuf, Arc<EditorConfig>)> {
        let mut out = Vec::new();
        for dir in file.ancestors().skip(1) {
            if let Some(ec) = self.get(dir) {
                let root = ec.root;
                out.push((dir.to_path_buf(), ec));
                if root {
                    break;
                }
            }
        }
        out.reverse();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            ("{a,{b,c}}.txt", "c.txt"),
            ("{single}.txt", "{single}.txt"),
        ];
        for (g, p) in yes {
            assert!(section_matches(g, p), "{g} should match {p}");
        }
        let no = [
            ("*.{js,py}", "x.rs"),
            ("Makefile", "Makefile.am"),
            ("/lib/*.js", "lib/a/b.js"),
            ("lib/*.js", "other/lib/a.js"),
            ("file[0-9].txt", "filex.txt"),
            ("a?.md", "a/.md"),
            ("v{1..3}.txt", "v4.txt"),
        ];
        for (g, p) in no {
            assert!(!section_matches(g, p), "{g} should not match {p}");
        }
    }

    #[test]
    fn parse_and_layer() {
        let ec = parse(
            "root = true\n# c\n[*]\ncharset = UTF-8\nend_of_line = lf\n\n[*.bat]\nend_of_line = crlf\n\
             [Makefile]\ninsert_final_newline = true\nmax_line_length = 80\n[*.md]\nmax_line_length = off\ncharset = unset\n",
        );
        assert!(ec.root);
        assert_eq!(ec.sections.len(), 4);
        let chain = vec![(PathBuf::from("/r"), Arc::new(ec))];
        let bat = layer_for(&chain, Path::new("/r/x/run.bat"));
        assert_eq!(bat.eol, Some(Eol::Crlf));
        assert_eq!(bat.bom, Some(BomPolicy::Forbid));
        let mk = layer_for(&chain, Path::new("/r/Makefile"));
        assert_eq!(
            (mk.final_newline, mk.max_line_length),
            (Some(true), Some(80))
        );
        let md = layer_for(&chain, Path::new("/r/README.md"));
        assert_eq!(md.explicit.get(&Rule::LineLength), Some(&false));
        assert_eq!(md.encodings, None);
    }

    #[test]
    fn nearest_wins_and_root_stops() {
        let dir = tempfile::tempdir().unwrap();
        let top = dir.path();
        std::fs::create_dir_all(top.join("a/b")).unwrap();
        std::fs::write(
            top.join(".editorconfig"),
            "[*]\nend_of_line = crlf\nmax_line_length = 10\n",
        )
        .unwrap();
        std::fs::write(
            top.join("a/.editorconfig"),
            "root = true\n[*]\nend_of_line = cr\n",
        )
        .unwrap();
        std::fs::write(top.join("a/b/.editorconfig"), "[*.txt]\nend_of_line = lf\n").unwrap();
        let cache = Cache::default();
        let f = top.join("a/b/x.txt");
        let chain = cache.chain(&f);
        assert_eq!(chain.len(), 2);
        let l = layer_for(&chain, &f);
        assert_eq!((l.eol, l.max_line_length), (Some(Eol::Lf), None));
        let g = top.join("a/b/y.rs");
        assert_eq!(layer_for(&cache.chain(&g), &g).eol, Some(Eol::Cr));
    }
}
