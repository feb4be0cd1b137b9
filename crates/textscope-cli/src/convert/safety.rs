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

/// Why a legacy guess is too uncertain to rewrite a file in place, or None. Read from the
/// report in this one place: the detector's `detection.confidence` below [`LOW_CONFIDENCE`],
/// bytes the guessed code page does not map (P8), control characters once decoded (a wrong
/// code page turns text bytes into C0/C1 controls), and bytes that also read as valid UTF-8
/// sequences. A forced format (`--from`) is never doubted.
pub fn legacy_doubt(r: &Report) -> Option<String> {
    if r.format != Format::Legacy || r.detection.forced {
        return None;
    }
    let mut doubts = Vec::new();
    if let Some(c) = r.detection.confidence.filter(|&c| c < LOW_CONFIDENCE) {
        doubts.push(format!("confidence {:.0} %", c * 100.0));
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
        r.detection.confidence = Some(LOW_CONFIDENCE + 0.05);
        assert_eq!(legacy_doubt(&r), None);
        r.detection.confidence = Some(LOW_CONFIDENCE - 0.05);
        let doubt = legacy_doubt(&r).expect("doubted");
        assert!(doubt.contains("confidence 85 %"), "{doubt}");
        r.detection.forced = true;
        assert_eq!(legacy_doubt(&r), None, "a forced format is never doubted");
    }
}
