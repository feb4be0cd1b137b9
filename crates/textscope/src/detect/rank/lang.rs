//! The language models of D12: character bigrams per language (trained into `models.rs` by
//! `scripts/train-models.py`), looked up through the index that `freeze.rs` works out from
//! them and `tables.rs` holds as statics (issue 42).

use super::model::ModelScript;
use super::tables;
use std::sync::OnceLock;

/// Number of languages.
pub(crate) const LANGS: usize = tables::LANGS;
const _: () = assert!(LANGS <= 64, "the alphabet masks hold 64 languages");

/// Every bigram, with the languages that have it: the statics of `tables.rs`, which
/// `freeze.rs` works out from the models (issue 42, decision 129: a process reads them rather
/// than building them).
///
/// Costs are made comparable across languages and scripts: a bigram's cost `c` (in nats) in
/// language L becomes `(c - H) / (U - H)`, where `H` is the mean cost of L's own text (its
/// entropy over the bigrams) and `U` the mean cost of a bigram drawn at random from L's
/// alphabet (the letters of its script it writes, `freeze::ALPHABET_SHARE`). Text in L then costs
/// about 0 per bigram and noise about 1, whatever the size of the alphabet or the spread of
/// the language's bigrams.
pub(crate) struct Index {
    /// The normalised cost of a bigram a language does not have.
    pub floor: &'static [f32; LANGS],
    /// The cost of an ASCII bigram a language does not have, on the scale of
    /// [`Index::ascii_pair`].
    pub ascii_floor: &'static [f32; LANGS],
}

/// The languages that have a bigram, in increasing order, each with its normalised cost
/// minus that language's normalised floor (never positive).
#[derive(Clone, Copy)]
pub(crate) struct Entries {
    langs: &'static [u8],
    costs: &'static [f32],
}

impl Entries {
    const NONE: Entries = Entries {
        langs: &[],
        costs: &[],
    };

    /// Run `i` of `at` over the two arrays (none when out of range).
    fn run(at: &[u32], langs: &'static [u8], costs: &'static [f32], i: usize) -> Entries {
        let (Some(&a), Some(&z)) = (at.get(i), at.get(i + 1)) else {
            return Entries::NONE;
        };
        let span = a as usize..z as usize;
        match (langs.get(span.clone()), costs.get(span)) {
            (Some(langs), Some(costs)) => Entries { langs, costs },
            _ => Entries::NONE,
        }
    }

    #[cfg(test)]
    pub(crate) fn is_empty(self) -> bool {
        self.langs.is_empty()
    }
}

impl IntoIterator for Entries {
    type Item = (u8, f32);
    type IntoIter = std::iter::Zip<
        std::iter::Copied<std::slice::Iter<'static, u8>>,
        std::iter::Copied<std::slice::Iter<'static, f32>>,
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.langs.iter().copied().zip(self.costs.iter().copied())
    }
}

static INDEX: Index = Index {
    floor: &tables::FLOOR,
    ascii_floor: &tables::ASCII_FLOOR,
};

/// The index.
pub(crate) fn index() -> &'static Index {
    &INDEX
}

/// The entry of sorted `keys` equal to `k`, and the value beside it.
fn sorted<V: Copy>(keys: &[u32], values: &[V], k: u32) -> Option<V> {
    let i = keys.binary_search(&k).ok()?;
    values.get(i).copied()
}

impl Index {
    /// The languages that have bigram `k` ([`key`]), or `None`.
    pub(crate) fn pair(&self, k: u32) -> Option<Entries> {
        let i = tables::PAIR_KEYS.binary_search(&k).ok()?;
        Some(Entries::run(
            &tables::PAIR_AT,
            &tables::PAIR_LANG,
            &tables::PAIR_COST,
            i,
        ))
    }

