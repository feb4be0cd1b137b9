//! The rules of `textscope check`: every SPEC problem kind (P1–P9) and the policy rules, the
//! layered settings that decide which are denied, and the findings they produce.

use std::collections::BTreeMap;
use textscope::chars::Decoded;
use textscope::{EndingKind, Format, ProblemKind, Report};

/// One rule. SPEC problems keep their JSON names (`invalid_utf8`); policy rules are
/// kebab-case (`final-newline`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// A SPEC problem kind (P1–P9): denied unless allowed.
    Problem(ProblemKind),
    /// A file the walk treats as text (its name, a config include, git's `text` attribute)
    /// that detection calls binary: denied unless allowed.
    BinaryInText,
    /// A file skipped as binary (not checked): off unless denied by name; not in the group
    /// `all`, which is about what files hold, not about which files are read.
    Binary,
    /// Terminal escape sequences (the report's `ansi_escape` findings): by default only the
    /// dangerous ones (window title, clipboard, erase, scroll, mode, any OSC but a hyperlink);
    /// every one when denied by name (or by `all`).
    AnsiEscape,
    /// A byte order mark present (or, with `bom = "require"`, missing).
    Bom,
    /// An encoding other than the allowed ones.
    Encoding,
    /// A line ending other than the required kind.
    Eol,
    /// No line ending at the end of the file (N1).
    FinalNewline,
    /// Bidi controls and invisible characters.
    Bidi,
    /// A line longer than the limit, in characters.
    LineLength,
}

impl Rule {
    /// The policy rules, off by default.
    pub const POLICY: [Rule; 6] = [
        Rule::Bom,
        Rule::Encoding,
        Rule::Eol,
        Rule::FinalNewline,
        Rule::Bidi,
        Rule::LineLength,
    ];

    /// Every rule: P1–P9 in SPEC order, `binary_in_text`, then the policy rules.
    pub fn all() -> Vec<Rule> {
        let mut v: Vec<Rule> = ProblemKind::ALL.iter().map(|&k| Rule::Problem(k)).collect();
        v.push(Rule::BinaryInText);
        v.push(Rule::Binary);
        v.push(Rule::AnsiEscape);
        v.extend(Rule::POLICY);
        v
    }

    /// The name printed in findings and accepted in `--deny`, `--allow-rule` and the config.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Problem(k) => k.name(),
            Rule::BinaryInText => "binary_in_text",
            Rule::Binary => "binary",
            Rule::AnsiEscape => "ansi_escape",
            Rule::Bom => "bom",
            Rule::Encoding => "encoding",
            Rule::Eol => "eol",
            Rule::FinalNewline => "final-newline",
            Rule::Bidi => "bidi",
            Rule::LineLength => "line-length",
        }
    }

    /// What the rule finds, for `--list-rules`.
    pub fn describe(self) -> &'static str {
        match self {
            Rule::Problem(ProblemKind::UnpairedSurrogate) => "unpaired UTF-16 surrogate",
            Rule::Problem(ProblemKind::Nul) => "U+0000 in the text",
            Rule::Problem(ProblemKind::ControlCharacter) => "control character",
            Rule::Problem(ProblemKind::BomInText) => "U+FEFF after the start of the file",
            Rule::Problem(ProblemKind::TruncatedCharacter) => {
                "character cut by the end of the file"
            }
            Rule::Problem(ProblemKind::InvalidCodePoint) => "UTF-32 unit above 10FFFF",
            Rule::Problem(ProblemKind::InvalidUtf8) => "ill-formed UTF-8",
            Rule::Problem(ProblemKind::UnmappedByte) => "byte the code page does not map",
            Rule::Problem(ProblemKind::MixedLineEndings) => "more than one kind of line ending",
            Rule::BinaryInText => {
                "a source or text file (by name, config or git attribute) detected as binary"
            }
            Rule::Binary => "a file skipped as binary, not checked (only by name, not in all)",
            Rule::AnsiEscape => {
                "terminal escape sequences (by default only those that do more than style text)"
            }
            Rule::Bom => "a byte order mark present (or missing, with bom = require)",
            Rule::Encoding => "an encoding other than the allowed ones",
            Rule::Eol => "a line ending other than the required kind",
            Rule::FinalNewline => "no line ending at the end of the file",
            Rule::Bidi => "bidi controls and invisible characters",
            Rule::LineLength => "a line longer than the limit (characters)",
        }
    }

    /// Parses a rule name, or a group: `problems` (P1–P9), `policy`, `all`. `-` and `_` are
    /// the same; case does not matter; a SPEC id (`P7`) names its kind.
    pub fn parse(s: &str) -> Result<Vec<Rule>, String> {
        let n: String = s.trim().to_lowercase().replace('_', "-");
        match n.as_str() {
            "all" => {
                return Ok(Rule::all()
                    .into_iter()
                    .filter(|&r| r != Rule::Binary)
                    .collect())
            }
            "problems" | "spec" => {
                return Ok(ProblemKind::ALL.iter().map(|&k| Rule::Problem(k)).collect())
            }
            "policy" => return Ok(Rule::POLICY.to_vec()),
            _ => {}
        }
        Rule::all()
            .into_iter()
            .find(|r| {
                r.name().replace('_', "-") == n
                    || matches!(r, Rule::Problem(k) if k.id().eq_ignore_ascii_case(&n))
            })
            .map(|r| vec![r])
            .ok_or_else(|| format!("unknown rule '{s}' (see `textscope check --list-rules`)"))
    }
}

