//! Decision 50: pricing a window's single-byte pages from one another. Many pages read most
//! bytes alike (windows-1252 and ISO-8859-15 differ in eight, IBM850 and IBM858 in one), and a
//! window of noise holds every byte in a thousand different pairs, which every page priced
//! pair by pair. A page's pair counts (`price::tally`) and bigram sums
//! (`bigrams::bigrams_dense_shared`) are now an earlier page's, corrected on the pairs that hold
//! a byte the two read differently. The counts are whole numbers and the sums exact
//! (`price::differences_exact`), so the result is what every pair would give, to the bit.

use super::byte_set::{put, ByteSet};
use super::bytes::{self, Bytes};
use super::dense;
use super::lang::LANGS;
use super::pair_counts::PairCounts;
use super::single::{self, PageModel};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;

/// The bytes two pages read differently.
#[derive(Clone, Copy)]
struct Apart {
    /// With another pair code, or a letter other languages never write (what the first
    /// pass reads).
    codes: ByteSet,
    /// In another slot of the dense table of their script; every byte when their scripts
    /// differ (their sums are not comparable).
    slots: ByteSet,
}

const ALL: ByteSet = [u64::MAX; 4];

/// The bytes whose entries in `a` and `b` differ. Every page is compared with every other
/// once per run (about ninety pages, in each run that meets a code page): 64 bytes to a word,
/// without a branch, rather than byte by byte into a set.
fn differ<T: PartialEq>(a: &[T; 256], b: &[T; 256]) -> ByteSet {
    let mut set = [0; 4];
    for (w, (p, q)) in set
        .iter_mut()
        .zip(a.chunks_exact(64).zip(b.chunks_exact(64)))
    {
        // A byte (0 or 1) per entry in vector lanes, then each eight gathered into the top
        // byte of a product (byte k of `v` lands on bit 56 + k, and no two terms share a bit).
        let mut ne = [0u8; 64];
        for (o, (x, y)) in ne.iter_mut().zip(p.iter().zip(q)) {
            *o = u8::from(x != y);
        }
        let (eights, _) = ne.as_chunks::<8>();
        *w = eights.iter().enumerate().fold(0, |m, (k, e)| {
            let v = u64::from_le_bytes(*e);
            m | (v.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
        });
    }
    set
}

fn apart(a: Option<&PageModel>, b: Option<&PageModel>) -> Apart {
    let (Some(a), Some(b)) = (a, b) else {
        return Apart {
            codes: ALL,
            slots: ALL,
        };
    };
    let codes = differ(&a.reads, &b.reads);
    let table = a
        .script
        .filter(|&s| b.script == Some(s))
        .and_then(|s| dense::scripts().get(s.ordinal()));
    let slots = match table {
        Some(table) => differ(a.slots(table), b.slots(table)),
        None => ALL,
    };
    Apart { codes, slots }
}

/// How page `i` (its place in [`single::models`]) differs from every page, and the other
/// pages from the nearest to the farthest in each view.
struct Row {
    apart: Vec<Apart>,
    /// Places of the pages that read some byte alike, by how many bytes they read apart.
    by_codes: Vec<u16>,
    by_slots: Vec<u16>,
}

/// Different byte pairs priced by pages without a base so far in this process (each page of
/// a window prices the window's pairs, in each of the two views), after which the rows are worked out: building every page's row
/// costs about what pricing this many pairs does, so a process that ranks one small window
/// (a one-line legacy file) never builds them, and one that ranks many pays at most twice
/// (issue 42). Which way a page is priced changes only the time: the counts and sums are the
/// same to the bit (decision 50).
const ALONE_BUDGET: u64 = 50_000;

static ALONE: AtomicU64 = AtomicU64::new(0);
static ROWS_PAY: AtomicBool = AtomicBool::new(false);

/// True when the pages of a window of `pairs` byte pairs should be priced from one another.
fn rows_pay(pairs: u64) -> bool {
    if ROWS_PAY.load(Ordering::Relaxed) {
        return true;
    }
    let pay = ALONE.fetch_add(pairs, Ordering::Relaxed) >= ALONE_BUDGET;
    if pay {
        ROWS_PAY.store(true, Ordering::Relaxed);
    }
    pay
}

/// Page `i`'s [`Row`], worked out the first time a window prices it from another (a few
/// microseconds, once per page per run).
fn row(i: usize) -> Option<&'static Row> {
    static ROWS: OnceLock<Vec<OnceLock<Row>>> = OnceLock::new();
    let models = single::models();
    let rows = ROWS.get_or_init(|| models.iter().map(|_| OnceLock::new()).collect());
    rows.get(i).map(|r| {
        r.get_or_init(|| {
            let me = models.get(i).and_then(Option::as_ref);
            let apart: Vec<Apart> = models.iter().map(|o| apart(me, o.as_ref())).collect();
            // By size, then place (as a stable sort by size would give), each size counted once.
            // The first passes run in the registry's order, so their bases come before them
            // there: only those are listed (`nearest` would pass over the others at every
            // page). The sums run in the order of the bounds, and list every other page.
            let order = |view: View| {
                let mut places: Vec<(u32, u16)> = apart
                    .iter()
                    .enumerate()
                    .filter(|&(o, _)| o != i && (o < i || matches!(view, View::Slots)))
                    .filter_map(|(o, a)| {
                        let size = a.set(view).iter().map(|w| w.count_ones()).sum();
                        Some((size, u16::try_from(o).ok()?)).filter(|&(n, _)| n < 256)
                    })
                    .collect();
                places.sort_unstable();
                places.into_iter().map(|(_, o)| o).collect()
            };
            Row {
                by_codes: order(View::Codes),
                by_slots: order(View::Slots),
                apart,
            }
        })
    })
}

