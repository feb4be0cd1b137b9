//! Which repaired characters are plausible text (docs/mojibake.md M2), and which of them are
//! Latin (M3: a lone two-byte unit must repair to Latin or a symbol).

/// The class of a repaired character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// Not what text is made of here: a control, IPA, a rare script … (never repaired).
    Implausible,
    /// A Latin letter or mark, or a Latin-1 symbol (U+00A0–U+00FF).
    Latin,
    /// Punctuation, a currency sign, a symbol, an emoji, the BOM or U+FFFD.
    Symbol,
    /// A letter of another script (Greek, Cyrillic, Hebrew, Arabic, CJK …).
    Other,
}

/// M2: the class of `c`, the character a unit repairs to.
pub(crate) fn class(c: char) -> Class {
    let u = u32::from(c);
    match u {
        0x00A0..=0x017F
        | 0x0192
        | 0x01A0
        | 0x01A1
        | 0x01AF
        | 0x01B0
        | 0x0218..=0x021B
        | 0x02C6
        | 0x02C7
        | 0x02D8..=0x02DD
        | 0x0300..=0x036F
        | 0x1E00..=0x1EFF => Class::Latin,
        0x0386..=0x03CE
        | 0x0400..=0x04FF
        | 0x05B0..=0x05C7
        | 0x05D0..=0x05EA
        | 0x060C
        | 0x061B
        | 0x061F
        | 0x0620..=0x06D3
        | 0x06F0..=0x06F9
        | 0x0900..=0x097F
        | 0x0E01..=0x0E5B
        | 0x3040..=0x30FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7A3
        | 0x20000..=0x2A6DF => Class::Other,
        0x200B..=0x200D
        | 0x2010..=0x2027
        | 0x2030..=0x203A
        | 0x2044
        | 0x20A0..=0x20BF
        | 0x2100..=0x21FF
        | 0x2200..=0x23FF
        | 0x2460..=0x24FF
        | 0x2500..=0x27BF
        | 0x3000..=0x303F
        | 0xFEFF
        | 0xFF01..=0xFF9F
        | 0xFFFD
        | 0x1F000..=0x1FAFF => Class::Symbol,
        _ => Class::Implausible,
    }
}

/// True for the box-drawing and block characters of IBM437 (M6).
pub(crate) fn is_box(c: char) -> bool {
    matches!(u32::from(c), 0x2500..=0x259F)
}

/// True for the closing punctuation that may follow an all-capitals word (M5, the capitals
/// rule): ’ ” “ » › … – —.
pub(crate) fn is_closing(c: char) -> bool {
    matches!(
        c,
        '\u{2019}'
            | '\u{201D}'
            | '\u{201C}'
            | '\u{BB}'
            | '\u{203A}'
            | '\u{2026}'
            | '\u{2013}'
            | '\u{2014}'
    )
}

/// True for the quote marks that enclose a quoted example (M5): " ' ` « » “ ” ‘ ’ „.
pub(crate) fn is_quote(c: char) -> bool {
    matches!(
        c,
        '"' | '\''
            | '`'
            | '\u{AB}'
            | '\u{BB}'
            | '\u{201C}'
            | '\u{201D}'
            | '\u{2018}'
            | '\u{2019}'
            | '\u{201E}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m2_classes() {
        assert_eq!(class('é'), Class::Latin);
        assert_eq!(class('\u{A0}'), Class::Latin);
        assert_eq!(class('’'), Class::Symbol);
        assert_eq!(class('中'), Class::Other);
        assert_eq!(class('П'), Class::Other);
        assert_eq!(class('\u{85}'), Class::Implausible);
        assert_eq!(class('\u{252}'), Class::Implausible); // IPA ɒ
        assert_eq!(class('\u{7FB}'), Class::Implausible); // NKo
        assert_eq!(class('😀'), Class::Symbol);
    }
}