/// The required line ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Eol {
    Lf,
    Crlf,
    Cr,
}

impl Eol {
    pub fn kind(self) -> EndingKind {
        match self {
            Eol::Lf => EndingKind::Lf,
            Eol::Crlf => EndingKind::Crlf,
            Eol::Cr => EndingKind::Cr,
        }
    }
}

/// What to do about a byte order mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BomPolicy {
    Forbid,
    Require,
    Allow,
}

/// An allowed encoding: a SPEC format, pure ASCII, any legacy code page, or one code page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowed {
    Format(Format),
    Ascii,
    AnyLegacy,
    CodePage(&'static encoding_rs::Encoding),
}

impl Allowed {
    /// `utf-8`, `utf-16le` … `legacy`, `ascii`, or a code page label (`latin1`, `shift_jis`).
    pub fn parse(s: &str) -> Result<Allowed, String> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("ascii") || t.eq_ignore_ascii_case("us-ascii") {
            return Ok(Allowed::Ascii);
        }
        if let Some(f) = Format::from_name(t) {
            return Ok(if f == Format::Legacy {
                Allowed::AnyLegacy
            } else {
                Allowed::Format(f)
            });
        }
        match encoding_rs::Encoding::for_label(t.as_bytes()) {
            Some(e) if e == encoding_rs::UTF_8 => Ok(Allowed::Format(Format::Utf8)),
            Some(e) if e == encoding_rs::UTF_16LE => Ok(Allowed::Format(Format::Utf16Le)),
            Some(e) if e == encoding_rs::UTF_16BE => Ok(Allowed::Format(Format::Utf16Be)),
            Some(e) if e != encoding_rs::REPLACEMENT => Ok(Allowed::CodePage(e)),
            _ => Err(format!(
                "unknown encoding '{s}' (use utf-8, utf-16le, utf-16be, utf-32le, utf-32be, ascii, legacy or a code page such as latin1)"
            )),
        }
    }

    /// Does a report's encoding satisfy this entry? ASCII text satisfies utf-8 and every
    /// ASCII-compatible code page.
    pub fn accepts(self, r: &Report) -> bool {
        match self {
            Allowed::Format(f) => r.format == f,
            Allowed::Ascii => r.ascii,
            Allowed::AnyLegacy => r.format == Format::Legacy || r.ascii,
            Allowed::CodePage(e) => {
                (r.format == Format::Legacy && r.encoding == e.name())
                    || (r.ascii && e.is_ascii_compatible())
            }
        }
    }

    pub fn name(self) -> String {
        match self {
            Allowed::Format(f) => f.name().to_string(),
            Allowed::Ascii => "ascii".to_string(),
            Allowed::AnyLegacy => "legacy".to_string(),
            Allowed::CodePage(e) => e.name().to_lowercase(),
        }
    }
}

