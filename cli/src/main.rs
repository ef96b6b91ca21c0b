//! `canon`: the command-line tool of Crab Canon. It checks and inspects record files and
//! speaks the engine protocols without the desktop app. Each game has a module with a
//! `run(args) -> ExitCode` entry point; this file only dispatches.

mod chess;
mod chess_match;
mod go;
mod go_gtp;
mod go_match;
mod go_think;
mod in_order;
mod input;
mod match_run;
mod match_score;
mod surface;
mod surface_komi;
mod surface_match;
mod surface_play;
mod tcecp;
mod timego;
mod timego_match;

use std::process::ExitCode;

const USAGE: &str = "usage: canon <command> [arguments]

commands:
  timego check FILE           replay a time-go-game record, print its checkpoint
  timego legal FILE           print every legal action of the player to move
  timego match --a L --b L --games N [...]
                              play opponent levels against each other (docs/strength.md)
  tcecp                       Time Chess engine speaking TCECP on stdin/stdout
  chess <subcommand>          Time Chess records, perft and branching statistics
  chess match --a P --b P --games N [...]
                              play opponent levels (or random) against each other
  surface check|legal|graph|match|komi
                              Go on three surfaces: check records, list legal points,
                              print a playing graph, match search levels, self-play
                              komi study (canon surface help)
  go gtp|match                Go on square boards: a GTP engine, matches against GTP
                              programs (canon go help)
  help                        this text

FILE may be - for standard input. Exit status: 0 success, 1 rejected input, 2 usage.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or(&[]);
    match args.first().map(String::as_str) {
        Some("help") | Some("--help") | Some("-h") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("surface") => surface::run(rest),
        Some("go") => go::run(rest),
        Some("timego") => timego::run(rest),
        Some("tcecp") => tcecp::run(rest),
        Some("chess") => chess::run(rest),
        Some(command) => {
            eprintln!(
                "canon: unknown command '{}' ({} arguments)\n{USAGE}",
                canon_engine::strict::excerpt(command),
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