    /// Every bigram's key and languages, by increasing key.
    pub(crate) fn pairs(&self) -> impl Iterator<Item = (u32, Entries)> {
        tables::PAIR_KEYS.iter().enumerate().map(|(i, &k)| {
            let e = Entries::run(&tables::PAIR_AT, &tables::PAIR_LANG, &tables::PAIR_COST, i);
            (k, e)
        })
    }

    /// The languages whose bigrams hold letter `c` (bit `l` for language `l`).
    pub(crate) fn letter(&self, c: u32) -> u64 {
        sorted(&tables::LETTER_KEYS, &tables::LETTER_LANGS, c).unwrap_or(0)
    }

    /// Every letter of the models, with the languages whose bigrams hold it.
    pub(crate) fn letters(&self) -> impl Iterator<Item = (u32, u64)> {
        tables::LETTER_KEYS
            .iter()
            .copied()
            .zip(tables::LETTER_LANGS.iter().copied())
    }

    /// For each letter of a model's own script, the languages that write it commonly (at
    /// least `freeze::COMMON_SHARE` of their letters): a page that cannot write one of them was not
    /// made for the language (issue 38, [`FOREIGN_PAGE_COST`]).
    pub(crate) fn common(&self) -> impl ExactSizeIterator<Item = (u32, u64)> {
        tables::COMMON_KEYS
            .iter()
            .copied()
            .zip(tables::COMMON_LANGS.iter().copied())
    }

    /// The place of letter `c` among [`Index::common`]'s, when it is one.
    pub(crate) fn common_place(&self, c: u32) -> Option<usize> {
        tables::COMMON_KEYS.binary_search(&c).ok()
    }

    /// The bigram of ASCII letters and word edges at `slot` (27 × 27: `27 * a + b` for the
    /// letters `a` to `z`, 0 to 25, and the edge, 26),
    /// priced for telling the language of the window's ASCII text: each language's cost
    /// minus its floor, where a cost is the model's own `-ln p` divided by one scale for every
    /// language (`freeze::ASCII_SCALE`). Choosing a language by the normalised costs above favours
    /// languages with many letters beyond ASCII (their own text is more varied, so ASCII text
    /// looks plain to them: Slovak beat Esperanto on Esperanto); the likelihood itself does
    /// not. By place, so that a window's few hundred ASCII bigrams are looked up without
    /// hashing or searching.
    pub(crate) fn ascii_pair(&self, slot: usize) -> Entries {
        Entries::run(
            &tables::ASCII_AT,
            &tables::ASCII_LANG,
            &tables::ASCII_COST,
            slot,
        )
    }

    /// Every ASCII bigram's languages, by slot.
    pub(crate) fn ascii_pairs(&self) -> impl Iterator<Item = Entries> {
        (0..27 * 27).map(|slot| INDEX.ascii_pair(slot))
    }
}
/// Extra cost of a letter that a language never writes (on top of its bigrams' floor).
pub(crate) const ALIEN_COST: f64 = 1.0;

/// Issue 38, D12: a reading scored in a language whose common letters ([`Index::common`])
/// the page cannot all write pays this once over the window (not per byte: a long text is
/// named by what it says). Nobody writes Romanian in x-mac-turkish, which has no ă or ţ, nor
/// Latvian in IBM852, which has no ā: read as such, `Straße` was `Straşe` and `garçon`
/// `garšon`. Text written in a page is in a language the page can write, so its own reading
/// never pays when it is scored in its language.
pub(crate) const FOREIGN_PAGE_COST: f64 = 2.0;

/// The key of a bigram (characters beyond the BMP never occur in the models).
pub(crate) fn key(a: char, b: char) -> u32 {
    ((a as u32 & 0xFFFF) << 16) | (b as u32 & 0xFFFF)
}

/// A model's language code.
pub(crate) fn lang(i: usize) -> &'static str {
    tables::LANG_CODES.get(i).copied().unwrap_or("")
}

/// Which models score a script.
pub(crate) fn script_of(i: usize) -> Option<ModelScript> {
    tables::SCRIPTS.get(i).copied()
}

