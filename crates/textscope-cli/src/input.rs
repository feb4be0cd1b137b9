//! The only place that reads files: opening, classifying and streaming them in 1 MiB buffers,
//! and positioned reads of a range of a regular file (for the threads of one file and for
//! `--index`).

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::time::SystemTime;

/// Size of one read.
pub const BUF: usize = 1 << 20;

/// Why a file could not be analysed: the file as named, and the cause.
#[derive(Debug)]
pub struct InputError {
    pub path: String,
    pub cause: Cause,
}

/// The cause of an [`InputError`], worded once by its `Display` (a few words, lower case).
#[derive(Debug)]
pub enum Cause {
    NotFound,
    PermissionDenied,
    IsADirectory,
    DanglingLink,
    /// Any other error of the system, worded as the system words it.
    Io(io::Error),
    /// Standard input could not be copied to a temporary file (`convert` of `-`).
    Spool(io::Error),
    /// `--max-bytes` was passed.
    TooLarge {
        max: u64,
    },
    /// The file's size or time changed between opening and the end of reading.
    Changed {
        change: Change,
        read: Option<u64>,
    },
    /// A thread reading one segment of the file stopped.
    ThreadFailed,
    /// The segments read by several threads did not join (a bug, said as one).
    Merge(textscope::SegmentError),
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

impl std::fmt::Display for Cause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cause::NotFound => f.write_str("no such file"),
            Cause::PermissionDenied => f.write_str("permission denied"),
            Cause::IsADirectory => f.write_str("is a directory"),
            Cause::DanglingLink => f.write_str("dangling symbolic link"),
            Cause::Io(e) => f.write_str(&strip_os_error(&e.to_string())),
            Cause::Spool(e) => write!(f, "cannot spool: {e}"),
            Cause::TooLarge { max } => {
                write!(f, "larger than the limit of {max} bytes (--max-bytes)")
            }
            Cause::Changed { change, read } => {
                f.write_str("the file changed while it was read (")?;
                match change {
                    Change::Size { opened, now } => {
                        write!(f, "{opened} bytes when opened, {now} now")?
                    }
                    Change::Modified { size } => {
                        write!(f, "{size} bytes, modified while it was read")?
                    }
                    Change::Read { expected } => write!(f, "{expected} bytes expected")?,
                    Change::Shrank { now } => write!(f, "it shrank to {now} bytes")?,
                }
                if let Some(r) = read {
                    write!(f, ", {r} read")?;
                }
                f.write_str(")")
            }
            Cause::ThreadFailed => f.write_str("a reading thread failed"),
            Cause::Merge(e) => write!(f, "internal error merging segments: {e}"),
        }
    }
}

impl InputError {
    pub fn new(path: &str, cause: Cause) -> Self {
        InputError {
            path: path.to_string(),
            cause,
        }
    }

    /// An error of the system, named by its kind where it has a name of its own.
    pub fn io(path: &str, e: io::Error) -> Self {
        let cause = match e.kind() {
            io::ErrorKind::NotFound => Cause::NotFound,
            io::ErrorKind::PermissionDenied => Cause::PermissionDenied,
            _ if e.raw_os_error() == Some(21) => Cause::IsADirectory,
            _ => Cause::Io(e),
        };
        InputError::new(path, cause)
    }
}

fn strip_os_error(s: &str) -> String {
    match s.find(" (os error") {
        Some(i) => s[..i].to_lowercase(),
        None => s.to_lowercase(),
    }
}

/// A source of bytes: a file (with its size and time at opening when it is a regular file)
/// or standard input.
pub enum Source {
    File(File, Option<Snapshot>),
    Stdin(io::Stdin),
}

/// A regular file's size and modification time when it was opened. Every path that reads a
/// file (one thread, several, `check`, `convert`) compares them with the file after reading:
/// a file that changed while it was read is an error naming it, never a short report.
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
/// read, `read` is Some) that the bytes read were its size; else the "changed" error.
pub fn unchanged(
    path: &str,
    file: &File,
    before: &Snapshot,
    read: Option<u64>,
) -> Result<(), InputError> {
    let now = file.metadata().map_err(|e| InputError::io(path, e))?;
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
    Err(InputError::new(path, Cause::Changed { change, read }))
}

impl Read for Source {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Source::File(f, _) => f.read(buf),
            Source::Stdin(s) => s.read(buf),
        }
    }
}

