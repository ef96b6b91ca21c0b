//! `canon tcecp`: the Time Chess Engine Communication Protocol (the dissertation's
//! Appendix B) on standard input and output. The engine answers only in reply to a line,
//! prints nothing else on standard output, and sends diagnostics to standard error. A
//! malformed line gets an `Error (REASON): LINE` reply and the engine carries on.

use std::io::Write;
use std::process::ExitCode;

use std::sync::atomic::AtomicBool;

use canon_engine::timechess::{choose_move, Event, Game, Level, Move, Pos, SearchLimits};
use lineread::{excerpt, Line, LineReader};

/// Lines longer than this (line ending excluded) are answered with an error instead of
/// being interpreted; the reader keeps at most this much of any line.
const MAX_LINE: usize = 4096;

/// Runs the protocol until end of input or `quit`.
pub fn run(args: &[String]) -> ExitCode {
    if let Some(extra) = args.first() {
        eprintln!("canon tcecp: takes no arguments (got '{extra}'); it reads TCECP lines on standard input");
        return ExitCode::from(2);
    }
    let stdin = std::io::stdin();
    let input = stdin.lock();
    let stdout = std::io::stdout();
    let mut output = stdout.lock();
    let mut session = Session::new();
    let mut lines = LineReader::new(input, MAX_LINE);
    loop {
        let line = match lines.next_line() {
            Ok(None) => return ExitCode::SUCCESS,
            Ok(Some(line)) => line,
            Err(error) => {
                eprintln!("canon tcecp: cannot read input: {error}");
                return ExitCode::FAILURE;
            }
        };
        let reply = match line {
            Line::TooLong(start) => Some(format!(
                "Error (line longer than {MAX_LINE} bytes): {}",
                excerpt(&String::from_utf8_lossy(start))
            )),
            Line::Complete(bytes) => match std::str::from_utf8(bytes) {
                Err(_) => Some(format!(
                    "Error (line is not UTF-8): {}",
                    excerpt(&String::from_utf8_lossy(bytes))
                )),
                Ok(line) if line.trim() == "quit" => return ExitCode::SUCCESS,
                Ok(line) => session.answer(line),
            },
        };
        if let Some(reply) = reply {
            if writeln!(output, "{reply}")
                .and_then(|_| output.flush())
                .is_err()
            {
                // The GUI went away; nobody is left to answer.
                return ExitCode::SUCCESS;
            }
        }
    }
}

/// One engine: a game and the answers to protocol lines about it.
pub struct Session {
    game: Game,
}

impl Session {
    /// A session with a new game.
    pub fn new() -> Session {
        Session { game: Game::new() }
    }

    /// The reply to one line, or `None` for lines that expect none (`new`, blank lines).
    pub fn answer(&mut self, line: &str) -> Option<String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let error = |reason: &str| Some(format!("Error ({reason}): {}", excerpt(line)));
        match words.as_slice() {
            [] => None,
            ["new"] => {
                self.game = Game::new();
                eprintln!("canon tcecp: new game");
                None
            }
            ["ping", n] if is_number(n) => Some(format!("pong {n}")),
            ["ping", ..] => error("ping takes one integer"),
            ["getState", "t"] => Some(self.game.now().to_string()),
            ["getState", "futureQueue"] => {
                let queue: Vec<[String; 3]> = self
                    .game
                    .future_queue()
                    .iter()
                    .map(|t| triple(t.to, t.piece.color.letter(), t.piece.kind.letter()))
                    .collect();
                Some(format!("futureQueue: {}", json(&queue)))
            }
            ["getState", "result"] => Some(format!("result: {}", json(&self.game.outcome()))),
            ["getState", "events"] => Some(format!("events: {}", json(&self.game.last_events()))),
            ["getState", n] if is_number(n) => {
                match n.parse::<u32>().ok().and_then(|t| self.game.pieces(t)) {
                    Some(pieces) => {
                        let list: Vec<[String; 3]> = pieces
                            .iter()
                            .map(|(at, p)| triple(*at, p.color.letter(), p.kind.letter()))
                            .collect();
                        Some(format!("state ({n}): {}", json(&list)))
                    }
                    None => error(&format!(
                        "turn {n} does not exist yet; the current turn is {}",
                        self.game.now()
                    )),
                }
            }
            ["getState", ..] => {
                error("getState takes t, futureQueue, result, events or a turn number")
            }
            ["go"] => Some(self.go(Level::default(), line)),
            ["go", n] => match n.parse::<u8>().ok().and_then(Level::from_number) {
                Some(level) => Some(self.go(level, line)),
                None => error("go takes a level 1, 2 or 3"),
            },
            [word] => self.position_or_move(word, line),
            _ => error("unknown message"),
        }
    }

    /// The extension `go [LEVEL]`: the opponent's move for the side to move, searched
    /// with seed 0 so that a position always gets the same answer; the game is unchanged
    /// (the GUI plays the move by sending it, as any other).
    fn go(&mut self, level: Level, line: &str) -> String {
        let never = AtomicBool::new(false);
        match choose_move(&self.game, level, &SearchLimits::default(), &never) {
            Ok(reply) => {
                eprintln!(
                    "canon tcecp: go: level {}, depth {}, {} nodes, score {}{}",
                    level.number(),
                    reply.stats.depth,
                    reply.stats.nodes,
                    reply.score,
                    reply
                        .mate
                        .map(|n| format!(", mate in {n}"))
                        .unwrap_or_default()
                );
                format!("bestmove {}", reply.mv)
            }
            Err(stop) => format!("Error ({stop}): {}", excerpt(line)),
        }
    }

    fn position_or_move(&mut self, word: &str, line: &str) -> Option<String> {
        if let Ok(at) = word.parse::<Pos>() {
            let targets: Vec<String> = self
                .game
                .legal_moves_from(at)
                .iter()
                .map(|m| m.to.to_string())
                .collect();
            return Some(format!("moves ({word}): {}", json(&targets)));
        }
        let Ok(mv) = word.parse::<Move>() else {
            return Some(format!(
                "Error (not a message, position or move): {}",
                excerpt(line)
            ));
        };
        match self.game.play(mv) {
            Ok(()) => {
                for event in self.game.last_events() {
                    eprintln!("canon tcecp: {}", describe(event));
                }
                if let Some(outcome) = self.game.outcome() {
                    eprintln!("canon tcecp: game over: {}", json(&outcome));
                }
                Some("Success".to_string())
            }
            Err(reason) => Some(format!("Illegal move ({reason}): {word}")),
        }
    }
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.len() <= 18 && digits.bytes().all(|b| b.is_ascii_digit())
}

fn triple(at: Pos, color: &str, kind: &str) -> [String; 3] {
    [at.to_string(), color.to_string(), kind.to_string()]
}

fn json<T: serde::Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string())
}

fn describe(event: &Event) -> String {
    match event {
        Event::Captured { at, color, kind } => format!("{color:?} {kind:?} captured at {at}"),
        Event::Steamrolled { at, color, kind } => {
            format!("{color:?} {kind:?} steamrollered at {at}")
        }
        Event::LostInTime { at, color, kind } => {
            format!("{color:?} {kind:?} Lost in Time on its way to {at}")
        }
    }
}
