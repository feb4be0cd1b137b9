//! Large regular files read through `mmap`, a window at a time, with the one danger of a
//! mapping (SIGBUS when the file shrinks under it) turned into an outcome the caller reports
//! as an error naming the file (issue 18; docs/decisions.md 52, which revisits 16 and 41).
//!
//! Why: `read` copies every byte from the page cache into a buffer, 0.10–0.12 s of system time
//! per GiB here, as much as the analysis of ASCII text itself. A window mapped from the page
//! cache costs a few faults instead. Windows of [`WINDOW`] bytes, unmapped as soon as they are
//! analysed, keep the resident memory near what the 1 MiB read buffer needed.
//!
//! The danger: a page of the mapping past the file's end (it was truncated meanwhile), or one
//! the disk cannot deliver, raises SIGBUS, which kills the process. Each mapping is registered
//! in a table of 64 slots while it is read. The handler, for a fault inside a registered mapping, maps
//! anonymous zero pages over the rest of it, marks the slot lost and returns, so the analysis
//! runs to the window's end on zeros; the reader then sees the mark and returns an error. A
//! fault anywhere else goes to the handler that was there before ours (the standard library's,
//! or the default action), exactly as if ours did not exist.
//!
//! Used by the command line and the Python package. Linux only: elsewhere [`read`] maps
//! nothing (it returns [`Outcome::Unmapped`] at once) and the caller reads as before.
//!
//! This crate holds all the `unsafe` of both; each block carries its argument.

#![deny(unsafe_code)]

/// Bytes mapped at a time. With the core's prefetch (decision 53), 1 MiB windows are as fast
/// as 2 MiB ones (before it they were slower, 0.20 s a GiB against 0.17); each window is
/// resident while it is read, so `check` on two threads over /usr/share peaked at 32.8 MiB
/// with 2 MiB windows. A multiple of every page size.
pub const WINDOW: usize = 1 << 20;

/// Ranges shorter than this are read: a mapping, its faults and its unmapping cost more than
/// copying a few pages.
pub const MIN_LEN: u64 = 4 << 20;

/// How reading a range through mappings ended. Each carries the bytes handed to `each`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The whole range.
    Read(u64),
    /// Up to where `each` asked to stop.
    Stopped(u64),
    /// No mapping could be made at this point (no slot free, or the system refused): the bytes
    /// before it were handed, and the caller reads the rest.
    Unmapped(u64),
    /// Pages of the file went missing while mapped (it shrank, or the disk failed them): the
    /// bytes handed include zeros, and the caller must return an error.
    Lost(u64),
}

/// The error to report when pages were lost at the same size: the system could not deliver
/// them (SIGBUS on a page the disk failed), which `read` would have called an I/O error.
pub fn io_error() -> std::io::Error {
    #[cfg(target_os = "linux")]
    return std::io::Error::from_raw_os_error(libc::EIO);
    #[cfg(not(target_os = "linux"))]
    return std::io::Error::other("input/output error");
}

#[cfg(target_os = "linux")]
pub use linux::read;

/// Elsewhere nothing is mapped: the caller reads the whole range.
#[cfg(not(target_os = "linux"))]
pub fn read(
    _file: &std::fs::File,
    _from: u64,
    _to: u64,
    _piece: usize,
    _each: &mut impl FnMut(&[u8]) -> bool,
) -> Outcome {
    Outcome::Unmapped(0)
}

#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
mod linux {
    use super::Outcome;
    use super::WINDOW;
    use std::fs::File;
    use std::os::unix::io::AsRawFd;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::OnceLock;

    /// One registered mapping: `[start, end)` while `start` is not 0.
    struct Slot {
        busy: AtomicBool,
        start: AtomicUsize,
        end: AtomicUsize,
        lost: AtomicBool,
    }

    /// Mappings being read at once: one per reading thread. A thread that finds none free reads.
    const SLOT_COUNT: usize = 64;

    #[allow(clippy::declare_interior_mutable_const)]
    const FREE: Slot = Slot {
        busy: AtomicBool::new(false),
        start: AtomicUsize::new(0),
        end: AtomicUsize::new(0),
        lost: AtomicBool::new(false),
    };

    static SLOTS: [Slot; SLOT_COUNT] = [FREE; SLOT_COUNT];

    /// The page size and the action SIGBUS had before ours, once ours is installed (None when it
    /// could not be: then nothing is mapped).
    static INSTALLED: OnceLock<Option<(usize, libc::sigaction)>> = OnceLock::new();

