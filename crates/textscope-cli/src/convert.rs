//! `textscope convert FILE… --to FORMAT`: converts between the six Unicode formats (and from a
//! legacy code page), streaming, and never loses text.
//!
//! Two passes over the input, each streamed through `input` (the only reader): the analyser
//! first (detection, and every bad unit with its line and column, so that a lossy conversion is
//! refused before a byte is written), then the conversion proper: `textscope::chars` decodes,
//! [`encode`] writes the target format. Standard input is spooled to an unnamed temporary file
//! so that it can be read twice. `-o FILE` and `--in-place` write a temporary file beside the
//! target (`atomic`: unique name, the original's mode from its creation, removed on errors
//! and signals), flush and fsync it, and rename it over the target only when everything
//! succeeded.

mod atomic;
mod safety;

use crate::input::{self, InputError, Source};
pub use atomic::write_atomically;
#[cfg(test)]
use atomic::TEMP_SUFFIX;
use std::fs::File;
use std::io::{self, Seek, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use textscope::chars::{CharDecoder, Decoded};
use textscope::{Analyzer, Format, LineIndex, Options, Problem, ProblemKind, Report};

/// What to do with line endings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EolMode {
    /// LF, CR LF and CR become LF (NEL, LS and PS are kept: they are text, not a convention).
    Lf,
    /// LF, CR LF and CR become CR LF.
    Crlf,
    /// Endings are written as they are.
    Keep,
}

/// What to do with the byte order mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BomMode {
    /// Write the target format's mark.
    Yes,
    /// Write no mark.
    No,
    /// Write a mark when the input has one.
    Keep,
}

/// Arguments of `textscope convert`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Exit status: 0 when every file was converted, 1 when one was refused \
(bad units that would be lost, or a binary file), 2 on errors (unreadable input, failed write)."
)]
pub struct ConvertArgs {
    /// Files to convert ("-" reads standard input).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// The target format: utf-8, utf-16le, utf-16be, utf-32le, utf-32be.
    #[arg(long, value_name = "FORMAT", value_parser = parse_target)]
    pub to: Format,

    /// The input's format or code page (skips detection): a format name, legacy, or a
    /// code page such as windows-1252 or shift_jis.
    #[arg(long, value_name = "ENCODING")]
    pub from: Option<String>,

    /// Line endings of the output.
    #[arg(long, value_enum, default_value_t = EolMode::Keep, value_name = "EOL")]
    pub eol: EolMode,

    /// Byte order mark of the output.
    #[arg(long, value_enum, default_value_t = BomMode::Keep, value_name = "WHEN")]
    pub bom: BomMode,

    /// Write to FILE (atomically: a temporary file beside it, renamed when complete).
    #[arg(short = 'o', long, value_name = "FILE", conflicts_with = "in_place")]
    pub output: Option<PathBuf>,

    /// Replace each file with its conversion (atomically, keeping its permissions).
    #[arg(long)]
    pub in_place: bool,

    /// With --in-place, convert a file that has other names (hard links) too: only this name
    /// gets the new text, the others keep the old.
    #[arg(long, requires = "in_place")]
    pub force: bool,

    /// Remove terminal escape sequences (colours, cursor movement, window titles …: what the
    /// report lists as ansi_escape); an ESC that starts no sequence is kept.
    #[arg(long)]
    pub strip_ansi: bool,

    /// Write U+FFFD for each bad unit (unpaired surrogate, cut character, unit above 10FFFF,
    /// ill-formed UTF-8, unmapped byte) instead of refusing; says how many.
    #[arg(long)]
    pub replace: bool,
}

fn parse_target(s: &str) -> Result<Format, String> {
    match Format::from_name(s) {
        Some(Format::Legacy) | None => Err(format!(
            "'{s}' is not a Unicode format (use utf-8, utf-16le, utf-16be, utf-32le or utf-32be; \
             converting to a legacy code page is not supported)"
        )),
        Some(f) => Ok(f),
    }
}

/// How to convert.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub to: Format,
    pub eol: EolMode,
    pub bom: BomMode,
    pub replace: bool,
    /// Remove the terminal escape sequences `textscope::ansi` recognises.
    pub strip_ansi: bool,
}

