//! Hints (issue 14): which format is worth forcing with `-e`, and why, from the detection
//! steps and the closest reading. Messages are plain words; rule ids stay in comments.

use crate::format::Format;
use crate::front::near_zero_pattern;
use crate::message::thousands;
use crate::report::{Hint, Report, Step};

fn fig(s: &Step, k: &str) -> u64 {
    s.figures.get(k).copied().unwrap_or(0)
}

/// "0.27": `part / whole` with two decimals.
fn share(part: u64, whole: u64) -> String {
    format!("{:.2}", part as f64 / whole.max(1) as f64)
}

/// The hints of a report with these detection `steps`, its verdict `format`, whether it had a
/// byte order mark, and its closest reading (binary verdicts only).
pub(super) fn hints(
    steps: &[Step],
    format: Format,
    marked: bool,
    reading: Option<&Report>,
) -> Vec<Hint> {
    let mut out: Vec<Hint> = Vec::new();
    // D7 turned the file down, but the closest reading has no problem beyond the NULs and
    // control characters that made it binary (or none at all).
    if let Some(r) = reading {
        let c = &r.problem_counts;
        let name = r.format.name();
        let figures = r
            .detection
            .steps
            .first()
            .map(|s| {
                format!(
                    "nul_share={} control_share={}",
                    share(fig(s, "nul"), fig(s, "characters")),
                    share(fig(s, "control_characters"), fig(s, "characters"))
                )
            })
            .unwrap_or_default();
        if c.total() == 0 {
            out.push(Hint {
                code: "try_encoding".into(),
                encoding: name.into(),
                reason: "reads_cleanly".into(),
                figures,
                message: format!(
                    "read as {}, the file has no problems at all: try -e {name}",
                    r.encoding
                ),
            });
        } else if c.total() == c.nul + c.control_character {
            out.push(Hint {
                code: "try_encoding".into(),
                encoding: name.into(),
                reason: "binary_only".into(),
                figures,
                message: format!(
                    "read as {}, the file's only problems are its {}, which is why it was taken as binary: try -e {name}",
                    r.encoding,
                    nul_and_controls(c.nul, c.control_character)
                ),
            });
        }
    }
    // A parser without a mark turned down by figures close to its bar (D4, D5).
    if !marked {
        for s in steps.iter().filter(|s| !s.accepted && s.format != format) {
            let Some((figures, why)) = near_bar(s) else {
                continue;
            };
            let name = s.format.name();
            if out.iter().any(|h| h.encoding == name) {
                continue;
            }
            out.push(Hint {
                code: "try_encoding".into(),
                encoding: name.into(),
                reason: "near_bar".into(),
                figures,
                message: format!(
                    "the bytes nearly fit {} without a byte order mark ({why}): try -e {name}",
                    s.format.name().to_ascii_uppercase()
                ),
            });
        }
    }
    out
}

/// "4,096 NULs and 3 control characters", leaving out a kind there is none of.
fn nul_and_controls(nul: u64, controls: u64) -> String {
    let n = |k: u64, one: &str, many: &str| {
        format!("{} {}", thousands(k), if k == 1 { one } else { many })
    };
    match (nul, controls) {
        (0, c) => n(c, "control character", "control characters"),
        (z, 0) => n(z, "NUL", "NULs"),
        (z, c) => format!(
            "{} and {}",
            n(z, "NUL", "NULs"),
            n(c, "control character", "control characters")
        ),
    }
}

