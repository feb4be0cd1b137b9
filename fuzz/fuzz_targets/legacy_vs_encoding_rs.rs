//! U4 against encoding_rs: forced to a code page (chosen by the first byte), the character
//! count equals the character count of encoding_rs's own decode, and P8 + P5 equals the number
//! of U+FFFD that encoding_rs emits minus the U+FFFD characters really mapped (counted with
//! encoding_rs's decoder without replacement, which reports each malformed sequence).
#![no_main]

use encoding_rs::{DecoderResult, Encoding};
use libfuzzer_sys::fuzz_target;
use textscope::Options;

const LABELS: [&str; 10] = [
    "windows-1252",
    "windows-1251",
    "iso-8859-8",
    "windows-874",
    "shift_jis",
    "euc-jp",
    "euc-kr",
    "big5",
    "gb18030",
    "iso-2022-jp",
];

fuzz_target!(|input: &[u8]| {
    let Some((&pick, data)) = input.split_first() else {
        return;
    };
    let label = LABELS[usize::from(pick) % LABELS.len()];
    let enc = Encoding::for_label(label.as_bytes()).expect("label");
    let opts = Options::default().force_encoding(label).expect("label");
    let r = textscope::analyze(data, opts);

    // encoding_rs, whole buffer, with replacement.
    let (text, _) = enc.decode_without_bom_handling(data);
    let chars = text.chars().count() as u64;
    let fffd_emitted = text.chars().filter(|&c| c == '\u{FFFD}').count() as u64;

    // encoding_rs without replacement: each malformed sequence once, real U+FFFD kept apart.
    let mut dec = enc.new_decoder_without_bom_handling();
    let mut out = vec![0u8; data.len() * 4 + 64];
    let mut src = data;
    let mut malformed = 0u64;
    let mut real_fffd = 0u64;
    loop {
        let (result, read, written) = dec.decode_to_utf8_without_replacement(src, &mut out, true);
        let s = std::str::from_utf8(&out[..written]).expect("utf-8 out");
        real_fffd += s.chars().filter(|&c| c == '\u{FFFD}').count() as u64;
        src = &src[read..];
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::Malformed(..) => malformed += 1,
            DecoderResult::OutputFull => unreachable!("the buffer is big enough"),
        }
    }
    assert_eq!(fffd_emitted - real_fffd, malformed);

    let bad = r.problem_counts.unmapped_byte + r.problem_counts.truncated_character;
    assert_eq!(
        bad,
        fffd_emitted - real_fffd,
        "P8 + P5 differ from encoding_rs ({label})"
    );
    assert_eq!(
        r.characters, chars,
        "character count differs from encoding_rs ({label})"
    );
});
