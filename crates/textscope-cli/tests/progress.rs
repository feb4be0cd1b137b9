//! The progress bar: nothing at all on standard error when it is not a terminal, even for a
//! file above the bar's threshold (64 MiB); on a terminal (a pty from `script`, when the
//! system has it) the bar appears for the report, on one thread and on two, and `--quiet`
//! removes it.

use std::io::Write;
use std::process::{Command, Stdio};

const LINE: &[u8] = b"2026-12-02T10:00:00Z INFO request served in 12 ms path=/api/v1/items\n";

/// A 72 MiB log in a temporary folder (removed when dropped).
fn big_log() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.log");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for _ in 0..(72 << 20) / LINE.len() + 1 {
        f.write_all(LINE).unwrap();
    }
    f.flush().unwrap();
    let p = path.to_str().unwrap().to_string();
    (dir, p)
}

#[test]
fn the_bar_shows_on_a_terminal_only() {
    let (_dir, file) = big_log();
    let bin = env!("CARGO_BIN_EXE_textscope");

    // Standard error is a pipe: not one byte on it, on one thread, on two, from a stream.
    for args in [&["--brief", "-j", "1"][..], &["--brief", "-j", "2"]] {
        let o = Command::new(bin).args(args).arg(&file).output().unwrap();
        assert_eq!(o.status.code(), Some(0));
        assert!(o.stderr.is_empty(), "{args:?}: {:?}", o.stderr);
        assert!(String::from_utf8(o.stdout).unwrap().contains("ASCII text"));
    }
    let o = Command::new(bin)
        .args(["--brief", "-"])
        .stdin(std::fs::File::open(&file).unwrap())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stderr.is_empty(), "stdin: {:?}", o.stderr);

    // A terminal: `script` runs the command on a pty and copies what it shows to our stdout.
    let on_a_pty = |args: &str| -> Option<String> {
        let cmd = format!("{bin} {args} '{file}' >/dev/null; echo DONE $?");
        let o = Command::new("script")
            .args(["-qfec", &cmd, "/dev/null"])
            .stdin(Stdio::null())
            .output()
            .ok()?;
        let shown = String::from_utf8_lossy(&o.stdout).into_owned();
        shown.contains("DONE 0").then_some(shown)
    };
    let Some(shown) = on_a_pty("--brief -j 1") else {
        eprintln!("no pty (util-linux `script` missing or not working here): the bar was not tested on a terminal");
        return;
    };
    for (args, shown) in [
        ("--brief -j 1", shown),
        ("--brief -j 2", on_a_pty("--brief -j 2").unwrap()),
    ] {
        // The bar: the name, the total, a rate; then it is cleared.
        assert!(
            shown.contains("big.log [")
                && shown.contains("/72.00 MiB")
                && shown.contains("iB/s ETA"),
            "{args}: {shown:?}"
        );
        assert!(shown.contains("\u{1b}[2K"), "{args}: cleared at the end");
    }
    let quiet = on_a_pty("--brief -q -j 2").unwrap();
    assert!(!quiet.contains("MiB"), "--quiet: {quiet:?}");
}
