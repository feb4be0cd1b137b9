//! Decision 56: many files are analysed on several threads and reported in the order they
//! were named, with each file's error in its place; the output is what one thread gives.

mod common;

use common::textscope;
use std::path::PathBuf;
use std::process::Output;

/// A directory with `n` files of every kind the tests' data has (copied, so that the order on
/// the command line is not the order of the names), and the arguments naming them, with a
/// missing file and a directory among them.
fn tree(n: usize) -> (PathBuf, Vec<String>) {
    let dir = std::env::temp_dir().join(format!("textscope-many-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("a directory")).expect("scratch dir");
    let data = common::data("");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(&data)
        .expect("tests/data")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && std::fs::metadata(p).is_ok_and(|m| m.len() < 1 << 20))
        .collect();
    sources.sort();
    assert!(sources.len() > 10, "{}", sources.len());
    let mut args = Vec::new();
    for i in 0..n {
        let from = &sources[(i * 7) % sources.len()];
        let to = dir.join(format!("{:04}-{}", n - i, i));
        std::fs::copy(from, &to).expect("copy");
        args.push(to.to_string_lossy().into_owned());
        if i == n / 3 {
            args.push(dir.join("missing").to_string_lossy().into_owned());
        }
        if i == n / 2 {
            args.push(dir.join("a directory").to_string_lossy().into_owned());
        }
    }
    (dir, args)
}

/// `textscope -j THREADS [FORMAT] ARGS…` (no format: the report for people).
fn run(threads: &str, format: &str, args: &[String]) -> Output {
    let mut all = vec!["-j", threads];
    all.extend(Some(format).filter(|f| !f.is_empty()));
    all.extend(args.iter().map(String::as_str));
    textscope(&all)
}

#[test]
fn many_files_on_several_threads_report_as_on_one() {
    let (dir, args) = tree(300);
    for format in ["--json", "--brief", ""] {
        let one = run("1", format, &args);
        let reports = String::from_utf8_lossy(&one.stdout);
        assert!(reports.lines().count() >= 300, "{format}: {reports}");
        for threads in ["2", "3", "8"] {
            let many = run(threads, format, &args);
            assert_eq!(many.status.code(), Some(2), "{format} -j {threads}");
            assert_eq!(one.status.code(), Some(2));
            assert!(
                many.stdout == one.stdout,
                "{format} -j {threads}: the reports differ"
            );
            assert_eq!(
                String::from_utf8_lossy(&many.stderr),
                String::from_utf8_lossy(&one.stderr),
                "{format} -j {threads}"
            );
        }
    }
    // In order: one JSON line per readable file, each naming its file, in the order given.
    let out = run("4", "--json", &args);
    let paths: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            v["path"].as_str().expect("a path").to_string()
        })
        .collect();
    let readable: Vec<&String> = args
        .iter()
        .filter(|a| !a.ends_with("missing") && !a.ends_with("a directory"))
        .collect();
    assert_eq!(paths.iter().collect::<Vec<_>>(), readable);
    let errors = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = errors.lines().collect();
    assert_eq!(lines.len(), 2, "{errors}");
    assert!(lines[0].contains("missing"), "{errors}");
    assert!(lines[1].contains("a directory"), "{errors}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `textscope ARGS…` with `input` on standard input.
fn run_with_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run textscope");
    let mut stdin = child.stdin.take().expect("stdin");
    // textscope may refuse its arguments and exit before it reads the list: a broken pipe
    // then is its answer, not the test's failure.
    match stdin.write_all(input) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.expect("write the list"),
    }
    drop(stdin);
    child.wait_with_output().expect("wait")
}

#[test]
fn a_list_of_files_reports_as_the_same_names_given_as_arguments() {
    let (dir, args) = tree(60);
    let want = run("2", "--json", &args);
    let list = dir.join("list");
    std::fs::write(&list, args.join("\n") + "\n").expect("the list");
    let list = list.to_string_lossy().into_owned();
    // Lines, from a file.
    let lines = run("2", "--json", &["--files-from".to_string(), list.clone()]);
    assert_eq!(lines.stdout, want.stdout);
    assert_eq!(lines.stderr, want.stderr);
    assert_eq!(lines.status.code(), Some(2));
    // The names of the command line come after the list's.
    let rest = &args[50..];
    let got = run(
        "2",
        "--json",
        &[&["-f".to_string(), list][..], rest].concat(),
    );
    let listed_then_given = [&args[..], rest].concat();
    assert_eq!(got.stdout, run("2", "--json", &listed_then_given).stdout);
    // NUL-separated, on standard input.
    let nul = args.join("\0");
    let piped = run_with_stdin(&["-j", "2", "--json", "-f", "-"], nul.as_bytes());
    assert_eq!(piped.stdout, want.stdout);
    assert_eq!(piped.stderr, want.stderr);
    // Standard input cannot be the list and a file; a missing list is named.
    let twice = run_with_stdin(&["-f", "-", "-"], b"x\n");
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("--files-from"));
    let listed = run_with_stdin(&["-f", "-"], b"a.txt\n-\n");
    assert_eq!(listed.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&listed.stderr).contains("--files-from"));
    let missing = textscope(&["-f", "/nonexistent/list"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent/list: "));
    // An empty list names nothing to do.
    let empty = run_with_stdin(&["-f", "-"], b"");
    assert_eq!(empty.status.code(), Some(0));
    assert!(empty.stdout.is_empty());
    let _ = std::fs::remove_dir_all(dir);
}
