//! A stand-in for `textscope serve [--port N]` and `textscope site --out DIR`, for the browser
//! tests until main.rs wires the subcommands (tests/browser/run.sh builds it). It includes the
//! CLI's own modules, so it serves exactly what the binary will.

#[path = "../src/serve.rs"]
mod serve;
#[path = "../src/site.rs"]
#[allow(dead_code)]
mod site;

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("site") => {
            let out = args
                .iter()
                .skip_while(|a| *a != "--out")
                .nth(1)
                .expect("site --out DIR");
            site::write_site(std::path::Path::new(out))
        }
        _ => {
            let port = args
                .iter()
                .skip_while(|a| *a != "--port")
                .nth(1)
                .map_or(Ok(8080), |p| p.parse())
                .expect("--port N");
            serve::serve(port)
        }
    }
}
