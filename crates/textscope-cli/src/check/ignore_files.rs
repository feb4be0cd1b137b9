//! `.gitignore` and `.ignore` of the checked tree, read by `config_file` (issue 41: never
//! followed out of the tree, regular files only, under the one size cap) and matched with
//! crate `ignore`'s own gitignore matcher, built from the bytes read
//! (`GitignoreBuilder::add_line`). The walk's own reading of these files is turned off
//! (`WalkBuilder::git_ignore(false)`, `ignore(false)`); the user's global excludes and
//! `.git/info/exclude`, which a tree cannot author, are still the walk's.
//!
//! Precedence as in ripgrep: the nearest folder's file decides, `.ignore` before
//! `.gitignore`; within a file the last matching line wins. The search goes from the file's
//! folder up through the checked root and its parents, and stops after the folder that holds
//! `.git` (the repository's top).

use super::config_file;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::Match;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The rules of one folder.
#[derive(Debug, Default)]
struct Rules {
    ignore: Option<Gitignore>,
    git: Option<Gitignore>,
    /// The folder holds `.git`: the search goes no higher.
    top: bool,
}

/// The ignore files of one root, loaded once per folder, shared by the walker's threads.
#[derive(Debug)]
pub struct IgnoreFiles {
    /// The root as walked (the paths of the walk start with it).
    root: PathBuf,
    /// The root canonical (a file's: its folder), or `None` when it cannot be resolved.
    canon: Option<PathBuf>,
    /// The rules of each folder (canonical path).
    dirs: Mutex<HashMap<PathBuf, Arc<OnceLock<Rules>>>>,
    /// The ignore files that cannot be used: the path shown and the cause (sanitised).
    errors: Mutex<Vec<(String, String)>>,
}

impl IgnoreFiles {
    /// The ignore files for the walk of `root`.
    pub fn new(root: &Path) -> IgnoreFiles {
        IgnoreFiles {
            root: root.to_path_buf(),
            canon: config_file::scope_of(root),
            dirs: Mutex::default(),
            errors: Mutex::default(),
        }
    }

    /// Whether the walk skips `path` (a path of the walk; `is_dir`: a folder, not followed).
    pub fn ignored(&self, path: &Path, is_dir: bool) -> bool {
        let (Some(canon), Ok(rel)) = (&self.canon, path.strip_prefix(&self.root)) else {
            return false;
        };
        if rel.as_os_str().is_empty() {
            return false; // The root itself is always walked.
        }
        let full = canon.join(rel);
        let (mut by_ignore, mut by_git) = (Match::None, Match::None);
        for dir in full.ancestors().skip(1) {
            let cell = self.rules(dir);
            let Some(rules) = cell.get() else {
                break;
            };
            if by_ignore.is_none() {
                if let Some(m) = &rules.ignore {
                    by_ignore = m.matched(&full, is_dir).map(|_| ());
                }
            }
            if by_git.is_none() {
                if let Some(m) = &rules.git {
                    by_git = m.matched(&full, is_dir).map(|_| ());
                }
            }
            if rules.top || !by_ignore.is_none() {
                break;
            }
        }
        by_ignore.or(by_git).is_ignore()
    }

    /// The ignore files that could not be used, each once: the path shown and the cause.
    pub fn errors(&self) -> Vec<(String, String)> {
        self.errors.lock().map(|e| e.clone()).unwrap_or_default()
    }

    fn rules(&self, dir: &Path) -> Arc<OnceLock<Rules>> {
        let cell = match self.dirs.lock() {
            Ok(mut m) => m.entry(dir.to_path_buf()).or_default().clone(),
            Err(_) => Arc::default(),
        };
        cell.get_or_init(|| self.load(dir));
        cell
    }

    /// The path of `file` (in the canonical folder `dir`) as the walk would show it.
    fn shown(&self, dir: &Path, name: &str) -> String {
        let p = match self.canon.as_ref().and_then(|c| dir.strip_prefix(c).ok()) {
            Some(rel) => self.root.join(rel).join(name),
            None => dir.join(name),
        };
        let p = p.strip_prefix("./").unwrap_or(&p);
        crate::render::path_text(p.as_os_str())
    }

    fn load(&self, dir: &Path) -> Rules {
        let build = |name: &str| -> Option<Gitignore> {
            let path = dir.join(name);
            let fail = |cause: &str| {
                if let Ok(mut e) = self.errors.lock() {
                    e.push((self.shown(dir, name), crate::render::safe(cause)));
                }
            };
            let bytes = match config_file::read(&path, self.canon.as_deref()) {
                Ok(b) => b?,
                Err(cause) => {
                    fail(&cause);
                    return None;
                }
            };
            let text = String::from_utf8_lossy(&bytes);
            let mut b = GitignoreBuilder::new(dir);
            for (n, line) in text.lines().enumerate() {
                // A bad line is reported and skipped, as git does; the rest still applies.
                if let Err(e) = b.add_line(None, line) {
                    fail(&format!("line {}, column 1: {e}", n + 1));
                }
            }
            match b.build() {
                Ok(m) => Some(m),
                Err(e) => {
                    fail(&e.to_string());
                    None
                }
            }
        };
        let ignore = build(".ignore");
        let git = build(".gitignore");
        Rules {
            ignore,
            git,
            top: dir.join(".git").exists(),
        }
    }
}