/// One layer of settings (defaults, .editorconfig, textscope.toml, the command line). Every
/// field is optional; a value implies its rule is denied in that layer (`eol = "lf"` denies
/// `eol`) unless the same layer allows the rule explicitly.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layer {
    /// Rules denied (true) or allowed (false) by name in this layer.
    pub explicit: BTreeMap<Rule, bool>,
    pub encodings: Option<Vec<Allowed>>,
    pub eol: Option<Eol>,
    pub max_line_length: Option<u64>,
    pub bom: Option<BomPolicy>,
    pub final_newline: Option<bool>,
}

impl Layer {
    /// Denies (`deny = true`) or allows rules by name.
    pub fn set_rules(&mut self, names: &[String], deny: bool) -> Result<(), String> {
        for n in names {
            for r in Rule::parse(n)? {
                self.explicit.insert(r, deny);
            }
        }
        Ok(())
    }

    fn implied(&self, rule: Rule) -> Option<bool> {
        match rule {
            Rule::Encoding => self.encodings.as_ref().map(|_| true),
            Rule::Eol => self.eol.map(|_| true),
            Rule::LineLength => self.max_line_length.map(|_| true),
            Rule::Bom => self.bom.map(|b| b != BomPolicy::Allow),
            Rule::FinalNewline => self.final_newline,
            _ => None,
        }
    }
}

/// The settings for one file, once the layers are resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    pub denied: BTreeMap<Rule, bool>,
    /// `ansi_escape` denied by name (or by `all`): every sequence, not only the dangerous.
    pub ansi_all: bool,
    pub encodings: Vec<Allowed>,
    pub eol: Eol,
    pub max_line_length: u64,
    pub bom_required: bool,
}

impl Policy {
    /// Resolves layers given lowest precedence first. Defaults: P1–P9 and `binary_in_text`
    /// denied, policy rules
    /// off; when a policy rule is denied by name without a value: utf-8, lf, 120, forbid.
    pub fn resolve(layers: &[&Layer]) -> Policy {
        let mut denied: BTreeMap<Rule, bool> = Rule::all()
            .into_iter()
            .map(|r| {
                let on = matches!(r, Rule::Problem(_) | Rule::BinaryInText | Rule::AnsiEscape);
                (r, on)
            })
            .collect();
        let mut p = Policy {
            denied: BTreeMap::new(),
            ansi_all: false,
            encodings: vec![Allowed::Format(Format::Utf8)],
            eol: Eol::Lf,
            max_line_length: 120,
            bom_required: false,
        };
        for l in layers {
            if let Some(e) = &l.encodings {
                p.encodings.clone_from(e);
            }
            if let Some(e) = l.eol {
                p.eol = e;
            }
            if let Some(n) = l.max_line_length {
                p.max_line_length = n;
            }
            if let Some(b) = l.bom {
                p.bom_required = b == BomPolicy::Require;
            }
            if let Some(&v) = l.explicit.get(&Rule::AnsiEscape) {
                p.ansi_all = v;
            }
            for (r, d) in denied.iter_mut() {
                if let Some(v) = l.explicit.get(r).copied().or_else(|| l.implied(*r)) {
                    *d = v;
                }
            }
        }
        p.denied = denied;
        p
    }

    pub fn denies(&self, rule: Rule) -> bool {
        self.denied.get(&rule).copied().unwrap_or(false)
    }

    /// True when a pass over the decoded characters is needed (positions of policy findings).
    pub fn needs_scan(&self) -> bool {
        [Rule::Eol, Rule::FinalNewline, Rule::Bidi, Rule::LineLength]
            .iter()
            .any(|r| self.denies(*r))
    }
}