    fn installed() -> Option<usize> {
        INSTALLED
            .get_or_init(|| {
                // SAFETY: sysconf and sigaction are called with valid arguments; `old` and `new`
                // are plain C structs, fully written (zeroed, then the fields that matter).
                unsafe {
                    let page = usize::try_from(libc::sysconf(libc::_SC_PAGESIZE)).ok()?;
                    if page == 0 || !WINDOW.is_multiple_of(page) {
                        return None;
                    }
                    let mut new: libc::sigaction = std::mem::zeroed();
                    new.sa_sigaction = on_sigbus as *const () as usize;
                    new.sa_flags = libc::SA_SIGINFO;
                    libc::sigemptyset(&mut new.sa_mask);
                    let mut old: libc::sigaction = std::mem::zeroed();
                    (libc::sigaction(libc::SIGBUS, &new, &mut old) == 0).then_some((page, old))
                }
            })
            .as_ref()
            .map(|(page, _)| *page)
    }

    /// The SIGBUS handler. Async-signal-safe: atomics, `mmap` and `sigaction` (both plain system
    /// calls), no allocation, no lock.
    extern "C" fn on_sigbus(_: libc::c_int, info: *mut libc::siginfo_t, _: *mut libc::c_void) {
        // SAFETY: the kernel passes a valid siginfo_t for a handler installed with SA_SIGINFO.
        let addr = unsafe { (*info).si_addr() } as usize;
        if let Some(Some((page, old))) = INSTALLED.get() {
            for slot in &SLOTS {
                let start = slot.start.load(Ordering::Acquire);
                let end = slot.end.load(Ordering::Acquire);
                if start == 0 || addr < start || addr >= end {
                    continue;
                }
                let from = addr & !(page - 1);
                // SAFETY: [from, end) lies inside a mapping this process made and has not unmapped
                // (the slot is cleared before the unmapping); replacing it with private anonymous
                // zero pages changes what the reading thread sees there, nothing else.
                let p = unsafe {
                    libc::mmap(
                        from as *mut libc::c_void,
                        end - from,
                        libc::PROT_READ,
                        libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                        -1,
                        0,
                    )
                };
                if p != libc::MAP_FAILED {
                    slot.lost.store(true, Ordering::Release);
                    return;
                }
                break;
            }
            // Not ours (or the zero pages could not be made): the action from before ours, which
            // the faulting instruction meets again when this returns.
            // SAFETY: `old` is the action sigaction returned; restoring it is what it was for.
            unsafe {
                libc::sigaction(libc::SIGBUS, old, std::ptr::null_mut());
            }
        }
    }

    /// A registered slot, released (cleared before its mapping goes) when dropped.
    struct Claim(&'static Slot);

    impl Claim {
        fn take() -> Option<Claim> {
            SLOTS.iter().find_map(|s| {
                s.busy
                    .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                    .ok()
                    .map(|_| Claim(s))
            })
        }

        fn register(&self, start: usize, len: usize) {
            self.0.lost.store(false, Ordering::Relaxed);
            self.0.end.store(start + len, Ordering::Release);
            self.0.start.store(start, Ordering::Release);
        }

        fn unregister(&self) {
            self.0.start.store(0, Ordering::Release);
            self.0.end.store(0, Ordering::Release);
        }
    }

    impl Drop for Claim {
        fn drop(&mut self) {
            self.unregister();
            self.0.busy.store(false, Ordering::Release);
        }
    }

    /// One mapped window: unregistered, then unmapped, when dropped.
    struct Map<'a> {
        ptr: *mut libc::c_void,
        len: usize,
        claim: &'a Claim,
    }

