//! The streaming scanner (docs/mojibake.md M8): fed the decoded characters of a file in order,
//! it holds only the current region (at most [`MAX_RUN_BYTES`]) and the current line's runs.

use super::pages::in_some_page;
use super::repair::find;
use super::{MojibakeFindings, MojibakeRun};

/// M8: the longest run the scanner holds, in bytes of UTF-8; a longer stretch is cut there.
pub const MAX_RUN_BYTES: usize = 4096;

/// M8: the most runs itemised (the count stays exact), as with the core's problems.
pub const MAX_RUNS: usize = 1000;

/// M5: the most distinct characters above U+007F remembered per line for the explanation rule.
const MAX_SEEN: usize = 256;

#[derive(Clone, Copy, Debug)]
struct At {
    c: char,
    offset: u64,
    column: u64,
}

/// Finds mojibake runs in a stream of characters (see the module's documentation).
///
/// ```
/// use textscope::mojibake::MojibakeScanner;
/// let mut s = MojibakeScanner::new();
/// let text = "caf\u{C3}\u{A9}\n";
/// let mut column = 1;
/// for (offset, c) in text.char_indices() {
///     s.char(c, offset as u64, c.len_utf8() as u32, 1, column);
///     column += 1;
/// }
/// s.end_of_line();
/// let found = s.finish();
/// assert_eq!(found.count, 1);
/// assert_eq!(found.runs[0].repaired, "é");
/// assert_eq!((found.runs[0].offset, found.runs[0].length, found.runs[0].column), (3, 4, 4));
/// ```
#[derive(Debug)]
pub struct MojibakeScanner {
    region: Vec<At>,
    region_bytes: usize,
    /// The byte just past the region's last character.
    region_end: u64,
    prev: Option<char>,
    line: u64,
    seen: Vec<char>,
    pending: Vec<MojibakeRun>,
    pending_extra: u64,
    runs: Vec<MojibakeRun>,
    count: u64,
    cap: usize,
}

impl Default for MojibakeScanner {
    fn default() -> Self {
        MojibakeScanner::new()
    }
}

impl MojibakeScanner {
    /// A scanner that itemises at most [`MAX_RUNS`] runs.
    pub fn new() -> MojibakeScanner {
        MojibakeScanner::with_cap(MAX_RUNS)
    }

    /// A scanner that itemises at most `cap` runs (`fix_mojibake` uses no cap).
    pub(crate) fn with_cap(cap: usize) -> MojibakeScanner {
        MojibakeScanner {
            region: Vec::new(),
            region_bytes: 0,
            region_end: 0,
            prev: None,
            line: 0,
            seen: Vec::new(),
            pending: Vec::new(),
            pending_extra: 0,
            runs: Vec::new(),
            count: 0,
            cap,
        }
    }

    /// The next character of the file (line endings included), at byte `offset`, `bytes` long
    /// in the file's encoding, on `line` at `column` (both as the caller counts them; a run
    /// reports those of its first character). A change of `line` ends the previous line.
    pub fn char(&mut self, c: char, offset: u64, bytes: u32, line: u64, column: u64) {
        if line != self.line {
            self.end_of_line();
            self.line = line;
        }
        if in_some_page(c) {
            if self.region_bytes + c.len_utf8() > MAX_RUN_BYTES {
                self.close_region(Some(c));
            }
            self.region.push(At { c, offset, column });
            self.region_bytes += c.len_utf8();
            self.region_end = offset + u64::from(bytes);
            return;
        }
        self.close_region(Some(c));
        if !c.is_ascii() {
            self.see(c);
        }
        self.prev = Some(c);
    }

    /// The end of the current line: its runs are decided (M5) and kept.
    pub fn end_of_line(&mut self) {
        self.close_region(None);
        let seen = std::mem::take(&mut self.seen);
        for run in std::mem::take(&mut self.pending) {
            // M5 (explanation): a line that also shows the repaired letters as themselves
            // explains mojibake; it is not mojibake.
            let letters = run.repaired.chars().any(char::is_alphabetic);
            let explained = letters
                && run
                    .repaired
                    .chars()
                    .filter(|c| !c.is_ascii())
                    .all(|c| seen.binary_search(&c).is_ok());
            if explained {
                continue;
            }
            self.count += 1;
            if self.runs.len() < self.cap {
                self.runs.push(run);
            }
        }
        self.count += self.pending_extra;
        self.pending_extra = 0;
        self.prev = None;
    }

    /// The end of the file: every run found, the first [`MAX_RUNS`] itemised.
    pub fn finish(mut self) -> MojibakeFindings {
        self.end_of_line();
        MojibakeFindings {
            runs: self.runs,
            count: self.count,
        }
    }

    fn see(&mut self, c: char) {
        if let Err(i) = self.seen.binary_search(&c) {
            if self.seen.len() < MAX_SEEN {
                self.seen.insert(i, c);
            }
        }
    }

    fn close_region(&mut self, next: Option<char>) {
        if self.region.is_empty() {
            return;
        }
        let region = std::mem::take(&mut self.region);
        let chars: Vec<char> = region.iter().map(|a| a.c).collect();
        let found = find(&chars, self.prev, next);
        let mut covered = vec![false; chars.len()];
        for f in found {
            let (Some(first), Some(slice)) = (region.get(f.start), chars.get(f.start..f.end))
            else {
                continue;
            };
            let end = region.get(f.end).map_or(self.region_end, |a| a.offset);
            for flag in covered.iter_mut().take(f.end).skip(f.start) {
                *flag = true;
            }
            let mut chain = vec!["utf-8"];
            for p in &f.pages {
                chain.push(p);
                chain.push("utf-8");
            }
            let run = MojibakeRun {
                line: self.line,
                column: first.column,
                offset: first.offset,
                length: end - first.offset,
                chain,
                original: slice.iter().collect(),
                repaired: f.repaired,
                ambiguous: f.ambiguous,
            };
            if self.pending.len() < self.cap {
                self.pending.push(run);
            } else {
                self.pending_extra += 1;
            }
        }
        for (c, hit) in chars.iter().zip(covered) {
            if !hit {
                self.see(*c);
            }
        }
        self.prev = chars.last().copied();
        self.region_bytes = 0;
    }
}
