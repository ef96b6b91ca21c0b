//! `canon go`: Go on plain square boards under the surfaces' rules, for measuring our
//! search against established programs: a GTP engine and a match runner against any
//! GTP program.

use std::process::ExitCode;

const USAGE: &str =
    "usage: canon go gtp [FLAGS] | match --opponent 'PROGRAM ARGS' --games N [FLAGS]
  gtp     a GTP version 2 engine on square boards (canon go gtp --help)
  match   our search against a GTP program (canon go match --help)";

/// Runs `canon go ARGS`.
pub fn run(args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        Some("gtp") => crate::go_gtp::run(&args[1..]),
        Some("match") => crate::go_match::run(&args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