/// The letter an Arabic presentation form (U+FE80–U+FEFC, which IBM864 writes) stands for:
/// the block lists each letter of U+0621–U+063A and U+0641–U+064A in order, with its 1, 2 or
/// 4 positional forms; the lam-alef ligatures count as lam.
fn arabic_base(c: char) -> char {
    const FORMS: [u8; 36] = [
        1, 2, 2, 2, 2, 4, 2, 4, 2, 4, 4, 4, 4, 4, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
        4, 4, 4, 2, 2, 4,
    ];
    let mut at = 0xFE80u32;
    let v = u32::from(c);
    for (i, &n) in FORMS.iter().enumerate() {
        at += u32::from(n);
        if v < at {
            let i = i as u32;
            let base = if i < 26 { 0x0621 + i } else { 0x0641 + i - 26 };
            return char::from_u32(base).unwrap_or(c);
        }
    }
    '\u{0644}'
}

/// True for an Arabic presentation form that joins the next letter (an initial or medial form):
/// at a word's end it is misplaced.
pub(crate) fn arabic_joins_next(c: char) -> bool {
    const FORMS: [u8; 36] = [
        1, 2, 2, 2, 2, 4, 2, 4, 2, 4, 4, 4, 4, 4, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
        4, 4, 4, 2, 2, 4,
    ];
    let v = u32::from(c);
    if !(0xFE80..=0xFEF4).contains(&v) {
        return false;
    }
    let mut at = 0xFE80u32;
    for &n in &FORMS {
        if v < at + u32::from(n) {
            return n == 4 && v - at >= 2;
        }
        at += u32::from(n);
    }
    false
}

/// What a decoded character is to the scorer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// A letter, folded as the models are (lower case; langdetect's folds for Vietnamese and
    /// Arabic).
    Letter(char),
    /// A word's edge: space, digit, ASCII punctuation.
    Edge,
    /// Punctuation beyond ASCII that text often holds (« » “ ” – € NBSP …): an edge, at a
    /// small cost.
    Punct,
    /// A combining mark (windows-1258 writes tones as marks).
    Mark(char),
    /// A symbol rarely met in text (box drawing, math …): an edge, at a cost.
    Symbol,
    /// A control character (other than TAB, LF, CR, FF), or an unmapped byte.
    Bad,
}

/// Cost of one punctuation mark beyond ASCII, one symbol, one control or unmapped byte (1 is
/// a bigram of noise), and of a letter touching a character that is not one beyond ASCII
/// (inside a word such a character is usually a misread letter).
pub(crate) const PUNCT_COST: f64 = 0.15;
pub(crate) const SYMBOL_COST: f64 = 1.0;
pub(crate) const BAD_COST: f64 = 2.0;
/// D12 as amended: a C1 control (U+0080–U+009F, NEL included) read from a byte above 7F costs
/// far more than the printable character another page makes of the byte (windows-1252's 85 is
/// `…`, ISO-8859-1's NEL).
pub(crate) const C1_COST: f64 = 6.0;
pub(crate) const TOUCH_COST: f64 = 2.5;
/// Issue 38: ’ or ‘ beside a letter, for each side it touches, in a language that writes no
/// elisions ([`quote_cost`]; the quote itself stays a word's edge, so that the bigrams around
/// an elision are the language's own). Two sides: more than a rare accent's two bigrams.
pub(crate) const QUOTE_COST: f64 = 2.0;

/// The languages that write an apostrophe inside or at the edge of words as a matter of
/// course: elisions (English "isn’t", French "l’homme", Italian, Catalan, Portuguese,
/// Irish, Welsh "i’r", Afrikaans "’n", Greek "σ’"), suffixes on names (Turkish
/// "İstanbul’da"), a letter of its own (Ukrainian and Belarusian "м’ясо", Maltese "ta’",
/// Somali's glottal stop).
const ELISION: [&str; 14] = [
    "en", "fr", "it", "ca", "pt", "ga", "cy", "af", "el", "tr", "uk", "be", "mt", "so",
];