/// The figures and the words for a step that missed its bar by little, or `None`.
fn near_bar(s: &Step) -> Option<(String, String)> {
    match s.format {
        Format::Utf16Le | Format::Utf16Be if near_zero_pattern(s) => {
            let side = if s.format == Format::Utf16Le {
                ("odd", "even")
            } else {
                ("even", "odd")
            };
            let (hz, h, lz) = (
                fig(s, "high_zero_bytes"),
                fig(s, "high_bytes"),
                fig(s, "low_zero_bytes"),
            );
            Some(if s.code == "zero_share_too_low" {
                (
                    format!("zero_high_share={} needed=0.25", share(hz, h)),
                    format!(
                        "{} % of the {}-offset bytes are 00, where 25 % are needed",
                        hz * 100 / h.max(1),
                        side.0
                    ),
                )
            } else {
                (
                    format!("low_zero_bytes={lz} high_zero_bytes={hz}"),
                    format!(
                        "{lz} 00 bytes at {} offsets against {hz} at {} offsets, where one in twenty is allowed",
                        side.1, side.0
                    ),
                )
            })
        }
        // D4 allows no unit above U+10FFFF or in the surrogates; one in a hundred is close.
        Format::Utf32Le | Format::Utf32Be if s.code == "non_scalar_units" => {
            let (bad, units) = (fig(s, "non_scalar_units"), fig(s, "units"));
            (bad > 0 && units >= 16 && bad * 100 <= units).then(|| {
                (
                    format!("non_scalar_units={bad} units={units}"),
                    format!("{bad} of its {units} units are not characters"),
                )
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(format: Format, code: &str, figs: &[(&str, u64)]) -> Step {
        Step {
            format,
            accepted: false,
            code: code.into(),
            reason: String::new(),
            figures: figs.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        }
    }

    #[test]
    fn utf16_zero_pattern_near_its_bar_is_a_hint_far_from_it_is_not() {
        let near = step(
            Format::Utf16Le,
            "zero_share_too_low",
            &[
                ("high_bytes", 100),
                ("high_zero_bytes", 20),
                ("low_zero_bytes", 0),
            ],
        );
        let far = step(
            Format::Utf16Be,
            "zero_share_too_low",
            &[
                ("high_bytes", 100),
                ("high_zero_bytes", 3),
                ("low_zero_bytes", 0),
            ],
        );
        let h = hints(&[near.clone(), far], Format::Legacy, false, None);
        assert_eq!(h.len(), 1, "{h:?}");
        assert_eq!(
            (h[0].encoding.as_str(), h[0].reason.as_str()),
            ("utf-16le", "near_bar")
        );
        assert_eq!(h[0].figures, "zero_high_share=0.20 needed=0.25");
        assert!(h[0].message.contains("try -e utf-16le"), "{}", h[0].message);
        assert!(!h[0].message.contains("D5"));
        // Not when the file has a mark, nor for the verdict's own format.
        assert!(hints(std::slice::from_ref(&near), Format::Legacy, true, None).is_empty());
        assert!(hints(&[near], Format::Utf16Le, false, None).is_empty());
        let wrong_side = step(
            Format::Utf16Be,
            "zeros_on_wrong_side",
            &[
                ("high_bytes", 100),
                ("high_zero_bytes", 50),
                ("low_zero_bytes", 4),
            ],
        );
        let h = hints(&[wrong_side], Format::Binary, false, None);
        assert_eq!(h[0].reason, "near_bar");
        assert_eq!(h[0].encoding, "utf-16be");
    }

    #[test]
    fn nul_and_controls_in_words() {
        assert_eq!(nul_and_controls(4096, 0), "4,096 NULs");
        assert_eq!(nul_and_controls(0, 1), "1 control character");
        assert_eq!(nul_and_controls(1, 2), "1 NUL and 2 control characters");
    }

    #[test]
    fn utf32_with_few_non_scalar_units_is_near() {
        let s = step(
            Format::Utf32Le,
            "non_scalar_units",
            &[("units", 1000), ("non_scalar_units", 3)],
        );
        assert_eq!(
            hints(&[s], Format::Legacy, false, None)[0].encoding,
            "utf-32le"
        );
        let s = step(
            Format::Utf32Le,
            "non_scalar_units",
            &[("units", 1000), ("non_scalar_units", 300)],
        );
        assert!(hints(&[s], Format::Legacy, false, None).is_empty());
    }
}