/// Why a file was not converted.
#[derive(Debug)]
pub enum ConvertError {
    /// The input could not be read.
    Input(InputError),
    /// The output could not be written: what was being done, and the cause.
    Output { path: String, cause: String },
    /// Bad units would be lost: their exact count and the first few.
    Lossy {
        path: String,
        count: u64,
        first: Vec<Problem>,
    },
    /// The input is binary (D7) and no `--from` was given.
    Binary { path: String },
    /// The input changed between the two passes.
    Changed { path: String },
    /// Not converted in place, and why (an uncertain code page, a hard link).
    Refused { path: String, why: String },
    /// The arguments do not fit together.
    Usage(String),
}

impl ConvertError {
    /// 1 for a refusal (the file is as it is), 2 for a failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            ConvertError::Lossy { .. }
            | ConvertError::Binary { .. }
            | ConvertError::Refused { .. } => 1,
            _ => 2,
        }
    }
}

impl std::fmt::Display for ConvertError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::render::safe;
        match self {
            ConvertError::Input(e) => write!(f, "{}: {}", safe(&e.path), e.cause),
            ConvertError::Output { path, cause } => write!(f, "{}: {cause}", safe(path)),
            ConvertError::Lossy { path, count, first } => {
                write!(
                    f,
                    "{}: not converted: {} would be lost (use --replace to write U+FFFD for {})",
                    safe(path),
                    crate::render::plural(*count, "bad unit", "bad units"),
                    if *count == 1 { "it" } else { "them" }
                )?;
                for p in first {
                    write!(
                        f,
                        "\n  line {}, column {} (offset {}): {}: {}",
                        p.line,
                        p.column,
                        p.offset,
                        p.kind.name(),
                        safe(&p.message)
                    )?;
                }
                Ok(())
            }
            ConvertError::Binary { path } => write!(
                f,
                "{}: not converted: the file is binary; name its format with --from to convert it anyway",
                safe(path)
            ),
            ConvertError::Changed { path } => write!(
                f,
                "{}: the file changed while it was converted; nothing was written",
                safe(path)
            ),
            ConvertError::Refused { path, why } => {
                write!(f, "{}: not converted in place: {why}", safe(path))
            }
            ConvertError::Usage(s) => f.write_str(s),
        }
    }
}

/// The kinds a conversion cannot carry over: the bad units and subparts.
pub const LOSSY: [ProblemKind; 5] = [
    ProblemKind::UnpairedSurrogate,
    ProblemKind::TruncatedCharacter,
    ProblemKind::InvalidCodePoint,
    ProblemKind::InvalidUtf8,
    ProblemKind::UnmappedByte,
];

/// How many bad units are named when a conversion is refused.
pub const NAMED: usize = 5;

/// Encodes one scalar value in a Unicode format (the encoder is this simple on purpose).
pub fn encode(c: char, to: Format, out: &mut Vec<u8>) {
    match to {
        Format::Utf16Le | Format::Utf16Be => {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units).iter() {
                out.extend_from_slice(&if to == Format::Utf16Le {
                    u.to_le_bytes()
                } else {
                    u.to_be_bytes()
                });
            }
        }
        Format::Utf32Le => out.extend_from_slice(&(c as u32).to_le_bytes()),
        Format::Utf32Be => out.extend_from_slice(&(c as u32).to_be_bytes()),
        _ => {
            let mut b = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
        }
    }
}

/// The streaming conversion of one input whose format `index` describes.
pub struct Converter {
    decoder: CharDecoder,
    /// Bytes of the input's mark still to skip.
    skip: u64,
    enc: Encoder,
    /// Bytes fed.
    pub read: u64,
}

/// The writing half: endings, the mark, bad units; encodes into `buf`.
struct Encoder {
    plan: Plan,
    head_written: bool,
    has_mark: bool,
    pending_cr: bool,
    buf: Vec<u8>,
    replaced: u64,
    /// A bad unit met without `--replace`: its offset and kind (the input changed).
    refused: Option<(u64, ProblemKind)>,
    /// With `--strip-ansi`: the recogniser, and the characters of the sequence it holds.
    strip: Option<(textscope::ansi::Scanner, Vec<char>)>,
}

impl Encoder {
    fn head(&mut self) {
        if !self.head_written {
            self.head_written = true;
            let mark = match self.plan.bom {
                BomMode::Yes => true,
                BomMode::No => false,
                BomMode::Keep => self.has_mark,
            };
            if mark {
                encode('\u{FEFF}', self.plan.to, &mut self.buf);
            }
        }
    }

    fn ending(&mut self) {
        if self.plan.eol == EolMode::Crlf {
            encode('\r', self.plan.to, &mut self.buf);
        }
        encode('\n', self.plan.to, &mut self.buf);
    }