/// One finding, located to the byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub line: u64,
    pub column: u64,
    pub offset: u64,
    pub rule: Rule,
    pub message: String,
}

/// Most findings listed per rule and file (counts stay exact), as the core caps problems.
pub const MAX_LISTED: usize = 1000;

/// Characters the `bidi` rule finds, with their names. Bidi controls (Trojan Source,
/// CVE-2021-42574) and invisible format characters.
pub fn bidi_name(c: char) -> Option<&'static str> {
    use textscope::preview::{is_bidi_control, is_invisible_format};
    (is_bidi_control(c) || is_invisible_format(c)).then(|| textscope::finding_char_name(c))
}

/// The message for a hidden character (tags, Hangul fillers, U+00AD, U+180E), or for a
/// variation selector outside an emoji or ideographic sequence (`textscope::finding`).
pub fn hidden_message(prev: Option<char>, c: char) -> Option<String> {
    use textscope::{
        hidden_char_name, in_variation_sequence, is_hidden_character, is_variation_selector,
    };
    if is_hidden_character(c) {
        return Some(format!(
            "invisible character U+{:04X} {}",
            c as u32,
            hidden_char_name(c)
        ));
    }
    (is_variation_selector(c) && !in_variation_sequence(prev, c)).then(|| {
        format!(
            "variation selector U+{:04X} {} outside an emoji or ideographic sequence",
            c as u32,
            hidden_char_name(c)
        )
    })
}

/// The pass over decoded characters for `eol`, `final-newline`, `bidi` and `line-length`:
/// it follows lines as L1 does (CR LF is one ending) and counts columns in characters (a bad
/// unit is one character, L3).
#[derive(Debug)]
pub struct Scanner {
    eol: Option<EndingKind>,
    bidi: bool,
    max_len: Option<u64>,
    line: u64,
    col: u64,
    over_at: u64,
    pending_cr: Option<u64>,
    /// The character before the current one on this line (for variation selectors).
    prev: Option<char>,
    eol_first: Option<(u64, u64, u64, EndingKind)>,
    eol_count: u64,
    pub findings: Vec<Finding>,
    pub counts: BTreeMap<Rule, u64>,
    /// Columns of the last line, for the position of `final-newline`.
    last_col: u64,
}

impl Scanner {
    pub fn new(p: &Policy) -> Scanner {
        Scanner {
            eol: p.denies(Rule::Eol).then(|| p.eol.kind()),
            bidi: p.denies(Rule::Bidi),
            max_len: p.denies(Rule::LineLength).then_some(p.max_line_length),
            line: 1,
            col: 0,
            over_at: 0,
            pending_cr: None,
            prev: None,
            eol_first: None,
            eol_count: 0,
            findings: Vec::new(),
            counts: BTreeMap::new(),
            last_col: 0,
        }
    }

    fn push(&mut self, f: Finding) {
        let n = self.counts.entry(f.rule).or_insert(0);
        *n += 1;
        if *n as usize <= MAX_LISTED {
            self.findings.push(f);
        }
    }

