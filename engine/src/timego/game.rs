//! `Game`: a TimeGo line of actual actions with its replayable state, the API the app,
//! the command-line tool and the opponent use.

use super::consequences::TimeMoveConsequences;
use super::legal::{Arrival, Birth};
use super::position::{Applied, Position, ProbeSummary};
use super::rejection::Rejection;
use super::types::{
    Action, Area, GameResult, HalfPoints, Placement, Score, ACTION_LIMIT, MAX_SIZE, MIN_SIZE,
};
use crate::go::zobrist::mix;
use crate::go::{BoardLayout, Color};
use serde::{Deserialize, Serialize};

/// Why a game cannot be set up or a cursor is not valid.
#[derive(Clone, Debug, PartialEq, Serialize, thiserror::Error)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SetupError {
    /// Board sizes are 2 to 5.
    #[error("board size {size} is not supported; sizes are {MIN_SIZE} to {MAX_SIZE}")]
    BadSize {
        /// The size given.
        size: u32,
    },
    /// Komi must be a multiple of 0.5 with absolute value at most the board area.
    #[error(
        "komi {} is not allowed: it must be a multiple of 0.5 no larger than {limit} in absolute value (the board area)",
        crate::strict::number(*.komi)
    )]
    BadKomi {
        /// The komi given.
        komi: f64,
        /// The board area.
        limit: u32,
    },
    /// A cursor beyond the end of the action list.
    #[error("cursor {cursor} is beyond the {actions} actions of the line")]
    BadCursor {
        /// The cursor given.
        cursor: usize,
        /// Number of actions.
        actions: usize,
    },
}

// Every TimeGo size has a square layout, so laying one out cannot fail.
const _: () = assert!(MIN_SIZE >= 1 && MAX_SIZE <= crate::go::layout::MAX_SQUARE_SIZE);

/// The square layout of a TimeGo board (sizes are checked when the game is created).
pub(crate) fn square_layout(size: u8) -> BoardLayout {
    BoardLayout::square(size.clamp(MIN_SIZE, MAX_SIZE))
        .unwrap_or_else(|_| unreachable!("TimeGo sizes are square layout sizes"))
}

/// The state after all actions, as recorded in a `time-go-game` checkpoint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Checkpoint {
    /// The present board, `0` empty, `1` black, `2` white, by point.
    pub board: Vec<u8>,
    /// The current placement order `H`.
    #[serde(deserialize_with = "crate::strict::objects")]
    pub placements: Vec<Placement>,
    /// Length of the locked prefix `m`.
    pub locked: usize,
    /// Player to move, `None` once the game has ended.
    #[serde(deserialize_with = "crate::strict::optional_name")]
    pub next: Option<Color>,
    /// Consecutive actual passes.
    pub passes: u8,
    /// Area counts without komi.
    #[serde(deserialize_with = "crate::strict::object")]
    pub area: Area,
    /// The result once the game has ended.
    #[serde(deserialize_with = "crate::strict::optional_object")]
    pub result: Option<GameResult>,
}

/// Everything a screen shows about a position, in one serializable value.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameView {
    /// Board size.
    pub size: u8,
    /// Komi added to White.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub komi: HalfPoints,
    /// The actual actions of this line (the turn record).
    pub actions: Vec<Action>,
    /// The state after them.
    pub checkpoint: Checkpoint,
    /// Living stones with their births and whether they may travel now.
    pub births: Vec<Birth>,
    /// Why Lock is illegal now, `None` if it is legal.
    pub lock_rejection: Option<Rejection>,
    /// Why no stone may travel now (see [`Game::time_rejection`]), `None` if one may.
    pub time_rejection: Option<Rejection>,
    /// True once the line holds the maximum number of actions.
    pub action_limit_reached: bool,
    /// The score of the present board (final once the game has ended).
    pub score: Score,
    /// Revision of the action list (see [`Game::revision`]).
    pub revision: String,
    /// How the board is drawn: each point's position, name and neighbours.
    pub layout: BoardLayout,
}

