//! EditorConfig section globs (https://spec.editorconfig.org/#glob-expressions), matched in
//! time linear in the path: each glob is translated once into a regular expression, compiled
//! to a Thompson NFA and run by `regex-automata`'s PikeVM (the engine under ripgrep's `regex`
//! and `globset`; it never backtracks: time O(pattern × path), memory the NFA), and numeric
//! ranges `{a..b}` are
//! bounded without being expanded: each becomes a capture of an integer, checked against its
//! bounds after the match (as EditorConfig's C core does). See docs/decisions.md.

use regex_automata::nfa::thompson::{self, pikevm::PikeVM};
use regex_automata::util::syntax;

/// The longest section name accepted, in bytes (the EditorConfig spec's limit for a section
/// name); a longer one makes the file unusable (see `editorconfig::parse`).
pub const MAX_GLOB: usize = 4096;

/// Bound on one glob's compiled NFA (a larger one is refused), so memory stays bounded
/// whatever the pattern.
const NFA_LIMIT: usize = 1 << 20;
/// One character other than `/`, as bytes: a byte that is neither `/` nor a UTF-8
/// continuation byte, then its continuation bytes (paths are valid UTF-8 here).
const ONE_CHAR: &str = r"(?:[^/\x80-\xBF][\x80-\xBF]*)";
/// Deepest brace nesting accepted.
const NEST_LIMIT: u32 = 64;

/// One compiled section glob: a plain name is compared as it is, anything else is an NFA.
#[derive(Debug, Clone)]
pub struct Glob {
    /// A section name with no glob syntax: its path, and whether it holds a `/`.
    plain: Option<(String, bool)>,
    vm: PikeVM,
    /// The regular expression, for equality.
    re: String,
    /// The bounds of each numeric range, in the order of the captures.
    ranges: Vec<(i64, i64)>,
}

impl PartialEq for Glob {
    fn eq(&self, other: &Self) -> bool {
        self.plain == other.plain && self.re == other.re && self.ranges == other.ranges
    }
}

impl Glob {
    /// Compiles a section name. A glob without `/` matches a file name at any depth; one with a
    /// `/` matches from the directory of the `.editorconfig` (a leading `/` is dropped).
    pub fn new(glob: &str) -> Result<Glob, String> {
        if glob.len() > MAX_GLOB {
            return Err(format!(
                "a section name is longer than {MAX_GLOB} bytes ({} bytes)",
                glob.len()
            ));
        }
        if !glob.contains(['*', '?', '[', '{', '\\']) {
            let anchored = glob.contains('/');
            let path = glob.strip_prefix('/').unwrap_or(glob).to_string();
            return Ok(Glob {
                plain: Some((path, anchored)),
                vm: PikeVM::new_from_nfa(thompson::NFA::never_match())
                    .map_err(|e| e.to_string())?,
                re: String::new(),
                ranges: Vec::new(),
            });
        }
        let chars: Vec<char> = glob.chars().collect();
        let mut t = Translator {
            chars: &chars,
            ranges: Vec::new(),
        };
        let body = t.seq(0, chars.len());
        let prefix = if glob.contains('/') { "" } else { "(?:.*/)?" };
        let body = body.strip_prefix('/').unwrap_or(&body);
        let re = format!("^{prefix}{body}$");
        // Bytes, not Unicode classes, for `*` and `**` (a far smaller program); `?` and
        // `[…]` switch Unicode on for themselves, so they still take one character.
        let vm = PikeVM::builder()
            .syntax(
                syntax::Config::new()
                    .unicode(false)
                    .utf8(false)
                    .dot_matches_new_line(true)
                    .nest_limit(NEST_LIMIT),
            )
            .thompson(
                thompson::Config::new()
                    .utf8(false)
                    .nfa_size_limit(Some(NFA_LIMIT)),
            )
            .build(&re)
            .map_err(|e| {
                if e.size_limit().is_some() {
                    format!("the section [{}] is too complex", short(glob))
                } else {
                    format!("the section [{}] cannot be used", short(glob))
                }
            })?;
        Ok(Glob {
            plain: None,
            vm,
            re,
            ranges: t.ranges,
        })
    }

    /// Heap memory held by the compiled glob, in bytes.
    pub fn memory(&self) -> usize {
        self.vm.get_nfa().memory_usage()
    }

    /// Does the glob match `rel`, a path relative to the `.editorconfig`'s directory with `/`
    /// separators?
    pub fn matches(&self, rel: &str) -> bool {
        if let Some((path, anchored)) = &self.plain {
            return rel == path
                || (!anchored
                    && rel
                        .strip_suffix(path.as_str())
                        .is_some_and(|dir| dir.ends_with('/')));
        }
        let mut cache = self.vm.create_cache();
        if self.ranges.is_empty() {
            return self.vm.is_match(&mut cache, rel.as_bytes());
        }
        let mut caps = self.vm.create_captures();
        self.vm.captures(&mut cache, rel.as_bytes(), &mut caps);
        if !caps.is_match() {
            return false;
        }
        self.ranges.iter().enumerate().all(|(i, (lo, hi))| {
            caps.get_group(i + 1).is_none_or(|span| {
                rel.get(span.range())
                    .and_then(|s| s.parse::<i64>().ok())
                    .is_some_and(|n| (*lo..=*hi).contains(&n))
            })
        })
    }
}

