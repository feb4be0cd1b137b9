//! `textscope utf16`: the UTF-16 inspector and validator (SPEC §8, I1–I3).
//!
//! `textscope utf16 TEXT` inspects a text (`U+1F600`, or several such tokens, are code points:
//! the characters themselves are inspected; `--literal` inspects the characters typed); `--units "D83D 0041"` validates hex units;
//! `--bytes "3D D8 00 DE" --le|--be` pairs hex bytes into units and validates them. Each takes
//! `--json`. Exit status: 0 well-formed, 1 not well-formed, 2 unparseable input.
//!
//! Everything shown from the user's input goes through `textscope::preview` (the one sanitiser),
//! and JSON output escapes the characters that could drive or reorder a terminal.

use std::io::Write;
use std::process::ExitCode;

use clap::ArgGroup;
use serde::Serialize;
use textscope::preview::{is_bidi_or_invisible, push_visible, visible};
use textscope::utf16::{
    check_bytes, check_units, inspect, ByteOrder, Inspection, ParseError, Validation,
};

/// Exit status: the input is well-formed (text is always).
pub const EXIT_WELL_FORMED: u8 = 0;
/// Exit status: the units or bytes are not well-formed UTF-16.
pub const EXIT_NOT_WELL_FORMED: u8 = 1;
/// Exit status: the input is not hex units or bytes.
pub const EXIT_UNPARSEABLE: u8 = 2;

/// Arguments of `textscope utf16`.
#[derive(clap::Args, Debug)]
#[command(
    group(ArgGroup::new("input").required(true).args(["text", "units", "bytes"])),
    group(ArgGroup::new("order").args(["le", "be"])),
    after_help = "Exit status: 0 well-formed, 1 not well-formed, 2 unparseable input.\n\
                  Examples:\n  textscope utf16 '😀A'\n  textscope utf16 U+1F600\n  \
                  textscope utf16 --units 'D83D 0041'\n  \
                  textscope utf16 --bytes '3D D8 00 DE' --le --json"
)]
pub struct Utf16Args {
    /// Text to inspect: each code point's name, plane, UTF-16 units and bytes.
    /// Code points written U+XXXX (one or more, separated by spaces or commas) are read as
    /// the characters they name.
    pub text: Option<String>,
    /// Inspect TEXT as typed, even when it looks like U+XXXX code points.
    #[arg(long, conflicts_with_all = ["units", "bytes"])]
    pub literal: bool,
    /// Validate UTF-16 units written in hex, e.g. "D83D DE00", "0xD83D,0xDE00", "U+D83D".
    #[arg(long, value_name = "HEX")]
    pub units: Option<String>,
    /// Validate bytes written in hex, e.g. "3D D8 00 DE", paired into units by --le or --be.
    #[arg(long, value_name = "HEX", requires = "order")]
    pub bytes: Option<String>,
    /// With --bytes: the bytes are UTF-16LE (low byte first).
    #[arg(long, conflicts_with_all = ["text", "units"])]
    pub le: bool,
    /// With --bytes: the bytes are UTF-16BE (high byte first).
    #[arg(long, conflicts_with_all = ["text", "units"])]
    pub be: bool,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// What the command prints and how it ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    /// For standard output.
    pub stdout: String,
    /// For standard error (one line, or empty).
    pub stderr: String,
    /// The exit status.
    pub status: u8,
}

