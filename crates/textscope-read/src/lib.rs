//! The one reader of files, for the command line and the Python package alike (decision 119):
//! opening a path and telling what it is (a regular file, a FIFO or a device, a directory, a
//! file of a kernel's pseudo file system), streaming it in 1 MiB reads or, when it is large,
//! through `textscope-map`'s mapped windows (decision 52), positioned reads of a range of a
//! regular file (for several threads sharing one open file, and for an index), and the check
//! that a regular file did not change while it was read.
//!
//! What is read goes to a sink, `FnMut(&[u8]) -> bool` (false: enough read), so this crate
//! knows nothing of the analyser. Its errors, [`ReadError`], name no file and carry no words:
//! each caller names the file and words the cause in its own way (the CLI's one line, Python's
//! `OSError`).

#![forbid(unsafe_code)]

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::time::SystemTime;

/// Size of one read.
pub const BUF: usize = 1 << 20;

/// Why a file could not be read to its end.
#[derive(Debug)]
pub enum ReadError {
    /// The path names a directory.
    IsADirectory,
    /// The path is a symbolic link to nothing; the opening's error (not found) with it.
    DanglingLink(io::Error),
    /// Any other error of the system while opening, asking about or reading the file (not
    /// found and permission denied among them, told by its kind).
    Io(io::Error),
    /// More bytes than the limit given (`max_bytes`) were read, or are the file's size.
    TooLarge { max: u64 },
    /// A regular file's size or time changed between the opening and the end of reading.
    /// `read` is the bytes read, when the whole file was read.
    Changed { change: Change, read: Option<u64> },
    /// The caller asked to stop after a read that a signal interrupted (the `interrupted`
    /// hook of [`stream_interruptible`] returned false).
    Stopped,
}

/// How a file was seen to change while it was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Its size differs from the size at opening.
    Size { opened: u64, now: u64 },
    /// Same size, a later modification time.
    Modified { size: u64 },
    /// Fewer or more bytes were read than its size at opening.
    Read { expected: u64 },
    /// It became shorter than the range being read (seen by a mapped read, which has no size
    /// from the opening to compare with).
    Shrank { now: u64 },
}

/// The figures of a change in a few words (`3 bytes when opened, 7 now`), for the callers'
/// messages, which name the file and say that it changed.
impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Change::Size { opened, now } => write!(f, "{opened} bytes when opened, {now} now"),
            Change::Modified { size } => write!(f, "{size} bytes, modified while it was read"),
            Change::Read { expected } => write!(f, "{expected} bytes expected"),
            Change::Shrank { now } => write!(f, "it shrank to {now} bytes"),
        }
    }
}

/// A source of bytes: a file (with its size and time at opening when it is a regular file)
/// or standard input.
#[derive(Debug)]
pub enum Source {
    File(File, Option<Snapshot>),
    Stdin(io::Stdin),
}

impl Source {
    /// Standard input, read as a stream.
    pub fn stdin() -> Source {
        Source::Stdin(io::stdin())
    }
}

impl Read for Source {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Source::File(f, _) => f.read(buf),
            Source::Stdin(s) => s.read(buf),
        }
    }
}

/// A regular file's size and modification time when it was opened. Every path that reads a
/// file (one thread, several, the CLI's `check` and `convert`, Python's `analyze`) compares
/// them with the file after reading: a file that changed while it was read is an error, never
/// a short report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub len: u64,
    pub modified: Option<SystemTime>,
}

impl Snapshot {
    /// The snapshot of a regular file's metadata (None for FIFOs, devices, directories).
    pub fn of(m: &std::fs::Metadata) -> Option<Snapshot> {
        m.is_file().then(|| Snapshot {
            len: m.len(),
            modified: m.modified().ok(),
        })
    }
}

/// Checks that `file` still has the size and time of `before`, and (when the whole file was
/// read, `read` is Some) that the bytes read were its size; else [`ReadError::Changed`].
pub fn unchanged(file: &File, before: &Snapshot, read: Option<u64>) -> Result<(), ReadError> {
    let now = file.metadata().map_err(ReadError::Io)?;
    let after = Snapshot::of(&now);
    let size_now = now.len();
    // A pseudo-file (Linux's /proc, /sys) has size 0 and yet reads bytes: its size is
    // unknown, not changed.
    let pseudo = before.len == 0;
    if after.as_ref() == Some(before) && (pseudo || read.is_none_or(|r| r == before.len)) {
        return Ok(());
    }
    let change = if size_now != before.len {
        Change::Size {
            opened: before.len,
            now: size_now,
        }
    } else if after.is_some_and(|a| a.modified != before.modified) {
        Change::Modified { size: size_now }
    } else {
        Change::Read {
            expected: before.len,
        }
    };
    Err(ReadError::Changed { change, read })
}

