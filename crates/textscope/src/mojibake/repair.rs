//! The decision on one region: a stretch of characters above U+007F that some page writes as
//! one byte each (docs/mojibake.md M1–M7). Pure: no state, the scanner and `fix_mojibake`
//! both call it.

use super::pages::{tables, Table};
use super::plausible::{class, is_box, is_closing, is_quote, Class};

/// One accepted run inside a region, in characters of the region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// First character of the run (index into the region).
    pub start: usize,
    /// One past the last character.
    pub end: usize,
    /// The repaired text.
    pub repaired: String,
    /// The code pages of the chain, outermost repair first (one for once, two for twice).
    pub pages: Vec<&'static str>,
    /// M7: another page gives a different repair that is as plausible.
    pub ambiguous: bool,
    /// M3 (iv): a lone unit that is mojibake only on a line with a strong run of its page.
    pub weak: bool,
    /// M7: the rival repairs of the same characters (an ambiguous run's other readings).
    pub alternatives: Vec<Alternative>,
    /// M7: the chains (pages) that give this same repair, the best's first: what the run
    /// says about the page of its line.
    pub agree: Vec<Vec<&'static str>>,
}

/// Another reading of an ambiguous run (M7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Alternative {
    pub repaired: String,
    pub pages: Vec<&'static str>,
}

/// One unit: the characters of one UTF-8 sequence read in a page (M1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Unit {
    start: usize,
    len: usize,
    repaired: char,
}

/// How many continuation bytes a lead byte announces (M1: C2–F4 only, so never overlong).
fn continuations(lead: u8) -> Option<usize> {
    match lead {
        0xC2..=0xDF => Some(1),
        0xE0..=0xEF => Some(2),
        0xF0..=0xF4 => Some(3),
        _ => None,
    }
}

/// M1: the unit that starts at `i` in page `t`, if the characters re-encode to one valid
/// UTF-8 sequence of two to four bytes.
fn unit_at(t: &Table, region: &[char], i: usize) -> Option<Unit> {
    let lead = t.byte_of(*region.get(i)?)?;
    let k = continuations(lead)?;
    let mut bytes = [lead, 0, 0, 0];
    for (j, slot) in bytes.iter_mut().enumerate().skip(1).take(k) {
        let b = t.byte_of(*region.get(i + j)?)?;
        if !(0x80..=0xBF).contains(&b) {
            return None;
        }
        *slot = b;
    }
    let s = std::str::from_utf8(bytes.get(..=k)?).ok()?;
    let repaired = s.chars().next()?;
    Some(Unit {
        start: i,
        len: k + 1,
        repaired,
    })
}

/// A letter for the telltale test: ª º µ are signs here, not letters of a word.
fn word_letter(c: char) -> bool {
    c.is_alphabetic() && !matches!(c, 'ª' | 'º' | 'µ')
}

/// M3 (ii): the unit does not read as a fragment of a real word: for two characters, not
/// two letters of one case; for three or four, some continuation character is not a letter.
fn telltale(region: &[char], u: &Unit, prev: Option<char>, next: Option<char>) -> bool {
    let Some(chars) = region.get(u.start..u.start + u.len) else {
        return false;
    };
    // (iii) A Cyrillic or Greek letter glued to an ASCII letter is no word either: "crГЁme"
    // (windows-1251 for "crème"), "вЂњhello".
    let before = match u.start.checked_sub(1) {
        Some(i) => region.get(i).copied(),
        None => prev,
    };
    let after = region.get(u.start + u.len).copied().or(next);
    let foreign_lead = chars
        .first()
        .is_some_and(|c| c.is_alphabetic() && u32::from(*c) >= 0x370);
    let glued = [before, after]
        .iter()
        .flatten()
        .any(|c| c.is_ascii_alphabetic());
    if foreign_lead && glued {
        return true;
    }
    // (iv) A Greek or Cyrillic lead before Latin letters is no word: "ΓÇö" (IBM437 for "—").
    let latin_after = chars
        .iter()
        .skip(1)
        .any(|c| c.is_alphabetic() && u32::from(*c) < 0x250);
    if foreign_lead && latin_after {
        return true;
    }
    match chars {
        [a, b] => {
            // "ÃŸ" (ß) and "ÄŤ" (č, windows-1250) are two capitals, but no word has them:
            // a repair to Latin-1 or Latin Extended-A from a Latin lead is telltale anyway.
            // Not from a Cyrillic lead: "ВІ" (windows-1251 "²") is Ukrainian.
            let latin_repair =
                matches!(u32::from(u.repaired), 0xA0..=0x17F) && u32::from(*a) < 0x400;
            // A capital then a small letter of its own script starts a word too when the
            // repair would be a Latin sign or letter standing alone: Russian "Её"
            // (windows-1251 for "Ÿ"), Ukrainian "Ві" ("³"). (Cyrillic mojibake repairs to
            // Cyrillic; Latin text read as windows-1251 is glued to ASCII letters, (iii).)
            let same_case =
                (a.is_uppercase() && b.is_uppercase()) || (a.is_lowercase() && b.is_lowercase());
            let title = a.is_uppercase()
                && b.is_lowercase()
                && script(*a) == script(*b)
                && script(*a) >= 2
                && matches!(u32::from(u.repaired), 0xA0..=0x24F);
            latin_repair || !(word_letter(*a) && word_letter(*b) && (same_case || title))
        }
        [lead, rest @ ..] => !word_letter(*lead) || rest.iter().any(|c| !word_letter(*c)),
        [] => false,
    }
}

