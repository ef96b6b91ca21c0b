//! Helpers shared by the Time Chess tests, including a deliberately naive second move
//! generator: it tries every position within seven turns for every piece, judges movement
//! and blocking from the rules' text, plays each candidate on a full copy of the game and
//! looks for check through every layer with no shortcut. It shares nothing with the
//! engine's generator but the application of a move (`play_without_king_safety`).

#![allow(dead_code)]

use canon_engine::timechess::{Color, Event, Game, Kind, Move, Piece, Pos};

/// Parses a move or panics with the text.
pub fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Parses a position or panics with the text.
pub fn pos(text: &str) -> Pos {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A set-up game from `("e1", 'K')`-style pieces: upper case white, lower case black.
pub fn setup(pieces: &[(&str, char)]) -> Game {
    let list: Vec<_> = pieces
        .iter()
        .map(|&(square, letter)| {
            let p = pos(&format!("{square}t0"));
            let color = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let kind = match letter.to_ascii_lowercase() {
                'p' => Kind::Pawn,
                'n' => Kind::Knight,
                'b' => Kind::Bishop,
                'r' => Kind::Rook,
                'q' => Kind::Queen,
                'k' => Kind::King,
                other => panic!("unknown piece letter {other}"),
            };
            (p.square(), color, kind)
        })
        .collect();
    Game::with_pieces(&list).expect("valid set-up")
}

/// Plays moves given in notation, panicking with the reason if one is refused.
pub fn play_all(game: &mut Game, moves: &[&str]) {
    for &text in moves {
        if let Err(e) = game.play(mv(text)) {
            panic!("{text} refused: {e}");
        }
    }
}

/// Plays the first `turns` moves of the seeded random game (the documented positions).
pub fn seeded_position(seed: u64, turns: usize) -> Game {
    use canon_engine::timechess::{random_playout, SplitMix64};
    let mut game = Game::new();
    let mut rng = SplitMix64::new(seed);
    random_playout(&mut game, &mut rng, turns);
    game
}

fn delta(from: Pos, to: Pos) -> (i32, i32, i32) {
    (
        to.file as i32 - from.file as i32,
        to.rank as i32 - from.rank as i32,
        to.turn as i32 - from.turn as i32,
    )
}

/// Whether a piece's movement allows the displacement, read straight from A.3 (pawns
/// apart), and the positions strictly between start and destination.
fn naive_path(kind: Kind, d: (i32, i32, i32)) -> Option<Vec<(i32, i32, i32)>> {
    let a = [d.0.abs(), d.1.abs(), d.2.abs()];
    let moving: Vec<i32> = a.iter().copied().filter(|&x| x > 0).collect();
    let ok = match kind {
        Kind::Knight => {
            let mut s = a;
            s.sort();
            s == [0, 1, 2]
        }
        Kind::King => moving.len() <= 2 && !moving.is_empty() && moving.iter().all(|&x| x == 1),
        Kind::Rook => moving.len() == 1 && moving[0] <= 7,
        Kind::Bishop => moving.len() == 2 && moving[0] == moving[1] && moving[0] <= 7,
        Kind::Queen => {
            (moving.len() == 1 && moving[0] <= 7)
                || (moving.len() == 2 && moving[0] == moving[1] && moving[0] <= 7)
        }
        Kind::Pawn => false,
    };
    if !ok {
        return None;
    }
    if kind == Kind::Knight {
        return Some(Vec::new());
    }
    let n = *moving.iter().max().unwrap_or(&0);
    Some(
        (1..n)
            .map(|k| (d.0.signum() * k, d.1.signum() * k, d.2.signum() * k))
            .collect(),
    )
}

fn offset(p: Pos, o: (i32, i32, i32)) -> Pos {
    Pos {
        file: (p.file as i32 + o.0) as u8,
        rank: (p.rank as i32 + o.1) as u8,
        turn: (p.turn as i32 + o.2) as u32,
    }
}

/// Whether the move obeys movement, blocking and destination rules as far as they can be
/// known when it is declared.
pub fn naive_pseudo(game: &Game, piece: Piece, from: Pos, to: Pos) -> bool {
    let now = game.now();
    let d = delta(from, to);
    if d == (0, 0, 0) {
        return false;
    }
    let known = |p: Pos| p.turn <= now;
    let empty = |p: Pos| game.piece_at(p).is_none();
    if piece.kind == Kind::Pawn {
        let f = if piece.color == Color::White { 1 } else { -1 };
        return match d {
            (0, y, 0) if y == f => empty(to),
            (0, 0, 1) => true,
            (0, y, 0) if y == 2 * f => !piece.moved && empty(to) && empty(offset(from, (0, f, 0))),
            (0, 0, 2) => !piece.moved,
            (x, y, 0) if x.abs() == 1 && y == f => {
                game.piece_at(to).is_some_and(|p| p.color != piece.color)
            }
            (x, 0, 1) if x.abs() == 1 => true,
            _ => false,
        };
    }
    let Some(between) = naive_path(piece.kind, d) else {
        return false;
    };
    if between.iter().any(|&o| {
        let p = offset(from, o);
        known(p) && !empty(p)
    }) {
        return false;
    }
    !(known(to) && game.piece_at(to).is_some_and(|p| p.color == piece.color))
}

/// Whether `piece` at `from` (in the present) could capture on `target` now.
fn naive_attacks(game: &Game, piece: Piece, from: Pos, target: Pos) -> bool {
    let d = delta(from, target);
    if piece.kind == Kind::Pawn {
        let f = if piece.color == Color::White { 1 } else { -1 };
        return d.2 == 0 && d.0.abs() == 1 && d.1 == f;
    }
    match naive_path(piece.kind, d) {
        None => false,
        Some(between) => between
            .iter()
            .all(|&o| game.piece_at(offset(from, o)).is_none()),
    }
}

/// Check with no shortcut: every instance of the king in every layer, every opposing
/// piece of the present, every opposing traveller due at the end of this turn.
pub fn naive_in_check(game: &Game, side: Color) -> bool {
    let now = game.now();
    let mut kings = Vec::new();
    for t in 0..=now {
        for (p, piece) in game.pieces(t).unwrap() {
            if piece.color == side && piece.kind == Kind::King {
                kings.push(p);
            }
        }
    }
    for (from, piece) in game.pieces(now).unwrap() {
        if piece.color == side {
            continue;
        }
        if kings.iter().any(|&k| naive_attacks(game, piece, from, k)) {
            return true;
        }
    }
    game.future_queue().iter().any(|t| {
        let piece = t.piece;
        if piece.color == side || t.to.turn != now {
            return false;
        }
        let on_king = game
            .piece_at(t.to)
            .is_some_and(|p| p.color == side && p.kind == Kind::King);
        let d = delta(t.from, t.to);
        let path_ok = if piece.kind == Kind::Pawn {
            // Only a diagonal pawn arrival captures; a straight one onto a king is lost.
            d.0 != 0
        } else {
            naive_path(piece.kind, d).is_some_and(|between| {
                between
                    .iter()
                    .all(|&o| game.piece_at(offset(t.from, o)).is_none())
            })
        };
        on_king && path_ok && game.lineage_alive(piece.lineage)
    })
}

/// The legal moves computed the naive way, sorted.
pub fn naive_legal_moves(game: &Game) -> Vec<Move> {
    let mut out = Vec::new();
    if game.outcome().is_some() {
        return out;
    }
    let now = game.now();
    let side = game.to_move();
    for (from, piece) in game.pieces(now).unwrap() {
        if piece.color != side {
            continue;
        }
        for turn in now.saturating_sub(7)..=now + 7 {
            for square in 0..64u8 {
                let to = Pos::new(square, turn);
                if !naive_pseudo(game, piece, from, to) {
                    continue;
                }
                let m = Move { from, to };
                let mut copy = game.clone();
                let events = copy
                    .play_without_king_safety(m)
                    .unwrap_or_else(|e| panic!("engine refuses {m}, naively fine: {e}"));
                let king = |e: &Event, lost: bool| match *e {
                    Event::LostInTime { color, kind, .. } => {
                        lost && color == side && kind == Kind::King
                    }
                    Event::Captured { color, kind, .. }
                    | Event::Steamrolled { color, kind, .. } => {
                        !lost && color == side && kind == Kind::King
                    }
                };
                let legal = if events.iter().any(|e| king(e, false)) {
                    false
                } else if events.iter().any(|e| king(e, true)) {
                    true
                } else {
                    !naive_in_check(&copy, side)
                };
                if legal {
                    out.push(m);
                }
            }
        }
    }
    out.sort();
    out
}

/// Perft with the naive generator, copying the whole game for every move.
pub fn naive_perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = naive_legal_moves(game);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut copy = game.clone();
            copy.play_without_king_safety(m).unwrap();
            naive_perft(&copy, depth - 1)
        })
        .sum()
}

/// The engine's legal moves, sorted.
pub fn engine_legal_sorted(game: &mut Game) -> Vec<Move> {
    let mut moves = game.legal_moves();
    moves.sort();
    moves
}
