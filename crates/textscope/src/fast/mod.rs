//! The fast path: stretches of ordinary text — valid characters, LF, CR LF and CR endings, no
//! problem and no finding — are classified 64 bytes at a time with vector instructions and
//! handed to the tracker in bulk (lines, characters, index checkpoints). Everything else goes
//! through the decoder and the tracker one character at a time, as before, so the report is
//! the same whichever way a byte went; the tests compare every [`Kernel`] with [`Kernel::Off`].
//!
//! The one `unsafe` part of the core lives here, one file per target (x86/, neon.rs, wasm.rs), each
//! with its safety argument; scalar.rs is the portable twin.

mod blocks;
mod check;
mod edges;
mod kernel;
#[cfg(all(
    target_arch = "aarch64",
    target_feature = "neon",
    target_endian = "little"
))]
mod neon;
mod plain;
mod plain_lines;
mod quiet;
mod scalar;
mod sink;
mod vector;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm;
#[cfg(target_arch = "x86_64")]
mod x86;

use crate::decode::Decoder;
use blocks::run;
use edges::{char_len, last_char};
use kernel::{Legacy, Utf16, Utf32, Utf8};
use plain::{PlainLegacy, PlainUtf16, PlainUtf32, PlainUtf8};
pub(crate) use sink::{AsciiLines, FastSink};
use std::marker::PhantomData;

/// Which implementation of the fast path analyzes ordinary text. Every choice gives the same
/// report; they differ in speed. For benchmarks and tests; [`Kernel::Auto`] is the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// The fastest this processor has (on a target without a vector kernel: [`Kernel::Off`]).
    #[default]
    Auto,
    /// AVX-512BW (x86-64).
    Avx512,
    /// AVX2 (x86-64).
    Avx2,
    /// SSE2 (every x86-64 processor).
    Sse2,
    /// NEON (aarch64, little-endian).
    Neon,
    /// WebAssembly SIMD (wasm32 built with `+simd128`).
    Simd128,
    /// Portable code, a unit at a time.
    Scalar,
    /// No fast path: every character goes through the decoder and the tracker one by one
    /// (the reference the others are tested against).
    Off,
}

impl Kernel {
    /// Every kernel, best first.
    pub const ALL: [Kernel; 7] = [
        Kernel::Avx512,
        Kernel::Avx2,
        Kernel::Sse2,
        Kernel::Neon,
        Kernel::Simd128,
        Kernel::Scalar,
        Kernel::Off,
    ];