/// The script block of a letter, coarsely: Latin, Greek, Cyrillic, Hebrew, Arabic (else 0).
fn script(c: char) -> u8 {
    match u32::from(c) {
        _ if !c.is_alphabetic() => 0,
        0..=0x24F | 0x1E00..=0x1EFF => 1,
        0x370..=0x3FF => 2,
        0x400..=0x4FF => 3,
        0x590..=0x5FF => 4,
        0x600..=0x6FF => 5,
        _ => 0,
    }
}

/// M3 (v): two or more units whose repairs are all letters of one script (Greek, Cyrillic,
/// Hebrew, Arabic) other than that of their leads: "ЩЃЩЉ" (windows-1251 for Arabic "في"),
/// "ŸÉÿß" (macintosh for "كا"). Real words keep their script.
fn foreign_run(region: &[char], units: &[Unit]) -> bool {
    let Some(first) = units.first().map(|u| script(u.repaired)) else {
        return false;
    };
    units.len() >= 2
        && first >= 2
        && units.iter().all(|u| {
            script(u.repaired) == first
                && region
                    .get(u.start)
                    .is_some_and(|lead| script(*lead) != first && script(*lead) != 0)
        })
}

fn is_c1(c: char) -> bool {
    matches!(u32::from(c), 0x80..=0x9F)
}

/// M3: is a run of adjacent units mojibake?
/// `Some(true)`: mojibake; `Some(false)`: weak, mojibake only on a line with a strong run of
/// the same page (M3 (iv)); `None`: not mojibake.
fn accept(
    region: &[char],
    units: &[Unit],
    (prev, next): (Option<char>, Option<char>),
    trusted: bool,
) -> Option<bool> {
    // A C1 control is kept as the middle step of a twice-repaired run (M4): "Å\u{81}" is
    // "Ł" read once; `resolve` drops the run unless the second repair covers it.
    if units.is_empty()
        || units
            .iter()
            .any(|u| class(u.repaired) == Class::Implausible && !is_c1(u.repaired))
    {
        return None;
    }
    // M4: the repair of a run already found needs no telltale of its own ("РІ", twice).
    let told = trusted
        || foreign_run(region, units)
        || units.iter().any(|u| telltale(region, u, prev, next));
    if !told {
        return None;
    }
    // M2: a combining mark follows the Latin letter it marks ("eÌ\u{81}" is "e\u{301}");
    // Ukrainian "Мі" (windows-1251 for U+0333) has none before it.
    let orphan = units.iter().any(|u| {
        let before = match u.start.checked_sub(1) {
            Some(i) => region.get(i).copied(),
            None => prev,
        };
        matches!(u32::from(u.repaired), 0x300..=0x36F)
            && !before.is_some_and(|c| c.is_alphabetic() && u32::from(c) < 0x250)
    });
    if orphan {
        return None;
    }
    let [u] = units else {
        return Some(true);
    };
    if u.len == 2 && !matches!(class(u.repaired), Class::Latin | Class::Symbol) {
        return Some(false);
    }
    // M5 (capitals): "PÅ”" is a capital word before a closing quote, not "PŔ".
    let before = u
        .start
        .checked_sub(1)
        .and_then(|i| region.get(i).copied())
        .or(prev);
    let after = region.get(u.start + u.len).copied().or(next);
    let lead_upper = region.get(u.start).is_some_and(|c| c.is_uppercase());
    let closing = region
        .get(u.start + 1..u.start + u.len)
        .is_some_and(|r| r.iter().all(|c| is_closing(*c)));
    let word_end = after.is_none_or(|c| !c.is_alphanumeric());
    // Also a one-letter word: „Ä“ is the letter Ä quoted, not "ē".
    if lead_upper && closing && word_end && !before.is_some_and(char::is_lowercase) {
        return Some(false);
    }
    // And the last letters of a Greek or Cyrillic word (or a word of one or two letters, as
    // Russian "к" and "её") before its closing punctuation: "как»…", "к»…" and "её…" are no
    // "껅" or "帅" (windows-1251), unless the line has mojibake of that page for sure. In
    // Latin text, a three-byte repair from an accented letter that ends a word and the
    // punctuation after it: Spanish "así…»" is no "텻". (A two-byte one stays mojibake:
    // French "dÃ»" is "dû".)
    let unit = region.get(u.start..u.start + u.len).unwrap_or_default();
    let lead = script(region.get(u.start).copied().unwrap_or(' '));
    let letters = unit.iter().take_while(|&&c| script(c) == lead).count();
    // Cased as a word is: "её", "ЕЁ", never "вЂ" (windows-1251's "вЂ”" is "—" for sure).
    let word = unit.get(..letters).unwrap_or_default();
    let cased =
        word.iter().skip(1).all(|c| c.is_lowercase()) || word.iter().all(|c| c.is_uppercase());
    let tail_closing = lead != 0
        && cased
        && letters < unit.len()
        && unit
            .get(letters..)
            .is_some_and(|r| r.iter().all(|c| is_closing(*c)));
    let own_word = match lead {
        2 | 3 => !before.is_some_and(|b| b.is_alphabetic() && script(b) != lead),
        1 => u.len >= 3 && before.is_some_and(|b| b.is_alphabetic() && script(b) == 1),
        _ => false,
    };
    if own_word && tail_closing && word_end {
        return Some(false);
    }
    Some(true)
}

