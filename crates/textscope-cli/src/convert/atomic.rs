//! Writing a file atomically and privately: the converted text goes into a temporary file with
//! a unique name beside the target, created with the original's mode (never more open than
//! it) and owner (where we may) before any byte is written; it is flushed, fsynced and renamed
//! over the target only when everything succeeded. It is removed on every error, and on
//! SIGINT, SIGTERM and SIGHUP (a signal thread removes the file being written, then exits). A
//! leftover from a crash has a random name, so it never blocks a later run.
//!
//! A target that exists and is not a regular file (a character or block device, a FIFO,
//! `/dev/stdout`, or a symbolic link to one) is written through instead (issue 41): it is
//! opened for writing and never replaced, never truncated, never given another mode or owner.
//! Renaming over `/dev/null` as root would have replaced the device with a regular file.

use super::{strip_os, ConvertError};
use crate::target_file::{open_non_regular, through_link};
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};

/// The temporary file being written, for the signal thread.
static CURRENT: Mutex<Option<PathBuf>> = Mutex::new(None);

/// The suffix of every temporary file (`.NAME.XXXXXX.textscope-tmp`).
pub const TEMP_SUFFIX: &str = ".textscope-tmp";

fn set_current(p: Option<PathBuf>) {
    if let Ok(mut c) = CURRENT.lock() {
        *c = p;
    }
}

/// Installs, once, the thread that removes the temporary file on SIGINT, SIGTERM and SIGHUP
/// and then exits with 128 + the signal's number, as a shell reports it. A signal the process
/// inherited as ignored (`nohup` leaves SIGHUP at SIG_IGN, a shell's `&` SIGINT) stays
/// ignored (issue 41): a handler would turn it back into an exit.
fn guard_signals() {
    static ONCE: Once = Once::new();
    #[cfg(unix)]
    ONCE.call_once(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let ignored = inherited_ignored();
        let wanted: Vec<i32> = [SIGINT, SIGTERM, SIGHUP]
            .into_iter()
            .filter(|&s| !is_ignored(ignored, s))
            .collect();
        if wanted.is_empty() {
            return;
        }
        let Ok(mut signals) = signal_hook::iterator::Signals::new(wanted) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("textscope-signals".into())
            .spawn(move || {
                if let Some(sig) = signals.forever().next() {
                    if let Ok(c) = CURRENT.lock() {
                        if let Some(p) = c.as_ref() {
                            let _ = std::fs::remove_file(p);
                        }
                    }
                    std::process::exit(128 + sig);
                }
            });
    });
    #[cfg(not(unix))]
    ONCE.call_once(|| {});
}

/// The mask of the signals this process inherited as ignored: bit `n - 1` for signal `n`,
/// as Linux's `/proc/self/status` gives it (`SigIgn:`, hex), read before any handler is
/// installed; 0 where there is no such file (then every handler is installed, as before).
/// Read from the file rather than by `sigaction`, which this crate's `forbid(unsafe_code)`
/// rules out.
fn inherited_ignored() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("SigIgn:"))
                .and_then(|h| u64::from_str_radix(h.trim(), 16).ok())
        })
        .unwrap_or(0)
}

fn is_ignored(mask: u64, sig: i32) -> bool {
    (1..=64).contains(&sig) && mask & (1 << (sig - 1)) != 0
}

/// Writes `target` atomically and privately (see the module's doc). `perms_from` is the file
/// whose mode and owner the result takes (the target itself when it exists; a new `-o` file
/// gets the mode a plain create would give it). A target that is not a regular file is
/// written through (`target_file::open_non_regular`).
pub fn write_atomically<T>(
    target: &Path,
    perms_from: Option<&Path>,
    body: impl FnOnce(&mut dyn Write) -> Result<T, ConvertError>,
) -> Result<T, ConvertError> {
    let shown = crate::render::path_text(target.as_os_str());
    let fail = |what: &str, e: io::Error| ConvertError::Output {
        path: shown.clone(),
        cause: format!("{what}: {}", strip_os(&e)),
    };
    if let Some(dev) =
        open_non_regular(target).map_err(|e| fail("cannot open it for writing", e))?
    {
        let mut w = io::BufWriter::new(&dev);
        let value = body(&mut w)?;
        w.flush().map_err(|e| fail("cannot write", e))?;
        return Ok(value);
    }
    // The owner only when the file replaces itself (a new `-o` file stays ours).
    let same = perms_from == Some(target);
    let real = through_link(target);
    let target = real.as_path();
    guard_signals();
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let original = perms_from.and_then(|p| std::fs::metadata(p).ok());
    let name = target
        .file_name()
        .map(crate::render::path_text)
        .unwrap_or_else(|| "out".into());
    let prefix = format!(".{name}.");
    let mut b = tempfile::Builder::new();
    b.prefix(&prefix).suffix(TEMP_SUFFIX);
    // Created with the original's mode (the umask can only take bits away), or as a plain
    // create would be for a new file; the signal thread learns the name before the file
    // exists.
    #[cfg(unix)]
    let mode = {
        use std::os::unix::fs::PermissionsExt;
        original
            .as_ref()
            .map_or(0o666, |m| m.permissions().mode() & 0o777)
    };
    let tmp = b
        .make_in(&dir, |p| {
            set_current(Some(p.to_path_buf()));
            let mut o = std::fs::OpenOptions::new();
            o.write(true).create_new(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut o, mode);
            o.open(p)
        })
        .map_err(|e| fail("cannot create a temporary file beside it", e))?;
    let result = (|| {
        if let Some(meta) = &original {
            copy_owner_and_mode(tmp.as_file(), meta, same)
                .map_err(|e| fail("cannot give the temporary file the original's mode", e))?;
        }
        let mut w = io::BufWriter::new(tmp.as_file());
        let value = body(&mut w)?;
        w.flush().map_err(|e| fail("cannot write", e))?;
        drop(w);
        tmp.as_file()
            .sync_all()
            .map_err(|e| fail("cannot sync", e))?;
        Ok(value)
    })();
    let value = match result {
        Ok(v) => v,
        Err(e) => {
            drop(tmp); // removes it
            set_current(None);
            return Err(e);
        }
    };
    let persisted = tmp
        .persist(target)
        .map_err(|e| fail("cannot rename the temporary file over it", e.error));
    set_current(None);
    persisted?;
    // Make the rename durable too (best effort: not every system can open a directory).
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(value)
}

/// Gives `file` the owner of `meta` (when `owner`, and where the system lets us), then its
/// exact mode.
fn copy_owner_and_mode(file: &File, meta: &std::fs::Metadata, owner: bool) -> io::Result<()> {
    #[cfg(unix)]
    if owner {
        use std::os::unix::fs::MetadataExt;
        // Only root may give a file away; a failure here leaves our own ownership.
        let _ = std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid()));
    }
    file.set_permissions(meta.permissions())
}
