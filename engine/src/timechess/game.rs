//! The state of a game: the stack of layers, the future queue, which lineages have been
//! erased from which age on, the moves played and the result. Moves are applied in place
//! and journalled so that they can be taken back exactly (see `turn.rs`).

use serde::{Deserialize, Serialize};

use super::coord::{Move, Pos, Square};
use super::layer::Layer;
use super::piece::{Color, Kind, Lineage, Piece, LINEAGES};

/// The game is drawn when this many moves have been played without another ending: it
/// keeps every game finite (records hold at most this many moves).
pub const MAX_MOVES: usize = 1024;

/// A piece in transit to the future: it left the board at `from` and will try to appear
/// at `to` at the end of turn `to.turn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Traveller {
    /// The piece as it was when it departed (its age is the departing instance's age).
    pub piece: Piece,
    /// Where it departed from; `from.turn` orders arrivals of one turn.
    pub from: Pos,
    /// Where it will appear.
    pub to: Pos,
}

/// Something a turn did besides moving the piece, reported so that interfaces can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "type")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Event {
    /// A piece was captured; its lineage is erased from that instance on.
    Captured {
        /// Where it was captured.
        at: Pos,
        /// Its side.
        color: Color,
        /// Its kind.
        kind: Kind,
    },
    /// A braindead backward traveller was destroyed by a piece that had entered its square.
    Steamrolled {
        /// Where it was destroyed.
        at: Pos,
        /// Its side.
        color: Color,
        /// Its kind.
        kind: Kind,
    },
    /// A forward traveller's move had become illegal: it is gone for good.
    LostInTime {
        /// Where it would have appeared.
        at: Pos,
        /// Its side.
        color: Color,
        /// Its kind.
        kind: Kind,
    },
}

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
// TimeGo has a type of the same name in the app's TypeScript bindings.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ChessWinner"))]
pub enum Winner {
    /// White won.
    White,
    /// Black won.
    Black,
    /// Nobody won.
    Draw,
}