/// Opens `path` ("-" is standard input). Directories and dangling links are refused here with
/// a clear cause; FIFOs and devices are read as streams.
pub fn open(path: &str) -> Result<(Source, Option<u64>), InputError> {
    if path == "-" {
        return Ok((Source::Stdin(io::stdin()), None));
    }
    open_path(Path::new(path), path)
}

/// Opens a file by its path (which need not be UTF-8); errors name it as `path` says.
pub fn open_path(p: &Path, path: &str) -> Result<(Source, Option<u64>), InputError> {
    // Opened first, then asked about through the open file: one lookup of the path rather
    // than two (a tenth of the system time over a tree of small files, issue 18), and the
    // snapshot is of the file opened, so a rename after the opening is seen.
    let file = match File::open(p) {
        Ok(file) => file,
        Err(e) => {
            // Why it could not be opened, in the words of the cause (a directory is refused
            // by the opening on some systems).
            return Err(match std::fs::metadata(p) {
                Ok(m) if m.is_dir() => InputError::new(path, Cause::IsADirectory),
                Err(_)
                    if e.kind() == io::ErrorKind::NotFound
                        && std::fs::symlink_metadata(p).is_ok() =>
                {
                    InputError::new(path, Cause::DanglingLink)
                }
                _ => InputError::io(path, e),
            });
        }
    };
    let meta = file.metadata().map_err(|e| InputError::io(path, e))?;
    if meta.is_dir() {
        return Err(InputError::new(path, Cause::IsADirectory));
    }
    // A file of a kernel's pseudo file system (/proc, /sys …) is read to its end like a FIFO:
    // its size is 0 or a page whatever it holds, and its contents are made as it is read
    // (issue 41: `/proc/version` failed as "changed while it was read").
    let snap = Snapshot::of(&meta).filter(|_| !pseudo_file_system(&meta));
    Ok((Source::File(file, snap), snap.map(|s| s.len)))
}

/// True when `meta` (of an open file) is of a file on one of Linux's pseudo file systems,
/// whose files report a size (0, or 4096 in sysfs) that says nothing of what a read returns:
/// procfs, sysfs, debugfs, tracefs, securityfs, configfs, the cgroup file systems, pstore,
/// bpffs, efivarfs. Told by the file's device, looked up among the mounts of
/// `/proc/self/mountinfo` (read once per run). False when that cannot be read.
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

/// Reads `src` to the end in 1 MiB buffers, handing each to `each`. Stops with an error after
/// `max_bytes`, on a read error, or when `each` returns false (enough read). A regular file
/// that changed while it was read (size, time, or bytes read against its size) is an error.
pub fn stream(
    path: &str,
    src: &mut Source,
    max_bytes: Option<u64>,
    each: impl FnMut(&[u8]) -> bool,
) -> Result<u64, InputError> {
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
            stream_into(path, src, max_bytes, &mut buf, each)
        }
        // A stream inside a stream on one thread (not done today): its own buffer.
        Err(_) => stream_into(path, src, max_bytes, &mut vec![0u8; BUF], each),
    })
}

fn stream_into(
    path: &str,
    src: &mut Source,
    max_bytes: Option<u64>,
    buf: &mut [u8],
    mut each: impl FnMut(&[u8]) -> bool,
) -> Result<u64, InputError> {
    let mut total: u64 = 0;
    // A large regular file is mapped rather than copied (decision 52). What follows reads
    // whatever the mapping did not: the rest after a refused mapping, or bytes appended since
    // the opening (which the final check then calls a change, as when reading).
    if let Source::File(f, Some(snap)) = src {
        if snap.len >= textscope_map::MIN_LEN {
            if let Some(max) = max_bytes.filter(|&m| snap.len > m) {
                return Err(InputError::new(path, Cause::TooLarge { max }));
            }
            use textscope_map::Outcome;
            total = match textscope_map::read(f, 0, snap.len, buf.len(), &mut each) {
                Outcome::Read(n) | Outcome::Unmapped(n) => n,
                Outcome::Stopped(n) => return Ok(n),
                Outcome::Lost(n) => {
                    return Err(unchanged(path, f, snap, None)
                        .err()
                        .unwrap_or_else(|| lost(path, f, n)))
                }
            };
            io::Seek::seek(f, io::SeekFrom::Start(total)).map_err(|e| InputError::io(path, e))?;
        }
    }
    loop {
        let n = match src.read(buf) {
            Ok(0) => {
                if let Source::File(f, Some(snap)) = src {
                    unchanged(path, f, snap, Some(total))?;
                }
                return Ok(total);
            }
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(InputError::io(path, e)),
        };
        total += n as u64;
        if let Some(max) = max_bytes {
            if total > max {
                return Err(InputError::new(path, Cause::TooLarge { max }));
            }
        }
        if !each(&buf[..n]) {
            return Ok(total);
        }
    }
}