/// The start of a long glob, for messages.
fn short(glob: &str) -> String {
    let s: String = glob.chars().take(40).collect();
    if s.len() < glob.len() {
        format!("{s}…")
    } else {
        s
    }
}

struct Translator<'a> {
    chars: &'a [char],
    ranges: Vec<(i64, i64)>,
}

impl Translator<'_> {
    /// Translates `chars[from..to]` (no unmatched brace of this level inside).
    fn seq(&mut self, from: usize, to: usize) -> String {
        let c = self.chars;
        let mut out = String::new();
        let mut i = from;
        while i < to {
            match c[i] {
                '\\' if i + 1 < to => {
                    push_literal(&mut out, c[i + 1]);
                    i += 2;
                    continue;
                }
                '*' if c.get(i + 1) == Some(&'*') && i + 1 < to => {
                    // `**/` also matches no directory at all.
                    if c.get(i + 2) == Some(&'/') && i + 2 < to {
                        out.push_str("(?:.*/)?");
                        i += 3;
                    } else {
                        out.push_str(".*");
                        i += 2;
                    }
                    continue;
                }
                '*' => out.push_str("[^/]*"),
                '?' => out.push_str(ONE_CHAR),
                '[' => {
                    if let Some((class, end)) = class(c, i, to) {
                        out.push_str(&class);
                        i = end;
                        continue;
                    }
                    out.push_str("\\[");
                }
                '{' => {
                    if let Some(end) = closing(c, i, to) {
                        out.push_str(&self.braces(i + 1, end));
                        i = end + 1;
                        continue;
                    }
                    out.push_str("\\{");
                }
                ch => push_literal(&mut out, ch),
            }
            i += 1;
        }
        out
    }

    /// `{…}` whose inside is `chars[from..to]`: alternatives, a numeric range, or literal.
    fn braces(&mut self, from: usize, to: usize) -> String {
        let c = self.chars;
        let inner: String = c[from..to].iter().collect();
        if let Some((lo, hi)) = numeric_range(&inner) {
            self.ranges.push((lo.min(hi), lo.max(hi)));
            return "([+-]?[0-9]+)".to_string();
        }
        let commas = top_commas(c, from, to);
        if commas.is_empty() {
            return format!("\\{{{}\\}}", self.seq(from, to));
        }
        let mut alts = Vec::new();
        let mut start = from;
        for k in commas.into_iter().chain([to]) {
            alts.push(self.seq(start, k));
            start = k + 1;
        }
        format!("(?:{})", alts.join("|"))
    }
}

/// A character that matches itself (the regex syntax's meta characters escaped).
fn push_literal(out: &mut String, c: char) {
    if "\\.+*?()|[]{}^$#&-~".contains(c) {
        out.push('\\');
    }
    out.push(c);
}

/// The index of the `}` closing the `{` at `open`, before `to`.
fn closing(c: &[char], open: usize, to: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < to {
        match c[i] {
            '\\' => i += 1,
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The commas of `chars[from..to]` outside nested braces.
fn top_commas(c: &[char], from: usize, to: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut i = from;
    while i < to {
        match c[i] {
            '\\' => i += 1,
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => out.push(i),
            _ => {}
        }
        i += 1;
    }
    out
}

/// `{a..b}` with two integers.
fn numeric_range(s: &str) -> Option<(i64, i64)> {
    let (a, b) = s.split_once("..")?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// A `[…]` class starting at `open` (`[!…]` negated): its regex and the index after `]`.
/// A class never matches `/`.
fn class(c: &[char], open: usize, to: usize) -> Option<(String, usize)> {
    let mut i = open + 1;
    let negate = i < to && matches!(c[i], '!' | '^');
    if negate {
        i += 1;
    }
    let start = i;
    let mut end = None;
    let mut j = start;
    while j < to {
        match c[j] {
            '\\' => j += 1,
            ']' if j > start => {
                end = Some(j);
                break;
            }
            '/' => return None,
            _ => {}
        }
        j += 1;
    }
    let end = end?;
    let mut items = String::new();
    let mut k = start;
    while k < end {
        let mut a = c[k];
        if a == '\\' && k + 1 < end {
            k += 1;
            a = c[k];
        }
        if k + 2 < end && c[k + 1] == '-' {
            let b = c[k + 2];
            if a <= b {
                items.push_str(&format!("{}-{}", esc_class(a), esc_class(b)));
            }
            k += 3;
        } else {
            items.push_str(&esc_class(a));
            k += 1;
        }
    }
    let ascii = c[start..end].iter().all(char::is_ascii);
    let re = match (negate, items.is_empty(), ascii) {
        (false, true, _) => r"[^\x00-\xFF]".to_string(),
        (true, true, _) => ONE_CHAR.to_string(),
        (false, false, true) => format!("[{items}]"),
        (false, false, false) => format!("(?u:[{items}])"),
        (true, false, true) => format!(r"(?:[^/\x80-\xBF{items}][\x80-\xBF]*)"),
        (true, false, false) => format!("(?u:[^/{items}])"),
    };
    Some((re, end + 1))
}

/// A character inside a class, escaped for the regex syntax.
fn esc_class(c: char) -> String {
    if c.is_ascii_alphanumeric() || !c.is_ascii() || c == ' ' {
        c.to_string()
    } else {
        format!("\\{c}")
    }
}

#[cfg(test)]
mod tests;
