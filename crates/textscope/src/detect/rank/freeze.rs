//! Issue 42 (decision 129): the tables of D12 that follow from the models alone, worked out
//! here and written as statics into `tables.rs` (`scripts/gen-tables.sh`), so that a process
//! reads them rather than building them. A test holds `tables.rs` equal to what this module
//! writes from the models of this tree, so the statics cannot drift from the builder.
//!
//! Test code only: the builder is the reference, the statics are what runs.

use super::exact::{bits, with_unit};
use super::lang::{key, letter_script, ALIEN_COST, LANGS};
use super::model::ModelScript;
use super::models::MODELS;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hasher for the `u32` keys (two BMP characters): no DoS concern here, the
/// keys come from the program's own tables.
#[derive(Default)]
struct PairHasher(u64);
impl Hasher for PairHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = u64::from(n).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 16;
    }
}

type PairMap<V> = HashMap<u32, V, BuildHasherDefault<PairHasher>>;

/// The index of `lang.rs` as the models give it: every bigram, with the languages that have it.
///
/// Costs are made comparable across languages and scripts: a bigram's cost `c` (in nats) in
/// language L becomes `(c - H) / (U - H)`, where `H` is the mean cost of L's own text (its
/// entropy over the bigrams) and `U` the mean cost of a bigram drawn at random from L's
/// alphabet (the letters of its script it writes, [`ALPHABET_SHARE`]). Text in L then costs
/// about 0 per bigram and noise about 1, whatever the size of the alphabet or the spread of
/// the language's bigrams.
struct Built {
    /// (language index, normalised cost minus that language's normalised floor: never positive).
    pairs: PairMap<Vec<(u8, f32)>>,
    /// The normalised cost of a bigram a language does not have.
    floor: [f32; LANGS],
    /// For each letter, the languages whose bigrams hold it (bit `l` for language `l`).
    alphabet: PairMap<u64>,
    /// For each letter of a model's own script, the languages that write it commonly (at
    /// least [`COMMON_SHARE`] of their letters): a page that cannot write one of them was not
    /// made for the language (issue 38, `lang::FOREIGN_PAGE_COST`).
    common: PairMap<u64>,
    /// The bigrams of ASCII letters and word edges, priced for telling the language of the
    /// window's ASCII text: (language index, cost minus the language's floor), where a cost
    /// is the model's own `-ln p` divided by one scale for every language ([`ASCII_SCALE`]).
    /// Choosing a language by the normalised costs above favours languages with many
    /// letters beyond ASCII (their own text is more varied, so ASCII text looks plain to
    /// them: Slovak beat Esperanto on Esperanto); the likelihood itself does not. By the
    /// bigram's place among the 27 × 27 ([`ascii_place`]), so that a window's few hundred
    /// ASCII bigrams are looked up without hashing.
    ascii_pairs: Vec<Vec<(u8, f32)>>,
    /// The cost of an ASCII bigram a language does not have, on the same scale.
    ascii_floor: [f32; LANGS],
}