    /// One decoded character (or bad unit) at `offset`.
    pub fn on(&mut self, offset: u64, d: Decoded) {
        if let Some(cr) = self.pending_cr.take() {
            if d == Decoded::Char('\n') {
                self.end_line(EndingKind::Crlf, cr);
                return;
            }
            self.end_line(EndingKind::Cr, cr);
        }
        let c = match d {
            Decoded::Char('\r') => {
                self.pending_cr = Some(offset);
                return;
            }
            Decoded::Char(c) => Some(c),
            Decoded::Bad(_) => None,
        };
        let ending = match c {
            Some('\n') => Some(EndingKind::Lf),
            Some('\u{85}') => Some(EndingKind::Nel),
            Some('\u{2028}') => Some(EndingKind::Ls),
            Some('\u{2029}') => Some(EndingKind::Ps),
            _ => None,
        };
        if let Some(k) = ending {
            self.end_line(k, offset);
            return;
        }
        self.col += 1;
        if self.max_len.is_some_and(|m| self.col == m + 1) {
            self.over_at = offset;
        }
        let prev = std::mem::replace(&mut self.prev, c);
        if let (true, Some(c)) = (self.bidi, c) {
            if let Some(message) = hidden_message(prev, c) {
                self.push(Finding {
                    line: self.line,
                    column: self.col,
                    offset,
                    rule: Rule::Bidi,
                    message,
                });
            } else if let Some(name) = bidi_name(c) {
                let what = if matches!(c, '\u{200B}'..='\u{200D}' | '\u{2060}'..='\u{2064}') {
                    "invisible character"
                } else {
                    "bidi control"
                };
                self.push(Finding {
                    line: self.line,
                    column: self.col,
                    offset,
                    rule: Rule::Bidi,
                    message: format!("{what} U+{:04X} {name}", c as u32),
                });
            }
        }
    }

    fn check_length(&mut self) {
        if let Some(m) = self.max_len {
            if self.col > m {
                self.push(Finding {
                    line: self.line,
                    column: m + 1,
                    offset: self.over_at,
                    rule: Rule::LineLength,
                    message: format!("line is {} characters long, more than {m}", self.col),
                });
            }
        }
    }

    fn end_line(&mut self, kind: EndingKind, offset: u64) {
        self.prev = None;
        self.check_length();
        if let Some(want) = self.eol {
            if kind != want {
                self.eol_count += 1;
                if self.eol_first.is_none() {
                    self.eol_first = Some((self.line, self.col + 1, offset, kind));
                }
            }
        }
        self.line += 1;
        self.col = 0;
    }

    /// The end of the text.
    pub fn finish(&mut self) {
        if let Some(cr) = self.pending_cr.take() {
            self.end_line(EndingKind::Cr, cr);
        }
        self.last_col = self.col;
        if self.col > 0 {
            self.check_length();
        }
        if let (Some(want), Some((line, column, offset, kind))) = (self.eol, self.eol_first) {
            let others = self.eol_count;
            self.push(Finding {
                line,
                column,
                offset,
                rule: Rule::Eol,
                message: format!(
                    "{} line ending where {} is required ({others} {} in the file)",
                    kind.label(),
                    want.label(),
                    if others == 1 {
                        "such ending"
                    } else {
                        "such endings"
                    }
                ),
            });
        }
    }
}