/// The error for a mapped read that lost pages (decision 52) at or before `at`: the file
/// shrank below it, or, at the same size, the system could not deliver them.
fn lost(path: &str, file: &File, at: u64) -> InputError {
    match file.metadata() {
        Ok(m) if m.len() < at => InputError::new(
            path,
            Cause::Changed {
                change: Change::Shrank { now: m.len() },
                read: None,
            },
        ),
        Ok(_) => InputError::io(path, textscope_map::io_error()),
        Err(e) => InputError::io(path, e),
    }
}

/// Reads `len` bytes at `offset` without moving the file's cursor (`pread`), so several
/// threads can share one open file.
#[cfg(unix)]
pub fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, offset)
}

/// Reads `len` bytes at `offset` (positioned read).
#[cfg(not(unix))]
pub fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, offset)
}

/// Reads `[from, to)` of a regular file in 1 MiB buffers with positioned reads, handing each
/// to `each` until it returns false (enough read); returns the bytes read (less than asked for
/// when the file shrank or `each` stopped early).
pub fn read_range(
    path: &str,
    file: &File,
    from: u64,
    to: u64,
    mut each: impl FnMut(&[u8]) -> bool,
) -> Result<u64, InputError> {
    let mut at = from;
    // A large range is mapped rather than copied (decision 52); the loop below reads what a
    // refused mapping left.
    if to.saturating_sub(from) >= textscope_map::MIN_LEN {
        use textscope_map::Outcome;
        match textscope_map::read(file, from, to, BUF, &mut each) {
            Outcome::Read(n) | Outcome::Stopped(n) => return Ok(n),
            Outcome::Unmapped(n) => at += n,
            Outcome::Lost(n) => return Err(lost(path, file, from + n)),
        }
    }
    let mut buf = vec![0u8; BUF.min(usize::try_from(to.saturating_sub(at)).unwrap_or(BUF))];
    while at < to {
        let want = usize::try_from(to - at).unwrap_or(BUF).min(BUF);
        let n = match read_at(file, &mut buf[..want], at) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(InputError::io(path, e)),
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

    #[test]
    fn unchanged_sees_growth_and_accepts_pseudo_files() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        std::fs::write(&p, b"abc").unwrap();
        let (src, len) = open_path(&p, "f").unwrap();
        let Source::File(f, Some(snap)) = src else {
            panic!("a regular file has a snapshot");
        };
        assert_eq!(len, Some(3));
        assert!(unchanged("f", &f, &snap, Some(3)).is_ok());
        let e = unchanged("f", &f, &snap, Some(2)).unwrap_err();
        assert_eq!(
            e.cause.to_string(),
            "the file changed while it was read (3 bytes expected, 2 read)"
        );
        std::fs::OpenOptions::new()
            .append(true)
            .open(&p)
            .unwrap()
            .write_all(b"more")
            .unwrap();
        let e = unchanged("f", &f, &snap, None).unwrap_err();
        assert_eq!(
            e.cause.to_string(),
            "the file changed while it was read (3 bytes when opened, 7 now)"
        );
        let pseudo = Snapshot {
            len: 0,
            modified: snap.modified,
        };
        let empty = dir.path().join("e");
        std::fs::write(&empty, b"").unwrap();
        let ef = File::open(&empty).unwrap();
        let pseudo = Snapshot {
            modified: ef.metadata().unwrap().modified().ok(),
            ..pseudo
        };
        assert!(unchanged("e", &ef, &pseudo, Some(100)).is_ok());
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
            let (src, len) = open_path(Path::new("/proc/version"), "v").unwrap();
            assert_eq!(len, None);
            assert!(matches!(src, Source::File(_, None)));
        }
    }
}
