//! Terminal escape sequences (finding `ansi_escape`): ECMA-48 control sequences (CSI, `ESC [`
//! … final byte), operating system commands (OSC, `ESC ]` … BEL or `ESC \`) and the
//! two-character escape sequences (`ESC 7`, `ESC c` …).
//!
//! A recognised sequence is one finding, and its characters are neither problem P3 nor part of
//! D7's control share, so a coloured log reads as text. An ESC that starts none of these stays
//! a control character (P3).
//!
//! The [`Scanner`] is fed one character at a time and keeps its state between calls, so a
//! sequence split across chunks is recognised the same. [`find`], [`strip`] and [`strip_str`]
//! run it over a buffer (bytes are read as ASCII; a byte above 7F counts as a character that
//! an OSC's text may hold).
//!
//! ```
//! use textscope::ansi::{find, strip_str, Effect};
//! let found = find(b"\x1b[32mok\x1b[0m \x1b]52;c;aGk=\x07");
//! assert_eq!(found.len(), 3);
//! assert_eq!(found[0].effect, Effect::Sgr);
//! assert!(found[2].effect.dangerous());
//! assert_eq!(strip_str("\x1b[1mbold\x1b[0m \x1b[Z?"), "bold ?");
//! ```
//!
//! One idea per file: `effect.rs` (what a sequence does, by its bytes), `scanner.rs` (the
//! character-at-a-time recogniser), `find.rs` (running it over a buffer: find, strip, and the
//! visible form of a sequence).

mod effect;
mod find;
mod scanner;

pub use effect::Effect;
use effect::{csi_effect, osc_effect, two_char};
pub use find::{find, find_str, strip, strip_str, visible, Found};
pub use scanner::{Scan, Scanner};

/// ESC, U+001B.
pub const ESC: char = '\u{1B}';
/// BEL, U+0007 (ends an OSC).
const BEL: char = '\u{7}';
/// Most characters of a CSI sequence, `ESC [` and the final byte included.
pub const MAX_CSI: u32 = 64;
/// Most characters of an OSC sequence, `ESC ]` and the terminator included.
pub const MAX_OSC: u32 = 4096;
/// Most characters of the visible form of a sequence ([`visible`]).
pub const MAX_VISIBLE: usize = 80;
