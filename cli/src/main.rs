//! `canon`: the command-line tool of Crab Canon. It checks and inspects record files and
//! speaks the engine protocols without the desktop app. Each game has a module with a
//! `run(args) -> ExitCode` entry point; this file only dispatches.

mod input;
mod surface;

use std::process::ExitCode;

const USAGE: &str = "usage: canon <command> [arguments]

commands:
  help                        this text
  surface check|legal|graph   Go on three surfaces: check records, list legal points,
                              print a playing graph (canon surface help)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or(&[]);
    match args.first().map(String::as_str) {
        Some("help") | Some("--help") | Some("-h") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("surface") => surface::run(rest),
        Some(command) => {
            eprintln!(
                "canon: unknown command '{command}' ({} arguments)\n{USAGE}",
                rest.len()
            );
            ExitCode::from(2)
        }
        None => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
