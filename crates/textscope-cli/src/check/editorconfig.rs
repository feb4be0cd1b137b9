//! `.editorconfig` (https://spec.editorconfig.org): the properties `check` understands —
//! `charset`, `end_of_line`, `insert_final_newline`, `max_line_length` — read from the nearest
//! files up the tree (a file with `root = true` ends the search), in sections whose glob
//! matches the file. Nearer files and later sections win; `unset` removes a value.

use super::config_file;
use super::glob::Glob;
use super::rules::{Allowed, BomPolicy, Eol, Layer, Rule};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use textscope::Format;

/// Most sections accepted in one `.editorconfig` (real ones hold a few dozen); a file with
/// more is refused, so a hostile file cannot make every checked file cost thousands of matches.
pub const MAX_SECTIONS: usize = 512;

/// The most memory the compiled globs of one `.editorconfig` may hold; a file whose globs
/// need more is refused.
pub const MAX_GLOB_MEMORY: usize = 16 << 20;

/// The most glob operators (`*`, `?`, `[`, `{`, `,`) all the sections of one `.editorconfig`
/// may hold together (real files hold a few dozen); compiling is linear in them, so this
/// bounds the time a file can cost before anything is matched.
pub const MAX_OPERATORS: usize = 10_000;

/// The most memory the compiled globs of all the distinct `.editorconfig` files of one run
/// may hold together (issue 41: 300 folders sharing one 0.5 MB file took 4.3 GB when each was
/// compiled on its own). Files of equal bytes are compiled once ([`Cache`]); past this budget
/// the next file is refused, naming it.
pub const MAX_RUN_GLOB_MEMORY: usize = 64 << 20;

/// One section: its name, its compiled glob and its properties (keys and values lower-cased).
#[derive(Debug, PartialEq)]
pub struct Section {
    pub name: String,
    pub glob: Glob,
    pub props: Vec<(String, String)>,
}

/// One parsed `.editorconfig`.
#[derive(Debug, Default, PartialEq)]
pub struct EditorConfig {
    pub root: bool,
    /// Sections in file order.
    pub sections: Vec<Section>,
}

