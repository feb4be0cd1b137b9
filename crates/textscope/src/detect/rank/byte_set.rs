//! A set of byte values, which the window's statistics (`bytes.rs`), the pages' models
//! (`single.rs`) and the pricing of one page from another (`shared.rs`) all hold: below the
//! three (issue 37).

/// A set of byte values, one bit each.
pub(super) type ByteSet = [u64; 4];

pub(super) fn has(set: &ByteSet, x: usize) -> bool {
    set.get(x >> 6).is_some_and(|w| w >> (x & 63) & 1 != 0)
}

pub(super) fn put(set: &mut ByteSet, x: usize) {
    if let Some(w) = set.get_mut(x >> 6) {
        *w |= 1 << (x & 63);
    }
}