/// The index, worked out from the models (what `tables.rs` holds).
fn build() -> Built {
    {
        let mut floor = [0f32; LANGS];
        let mut ascii_floor = [0f32; LANGS];
        // Some 7,500 different bigrams: room for them from the start, not grown step by step.
        let mut pairs: PairMap<Vec<(u8, f32)>> =
            PairMap::with_capacity_and_hasher(8192, Default::default());
        let mut ascii_pairs: Vec<Vec<(u8, f32)>> = vec![Vec::new(); 27 * 27];
        let mut letters: PairMap<u64> = PairMap::default();
        let mut common: PairMap<u64> = PairMap::default();
        // A cost is one of 256 values: each one's probability worked out once.
        let probability: Vec<f64> = (0..=u8::MAX)
            .map(|c| (-(f64::from(c) / 8.0)).exp())
            .collect();
        let mut seen = vec![0u64; 0x1_0000 / 64];
        for (li, m) in MODELS.iter().enumerate() {
            let max = m.cost.iter().copied().max().unwrap_or(0);
            // An unseen bigram: rarer than the rarest kept, by a nat (the profiles keep only
            // the commoner bigrams, so an unseen one is often merely rare).
            let f = f64::from(max) / 8.0 + 1.0;
            let cost = |c: u8| f64::from(c) / 8.0;
            let (mut mass, mut h) = (0f64, 0f64);
            for &c in m.cost {
                let p = probability.get(usize::from(c)).copied().unwrap_or(0.0);
                mass += p;
                h += p * cost(c);
            }
            let h = h / mass.max(f64::MIN_POSITIVE);
            let chars: Vec<char> = m.pairs.chars().collect();
            // Each letter's share of the language's letters, from the bigrams kept (half a
            // bigram's probability to each of its two characters).
            let mut share: PairMap<f64> = PairMap::default();
            for (pair, &c) in chars.chunks_exact(2).zip(m.cost) {
                let p = probability.get(usize::from(c)).copied().unwrap_or(0.0) / mass;
                for &x in pair {
                    if x != ' ' {
                        *share.entry(x as u32).or_default() += p / 2.0;
                    }
                }
            }
            for (&x, &p) in &share {
                let own = char::from_u32(x).is_some_and(|c| of_script(c, m.script));
                if own && p >= COMMON_SHARE {
                    *common.entry(x).or_default() |= 1u64 << li;
                }
            }
            // The model's different characters, in the order met (only their set and count
            // matter), through a bit per BMP character rather than a sort of every one.
            let mut alphabet: Vec<char> = Vec::new();
            for &c in &chars {
                let v = c as usize;
                match seen.get_mut(v >> 6) {
                    Some(w) if *w >> (v & 63) & 1 == 0 => {
                        *w |= 1 << (v & 63);
                        alphabet.push(c);
                    }
                    Some(_) => {}
                    None if !alphabet.contains(&c) => alphabet.push(c),
                    None => {}
                }
            }
            for &c in &alphabet {
                if let Some(w) = seen.get_mut(c as usize >> 6) {
                    *w = 0;
                }
            }
            for &c in &alphabet {
                if c != ' ' {
                    *letters.entry(c as u32).or_default() |= 1u64 << li;
                }
            }
            // The alphabet the random bigram is drawn from: the letters of the language's own
            // script that it writes at all often ([`ALPHABET_SHARE`]), and the word's edge.
            // Issue 38: counting every character the training text held (the Cyrillic of
            // names in the Lithuanian, Estonian, Slovene, Romanian and Catalan Wikipedia: 60 to
            // 94 characters) made `U` of those languages half again larger than German's or
            // Italian's, so that a misread letter cost them two thirds as much, and a Western
            // word with one accent read better as Lithuanian or Latvian (`più` as ISO-8859-4's
            // `pių`).
            let writes = |c: char| {
                c == ' '
                    || share.get(&(c as u32)).is_some_and(|&p| p >= ALPHABET_SHARE)
                        && of_script(c, m.script)
            };
            let a = alphabet.iter().filter(|&&c| writes(c)).count() as f64;
            let all = (a * a).max(1.0);
            let (mut kept, mut n) = (0f64, 0f64);
            for (pair, &c) in chars.chunks_exact(2).zip(m.cost) {
                if pair.iter().all(|&x| writes(x)) {
                    kept += cost(c);
                    n += 1.0;
                }
            }
            let u = (kept + (all - n).max(0.0) * f) / all;
            let scale = (u - h).max(0.5);
            let norm = |c: f64| ((c - h) / scale) as f32;
            // The unseen bigram's cost, normalised once per model rather than twice a bigram.
            let unseen = norm(f);
            if let Some(slot) = floor.get_mut(li) {
                *slot = unseen;
            }
            if let Some(slot) = ascii_floor.get_mut(li) {
                *slot = (f / ASCII_SCALE) as f32;
            }
            for (pair, &c) in chars.chunks_exact(2).zip(m.cost) {
                if let [x, y] = *pair {
                    // langdetect folds the 48 lower-case Vietnamese letters of U+1EA0–U+1EFF
                    // into U+1EC3: a bigram holding it stands for 48 bigrams, each rarer.
                    let folded = [x, y].iter().filter(|&&c| c == '\u{1EC3}').count() as f64;
                    let c = cost(c) + folded * 48f64.ln();
                    if let Some(list) = ascii_place(x)
                        .zip(ascii_place(y))
                        .and_then(|(a, b)| ascii_pairs.get_mut(27 * a + b))
                    {
                        list.push((li as u8, ((c.min(f) - f) / ASCII_SCALE) as f32));
                    }
                    pairs
                        .entry(key(x, y))
                        .or_default()
                        .push((li as u8, norm(c).min(unseen) - unseen));
                }
            }
        }
        Built {
            pairs,
            floor,
            alphabet: letters,
            common,
            ascii_pairs,
            ascii_floor,
        }
    }
}