/// Parses the INI-like text. Comments start with `#` or `;` at the start of a line. A file
/// with more than [`MAX_SECTIONS`] sections, or a section name that is too long or too complex
/// to match in bounded time and memory, is refused with the cause.
pub fn parse(text: &str) -> Result<EditorConfig, String> {
    let mut ec = EditorConfig::default();
    let mut memory = 0;
    let mut operators = 0;
    for (n, raw) in text.lines().enumerate() {
        // Where a section's name starts, for the error (line and column from 1).
        let at = |e: String| {
            let column = raw.chars().take_while(|c| c.is_whitespace()).count() + 2;
            format!("line {}, column {column}: {e}", n + 1)
        };
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        if line.starts_with('[') && line.ends_with(']') && line.len() >= 2 {
            if ec.sections.len() == MAX_SECTIONS {
                return Err(at(format!("more than {MAX_SECTIONS} sections")));
            }
            let name = &line[1..line.len() - 1];
            operators += name.matches(['*', '?', '[', '{', ',']).count();
            if operators > MAX_OPERATORS {
                return Err(at(format!(
                    "its sections hold more than {MAX_OPERATORS} glob operators"
                )));
            }
            let glob = Glob::new(name).map_err(at)?;
            memory += glob.memory();
            if memory > MAX_GLOB_MEMORY {
                return Err(at(format!(
                    "its sections need more than {} MiB to match",
                    MAX_GLOB_MEMORY >> 20
                )));
            }
            ec.sections.push(Section {
                name: name.to_string(),
                glob,
                props: Vec::new(),
            });
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        let k = k.trim().to_lowercase();
        let v = v.trim().to_lowercase();
        match ec.sections.last_mut() {
            Some(s) => s.props.push((k, v)),
            None if k == "root" => ec.root = v == "true",
            None => {}
        }
    }
    Ok(ec)
}

/// The heap memory the compiled globs of `ec` hold.
fn memory(ec: &EditorConfig) -> usize {
    ec.sections.iter().map(|s| s.glob.memory()).sum()
}

/// The layer for one file, from the `.editorconfig` files that apply (nearest last).
pub fn layer_for(configs: &[(PathBuf, Arc<EditorConfig>)], file: &Path) -> Layer {
    let mut props: HashMap<String, String> = HashMap::new();
    for (dir, ec) in configs {
        let Ok(rel) = file.strip_prefix(dir) else {
            continue;
        };
        let rel = rel.to_string_lossy().replace('\\', "/");
        for section in &ec.sections {
            if section.glob.matches(&rel) {
                for (k, v) in &section.props {
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

/// Loads `.editorconfig` files once per directory, shared by the walker's threads. Files of
/// equal bytes share one compiled config (a hash map keyed by the bytes), and all the distinct
/// ones of a run hold at most [`MAX_RUN_GLOB_MEMORY`] of compiled globs.
#[derive(Debug, Default)]
pub struct Cache {
    /// Where a link to a config may lead (`config_file::scope_of` of the checked root).
    scope: Option<PathBuf>,
    dirs: Mutex<HashMap<PathBuf, Loaded>>,
    compiled: Mutex<Compiled>,
    /// [`MAX_RUN_GLOB_MEMORY`] (smaller in tests).
    budget: usize,
}

/// The distinct configs compiled so far, by their text, and the glob memory they hold.
#[derive(Debug, Default)]
struct Compiled {
    by_text: HashMap<String, Arc<EditorConfig>>,
    memory: usize,
}

type Loaded = Result<Option<Arc<EditorConfig>>, String>;

impl Cache {
    /// A cache for one checked root, whose config links may lead into `scope`.
    pub fn new(scope: Option<PathBuf>) -> Cache {
        Cache {
            scope,
            budget: MAX_RUN_GLOB_MEMORY,
            ..Cache::default()
        }
    }

    /// The compiled config of `text`: the one already made from equal bytes, or a new one
    /// within the run's budget.
    fn compile(&self, text: String) -> Result<Arc<EditorConfig>, String> {
        if let Some(ec) = self
            .compiled
            .lock()
            .ok()
            .and_then(|c| c.by_text.get(&text).cloned())
        {
            return Ok(ec);
        }
        let ec = Arc::new(parse(&text)?);
        let mut c = self
            .compiled
            .lock()
            .map_err(|_| "a thread failed while reading .editorconfig files".to_string())?;
        if let Some(ec) = c.by_text.get(&text) {
            return Ok(ec.clone());
        }
        let m = memory(&ec);
        if c.memory + m > self.budget {
            return Err(format!(
                "the .editorconfig files of this run together need more than {} MiB to match; \
                 this one is not used",
                self.budget >> 20
            ));
        }
        c.memory += m;
        c.by_text.insert(text, ec.clone());
        Ok(ec)
    }

    fn get(&self, dir: &Path) -> Loaded {
        if let Some(v) = self.dirs.lock().ok().and_then(|m| m.get(dir).cloned()) {
            return v;
        }
        let path = dir.join(".editorconfig");
        let loaded = config_file::read_text(&path, self.scope.as_deref())
            .and_then(|t| t.map(|t| self.compile(t)).transpose())
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

    /// The files that apply to `file` (an absolute path), farthest first; an error names the
    /// `.editorconfig` that cannot be used and why.
    pub fn chain(&self, file: &Path) -> Result<Vec<(PathBuf, Arc<EditorConfig>)>, String> {
        let mut out = Vec::new();
        for dir in file.ancestors().skip(1) {
            if let Some(ec) = self.get(dir)? {
                let root = ec.root;
                out.push((dir.to_path_buf(), ec));
                if root {
                    break;
                }
            }
        }
        out.reverse();
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_layer() {
        let ec = parse(
            "root = true\n# c\n[*]\ncharset = UTF-8\nend_of_line = lf\n\n[*.bat]\nend_of_line = crlf\n\
             [Makefile]\ninsert_final_newline = true\nmax_line_length = 80\n[*.md]\nmax_line_length = off\ncharset = unset\n",
        )
        .unwrap();
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
    fn equal_files_share_one_compiled_config_and_the_run_has_one_budget() {
        let dir = tempfile::tempdir().unwrap();
        let top = dir.path();
        let text = format!("root = true\n[{}x]\nend_of_line = lf\n", "*a".repeat(200));
        for d in ["a", "b", "c", "other"] {
            std::fs::create_dir(top.join(d)).unwrap();
            std::fs::write(top.join(d).join(".editorconfig"), &text).unwrap();
        }
        std::fs::write(top.join("other/.editorconfig"), text.replace('x', "y")).unwrap();
        let cache = Cache::new(None);
        let one = |d: &str| {
            cache.chain(&top.join(d).join("f.txt")).unwrap()[0]
                .1
                .clone()
        };
        let a = one("a");
        assert!(Arc::ptr_eq(&a, &one("b")) && Arc::ptr_eq(&a, &one("c")));
        assert!(!Arc::ptr_eq(&a, &one("other")));
        let used = cache.compiled.lock().unwrap().memory;
        assert_eq!(used, 2 * memory(&a));
        // A budget for just one of them: the second distinct file is refused, named.
        let small = Cache {
            budget: memory(&a) + memory(&a) / 2,
            ..Cache::new(None)
        };
        assert!(small.chain(&top.join("a/f.txt")).is_ok());
        assert!(small.chain(&top.join("b/f.txt")).is_ok());
        let e = small.chain(&top.join("other/f.txt")).unwrap_err();
        assert!(
            e.contains("other/.editorconfig: the .editorconfig files of this run together"),
            "{e}"
        );
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
        let cache = Cache::new(None);
        let f = top.join("a/b/x.txt");
        let chain = cache.chain(&f).unwrap();
        assert_eq!(chain.len(), 2);
        let l = layer_for(&chain, &f);
        assert_eq!((l.eol, l.max_line_length), (Some(Eol::Lf), None));
        let g = top.join("a/b/y.rs");
        assert_eq!(layer_for(&cache.chain(&g).unwrap(), &g).eol, Some(Eol::Cr));
    }
}
