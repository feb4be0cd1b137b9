//! The streaming scanner (docs/mojibake.md M8): fed the decoded characters of a file in order,
//! it holds only the current region (at most [`MAX_RUN_BYTES`]) and the current line's runs.

use super::pages::in_some_page;
use super::repair::{find, Alternative};
use super::{MojibakeFindings, MojibakeRun};

/// M8: the longest run the scanner holds, in bytes of UTF-8; a longer stretch is cut there.
pub const MAX_RUN_BYTES: usize = 4096;

/// M8: the most runs itemised (the count stays exact), as with the core's problems.
pub const MAX_RUNS: usize = 1000;

/// M5: the most distinct characters above U+007F remembered per line for the explanation rule.
const MAX_SEEN: usize = 256;

/// A run of the current line, waiting for the end of the line (M3 (iv), M5, M7).
#[derive(Debug)]
struct Pending {
    run: MojibakeRun,
    strong: bool,
    alternatives: Vec<Alternative>,
    agree: Vec<Vec<&'static str>>,
}

/// Counts one run's support for each page sequence in `agree` (at most `cap` entries).
fn support(table: &mut Vec<(Vec<&'static str>, u64)>, agree: &[Vec<&'static str>], cap: usize) {
    for pages in agree {
        let known = table.iter().position(|(c, _)| c == pages);
        let full = table.len() >= cap;
        match known.and_then(|i| table.get_mut(i)) {
            Some((_, n)) => *n += 1,
            None if !full => table.push((pages.clone(), 1)),
            None => {}
        }
    }
}

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
    /// The current line's runs, each with its strength (M3 (iv)) and rival readings (M7).
    pending: Vec<Pending>,
    /// M7: how many unambiguous runs so far each page sequence gives (at most 64).
    file_pages: Vec<(Vec<&'static str>, u64)>,
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

    /// A scanner that itemises at most `cap` runs (`fix_mojibake` uses no cap; a tool that
    /// repairs a file keeps every run it will repair).
    pub fn with_cap(cap: usize) -> MojibakeScanner {
        MojibakeScanner {
            region: Vec::new(),
            region_bytes: 0,
            region_end: 0,
            prev: None,
            line: 0,
            seen: Vec::new(),
            pending: Vec::new(),
            file_pages: Vec::new(),
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

    /// Something was found so far: a run kept, or one of the current line waiting for its end.
    pub fn has_found(&self) -> bool {
        self.count > 0 || !self.pending.is_empty()
    }

    /// The end of the current line: its runs are decided (M5) and kept.
    pub fn end_of_line(&mut self) {
        self.close_region(None);
        // Taken for the line and given back empty, keeping their room (no allocation a line).
        let mut seen = std::mem::take(&mut self.seen);
        let mut pending = std::mem::take(&mut self.pending);
        // M3 (iv): the pages of the line's strong runs vouch for its weak ones.
        let strong: Vec<&str> = pending
            .iter()
            .filter(|p| p.strong)
            .filter_map(|p| p.run.chain.get(1).copied())
            .collect();
        // M7: the pages of the line's unambiguous runs, then those of the file so far, choose
        // between the readings of an ambiguous run.
        let mut anchors: Vec<(Vec<&'static str>, u64)> = Vec::new();
        for p in pending.iter().filter(|p| p.strong && !p.run.ambiguous) {
            support(&mut anchors, &p.agree, usize::MAX);
        }
        for p in pending.drain(..) {
            let Pending {
                mut run,
                strong: is_strong,
                alternatives,
                agree,
            } = p;
            if run.ambiguous {
                self.settle(&mut run, &alternatives, &anchors);
            }
            let vouched = run.chain.get(1).is_some_and(|p| strong.contains(p));
            if !is_strong && !vouched {
                continue;
            }
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
            if !run.ambiguous && is_strong {
                support(&mut self.file_pages, &agree, 64);
            }
            self.count += 1;
            if self.runs.len() < self.cap {
                self.runs.push(run);
            }
        }
        self.count += self.pending_extra;
        self.pending_extra = 0;
        self.prev = None;
        seen.clear();
        self.seen = seen;
        self.pending = pending;
    }

    /// The end of the file: every run found, the first [`MAX_RUNS`] itemised.
    pub fn finish(mut self) -> MojibakeFindings {
        self.end_of_line();
        MojibakeFindings {
            runs: self.runs,
            count: self.count,
        }
    }

    /// M7: an ambiguous run takes the one reading whose page the line's unambiguous runs
    /// use; else the one whose page the file's unambiguous runs so far use most (at least 3,
    /// and more than any rival's); else it stays ambiguous.
    fn settle(
        &self,
        run: &mut MojibakeRun,
        alternatives: &[Alternative],
        anchors: &[(Vec<&'static str>, u64)],
    ) {
        let mut options: Vec<(String, Vec<&'static str>)> = vec![(
            run.repaired.clone(),
            run.chain.iter().skip(1).step_by(2).copied().collect(),
        )];
        options.extend(
            alternatives
                .iter()
                .map(|a| (a.repaired.clone(), a.pages.clone())),
        );
        let unique_top = |table: &[(Vec<&'static str>, u64)], least: u64| {
            let counts: Vec<u64> = options
                .iter()
                .map(|o| table.iter().find(|(c, _)| *c == o.1).map_or(0, |(_, n)| *n))
                .collect();
            let top = counts.iter().copied().max().unwrap_or(0);
            let winners = counts.iter().filter(|&&n| n == top).count();
            (top >= least && winners == 1)
                .then(|| counts.iter().position(|&n| n == top))
                .flatten()
        };
        let chosen = unique_top(anchors, 1).or_else(|| unique_top(&self.file_pages, 3));
        if let Some((repaired, pages)) = chosen.and_then(|i| options.get(i)) {
            run.repaired.clone_from(repaired);
            run.chain = chain_of(pages);
            run.ambiguous = false;
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
        // M1: a unit is at least two characters, so a region of one holds none (the accented
        // letter of most words): it is only seen (M5), with no allocation.
        if let [only] = self.region.as_slice() {
            let c = only.c;
            self.region.clear();
            self.see(c);
            self.prev = Some(c);
            self.region_bytes = 0;
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
            let chain = chain_of(&f.pages);
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
                self.pending.push(Pending {
                    run,
                    strong: !f.weak,
                    alternatives: f.alternatives,
                    agree: f.agree,
                });
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

/// The chain of a repair through `pages`: UTF-8, then each page and UTF-8 again.
fn chain_of(pages: &[&'static str]) -> Vec<&'static str> {
    let mut chain = vec!["utf-8"];
    for p in pages {
        chain.push(p);
        chain.push("utf-8");
    }
    chain
}
