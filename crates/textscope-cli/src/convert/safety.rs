//! What `--in-place` refuses: a legacy file whose code page is an uncertain guess (it would
//! be rewritten as mojibake for good), and a file with other hard links (they would keep the
//! old text). A symbolic link is followed: its target is converted and the link stays, as
//! `sed -i --follow-symlinks` does.

use super::ConvertError;
use std::path::{Path, PathBuf};
use textscope::{Format, ProblemKind, Report};

/// Below this detection confidence, a legacy guess is not trusted to rewrite a file in place.
/// The confidence is calibrated (decision 33): on our held-out evaluation set, answers below
/// 0.9 were right about 80 % of the time, answers above it 96–99 %; one wrong rewrite in five
/// is too many for a change that cannot be undone, so those files need `--from`.
pub const LOW_CONFIDENCE: f64 = 0.9;

/// With less evidence than [`LONG_EVIDENCE`] bytes above 7F, the bar is this higher one: the
/// calibration was measured on windows of text, and a short file's few accented letters read
/// plausibly in many code pages (issue 41: `na\xEFve` came out as IBM775 at 0.915).
pub const SHORT_CONFIDENCE: f64 = 0.95;

/// Bytes above 7F from which the calibrated bar [`LOW_CONFIDENCE`] applies (1 KiB).
pub const LONG_EVIDENCE: u64 = 1024;

/// Fewer bytes above 7F than this and a legacy reading is a guess whatever its confidence:
/// one or two accented letters cannot tell the code pages apart.
pub const MIN_EVIDENCE: u64 = 8;

/// An unmarked UTF-16 or UTF-32 reading (no byte order mark, no `--from`) of a file shorter
/// than this many bytes is a guess: nearly any even number of bytes is valid UTF-16, so a short
/// file carries too little structure to tell it from a legacy one (issue 41: the six bytes
/// `r\xE9sum\xE9` read as UTF-16BE "狩獵淩"). From 1 KiB the detector's unit statistics
/// (zero bytes, unusual units, surrogates) have enough to go on.
pub const MIN_UNMARKED_WIDE: u64 = 1024;

/// The confidence a legacy reading needs for `evidence` bytes above 7F (`None`: no
/// confidence is enough).
pub fn confidence_needed(evidence: u64) -> Option<f64> {
    if evidence < MIN_EVIDENCE {
        None
    } else if evidence < LONG_EVIDENCE {
        Some(SHORT_CONFIDENCE)
    } else {
        Some(LOW_CONFIDENCE)
    }
}

/// Why the detected reading is too uncertain to rewrite a file in place, or None (read from
/// the report in this one place). Never doubted: a forced format (`--from`), a file with a
/// byte order mark, valid UTF-8 (ASCII included) and any reading of a file that is ASCII.
/// Doubted: an unmarked UTF-16 or UTF-32 reading of fewer than [`MIN_UNMARKED_WIDE`] bytes,
/// and a legacy guess (see [`legacy_doubt`]).
pub fn guess_doubt(r: &Report) -> Option<String> {
    if r.detection.forced || r.bom.is_some() || r.ascii {
        return None;
    }
    match r.format {
        Format::Legacy => legacy_doubt(r),
        Format::Utf16Le | Format::Utf16Be | Format::Utf32Le | Format::Utf32Be
            if r.size < MIN_UNMARKED_WIDE =>
        {
            Some(format!(
                "the {} reading is a guess: the file has no byte order mark and only {} (an \
                 unmarked UTF-16 or UTF-32 file needs at least {MIN_UNMARKED_WIDE} bytes to be \
                 trusted); name the source encoding with --from to convert it",
                r.encoding,
                crate::render::plural(r.size, "byte", "bytes")
            ))
        }
        _ => None,
    }
}