    fn on(&mut self, offset: u64, d: Decoded) {
        if self.refused.is_some() {
            return;
        }
        let c = match d {
            Decoded::Char(c) => c,
            Decoded::Bad(kind) => {
                if !self.plan.replace {
                    self.refused = Some((offset, kind));
                    return;
                }
                self.replaced += 1;
                '\u{FFFD}'
            }
        };
        self.unescaped(c);
    }

    /// With `--strip-ansi`, holds back the characters of a possible sequence and drops a
    /// complete one; every other character goes on to `emit`.
    fn unescaped(&mut self, c: char) {
        use textscope::ansi::Scan;
        loop {
            let Some((scanner, held)) = self.strip.as_mut() else {
                return self.emit(c);
            };
            let back = match scanner.push(c) {
                Scan::Plain => return self.emit(c),
                Scan::Taken => return held.push(c),
                Scan::Done(_) => return held.clear(),
                // Not a sequence after all: what was held is text; `c` is looked at again.
                Scan::Broken => std::mem::take(held),
                Scan::BrokenAtEsc => {
                    let mut text = std::mem::take(held);
                    // The last ESC held starts the sequence the scanner now holds.
                    if let Some(esc) = text.pop() {
                        held.push(esc);
                    }
                    text
                }
            };
            for b in back {
                self.emit(b);
            }
            // Then `c` again: the scanner was reset, so the loop ends.
        }
    }

    /// The end of the input: a sequence left unfinished is text.
    fn unescaped_end(&mut self) {
        if let Some((scanner, held)) = self.strip.as_mut() {
            scanner.reset();
            for b in std::mem::take(held) {
                self.emit(b);
            }
        }
    }

    fn emit(&mut self, c: char) {
        if self.plan.eol == EolMode::Keep {
            encode(c, self.plan.to, &mut self.buf);
            return;
        }
        if self.pending_cr {
            self.pending_cr = false;
            self.ending();
            if c == '\n' {
                return;
            }
        }
        match c {
            '\r' => self.pending_cr = true,
            '\n' => self.ending(),
            c => encode(c, self.plan.to, &mut self.buf),
        }
    }

    fn drain(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }
}

impl Converter {
    pub fn new(index: &LineIndex, plan: Plan) -> Converter {
        Converter {
            decoder: CharDecoder::new(index),
            skip: index.mark_len,
            enc: Encoder {
                plan,
                head_written: false,
                has_mark: index.mark_len > 0,
                pending_cr: false,
                buf: Vec::with_capacity(input::BUF * 2),
                replaced: 0,
                refused: None,
                strip: plan
                    .strip_ansi
                    .then(|| (textscope::ansi::Scanner::new(), Vec::new())),
            },
            read: 0,
        }
    }

    /// Converts the next chunk of the input (the whole file, mark included, in order).
    pub fn feed(&mut self, mut chunk: &[u8], out: &mut dyn Write) -> io::Result<()> {
        self.read += chunk.len() as u64;
        self.enc.head();
        if self.skip > 0 {
            let n = usize::try_from(self.skip)
                .unwrap_or(usize::MAX)
                .min(chunk.len());
            chunk = &chunk[n..];
            self.skip -= n as u64;
        }
        let enc = &mut self.enc;
        self.decoder.feed(chunk, |o, _, d| enc.on(o, d));
        self.enc.drain(out)
    }

    /// The end of the input: `Ok(replaced)`, or `Err((offset, kind))` when a bad unit was met
    /// without `--replace` (the last bytes are then not written).
    pub fn finish(mut self, out: &mut dyn Write) -> io::Result<Result<u64, (u64, ProblemKind)>> {
        self.enc.head();
        let enc = &mut self.enc;
        self.decoder.finish(|o, _, d| enc.on(o, d));
        self.enc.unescaped_end();
        if self.enc.pending_cr {
            self.enc.pending_cr = false;
            self.enc.ending();
        }
        if let Some(r) = self.enc.refused {
            return Ok(Err(r));
        }
        self.enc.drain(out)?;
        Ok(Ok(self.enc.replaced))
    }

    /// True once a bad unit was refused (stop reading).
    pub fn refused(&self) -> bool {
        self.enc.refused.is_some()
    }
}

