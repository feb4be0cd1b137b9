//! D12 for the single-byte pages: what a page makes of each byte (its letter, class, case,
//! which languages never write the letter), worked out once per run ([`models`]) rather than
//! for every window. `price.rs` prices a window with these tables.

use super::byte_info::{ByteInfo, PairCode, JOINS, LOWER, NATIVE, ODD, QUOTE, UPPER};
use super::dense;
use super::lang::{
    self, class, letter_script, Class, BAD_COST, C1_COST, LANGS, PUNCT_COST, SYMBOL_COST,
};
use super::model::ModelScript;
use crate::codepage::{CodePage, Script};
use std::sync::OnceLock;

/// A single-byte page as the scorer reads it.
pub(super) struct PageModel {
    pub page: CodePage,
    /// The page's place in [`models`] (and the registry).
    pub at: usize,
    pub table: &'static [Option<char>; 256],
    /// ASCII bytes are ASCII (`A` is 41).
    pub ascii_compatible: bool,
    /// Every byte below 80 reads as itself.
    pub low_identity: bool,
    /// The languages whose models price the page (bit `l` for language `l`); 0 for a script
    /// without models.
    pub langs: u64,
    /// The script of those models.
    pub script: Option<ModelScript>,
    /// Those of `langs` whose common letters the page can all write (issue 38: a reading in
    /// another of them pays [`lang::FOREIGN_PAGE_COST`]).
    pub writes: u64,
    /// Each byte's letter's slot in the script's dense table ([`PageModel::slots`]).
    slots: OnceLock<[u16; 256]>,
    /// The first pass's counts by pair of byte classes ([`PageModel::pair_table`]).
    pairs: OnceLock<super::pair_counts::PairTable>,
    pub bytes: [ByteInfo; 256],
    /// What the first pass over the byte pairs reads of each byte, packed ([`PairCode`]).
    pub codes: [PairCode; 256],
    /// Each byte's pair code and alien languages, numbered among those of every page at the
    /// same byte ([`models`]): two pages read a byte alike in the first pass when its numbers
    /// are equal. `shared.rs` compares every page with every other once per run, sixteen
    /// bytes to a vector compare.
    pub reads: [u8; 256],
    /// The costs a byte pays each time it occurs: for an ASCII character read from a byte above
    /// 7F (a writer would have used the ASCII byte), and for its class (symbol, punctuation,
    /// control or unmapped). 0 for none.
    pub unigram: [(f64, f64); 256],
    /// The bytes whose `unigram` costs are not both 0 (none below 80 in a page that keeps
    /// ASCII).
    pub costly: super::byte_set::ByteSet,
}

fn model_script(s: Script) -> Option<ModelScript> {
    Some(match s {
        Script::Latin | Script::Vietnamese => ModelScript::Latin,
        Script::Cyrillic => ModelScript::Cyrillic,
        Script::Greek => ModelScript::Greek,
        Script::Hebrew => ModelScript::Hebrew,
        Script::Arabic => ModelScript::Arabic,
        Script::Thai => ModelScript::Thai,
        _ => return None,
    })
}

/// Letters of the scripts without models: a bigram within them is only a little better than
/// noise.
fn own_script(c: char) -> bool {
    matches!(c, '\u{0531}'..='\u{058F}' | '\u{10A0}'..='\u{10FF}')
}

/// What a page makes of a character whatever the page: its class, its case ([`LOWER`],
/// [`UPPER`], [`JOINS`] or 0) and the languages that write its letter.
type Facts = (Class, u8, u64);

fn facts(c: Option<char>) -> Facts {
    let cl = class(c);
    let letter = match cl {
        Class::Letter(l) | Class::Mark(l) => l,
        Class::Edge | Class::Punct | Class::Symbol | Class::Bad => ' ',
    };
    let case = match c {
        Some(c) if c.is_lowercase() => LOWER,
        Some(c) if c.is_uppercase() => UPPER,
        Some(c) if lang::arabic_joins_next(c) => JOINS,
        _ => 0,
    };
    let alphabet = lang::index()
        .alphabet
        .get(&(letter as u32))
        .copied()
        .unwrap_or(0);
    (cl, case, alphabet)
}

