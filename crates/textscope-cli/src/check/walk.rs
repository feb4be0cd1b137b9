//! The walk over a tree (crate `ignore`, in parallel) and each file's settings: the policy
//! from its layers, and whether the walk treats it as text whatever detection says.

use super::ignore_files::IgnoreFiles;
use super::rules::{Layer, Policy};
use super::{check_file, editorconfig, text, CheckArgs, Ctx, Outcome};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc};

/// The path as shown: as walked, without a leading `./`; bytes that are not UTF-8 as `\xFF`
/// (the printers then escape what a terminal would interpret).
fn shown(p: &Path) -> String {
    let p = p.strip_prefix("./").unwrap_or(p);
    crate::render::path_text(p.as_os_str())
}

/// One path of the walk: a file to check, or what is already known of it (it cannot be
/// walked, or it is not a regular file).
pub(super) enum Entry {
    File(PathBuf),
    /// Boxed: most paths are files, and the list holds every path of the tree.
    Known(Box<Outcome>),
}

/// Lists one root in parallel: the paths in any order, none of them read yet (decision 45:
/// the files are checked afterwards, in path order).
pub(super) fn list(root: &Path, args: &CheckArgs) -> Vec<(String, Entry)> {
    if let Err(e) = std::fs::symlink_metadata(root) {
        let cause = if e.kind() == io::ErrorKind::NotFound {
            "no such file or directory".to_string()
        } else {
            e.to_string()
        };
        return vec![(shown(root), Entry::Known(Box::new(Outcome::Error(cause))))];
    }
    let Ok(meta) = std::fs::metadata(root) else {
        let dangling = Outcome::Error("dangling symbolic link".into());
        return vec![(shown(root), Entry::Known(Box::new(dangling)))];
    };
    if let Some(what) = special_kind(&meta.file_type()) {
        return vec![(
            shown(root),
            Entry::Known(Box::new(Outcome::SkippedSpecial(what))),
        )];
    }
    if meta.is_file() {
        // A file named as a root is checked as itself: no walk, and no walker threads
        // started for it (issue 42: the pre-commit hook names every staged file).
        return vec![(shown(root), Entry::File(root.to_path_buf()))];
    }
    let mut b = ignore::WalkBuilder::new(root);
    let honour = !args.no_ignore;
    // The tree's .gitignore and .ignore are read by `ignore_files` (issue 41: through the one
    // config reader), not by the walk; the user's global excludes and .git/info/exclude are.
    let ignores = Arc::new(IgnoreFiles::new(root));
    let filter = ignores.clone();
    b.hidden(!args.hidden)
        .ignore(false)
        .git_ignore(false)
        .git_global(honour)
        .git_exclude(honour)
        .parents(honour)
        .require_git(false)
        .follow_links(false)
        .filter_entry(move |e| {
            e.file_name() != ".git"
                && (!honour
                    || e.depth() == 0
                    || !filter.ignored(e.path(), e.file_type().is_some_and(|t| t.is_dir())))
        })
        .threads(args.threads.unwrap_or(0));
    let (tx, rx) = mpsc::channel();
    b.build_parallel().run(|| {
        let tx = tx.clone();
        Box::new(move |entry| {
            let item = match entry {
                Ok(e) => {
                    let ft = e.file_type();
                    let is_file = ft.is_some_and(|t| t.is_file());
                    let explicit_link = e.depth() == 0 && ft.is_some_and(|t| t.is_symlink());
                    (is_file || explicit_link)
                        .then(|| (shown(e.path()), Entry::File(e.into_path())))
                }
                Err(err) => {
                    let (path, outcome) = walk_error(err);
                    Some((path, Entry::Known(Box::new(outcome))))
                }
            };
            if let Some(item) = item {
                let _ = tx.send(item);
            }
            ignore::WalkState::Continue
        })
    });
    drop(tx);
    let mut found: Vec<_> = rx.into_iter().collect();
    for (path, cause) in ignores.errors() {
        found.push((path, Entry::Known(Box::new(Outcome::Error(cause)))));
    }
    found
}

/// What a path that is neither a regular file nor a directory is, or None.
fn special_kind(ft: &std::fs::FileType) -> Option<&'static str> {
    (!ft.is_file() && !ft.is_dir()).then(|| super::config_file::kind(ft))
}

fn walk_error(err: ignore::Error) -> (String, Outcome) {
    let mut path = String::new();
    let mut e = &err;
    loop {
        match e {
            ignore::Error::WithPath { path: p, err } => {
                path = shown(p);
                e = err;
            }
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
                e = err
            }
            _ => break,
        }
    }
    let cause = match e {
        ignore::Error::Io(io) => super::config_file::cause(io),
        other => other.to_string(),
    };
    (path, Outcome::Error(cause))
}

/// The policy for one file: defaults < .editorconfig < textscope.toml < command line. An
/// `.editorconfig` that cannot be used is an error (the cause names it).
fn policy_for(path: &Path, ctx: &Ctx) -> Result<Policy, String> {
    let ec = if ctx.editorconfig {
        match std::path::absolute(path) {
            Ok(abs) => editorconfig::layer_for(&ctx.cache.chain(&abs)?, &abs),
            Err(_) => Layer::default(),
        }
    } else {
        Layer::default()
    };
    Ok(Policy::resolve(&[&ec, &ctx.config.layer, &ctx.cli]))
}

/// Why the walk treats `path` as text whatever detection says (see `text`), or None.
fn treated_as_text(path: &Path, ctx: &Ctx) -> Result<Option<String>, String> {
    if let Some(why) = text::by_name(path) {
        return Ok(Some(why));
    }
    let Ok(abs) = std::path::absolute(path) else {
        return Ok(None);
    };
    if let Some(why) = ctx.config.text.find(&abs) {
        return Ok(Some(why));
    }
    Ok(ctx
        .attributes
        .text_set(&abs)?
        .then(|| "marked text in .gitattributes".to_string()))
}

/// One file of the walk, checked under its root's settings.
pub(super) fn check_path(path: &Path, ctx: &Ctx) -> Outcome {
    let run = || -> Result<Outcome, String> {
        let policy = policy_for(path, ctx)?;
        let text = treated_as_text(path, ctx)?;
        check_file(path, &policy, ctx.include_binary, text, ctx.max_problems)
            .map_err(|e| e.cause.to_string())
    };
    run().unwrap_or_else(Outcome::Error)
}