/// The analysis pass: the report (for the refusal) and the index (for the decoder).
pub fn analyse(
    path: &str,
    src: &mut Source,
    opts: &Options,
) -> Result<(Report, LineIndex), InputError> {
    let mut a = Analyzer::new(opts.clone());
    input::stream(path, src, None, |chunk| {
        a.feed(chunk);
        true
    })?;
    Ok(a.finish_with_index())
}

/// Refuses what cannot be converted without loss (unless `replace`), or a binary file.
pub fn vet(path: &str, r: &Report, forced: bool, replace: bool) -> Result<u64, ConvertError> {
    if r.format == Format::Binary && !forced {
        return Err(ConvertError::Binary { path: path.into() });
    }
    let count: u64 = LOSSY.iter().map(|k| r.problem_counts.get(*k)).sum();
    if count > 0 && !replace {
        let mut first: Vec<Problem> = r
            .problems
            .iter()
            .filter(|p| LOSSY.contains(&p.kind))
            .cloned()
            .collect();
        first.sort_by_key(|p| p.offset);
        first.truncate(NAMED);
        return Err(ConvertError::Lossy {
            path: path.into(),
            count,
            first,
        });
    }
    Ok(count)
}

/// Converts a whole buffer (both passes, in memory): the tests' entry point.
#[cfg(test)]
pub fn convert_bytes(bytes: &[u8], opts: &Options, plan: Plan) -> Result<Vec<u8>, ConvertError> {
    let mut a = Analyzer::new(opts.clone());
    a.feed(bytes);
    let (r, index) = a.finish_with_index();
    vet("(buffer)", &r, opts.force.is_some(), plan.replace)?;
    let mut out = Vec::new();
    let mut c = Converter::new(&index, plan);
    let io_err = |e: io::Error| ConvertError::Output {
        path: "(buffer)".into(),
        cause: e.to_string(),
    };
    c.feed(bytes, &mut out).map_err(io_err)?;
    match c.finish(&mut out).map_err(io_err)? {
        Ok(_) => Ok(out),
        Err(_) => Err(ConvertError::Changed {
            path: "(buffer)".into(),
        }),
    }
}