/// The JSON object: the library's result, tagged with the kind of input.
#[derive(Serialize)]
#[serde(tag = "input", rename_all = "lowercase")]
enum JsonOut<'a> {
    Text(&'a Inspection),
    Units(&'a Validation),
    Bytes(&'a Validation),
}

/// Runs the command: prints, and returns the exit status (0, 1 or 2).
pub fn run(args: &Utf16Args, color: bool) -> ExitCode {
    let r = render(args, color);
    // A closed pipe ends the output quietly.
    let _ = std::io::stdout().lock().write_all(r.stdout.as_bytes());
    if !r.stderr.is_empty() {
        let _ = std::io::stderr().lock().write_all(r.stderr.as_bytes());
    }
    ExitCode::from(r.status)
}

/// Everything `run` does except the printing.
pub fn render(args: &Utf16Args, color: bool) -> Rendered {
    let (result, from_bytes) = if let Some(units) = &args.units {
        (check_units(units), false)
    } else if let Some(bytes) = &args.bytes {
        let order = if args.be {
            ByteOrder::Be
        } else {
            ByteOrder::Le
        };
        (check_bytes(bytes, order), true)
    } else {
        let typed = args.text.as_deref().unwrap_or("");
        let text = if args.literal {
            Ok(typed.to_owned())
        } else {
            code_points(typed)
        };
        let text = match text {
            Ok(t) => t,
            Err(message) => {
                return Rendered {
                    stdout: String::new(),
                    stderr: format!("textscope: {}\n", visible(&message)),
                    status: EXIT_UNPARSEABLE,
                }
            }
        };
        let ins = inspect(&text);
        let stdout = if args.json {
            to_json(&JsonOut::Text(&ins))
        } else {
            render_inspection(&ins, color)
        };
        return Rendered {
            stdout,
            stderr: String::new(),
            status: EXIT_WELL_FORMED,
        };
    };
    let v = match result {
        Ok(v) => v,
        Err(e) => {
            return Rendered {
                stdout: String::new(),
                stderr: render_parse_error(&e),
                status: EXIT_UNPARSEABLE,
            }
        }
    };
    let stdout = match (args.json, from_bytes) {
        (true, true) => to_json(&JsonOut::Bytes(&v)),
        (true, false) => to_json(&JsonOut::Units(&v)),
        (false, _) => render_validation(&v, color),
    };
    let status = if v.well_formed {
        EXIT_WELL_FORMED
    } else {
        EXIT_NOT_WELL_FORMED
    };
    Rendered {
        stdout,
        stderr: String::new(),
        status,
    }
}

/// The text to inspect for a TEXT argument: when every token (split at white space and commas)
/// is `U+` and 1–6 hex digits, the characters those code points name; otherwise the argument
/// itself. A surrogate (D800–DFFF) or a value above 10FFFF is an error: no character has it.
pub fn code_points(arg: &str) -> Result<String, String> {
    let tokens: Vec<&str> = arg
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let digits = |t: &str| -> Option<String> {
        let head = t.get(..2)?;
        let hex = t.get(2..)?;
        (head.eq_ignore_ascii_case("U+")
            && (1..=6).contains(&hex.len())
            && hex.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| hex.to_owned())
    };
    if tokens.is_empty() || !tokens.iter().all(|t| digits(t).is_some()) {
        return Ok(arg.to_owned());
    }
    let mut out = String::new();
    for t in tokens {
        let hex = digits(t).unwrap_or_default();
        let v = u32::from_str_radix(&hex, 16).map_err(|e| format!("{t}: {e}"))?;
        match char::from_u32(v) {
            Some(c) => out.push(c),
            None if (0xD800..=0xDFFF).contains(&v) => {
                return Err(format!(
                    "U+{v:04X} is a surrogate, half of a UTF-16 pair, not the code point of a \
                     character; check units with --units, or inspect the text as typed with --literal"
                ))
            }
            None => {
                return Err(format!(
                    "U+{v:X} is above U+10FFFF, the last code point; inspect the text as typed \
                     with --literal"
                ))
            }
        }
    }
    Ok(out)
}

/// The one-line error for input that is not hex units or bytes.
pub fn render_parse_error(e: &ParseError) -> String {
    format!("textscope: {}\n", visible(&e.message))
}

/// Serializes to one line of JSON, then escapes what could drive or reorder a terminal.
fn to_json<T: Serialize>(value: &T) -> String {
    let raw = serde_json::to_string(value).expect("results serialize");
    let mut s = json_safe(&raw);
    s.push('\n');
    s
}

/// Replaces DEL, C1 controls, bidi and invisible format characters, and the line and paragraph
/// separators with `\uXXXX` escapes. They can only occur inside JSON strings (everything
/// structural is ASCII), so the result is the same JSON value; serde_json escapes C0 itself.
pub fn json_safe(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if matches!(c, '\u{7F}'..='\u{9F}' | '\u{2028}' | '\u{2029}') || is_bidi_or_invisible(c) {
            out.push_str(&format!("\\u{:04X}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// Terminal styling, or none.
#[derive(Clone, Copy, Debug)]
struct Style {
    color: bool,
}

impl Style {
    fn paint(self, code: &str, s: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_owned()
        }
    }
    fn bold(self, s: &str) -> String {
        self.paint("1", s)
    }
    fn red(self, s: &str) -> String {
        self.paint("31", s)
    }
    fn green(self, s: &str) -> String {
        self.paint("32", s)
    }
    fn dim(self, s: &str) -> String {
        self.paint("2", s)
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Lays out rows of ASCII cells in columns two spaces apart; the last cell is left unpadded
/// (it holds the character, whose width on screen varies).
fn table(header: &[&str], rows: &[Vec<String>], style: Style) -> String {
    let cols = header.len();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<String>| -> String {
        let mut s = String::new();
        for (i, cell) in cells.iter().enumerate() {
            if i + 1 == cols {
                s.push_str(cell);
            } else {
                let pad = widths[i] - cell.chars().count();
                s.push_str(cell);
                s.push_str(&" ".repeat(pad + 2));
            }
        }
        s.trim_end().to_owned()
    };
    let mut out = style.bold(&line(header.iter().map(|h| (*h).to_owned()).collect()));
    out.push('\n');
    for row in rows {
        out.push_str(&line(row.clone()));
        out.push('\n');
    }
    out
}

/// The table of an inspected text (I1): one row per code point, then the derivation of each
/// surrogate pair, then the totals.
pub fn render_inspection(ins: &Inspection, color: bool) -> String {
    let style = Style { color };
    let mut out = format!("{} \"{}\"\n", style.bold("text"), visible(&ins.text));
    let rows: Vec<Vec<String>> = ins
        .code_points
        .iter()
        .map(|c| {
            let plane = match c.plane.abbr {
                Some(a) => format!("{} {a}", c.plane.number),
                None => format!("{} unassigned", c.plane.number),
            };
            let mut shown = String::new();
            push_visible(c.character, &mut shown);
            vec![
                c.index.to_string(),
                c.code_point.clone(),
                c.label.clone(),
                plane,
                c.utf16.join(" "),
                c.utf16be.clone(),
                c.utf16le.clone(),
                shown,
            ]
        })
        .collect();
    if !rows.is_empty() {
        let header = [
            "#",
            "code point",
            "name",
            "plane",
            "UTF-16",
            "UTF-16BE",
            "UTF-16LE",
            "char",
        ];
        out.push_str(&table(&header, &rows, style));
    }
    for c in &ins.code_points {
        let Some(d) = &c.derivation else { continue };
        out.push_str(&format!(
            "\n{} {} → surrogate pair {}\n",
            style.bold("derivation of"),
            c.code_point,
            c.utf16.join(" ")
        ));
        let what = d
            .steps
            .iter()
            .map(|s| s.what.chars().count())
            .max()
            .unwrap_or(0);
        for (i, s) in d.steps.iter().enumerate() {
            let pad = " ".repeat(what - s.what.chars().count());
            out.push_str(&format!(
                "  {}{pad}  {} = {}",
                s.what, s.expression, s.result
            ));
            if i == 0 {
                out.push_str(&style.dim(&format!("  (bits {})", d.bits)));
            }
            out.push('\n');
        }
    }
    let t = &ins.totals;
    out.push_str(&format!(
        "\n{} {}, {}, {}, {}\n",
        style.bold("totals"),
        plural(t.code_points, "code point", "code points"),
        plural(t.utf16_units, "UTF-16 unit", "UTF-16 units"),
        plural(t.bytes, "byte", "bytes"),
        plural(t.graphemes, "grapheme cluster", "grapheme clusters"),
    ));
    out
}

/// The report of a validation (I2): the verdict or the headline first, the units, every error,
/// and, when well-formed, the inspection of the decoded text.
pub fn render_validation(v: &Validation, color: bool) -> String {
    let style = Style { color };
    let mut out = String::new();
    match &v.headline {
        None => out.push_str(&format!(
            "{}: {} → {}\n",
            style.green("well-formed"),
            plural(v.units.len(), "unit", "units"),
            plural(
                v.decoded.as_ref().map_or(0, |d| d.totals.code_points),
                "code point",
                "code points"
            ),
        )),
        Some(h) => out.push_str(&format!(
            "{}: {} at unit {}\n",
            style.red("not well-formed"),
            style.red(h.class.as_str()),
            h.position
        )),
    }
    if let (Some(order), Some(n)) = (v.byte_order, v.byte_count) {
        let order = match order {
            ByteOrder::Be => "BE",
            ByteOrder::Le => "LE",
        };
        out.push_str(&format!("{} {}, {order}\n", style.bold("bytes"), n));
    }
    let units: Vec<String> = v
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| format!("{} {u}", style.dim(&format!("[{i}]"))))
        .collect();
    out.push_str(&format!("{} {}\n", style.bold("units"), units.join("  ")));
    if !v.errors.is_empty() {
        out.push_str(&format!(
            "{}\n",
            style.bold(&format!("errors ({})", v.errors.len()))
        ));
        for e in &v.errors {
            let at = match e.byte_offset {
                Some(b) => format!("unit {}, byte {b}", e.position),
                None => format!("unit {}", e.position),
            };
            out.push_str(&format!(
                "  {} at {at}: {}\n",
                style.red(e.class.as_str()),
                visible(&e.message)
            ));
        }
        out.push_str(&format!(
            "{} \"{}\" (U+FFFD for each bad unit)\n",
            style.bold("as text"),
            visible(&v.lossy)
        ));
    }
    if let Some(d) = &v.decoded {
        out.push('\n');
        out.push_str(&render_inspection(d, style.color));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// A stand-in for the real `textscope` command, wiring `utf16` as main.rs will.
    #[derive(Parser, Debug)]
    struct Cli {
        #[command(subcommand)]
        cmd: Cmd,
    }

    #[derive(clap::Subcommand, Debug)]
    enum Cmd {
        Utf16(Utf16Args),
    }

    fn parse(argv: &[&str]) -> Result<Utf16Args, clap::Error> {
        let mut full = vec!["textscope", "utf16"];
        full.extend_from_slice(argv);
        Cli::try_parse_from(full).map(|c| match c.cmd {
            Cmd::Utf16(a) => a,
        })
    }

    fn run_args(argv: &[&str]) -> Rendered {
        render(&parse(argv).expect("arguments parse"), false)
    }

    #[test]
    fn i1_text_table_has_units_bytes_and_derivation() {
        let r = run_args(&["😀A"]);
        assert_eq!(r.status, EXIT_WELL_FORMED);
        let out = &r.stdout;
        assert!(
            out.contains("U+1F600     GRINNING FACE           1 SMP"),
            "{out}"
        );
        assert!(
            out.contains("D83D DE00  D8 3D DE 00  3D D8 00 DE  😀"),
            "{out}"
        );
        assert!(out.contains("1 SMP"), "{out}");
        assert!(out.contains("high surrogate  D800 + 03D = D83D"), "{out}");
        assert!(out.contains("check           (D83D − D800) × 400 + (DE00 − DC00) + 10000 = 1F600"));
        assert!(out.contains("totals 2 code points, 3 UTF-16 units, 6 bytes, 2 grapheme clusters"));
    }

    #[test]
    fn i3_e_acute_and_zwj_totals_in_the_table() {
        let r = run_args(&["e\u{301}"]);
        assert!(r
            .stdout
            .contains("2 code points, 2 UTF-16 units, 4 bytes, 1 grapheme cluster\n"));
        let r = run_args(&["👩\u{200D}💻"]);
        assert!(r
            .stdout
            .contains("3 code points, 5 UTF-16 units, 10 bytes, 1 grapheme cluster\n"));
        // The ZWJ itself is shown visibly, not as an invisible joiner.
        assert!(r.stdout.contains("[U+200D]"), "{}", r.stdout);
    }

    #[test]
    fn v1_user_text_is_made_visible() {
        let r = run_args(&["a\u{1B}[31m\u{202E}b"]);
        assert!(!r.stdout.contains('\u{1B}'), "{}", r.stdout);
        assert!(!r.stdout.contains('\u{202E}'), "{}", r.stdout);
        assert!(r.stdout.contains("<control-001B>"));
        let r = run_args(&["--json", "a\u{1B}\u{202E}\u{85}b"]);
        assert!(!r.stdout.contains('\u{1B}') && !r.stdout.contains('\u{202E}'));
        assert!(!r.stdout.contains('\u{85}'));
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(v["text"], "a\u{1B}\u{202E}\u{85}b"); // same value, escaped
    }

    #[test]
    fn i3_units_exit_status_and_headline() {
        let r = run_args(&["--units", "D83D 0041"]);
        assert_eq!(r.status, EXIT_NOT_WELL_FORMED);
        assert!(r
            .stdout
            .starts_with("not well-formed: EXPECTED_LOW_SURROGATE at unit 1\n"));
        assert!(
            r.stdout.contains("units [0] D83D  [1] 0041\n"),
            "{}",
            r.stdout
        );
        assert!(r.stdout.contains("as text \"\u{FFFD}A\""), "{}", r.stdout);

        let r = run_args(&["--units", "0xD83D,0xDE00"]);
        assert_eq!(r.status, EXIT_WELL_FORMED);
        assert!(r
            .stdout
            .starts_with("well-formed: 2 units → 1 code point\n"));
        assert!(r.stdout.contains("GRINNING FACE"));
    }

    #[test]
    fn unparseable_input_is_exit_2_with_one_line() {
        let r = run_args(&["--units", "D83D ZZ"]);
        assert_eq!(r.status, EXIT_UNPARSEABLE);
        assert!(r.stdout.is_empty());
        assert_eq!(r.stderr.lines().count(), 1);
        assert!(r.stderr.contains("\"ZZ\""), "{}", r.stderr);
        let r = run_args(&["--bytes", "3D \u{1B}", "--le"]);
        assert_eq!(r.status, EXIT_UNPARSEABLE);
        assert!(!r.stderr.contains('\u{1B}'));
    }

    #[test]
    fn bytes_in_both_orders_and_odd_count() {
        let r = run_args(&["--bytes", "3D D8 00 DE", "--le"]);
        assert_eq!(r.status, EXIT_WELL_FORMED);
        assert!(
            r.stdout.contains("bytes 4, LE\nunits [0] D83D  [1] DE00\n"),
            "{}",
            r.stdout
        );
        let r = run_args(&["--bytes", "D8 3D DE 00", "--be", "--json"]);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(v["input"], "bytes");
        assert_eq!(v["byte_order"], "BE");
        assert_eq!(v["decoded"]["code_points"][0]["utf16le"], "3D D8 00 DE");
        let r = run_args(&["--bytes", "3D D8 00", "--le"]);
        assert_eq!(r.status, EXIT_NOT_WELL_FORMED);
        assert!(
            r.stdout.contains("ODD_BYTE_COUNT at unit 1, byte 2"),
            "{}",
            r.stdout
        );
    }

    #[test]
    fn json_is_one_object_tagged_by_input() {
        for (argv, tag) in [
            (&["--json", "A"][..], "text"),
            (&["--json", "--units", "DC00"][..], "units"),
        ] {
            let r = run_args(argv);
            assert_eq!(r.stdout.lines().count(), 1);
            let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
            assert_eq!(v["input"], tag);
        }
        let r = run_args(&["--json", "--units", "DC00"]);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(v["headline"]["class"], "UNPAIRED_LOW_SURROGATE");
        assert_eq!(r.status, EXIT_NOT_WELL_FORMED);
    }

    #[test]
    fn code_points_typed_as_u_plus() {
        assert_eq!(code_points("U+1F600").unwrap(), "😀");
        assert_eq!(
            code_points("u+41, U+00E9 U+10FFFF").unwrap(),
            "Aé\u{10FFFF}"
        );
        // Anything else is text, inspected as typed.
        assert_eq!(code_points("U+1F600 and more").unwrap(), "U+1F600 and more");
        assert_eq!(code_points("U+").unwrap(), "U+");
        assert_eq!(code_points("U+1234567").unwrap(), "U+1234567");
        assert_eq!(code_points("").unwrap(), "");
        assert!(code_points("U+D83D").unwrap_err().contains("surrogate"));
        assert!(code_points("U+110000")
            .unwrap_err()
            .contains("above U+10FFFF"));
        let r = run_args(&["U+1F600"]);
        assert!(r.stdout.contains("D83D DE00"), "{}", r.stdout);
        let r = run_args(&["--literal", "U+1F600"]);
        assert!(r.stdout.contains("7 code points"), "{}", r.stdout);
        let r = run_args(&["U+DC00"]);
        assert_eq!(r.status, EXIT_UNPARSEABLE);
        assert_eq!(r.stderr.lines().count(), 1);
    }

    #[test]
    fn clap_args_need_one_input_and_an_order_for_bytes() {
        assert!(parse(&[]).is_err());
        assert!(parse(&["A", "--units", "41"]).is_err());
        assert!(parse(&["--bytes", "41 00"]).is_err()); // no byte order
        assert!(parse(&["--bytes", "41 00", "--le", "--be"]).is_err());
        assert!(parse(&["--units", "41", "--le"]).is_err()); // --le goes with --bytes
        assert!(parse(&["A", "--be"]).is_err());
        assert!(parse(&["--le"]).is_err());
        assert!(parse(&["--bytes", "41 00", "--be"]).is_ok());
        assert!(parse(&["--literal", "--units", "41"]).is_err()); // --literal goes with TEXT
    }

    #[test]
    fn color_only_when_asked() {
        let args = parse(&["--units", "DC00"]).unwrap();
        assert!(!render(&args, false).stdout.contains('\u{1B}'));
        assert!(render(&args, true).stdout.contains("\u{1B}[31m"));
    }
}