/// How many earlier pages [`Shared::nearest`] weighs over the window: the nearest ones over
/// all 256 bytes are nearly always the nearest over the window's, and which base is taken
/// changes only the time (the result is exact from any of them).
const WEIGHED: usize = 6;

/// Which view of the pages is shared.
#[derive(Clone, Copy)]
enum View {
    Codes,
    Slots,
}

impl Apart {
    fn set(&self, view: View) -> &ByteSet {
        match view {
            View::Codes => &self.codes,
            View::Slots => &self.slots,
        }
    }
}

/// Notes in `pos_of` that page `at` is at `pos` in its list.
fn mark(pos_of: &mut Vec<u16>, at: usize, pos: usize) {
    if pos_of.is_empty() {
        pos_of.resize(single::models().len(), 0);
    }
    if let (Some(o), Ok(p)) = (pos_of.get_mut(at), u16::try_from(pos + 1)) {
        *o = p;
    }
}

/// The start of `price::Tally::text`, a hash of each byte that occurs and its character.
pub(super) const TEXT_SEED: u64 = 0xcbf2_9ce4_8422_2325;

/// `price::Tally::text` after one more byte and its character (`0xFFFF_FFFF`: unmapped).
#[inline]
pub(super) fn text_step(text: u64, byte: u8, c: u64) -> u64 {
    (text ^ u64::from(byte) << 32 ^ c).wrapping_mul(0x100_0000_01B3)
}

/// What the pages of one window priced so far worked out.
#[derive(Default)]
pub(super) struct Shared<'a> {
    /// The bytes the window's pairs hold, as a set (worked out on first use).
    present: Option<ByteSet>,
    /// Each page's place, its pair counts and its alien letters' pairs per language.
    counts: Vec<(usize, PairCounts, [u32; LANGS])>,
    /// Each page's place, its slots and its bigram sums per language of its script.
    sums: Vec<(usize, &'a [u16; 256], [f64; LANGS])>,
    /// Each page's place in `counts` and in `sums`, plus one (0: not there), by its place in
    /// [`single::models`].
    counts_pos: Vec<u16>,
    sums_pos: Vec<u16>,
    /// [`text_step`] over the window's bytes below 80, each read as itself.
    low_text: Option<u64>,
    /// How many pages were worked out from another's (for the tests).
    #[cfg(test)]
    pub shortcuts: usize,
}