    /// Its name, as benchmarks print it.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Auto => "auto",
            Kernel::Avx512 => "avx512",
            Kernel::Avx2 => "avx2",
            Kernel::Sse2 => "sse2",
            Kernel::Neon => "neon",
            Kernel::Simd128 => "simd128",
            Kernel::Scalar => "scalar",
            Kernel::Off => "off",
        }
    }

    /// True when this processor (or this build, for wasm) can run it.
    pub fn is_available(self) -> bool {
        match self {
            Kernel::Auto | Kernel::Scalar | Kernel::Off => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => x86::avx512_detected(),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => x86::avx2_detected(),
            #[cfg(target_arch = "x86_64")]
            Kernel::Sse2 => true,
            Kernel::Neon => cfg!(all(
                target_arch = "aarch64",
                target_feature = "neon",
                target_endian = "little"
            )),
            Kernel::Simd128 => cfg!(all(target_arch = "wasm32", target_feature = "simd128")),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The kernels this machine runs, best first (always ending with scalar and off).
    pub fn available() -> Vec<Kernel> {
        Kernel::ALL
            .into_iter()
            .filter(|k| k.is_available())
            .collect()
    }

    /// The kernel that runs when this one is asked for: `Auto` is the best vector kernel
    /// available (else `Off`); one that is not available falls back to scalar.
    pub fn resolve(self) -> Kernel {
        match self {
            // Without vector instructions the character-at-a-time path is the faster one on
            // ASCII-heavy text, so it is the default there; scalar stays the tested twin.
            Kernel::Auto => Kernel::ALL
                .into_iter()
                .find(|k| k.is_available())
                .filter(|&k| k != Kernel::Scalar)
                .unwrap_or(Kernel::Off),
            k if k.is_available() => k,
            _ => Kernel::Scalar,
        }
    }
}

/// What the fast path runs over: the format, and for a single-byte code page which bytes above
/// 7F it must leave to the decoder.
pub(crate) enum Job {
    Utf8,
    Utf16 { be: bool },
    Utf32 { be: bool },
    Legacy { high_stops: vector::HighStops },
}

/// UTF-8 is validated (simdutf8) this many bytes ahead of a classifier that does not check the
/// sequences itself, at most.
const PIECE: usize = 64 * 1024;

/// Whether the classifier `run_job` picks for `kernel` checks UTF-8 sequences itself
/// ([`vector::Bytes64::CHECKS_UTF8`]). Where unsure, false: validating ahead a stretch that the
/// classifier checks again costs time, not correctness.
fn checks_utf8(kernel: Kernel) -> bool {
    match kernel {
        Kernel::Scalar => true,
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx512 => x86::avx512_detected(),
        _ => false,
    }
}

/// Bytes handed to the slow path at a time, before the fast path is tried again: at first one
/// character's worth (a UTF-8 sequence, a surrogate pair, a UTF-32 unit), doubled each time the
/// fast path then takes nothing (a run of problems), up to `SLOW_MAX`. A lone finding in
/// multilingual text used to send 64 bytes (25 characters) through the decoder one by one.
const SLOW_MIN: usize = 4;
const SLOW_MAX: usize = 64;

/// Feeds `chunk` to the decoder and the tracker, taking the fast path wherever it can: what
/// the tracker ends up holding is exactly what `dec.feed(chunk, tr)` would leave.
pub(crate) fn feed<T: FastSink>(dec: &mut Decoder, tr: &mut T, chunk: &[u8], kernel: Kernel) {
    let job = match dec {
        _ if kernel == Kernel::Off => None,
        Decoder::Utf8(_) => Some(Job::Utf8),
        Decoder::Utf16(d) => Some(Job::Utf16 { be: d.be }),
        Decoder::Utf32(d) => Some(Job::Utf32 { be: d.be }),
        Decoder::Legacy(d) => d.high_stops().map(|&bits| Job::Legacy {
            high_stops: vector::HighStops::new(bits),
        }),
    };
    let Some(job) = job else {
        dec.feed(chunk, tr);
        return;
    };
    let mut i = 0;
    let mut valid_to = 0;
    let checks = checks_utf8(kernel);
    let mut slow = SLOW_MIN;
    while i < chunk.len() {
        if dec.idle() && tr.fast_ready() {
            let base = dec.offset();
            let rest = chunk.get(i..).unwrap_or_default();
            let n = match job {
                Job::Utf8 if !checks => utf8(kernel, tr, chunk, i, base, &mut valid_to),
                _ => run_job(kernel, &job, tr, rest, base),
            };
            if n > 0 {
                let taken = chunk.get(i..i + n).unwrap_or_default();
                tr.fast_last(last_char(&job, taken));
                slow = SLOW_MIN;
            } else {
                slow = (slow * 2).min(SLOW_MAX);
            }
            dec.skip(n);
            i += n;
            if i >= chunk.len() {
                break;
            }
        }
        // One character after a stop of the fast path (the decoder then ends between two,
        // with no byte to feed one at a time), then more while the fast path takes nothing.
        let step = if slow == SLOW_MIN {
            char_len(&job, chunk.get(i..).unwrap_or_default())
        } else {
            slow
        };
        let end = (i + step).min(chunk.len());
        dec.feed(chunk.get(i..end).unwrap_or_default(), tr);
        i = end;
        // Then a byte at a time until the decoder is between characters and no CR waits.
        while i < chunk.len() && !(dec.idle() && tr.fast_ready()) {
            dec.feed(chunk.get(i..=i).unwrap_or_default(), tr);
            i += 1;
        }
    }
}

/// UTF-8 for a classifier that does not check sequences: validates ahead with simdutf8
/// (remembering how far in `valid_to`), then runs the classifier over the valid stretch.
/// Returns the bytes consumed from `start`.
fn utf8<T: FastSink>(
    kernel: Kernel,
    tr: &mut T,
    chunk: &[u8],
    start: usize,
    base: u64,
    valid_to: &mut usize,
) -> usize {
    let mut i = start;
    loop {
        if *valid_to <= i {
            let end = (i + PIECE).min(chunk.len());
            *valid_to = match simdutf8::compat::from_utf8(chunk.get(i..end).unwrap_or_default()) {
                Ok(_) => end,
                Err(e) => i + e.valid_up_to(),
            };
            if *valid_to <= i {
                // An ill-formed or unfinished sequence starts here: the decoder's job.
                break;
            }
        }
        let stretch = chunk.get(i..*valid_to).unwrap_or_default();
        i += run_job(kernel, &Job::Utf8, tr, stretch, base + (i - start) as u64);
        // An escape sequence that goes on past the stretch leaves the tracker waiting for its
        // next character, which is the decoder's to send (decision 62).
        if i < *valid_to || i >= chunk.len() || !tr.fast_ready() {
            break;
        }
    }
    i - start
}

/// Runs one stretch with the kernel's classifiers (scalar when the kernel is not available).
fn run_job<T: FastSink>(kernel: Kernel, job: &Job, tr: &mut T, bytes: &[u8], base: u64) -> usize {
    #[cfg(target_arch = "x86_64")]
    if let Some(n) = x86::dispatch(kernel, job, tr, bytes, base) {
        return n;
    }
    #[cfg(all(
        target_arch = "aarch64",
        target_feature = "neon",
        target_endian = "little"
    ))]
    if kernel == Kernel::Neon {
        return with::<T, neon::Bytes, neon::Units>(job, tr, bytes, base);
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if kernel == Kernel::Simd128 {
        return with::<T, wasm::Bytes, wasm::Units>(job, tr, bytes, base);
    }
    let _ = kernel;
    with::<T, scalar::Bytes, scalar::Units>(job, tr, bytes, base)
}