/// Opens the file at `p` and tells what it is: the source, and its size when it is a regular
/// file (whose snapshot the source then holds). Directories and dangling links are refused
/// here with their own causes; FIFOs, devices and the files of pseudo file systems are read
/// as streams (no size, no snapshot).
pub fn open(p: &Path) -> Result<(Source, Option<u64>), ReadError> {
    // Opened first, then asked about through the open file: one lookup of the path rather
    // than two (a tenth of the system time over a tree of small files, issue 18), and the
    // snapshot is of the file opened, so a rename after the opening is seen.
    let file = match File::open(p) {
        Ok(file) => file,
        Err(e) => {
            // Why it could not be opened, in the words of the cause (a directory is refused
            // by the opening on some systems).
            return Err(match std::fs::metadata(p) {
                Ok(m) if m.is_dir() => ReadError::IsADirectory,
                Err(_)
                    if e.kind() == io::ErrorKind::NotFound
                        && std::fs::symlink_metadata(p).is_ok() =>
                {
                    ReadError::DanglingLink(e)
                }
                _ => ReadError::Io(e),
            });
        }
    };
    let meta = file.metadata().map_err(ReadError::Io)?;
    if meta.is_dir() {
        return Err(ReadError::IsADirectory);
    }
    // A file of a kernel's pseudo file system (/proc, /sys …) is read to its end like a FIFO:
    // its size is 0 or a page whatever it holds, and its contents are made as it is read
    // (issue 41: `/proc/version` failed as "changed while it was read"; decision 90).
    let snap = Snapshot::of(&meta).filter(|_| !pseudo_file_system(&meta));
    Ok((Source::File(file, snap), snap.map(|s| s.len)))
}

/// True when `meta` (of an open file) is of a file on one of Linux's pseudo file systems,
/// whose files report a size (0, or 4096 in sysfs) that says nothing of what a read returns:
/// procfs, sysfs, debugfs, tracefs, securityfs, configfs, the cgroup file systems, pstore,
/// bpffs, efivarfs. Told by the file's device, looked up among the mounts of
/// `/proc/self/mountinfo` (read once per process). False when that cannot be read.
#[cfg(target_os = "linux")]
pub fn pseudo_file_system(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    static PSEUDO: std::sync::OnceLock<Vec<(u64, u64)>> = std::sync::OnceLock::new();
    let devices = PSEUDO.get_or_init(|| {
        std::fs::read_to_string("/proc/self/mountinfo")
            .map(|text| pseudo_devices(&text))
            .unwrap_or_default()
    });
    let dev = meta.dev();
    // glibc's encoding of a dev_t.
    let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff);
    let minor = (dev & 0xff) | ((dev >> 12) & !0xff);
    devices.contains(&(major, minor))
}

/// The (major, minor) devices of the pseudo file systems mounted, from the text of
/// `/proc/<pid>/mountinfo`: its third field is the device, and the field after the ` - `
/// separator the file system's type.
#[cfg(target_os = "linux")]
fn pseudo_devices(mountinfo: &str) -> Vec<(u64, u64)> {
    const PSEUDO: &[&str] = &[
        "proc",
        "sysfs",
        "debugfs",
        "tracefs",
        "securityfs",
        "configfs",
        "cgroup",
        "cgroup2",
        "pstore",
        "bpf",
        "efivarfs",
    ];
    let mut out = Vec::new();
    for line in mountinfo.lines() {
        let Some((mount, fs)) = line.split_once(" - ") else {
            continue;
        };
        let Some(dev) = mount.split(' ').nth(2) else {
            continue;
        };
        let Some(kind) = fs.split(' ').next() else {
            continue;
        };
        let parsed = dev
            .split_once(':')
            .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
        if let Some(d) = parsed.filter(|_| PSEUDO.contains(&kind)) {
            out.push(d);
        }
    }
    out
}

