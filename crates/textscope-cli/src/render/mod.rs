//! Renderers: each turns a report or a structure into text. They never call the analyser.

pub mod human;
pub mod structure;

/// Terminal styling, or none.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub color: bool,
}

impl Style {
    fn paint(&self, code: &str, s: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }
    pub fn bold(&self, s: &str) -> String {
        self.paint("1", s)
    }
    pub fn red(&self, s: &str) -> String {
        self.paint("31", s)
    }
    pub fn yellow(&self, s: &str) -> String {
        self.paint("33", s)
    }
    pub fn green(&self, s: &str) -> String {
        self.paint("32", s)
    }
    pub fn dim(&self, s: &str) -> String {
        self.paint("2", s)
    }
}

/// "1 line", "2 lines".
pub fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Makes anything that came from a file (or a file name) safe to print: see
/// `textscope::preview::visible`.
pub fn safe(s: &str) -> String {
    textscope::preview::visible(s)
}

/// A path as shown everywhere (every subcommand, every format): its text with bytes that are
/// not UTF-8 written `\xFF`, then through [`safe`]. JSON output writes this same text, with
/// the terminal-unsafe characters as `\u` escapes (`textscope::json`).
pub fn safe_path(p: &std::path::Path) -> String {
    safe(&path_text(p.as_os_str()))
}

/// The text of a file name: valid UTF-8 as it is, every other byte as `\xFF`.
pub fn path_text(p: &std::ffi::OsStr) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut out = String::new();
        for chunk in p.as_bytes().utf8_chunks() {
            out.push_str(chunk.valid());
            for b in chunk.invalid() {
                out.push_str(&format!("\\x{b:02X}"));
            }
        }
        out
    }
    #[cfg(not(unix))]
    {
        p.to_string_lossy().into_owned()
    }
}
