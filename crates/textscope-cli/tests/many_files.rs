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
    let dir = std::env::temp_dir().join(format!("textscope-many-{}", std::process::id()));
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
