//! Every problem kind and finding kind is named wherever the compiler cannot see: the web
//! page's catalogues (English and Spanish), docs/json-schema.md and the Python package's
//! report types. A kind added to the core's list (`kinds!` in problem.rs and finding.rs)
//! fails here until each of them has it (docs/architecture.md, "How to add a problem kind").

use textscope::{FindingKind, ProblemKind};

fn repo_file(path: &str) -> String {
    let p = format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

/// How many times `word` stands in `text` as a whole word (`_` counts as part of a word).
fn words(text: &str, word: &str) -> usize {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word)
        .filter(|&(i, _)| {
            let before = text[..i].chars().next_back();
            let after = text[i + word.len()..].chars().next();
            !before.is_some_and(is_word) && !after.is_some_and(is_word)
        })
        .count()
}

#[test]
fn every_problem_kind_is_in_every_catalogue() {
    let messages = repo_file("web/js/messages.js");
    let en = repo_file("web/js/strings/en.js");
    let es = repo_file("web/js/strings/es.js");
    let schema = repo_file("docs/json-schema.md");
    let python = repo_file("crates/textscope-py/python/textscope/_report.py");
    for kind in ProblemKind::ALL {
        let name = kind.name();
        let key = format!("'kind.{name}'");
        let run = format!("'run.{name}'");
        assert_eq!(
            messages.matches(&key).count(),
            2,
            "{key} in messages.js, en and es"
        );
        assert_eq!(
            messages.matches(&run).count(),
            2,
            "{run} in messages.js, en and es"
        );
        assert_eq!(en.matches(&key).count(), 1, "{key} in strings/en.js");
        assert_eq!(es.matches(&key).count(), 1, "{key} in strings/es.js");
        assert!(words(&schema, name) > 0, "{name} in docs/json-schema.md");
        assert!(
            words(&python, name) > 0,
            "{name} in the Python report types"
        );
    }
}

#[test]
fn every_finding_kind_is_in_every_catalogue() {
    let messages = repo_file("web/js/messages.js");
    let schema = repo_file("docs/json-schema.md");
    let python = repo_file("crates/textscope-py/python/textscope/_report.py");
    for kind in FindingKind::ALL {
        let name = kind.name();
        let run = format!("'run.{name}'");
        assert_eq!(
            messages.matches(&run).count(),
            2,
            "{run} in messages.js, en and es"
        );
        assert!(words(&schema, name) > 0, "{name} in docs/json-schema.md");
        assert!(
            words(&python, name) > 0,
            "{name} in the Python report types"
        );
    }
}

#[test]
fn a_missing_name_is_noticed() {
    assert_eq!(words("a nul_x nul, x_nul nul", "nul"), 2);
    assert_eq!(words("", "nul"), 0);
}