/// Other systems have no such file systems that textscope knows of.
#[cfg(not(target_os = "linux"))]
pub fn pseudo_file_system(_meta: &std::fs::Metadata) -> bool {
    false
}

/// Reads `src` to the end in 1 MiB pieces (a large regular file through mapped windows),
/// handing each to `each`; returns the bytes read. Stops with an error after `max_bytes`, on a
/// read error, or when a regular file changed while it was read (size, time, or bytes read
/// against its size); stops without one when `each` returns false (enough read). A read that
/// a signal interrupted is tried again.
pub fn stream(
    src: &mut Source,
    max_bytes: Option<u64>,
    each: impl FnMut(&[u8]) -> bool,
) -> Result<u64, ReadError> {
    stream_interruptible(src, max_bytes, || true, each)
}

/// [`stream`], asking `interrupted()` after each read that a signal interrupted (a FIFO
/// waiting for its writer, Ctrl-C): true reads on, false stops with [`ReadError::Stopped`].
/// Python runs its signal handlers there (decision 92).
pub fn stream_interruptible(
    src: &mut Source,
    max_bytes: Option<u64>,
    interrupted: impl FnMut() -> bool,
    each: impl FnMut(&[u8]) -> bool,
) -> Result<u64, ReadError> {
    // One buffer per thread, reused from file to file: a fresh zeroed 1 MiB buffer per file
    // was a tenth of the time spent on a small file (issue 18). Bounded: 1 MiB per thread.
    thread_local! {
        static READ_BUF: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    READ_BUF.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buf) => {
            if buf.len() != BUF {
                *buf = vec![0u8; BUF];
            }
            stream_into(src, max_bytes, &mut buf, interrupted, each)
        }
        // A stream inside a stream on one thread (not done today): its own buffer.
        Err(_) => stream_into(src, max_bytes, &mut vec![0u8; BUF], interrupted, each),
    })
}

fn stream_into(
    src: &mut Source,
    max_bytes: Option<u64>,
    buf: &mut [u8],
    mut interrupted: impl FnMut() -> bool,
    mut each: impl FnMut(&[u8]) -> bool,
) -> Result<u64, ReadError> {
    let mut total: u64 = 0;
    // A large regular file is mapped rather than copied (decision 52). What follows reads
    // whatever the mapping did not: the rest after a refused mapping, or bytes appended since
    // the opening (which the final check then calls a change, as when reading).
    if let Source::File(f, Some(snap)) = src {
        if snap.len >= textscope_map::MIN_LEN {
            if let Some(max) = max_bytes.filter(|&m| snap.len > m) {
                return Err(ReadError::TooLarge { max });
            }
            use textscope_map::Outcome;
            total = match textscope_map::read(f, 0, snap.len, buf.len(), &mut each) {
                Outcome::Read(n) | Outcome::Unmapped(n) => n,
                Outcome::Stopped(n) => return Ok(n),
                Outcome::Lost(n) => {
                    return Err(unchanged(f, snap, None).err().unwrap_or_else(|| lost(f, n)))
                }
            };
            io::Seek::seek(f, io::SeekFrom::Start(total)).map_err(ReadError::Io)?;
        }
    }
    let (total, ended) = pump(src, buf, total, max_bytes, &mut interrupted, &mut each)?;
    if let (true, Source::File(f, Some(snap))) = (ended, &*src) {
        unchanged(f, snap, Some(total))?;
    }
    Ok(total)
}

/// Reads `r` on from `total` bytes read until its end (true) or until `each` has enough
/// (false); returns the bytes read in all and which of the two ended it.
fn pump(
    r: &mut impl Read,
    buf: &mut [u8],
    mut total: u64,
    max_bytes: Option<u64>,
    interrupted: &mut impl FnMut() -> bool,
    each: &mut impl FnMut(&[u8]) -> bool,
) -> Result<(u64, bool), ReadError> {
    loop {
        let n = match r.read(buf) {
            Ok(0) => return Ok((total, true)),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {
                if interrupted() {
                    continue;
                }
                return Err(ReadError::Stopped);
            }
            Err(e) => return Err(ReadError::Io(e)),
        };
        total += n as u64;
        if let Some(max) = max_bytes {
            if total > max {
                return Err(ReadError::TooLarge { max });
            }
        }
        if !each(&buf[..n]) {
            return Ok((total, false));
        }
    }
}

