//! The settings: allowed encodings, the required ending, the mark, and the layers
//! (defaults < .editorconfig < textscope.toml < command line) resolved into one `Policy`.

use super::Rule;
use std::collections::BTreeMap;
use textscope::{CodePage, EndingKind, Format, Named, Report};

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
    CodePage(CodePage),
}

impl Allowed {
    /// `utf-8`, `utf-16le` … `legacy`, `ascii`, or a code page label (`latin1`, `shift_jis`).
    pub fn parse(s: &str) -> Result<Allowed, String> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("ascii") || t.eq_ignore_ascii_case("us-ascii") {
            return Ok(Allowed::Ascii);
        }
        // The core's one label resolver (the same names as `--encoding`).
        match Named::for_label(t) {
            Some(Named::Format(Format::Legacy)) => Ok(Allowed::AnyLegacy),
            Some(Named::Format(f)) => Ok(Allowed::Format(f)),
            Some(Named::CodePage(cp)) => Ok(Allowed::CodePage(cp)),
            None => Err(format!(
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
            Allowed::CodePage(cp) => {
                (r.format == Format::Legacy && r.encoding == cp.name())
                    || (r.ascii && ascii_compatible(cp))
            }
        }
    }

    pub fn name(self) -> String {
        match self {
            Allowed::Format(f) => f.name().to_string(),
            Allowed::Ascii => "ascii".to_string(),
            Allowed::AnyLegacy => "legacy".to_string(),
            Allowed::CodePage(cp) => cp.name().to_lowercase(),
        }
    }
}

/// True when ASCII text reads the same in the code page: not in EBCDIC, nor in the ISO-2022
/// family, whose decoders give ESC and the shifts a meaning of their own.
fn ascii_compatible(cp: CodePage) -> bool {
    cp.family() != "EBCDIC" && !cp.is_stateful()
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
    /// Resolves layers given lowest precedence first. Defaults: P1–P9, `binary_in_text`,
    /// `ansi_escape` and `trojan-source` denied, policy rules
    /// off; when a policy rule is denied by name without a value: utf-8, lf, 120, forbid.
    pub fn resolve(layers: &[&Layer]) -> Policy {
        let mut denied: BTreeMap<Rule, bool> = Rule::all()
            .into_iter()
            .map(|r| {
                let on = matches!(
                    r,
                    Rule::Problem(_) | Rule::BinaryInText | Rule::AnsiEscape | Rule::TrojanSource
                );
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
            // Allowing `bidi` (which covers the reordering controls) allows `trojan-source`
            // too, unless the same layer names `trojan-source` itself.
            if l.explicit.get(&Rule::Bidi) == Some(&false)
                && !l.explicit.contains_key(&Rule::TrojanSource)
            {
                denied.insert(Rule::TrojanSource, false);
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
