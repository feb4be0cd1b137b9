//! The loop over runs of plain lines ([`ascii_lines`], classifiers in plain.rs): blocks whose
//! characters need only counting, with the tracker's line state in registers. Two copies: one
//! loops over each block's line endings; the other takes a block of short lines in a straight
//! step (decision 72). Writes through [`FastSink`].

use super::blocks::found;
use super::plain::PlainAscii;
use super::vector::{below, WIN};
use super::FastSink;
use crate::class::EndingKind;

/// Runs over blocks of printable ASCII and TAB with LF endings, or with CR LF endings (in
/// UTF-8 and single-byte code pages, bytes below 80; in UTF-16 and UTF-32, units), and of the
/// characters beyond ASCII that need no closer look (no problem, no finding, not NEL, LS or PS),
/// with the tracker's state in registers: a line's length is a difference of offsets less the
/// units that start no character (UTF-8 continuation bytes, low surrogates), so a block costs a
/// few instructions per line. Stops before the first block with anything else (or with the
/// other kind of ending), or where fewer than `WIN` bytes remain, and returns the bytes
/// consumed, which end at a character boundary. Everything it does is what `run` would do.
#[inline(always)]
pub(crate) fn ascii_lines<T: FastSink, P: PlainAscii>(
    p: &P,
    tr: &mut T,
    bytes: &[u8],
    base: u64,
) -> usize {
    let Some(win) = bytes.first_chunk::<WIN>() else {
        return 0;
    };
    let b = p.plain::<false>(win);
    if b.odd != 0 {
        0
    } else if b.cr != 0 {
        lines_either::<T, P, true>(p, tr, bytes, base)
    } else {
        lines_either::<T, P, false>(p, tr, bytes, base)
    }
}

/// [`lines_of`] with its loop, and once the lines turn out short, with its straight step:
/// two copies, so that long lines run the loop as if the step did not exist (in one copy,
/// checking for it cost ASCII text with long lines a tenth of its speed; decision 72).
#[inline(always)]
fn lines_either<T: FastSink, P: PlainAscii, const CRLF: bool>(
    p: &P,
    tr: &mut T,
    bytes: &[u8],
    base: u64,
) -> usize {
    let (n, short) = lines_of::<T, P, CRLF, false>(p, tr, bytes, base);
    if !short {
        return n;
    }
    let rest = bytes.get(n..).unwrap_or_default();
    n + lines_of::<T, P, CRLF, true>(p, tr, rest, base + n as u64).0
}

/// Lines shorter than this many bytes on average (a block and a half) are short: a block holds
/// one, two or none of their endings, and a loop over them mispredicts its exit where the
/// straight step of [`lines_of`] does not. Longer lines leave most blocks without an ending,
/// and there the loop costs less (decision 72).
const SHORT: u64 = 96;

