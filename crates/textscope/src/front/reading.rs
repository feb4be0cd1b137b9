//! The closest text reading of a file judged binary (issue 14): which format came closest to
//! taking it, and whether it has text to show at all (decision 40).

use crate::format::Format;
use crate::report::Step;

/// The text format that came closest to taking a file judged binary (issue 14), and the
/// detection step that says so: legacy, when the legacy stage turned the window down only
/// because no code page reads it as text (D13; read in D12's best page); else a Unicode
/// parser turned down only by the binary rule (D7), the one with the smallest share of NULs
/// and controls; else a UTF-16 parser whose zero pattern (D5) missed its bar by the least, when it was close; else UTF-8. None when no
/// reading has text to show (decision 40): the first and the last choice only when at least
/// one character in ten of the window is neither a NUL nor a control and at most one in ten
/// is an invalid sequence, so noise and runs of NULs are not decoded a second time in full.
pub(super) fn closest_reading(steps: &[Step]) -> Option<(Format, Step)> {
    let fig = |s: &Step, k: &str| s.figures.get(k).copied().unwrap_or(0);
    let has_text = |s: &Step| {
        let chars = u128::from(fig(s, "characters"));
        let odd = u128::from(fig(s, "nul") + fig(s, "control_characters"));
        let invalid = u128::from(fig(s, "invalid_sequences"));
        odd * 10 <= chars * 9 && invalid * 10 <= chars
    };
    let unicode = |s: &&Step| !s.accepted && s.format.is_text() && s.format != Format::Legacy;
    let d7 = |s: &Step| {
        matches!(
            s.code.as_str(),
            "nul_share" | "control_share" | "bom_but_binary"
        )
    };
    // Only by D7: every step of that format was turned down by it (the UTF-16 parsers have
    // two, D5 and D8, and D8 does not look at the zero pattern).
    let only_d7 = |f: Format| steps.iter().filter(|s| s.format == f).all(d7);
    let binary_only = steps
        .iter()
        .filter(unicode)
        .filter(|s| d7(s) && only_d7(s.format) && has_text(s))
        .min_by(|a, b| {
            // (nul + controls) / characters, compared without division.
            let x = u128::from(fig(a, "nul") + fig(a, "control_characters"))
                * u128::from(fig(b, "characters").max(1));
            let y = u128::from(fig(b, "nul") + fig(b, "control_characters"))
                * u128::from(fig(a, "characters").max(1));
            x.cmp(&y)
        });
    // D13: a window whose best code page reading is not text is read in that page (forced
    // legacy without a page is D12's winner, the same reading).
    let not_text = steps
        .iter()
        .find(|s| s.format == Format::Legacy && s.code == "legacy_not_text");
    let (format, figures, why) = if let Some(s) = not_text {
        (
            Format::Legacy,
            s.figures.clone(),
            "no code page reads it as text, and this one comes closest",
        )
    } else if let Some(s) = binary_only {
        (
            s.format,
            s.figures.clone(),
            "its characters decode, but too many are NULs or control characters for text",
        )
    } else if let Some(s) = steps
        .iter()
        .filter(unicode)
        .filter(|s| near_zero_pattern(s))
        .min_by_key(|s| {
            // The largest share of zero high bytes (ten-thousandths), the first of equals.
            std::cmp::Reverse(fig(s, "high_zero_bytes") * 10_000 / fig(s, "high_bytes").max(1))
        })
    {
        (
            s.format,
            s.figures.clone(),
            "its pattern of zero bytes comes close to what this format needs",
        )
    } else {
        let utf8 = steps.iter().find(|s| s.format == Format::Utf8)?;
        if !has_text(utf8) {
            return None;
        }
        (
            Format::Utf8,
            utf8.figures.clone(),
            "no text format came close, so it is read as the most common one",
        )
    };
    let step = Step {
        format,
        accepted: true,
        code: "closest_reading".to_string(),
        reason: format!(
            "the file was taken as binary; read as {} anyway, the closest text reading: {why}",
            format.name()
        ),
        figures,
    };
    Some((format, step))
}

/// A UTF-16 parser turned down by its zero pattern (D5) with figures close to the bar: at
/// least 15 % zero high bytes where 25 % are needed, or zeros on the wrong side at most twice
/// the one in twenty allowed.
pub(crate) fn near_zero_pattern(s: &Step) -> bool {
    let fig = |k: &str| s.figures.get(k).copied().unwrap_or(0);
    let (high_zero, high, low_zero) = (
        fig("high_zero_bytes"),
        fig("high_bytes"),
        fig("low_zero_bytes"),
    );
    matches!(s.format, Format::Utf16Le | Format::Utf16Be)
        && !s.accepted
        && match s.code.as_str() {
            "zero_share_too_low" => high_zero * 100 >= high * 15 && high_zero > 0,
            "zeros_on_wrong_side" => low_zero * 10 <= high_zero,
            _ => false,
        }
}