/// The findings for one file: the report's problems and notes, the policy checks on the whole
/// file, and the scanner's findings. Sorted by line, column, rule. Counts are exact.
pub fn findings(
    r: &Report,
    p: &Policy,
    scan: Option<Scanner>,
) -> (Vec<Finding>, BTreeMap<Rule, u64>) {
    let mut out = Vec::new();
    let mut counts: BTreeMap<Rule, u64> = BTreeMap::new();
    for k in ProblemKind::ALL {
        let rule = Rule::Problem(k);
        let n = r.problem_counts.get(k);
        if n > 0 && p.denies(rule) {
            counts.insert(rule, n);
        }
    }
    for pr in &r.problems {
        let rule = Rule::Problem(pr.kind);
        if p.denies(rule) {
            out.push(Finding {
                line: pr.line,
                column: pr.column,
                offset: pr.offset,
                rule,
                message: pr.message.clone(),
            });
        }
    }
    if p.denies(Rule::AnsiEscape) {
        let listed = r.findings.iter().filter(|f| {
            f.kind == textscope::FindingKind::AnsiEscape
                && (p.ansi_all || f.dangerous == Some(true))
        });
        for f in listed {
            *counts.entry(Rule::AnsiEscape).or_insert(0) += f.count.max(1);
            out.push(Finding {
                line: f.line,
                column: f.column,
                offset: f.offset,
                rule: Rule::AnsiEscape,
                message: f.message.clone(),
            });
        }
        let all = r.finding_counts.get(textscope::FindingKind::AnsiEscape);
        if p.ansi_all && all > 0 {
            // Exact, listed or not.
            counts.insert(Rule::AnsiEscape, all);
        }
    }
    let mut whole = |rule: Rule, message: String| {
        *counts.entry(rule).or_insert(0) += 1;
        out.push(Finding {
            line: 1,
            column: 1,
            offset: 0,
            rule,
            message,
        });
    };
    if r.format.is_text() {
        if p.denies(Rule::Bom) {
            match (&r.bom, p.bom_required) {
                (Some(m), false) => whole(
                    Rule::Bom,
                    format!(
                        "byte order mark {} ({}) at the start of the file",
                        m.bytes, r.format
                    ),
                ),
                (None, true) => whole(
                    Rule::Bom,
                    "no byte order mark at the start of the file".into(),
                ),
                _ => {}
            }
        }
        if p.denies(Rule::Encoding) && !p.encodings.iter().any(|a| a.accepts(r)) {
            let allowed: Vec<String> = p.encodings.iter().map(|a| a.name()).collect();
            let enc = if r.format == Format::Legacy {
                format!("legacy code page {}", r.encoding.to_lowercase())
            } else {
                r.format.name().to_string()
            };
            whole(
                Rule::Encoding,
                format!(
                    "{enc} is not an allowed encoding (allowed: {})",
                    allowed.join(", ")
                ),
            );
        }
    }
    if let Some(s) = scan {
        let last_col = s.last_col;
        for (r, n) in &s.counts {
            *counts.entry(*r).or_insert(0) += n;
        }
        out.extend(s.findings);
        if p.denies(Rule::FinalNewline) {
            for n in &r.notes {
                *counts.entry(Rule::FinalNewline).or_insert(0) += 1;
                out.push(Finding {
                    line: n.line,
                    column: last_col + 1,
                    offset: n.offset,
                    rule: Rule::FinalNewline,
                    message: "no line ending at the end of the file".to_string(),
                });
            }
        }
    }
    out.sort_by(|a, b| {
        (a.line, a.column, a.offset, a.rule).cmp(&(b.line, b.column, b.offset, b.rule))
    });
    (out, counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use textscope::{analyze, Options};

    fn layer(f: impl FnOnce(&mut Layer)) -> Layer {
        let mut l = Layer::default();
        f(&mut l);
        l
    }

    fn check(bytes: &[u8], p: &Policy) -> Vec<(u64, u64, u64, &'static str, String)> {
        let r = analyze(bytes, Options::default());
        let (index, _) = textscope::detect_window(bytes, true, &Options::default());
        let mut s = Scanner::new(p);
        let mut d = textscope::chars::CharDecoder::new(&index);
        d.feed(&bytes[index.mark_len as usize..], |o, _, c| s.on(o, c));
        d.finish(|o, _, c| s.on(o, c));
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
                (1, 3, 2, "bidi", "bidi control U+202E RIGHT-TO-LEFT OVERRIDE".into()),
                (1, 5, 6, "eol", "CRLF line ending where LF is required (1 such ending in the file)".into()),
                (2, 6, 13, "line-length", "line is 6 characters long, more than 5".into()),
                (2, 7, 14, "mixed_line_endings", "mixed line endings (1 LF, 1 CRLF): line 2 ends with LF, most lines end with CRLF".into()),
                (3, 4, 18, "final-newline", "no line ending at the end of the file".into()),
            ]
        );
    }

    #[test]
    fn scanner_finds_hidden_characters_and_stray_variation_selectors() {
        let p = Policy::resolve(&[&layer(|l| {
            l.set_rules(&["bidi".into()], true).unwrap();
        })]);
        let text = "a\u{E0041}\u{3164}b\u{00AD}\n\u{2764}\u{FE0F} x\u{FE0F}\u{FE0F}\n\u{FE0F}葛\u{E0100}\n";
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
}