/// The accepted runs of one page in a region, with their units.
fn runs_in(
    t: &Table,
    region: &[char],
    prev: Option<char>,
    next: Option<char>,
    trusted: bool,
) -> Vec<(Vec<Unit>, bool)> {
    let mut out = Vec::new();
    let mut cur: Vec<Unit> = Vec::new();
    let mut i = 0;
    let close = |cur: &mut Vec<Unit>, out: &mut Vec<(Vec<Unit>, bool)>| {
        if !cur.is_empty() {
            let first = cur.first().map_or(0, |u| u.start);
            let last = cur.last().map_or(0, |u| u.start + u.len);
            let before = first
                .checked_sub(1)
                .and_then(|i| region.get(i).copied())
                .or(prev);
            let after = region.get(last).copied().or(next);
            if let Some(strong) = accept(region, cur, (before, after), trusted) {
                out.push((std::mem::take(cur), strong));
            }
            cur.clear();
        }
    };
    while i < region.len() {
        match unit_at(t, region, i) {
            Some(u) => {
                cur.push(u);
                i += u.len;
            }
            None => {
                close(&mut cur, &mut out);
                i += 1;
            }
        }
    }
    close(&mut cur, &mut out);
    out
}

/// M6: a box-drawing or block character that no IBM437 run takes: the region is box art
/// ("─┬┐"), and none of its IBM437 runs is mojibake.
fn box_art(region: &[char], runs: &[(Vec<Unit>, bool)]) -> bool {
    region.iter().enumerate().any(|(i, c)| {
        is_box(*c)
            && !runs
                .iter()
                .flat_map(|(units, _)| units)
                .any(|u| (u.start..u.start + u.len).contains(&i))
    })
}

/// M5: the longest region (in characters) that a pair of quote marks makes an example.
const QUOTED_MAX: usize = 8;

/// The score of a run (M7): letters weigh most, then symbols, combining marks least.
/// A capital right after a small letter ("cafÊ") costs 3: the case of the text around
/// decides between pages that repair one run to two letters (é or Ê).
fn score(units: &[Unit], before: Option<char>) -> u32 {
    let mut prev = before;
    let mut total = 0u32;
    for u in units {
        let base: u32 = match (class(u.repaired), u.repaired.is_alphabetic()) {
            (_, _) if matches!(u32::from(u.repaired), 0x300..=0x36F) => 1,
            (Class::Latin, true) => 4,
            (Class::Other, true) => 3,
            _ => 2,
        };
        let odd_case = u.repaired.is_uppercase() && prev.is_some_and(char::is_lowercase);
        total += if odd_case {
            base.saturating_sub(3)
        } else {
            base
        };
        prev = Some(u.repaired);
    }
    total
}