/// `seen`: each character's [`Facts`] met so far in the run (ninety pages share most of
/// their characters, and the Unicode tables behind a class cost more than a look-up here).
fn build(
    page: CodePage,
    at: usize,
    table: &'static [Option<char>; 256],
    seen: &mut lang::PairMap<Facts>,
) -> PageModel {
    let script = model_script(page.script());
    let langs = (0..LANGS)
        .filter(|&l| script.is_some() && lang::script_of(l) == script)
        .fold(0u64, |m, l| m | 1u64 << l);
    let ascii_compatible = table.get(0x41) == Some(&Some('A'));
    let none = ByteInfo {
        letter: ' ',
        alien: 0,
        flags: 0,
        script: 0,
    };
    let mut bytes = [none; 256];
    let mut unigram = [(0f64, 0f64); 256];
    for (byte, (&c, (info, cost))) in table
        .iter()
        .zip(bytes.iter_mut().zip(unigram.iter_mut()))
        .enumerate()
    {
        let key = c.map_or(u32::MAX, u32::from);
        let (cl, case, alphabet) = *seen.entry(key).or_insert_with(|| facts(c));
        // EBCDIC's line end is NEL at 15: there it is a word's edge, as LF is (D12).
        let ebcdic_nel = byte < 0x80 && !ascii_compatible && c == Some('\u{85}');
        let cl = if ebcdic_nel { Class::Edge } else { cl };
        let c1 = byte >= 0x80 && c.is_some_and(|c| ('\u{80}'..='\u{9F}').contains(&c));
        let letter = match cl {
            Class::Letter(l) | Class::Mark(l) => l,
            Class::Edge | Class::Punct | Class::Symbol | Class::Bad => ' ',
        };
        let case = match c {
            _ if case != 0 => case,
            // Only where the page moved it (EBCDIC): in an ASCII page the byte is what the
            // text holds.
            Some(
                c @ ('`' | '\\' | '{' | '}' | '|' | '~' | '^' | '[' | ']' | '@' | '#' | '$' | '<'
                | '>'),
            ) if u32::from(c) != byte as u32 => ODD,
            _ => 0,
        };
        let odd = if matches!(cl, Class::Punct | Class::Symbol | Class::Bad) {
            ODD
        } else {
            0
        };
        let quote = if matches!(c, Some('’' | '‘')) {
            QUOTE
        } else {
            0
        };
        let native = if letter == ' ' || own_script(letter) {
            NATIVE
        } else {
            0
        };
        let ascii_byte = byte < 0x80 && ascii_compatible;
        let alien = if letter == ' ' || ascii_byte {
            0
        } else {
            !alphabet & langs
        };
        *info = ByteInfo {
            letter,
            alien,
            flags: case | odd | native | quote,
            script: letter_script(letter),
        };
        if !ascii_byte {
            let as_ascii = byte >= 0x80 && ascii_compatible && c.is_some_and(|c| c.is_ascii());
            cost.0 = if as_ascii { SYMBOL_COST } else { 0.0 };
            cost.1 = match cl {
                Class::Symbol => SYMBOL_COST,
                Class::Punct => PUNCT_COST,
                Class::Bad if c1 => C1_COST,
                Class::Bad => BAD_COST,
                Class::Letter(_) | Class::Mark(_) | Class::Edge => 0.0,
            };
        }
    }
    let writes = langs & !unwritten(&bytes);
    PageModel {
        page,
        at,
        table,
        ascii_compatible,
        low_identity: table
            .iter()
            .take(0x80)
            .enumerate()
            .all(|(x, &c)| c.is_some_and(|c| u32::from(c) == x as u32)),
        langs,
        script,
        writes,
        slots: OnceLock::new(),
        pairs: OnceLock::new(),
        codes: bytes.map(|b| PairCode::of(&b)),
        reads: [0; 256],
        bytes,
        costly: unigram
            .iter()
            .enumerate()
            .fold([0; 4], |mut set, (x, &(f, s))| {
                if f != 0.0 || s != 0.0 {
                    super::byte_set::put(&mut set, x);
                }
                set
            }),
        unigram,
    }
}