/// The languages of [`ELISION`], a bit each.
fn elision_mask() -> u64 {
    static MASK: OnceLock<u64> = OnceLock::new();
    *MASK.get_or_init(|| {
        tables::LANG_CODES
            .iter()
            .enumerate()
            .filter(|(_, code)| ELISION.contains(code))
            .fold(0, |mask, (l, _)| {
                mask | 1u64.checked_shl(l as u32).unwrap_or(0)
            })
    })
}

/// Issue 38: ’ or ‘ beside a letter, for each side it touches, in a language that writes
/// elisions. An apostrophe is far rarer than the space whose bigrams it is priced with (an
/// edge): free, a page that reads an accent's byte as ’ split `naïve` into the English `na’ve`
/// and `geïnstalleerd` into `ge’nstalleerd`, two cheap words.
pub(crate) const ELISION_COST: f64 = 0.5;

/// What `quotes` (the cost of a window's quotes beside letters, [`QUOTE_COST`] a side) costs
/// language `l`: [`ELISION_COST`] a side in a language that writes elisions, all of it in
/// another.
pub(crate) fn quote_cost(l: usize, quotes: f64) -> f64 {
    let bit = u32::try_from(l)
        .ok()
        .and_then(|l| elision_mask().checked_shr(l));
    if bit.unwrap_or(0) & 1 != 0 {
        quotes * (ELISION_COST / QUOTE_COST)
    } else {
        quotes
    }
}
/// Cost of a lower-case letter followed by a capital, and of two letters of different scripts
/// side by side.
pub(crate) const CASE_COST: f64 = 8.0;
pub(crate) const MIX_COST: f64 = 4.0;

/// A letter's script, roughly, by Unicode block (0 Latin and anything not listed).
pub(crate) fn letter_script(c: char) -> u8 {
    match u32::from(c) {
        0x0370..=0x03FF | 0x1F00..=0x1FFF => 1,
        0x0400..=0x052F => 2,
        0x0530..=0x058F => 3,
        0x0590..=0x05FF | 0xFB1D..=0xFB4F => 4,
        0x0600..=0x06FF | 0x0750..=0x077F | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => 5,
        0x0E00..=0x0E7F => 6,
        0x10A0..=0x10FF => 7,
        _ => 0,
    }
}

/// Classifies a decoded character (`None`: unmapped).
pub(crate) fn class(c: Option<char>) -> Class {
    let Some(c) = c else { return Class::Bad };
    if c.is_alphabetic() {
        let l = c.to_lowercase().next().unwrap_or(c);
        let l = match l {
            '\u{1EA0}'..='\u{1EFF}' => '\u{1EC3}',
            '\u{06CC}' => '\u{064A}',
            '\u{FE80}'..='\u{FEFC}' => arabic_base(l),
            _ => l,
        };
        return Class::Letter(l);
    }
    match c {
        // NEL is a line end only where a page reads it from EBCDIC's 15 (`single.rs`); read
        // from a byte above 7F it is a C1 control like the others (D12 as amended).
        // ’ and ‘ stay free word edges: English, French, Italian and Greek write them inside
        // words, as elisions (issue 38 tried them as punctuation: Greek in ISO-8859-7 lost its
        // apostrophes to windows-1253's Ά, and no test of the issue gained).
        '\t' | '\n' | '\r' | '\u{0C}' | ' '..='~' | '’' | '‘' => Class::Edge,
        '\u{0E31}' | '\u{0E34}'..='\u{0E3A}' | '\u{0E47}'..='\u{0E4E}' => Class::Letter(c),
        '\u{0300}'..='\u{036F}' | '\u{0591}'..='\u{05C7}' | '\u{064B}'..='\u{065F}' => {
            Class::Mark(c)
        }
        '\0'..='\u{1F}' | '\u{7F}'..='\u{9F}' => Class::Bad,
        // ¥ is a symbol: text rarely holds it, and the byte that windows-1252 and ISO-8859-1
        // read as ¥ (A5) is the opening quote „ of ISO-8859-13 and -16 (Estonian „…“ in
        // ISO-8859-13 was named windows-1252, the quotes alone telling the pages apart).
        '\u{A0}'
        | '«'
        | '»'
        | '“'
        | '”'
        | '„'
        | '‚'
        | '–'
        | '—'
        | '…'
        | '•'
        | '·'
        | '€'
        | '£'
        | '°'
        | '§'
        | '©'
        | '®'
        | '¡'
        | '¿'
        | '№'
        | '‹'
        | '›'
        | '´'
        | '¢'
        | '\u{AD}'
        | '™'
        | '†'
        | '‰'
        | '\u{060C}'
        | '\u{061B}'
        | '\u{061F}'
        | '\u{066A}'..='\u{066D}'
        | '\u{0660}'..='\u{0669}'
        | '\u{06F0}'..='\u{06F9}'
        | '\u{0E3F}'
        | '\u{0E50}'..='\u{0E59}'
        | '\u{05F3}'
        | '\u{05F4}'
        | '\u{200C}'..='\u{200F}'
        | '\u{0387}'
        | '\u{0384}'
        | '\u{0385}' => Class::Punct,
        _ => Class::Symbol,
    }
}