/// The block loop over `job` with the vector types `B` and `U`, runs of plain lines first.
#[inline(always)]
pub(crate) fn with<T: FastSink, B: vector::Bytes64, U: vector::Units16>(
    job: &Job,
    tr: &mut T,
    bytes: &[u8],
    base: u64,
) -> usize {
    // Generic functions all the way down, no closures: everything must be inlined into the
    // `#[target_feature]` entry point (a closure compiled apart from it ran AVX2 UTF-16 at a
    // fortieth of its speed).
    match *job {
        Job::Utf8 => ascii_first(
            &PlainUtf8::<B>(PhantomData),
            &Utf8::<B>(PhantomData),
            tr,
            bytes,
            base,
        ),
        Job::Utf16 { be } => ascii_first(
            &PlainUtf16::<U> { be, v: PhantomData },
            &Utf16::<U> { be, v: PhantomData },
            tr,
            bytes,
            base,
        ),
        Job::Utf32 { be } => ascii_first(
            &PlainUtf32::<U> { be, v: PhantomData },
            &Utf32::<U> { be, v: PhantomData },
            tr,
            bytes,
            base,
        ),
        Job::Legacy { ref high_stops } => ascii_first(
            &PlainLegacy::<B> {
                high_stops,
                v: PhantomData,
            },
            &Legacy::<B> {
                high_stops,
                v: PhantomData,
            },
            tr,
            bytes,
            base,
        ),
    }
}

/// How far ahead of the block being classified the block loops ask for memory (a prefetch,
/// decision 53). A large file is mapped (decision 52), so the loops read memory the kernel's
/// copy no longer brought into the cache, and the processor's own prefetcher stops at each
/// 4 KiB page. 512 bytes was too short (UTF-32 0.33 s a GiB); 1 KiB to 4 KiB did alike.
pub(crate) const AHEAD: usize = 2048;