/// [`ascii_lines`] with CR LF endings (`CRLF`) or LF endings; with the straight step for
/// blocks of short lines (`STRAIGHT`), or else returning as soon as the lines turn out short
/// (the bytes consumed, and true).
#[inline(always)]
fn lines_of<T: FastSink, P: PlainAscii, const CRLF: bool, const STRAIGHT: bool>(
    p: &P,
    tr: &mut T,
    bytes: &[u8],
    base: u64,
) -> (usize, bool) {
    let (w, s) = (P::W, P::S);
    // Bytes per mask bit, mask bits per block, and log2 of the unit's width.
    let step = w / s;
    let per_block = 64 / step;
    let shift = w.trailing_zeros();
    let kind = if CRLF {
        EndingKind::Crlf
    } else {
        EndingKind::Lf
    };
    let Some((mut h, seen)) = tr.ascii_lines_begin(base, kind, w as u64) else {
        return (0, false);
    };
    // Before the first ending of the kind, only blocks without one (a long first line).
    let no_ends = if seen { 0 } else { !0 };
    let line0 = h.line;
    let opens_line = tr.fast_at_line_start();
    let mut i = 0;
    // The block before ended with a CR (whose LF is this block's first unit); with a high
    // surrogate (whose low half is this block's first unit).
    let mut cr_before = false;
    let mut high_before = false;
    // Bytes of the units taken that start no character, and whether a character beyond ASCII
    // was taken.
    let mut cont_bytes = 0u64;
    let mut non_ascii = false;
    // A finding whose bytes go on into the next block (UTF-8): its place, offset, line and
    // column, listed once that block is taken. If the loop stops before it, the character is
    // given back ([`PlainAscii::partial`]) and the general path lists it; stopping the loop at
    // such a block instead sent a few KiB of text with zero-width joiners to the block loop.
    let mut pending: Option<(usize, u64, u64, u64)> = None;
    // Blocks that start before `straight_until` take the straight step: once the lines are
    // short on average and one of 64 characters or more was seen, up to the block in which a
    // checkpoint is due. Decided here, and again only where the loop finds a longer line or
    // takes a checkpoint (decision 72).
    let short = |line: u64, at: u64| line.saturating_mul(SHORT) >= at;
    let mut straight = h.beat >= 64 && short(h.line, base);
    if straight && !STRAIGHT {
        return (0, true);
    }
    let until = |straight: bool, next_at: u64| {
        if straight {
            next_at.saturating_sub(64)
        } else {
            0
        }
    };
    let mut straight_until = until(straight, h.next_at);
    while let Some(win) = bytes.get(i..).and_then(|b| b.first_chunk::<WIN>()) {
        // A hint past the end of `bytes` is harmless (decision 53).
        super::prefetch(bytes.as_ptr().wrapping_add(i + P::AHEAD));
        let b = if non_ascii {
            p.plain::<true>(win)
        } else {
            p.plain::<false>(win)
        };
        let endings_ok = if CRLF {
            // Every CR is followed by an LF, and every LF preceded by a CR.
            let lf_next = (b.lf >> s) | (u64::from(b.lf_after) << (per_block - s));
            b.cr & !lf_next == 0 && b.lf & !((b.cr << s) | u64::from(cr_before)) == 0
        } else {
            b.cr == 0
        };
        if b.odd != 0
            || (b.needs_high_before && !high_before)
            || !endings_ok
            || (b.lf | b.cr) & no_ends != 0
        {
            break;
        }
        if let Some((at, offset, line, column)) = pending.take() {
            found_at(tr, bytes, at, offset, line, column);
        }
        if i == 0 && opens_line && base >= h.next_at {
            // The first block opens a line: a checkpoint if one is due.
            h.next_at = tr.fast_checkpoint(h.line, base);
            straight_until = until(straight, h.next_at);
        }
        let at = base + i as u64;
        if STRAIGHT && at < straight_until {
            // A block of short lines, without a branch per line: every line that ends in it
            // but the first also began in it, so it has fewer than 64 units and cannot be the
            // longest (L5); no checkpoint is due in it. So the first line's length, the
            // count, and where the last one starts are all the loop needs (decision 72).
            let mut found = b.found;
            while found != 0 {
                // A finding and nothing else (decision 59): its line starts after the last LF
                // before it in the block, or where the block's first line starts.
                let p = found.trailing_zeros() as usize;
                let lfs = b.lf & below(p);
                let (line, start, from) = if lfs == 0 {
                    (h.line, h.line_start, 0)
                } else {
                    let q = 63 - lfs.leading_zeros() as usize;
                    let line = h.line + u64::from(lfs.count_ones());
                    (line, at + (q * step + w) as u64, q + 1)
                };
                let cont = b.cont & below(p) & !below(from);
                let start = start + u64::from(cont.count_ones()) * w as u64;
                let offset = at + (p * step) as u64;
                let column = ((offset - start) >> shift) + 1;
                if w == 1 && p + utf8_len(bytes, i + p) > 64 {
                    pending = Some((i + p, offset, line, column));
                } else {
                    found_at(tr, bytes, i + p * step, offset, line, column);
                }
                found &= found - 1;
            }
            let cont = u64::from(b.cont.count_ones()) * w as u64;
            cont_bytes += cont;
            // With no LF (`first` 64), the length is not used and the line goes on.
            let first = b.lf.trailing_zeros() as usize;
            let before = u64::from((b.cont & below(first)).count_ones()) * w as u64;
            let lf = at + (first * step) as u64;
            let n = (lf.wrapping_sub(h.line_start + before) >> shift).wrapping_sub(u64::from(CRLF));
            if b.lf != 0 && n >= h.beat {
                h.beat = n + 1;
                h.longest_line = h.line;
            }
            h.line += u64::from(b.lf.count_ones());
            let last = 63usize.wrapping_sub(b.lf.leading_zeros() as usize);
            let after = u64::from((b.cont & !below(last.wrapping_add(1))).count_ones()) * w as u64;
            let next_start =
                (at + after).wrapping_add(last.wrapping_mul(step).wrapping_add(w) as u64);
            h.line_start = if b.lf == 0 {
                h.line_start + cont
            } else {
                next_start
            };
        } else {
            let mut ends = b.lf | b.found;
            // `line_start` moves on by the bytes of each unit that starts no character, so that
            // the distance from it to an ending stays the line's characters.
            let mut cont = b.cont;
            while ends != 0 {
                if cont != 0 {
                    let before = cont & ((ends & ends.wrapping_neg()) - 1);
                    let n = u64::from(before.count_ones()) * w as u64;
                    h.line_start += n;
                    cont_bytes += n;
                    cont &= !before;
                }
                let p = ends.trailing_zeros() as usize;
                if b.found >> p & 1 != 0 {
                    // A finding and nothing else (decision 59): the characters before it on its
                    // line give its column.
                    let offset = at + (p * step) as u64;
                    let column = ((offset - h.line_start) >> shift) + 1;
                    if w == 1 && p + utf8_len(bytes, i + p) > 64 {
                        pending = Some((i + p, offset, h.line, column));
                    } else {
                        found_at(tr, bytes, i + p * step, offset, h.line, column);
                    }
                    ends &= ends - 1;
                    continue;
                }
                let lf = at + u64::from(ends.trailing_zeros()) * step as u64;
                let n = (lf - h.line_start) >> shift;
                let n = n - u64::from(CRLF);
                // L5: the first of the longest lines.
                if n >= h.beat {
                    h.beat = n + 1;
                    h.longest_line = h.line;
                    straight = h.beat >= 64 && short(h.line, lf);
                    straight_until = until(straight, h.next_at);
                }
                h.line += 1;
                // A unit follows (the window reaches 4 bytes past the block).
                h.line_start = lf + w as u64;
                if h.line_start >= h.next_at {
                    h.next_at = tr.fast_checkpoint(h.line, h.line_start);
                    straight_until = until(straight, h.next_at);
                }
                ends &= ends - 1;
            }
            if cont != 0 {
                let n = u64::from(cont.count_ones()) * w as u64;
                h.line_start += n;
                cont_bytes += n;
            }
        }
        non_ascii |= b.non_ascii;
        cr_before = CRLF && (b.cr >> (per_block - s)) & 1 != 0;
        high_before = b.high_at_end;
        i += 64;
    }
    // A CR whose LF was not reached stays for the general path; so does a character that goes
    // on past the last block (its lead unit, and its continuation units before the cut).
    let i = if cr_before {
        i - w
    } else if i == 0 {
        0
    } else {
        let k = p.partial(bytes, i);
        let back = (k as u64).saturating_sub(w as u64);
        h.line_start -= back;
        cont_bytes -= back;
        i - k
    };
    if i == 0 {
        return (0, false); // not one block: the tracker is as it was
    }
    let end = base + i as u64;
    // The characters are the units that start one.
    tr.ascii_lines_end(h, kind, line0, end, i as u64 - cont_bytes, w as u64);
    if non_ascii {
        tr.fast_done(0, end, true);
    }
    (i, straight && !STRAIGHT)
}

/// The character [`found`] finds at `bytes[at..]`, handed to `tr` with its line and column,
/// which the loop knows (the sink's own are not up to date inside a run of plain lines).
#[cold]
#[inline(never)]
fn found_at<T: FastSink>(tr: &mut T, bytes: &[u8], at: usize, offset: u64, line: u64, column: u64) {
    if let Some((c, seq)) = found(bytes, at) {
        tr.fast_found(c, offset, seq, line, column);
    }
}

/// The length of the UTF-8 sequence whose lead byte is `bytes[at]` (1 for ASCII).
#[inline(always)]
fn utf8_len(bytes: &[u8], at: usize) -> usize {
    bytes
        .get(at)
        .map_or(1, |b| (b.leading_ones() as usize).max(1))
}
