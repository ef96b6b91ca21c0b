//! `canon go gtp`: a Go Text Protocol (version 2) engine on square boards, so our search
//! can be tried in GTP programs (GNU Go's twogtp, Sabaki, gogui). The rules are the
//! surfaces' (`graph-area-no-suicide-psk-v1`): no suicide, positional superko, area
//! scoring; a move they refuse is answered `? illegal move: …`. Only the player to move
//! may play (there is no free placement of either colour).

use std::io::Write;
use std::process::ExitCode;

use canon_engine::go::Color;
use canon_engine::surfaces::square::{SquareGame, MAX_SIZE, MIN_SIZE};
use canon_engine::surfaces::{Action, Point, Rejection, Winner};
use lineread::{excerpt, Line, LineReader};

use crate::go_think::{Thinking, FLAGS};

/// Longer lines are answered with an error.
const MAX_LINE: usize = 4096;

/// Every command, in the order `list_commands` gives them.
pub const COMMANDS: [&str; 16] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "canon_seed",
];

/// The default komi of a new engine, in half points (7 points, as in the GNU Go match).
const DEFAULT_KOMI_HALF_POINTS: i64 = 14;

fn usage() -> String {
    format!(
        "usage: canon go gtp [--seconds S] [--level L] [--playouts N] [--seed N]
Speaks GTP version 2 on standard input and output (board sizes {MIN_SIZE} to {MAX_SIZE}; the
search plays up to 22x22). Default: 19x19, komi 7.
{FLAGS}"
    )
}

/// Runs the engine until `quit` or the end of input.
pub fn run(args: &[String]) -> ExitCode {
    if matches!(args, [flag] if flag == "--help" || flag == "-h") {
        println!("{}", usage());
        return ExitCode::SUCCESS;
    }
    let mut thinking = Thinking::default();
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let parsed = match rest.next() {
            None => Err(format!("{} needs a value", excerpt(flag))),
            Some(value) => thinking.read_flag(flag, value).and_then(|known| {
                known
                    .then_some(())
                    .ok_or_else(|| format!("unknown option '{}'", excerpt(flag)))
            }),
        };
        if let Err(message) = parsed {
            eprintln!("canon go gtp: {message}\n{}", usage());
            return ExitCode::from(2);
        }
    }
    let mut engine = Engine::new(thinking);
    let stdin = std::io::stdin();
    let mut lines = LineReader::new(stdin.lock(), MAX_LINE);
    let stdout = std::io::stdout();
    let mut output = stdout.lock();
    loop {
        let line = match lines.next_line() {
            Ok(None) => return ExitCode::SUCCESS,
            Ok(Some(line)) => line,
            Err(error) => {
                eprintln!("canon go gtp: cannot read input: {error}");
                return ExitCode::FAILURE;
            }
        };
        let (reply, quit) = match line {
            Line::TooLong(_) => (
                Some(format!("? line longer than {MAX_LINE} bytes\n\n")),
                false,
            ),
            Line::Complete(bytes) => match std::str::from_utf8(bytes) {
                Err(_) => (Some("? line is not UTF-8\n\n".to_string()), false),
                Ok(line) => engine.answer(line),
            },
        };
        if let Some(reply) = reply {
            if output
                .write_all(reply.as_bytes())
                .and_then(|_| output.flush())
                .is_err()
            {
                // The controller went away; nobody is left to answer.
                return ExitCode::SUCCESS;
            }
        }
        if quit {
            return ExitCode::SUCCESS;
        }
    }
}

/// One GTP engine: the game and how it thinks.
pub struct Engine {
    game: SquareGame,
    thinking: Thinking,
}

/// A reply's text, or an error's message.
type Reply = Result<String, String>;

impl Engine {
    /// An engine on an empty 19×19 board with komi 7.
    pub fn new(thinking: Thinking) -> Engine {
        Engine {
            game: SquareGame::new(19, DEFAULT_KOMI_HALF_POINTS).expect("19x19, komi 7"),
            thinking,
        }
    }

