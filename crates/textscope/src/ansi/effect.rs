//! What a terminal escape sequence does ([`Effect`]), decided by its bytes: the final byte of
//! a CSI, the number of an OSC, the second character of a two-character sequence.

use serde::{Deserialize, Serialize};

/// What a sequence does to a terminal that shows it. The serialised names are part of the JSON
/// interface (`effect` of an `ansi_escape` finding).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Select graphic rendition: colours, bold, underline (`CSI … m`).
    Sgr,
    /// Cursor movement, save and restore (`CSI A`–`H`, `f`, `s`, `u` …; `ESC 7`, `ESC 8`).
    Cursor,
    /// Erasing the screen or a line (`CSI J`, `CSI K`, `CSI X`; `ESC c`, the full reset).
    Erase,
    /// Scrolling and the scrolling region (`CSI S`, `CSI T`, `CSI r`).
    Scroll,
    /// Setting or resetting a terminal mode (`CSI … h`, `CSI … l`, `CSI ? … h`).
    Mode,
    /// Setting the window or icon title (OSC 0, 1, 2).
    Title,
    /// Writing to the clipboard (OSC 52).
    Clipboard,
    /// A hyperlink (OSC 8).
    Hyperlink,
    /// Another control sequence or two-character escape sequence.
    OtherCsi,
    /// Another operating system command.
    OtherOsc,
}

impl Effect {
    /// The JSON name (`sgr`).
    pub fn name(self) -> &'static str {
        match self {
            Effect::Sgr => "sgr",
            Effect::Cursor => "cursor",
            Effect::Erase => "erase",
            Effect::Scroll => "scroll",
            Effect::Mode => "mode",
            Effect::Title => "title",
            Effect::Clipboard => "clipboard",
            Effect::Hyperlink => "hyperlink",
            Effect::OtherCsi => "other_csi",
            Effect::OtherOsc => "other_osc",
        }
    }

    /// True when showing the file on a terminal changes more than how text looks: it writes
    /// the clipboard or the title, erases, scrolls, switches modes, or runs another command.
    pub fn dangerous(self) -> bool {
        matches!(
            self,
            Effect::Erase
                | Effect::Scroll
                | Effect::Mode
                | Effect::Title
                | Effect::Clipboard
                | Effect::OtherOsc
        )
    }

    /// Words for a message ("SGR colour").
    pub fn describe(self) -> &'static str {
        match self {
            Effect::Sgr => "SGR colour",
            Effect::Cursor => "cursor movement",
            Effect::Erase => "erase screen or line",
            Effect::Scroll => "scrolling",
            Effect::Mode => "terminal mode change",
            Effect::Title => "set window title",
            Effect::Clipboard => "clipboard write",
            Effect::Hyperlink => "hyperlink",
            Effect::OtherCsi => "control sequence",
            Effect::OtherOsc => "operating system command",
        }
    }
}

/// The effect of `ESC c` for a two-character escape sequence.
pub(super) fn two_char(c: char) -> Effect {
    match c {
        '7' | '8' | 'D' | 'E' | 'M' => Effect::Cursor,
        'c' => Effect::Erase,
        _ => Effect::OtherCsi,
    }
}

/// The effect of a CSI sequence by its final byte.
pub(super) fn csi_effect(last: char, private: bool, intermediate: bool) -> Effect {
    if intermediate {
        return Effect::OtherCsi;
    }
    match last {
        'h' | 'l' => Effect::Mode,
        'm' if !private => Effect::Sgr,
        'A'..='H' | 'a' | 'd' | 'e' | 'f' | '`' | 's' | 'u' if !private => Effect::Cursor,
        'J' | 'K' | 'X' => Effect::Erase,
        'S' | 'T' | 'r' if !private => Effect::Scroll,
        _ => Effect::OtherCsi,
    }
}

/// The effect of an OSC by its number.
pub(super) fn osc_effect(number: u32, digits: bool) -> Effect {
    match (digits, number) {
        (true, 0..=2) => Effect::Title,
        (true, 8) => Effect::Hyperlink,
        (true, 52) => Effect::Clipboard,
        _ => Effect::OtherOsc,
    }
}
