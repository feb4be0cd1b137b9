//! Which files the walk treats as text whatever detection says: a known source or text
//! extension (or name), a `text = [globs]` include of `textscope.toml`, or git's `text`
//! attribute (`.gitattributes`: `text`, `text=…` other than `auto`, or `eol=…`; `-text`,
//! `!text` and `binary` unset it; the nearest file and its last matching line win). A file
//! treated so that detection calls binary is the finding `binary_in_text`, and its bytes are
//! still checked as UTF-8 (so fifty NULs cannot hide a Trojan-Source file from `check`).

use super::config_file;
use super::glob::Glob;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::Match;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Extensions of source code and text formats (lower-case, without the dot).
const TEXT_EXTENSIONS: &[&str] = &[
    "c",
    "h",
    "cc",
    "cpp",
    "cxx",
    "hpp",
    "hh",
    "hxx",
    "inl",
    "ipp",
    "m",
    "mm",
    "rs",
    "go",
    "py",
    "pyi",
    "rb",
    "js",
    "mjs",
    "cjs",
    "ts",
    "mts",
    "cts",
    "tsx",
    "jsx",
    "java",
    "kt",
    "kts",
    "scala",
    "groovy",
    "gradle",
    "cs",
    "fs",
    "fsx",
    "vb",
    "swift",
    "php",
    "pl",
    "pm",
    "lua",
    "r",
    "jl",
    "dart",
    "zig",
    "nim",
    "ex",
    "exs",
    "erl",
    "hrl",
    "hs",
    "ml",
    "mli",
    "clj",
    "cljs",
    "el",
    "lisp",
    "scm",
    "sh",
    "bash",
    "zsh",
    "fish",
    "ps1",
    "psm1",
    "bat",
    "cmd",
    "sql",
    "html",
    "htm",
    "xhtml",
    "css",
    "scss",
    "sass",
    "less",
    "vue",
    "svelte",
    "xml",
    "xsd",
    "xsl",
    "svg",
    "json",
    "jsonc",
    "json5",
    "yaml",
    "yml",
    "toml",
    "ini",
    "cfg",
    "conf",
    "properties",
    "env",
    "md",
    "markdown",
    "rst",
    "adoc",
    "txt",
    "tex",
    "bib",
    "csv",
    "tsv",
    "proto",
    "graphql",
    "cmake",
    "mk",
    "mak",
    "tf",
    "hcl",
    "nix",
    "sol",
    "v",
    "sv",
    "vhd",
    "vhdl",
    "asm",
    "s",
    "f",
    "f90",
    "for",
    "pas",
    "d",
    "cr",
    "elm",
    "purs",
    "coffee",
    "patch",
    "diff",
    "po",
    "pot",
    "ipynb",
    // Templates: their comments reach the page or the program they make (issue 41, item 3).
    "hbs",
    "handlebars",
    "mustache",
    "erb",
    "j2",
    "jinja",
    "jinja2",
    "twig",
    "mdx",
    "ejs",
    "liquid",
];

/// File names that are text whatever their extension.
const TEXT_NAMES: &[&str] = &[
    "Makefile",
    "GNUmakefile",
    "Dockerfile",
    "Containerfile",
    "Jenkinsfile",
    "Vagrantfile",
    "Rakefile",
    "Gemfile",
    "CMakeLists.txt",
    "BUILD",
    "WORKSPACE",
    ".gitattributes",
    ".gitignore",
    ".editorconfig",
];

/// Why the walk treats `path` as text, in a few words, or None.
pub fn by_name(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    if TEXT_NAMES.contains(&name) {
        return Some(format!("a file named {name}"));
    }
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    TEXT_EXTENSIONS
        .contains(&ext.as_str())
        .then(|| format!("a .{ext} file"))
}

/// The `text` includes of a `textscope.toml`: globs relative to its directory.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Includes {
    pub dir: PathBuf,
    pub globs: Vec<(String, Glob)>,
}

impl Includes {
    /// The include that names `abs` (an absolute path), if any.
    pub fn find(&self, abs: &Path) -> Option<String> {
        let rel = abs.strip_prefix(&self.dir).ok()?;
        // The name as text for matching (not as shown: a backslash is a separator here).
        let rel = rel.to_string_lossy().replace('\\', "/");
        self.globs
            .iter()
            .find(|(_, g)| g.matches(&rel))
            .map(|(s, _)| format!("included as text by textscope.toml ({s})"))
    }
}

/// Most lines of one `.gitattributes` that set or unset `text`.
const MAX_ATTRIBUTE_LINES: usize = 1000;

/// `.gitattributes` files, loaded once per directory and shared by the walker's threads.
#[derive(Debug, Default)]
pub struct Attributes {
    /// Where a link to a config may lead (`config_file::scope_of` of the checked root).
    scope: Option<PathBuf>,
    dirs: Mutex<HashMap<PathBuf, Loaded>>,
}

type Loaded = Result<Option<Arc<Gitignore>>, String>;