    /// The full response to one input line (`None` for blank and comment lines) and
    /// whether it was `quit`.
    pub fn answer(&mut self, line: &str) -> (Option<String>, bool) {
        // GTP preprocessing: drop control characters but tabs and newlines, tabs become
        // spaces, everything after '#' is a comment.
        let cleaned: String = line
            .chars()
            .filter(|c| !c.is_control() || *c == '\t')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let cleaned = cleaned.split('#').next().unwrap_or("");
        let mut words = cleaned.split_whitespace().peekable();
        let Some(&first) = words.peek() else {
            return (None, false);
        };
        let id = first.parse::<u64>().ok();
        if id.is_some() {
            words.next();
        }
        let id = id.map(|id| id.to_string()).unwrap_or_default();
        let Some(command) = words.next() else {
            return (Some(format!("?{id} no command\n\n")), false);
        };
        let args: Vec<&str> = words.collect();
        let reply = self.command(command, &args);
        let text = match &reply {
            Ok(text) if text.is_empty() => format!("={id}\n\n"),
            Ok(text) if text.starts_with('\n') => format!("={id}{text}\n\n"),
            Ok(text) => format!("={id} {text}\n\n"),
            Err(message) => format!("?{id} {message}\n\n"),
        };
        (Some(text), command == "quit")
    }

    fn command(&mut self, command: &str, args: &[&str]) -> Reply {
        match (command, args) {
            ("protocol_version", []) => Ok("2".into()),
            ("name", []) => Ok("Crab Canon".into()),
            ("version", []) => Ok(env!("CARGO_PKG_VERSION").into()),
            ("known_command", [name]) => Ok(COMMANDS.contains(name).to_string()),
            ("list_commands", []) => Ok(format!("\n{}", COMMANDS.join("\n"))),
            ("quit", []) => Ok(String::new()),
            ("boardsize", [size]) => {
                let size = size
                    .parse::<usize>()
                    .map_err(|_| "boardsize not an integer".to_string())?;
                self.game = SquareGame::new(size, i64::from(self.game.komi_half_points()))
                    .map_err(|_| "unacceptable size".to_string())?;
                Ok(String::new())
            }
            ("clear_board", []) => {
                self.game =
                    SquareGame::new(self.game.size(), i64::from(self.game.komi_half_points()))
                        .expect("size and komi accepted before");
                Ok(String::new())
            }
            ("komi", [komi]) => {
                let half = komi
                    .parse::<f64>()
                    .ok()
                    .map(|k| k * 2.0)
                    .filter(|h| h.is_finite() && h.fract() == 0.0 && h.abs() < 1e6)
                    .ok_or("komi not a float in half points (e.g. 6.5 or 7)")?;
                self.game = self
                    .game
                    .with_komi(half as i64)
                    .map_err(|error| error.to_string())?;
                Ok(String::new())
            }
            ("play", [color, vertex]) => {
                let color = parse_color(color)?;
                let action = parse_vertex(vertex, self.game.size())?;
                self.check_turn(color)
                    .map_err(|e| format!("illegal move: {e}"))?;
                self.game
                    .apply(action)
                    .map_err(|rejection| format!("illegal move: {}", self.words(&rejection)))?;
                Ok(String::new())
            }
            ("genmove" | "reg_genmove", [color]) => {
                let color = parse_color(color)?;
                self.check_turn(color)?;
                let action = self.thinking.choose(&self.game, 0)?;
                if command == "genmove" {
                    self.game
                        .apply(action)
                        .expect("the search returns legal actions");
                }
                Ok(vertex_name(action, self.game.size()))
            }
            ("undo", []) => self
                .game
                .undo()
                .then(String::new)
                .ok_or_else(|| "cannot undo".to_string()),
            ("showboard", []) => Ok(format!("\n{}", show(&self.game))),
            ("final_score", []) => Ok(final_score(&self.game)),
            ("canon_seed", [seed]) => {
                self.thinking.seed = seed
                    .parse()
                    .map_err(|_| "seed not a whole number".to_string())?;
                Ok(String::new())
            }
            (name, _) if COMMANDS.contains(&name) => Err("syntax error".into()),
            _ => Err("unknown command".into()),
        }
    }