fn strip_os(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// An input that can be read twice: a path, or standard input spooled to a temporary file.
enum Input {
    Path(PathBuf, String),
    Spool(File),
}

impl Input {
    fn name(&self) -> String {
        match self {
            Input::Path(_, n) => n.clone(),
            Input::Spool(_) => "(standard input)".into(),
        }
    }

    fn open(&self) -> Result<(Source, Option<u64>), InputError> {
        match self {
            Input::Path(p, n) => input::open_path(p, n),
            Input::Spool(f) => {
                let mut f = f
                    .try_clone()
                    .map_err(|e| InputError::new("(standard input)", e.to_string()))?;
                f.rewind()
                    .map_err(|e| InputError::new("(standard input)", e.to_string()))?;
                Ok((Source::File(f, None), None))
            }
        }
    }
}

fn spool_stdin() -> Result<File, InputError> {
    let err = |e: io::Error| InputError::new("(standard input)", format!("cannot spool: {e}"));
    let mut f = tempfile::tempfile().map_err(err)?;
    let (mut src, _) = input::open("-")?;
    let mut werr = None;
    input::stream("(standard input)", &mut src, None, |chunk| {
        match f.write_all(chunk) {
            Ok(()) => true,
            Err(e) => {
                werr = Some(e);
                false
            }
        }
    })?;
    if let Some(e) = werr {
        return Err(err(e));
    }
    Ok(f)
}

/// Converts one input into `out` (second pass); returns the bad units replaced.
fn convert_into(
    inp: &Input,
    index: &LineIndex,
    size: u64,
    plan: Plan,
    out: &mut dyn Write,
) -> Result<u64, ConvertError> {
    let name = inp.name();
    let (mut src, _) = inp.open().map_err(ConvertError::Input)?;
    let mut conv = Converter::new(index, plan);
    let mut werr = None;
    input::stream(&name, &mut src, None, |chunk| {
        if let Err(e) = conv.feed(chunk, out) {
            werr = Some(e);
            return false;
        }
        !conv.refused()
    })
    .map_err(ConvertError::Input)?;
    let out_err = |e: io::Error| ConvertError::Output {
        path: name.clone(),
        cause: format!("cannot write the output: {}", strip_os(&e)),
    };
    if let Some(e) = werr {
        return Err(out_err(e));
    }
    if conv.read != size {
        return Err(ConvertError::Changed { path: name.clone() });
    }
    match conv.finish(out).map_err(out_err)? {
        Ok(n) => Ok(n),
        Err(_) => Err(ConvertError::Changed { path: name }),
    }
}

/// Where the output goes.
enum Dest<'a> {
    Stdout,
    File(&'a Path),
    InPlace,
}

fn convert_one(
    inp: &Input,
    opts: &Options,
    plan: Plan,
    dest: &Dest,
    force: bool,
) -> Result<u64, ConvertError> {
    let name = inp.name();
    let (mut src, _) = inp.open().map_err(ConvertError::Input)?;
    let (report, index) = analyse(&name, &mut src, opts).map_err(ConvertError::Input)?;
    drop(src);
    // An uncertain guess is refused before anything else is said of the file: rewriting it in
    // place would keep the mojibake for good, whatever --replace says of its bad units.
    if matches!(dest, Dest::InPlace) {
        if let Some(why) = safety::legacy_doubt(&report) {
            return Err(ConvertError::Refused { path: name, why });
        }
    }
    let replaced = vet(&name, &report, opts.force.is_some(), plan.replace)?;
    let size = report.size;
    let n = match dest {
        Dest::Stdout => {
            let stdout = io::stdout();
            let mut out = io::BufWriter::new(stdout.lock());
            let n = convert_into(inp, &index, size, plan, &mut out)?;
            out.flush().map_err(|e| ConvertError::Output {
                path: "(standard output)".into(),
                cause: strip_os(&e),
            })?;
            n
        }
        Dest::File(target) => {
            // An existing output keeps its mode (as `cp` does); a new one takes the input's,
            // so a private file's text is never readable by others, even while it is written.
            let from = match inp {
                Input::Path(p, _) if !target.exists() => Some(p.as_path()),
                _ => Some(*target),
            };
            write_atomically(target, from, |w| convert_into(inp, &index, size, plan, w))?
        }
        Dest::InPlace => {
            let Input::Path(p, _) = inp else {
                return Err(ConvertError::Usage(
                    "textscope: convert: --in-place needs files, not standard input".into(),
                ));
            };
            let target = safety::in_place_target(p, &name, force)?;
            write_atomically(&target, Some(&target), |w| {
                convert_into(inp, &index, size, plan, w)
            })?
        }
    };
    if n != replaced {
        return Err(ConvertError::Changed { path: name });
    }
    Ok(n)
}

/// Runs `textscope convert`.
pub fn run(args: &ConvertArgs) -> ExitCode {
    let mut opts = Options {
        max_problems_per_kind: NAMED,
        ..Options::default()
    };
    if let Some(f) = &args.from {
        opts = match opts.force_encoding(f) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("textscope: convert: {e}");
                return ExitCode::from(2);
            }
        };
    }
    let plan = Plan {
        to: args.to,
        eol: args.eol,
        bom: args.bom,
        replace: args.replace,
        strip_ansi: args.strip_ansi,
    };
    if args.files.len() > 1 && !args.in_place {
        eprintln!(
            "textscope: convert: several files need --in-place (or convert them one at a time)"
        );
        return ExitCode::from(2);
    }
    let dest = match (&args.output, args.in_place) {
        (_, true) => Dest::InPlace,
        (Some(p), false) if p.as_os_str() != "-" => Dest::File(p),
        _ => Dest::Stdout,
    };
    let mut worst = 0u8;
    for f in &args.files {
        let inp = if f.as_os_str() == "-" {
            match spool_stdin() {
                Ok(s) => Input::Spool(s),
                Err(e) => {
                    eprintln!("textscope: {}", ConvertError::Input(e));
                    worst = 2;
                    continue;
                }
            }
        } else {
            Input::Path(f.clone(), crate::render::path_text(f.as_os_str()))
        };
        match convert_one(&inp, &opts, plan, &dest, args.force) {
            Ok(0) => {}
            Ok(n) => eprintln!(
                "textscope: {}: replaced {} with U+FFFD",
                crate::render::safe(&inp.name()),
                crate::render::plural(n, "bad unit", "bad units")
            ),
            Err(ConvertError::Output { cause, .. })
                if matches!(dest, Dest::Stdout) && cause.contains("Broken pipe") =>
            {
                return ExitCode::SUCCESS;
            }
            Err(ConvertError::Usage(s)) => {
                eprintln!("{s}");
                worst = 2;
            }
            Err(e) => {
                eprintln!("textscope: {e}");
                worst = worst.max(e.exit_code());
            }
        }
    }
    ExitCode::from(worst)
}

#[cfg(test)]
mod tests;