struct Candidate {
    page: usize,
    start: usize,
    end: usize,
    units: Vec<Unit>,
    score: u32,
    strong: bool,
    /// The final repair and the pages of its chain (M4).
    resolved: Resolved,
}

/// M1–M7 on one region. `prev` and `next` are the characters around it (ASCII or outside
/// every page).
pub(crate) fn find(region: &[char], prev: Option<char>, next: Option<char>) -> Vec<Found> {
    find_depth(region, prev, next, 3)
}

/// `depth`: how many repairs may be chained (M4: twice, and a third for safety).
fn find_depth(region: &[char], prev: Option<char>, next: Option<char>, depth: u8) -> Vec<Found> {
    if depth == 0 || region.len() < 2 {
        return Vec::new();
    }
    // M5 (quoted example): a short region alone between quote marks ("Ã©", `Ã¨`).
    if region.len() <= QUOTED_MAX && prev.is_some_and(is_quote) && next.is_some_and(is_quote) {
        return Vec::new();
    }
    let mut cands: Vec<Candidate> = Vec::new();
    for (page, t) in tables().iter().enumerate() {
        let runs = runs_in(t, region, prev, next, depth < 3);
        if t.name == "IBM437" && box_art(region, &runs) {
            continue;
        }
        for (units, strong) in runs {
            let start = units.first().map_or(0, |u| u.start);
            let end = units.last().map_or(0, |u| u.start + u.len);
            let around = (prev, next);
            let Some(resolved) = resolve(t.name, &units, region, (start, end), around, depth)
            else {
                continue;
            };
            let before = match start.checked_sub(1) {
                Some(i) => region.get(i).copied(),
                None => prev,
            };
            let score = score(&units, before);
            cands.push(Candidate {
                page,
                start,
                end,
                units,
                score,
                strong,
                resolved,
            });
        }
    }
    // Groups of overlapping candidates, in order.
    cands.sort_by_key(|c| (c.start, c.page));
    let mut out = Vec::new();
    let mut i = 0;
    while i < cands.len() {
        let mut j = i + 1;
        let mut group_end = cands.get(i).map_or(0, |c| c.end);
        while let Some(c) = cands.get(j) {
            if c.start >= group_end {
                break;
            }
            group_end = group_end.max(c.end);
            j += 1;
        }
        if let Some(f) = cands.get(i..j).and_then(decide) {
            out.push(f);
        }
        i = j;
    }
    out
}

/// M4: a run's final repair: repaired again while the repair is itself one run of mojibake
/// (twice); `None` when a C1 middle step is not repaired away.
fn resolve(
    page: &'static str,
    units: &[Unit],
    region: &[char],
    (start, end): (usize, usize),
    (prev, next): (Option<char>, Option<char>),
    depth: u8,
) -> Option<Resolved> {
    let mut repaired: String = units.iter().map(|u| u.repaired).collect();
    let mut pages = vec![page];
    let mut inner_alternatives = Vec::new();
    let mut inner_ambiguous = false;
    let mut agree = vec![vec![page]];
    let chars: Vec<char> = repaired.chars().collect();
    if chars.iter().all(|c| super::pages::in_some_page(*c)) {
        let before = match start.checked_sub(1) {
            Some(i) => region.get(i).copied(),
            None => prev,
        };
        let after = region.get(end).copied().or(next);
        let again = find_depth(&chars, before, after, depth - 1);
        if let [f] = again.as_slice() {
            let sure = !f.weak || units.len() >= 2;
            if f.start == 0 && f.end == chars.len() && sure {
                // An ambiguous second repair makes the whole run ambiguous (M7): its
                // readings go along, so the line may still settle it.
                inner_ambiguous = f.ambiguous;
                inner_alternatives = f
                    .alternatives
                    .iter()
                    .map(|a| Alternative {
                        repaired: a.repaired.clone(),
                        pages: std::iter::once(page)
                            .chain(a.pages.iter().copied())
                            .collect(),
                    })
                    .collect();
                repaired.clone_from(&f.repaired);
                pages.extend(f.pages.iter().copied());
                agree = f
                    .agree
                    .iter()
                    .map(|tail| std::iter::once(page).chain(tail.iter().copied()).collect())
                    .collect();
            }
        }
    }
    if repaired.chars().any(is_c1) {
        return None;
    }
    Some(Resolved {
        repaired,
        pages,
        inner_ambiguous,
        inner_alternatives,
        agree,
    })
}

/// A run's final repair (M4).
struct Resolved {
    repaired: String,
    pages: Vec<&'static str>,
    /// The second repair was ambiguous.
    inner_ambiguous: bool,
    /// Its other readings, as whole chains.
    inner_alternatives: Vec<Alternative>,
    /// The page sequences that give this same repair.
    agree: Vec<Vec<&'static str>>,
}

