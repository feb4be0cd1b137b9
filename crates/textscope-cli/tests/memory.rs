//! Bounded memory: the CLI's peak resident set does not grow with the file. A generated
//! ~64 MiB file with a problem on every line (so the capped lists fill up) is analysed, and
//! the peak (VmHWM) is read from /proc/<pid>/status while it runs. The bound (32 MiB) is far
//! above the ~4 MiB measured (docs/resource-bounds.md) and far below the file's size. `check`
//! over a tree whose files are full of findings holds no more than a window of files' findings
//! (decision 45).

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

const BOUND_KIB: u64 = 32 * 1024;

fn vm_hwm_kib(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn peak_rss_is_bounded_on_a_64_mib_file() {
    let path = std::env::temp_dir().join(format!("textscope-mem-{}.txt", std::process::id()));
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        // 64 B lines: text, an invalid byte (P7), two C1 controls (P3), a bidi control (finding),
        // alternating LF / CRLF endings (P9 once).
        let core: &[u8] = b"ordinary text \xFF here \xC2\x9D and \xC2\x9B and \xE2\x80\xAE then";
        let mut a = core.to_vec();
        a.resize(63, b'.');
        a.push(b'\n');
        let mut b = core.to_vec();
        b.resize(62, b'.');
        b.extend_from_slice(b"\r\n");
        for i in 0..(1u32 << 20) {
            f.write_all(if i % 2 == 0 { &a } else { &b }).unwrap();
        }
    }
    let size = std::fs::metadata(&path).unwrap().len();
    assert!(size >= 64 << 20);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_textscope"));
    // Forced: with one bad byte per three good sequences, detection would say legacy (D3).
    cmd.args(["--json", "--encoding", "utf-8"]).arg(&path);
    let (peak, out) = peak_while(cmd, |mut out| {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut out, &mut s).unwrap();
        s
    });
    let _ = std::fs::remove_file(&path);
    let r: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let lines = 1u64 << 20;
    assert_eq!(r["size"], size);
    assert_eq!(r["lines"], lines);
    // Counts are exact, lists are capped at 1,000 per kind.
    assert_eq!(r["problem_counts"]["invalid_utf8"], lines);
    assert_eq!(r["problem_counts"]["control_character"], 2 * lines);
    assert_eq!(r["problem_counts"]["mixed_line_endings"], 1);
    assert_eq!(r["finding_counts"]["bidi_control"], lines);
    assert_eq!(r["problems"].as_array().unwrap().len(), 2001);
    assert_eq!(r["problems_omitted"], 3 * lines - 2000);
    assert_eq!(r["findings"].as_array().unwrap().len(), 1000);
    assert_eq!(r["findings_omitted"], lines - 1000);
    assert!(peak > 0, "VmHWM was read");
    assert!(
        peak < BOUND_KIB,
        "peak RSS {peak} KiB exceeds {BOUND_KIB} KiB on a {size}-byte file"
    );
    eprintln!("peak RSS {peak} KiB on a {size}-byte file");
}

/// Runs the command to its end while `read` takes its standard output on another thread, and
/// returns its peak RSS in KiB (VmHWM, polled) and what `read` returned.
fn peak_while<T: Send + 'static>(
    mut cmd: Command,
    read: impl FnOnce(std::process::ChildStdout) -> T + Send + 'static,
) -> (u64, T) {
    let mut child = cmd.stdout(Stdio::piped()).spawn().unwrap();
    let pid = child.id();
    let out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || read(out));
    let mut peak = 0;
    loop {
        if let Some(k) = vm_hwm_kib(pid) {
            peak = peak.max(k);
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    (peak, reader.join().unwrap())
}

#[test]
fn check_does_not_hold_a_trees_findings() {
    let dir = tempfile::tempdir().unwrap();
    // 240 files of 2,000 lines, each line with a control (P3) and a U+FEFF inside (P4):
    // 2,000 findings listed per file (1,000 per rule), 480,000 in all, about 90 MB as JSON
    // lines. Held until the end, as before decision 45, they took over 32 MiB.
    let line: &[u8] = b"text \x01 then \xEF\xBB\xBF and the rest of an ordinary line\n";
    let body = line.repeat(2000);
    for i in 0..240 {
        std::fs::write(dir.path().join(format!("f{i:03}.txt")), &body).unwrap();
    }
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_textscope"));
    cmd.args(["check", "--no-config", "--json", "-j", "2"])
        .arg(dir.path())
        .stderr(Stdio::null());
    // Lines counted, not kept.
    let (peak, lines) = peak_while(cmd, |out| {
        std::io::BufRead::lines(std::io::BufReader::new(out))
            .map_while(Result::ok)
            .count()
    });
    assert_eq!(lines, 240 * 2000 + 1, "every finding, then the summary");
    assert!(peak > 0, "VmHWM was read");
    assert!(peak < BOUND_KIB, "peak RSS {peak} KiB over {BOUND_KIB} KiB");
    eprintln!("check: peak RSS {peak} KiB over 240 files with 480,000 findings");
}