/// The same for UTF-8: where simdutf8 validates [`PIECE`] bytes ahead of the classifier, it is
/// the first to read each byte, and the loop asks for what the next validation will read.
pub(crate) const fn ahead_utf8<V: vector::Bytes64>() -> usize {
    if V::CHECKS_UTF8 {
        AHEAD
    } else {
        PIECE + AHEAD
    }
}

/// Asks for the cache line at `p` (any address: a hint, never a fault) where the target has a
/// prefetch instruction the core may use.
#[inline(always)]
pub(crate) fn prefetch(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    x86::prefetch(p);
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// ESC, which may begin an ANSI escape sequence (D7).
const ESC: u8 = 0x1B;

/// Bytes the general block loop handles before runs of plain lines are looked for again.
const GENERAL: usize = 4096;

/// Runs of plain lines with LF or CR LF endings (printable ASCII, TAB and the characters beyond
/// ASCII that need no closer look) go through [`plain_lines::ascii_lines`], the rest
/// through the block loop ([`blocks::run`] with `general`) a few KiB at a time, cut at a
/// character boundary in UTF-8. Returns the bytes consumed, as `run` does.
#[inline(always)]
fn ascii_first<T: FastSink, P: plain::PlainAscii, C: kernel::Classify>(
    plain: &P,
    general: &C,
    tr: &mut T,
    bytes: &[u8],
    base: u64,
) -> usize {
    let mut i = 0;
    loop {
        // A continuation byte where a character should begin is the decoder's: the classifier
        // checks those inside a block and after it, not where the loops begin (decision 66).
        if C::CHECKS_UTF8 && bytes.get(i).is_some_and(|&b| check::continues(b)) {
            return i;
        }
        let rest = bytes.get(i..).unwrap_or_default();
        i += plain_lines::ascii_lines(plain, tr, rest, base + i as u64);
        let rest = bytes.get(i..).unwrap_or_default();
        // The pieces end at a unit boundary (GENERAL is a multiple of 4). A character cut
        // there is a stop for the block loop: a surrogate pair, or a UTF-8 sequence that the
        // classifier checks, which looks cut short (decision 66). Moving the cut back to a
        // character boundary reads the byte 4 KiB ahead, which no prefetch has asked for
        // unless simdutf8 read it: text with a problem every 100 bytes spent a fifth of its
        // time waiting for it.
        let mut cut = rest.len().min(GENERAL);
        while P::W == 1 && !C::CHECKS_UTF8 && rest.get(cut).is_some_and(|&b| b & 0xC0 == 0x80) {
            cut -= 1;
        }
        let piece = rest.get(..cut).unwrap_or_default();
        let n = run(general, tr, piece, base + i as u64);
        i += n;
        if C::UTF8 && n < piece.len() && bytes.get(i) == Some(&ESC) && tr.fast_ready() {
            // An ESC stopped the loop: its sequence goes to the sink here, as the decoder
            // would send it, and the loops go on after it (decision 62).
            let rest = bytes.get(i..).unwrap_or_default();
            i += blocks::escape(tr, rest, base + i as u64);
            if i >= bytes.len() || !tr.fast_ready() {
                return i;
            }
            continue;
        }
        if n < piece.len() || i >= bytes.len() {
            return i;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Kernel;

    /// `Auto` is this target's vector kernel, so the kernel tests exercise it (on aarch64 they
    /// run under qemu, scripts/test-aarch64.sh).
    #[test]
    fn auto_is_the_vector_kernel_of_this_target() {
        let auto = Kernel::Auto.resolve();
        println!("kernels: {:?}; auto: {auto:?}", Kernel::available());
        assert!(Kernel::available().contains(&auto));
        #[cfg(target_arch = "x86_64")]
        assert!(matches!(auto, Kernel::Avx512 | Kernel::Avx2 | Kernel::Sse2));
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        assert_eq!(auto, Kernel::Neon);
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        assert_eq!(auto, Kernel::Simd128);
    }
}
