//! `textscope.toml`: the project's check settings, one `[check]` table.
//!
//! ```toml
//! [check]
//! deny = ["bidi", "final-newline"]   # rule names or groups (problems, policy, all)
//! allow = ["control_character"]
//! encodings = ["utf-8"]              # enables the encoding rule
//! eol = "lf"                         # lf | crlf | cr; enables the eol rule
//! max_line_length = 120              # enables the line-length rule
//! bom = "forbid"                     # forbid | require | allow
//! final_newline = true               # true denies final-newline, false allows it
//! editorconfig = true                # read .editorconfig files (default true)
//! text = ["*.inc", "data/**"]        # always checked as text (globs, from this file's dir)
//! ```

use super::glob::Glob;
use super::rules::{Allowed, BomPolicy, Eol, Layer};
use super::text::Includes;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The file name looked for.
pub const FILE_NAME: &str = "textscope.toml";

#[derive(Debug, Deserialize, Default)]
struct File {
    #[serde(default)]
    check: Option<Check>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Check {
    #[serde(default)]
    deny: Vec<Spanned<String>>,
    #[serde(default)]
    allow: Vec<Spanned<String>>,
    encodings: Option<Vec<Spanned<String>>>,
    eol: Option<Eol>,
    max_line_length: Option<u64>,
    bom: Option<BomPolicy>,
    final_newline: Option<bool>,
    editorconfig: Option<bool>,
    text: Option<Vec<Spanned<String>>>,
}

/// A loaded config: its layer and whether .editorconfig files are read.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Config {
    pub path: Option<PathBuf>,
    pub layer: Layer,
    pub editorconfig: bool,
    /// The `text` includes.
    pub text: Includes,
}

/// Why a config could not be used: the file and the cause.
#[derive(Debug)]
pub struct ConfigError {
    pub path: PathBuf,
    pub cause: String,
}

/// What a `textscope.toml` says: its layer, whether .editorconfig files are read, and the
/// globs of files always checked as text.
pub type Parsed = (Layer, bool, Vec<(String, Glob)>);

/// Parses the text of a `textscope.toml`; the deny list is applied after the allow list,
/// so a rule in both is denied. An error gives the line and column it is about (the TOML
/// parser's own, or the value's), on one line; the caller passes it through the sanitiser.
pub fn parse(text: &str) -> Result<Parsed, String> {
    let f: File = toml::from_str(text).map_err(|e| {
        let s = e.to_string();
        match e.span() {
            // The parser's first line already says "at line L, column C".
            Some(_) if s.contains(" at line ") => one_line(&s),
            Some(span) => at(text, span.start, &one_line(&s)),
            None => one_line(&s),
        }
    })?;
    let c = f.check.unwrap_or_default();
    let mut l = Layer::default();
    for (names, deny) in [(&c.allow, false), (&c.deny, true)] {
        for n in names {
            l.set_rules(std::slice::from_ref(n.get_ref()), deny)
                .map_err(|e| at(text, n.span().start, &e))?;
        }
    }
    if let Some(e) = &c.encodings {
        l.encodings = Some(
            e.iter()
                .map(|s| Allowed::parse(s.get_ref()).map_err(|e| at(text, s.span().start, &e)))
                .collect::<Result<_, _>>()?,
        );
    }
    l.eol = c.eol;
    l.max_line_length = c.max_line_length;
    l.bom = c.bom;
    l.final_newline = c.final_newline;
    // The `text` globs are held to the limits of one `.editorconfig` (issue 41: they escaped
    // the 16 MiB cap): as many globs as sections, as many operators, as much memory.
    use super::editorconfig::{MAX_GLOB_MEMORY, MAX_OPERATORS, MAX_SECTIONS};
    let mut globs = Vec::new();
    let (mut memory, mut operators) = (0usize, 0usize);
    for g in c.text.unwrap_or_default() {
        let here = g.span().start;
        if globs.len() == MAX_SECTIONS {
            return Err(at(
                text,
                here,
                &format!("more than {MAX_SECTIONS} text globs"),
            ));
        }
        operators += g.get_ref().matches(['*', '?', '[', '{', ',']).count();
        if operators > MAX_OPERATORS {
            return Err(at(
                text,
                here,
                &format!("the text globs hold more than {MAX_OPERATORS} glob operators"),
            ));
        }
        let compiled = Glob::new(g.get_ref()).map_err(|e| at(text, here, &e))?;
        memory += compiled.memory();
        if memory > MAX_GLOB_MEMORY {
            return Err(at(
                text,
                here,
                &format!(
                    "the text globs need more than {} MiB to match",
                    MAX_GLOB_MEMORY >> 20
                ),
            ));
        }
        globs.push((g.into_inner(), compiled));
    }
    Ok((l, c.editorconfig.unwrap_or(true), globs))
}