/// Why a legacy guess is too uncertain to rewrite a file in place, or None: the detector's
/// `detection.confidence` below what its evidence needs ([`confidence_needed`] of the bytes
/// above 7F in the window), bytes the guessed code page does not map (P8), control
/// characters once decoded (a wrong code page turns text bytes into C0/C1 controls), and
/// bytes that also read as valid UTF-8 sequences. A forced format (`--from`) is never doubted.
pub fn legacy_doubt(r: &Report) -> Option<String> {
    if r.format != Format::Legacy || r.detection.forced {
        return None;
    }
    let mut doubts = Vec::new();
    let evidence = r
        .detection
        .steps
        .iter()
        .rfind(|s| s.format == Format::Legacy)
        .and_then(|s| s.figures.get("high_bytes").copied())
        .unwrap_or(0);
    match (confidence_needed(evidence), r.detection.confidence) {
        (None, _) => doubts.push(format!(
            "only {} above 7F to tell the code pages apart",
            crate::render::plural(evidence, "byte", "bytes")
        )),
        (Some(bar), Some(c)) if c < bar => doubts.push(format!(
            "confidence {:.0} %, below the {:.0} % that {} above 7F need",
            c * 100.0,
            bar * 100.0,
            crate::render::plural(evidence, "byte", "bytes")
        )),
        _ => {}
    }
    let unmapped = r.problem_counts.get(ProblemKind::UnmappedByte);
    if unmapped > 0 {
        doubts.push(crate::render::plural(
            unmapped,
            "byte it does not map",
            "bytes it does not map",
        ));
    }
    let controls = r.problem_counts.get(ProblemKind::ControlCharacter);
    if controls > 0 {
        doubts.push(format!(
            "{} once decoded",
            crate::render::plural(controls, "control character", "control characters")
        ));
    }
    let valid_utf8 = r
        .detection
        .steps
        .iter()
        .find(|s| s.format == Format::Utf8)
        .and_then(|s| s.figures.get("valid_multibyte").copied())
        .unwrap_or(0);
    if valid_utf8 > 0 {
        doubts.push(format!(
            "the bytes also hold {}",
            crate::render::plural(valid_utf8, "valid UTF-8 sequence", "valid UTF-8 sequences")
        ));
    }
    if doubts.is_empty() {
        return None;
    }
    Some(format!(
        "the code page {} is a guess of low confidence ({}); name the source encoding with \
         --from to convert it",
        r.encoding.to_lowercase(),
        doubts.join(", ")
    ))
}

/// The file `--in-place` rewrites for the name `p`: a symbolic link's target (the link
/// stays); a file with other hard links is refused unless `force`.
pub fn in_place_target(p: &Path, name: &str, force: bool) -> Result<PathBuf, ConvertError> {
    let err = |why: String| ConvertError::Refused {
        path: name.to_string(),
        why,
    };
    let is_link = std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink());
    let target = if is_link {
        std::fs::canonicalize(p).map_err(|e| err(format!("cannot follow the link: {e}")))?
    } else {
        p.to_path_buf()
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let links = std::fs::metadata(&target).map_or(1, |m| m.nlink());
        if links > 1 && !force {
            return Err(err(format!(
                "it has {} (hard links), which would keep the old text; --force converts \
                 this name only",
                crate::render::plural(links - 1, "other name", "other names")
            )));
        }
    }
    #[cfg(not(unix))]
    let _ = force;
    Ok(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A clean windows-1252 file, then the same report with its confidence moved across the
    /// bar: only the confidence decides here.
    #[test]
    fn a_guess_below_the_bar_is_doubted_and_one_above_is_not() {
        let text = "Le café était très bon, la crème brûlée aussi, à côté de l'hôtel.\n";
        let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode(text);
        let mut r = textscope::analyze(&bytes, textscope::Options::default());
        assert_eq!(r.format, Format::Legacy);
        // Ten bytes above 7F: the short-evidence bar.
        r.detection.confidence = Some(SHORT_CONFIDENCE + 0.02);
        assert_eq!(legacy_doubt(&r), None);
        r.detection.confidence = Some(SHORT_CONFIDENCE - 0.02);
        let doubt = legacy_doubt(&r).expect("doubted");
        assert!(
            doubt.contains("confidence 93 %, below the 95 % that 10 bytes above 7F need"),
            "{doubt}"
        );
        r.detection.forced = true;
        assert_eq!(legacy_doubt(&r), None, "a forced format is never doubted");
    }

    #[test]
    fn the_bar_rises_as_the_evidence_shrinks() {
        assert_eq!(confidence_needed(MIN_EVIDENCE - 1), None);
        assert_eq!(confidence_needed(MIN_EVIDENCE), Some(SHORT_CONFIDENCE));
        assert_eq!(confidence_needed(LONG_EVIDENCE), Some(LOW_CONFIDENCE));
    }
}
