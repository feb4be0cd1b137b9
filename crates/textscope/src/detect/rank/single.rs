//! D12 for the single-byte pages: what a page makes of each byte (its letter, class, case,
//! which languages never write the letter), worked out once per run ([`models`]) rather than
//! for every window. `price.rs` prices a window with these tables.

use super::byte_info::{ByteInfo, PairCode, JOINS, LOWER, NATIVE, ODD, OPENS, QUOTE, UPPER};
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
    /// As a place in [`UNIGRAM_COSTS`] (a byte each rather than sixteen: the models of a
    /// hundred pages are 380 KB smaller, which a process writes and pages in, issue 42).
    pub unigram: [u8; 256],
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

/// The costs a byte pays each time it occurs, by [`PageModel::unigram`]: for an ASCII
/// character read from a byte above 7F (0 or [`SYMBOL_COST`], the place divided by 5), and for
/// its class (none, symbol, punctuation, C1 control, control or unmapped: the place modulo 5).
pub(super) const UNIGRAM_COSTS: [(f64, f64); 10] = [
    (0.0, 0.0),
    (0.0, SYMBOL_COST),
    (0.0, PUNCT_COST),
    (0.0, C1_COST),
    (0.0, BAD_COST),
    (SYMBOL_COST, 0.0),
    (SYMBOL_COST, SYMBOL_COST),
    (SYMBOL_COST, PUNCT_COST),
    (SYMBOL_COST, C1_COST),
    (SYMBOL_COST, BAD_COST),
];

/// Letters of the scripts without models: a bigram within them is only a little better than
/// noise.
fn own_script(c: char) -> bool {
    matches!(c, '\u{0531}'..='\u{058F}' | '\u{10A0}'..='\u{10FF}')
}

/// What a page makes of a character whatever the page: its class, its case ([`LOWER`],
/// [`UPPER`], [`JOINS`] or 0), the languages that write its letter, and its letter's place
/// among the common letters ([`lang::Index::common_place`], [`NOT_COMMON`] for none).
type Facts = (Class, u8, u64, u16);

/// The place of a letter that is not among the common letters.
const NOT_COMMON: u16 = u16::MAX;

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
    let index = lang::index();
    let common = index
        .common_place(letter as u32)
        .and_then(|i| u16::try_from(i).ok())
        .unwrap_or(NOT_COMMON);
    (cl, case, index.letter(letter as u32), common)
}

/// Each character's [`Facts`] met so far while the pages are built, for the characters below
/// [`SEEN_BELOW`]: ninety pages share most of their characters, and the Unicode tables behind
/// a class cost more than a look-up here. By the character's place in a table (a hash map of
/// them was a quarter of building the models, issue 42); the few characters above it (CJK
/// compatibility, private use, Arabic presentation forms) are worked out each time.
struct Seen {
    /// For each character below [`SEEN_BELOW`], its place in `facts` plus one (0: not met).
    place: Vec<u16>,
    facts: Vec<Facts>,
    /// The bytes below 80 of the first page that keeps ASCII: what they read as, and their
    /// [`ByteInfo`] and common letters' places. A page that keeps ASCII and reads them alike
    /// (nearly all do) takes these rather than working them out again: they depend on
    /// nothing else of the page (its ASCII bytes cost nothing and are alien to no language).
    low: Option<Box<Low>>,
}

/// The characters [`Seen`] keeps: every script of the single-byte pages, the punctuation,
/// symbols and box drawing they hold. A table of the whole BMP (128 KB) was mapped, faulted
/// in and unmapped by every process.
const SEEN_BELOW: usize = 0x3000;

struct Low {
    table: [Option<char>; 0x80],
    bytes: [ByteInfo; 0x80],
    commons: [u16; 0x80],
}

impl Seen {
    fn new() -> Seen {
        Seen {
            place: vec![0; SEEN_BELOW],
            facts: Vec::with_capacity(2048),
            low: None,
        }
    }

    fn get(&mut self, c: Option<char>) -> Facts {
        let Some(slot) = c.and_then(|c| self.place.get_mut(c as usize)) else {
            return facts(c);
        };
        if let Some(&f) = usize::from(*slot)
            .checked_sub(1)
            .and_then(|i| self.facts.get(i))
        {
            return f;
        }
        let f = facts(c);
        if let Ok(n) = u16::try_from(self.facts.len() + 1) {
            self.facts.push(f);
            *slot = n;
        }
        f
    }
}