/// The place of an ASCII letter (`a`–`z`: 0–25) or of a word's edge (' ': 26) among the
/// ASCII bigrams' letters; `None` for any other character.
fn ascii_place(c: char) -> Option<usize> {
    match c {
        'a'..='z' => Some(c as usize - 'a' as usize),
        ' ' => Some(26),
        _ => None,
    }
}

/// Nats of likelihood that count as one unit of the normalised scale when the languages are
/// compared on the window's ASCII text (about the models' typical `U - H`).
const ASCII_SCALE: f64 = 4.0;

/// The share of a language's letters at which a letter is one the language writes commonly
/// (German ß, Dutch ë, Portuguese õ, Norwegian æ are; French ê and Italian ù are not): about
/// one letter in two thousand.
const COMMON_SHARE: f64 = 0.0005;

/// The share of a language's letters at which a letter counts in the alphabet that `U`, the
/// cost of noise, is worked out over ([`build`]): one letter in ten thousand, so that French
/// keeps its ï and û but Lithuanian loses the Cyrillic of the names its training text held.
const ALPHABET_SHARE: f64 = 0.0001;

/// True when `c` is a letter of `script`'s own block (a Latin model's Cyrillic loanwords and
/// a Somali model's Arabic script do not count among its letters).
fn of_script(c: char, script: ModelScript) -> bool {
    let block = letter_script(c);
    match script {
        ModelScript::Latin => {
            block == 0 && (u32::from(c) < 0x0250 || ('\u{1E00}'..='\u{1EFF}').contains(&c))
        }
        ModelScript::Greek => block == 1,
        ModelScript::Cyrillic => block == 2,
        ModelScript::Hebrew => block == 4,
        ModelScript::Arabic => block == 5,
        ModelScript::Thai => block == 6,
    }
}

/// What the bigram costs allow (`price.rs`): each language's lowest bigram cost (relative to its
/// floor, so never positive: no text can cost less per bigram), the largest size of a bigram's
/// cost, and the unit every bigram's cost and half the alien cost are whole multiples of when a
/// pair count times any of them is exact (`None`: not so).
fn bounds(index: &Built) -> ([f64; LANGS], f64, Option<i32>) {
    let mut cheapest = [0f64; LANGS];
    let mut largest = ALIEN_COST;
    // A count is below 2^18 (a window's pairs, or a byte's); its product with a cost is exact
    // when the cost has at most 53 - 18 significant bits.
    let mut unit = bits(ALIEN_COST / 2.0)
        .filter(|&(_, n)| n <= 35)
        .map(|(e, _)| e);
    for list in index.pairs.values() {
        for &(l, d) in list {
            let d = f64::from(d);
            if let Some(o) = cheapest.get_mut(usize::from(l)) {
                *o = o.min(d);
            }
            largest = largest.max(d.abs());
            unit = with_unit(unit, d);
        }
    }
    (cheapest, largest, unit)
}

