//! Time Chess in the shared vocabulary. The move generator judges check by making and
//! taking back moves on the game itself (`&mut self`); the `&self` forms here work on a
//! copy, for hosts and screens. Playouts and perft keep the in-place forms.

use super::coord::{Move, Pos};
use super::game::Game;
use super::legality::IllegalMove;
use super::piece::Color;
use super::record::{Checkpoint, RecordError, SCHEMA};
use crate::game_api::RulesGame;

/// One number per position (turn, rank, file), for the revision.
fn pos_code(pos: Pos) -> u64 {
    u64::from(pos.turn) << 6 | u64::from(pos.rank) << 3 | u64::from(pos.file)
}

impl Game {
    /// The side to move, `None` once the game has ended (unlike [`Game::to_move`], which
    /// is the side whose turn the present layer is).
    pub fn side_to_move(&self) -> Option<Color> {
        self.outcome.is_none().then(|| self.to_move())
    }

    /// Every legal move, as [`Game::legal_moves`] lists them, without changing `self`
    /// (judged on a copy of the game).
    pub fn legal_actions(&self) -> Vec<Move> {
        self.clone().legal_moves()
    }

    /// Checks a move exactly as [`Game::play`] would, without changing `self` (judged on a
    /// copy of the game).
    pub fn probe(&self, mv: &Move) -> Result<(), IllegalMove> {
        self.clone().check_move(*mv)
    }

    /// The game after its first `cursor` moves (the later ones taken back), `None` past
    /// the last move.
    pub fn state_at(&self, cursor: usize) -> Option<Game> {
        let played = self.played.len();
        if cursor > played {
            return None;
        }
        let mut game = self.clone();
        for _ in cursor..played {
            game.undo();
        }
        Some(game)
    }

    /// A fingerprint of the game (starting layer and every move; 16 hex digits) that
    /// changes whenever the game does, so stale replies can be recognised.
    pub fn revision(&self) -> String {
        let start = self.layers[0].pieces().map(|(square, piece)| {
            u64::from(square)
                | (piece.color as u64) << 6
                | (piece.kind as u64) << 7
                | u64::from(piece.lineage) << 10
                | u64::from(piece.age) << 18
                | u64::from(piece.moved) << 34
        });
        let moves = self
            .moves()
            .map(|mv| 1 << 63 | pos_code(mv.from) | pos_code(mv.to) << 31);
        crate::game_api::fingerprint(0x0043_4845_5353, start.chain(moves))
    }
}

impl RulesGame for Game {
    type Side = Color;
    type Action = Move;
    type Applied = ();
    type Probe = ();
    type Rejection = IllegalMove;
    type View = Checkpoint;
    type RecordError = RecordError;

    const GAME: &'static str = "chess";
    const DOCUMENT_KINDS: &'static [&'static str] = &[SCHEMA];
    const RECORDS_CURSOR: bool = false;

    fn side_to_move(&self) -> Option<Color> {
        Game::side_to_move(self)
    }

    fn legal_actions(&self) -> Vec<Move> {
        Game::legal_actions(self)
    }

    fn probe(&self, action: &Move) -> Result<(), IllegalMove> {
        Game::probe(self, action)
    }

    fn apply(&mut self, action: Move) -> Result<(), IllegalMove> {
        self.play(action)
    }

    fn line(&self) -> Vec<Move> {
        self.moves().collect()
    }

    fn action_count(&self) -> usize {
        self.played.len()
    }

    fn state_at(&self, cursor: usize) -> Option<Game> {
        Game::state_at(self, cursor)
    }

    fn view(&self) -> Checkpoint {
        self.checkpoint()
    }

    fn revision(&self) -> String {
        Game::revision(self)
    }

    fn import_record(text: &str) -> Result<(Game, usize), RecordError> {
        let game = Game::import(text.as_bytes())?;
        let end = game.played.len();
        Ok((game, end))
    }

    fn export_record(&self, _cursor: usize) -> String {
        self.to_record_json()
    }
}