/// The languages with a common letter ([`lang::Index::common`]) that a page whose bytes read
/// as `bytes` cannot write. A page that writes combining accents (windows-1258's tones) can
/// write the accented letters as a letter and a mark, so only its letters beyond them count.
fn unwritten(bytes: &[ByteInfo; 256]) -> u64 {
    // The page's letters sorted once: each of the few hundred common letters is then a binary
    // search, not a scan of 256 bytes (that scan, for every page, was a fifth of a legacy
    // file's start-up, issue 42).
    let mut letters: Vec<char> = bytes.iter().map(|b| b.letter).collect();
    letters.sort_unstable();
    let has = |c: char| letters.binary_search(&c).is_ok();
    let marks = has('\u{0300}') && has('\u{0301}');
    let composed =
        |c: char| ('\u{00C0}'..='\u{01B0}').contains(&c) || ('\u{1E00}'..='\u{1EFF}').contains(&c);
    lang::index()
        .common
        .iter()
        .filter_map(|(&x, &mask)| {
            let c = char::from_u32(x)?;
            let written = has(c) || (marks && composed(c));
            (!written).then_some(mask)
        })
        .fold(0, |all, mask| all | mask)
}

impl PageModel {
    /// The first pass's counts by pair of byte classes, worked out the first time the page
    /// is ranked.
    pub(super) fn pair_table(&self) -> &super::pair_counts::PairTable {
        self.pairs
            .get_or_init(|| super::pair_counts::PairTable::of(&self.codes))
    }

    /// Each byte's letter's slot in `table` (the table of the page's script), or
    /// [`dense::NO_SLOT`]; worked out the first time the page is priced with it.
    pub(super) fn slots(&self, table: &dense::ScriptPairs) -> &[u16; 256] {
        self.slots.get_or_init(|| {
            let mut out = [dense::NO_SLOT; 256];
            for (o, b) in out.iter_mut().zip(&self.bytes) {
                *o = table.slot(b.letter);
            }
            out
        })
    }
}

/// Fills in [`PageModel::reads`]: at each byte, the pages' different (pair code, alien
/// languages) in the order met, numbered from 0. A hundred pages have at most a hundred at a
/// byte, and most have a few.
fn number_reads(models: &mut [Option<PageModel>]) {
    for x in 0..256 {
        let mut seen: Vec<(u16, u64)> = Vec::new();
        for m in models.iter_mut().flatten() {
            let (Some(code), Some(info)) = (m.codes.get(x), m.bytes.get(x)) else {
                continue;
            };
            let key = (code.0, info.alien);
            let n = seen.iter().position(|&k| k == key).unwrap_or_else(|| {
                seen.push(key);
                seen.len() - 1
            });
            if let Some(o) = m.reads.get_mut(x) {
                *o = u8::try_from(n).unwrap_or(u8::MAX);
            }
        }
    }
}

/// Every page's model, by its place in the registry (`None`: not a single-byte candidate),
/// built once per run.
pub(super) fn models() -> &'static [Option<PageModel>] {
    static MODELS: OnceLock<Vec<Option<PageModel>>> = OnceLock::new();
    MODELS.get_or_init(|| {
        let mut seen = lang::PairMap::default();
        let mut models: Vec<Option<PageModel>> = CodePage::all()
            .enumerate()
            .map(|(at, p)| {
                let table = p.single_byte_table()?;
                (p.script() != Script::None).then(|| build(p, at, table, &mut seen))
            })
            .collect();
        number_reads(&mut models);
        models
    })
}