/// A TimeGo line: board size, komi, the complete list of actual actions and the state they
/// reach. Cloning is cheap enough for review; probing never clones.
#[derive(Clone, Debug)]
pub struct Game {
    actions: Vec<Action>,
    pub(crate) position: Position,
}

impl Game {
    /// A new game: empty board, Black to move. Komi is a multiple of 0.5 (0 in new games).
    pub fn new(size: u8, komi: f64) -> Result<Game, SetupError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SetupError::BadSize { size: size as u32 });
        }
        let limit = size as u32 * size as u32;
        let komi =
            HalfPoints::from_value(komi, limit).ok_or(SetupError::BadKomi { komi, limit })?;
        Ok(Game {
            actions: Vec::new(),
            position: Position::new(size, komi),
        })
    }

    /// Replays `actions` from the empty board; the error names the index of the first
    /// rejected action.
    pub fn replay(size: u8, komi: f64, actions: &[Action]) -> Result<Game, ReplayError> {
        let mut game = Game::new(size, komi).map_err(ReplayError::Setup)?;
        for (index, &action) in actions.iter().enumerate() {
            game.apply_quietly(action)
                .map_err(|rejection| ReplayError::Rejected { index, rejection })?;
        }
        Ok(game)
    }

    /// Board size.
    pub fn size(&self) -> u8 {
        self.position.size
    }

    /// Komi added to White.
    pub fn komi(&self) -> HalfPoints {
        self.position.komi
    }

    /// The actual actions of this line.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The player to move, `None` once the game has ended.
    pub fn side_to_move(&self) -> Option<Color> {
        (!self.position.ended).then_some(self.position.next)
    }

    /// The earlier name of [`Game::side_to_move`], kept so callers written before the
    /// shared vocabulary still compile.
    pub fn next_player(&self) -> Option<Color> {
        self.side_to_move()
    }

    /// The current placement order `H`.
    pub fn placements(&self) -> &[Placement] {
        &self.position.chronology.placements
    }

    /// Length of the locked prefix `m`.
    pub fn locked(&self) -> usize {
        self.position.locked
    }

    /// The present board's cell values.
    pub fn board(&self) -> &[u8] {
        self.position.chronology.present().colors()
    }

    /// The board after the first `k` placements of `H` (`0` = empty board).
    pub fn chronological_board(&self, k: usize) -> Option<&[u8]> {
        self.position
            .chronology
            .boards
            .get(k)
            .map(|board| board.colors())
    }

    /// Consecutive actual passes.
    pub fn passes(&self) -> u8 {
        self.position.passes
    }

    /// True after two consecutive passes.
    pub fn is_ended(&self) -> bool {
        self.position.ended
    }

    /// True once the line holds the maximum number of actions (1,024).
    pub fn action_limit_reached(&self) -> bool {
        self.actions.len() >= ACTION_LIMIT
    }

    /// Number of distinct (H, m) pairs reached in actual play, the initial one included.
    pub fn reached_pairs(&self) -> usize {
        self.position.visited.len()
    }

    /// The score of the present board with komi.
    pub fn score(&self) -> Score {
        self.position.score()
    }

    /// The result once the game has ended.
    pub fn result(&self) -> Option<GameResult> {
        self.position.ended.then(|| self.score().result)
    }

    /// Applies one action; on rejection nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<Applied, Rejection> {
        let applied = self.position.apply(action, true)?;
        self.actions.push(action);
        Ok(applied)
    }

    /// Applies one action without assembling time-move consequences (for replays of
    /// records, where nobody reads them).
    pub(crate) fn apply_quietly(&mut self, action: Action) -> Result<(), Rejection> {
        self.position.apply(action, false)?;
        self.actions.push(action);
        Ok(())
    }

    /// Checks an action completely (exactly as [`Game::apply`] would) without changing or
    /// cloning the game, reusing the cached boards of the unchanged prefix.
    pub fn probe(&self, action: &Action) -> Result<ProbeSummary, Rejection> {
        self.position.probe(action)
    }

    /// The consequences of the time move `source -> target` by the player to move, computed
    /// by the same code as the commit; the game does not change.
    pub fn preview_time(
        &self,
        source: usize,
        target: usize,
    ) -> Result<TimeMoveConsequences, Rejection> {
        self.position.preview_time(source, target)
    }

    /// Every living stone with its birth index, locked flag and whether it may travel.
    pub fn births(&self) -> Vec<Birth> {
        self.position.births()
    }

    /// The births the player to move may choose as travellers (the ringed stones).
    pub fn travellers(&self) -> Vec<Birth> {
        self.births()
            .into_iter()
            .filter(|birth| birth.may_travel)
            .collect()
    }

    /// Every permitted arrival gap of the traveller at `source`, each legal or with the
    /// reason it is not; an error if `source` cannot travel at all.
    pub fn arrivals(&self, source: usize) -> Result<Vec<Arrival>, Rejection> {
        self.position.arrivals(source)
    }

    /// Every legal action of the player to move: places by point, time moves by (source,
    /// target), lock, pass. Empty once the game has ended or reached the action limit.
    pub fn legal_actions(&self) -> Vec<Action> {
        self.position.legal_actions()
    }

    /// The state after all actions, as a record checkpoint.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            board: self.board().to_vec(),
            placements: self.placements().to_vec(),
            locked: self.locked(),
            next: self.side_to_move(),
            passes: self.passes(),
            area: self.position.area(),
            result: self.result(),
        }
    }

    /// Why the player to move has no stone that may travel now — the game is over, they
    /// have no stone on the board, all are locked, or the only unlocked one is first in
    /// the unlocked past — or `None` if some stone may travel.
    pub fn time_rejection(&self) -> Option<Rejection> {
        self.position.time_rejection()
    }

    /// Everything a screen shows about the position after all actions.
    pub fn view(&self) -> GameView {
        GameView {
            size: self.size(),
            komi: self.komi(),
            actions: self.actions.clone(),
            checkpoint: self.checkpoint(),
            births: self.births(),
            lock_rejection: self
                .probe(&Action::Lock {
                    player: self.position.next,
                })
                .err(),
            time_rejection: self.time_rejection(),
            action_limit_reached: self.action_limit_reached(),
            score: self.score(),
            revision: self.revision(),
            layout: square_layout(self.size()),
        }
    }

    /// The line reviewed at `cursor`: the game after its first `cursor` actions, with the
    /// repetition records of that prefix only.
    pub fn state_at(&self, cursor: usize) -> Result<Game, SetupError> {
        if cursor > self.actions.len() {
            return Err(SetupError::BadCursor {
                cursor,
                actions: self.actions.len(),
            });
        }
        if cursor == self.actions.len() {
            return Ok(self.clone());
        }
        let mut game = Game {
            actions: Vec::with_capacity(cursor),
            position: Position::new(self.size(), self.komi()),
        };
        for &action in &self.actions[..cursor] {
            game.apply_quietly(action)
                .expect("a prefix of a legal line is legal");
        }
        Ok(game)
    }

    /// Discards the actions after `cursor` so play continues from there on a new line whose
    /// repetition records are those of the prefix only.
    pub fn branch_at(&mut self, cursor: usize) -> Result<(), SetupError> {
        *self = self.state_at(cursor)?;
        Ok(())
    }

    /// A short fingerprint of size, komi and the action list (16 hex digits) that changes
    /// whenever the line does, so stale replies can be recognised.
    pub fn revision(&self) -> String {
        let mut hash = mix(self.size() as u64 ^ ((self.komi().0 as i64 as u64) << 8));
        for action in &self.actions {
            let (kind, a, b) = action.listing_order();
            let code = (kind as u64)
                | (action.player().index() as u64) << 2
                | (a as u64) << 3
                | (b as u64) << 24;
            hash = mix(hash ^ code.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        }
        format!("{hash:016x}")
    }
}

/// Why a list of actions does not replay.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ReplayError {
    /// Size or komi are not allowed.
    #[error("{0}")]
    Setup(SetupError),
    /// The action at `index` is illegal.
    #[error("action {index}: {rejection}")]
    Rejected {
        /// 0-based index of the action.
        index: usize,
        /// Why it is illegal.
        rejection: Rejection,
    },
}