/// The unit every ASCII cost (a floor or a bigram's) is a whole multiple of, when a count times
/// any of them is exact (`None`: not so), and the largest size of one (`bytes.rs`).
fn ascii_bounds(index: &Built) -> (Option<i32>, f64) {
    let costs = index.ascii_pairs.iter().flatten().map(|&(_, d)| d);
    let (mut unit, mut largest) = (Some(i32::MAX), 0f64);
    for v in index
        .ascii_floor
        .iter()
        .copied()
        .chain(costs)
        .map(f64::from)
    {
        largest = largest.max(v.abs());
        unit = with_unit(unit, v);
    }
    (unit, largest)
}

/// One static array, its values in `Debug` form (which reads back as the same bits, for the
/// floats too), wrapped at 100 columns.
fn array<T: std::fmt::Debug>(out: &mut String, doc: &str, name: &str, ty: &str, items: &[T]) {
    let _ = writeln!(out, "\n/// {doc}");
    let _ = writeln!(out, "pub(super) static {name}: [{ty}; {}] = [", items.len());
    let mut line = String::new();
    for x in items {
        let item = format!("{x:?},");
        if !line.is_empty() && line.len() + 1 + item.len() > 96 {
            let _ = writeln!(out, "    {line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&item);
    }
    if !line.is_empty() {
        let _ = writeln!(out, "    {line}");
    }
    out.push_str("];\n");
}

/// The text of `tables.rs`: the index's maps as sorted keys beside their values, each bigram's
/// languages and costs as runs of two flat arrays (`PAIR_AT[i]..PAIR_AT[i + 1]`).
fn render() -> String {
    let index = build();
    let (cheapest, largest, unit) = bounds(&index);
    let mut out = String::from(
        "// Generated by scripts/gen-tables.sh from the models (`models.rs`), through\n\
         // `freeze.rs`; do not edit.\n\
         \n\
         //! Issue 42 (decision 129): the index of `lang.rs` and the bounds of `price.rs` as\n\
         //! statics, read by every process rather than built by it.\n\
         \n\
         #![allow(clippy::unreadable_literal, clippy::approx_constant, clippy::excessive_precision)]\n\
         \n\
         use super::model::ModelScript;\n",
    );
    let _ = writeln!(out, "\n/// Number of languages.");
    let _ = writeln!(out, "pub(super) const LANGS: usize = {};", MODELS.len());
    let codes: Vec<&str> = MODELS.iter().map(|m| m.lang).collect();
    array(
        &mut out,
        "Each model's language code.",
        "LANG_CODES",
        "&str",
        &codes,
    );
    let scripts: Vec<String> = MODELS
        .iter()
        .map(|m| format!("ModelScript::{:?}", m.script))
        .collect();
    // `Debug` of a String quotes it: the variants are written bare.
    let mut text = String::new();
    array(
        &mut text,
        "Each model's script.",
        "SCRIPTS",
        "ModelScript",
        &scripts,
    );
    out.push_str(&text.replace('"', ""));
    let mut keys: Vec<u32> = index.pairs.keys().copied().collect();
    keys.sort_unstable();
    let (mut at, mut langs, mut costs) = (vec![0u32], Vec::new(), Vec::new());
    for k in &keys {
        for &(l, d) in index.pairs.get(k).map_or(&[][..], Vec::as_slice) {
            langs.push(l);
            costs.push(d);
        }
        at.push(langs.len() as u32);
    }
    array(
        &mut out,
        "Every bigram's key (`lang::key`), in increasing order.",
        "PAIR_KEYS",
        "u32",
        &keys,
    );
    array(
        &mut out,
        "Where each bigram's languages start in `PAIR_LANG` and `PAIR_COST` (one more at the end).",
        "PAIR_AT",
        "u32",
        &at,
    );
    array(
        &mut out,
        "The languages that have each bigram, in increasing order.",
        "PAIR_LANG",
        "u8",
        &langs,
    );
    array(
        &mut out,
        "Their costs: normalised, less the language's floor (never positive).",
        "PAIR_COST",
        "f32",
        &costs,
    );
    array(
        &mut out,
        "Each language's normalised cost of a bigram it does not have.",
        "FLOOR",
        "f32",
        &index.floor,
    );
    for (name, map, doc) in [
        (
            "LETTER",
            &index.alphabet,
            "each letter of the models, the languages whose bigrams hold it",
        ),
        (
            "COMMON",
            &index.common,
            "each letter of a model's own script, the languages that write it commonly",
        ),
    ] {
        let mut entries: Vec<(u32, u64)> = map.iter().map(|(&c, &m)| (c, m)).collect();
        entries.sort_unstable();
        let (cs, ms): (Vec<u32>, Vec<u64>) = entries.into_iter().unzip();
        array(
            &mut out,
            &format!("For {doc}: the letters, in increasing order."),
            &format!("{name}_KEYS"),
            "u32",
            &cs,
        );
        array(
            &mut out,
            "And the languages (bit `l` for language `l`).",
            &format!("{name}_LANGS"),
            "u64",
            &ms,
        );
    }
    let (mut at, mut langs, mut costs) = (vec![0u32], Vec::new(), Vec::new());
    for list in &index.ascii_pairs {
        for &(l, d) in list {
            langs.push(l);
            costs.push(d);
        }
        at.push(langs.len() as u32);
    }
    array(&mut out, "Where each ASCII bigram's languages start (by `freeze::ascii_place`, 27 x 27, one more at the end).", "ASCII_AT", "u32", &at);
    array(
        &mut out,
        "The languages that have each ASCII bigram.",
        "ASCII_LANG",
        "u8",
        &langs,
    );
    array(
        &mut out,
        "Their costs on the ASCII scale, less the language's floor.",
        "ASCII_COST",
        "f32",
        &costs,
    );
    array(
        &mut out,
        "Each language's cost of an ASCII bigram it does not have.",
        "ASCII_FLOOR",
        "f32",
        &index.ascii_floor,
    );
    array(
        &mut out,
        "Each language's lowest bigram cost, relative to its floor.",
        "CHEAPEST",
        "f64",
        &cheapest,
    );
    let _ = writeln!(
        out,
        "\n/// The largest size of a bigram's cost (at least the alien cost)."
    );
    let _ = writeln!(out, "pub(super) const LARGEST: f64 = {largest:?};");
    let _ = writeln!(out, "\n/// The unit every bigram's cost and half the alien cost are whole multiples of, when a count");
    let _ = writeln!(out, "/// times any of them is exact (`None`: not so).");
    let _ = writeln!(out, "pub(super) const UNIT: Option<i32> = {unit:?};");
    let (ascii_unit, ascii_largest) = ascii_bounds(&index);
    let _ = writeln!(
        out,
        "\n/// The same unit for the ASCII costs (`bytes.rs`), and the largest size of one."
    );
    let _ = writeln!(
        out,
        "pub(super) const ASCII_UNIT: Option<i32> = {ascii_unit:?};"
    );
    let _ = writeln!(
        out,
        "pub(super) const ASCII_LARGEST: f64 = {ascii_largest:?};"
    );
    out
}

/// Issue 42: the statics are what the builder makes of the models of this tree. When the
/// models or the builder change, `scripts/gen-tables.sh` writes them again.
#[test]
fn the_tables_are_what_the_models_give() {
    let fresh = render();
    let kept = include_str!("tables.rs");
    let first = fresh.lines().zip(kept.lines()).position(|(a, b)| a != b);
    assert!(
        fresh == kept,
        "tables.rs is not what the models give (first difference at line {}): run \
         scripts/gen-tables.sh",
        first.map_or(fresh.lines().count().min(kept.lines().count()), |i| i) + 1
    );
}

/// Writes `tables.rs` (`scripts/gen-tables.sh` runs it).
#[test]
#[ignore = "writes src/detect/rank/tables.rs: run by scripts/gen-tables.sh"]
fn write_tables() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/detect/rank/tables.rs");
    if let Err(e) = std::fs::write(path, render()) {
        panic!("{path}: {e}");
    }
}