#[cfg(test)]
mod tests {
    use super::super::models::MODELS;
    use super::*;

    #[test]
    fn models_are_whole_and_sorted() {
        for m in MODELS.iter() {
            assert_eq!(m.pairs.chars().count(), 2 * m.cost.len(), "{}", m.lang);
            assert!(m.cost.len() > 300, "{}", m.lang);
        }
        let idx = index();
        assert!(idx.pair(key(' ', 'a')).is_some_and(|e| !e.is_empty()));
    }

    /// Issue 38: a quote beside a letter costs only the languages that write no elisions.
    #[test]
    fn quotes_cost_where_no_elisions_are_written() {
        let at = |code: &str| MODELS.iter().position(|m| m.lang == code);
        for code in ["en", "fr", "it", "el", "uk"] {
            let l = at(code).unwrap_or(usize::MAX);
            assert_eq!(
                quote_cost(l, 4.0),
                4.0 * ELISION_COST / QUOTE_COST,
                "{code}"
            );
        }
        for code in ["nl", "de", "da", "lt", "sk"] {
            let l = at(code).unwrap_or(usize::MAX);
            assert_eq!(quote_cost(l, 4.0), 4.0, "{code}");
        }
        // Every listed language has a model.
        for code in ELISION {
            assert!(at(code).is_some(), "{code}");
        }
    }

    #[test]
    fn classes() {
        assert_eq!(class(Some('É')), Class::Letter('é'));
        assert_eq!(class(Some('7')), Class::Edge);
        assert_eq!(class(Some('»')), Class::Punct);
        assert_eq!(class(Some('╬')), Class::Symbol);
        assert_eq!(class(Some('¥')), Class::Symbol);
        assert_eq!(class(Some('\u{81}')), Class::Bad);
        assert_eq!(class(Some('\u{85}')), Class::Bad);
        assert_eq!(class(Some('’')), Class::Edge);
        assert_eq!(class(None), Class::Bad);
        // Arabic presentation forms read as their letters: alef, beh (final), yeh (initial),
        // lam-alef.
        assert_eq!(class(Some('\u{FE8E}')), Class::Letter('\u{0627}'));
        assert_eq!(class(Some('\u{FE90}')), Class::Letter('\u{0628}'));
        assert_eq!(class(Some('\u{FEF3}')), Class::Letter('\u{064A}'));
        assert_eq!(class(Some('\u{FEFB}')), Class::Letter('\u{0644}'));
        assert!(arabic_joins_next('\u{FEDF}') && arabic_joins_next('\u{FEE0}'));
        assert!(!arabic_joins_next('\u{FEDD}') && !arabic_joins_next('\u{FE8E}'));
    }
}
