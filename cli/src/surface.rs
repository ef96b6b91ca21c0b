//! `canon surface`: checks Go-on-three-surfaces records, lists legal placements and prints
//! the playing graphs, as `shared/spec/records-and-cli.md` fixes them.

use std::process::ExitCode;

use canon_engine::surfaces::graphs::graph;
use canon_engine::surfaces::records::{import_any, Document, Snapshot, IMPORT_LIMIT};
use canon_engine::surfaces::{Surface, SurfaceGame};
use std::io::Write;

use crate::input::read_limited;

const USAGE: &str =
    "usage: canon surface check FILE | legal FILE | graph GRAPH-ID | match … | komi …
  check FILE      replay a surface-go-game, -study, -analysis or -replay document and
                  print its recomputed snapshot (FILE may be - for standard input)
  legal FILE      print the sorted legal placement points for the player to move after
                  all actions ([] once ended)
  graph GRAPH-ID  print {\"points\": N, \"neighbors\": [[...], ...]} for go-mobius-9x11-v1,
                  go-klein-9x18-v1 or go-genus2-staircase-9x9-v1
  match …         play search levels against each other (canon surface match --help)
  komi …          self-play study of a surface's fair komi (canon surface komi --help)";

/// Runs `canon surface ARGS`.
pub fn run(args: &[String]) -> ExitCode {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["match", ..] => crate::surface_match::run(&args[1..]),
        ["komi", ..] => crate::surface_komi::run(&args[1..]),
        ["check", file] => report(load_line(file).map(|line| to_json(&Snapshot::of(&line)))),
        ["legal", file] => report(load_line(file).map(|line| to_json(&line.legal_placements()))),
        ["graph", id] => report(graph_json(id)),
        ["help"] | ["--help"] | ["-h"] => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            let words: Vec<String> = words
                .iter()
                .map(|w| canon_engine::strict::excerpt(w))
                .collect();
            eprintln!("canon surface: unexpected arguments {words:?}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("engine values serialize to JSON")
}

fn report(outcome: Result<String, String>) -> ExitCode {
    match outcome {
        Ok(text) => {
            // A closed pipe (e.g. `| head`) is not an error of the record.
            let _ = writeln!(std::io::stdout().lock(), "{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("canon surface: {message}");
            ExitCode::from(1)
        }
    }
}

/// Reads and validates a record holding a line of play (after all its actions).
fn load_line(file: &str) -> Result<SurfaceGame, String> {
    let bytes = read_limited(file, IMPORT_LIMIT)?;
    let document = import_any(&bytes).map_err(|error| format!("{file} rejected: {error}"))?;
    match document {
        Document::Game(line) | Document::Study(line) | Document::Analysis(line) => Ok(line),
        Document::Replay { line, .. } => Ok(line),
        Document::Diagram(_) => Err(format!(
            "{file} is a surface-go-diagram (an editor diagram without actions or snapshot); \
             check and legal read surface-go-game, -study, -analysis and -replay documents"
        )),
    }
}

fn graph_json(id: &str) -> Result<String, String> {
    let surface = Surface::from_id(id).ok_or_else(|| {
        format!(
            "unknown graph id '{}' (known: {})",
            canon_engine::strict::excerpt(id),
            Surface::ALL.map(Surface::id).join(", ")
        )
    })?;
    let g = graph(surface);
    let neighbors: Vec<Vec<u16>> = (0..g.len() as u16)
        .map(|p| {
            let mut list = g.neighbors(p).to_vec();
            list.sort_unstable();
            list
        })
        .collect();
    Ok(to_json(&GraphListing {
        points: g.len(),
        neighbors,
    }))
}

/// The `surface graph` output: points first, then sorted neighbour lists.
#[derive(serde::Serialize)]
struct GraphListing {
    points: usize,
    neighbors: Vec<Vec<u16>>,
}