/// What one attribute list says about `text`: set, unset, or nothing.
fn text_attribute(attrs: &[&str]) -> Option<bool> {
    let mut v = None;
    for a in attrs {
        match *a {
            "text" => v = Some(true),
            "-text" | "!text" | "binary" => v = Some(false),
            "text=auto" => {}
            a if a.starts_with("text=") || a.starts_with("eol=") => v = Some(true),
            _ => {}
        }
    }
    v
}

/// Builds the matcher of one `.gitattributes`: a pattern whose line sets `text` "ignores",
/// one that unsets it "whitelists", and the last matching line wins, as in git.
fn parse(dir: &Path, text: &str) -> Result<Gitignore, String> {
    let mut b = GitignoreBuilder::new(dir);
    let mut n = 0;
    for (number, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("[attr]") {
            continue;
        }
        let mut words = line.split_whitespace();
        let Some(pattern) = words.next() else {
            continue;
        };
        if pattern.starts_with('!') {
            continue; // Negative patterns are not allowed in .gitattributes.
        }
        let attrs: Vec<&str> = words.collect();
        let Some(set) = text_attribute(&attrs) else {
            continue;
        };
        n += 1;
        if n > MAX_ATTRIBUTE_LINES {
            return Err(format!(
                "more than {MAX_ATTRIBUTE_LINES} lines set the text attribute"
            ));
        }
        let line = if set {
            pattern.to_string()
        } else {
            format!("!{pattern}")
        };
        b.add_line(None, &line).map_err(|e| {
            let column = raw.chars().take_while(|c| c.is_whitespace()).count() + 1;
            format!("line {}, column {column}: {e}", number + 1)
        })?;
    }
    b.build().map_err(|e| e.to_string())
}

impl Attributes {
    /// The `.gitattributes` of one checked root, whose links may lead into `scope`.
    pub fn new(scope: Option<PathBuf>) -> Attributes {
        Attributes {
            scope,
            ..Attributes::default()
        }
    }

    fn get(&self, dir: &Path) -> Loaded {
        if let Some(v) = self.dirs.lock().ok().and_then(|m| m.get(dir).cloned()) {
            return v;
        }
        let path = dir.join(".gitattributes");
        let loaded = config_file::read_text(&path, self.scope.as_deref())
            .and_then(|t| t.map(|t| parse(dir, &t).map(Arc::new)).transpose())
            .map_err(|cause| {
                format!(
                    "{}: {}",
                    crate::render::safe_path(&path),
                    crate::render::safe(&cause)
                )
            });
        if let Ok(mut m) = self.dirs.lock() {
            m.insert(dir.to_path_buf(), loaded.clone());
        }
        loaded
    }

    /// Whether git's `text` attribute is set for `abs` (an absolute path): the nearest
    /// `.gitattributes` with a matching line decides; the search stops at the repository's top.
    pub fn text_set(&self, abs: &Path) -> Result<bool, String> {
        for dir in abs.ancestors().skip(1) {
            if let Some(gi) = self.get(dir)? {
                match gi.matched(abs, false) {
                    Match::Ignore(_) => return Ok(true),
                    Match::Whitelist(_) => return Ok(false),
                    Match::None => {}
                }
            }
            if dir.join(".git").exists() {
                break;
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_extensions() {
        assert_eq!(by_name(Path::new("src/x.C")).as_deref(), Some("a .c file"));
        assert_eq!(
            by_name(Path::new("d/Makefile")).as_deref(),
            Some("a file named Makefile")
        );
        assert_eq!(
            by_name(Path::new("t/page.HBS")).as_deref(),
            Some("a .hbs file")
        );
        for ext in ["erb", "j2", "twig", "mdx"] {
            assert!(
                by_name(Path::new(&format!("page.{ext}"))).is_some(),
                "{ext}"
            );
        }
        assert_eq!(by_name(Path::new("x.bin")), None);
        assert_eq!(by_name(Path::new("noext")), None);
    }

    #[test]
    fn gitattributes_last_line_and_nearest_file_win() {
        let dir = tempfile::tempdir().unwrap();
        let top = std::path::absolute(dir.path()).unwrap();
        std::fs::create_dir_all(top.join(".git")).unwrap();
        std::fs::create_dir_all(top.join("sub")).unwrap();
        std::fs::write(
            top.join(".gitattributes"),
            "# c\n*.dat text\n*.bin binary\nkeep.bin eol=lf\n*.auto text=auto\n",
        )
        .unwrap();
        std::fs::write(top.join("sub/.gitattributes"), "*.dat -text\n").unwrap();
        let a = Attributes::default();
        assert!(a.text_set(&top.join("x.dat")).unwrap());
        assert!(!a.text_set(&top.join("sub/x.dat")).unwrap());
        assert!(!a.text_set(&top.join("x.bin")).unwrap());
        assert!(a.text_set(&top.join("keep.bin")).unwrap());
        assert!(!a.text_set(&top.join("x.auto")).unwrap());
        assert!(a.text_set(&top.join("sub/deeper/y.dat")).is_ok());
    }
}