/// A message on one line.
fn one_line(s: &str) -> String {
    s.trim_end().replace('\n', " ")
}

/// `message` prefixed with the line and column of byte `offset` of `text`.
fn at(text: &str, offset: usize, message: &str) -> String {
    let (line, column) = super::config_file::line_column(text, offset);
    format!("line {line}, column {column}: {message}")
}

/// Loads a config file; links out of `scope` are not followed (`config_file`; `None` for a
/// file named on the command line). The cause of an error is sanitised here.
pub fn load(path: &Path, scope: Option<&Path>) -> Result<Config, ConfigError> {
    let err = |cause: String| ConfigError {
        path: path.to_path_buf(),
        cause: crate::render::safe(&cause),
    };
    let text = super::config_file::read_text(path, scope)
        .map_err(err)?
        .ok_or_else(|| err("no such file".into()))?;
    let (layer, editorconfig, globs) = parse(&text).map_err(err)?;
    let dir = std::path::absolute(path)
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .unwrap_or_default();
    Ok(Config {
        path: Some(path.to_path_buf()),
        layer,
        editorconfig,
        text: Includes { dir, globs },
    })
}

/// Finds `textscope.toml` for a checked root: in the root (its directory for a file), then
/// in each parent, stopping after a directory that holds `.git` (the repository's top).
pub fn discover(root: &Path) -> Option<PathBuf> {
    let abs = std::path::absolute(root).ok()?;
    let start = if abs.is_dir() {
        abs
    } else {
        abs.parent()?.to_path_buf()
    };
    for dir in start.ancestors() {
        let candidate = dir.join(FILE_NAME);
        // Any file of that name, link or not: `load` decides whether it may be read and
        // says why not (a link out of the tree is an error, never silently passed over).
        if candidate.symlink_metadata().is_ok_and(|m| !m.is_dir()) {
            return Some(candidate);
        }
        if dir.join(".git").exists() {
            break;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::rules::Rule;

    #[test]
    fn parses_every_key() {
        let (l, ec, _) = parse(
            "[check]\ndeny = [\"bidi\"]\nallow = [\"nul\", \"bidi\"]\nencodings = [\"utf-8\", \"latin1\"]\n\
             eol = \"crlf\"\nmax_line_length = 99\nbom = \"require\"\nfinal_newline = false\neditorconfig = false\n",
        )
        .unwrap();
        assert!(!ec);
        assert_eq!(l.explicit.get(&Rule::Bidi), Some(&true));
        assert_eq!(
            l.explicit.get(&Rule::Problem(textscope::ProblemKind::Nul)),
            Some(&false)
        );
        assert_eq!(l.encodings.as_ref().unwrap().len(), 2);
        assert_eq!(l.eol, Some(Eol::Crlf));
        assert_eq!(l.max_line_length, Some(99));
        assert_eq!(l.bom, Some(BomPolicy::Require));
        assert_eq!(l.final_newline, Some(false));
    }

    #[test]
    fn empty_and_other_tables_are_fine() {
        assert_eq!(parse("").unwrap(), (Layer::default(), true, vec![]));
        assert_eq!(
            parse("[other]\nx = 1\n").unwrap(),
            (Layer::default(), true, vec![])
        );
        let (_, _, globs) = parse("[check]\ntext = [\"*.inc\"]\n").unwrap();
        assert!(globs[0].1.matches("d/x.inc"));
    }

    #[test]
    fn errors_name_the_problem() {
        assert!(parse("[check]\ndenny = []\n")
            .unwrap_err()
            .contains("denny"));
        assert!(parse("[check]\ndeny = [\"zzz\"]\n")
            .unwrap_err()
            .contains("zzz"));
        assert!(parse("[check]\neol = \"nel\"\n").is_err());
        assert!(parse("[check]\nencodings = [\"klingon\"]\n")
            .unwrap_err()
            .contains("klingon"));
    }
}
