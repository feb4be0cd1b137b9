//! V1 and the JSON writer: whatever the text, `textscope::preview::visible` leaves no C0
//! control but TAB, no DEL, no C1 control, no bidi or invisible character and no U+2028/U+2029;
//! and `textscope::json` writes no such character raw while reading back the same string.
#![no_main]

use libfuzzer_sys::fuzz_target;

fn forbidden(c: char) -> bool {
    matches!(c, '\0'..='\u{8}' | '\u{A}'..='\u{1F}' | '\u{7F}'..='\u{9F}' | '\u{2028}' | '\u{2029}')
        || textscope::preview::is_bidi_or_invisible(c)
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let shown = textscope::preview::visible(&text);
    if let Some(c) = shown.chars().find(|&c| forbidden(c)) {
        panic!("visible() let U+{:04X} through", c as u32);
    }
    let json = textscope::json::to_string(&*text).expect("a string serialises");
    if let Some(c) = json.chars().find(|&c| forbidden(c)) {
        panic!("json let U+{:04X} through", c as u32);
    }
    let back: String = serde_json::from_str(&json).expect("valid JSON");
    assert_eq!(back, text);
});