    fn check_turn(&self, color: Color) -> Result<(), String> {
        match self.game.side_to_move() {
            None => Err("the game has ended (two passes); undo or clear_board".into()),
            Some(next) if next != color => Err(format!("{next} is to move")),
            Some(_) => Ok(()),
        }
    }

    /// A rejection in words with GTP vertices.
    fn words(&self, rejection: &Rejection) -> String {
        let size = self.game.size();
        let name = |p: Point| vertex_name(Action::Place { at: p }, size);
        match *rejection {
            Rejection::OffBoard { .. } => "the point is not on the board".into(),
            Rejection::Occupied { point } => format!("{} is occupied", name(point)),
            Rejection::Suicide { point } => format!("{} would be suicide", name(point)),
            Rejection::Superko {
                point,
                after_actions,
                ..
            } => format!(
                "{} repeats the position after move {after_actions} (positional superko)",
                name(point)
            ),
            Rejection::Ended => "the game has ended".into(),
        }
    }
}

/// The column letters of GTP: A to Z without I.
const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Reads a GTP colour.
pub fn parse_color(word: &str) -> Result<Color, String> {
    match word.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err("invalid color".into()),
    }
}

/// Reads a GTP vertex (`D4`, `pass`, case-insensitive) on a board of side `size`.
pub fn parse_vertex(word: &str, size: usize) -> Result<Action, String> {
    let upper = word.to_ascii_uppercase();
    if upper == "PASS" {
        return Ok(Action::Pass);
    }
    let bytes = upper.as_bytes();
    let column = bytes
        .first()
        .and_then(|letter| LETTERS.iter().position(|l| l == letter))
        .filter(|&c| c < size);
    let row = upper
        .get(1..)
        .filter(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|digits| digits.parse::<usize>().ok())
        .filter(|&r| (1..=size).contains(&r));
    match (column, row) {
        (Some(column), Some(row)) => Ok(Action::Place {
            at: ((row - 1) * size + column) as Point,
        }),
        _ => Err("invalid coordinate".into()),
    }
}

/// The GTP name of an action: `D4`, `pass` or `resign`.
pub fn vertex_name(action: Action, size: usize) -> String {
    match action {
        Action::Pass => "pass".into(),
        Action::Resign => "resign".into(),
        Action::Place { at } => {
            let at = at as usize;
            format!("{}{}", LETTERS[at % size] as char, at / size + 1)
        }
    }
}

/// The area result in GTP's form: `B+3.5`, `W+0.5` or `0`.
pub fn final_score(game: &SquareGame) -> String {
    let score = game.score();
    let margin = f64::from(score.difference_half_points.abs()) / 2.0;
    match score.leader {
        Winner::Black => format!("B+{margin}"),
        Winner::White => format!("W+{margin}"),
        Winner::Draw => "0".into(),
    }
}

/// The board as text: X black, O white, the top row first, letters and numbers around.
pub fn show(game: &SquareGame) -> String {
    let size = game.size();
    let letters: String = LETTERS[..size]
        .iter()
        .map(|&l| format!(" {}", l as char))
        .collect();
    let mut text = format!("   {letters}\n");
    for row in (0..size).rev() {
        text.push_str(&format!("{:>2} ", row + 1));
        for column in 0..size {
            let cell = match game.board()[row * size + column] {
                1 => 'X',
                2 => 'O',
                _ => '.',
            };
            text.push(' ');
            text.push(cell);
        }
        text.push_str(&format!(" {}\n", row + 1));
    }
    text.push_str(&format!("   {letters}"));
    let area = game.area();
    text.push_str(&format!(
        "\nkomi {}, area black {} white {}, {} to move",
        f64::from(game.komi_half_points()) / 2.0,
        area.black,
        area.white,
        game.side_to_move().map_or("nobody", Color::name)
    ));
    text
}