    impl Drop for Map<'_> {
        fn drop(&mut self) {
            self.claim.unregister();
            // SAFETY: ptr and len are those of a mapping made by `map` and not yet unmapped; no
            // slice of it outlives this (they borrow the Map).
            unsafe {
                libc::munmap(self.ptr, self.len);
            }
        }
    }

    impl Map<'_> {
        /// Whether a fault replaced part of the window with zeros.
        fn lost(&self) -> bool {
            self.claim.0.lost.load(Ordering::Acquire)
        }

        fn bytes(&self) -> &[u8] {
            // SAFETY: a PROT_READ mapping of len bytes, alive as long as the Map. The file may
            // change under it; then a page reads other bytes or, past a shrunk end, faults and
            // becomes zeros (the handler above), never memory outside the mapping. The bytes are
            // only read as u8, for which every value is valid.
            unsafe { std::slice::from_raw_parts(self.ptr as *const u8, self.len) }
        }
    }

    fn map<'a>(file: &File, offset: u64, len: usize, claim: &'a Claim) -> Option<Map<'a>> {
        let off = libc::off_t::try_from(offset).ok()?;
        // MAP_POPULATE: every page of the window is in the page tables before it is read. The
        // core prefetches ahead (decision 53), and a prefetch of a page not yet faulted in is
        // dropped; UTF-8 asks 66 KiB ahead, beyond the pages one fault maps. Pages missing
        // (the file shrank) are left out and fault when read, as without it.
        // SAFETY: a new read-only private mapping of an open file at a page-aligned offset; the
        // system chooses the address, so nothing existing is replaced.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ,
                libc::MAP_PRIVATE | libc::MAP_POPULATE,
                file.as_raw_fd(),
                off,
            )
        };
        if ptr == libc::MAP_FAILED {
            return None;
        }
        claim.register(ptr as usize, len);
        Some(Map { ptr, len, claim })
    }

    /// Hands `[from, to)` of the regular file `file` to `each` through mapped windows, in
    /// pieces of at most `piece` bytes, until `each` returns false. See [`Outcome`] for how it
    /// ends.
    pub fn read(
        file: &File,
        from: u64,
        to: u64,
        piece: usize,
        each: &mut impl FnMut(&[u8]) -> bool,
    ) -> Outcome {
        let Some(page) = installed() else {
            return Outcome::Unmapped(0);
        };
        let Some(claim) = Claim::take() else {
            return Outcome::Unmapped(0);
        };
        let mut at = from;
        while at < to {
            // Windows start on a page (mmap's offsets must); the first may start before `from`.
            let base = at - at % page as u64;
            let len = usize::try_from(to - base).map_or(WINDOW, |n| n.min(WINDOW));
            let Some(m) = map(file, base, len, &claim) else {
                return Outcome::Unmapped(at - from);
            };
            let skip = (at - base) as usize;
            for p in m.bytes().get(skip..).unwrap_or(&[]).chunks(piece.max(1)) {
                let go = each(p);
                at += p.len() as u64;
                if m.lost() {
                    return Outcome::Lost(at - from);
                }
                if !go {
                    return Outcome::Stopped(at - from);
                }
            }
        }
        Outcome::Read(at - from)
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use std::io::Write;

        fn file_of(bytes: &[u8]) -> (tempfile::NamedTempFile, File) {
            let mut t = tempfile::NamedTempFile::new().unwrap();
            t.write_all(bytes).unwrap();
            t.flush().unwrap();
            let f = File::open(t.path()).unwrap();
            (t, f)
        }

        fn collect(f: &File, from: u64, to: u64, piece: usize) -> (Outcome, Vec<u8>) {
            let mut got = Vec::new();
            let o = read(f, from, to, piece, &mut |b| {
                got.extend_from_slice(b);
                true
            });
            (o, got)
        }

        #[test]
        fn any_range_reads_the_bytes_a_read_gives() {
            let bytes: Vec<u8> = (0..(WINDOW * 2 + 12_345))
                .map(|i| (i * 7 % 251) as u8)
                .collect();
            let (_t, f) = file_of(&bytes);
            let n = bytes.len() as u64;
            for (from, to) in [
                (0, n),
                (1, n),
                (4095, n - 3),
                (WINDOW as u64 + 17, n),
                (5, 6),
            ] {
                let (o, got) = collect(&f, from, to, 1 << 20);
                assert_eq!(o, Outcome::Read(to - from));
                assert_eq!(got, bytes[from as usize..to as usize]);
            }
        }

        #[test]
        fn each_can_stop_the_reading() {
            let (_t, f) = file_of(&vec![b'a'; WINDOW * 3]);
            let mut calls = 0;
            let o = read(&f, 0, (WINDOW * 3) as u64, 1000, &mut |_| {
                calls += 1;
                calls < 3
            });
            assert_eq!(o, Outcome::Stopped(3000));
        }

        #[test]
        fn a_file_that_shrinks_while_mapped_is_lost_not_a_crash() {
            let len = WINDOW * 3;
            let (t, f) = file_of(&vec![b'x'; len]);
            let mut seen = 0usize;
            let mut zeros = 0usize;
            let o = read(&f, 0, len as u64, 64 << 10, &mut |b| {
                if seen == 0 {
                    // Truncated once the first piece is in: the rest of the window is past the end.
                    t.as_file().set_len(100_000).unwrap();
                }
                seen += b.len();
                zeros += b.iter().filter(|&&c| c == 0).count();
                true
            });
            assert!(matches!(o, Outcome::Lost(n) if n <= WINDOW as u64), "{o:?}");
            assert!(zeros > 0, "the pages past the new end read as zeros");
            // The slot is free again, and a later mapping of another file reads normally.
            let (_t2, f2) = file_of(&vec![b'y'; WINDOW + 1]);
            let (o2, got) = collect(&f2, 0, (WINDOW + 1) as u64, 1 << 20);
            assert_eq!(o2, Outcome::Read((WINDOW + 1) as u64));
            assert!(got.iter().all(|&c| c == b'y'));
        }
    }
}