/// M7: the best candidate of a group of overlapping ones, and whether another disagrees.
fn decide(group: &[Candidate]) -> Option<Found> {
    let best = group.iter().max_by(|a, b| {
        // A longer chain first: a repair that is itself mojibake is not finished.
        (
            a.strong,
            a.end - a.start,
            a.resolved.pages.len(),
            a.score,
            std::cmp::Reverse(a.page),
        )
            .cmp(&(
                b.strong,
                b.end - b.start,
                b.resolved.pages.len(),
                b.score,
                std::cmp::Reverse(b.page),
            ))
    })?;
    let rivals: Vec<&Candidate> = group
        .iter()
        .filter(|c| {
            let consistent = c.units.iter().all(|u| best.units.contains(u));
            !consistent
                && (c.strong || !best.strong)
                && c.end - c.start >= best.end - best.start
                && c.resolved.pages.len() >= best.resolved.pages.len()
                && c.score >= best.score
        })
        .collect();
    let ambiguous = !rivals.is_empty() || best.resolved.inner_ambiguous;
    let mut alternatives: Vec<Alternative> = rivals
        .iter()
        .filter(|c| c.start == best.start && c.end == best.end)
        .map(|c| Alternative {
            repaired: c.resolved.repaired.clone(),
            pages: c.resolved.pages.clone(),
        })
        .collect();
    alternatives.extend(best.resolved.inner_alternatives.iter().cloned());
    let agree = group
        .iter()
        .filter(|c| {
            c.start == best.start
                && c.end == best.end
                && c.resolved.repaired == best.resolved.repaired
        })
        .flat_map(|c| c.resolved.agree.iter().cloned())
        .collect();
    Some(Found {
        start: best.start,
        end: best.end,
        repaired: best.resolved.repaired.clone(),
        pages: best.resolved.pages.clone(),
        ambiguous,
        weak: !best.strong,
        alternatives,
        agree,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(s: &str) -> Vec<(String, String, Vec<&'static str>, bool)> {
        let chars: Vec<char> = s.chars().collect();
        // Weak runs count only on a line with a strong one (the scanner's part).
        find(&chars, None, None)
            .into_iter()
            .filter(|f| !f.weak)
            .map(|f| {
                let orig: String = chars[f.start..f.end].iter().collect();
                (orig, f.repaired, f.pages, f.ambiguous)
            })
            .collect()
    }

    #[test]
    fn m1_once_and_twice() {
        assert_eq!(
            fix("Ã©"),
            [("Ã©".into(), "é".into(), vec!["windows-1252"], false)]
        );
        assert_eq!(
            fix("ÃƒÂ©"),
            [(
                "ÃƒÂ©".into(),
                "é".into(),
                vec!["windows-1252", "windows-1252"],
                false
            )]
        );
        assert_eq!(fix("â€™")[0].1, "’");
        assert_eq!(fix("ÐŸÑ€Ð¸Ð²ÐµÑ‚")[0].1, "Привет");
        assert_eq!(fix("Ã\u{89}")[0].2, vec!["ISO-8859-1"]);
        assert_eq!(fix("├⌐")[0].1, "é");
        assert_eq!(fix("√©")[0].1, "é");
        assert_eq!(fix("Г©")[0].1, "é");
        assert_eq!(fix("Ä‡")[0].1, "ć");
        // A word's last letter before closing punctuation, in two bytes: still mojibake.
        assert_eq!(fix("il a dÃ» partir")[0].1, "û");
        assert_eq!(fix("слово вЂ” слово")[0].1, "—");
        assert_eq!(fix("1999 вЂ“ 2000")[0].1, "–");
    }

    #[test]
    fn m3_real_text_is_left_alone() {
        for s in [
            "ÇÃ",
            "’é",
            "×²",
            "Ø°",
            "ÉŠ",
            "ężą",
            "╔═╗",
            "─┬┐",
            "Р»",
            "ВІ",
            "Её",
            "Ві",
            "как»…",
            "на к»…",
            "Люблю её…",
            "и её“",
            "dijo así…»",
        ] {
            assert_eq!(fix(s), [], "{s}");
        }
        // A lone unit that repairs to another script is weak: "Ø°" (ذ), "Ð°" (а).
        let chars: Vec<char> = "Ð°".chars().collect();
        let found = find(&chars, Some(' '), Some(' '));
        assert!(found.len() == 1 && found[0].weak && found[0].repaired == "а");
    }
}