/// The error for a mapped read that lost pages (decision 52) at or before `at`: the file
/// shrank below it, or, at the same size, the system could not deliver them.
fn lost(file: &File, at: u64) -> ReadError {
    match file.metadata() {
        Ok(m) if m.len() < at => ReadError::Changed {
            change: Change::Shrank { now: m.len() },
            read: None,
        },
        Ok(_) => ReadError::Io(textscope_map::io_error()),
        Err(e) => ReadError::Io(e),
    }
}

/// Reads into `buf` at `offset` without moving the file's cursor (`pread`), so several
/// threads can share one open file.
#[cfg(unix)]
pub fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, offset)
}

/// Reads into `buf` at `offset` (positioned read).
#[cfg(not(unix))]
pub fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, offset)
}

/// Reads `[from, to)` of a regular file in 1 MiB pieces with positioned reads (a large range
/// through mapped windows), handing each to `each` until it returns false (enough read);
/// returns the bytes read (less than asked for when the file shrank or `each` stopped early).
pub fn read_range(
    file: &File,
    from: u64,
    to: u64,
    mut each: impl FnMut(&[u8]) -> bool,
) -> Result<u64, ReadError> {
    let mut at = from;
    // A large range is mapped rather than copied (decision 52); the loop below reads what a
    // refused mapping left.
    if to.saturating_sub(from) >= textscope_map::MIN_LEN {
        use textscope_map::Outcome;
        match textscope_map::read(file, from, to, BUF, &mut each) {
            Outcome::Read(n) | Outcome::Stopped(n) => return Ok(n),
            Outcome::Unmapped(n) => at += n,
            Outcome::Lost(n) => return Err(lost(file, from + n)),
        }
    }
    let mut buf = vec![0u8; BUF.min(usize::try_from(to.saturating_sub(at)).unwrap_or(BUF))];
    while at < to {
        let want = usize::try_from(to - at).unwrap_or(BUF).min(BUF);
        let n = match read_at(file, &mut buf[..want], at) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(e)),
        };
        at += n as u64;
        if !each(&buf[..n]) {
            break;
        }
    }
    Ok(at - from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn changed(e: ReadError) -> (Change, Option<u64>) {
        match e {
            ReadError::Changed { change, read } => (change, read),
            other => panic!("not a change: {other:?}"),
        }
    }

    #[test]
    fn unchanged_sees_growth_and_accepts_pseudo_files() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        std::fs::write(&p, b"abc").unwrap();
        let (src, len) = open(&p).unwrap();
        let Source::File(f, Some(snap)) = src else {
            panic!("a regular file has a snapshot");
        };
        assert_eq!(len, Some(3));
        assert!(unchanged(&f, &snap, Some(3)).is_ok());
        let e = unchanged(&f, &snap, Some(2)).unwrap_err();
        assert_eq!(changed(e), (Change::Read { expected: 3 }, Some(2)));
        std::fs::OpenOptions::new()
            .append(true)
            .open(&p)
            .unwrap()
            .write_all(b"more")
            .unwrap();
        let e = unchanged(&f, &snap, None).unwrap_err();
        let (change, read) = changed(e);
        assert_eq!((change, read), (Change::Size { opened: 3, now: 7 }, None));
        assert_eq!(change.to_string(), "3 bytes when opened, 7 now");
        let empty = dir.path().join("e");
        std::fs::write(&empty, b"").unwrap();
        let ef = File::open(&empty).unwrap();
        let pseudo = Snapshot {
            len: 0,
            modified: ef.metadata().unwrap().modified().ok(),
        };
        assert!(unchanged(&ef, &pseudo, Some(100)).is_ok());
    }

    #[test]
    fn opening_tells_directories_dangling_links_and_missing_files() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(open(dir.path()), Err(ReadError::IsADirectory)));
        let missing = dir.path().join("missing");
        match open(&missing) {
            Err(ReadError::Io(e)) => assert_eq!(e.kind(), io::ErrorKind::NotFound),
            other => panic!("{:?}", other.err()),
        }
        #[cfg(unix)]
        {
            let link = dir.path().join("link");
            std::os::unix::fs::symlink(&missing, &link).unwrap();
            match open(&link) {
                Err(ReadError::DanglingLink(e)) => assert_eq!(e.kind(), io::ErrorKind::NotFound),
                other => panic!("{:?}", other.err()),
            }
        }
    }

    #[test]
    fn streams_a_file_whole_or_until_the_sink_has_enough() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        // Below and above the mapping's threshold, the second not a multiple of a read.
        for len in [10, textscope_map::MIN_LEN as usize + BUF / 3] {
            let bytes: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
            std::fs::write(&p, &bytes).unwrap();
            let (mut src, size) = open(&p).unwrap();
            assert_eq!(size, Some(len as u64));
            let mut got = Vec::new();
            let n = stream(&mut src, None, |b| {
                got.extend_from_slice(b);
                true
            })
            .unwrap();
            assert_eq!((n, got == bytes), (len as u64, true));
            let (mut src, _) = open(&p).unwrap();
            let mut pieces = 0;
            let n = stream(&mut src, None, |_| {
                pieces += 1;
                false
            })
            .unwrap();
            assert_eq!((pieces, n), (1, len.min(BUF) as u64));
            let (mut src, _) = open(&p).unwrap();
            let e = stream(&mut src, Some(5), |_| true).unwrap_err();
            assert!(matches!(e, ReadError::TooLarge { max: 5 }), "{e:?}");
        }
    }

    #[test]
    fn ranges_are_read_at_their_offsets() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        let bytes: Vec<u8> = (0..3 * BUF + 7).map(|i| (i % 253) as u8).collect();
        std::fs::write(&p, &bytes).unwrap();
        let f = File::open(&p).unwrap();
        for (from, to) in [(0, 5), (5, BUF as u64 + 9), (100, bytes.len() as u64 + 50)] {
            let mut got = Vec::new();
            let n = read_range(&f, from, to, |b| {
                got.extend_from_slice(b);
                true
            })
            .unwrap();
            let want = &bytes[from as usize..(to as usize).min(bytes.len())];
            assert_eq!((n, got.as_slice()), (want.len() as u64, want));
        }
    }

    #[test]
    fn an_interrupted_read_asks_the_caller() {
        // A read that a signal interrupts cannot be brought about here without `unsafe`
        // (this crate has none): a reader that reports one every other read stands in for a
        // FIFO whose writer is slow.
        struct Eintr(u32);
        impl Read for Eintr {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0 == 0 {
                    return Ok(0);
                }
                self.0 -= 1;
                if self.0 % 2 == 1 {
                    return Err(io::Error::from(io::ErrorKind::Interrupted));
                }
                buf[0] = b'x';
                Ok(1)
            }
        }
        let mut asked = 0;
        let mut got = 0;
        let mut ask = || {
            asked += 1;
            true
        };
        let mut each = |b: &[u8]| {
            got += b.len();
            true
        };
        let n = pump(&mut Eintr(4), &mut [0; 8], 0, None, &mut ask, &mut each);
        assert_eq!(n.unwrap(), (2, true));
        let stopped = pump(
            &mut Eintr(4),
            &mut [0; 8],
            0,
            None,
            &mut || false,
            &mut each,
        );
        assert_eq!((asked, got), (2, 2));
        assert!(matches!(stopped, Err(ReadError::Stopped)), "{stopped:?}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn pseudo_file_systems_are_told_by_their_mounts() {
        let text = "22 1 0:21 / /proc rw,nosuid - proc proc rw\n\
                    23 1 0:22 / /sys rw - sysfs sysfs rw\n\
                    24 1 8:1 / / rw - ext4 /dev/sda1 rw\n\
                    garbage line\n\
                    25 23 0:30 / /sys/fs/cgroup rw shared:9 - cgroup2 cgroup2 rw\n";
        assert_eq!(pseudo_devices(text), vec![(0, 21), (0, 22), (0, 30)]);
        // The files themselves: /proc's say they are empty and are not; a temporary file is
        // on no pseudo file system.
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        std::fs::write(&p, b"abc").unwrap();
        assert!(!pseudo_file_system(&std::fs::metadata(&p).unwrap()));
        if let Ok(m) = std::fs::metadata("/proc/version") {
            assert!(pseudo_file_system(&m));
            let (mut src, len) = open(Path::new("/proc/version")).unwrap();
            assert_eq!(len, None);
            assert!(matches!(src, Source::File(_, None)));
            // Read to its end, without a change.
            let n = stream(&mut src, None, |_| true).unwrap();
            assert!(n > 0);
        }
    }
}