impl Winner {
    /// The winner when `color` wins.
    pub fn side(color: Color) -> Winner {
        match color {
            Color::White => Winner::White,
            Color::Black => Winner::Black,
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move: a draw.
    Stalemate,
    /// A king became Lost in Time: its owner loses.
    KingLostInTime,
    /// A king was captured by an arriving forward traveller: its owner loses.
    KingCaptured,
    /// `MAX_MOVES` moves were played: a draw.
    MoveLimit,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Outcome {
    /// Who won.
    #[serde(deserialize_with = "crate::strict::name")]
    pub winner: Winner,
    /// Why.
    #[serde(deserialize_with = "crate::strict::name")]
    pub reason: EndReason,
}

/// The lineage of each side's king, fixed by the starting position (e1 and e8).
pub fn king_lineage(color: Color) -> Lineage {
    match color {
        Color::White => 4,
        Color::Black => 28,
    }
}

/// Erasure age of a lineage that has never been erased.
pub(super) const ALIVE: u16 = u16::MAX;

/// Everything one applied move changed, so that it can be taken back.
#[derive(Clone, Debug, Default)]
pub(super) struct Journal {
    /// Cells overwritten: layer, square, previous content (in order of writing).
    pub cells: Vec<(u32, Square, Option<Piece>)>,
    /// Lineage erasure ages overwritten: lineage, previous value.
    pub killed: Vec<(Lineage, u16)>,
    /// Whether the move added a re-entry (a backward traveller landing).
    pub reentered: bool,
    /// Whether the move put a traveller at the end of the queue.
    pub pushed: bool,
    /// What the turn did besides the move.
    pub events: Vec<Event>,
}

/// A committed move and what it takes to undo it.
#[derive(Clone, Debug)]
pub(super) struct Played {
    pub journal: Journal,
    pub arrived: Vec<(usize, Traveller)>,
    pub outcome_before: Option<Outcome>,
}

/// A game of Time Chess.
#[derive(Clone, Debug)]
pub struct Game {
    /// Layers `0..=now`; the last is the present.
    pub(super) layers: Vec<Layer>,
    /// Forward travellers in departure order.
    pub(super) queue: Vec<Traveller>,
    /// For each lineage, the age from which it has been erased (`ALIVE` if never).
    pub(super) killed_from: [u16; LINEAGES],
    /// Every backward traveller's landing: lineage, turn, age on landing. A piece ages at
    /// most one turn per layer from its start (turn 0, age 0) or from such a landing, so
    /// these say how far back a capture in the past must look for instances of a lineage
    /// at least as old as its victim. Not part of the position: it only bounds work.
    pub(super) reentries: Vec<(Lineage, u32, u16)>,
    /// Moves played, with their undo information.
    pub(super) played: Vec<(Move, Played)>,
    /// The result once the game has ended.
    pub(super) outcome: Option<Outcome>,
    /// Scratch journal of the move being applied.
    pub(super) journal: Journal,
    /// The stack, queue and erasure part of [`Game::zobrist`], kept by every journalled
    /// write (`turn.rs`), for the layers below `hashed_layers`.
    pub(super) hash: u64,
    /// The layers below this index keep their hash and count in `hash`; a search's moves
    /// push layers above it unhashed, and most are taken back before anything needs
    /// their hash (`Game::settle_hash`).
    pub(super) hashed_layers: usize,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A new game: the chess starting position at turn 0, white to move.
    pub fn new() -> Game {
        let back = [
            Kind::Rook,
            Kind::Knight,
            Kind::Bishop,
            Kind::Queen,
            Kind::King,
            Kind::Bishop,
            Kind::Knight,
            Kind::Rook,
        ];
        let mut layer = Layer::empty();
        let mut put = |lineage: usize, rank: u8, file: u8, color: Color, kind: Kind| {
            layer.set(
                rank * 8 + file,
                Some(Piece {
                    lineage: lineage as Lineage,
                    color,
                    kind,
                    age: 0,
                    moved: false,
                }),
            );
        };
        for file in 0..8u8 {
            let f = file as usize;
            put(f, 0, file, Color::White, back[f]);
            put(8 + f, 1, file, Color::White, Kind::Pawn);
            put(16 + f, 6, file, Color::Black, Kind::Pawn);
            put(24 + f, 7, file, Color::Black, back[f]);
        }
        Game {
            layers: vec![layer],
            queue: Vec::new(),
            killed_from: [ALIVE; LINEAGES],
            reentries: Vec::new(),
            played: Vec::new(),
            outcome: None,
            journal: Journal::default(),
            hash: 0,
            hashed_layers: 0,
        }
        .rehashed()
    }

    fn rehashed(mut self) -> Game {
        self.rehash();
        self
    }

    /// The current turn: the number of moves played, and the index of the present layer.
    pub fn now(&self) -> u32 {
        (self.layers.len() - 1) as u32
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        Color::to_move_at(self.now())
    }

    /// The result, once the game has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The moves played so far.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.played.iter().map(|(mv, _)| *mv)
    }

    /// The layer of `turn`, if it exists (`turn <= now`).
    pub fn layer(&self, turn: u32) -> Option<&Layer> {
        self.layers.get(turn as usize)
    }

    /// The piece at a position, if that layer exists and holds one.
    pub fn piece_at(&self, pos: Pos) -> Option<Piece> {
        self.layer(pos.turn)
            .and_then(|layer| layer.get(pos.square()))
    }

    /// The pieces of the layer of `turn` with their positions, or `None` for a layer that
    /// does not exist yet.
    pub fn pieces(&self, turn: u32) -> Option<Vec<(Pos, Piece)>> {
        let layer = self.layer(turn)?;
        Some(
            layer
                .pieces()
                .map(|(square, piece)| (Pos::new(square, turn), piece))
                .collect(),
        )
    }

    /// Pieces in transit to the future, in order of arrival (turn, then departure).
    pub fn future_queue(&self) -> Vec<Traveller> {
        let mut queue = self.queue.clone();
        queue.sort_by_key(|t| (t.to.turn, t.from.turn));
        queue
    }

    /// What the last move did besides moving its piece.
    pub fn last_events(&self) -> &[Event] {
        self.played
            .last()
            .map(|(_, played)| played.journal.events.as_slice())
            .unwrap_or(&[])
    }

    /// Whether the lineage still has a live instance or traveller, i.e. was never erased.
    pub fn lineage_alive(&self, lineage: Lineage) -> bool {
        self.killed_from[lineage as usize] == ALIVE
    }

    /// The layer of turn `turn`, where the turn after the present reads as the present:
    /// it starts as a copy of it, which is what check detection looks at after a move.
    pub(super) fn layer_or_present(&self, turn: u32) -> &Layer {
        &self.layers[(turn as usize).min(self.layers.len() - 1)]
    }
}

/// Why a set-up position was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A side has no king or more than one.
    #[error("{0} must have exactly one king")]
    Kings(&'static str),
    /// A side has more than sixteen pieces.
    #[error("{0} has more than 16 pieces")]
    TooMany(&'static str),
    /// Two pieces on one square.
    #[error("two pieces on square {0}")]
    Doubled(Square),
    /// A pawn on its own first rank or on the last rank.
    #[error("a pawn cannot stand on square {0}")]
    PawnRank(Square),
}

impl Game {
    /// A game starting at turn 0, white to move, from the given pieces instead of the
    /// chess starting position (for studies and tests; records always start from the
    /// chess position). Pawns count as not yet moved.
    pub fn with_pieces(pieces: &[(Square, Color, Kind)]) -> Result<Game, SetupError> {
        let mut layer = Layer::empty();
        for (side, name) in [(Color::White, "white"), (Color::Black, "black")] {
            let own: Vec<_> = pieces.iter().filter(|p| p.1 == side).collect();
            if own.iter().filter(|p| p.2 == Kind::King).count() != 1 {
                return Err(SetupError::Kings(name));
            }
            if own.len() > 16 {
                return Err(SetupError::TooMany(name));
            }
            let base = if side == Color::White { 0 } else { 16 };
            let king = king_lineage(side);
            let mut free = (base..base + 16).filter(|&l| l != king);
            for &&(square, color, kind) in &own {
                if square >= 64 || !layer.is_empty(square) {
                    return Err(SetupError::Doubled(square));
                }
                if kind == Kind::Pawn && !(8..56).contains(&square) {
                    return Err(SetupError::PawnRank(square));
                }
                let lineage = if kind == Kind::King {
                    king
                } else {
                    free.next().ok_or(SetupError::TooMany(name))?
                };
                layer.set(
                    square,
                    Some(Piece {
                        lineage,
                        color,
                        kind,
                        age: 0,
                        moved: false,
                    }),
                );
            }
        }
        let mut game = Game::new();
        game.layers = vec![layer];
        game.rehash();
        game.settle_start();
        Ok(game)
    }
}