impl<'a> Shared<'a> {
    /// Room for `pages` pages' counts and sums.
    pub(super) fn for_pages(pages: usize) -> Shared<'a> {
        Shared {
            counts: Vec::with_capacity(pages),
            sums: Vec::with_capacity(pages),
            ..Shared::default()
        }
    }

    /// Among the earlier pages (`pos_of`: each page's place in the list of those kept, plus
    /// one; 0 for none), the page nearest to page `at` over the window, and the bytes of the
    /// window the two read differently: when the pairs holding them are well under half of the
    /// window's (each of them is worked out twice). Weighs the [`WEIGHED`] nearest over all
    /// bytes that are earlier.
    fn nearest(
        &mut self,
        at: usize,
        pos_of: &[u16],
        view: View,
        b: &Bytes,
    ) -> Option<(usize, ByteSet)> {
        // The bytes of the pairs: the window's, and the space before its first byte (its
        // first pair is read as following one).
        let present = *self.present.get_or_insert_with(|| {
            let mut set = [0; 4];
            put(&mut set, usize::from(b' '));
            for &x in &b.present {
                put(&mut set, usize::from(x));
            }
            set
        });
        if !rows_pay(b.pairs.len() as u64) {
            return None;
        }
        let row = row(at)?;
        let order = match view {
            View::Codes => &row.by_codes,
            View::Slots => &row.by_slots,
        };
        let mut best: Option<(usize, ByteSet, u32)> = None;
        let earlier = order.iter().filter_map(|&o| {
            let pos = pos_of.get(usize::from(o)).copied().unwrap_or(0);
            let a = row.apart.get(usize::from(o))?;
            (pos > 0).then(|| (usize::from(pos) - 1, a.set(view)))
        });
        for (pos, set) in earlier.take(WEIGHED) {
            let mut diff = [0; 4];
            for (d, (s, p)) in diff.iter_mut().zip(set.iter().zip(&present)) {
                *d = s & p;
            }
            let n = diff.iter().map(|w| w.count_ones()).sum();
            if best.is_none_or(|(.., m)| n < m) {
                best = Some((pos, diff, n));
            }
            if n == 0 {
                break;
            }
        }
        let (pos, diff, _) = best?;
        let redo: u64 = bytes::bits(diff)
            .filter(|&x| b.has_byte(x))
            .map(|x| u64::from(b.weight.get(x).copied().unwrap_or(0)))
            .sum();
        (redo * 5 < b.pair_total * 2).then_some((pos, diff))
    }

    /// The text hash of the window's bytes below 80 read as themselves (the start of every
    /// page that reads them so), worked out the first time a page asks.
    pub(super) fn low_text(&mut self, b: &Bytes) -> u64 {
        *self.low_text.get_or_insert_with(|| {
            let low = b.present.get(..b.present_high).unwrap_or_default();
            low.iter()
                .fold(TEXT_SEED, |t, &x| text_step(t, x, u64::from(x)))
        })
    }

    /// The nearest earlier page's first pass and model, and the bytes to redo.
    pub(super) fn counts_near(
        &mut self,
        m: &PageModel,
        b: &Bytes,
    ) -> Option<(PairCounts, [u32; LANGS], &'static PageModel, ByteSet)> {
        let pos_of = std::mem::take(&mut self.counts_pos);
        let near = self.nearest(m.at, &pos_of, View::Codes, b);
        self.counts_pos = pos_of;
        let (pos, diff) = near?;
        let &(at, counts, alien) = self.counts.get(pos)?;
        let base = single::models().get(at)?.as_ref()?;
        #[cfg(test)]
        {
            self.shortcuts += 1;
        }
        Some((counts, alien, base, diff))
    }

    pub(super) fn keep_counts(&mut self, m: &PageModel, counts: PairCounts, alien: [u32; LANGS]) {
        mark(&mut self.counts_pos, m.at, self.counts.len());
        self.counts.push((m.at, counts, alien));
    }

    /// The nearest earlier page's bigram sums and slots (of the same script), and the bytes
    /// to redo.
    pub(super) fn sums_near(
        &mut self,
        m: &PageModel,
        b: &Bytes,
    ) -> Option<([f64; LANGS], &'a [u16; 256], ByteSet)> {
        let pos_of = std::mem::take(&mut self.sums_pos);
        let near = self.nearest(m.at, &pos_of, View::Slots, b);
        self.sums_pos = pos_of;
        let (pos, diff) = near?;
        let &(_, slots, sums) = self.sums.get(pos)?;
        #[cfg(test)]
        {
            self.shortcuts += 1;
        }
        Some((sums, slots, diff))
    }

    pub(super) fn keep_sums(&mut self, m: &PageModel, slots: &'a [u16; 256], sums: [f64; LANGS]) {
        mark(&mut self.sums_pos, m.at, self.sums.len());
        self.sums.push((m.at, slots, sums));
    }
}

#[cfg(test)]
mod tests {
    use super::super::byte_set::has;
    use super::*;

    #[test]
    fn two_pages_read_a_byte_alike_when_its_numbers_are_equal() {
        let models: Vec<&PageModel> = single::models().iter().flatten().collect();
        assert!(models.len() > 50 && models.len() < 256);
        for a in &models {
            for b in &models {
                let set = differ(&a.reads, &b.reads);
                for x in 0..256 {
                    let (Some(p), Some(q)) = (a.codes.get(x), b.codes.get(x)) else {
                        continue;
                    };
                    let (Some(r), Some(s)) = (a.bytes.get(x), b.bytes.get(x)) else {
                        continue;
                    };
                    let apart = p.0 != q.0 || r.alien != s.alien;
                    assert_eq!(has(&set, x), apart, "{:?} {:?} {x:#x}", a.page, b.page);
                }
            }
        }
    }

    #[test]
    fn differ_finds_every_entry_that_differs() {
        let a: [u16; 256] = std::array::from_fn(|x| x as u16);
        for x in [0usize, 7, 8, 63, 64, 100, 191, 200, 255] {
            let mut b = a;
            if let Some(o) = b.get_mut(x) {
                *o = 999;
            }
            let mut want = [0; 4];
            put(&mut want, x);
            assert_eq!(differ(&a, &b), want, "{x}");
        }
        assert_eq!(differ(&a, &a), [0; 4]);
        assert_eq!(
            differ(&a, &[7u16; 256])
                .iter()
                .map(|w| w.count_ones())
                .sum::<u32>(),
            255
        );
    }
}
