//! Reads FILE REPEAT times start to end, either with `read` into a 1 MiB buffer (as the CLI
//! reads files under `MIN_LEN`) or through `textscope_map::read`'s 1 MiB mapped windows (as
//! it reads larger ones), and counts its LF bytes so that every byte is looked at once either
//! way. Used by `scripts/bench-read-map.sh`, which times it per size class (issue 42, item 5).
//!
//!     cargo run --release -p textscope-map --example read_or_map -- read|map FILE REPEAT

use std::io::Read;

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [how, path, repeat] = args.as_slice() else {
        eprintln!("usage: read_or_map read|map FILE REPEAT");
        std::process::exit(2);
    };
    let repeat: u32 = repeat.parse().map_err(std::io::Error::other)?;
    let mut lines = 0u64;
    let mut buf = vec![0u8; textscope_map::WINDOW];
    for _ in 0..repeat {
        let mut file = std::fs::File::open(path)?;
        let len = file.metadata()?.len();
        let mut count = |b: &[u8]| {
            lines += b.iter().filter(|&&x| x == b'\n').count() as u64;
            true
        };
        let mut done = 0;
        if how == "map" {
            match textscope_map::read(&file, 0, len, textscope_map::WINDOW, &mut count) {
                textscope_map::Outcome::Read(n) | textscope_map::Outcome::Unmapped(n) => done = n,
                other => return Err(std::io::Error::other(format!("{other:?}"))),
            }
        }
        if done < len {
            loop {
                let n = file.read(&mut buf)?;
                if n == 0 {
                    break;
                }
                count(buf.get(..n).unwrap_or_default());
            }
        }
    }
    println!("{lines}");
    Ok(())
}
