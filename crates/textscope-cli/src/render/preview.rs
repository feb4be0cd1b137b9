//! The preview (V1): each line's text, made safe for a terminal, and nothing else.

use super::safe;
use textscope::structure::Line;

/// One line of the preview: its visible text.
pub fn line(l: &Line) -> String {
    let mut s = safe(&l.text);
    if l.text_truncated {
        s.push_str(" …");
    }
    s.push('\n');
    s
}