fn build(
    page: CodePage,
    at: usize,
    table: &'static [Option<char>; 256],
    seen: &mut Seen,
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
    let mut unigram = [0u8; 256];
    let mut commons = [NOT_COMMON; 256];
    let low = seen
        .low
        .as_ref()
        .filter(|low| ascii_compatible && table.get(..0x80) == Some(&low.table[..]));
    let from = match low {
        Some(low) => {
            bytes[..0x80].copy_from_slice(&low.bytes);
            commons[..0x80].copy_from_slice(&low.commons);
            0x80
        }
        None => 0,
    };
    for (byte, (&c, (info, cost))) in table
        .iter()
        .zip(bytes.iter_mut().zip(unigram.iter_mut()))
        .enumerate()
        .skip(from)
    {
        let (cl, case, alphabet, common) = seen.get(c);
        if let Some(o) = commons.get_mut(byte) {
            *o = common;
        }
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
        let quote = match c {
            Some('’' | '‘') => QUOTE,
            Some('„' | '‚') => OPENS,
            _ => 0,
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
            let class_cost = match cl {
                Class::Symbol => 1,
                Class::Punct => 2,
                Class::Bad if c1 => 3,
                Class::Bad => 4,
                Class::Letter(_) | Class::Mark(_) | Class::Edge => 0,
            };
            *cost = 5 * u8::from(as_ascii) + class_cost;
        }
    }
    if seen.low.is_none() && ascii_compatible {
        let mut low = Box::new(Low {
            table: [None; 0x80],
            bytes: [none; 0x80],
            commons: [NOT_COMMON; 0x80],
        });
        low.table.copy_from_slice(&table[..0x80]);
        low.bytes.copy_from_slice(&bytes[..0x80]);
        low.commons.copy_from_slice(&commons[..0x80]);
        seen.low = Some(low);
    }
    let writes = langs & !unwritten(&bytes, &commons);
    // A loop over one set (a fold passing the set by value copied it at every byte, a sixth
    // of building the models, issue 42).
    let mut costly = [0; 4];
    for (x, &code) in unigram.iter().enumerate() {
        if code != 0 {
            super::byte_set::put(&mut costly, x);
        }
    }
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
        costly,
        unigram,
    }
}

/// The languages with a common letter ([`lang::Index::common`]) that a page whose bytes read
/// as `bytes` (their letters' places among the common letters in `commons`) cannot write. A
/// page that writes combining accents (windows-1258's tones) can write the accented letters as
/// a letter and a mark, so only its letters beyond them count.
fn unwritten(bytes: &[ByteInfo; 256], commons: &[u16; 256]) -> u64 {
    let index = lang::index();
    // Which common letters the page writes, a bit each, from each byte's letter's place
    // among them (worked out once per character, [`Facts`]). Issue 42: a scan of 256 bytes
    // for each common letter was a fifth of a legacy file's start-up, a search for each
    // byte's letter a sixth of building the models.
    let mut written = vec![0u64; index.common().len().div_ceil(64)];
    for &i in commons.iter().filter(|&&i| i != NOT_COMMON) {
        let i = usize::from(i);
        if let Some(w) = written.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }
    let has = |c: char| bytes.iter().any(|b| b.letter == c);
    let (grave, acute) = (has('\u{0300}'), has('\u{0301}'));
    let marks = grave && acute;
    let composed = |x: u32| (0x00C0..=0x01B0).contains(&x) || (0x1E00..=0x1EFF).contains(&x);
    index
        .common()
        .enumerate()
        .filter(|&(i, (x, _))| {
            let has = written.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0);
            !(has || marks && composed(x))
        })
        .fold(0, |all, (_, (_, mask))| all | mask)
}

impl PageModel {
    /// The first pass's counts by pair of byte classes, worked out the first time the page
    /// is ranked.
    pub(super) fn pair_table(&self) -> &super::pair_counts::PairTable {
        self.pairs
            .get_or_init(|| super::pair_counts::PairTable::of(&self.codes))
    }

    /// True once [`PageModel::pair_table`] is built.
    pub(super) fn has_pair_table(&self) -> bool {
        self.pairs.get().is_some()
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
    MODELS.get_or_init(build_all)
}

pub(super) fn build_all() -> Vec<Option<PageModel>> {
    {
        let mut seen = Seen::new();
        let mut models: Vec<Option<PageModel>> = CodePage::all()
            .enumerate()
            .map(|(at, p)| {
                let table = p.single_byte_table()?;
                (p.script() != Script::None).then(|| build(p, at, table, &mut seen))
            })
            .collect();
        number_reads(&mut models);
        models
    }
}
