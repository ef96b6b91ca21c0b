//! Time Chess on the game host: the engine's `Game` is the line the host saves, replays
//! and reviews; this module only turns the engine's answers into command replies, so the
//! screen renders and asks.
//!
//! The save (`chess.json`) is a plain `time-chess-game` document. That record has no
//! cursor, so a game reopened after a restart is viewed at its last move.
//!
//! `chess/computer.rs` is the computer opponent: its settings, its search as an engine
//! job, and the hint.

mod computer;

pub use computer::{
    chess_levels, chess_think_limits, fixed_think_limits, ChessComputerJob, ChessComputerOutcome,
    ChessHint, ChessLevelInfo, ChessOpponentSettings, ChessSearch, OPPONENT_FILE_NAME,
};

use crate::error::{AppError, CommandResult};
use crate::host::session::{GameSession, ReviewTo};
use crate::host::HostedGame;
use crate::save_slot::SaveStatus;
use canon_engine::timechess::{
    Completion, Game, Move, Pos, ScreenLayer, ScreenView, Selection, MAX_RECORD_BYTES, SCHEMA,
};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use ts_rs::TS;

/// File name of the Time Chess save in the app data directory.
pub const SAVE_FILE_NAME: &str = "chess.json";

/// What the Time Chess screen shows: the engine's view at the viewed cursor and the line.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ChessView {
    /// The engine's screen view of the position after the first `cursor` moves.
    pub screen: ScreenView,
    /// Every move of the line, including those after the cursor while reviewing.
    pub moves: Vec<Move>,
    /// Number of moves applied in the viewed position.
    pub cursor: usize,
    /// The viewed position's revision: a move is played only at this revision.
    pub revision: String,
    /// Whether this game reaches the disk.
    pub save: SaveStatus,
    /// Who the computer plays and at which level.
    pub opponent: ChessOpponentSettings,
    /// Whether it is the computer's turn: at the end of the line, in a game that goes on.
    pub computer_to_move: bool,
}

/// A command's answer to the Time Chess screen: the view, with the stack's layers either
/// all there or only those that differ from the previous answer's (the screen keeps the
/// rest). Past layers do change after a move — a backward traveller rewrites every layer
/// from its arrival up, a review drops or restores layers — so which layers changed is
/// found by comparing them with the ones last sent, never assumed.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ChessAnswer {
    /// The view; its `screen.layers` holds what `stack` says.
    #[serde(flatten)]
    pub view: ChessView,
    /// Whether `view.screen.layers` is every layer or only the changed ones.
    pub stack: ChessStack,
}

/// What an answer's `screen.layers` holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChessStack {
    /// Every layer, from turn 0 up.
    All {
        /// Names these layers for a later answer's `base`.
        token: String,
    },
    /// Only the layers at the indices `changed`, in that order; every other layer below
    /// `count` is the one at the same index in the answer named `base`. A screen that
    /// does not hold exactly that answer's layers asks for `chess_open` instead.
    Changed {
        /// Names the resulting layers for a later answer's `base`.
        token: String,
        /// The token of the layers this answer changes.
        base: String,
        /// The number of layers.
        count: u32,
        /// The indices of the layers sent, increasing.
        changed: Vec<u32>,
    },
}

/// The stack's layers last sent to the screen, named by their token.
#[derive(Debug)]
struct SentStack {
    token: String,
    layers: Vec<ScreenLayer>,
}

/// Numbers the tokens of this process; with the process's nonce no two stacks share one.
static NEXT_TOKEN: AtomicU64 = AtomicU64::new(1);

/// A nonce of this session, so a token of a restarted bridge or app never matches one
/// of an earlier process that a page might still hold.
fn session_nonce() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64);
    nanos ^ (u64::from(std::process::id()) << 32)
}

/// Arguments of `chess_select`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChessSelectArgs {
    /// The selected position, in notation (`e2t0`).
    pub from: Pos,
}

/// Arguments of `chess_play`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChessPlayArgs {
    /// The move, in notation (`e2t0e4t0`).
    pub mv: Move,
    /// `ChessView.revision` of the position the move was chosen in.
    pub revision: String,
    /// Must be true to play while reviewing an earlier position: the later moves are
    /// then replaced by this new line.
    #[serde(default)]
    pub replace_future: bool,
}

/// Arguments of `chess_play_typed`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChessTypedArgs {
    /// The typed move (`e2t0e4t0`; spaces and capitals allowed).
    pub text: String,
    /// `ChessView.revision` of the position the move was typed in.
    pub revision: String,
    /// As in `chess_play`.
    #[serde(default)]
    pub replace_future: bool,
}

/// Arguments of `chess_complete`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChessCompleteArgs {
    /// The text typed so far.
    pub prefix: String,
}

/// Arguments of `chess_import`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChessImportArgs {
    /// A complete `time-chess-game` document.
    pub text: String,
}

impl HostedGame for Game {
    type Action = Move;
    type View = ScreenView;
    const NAME: &'static str = "Time Chess";
    const DOCUMENT_KIND: &'static str = SCHEMA;
    const SAVE_FILE: &'static str = SAVE_FILE_NAME;
    const DOCUMENT_LIMIT: usize = MAX_RECORD_BYTES;

    fn from_record(bytes: &[u8]) -> Result<(Self, usize), String> {
        let game = Game::import(bytes).map_err(|error| error.to_string())?;
        let end = game.moves().count();
        Ok((game, end))
    }

    fn to_record(&self, _cursor: usize) -> Result<String, String> {
        Ok(self.to_record_json())
    }

    fn line_len(&self) -> usize {
        self.moves().count()
    }

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    fn state_at(&self, cursor: usize) -> Result<Self, String> {
        Game::state_at(self, cursor)
            .ok_or_else(|| format!("the game has no position after {cursor} moves"))
    }

    fn apply_action(&mut self, mv: Move) -> Result<(), AppError> {
        // A refused move leaves the game as it was, so the refusal reads this position.
        self.play(mv)
            .map_err(|error| AppError::chess_illegal(self.refusal(mv, &error)))
    }

    fn revision(&self) -> String {
        // The engine's inherent fingerprint, which the trait method shadows here.
        Game::revision(self)
    }

    fn view(&self) -> ScreenView {
        self.screen_view()
    }
}

/// The app's Time Chess game: the host's session of the engine's game.
pub struct ChessSession {
    session: GameSession<Game>,
    computer: computer::Computer,
    /// The layers of the last answer sent, `None` before the first.
    sent: Option<SentStack>,
    nonce: u64,
}

impl ChessSession {
    /// Loads `chess.json` from `data_dir`, or starts from the chess starting position;
    /// an invalid save is kept and pauses saving.
    pub fn open(data_dir: &Path, may_write: bool) -> Self {
        let (session, loaded) = GameSession::open(data_dir, may_write, Game::new);
        let computer =
            computer::Computer::open(data_dir, may_write, loaded, computer::ChessThink::PerLevel);
        Self {
            session,
            computer,
            sent: None,
            nonce: session_nonce(),
        }
    }

    /// Whether the Time Chess game reaches the disk.
    pub fn save_status(&self) -> &SaveStatus {
        self.session.save_status()
    }

    /// Whether a game is under way (the home screen offers to continue it).
    pub fn in_progress(&self) -> bool {
        self.session.in_progress()
    }

    /// The screen's view of the viewed position and the line.
    pub fn view(&self) -> ChessView {
        let viewed = self.session.viewed();
        ChessView {
            screen: viewed.screen_view(),
            moves: self.session.line().moves().collect(),
            cursor: self.session.cursor(),
            revision: viewed.revision(),
            save: self.save_status().clone(),
            opponent: self.computer.settings(),
            computer_to_move: self.computer_to_move(),
        }
    }

    /// `chess_open`'s answer: the view with every layer (what a screen without layers,
    /// or unsure of them, asks for).
    pub fn open_answer(&mut self) -> ChessAnswer {
        let view = self.view();
        self.answer_view(view, true)
    }

    /// The answer of a command that returns the view: its changed layers only.
    pub fn answer(
        &mut self,
        command: impl FnOnce(&mut Self) -> CommandResult<ChessView>,
    ) -> CommandResult<ChessAnswer> {
        let view = command(self)?;
        Ok(self.answer_view(view, false))
    }

    /// Turns `view` into the answer sent to the screen and remembers its layers: every
    /// layer when `all`, before anything was sent, or when every layer changed; otherwise
    /// the layers that differ, by value, from those last sent.
    pub fn answer_view(&mut self, mut view: ChessView, all: bool) -> ChessAnswer {
        let layers = std::mem::take(&mut view.screen.layers);
        let changed = match &self.sent {
            Some(sent) if !all => {
                let changed: Vec<usize> = (0..layers.len())
                    .filter(|&index| sent.layers.get(index) != Some(&layers[index]))
                    .collect();
                let same = changed.is_empty() && layers.len() == sent.layers.len();
                (changed.len() < layers.len()).then(|| (sent.token.clone(), changed, same))
            }
            _ => None,
        };
        let stack = match changed {
            Some((base, changed, same)) => {
                // The same layers keep their token, so a base stays good across answers
                // (and `chess_open` calls) that changed none of them.
                let token = if same {
                    base.clone()
                } else {
                    self.next_token()
                };
                view.screen.layers = changed.iter().map(|&index| layers[index].clone()).collect();
                ChessStack::Changed {
                    token,
                    base,
                    count: layers.len() as u32,
                    changed: changed.into_iter().map(|index| index as u32).collect(),
                }
            }
            None => {
                let token = match &self.sent {
                    Some(sent) if sent.layers == layers => sent.token.clone(),
                    _ => self.next_token(),
                };
                view.screen.layers = layers.clone();
                ChessStack::All { token }
            }
        };
        let token = match &stack {
            ChessStack::All { token } | ChessStack::Changed { token, .. } => token.clone(),
        };
        self.sent = Some(SentStack { token, layers });
        ChessAnswer { view, stack }
    }

    fn next_token(&self) -> String {
        let number = NEXT_TOKEN.fetch_add(1, Ordering::Relaxed);
        format!("{:x}.{number}", self.nonce)
    }

    /// Starts a new game from the chess starting position, between two people (the UI
    /// sets the computer's side afterwards with `chess_opponent_set`).
    pub fn new_game(&mut self) -> ChessView {
        self.session.replace(Game::new(), 0);
        self.computer.file.forget();
        self.view()
    }

    /// What selecting `from` in the viewed position offers: its legal destinations by
    /// layer, or the engine's reason there are none.
    pub fn select(&self, args: ChessSelectArgs) -> Selection {
        self.session.viewed().selection(args.from)
    }

    /// The legal moves of the viewed position that start with the typed prefix.
    pub fn complete(&self, args: ChessCompleteArgs) -> Completion {
        self.session.viewed().complete(&args.prefix)
    }

    /// Plays a move chosen at `revision`; a stale revision, a needed confirmation or an
    /// illegal move is refused and changes nothing.
    pub fn play(&mut self, args: ChessPlayArgs) -> CommandResult<ChessView> {
        self.check_revision(&args.revision)?;
        self.session.apply(args.mv, args.replace_future)?;
        Ok(self.view())
    }

    /// Reads a typed move with the engine's entry rules, then plays it as `play` does.
    pub fn play_typed(&mut self, args: ChessTypedArgs) -> CommandResult<ChessView> {
        self.check_revision(&args.revision)?;
        let mv = self
            .session
            .viewed()
            .parse_entry(&args.text)
            .map_err(AppError::chess_illegal)?;
        self.play(ChessPlayArgs {
            mv,
            revision: args.revision,
            replace_future: args.replace_future,
        })
    }

    /// Moves the viewed cursor; the later moves are kept.
    pub fn review(&mut self, to: ReviewTo) -> CommandResult<ChessView> {
        self.session.review_to(to, 0)?;
        Ok(self.view())
    }

    /// The `time-chess-game` document of the whole line.
    pub fn export(&self) -> CommandResult<String> {
        self.session.export()
    }

    /// Replaces the game with an imported document (refused over the document limit
    /// before it is read); a rejected document changes nothing.
    pub fn import(&mut self, args: ChessImportArgs) -> CommandResult<ChessView> {
        self.session.import(&args.text)?;
        self.computer.file.forget();
        Ok(self.view())
    }

    /// Writes the `time-chess-game` document of the whole line to `path` (a file dialog's
    /// choice).
    pub fn export_to(&self, path: &Path) -> CommandResult<()> {
        self.session.export_to(path)
    }

    /// Replaces the game with the document at `path` (a file dialog's choice); a rejected
    /// file changes nothing.
    pub fn import_from(&mut self, path: &Path) -> CommandResult<ChessView> {
        self.session.import_from(path)?;
        self.computer.file.forget();
        Ok(self.view())
    }

    /// The kept invalid save's text, for the player to export; `None` without one.
    pub fn invalid_save(&self) -> CommandResult<Option<String>> {
        self.session.invalid_save()
    }

    /// Sets the invalid save aside on the player's confirmation and saves this game.
    pub fn set_aside_invalid(&mut self, confirm: bool) -> CommandResult<ChessView> {
        self.session.set_aside_invalid(confirm)?;
        Ok(self.view())
    }

    fn check_revision(&self, revision: &str) -> CommandResult<()> {
        let current = self.session.viewed().revision();
        if revision == current {
            return Ok(());
        }
        Err(AppError::invalid(format!(
            "the position changed since this move was chosen (revision {}, now {current}); nothing was played",
            lineread::excerpt(revision)
        )))
    }
}

/// The screen's side of `ChessAnswer`, for tests: keeps the layers as the UI does
/// (`ui/src/lib/chessStack.ts`) and makes each answer whole again.
#[cfg(test)]
#[derive(Debug, Default)]
pub(crate) struct ScreenCopy {
    kept: Option<(String, Vec<ScreenLayer>)>,
}

#[cfg(test)]
impl ScreenCopy {
    /// The whole view of `answer`, or why it cannot be made (the screen then asks
    /// `chess_open`); the kept layers change only when it can.
    pub(crate) fn take(&mut self, answer: ChessAnswer) -> Result<ChessView, String> {
        let ChessAnswer { mut view, stack } = answer;
        let sent = std::mem::take(&mut view.screen.layers);
        let (token, layers) = match stack {
            ChessStack::All { token } => (token, sent),
            ChessStack::Changed {
                token,
                base,
                count,
                changed,
            } => {
                let Some((kept_token, kept)) = &self.kept else {
                    return Err("no layers kept".into());
                };
                if *kept_token != base {
                    return Err(format!("kept {kept_token}, the answer changes {base}"));
                }
                if changed.len() != sent.len() {
                    return Err("the changed layers do not match their indices".into());
                }
                let mut sent = sent.into_iter();
                let mut changed = changed.into_iter().peekable();
                let mut layers = Vec::with_capacity(count as usize);
                for index in 0..count {
                    let layer = if changed.next_if_eq(&index).is_some() {
                        sent.next()
                    } else {
                        kept.get(index as usize).cloned()
                    };
                    layers.push(layer.ok_or_else(|| format!("no layer {index}"))?);
                }
                if changed.next().is_some() {
                    return Err("changed indices out of order or range".into());
                }
                (token, layers)
            }
        };
        view.screen.layers = layers.clone();
        self.kept = Some((token, layers));
        Ok(view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{error::GameRejection, test_dir::TestDir};

    fn play(session: &mut ChessSession, notation: &str) -> CommandResult<ChessView> {
        let revision = session.view().revision;
        session.play(ChessPlayArgs {
            mv: notation.parse().unwrap(),
            revision,
            replace_future: false,
        })
    }

    #[test]
    fn starts_at_the_starting_position_and_saves_only_once_played() {
        let dir = TestDir::new("chess-fresh");
        let mut session = ChessSession::open(dir.path(), true);
        let view = session.view();
        assert_eq!((view.cursor, view.screen.present), (0, 0));
        assert_eq!(view.save, SaveStatus::NothingToSave);
        assert!(!dir.path().join(SAVE_FILE_NAME).exists());
        play(&mut session, "e2t0e4t0").unwrap();
        let saved = std::fs::read_to_string(dir.path().join(SAVE_FILE_NAME)).unwrap();
        assert!(saved.contains("e2t0e4t0"));
        assert_eq!(session.save_status(), &SaveStatus::Saved);
    }

    #[test]
    fn a_refused_move_carries_the_engines_rule_and_changes_nothing() {
        let dir = TestDir::new("chess-refused");
        let mut session = ChessSession::open(dir.path(), true);
        let before = session.view();
        let error = play(&mut session, "e2t0e5t0").unwrap_err();
        let AppError::Illegal {
            rejection:
                GameRejection::Chess(canon_engine::timechess::EntryError::Illegal { rule, .. }),
            message,
            ..
        } = error
        else {
            panic!("not a Time Chess refusal: {error:?}");
        };
        assert_eq!(
            rule,
            canon_engine::timechess::Refusal::NotAMove {
                kind: canon_engine::timechess::Kind::Pawn
            }
        );
        assert!(message.starts_with("e2t0e5t0: "), "{message}");
        assert_eq!(session.view(), before);
    }

    #[test]
    fn review_steps_stay_on_the_line() {
        let dir = TestDir::new("chess-review");
        let mut session = ChessSession::open(dir.path(), false);
        play(&mut session, "e2t0e4t0").unwrap();
        play(&mut session, "e7t1e5t1").unwrap();
        let cursor = |session: &mut ChessSession, to| session.review(to).unwrap().cursor;
        assert_eq!(cursor(&mut session, ReviewTo::Next), 2);
        assert_eq!(cursor(&mut session, ReviewTo::Previous), 1);
        assert_eq!(cursor(&mut session, ReviewTo::First), 0);
        assert_eq!(cursor(&mut session, ReviewTo::Previous), 0);
        assert_eq!(cursor(&mut session, ReviewTo::Last), 2);
        assert_eq!(cursor(&mut session, ReviewTo::Jump { cursor: 1 }), 1);
        assert!(session.review(ReviewTo::Jump { cursor: 3 }).is_err());
        assert_eq!(session.view().cursor, 1);
    }

    /// Answers `command` and makes it whole on `screen`, as the UI does, checking it
    /// against the host's full view.
    fn answered(
        session: &mut ChessSession,
        screen: &mut ScreenCopy,
        command: impl FnOnce(&mut ChessSession) -> CommandResult<ChessView>,
    ) -> ChessAnswer {
        let answer = session.answer(command).unwrap();
        let whole = screen
            .take(answer.clone())
            .expect("the screen holds the base");
        assert_eq!(whole, session.view());
        answer
    }

    fn changed(answer: &ChessAnswer) -> Vec<u32> {
        match &answer.stack {
            ChessStack::Changed { changed, .. } => changed.clone(),
            ChessStack::All { .. } => panic!("every layer was sent: {:?}", answer.stack),
        }
    }

    #[test]
    fn a_move_sends_the_changed_layers_and_a_backward_traveller_changes_past_ones() {
        let dir = TestDir::new("chess-stack-delta");
        let mut session = ChessSession::open(dir.path(), false);
        let mut screen = ScreenCopy::default();
        let first = session.open_answer();
        assert!(matches!(first.stack, ChessStack::All { .. }));
        assert_eq!(screen.take(first).unwrap(), session.view());
        let mv = |notation: &str| {
            let notation = notation.to_owned();
            move |session: &mut ChessSession| {
                let revision = session.view().revision;
                session.play(ChessPlayArgs {
                    mv: notation.parse().unwrap(),
                    revision,
                    replace_future: false,
                })
            }
        };
        // The first move changes both layers (the old present now has its move): all sent.
        let answer = answered(&mut session, &mut screen, mv("b1t0c3t0"));
        assert!(matches!(answer.stack, ChessStack::All { .. }));
        // An ordinary move: the old present and the new present only.
        let answer = answered(&mut session, &mut screen, mv("c7t1c5t1"));
        assert_eq!(changed(&answer), [1, 2]);
        assert_eq!(answer.view.screen.layers.len(), 2);
        // The knight lands in turn 1, capturing there: layers 1 and 2 are rewritten too.
        let answer = answered(&mut session, &mut screen, mv("c3t2c5t1"));
        assert_eq!(changed(&answer), [1, 2, 3]);
        // A step back drops a layer and sends the new present, and layer 1 too: before
        // the knight's arrival it had the pawn. A step forward sends them again.
        let answer = answered(&mut session, &mut screen, |s| s.review(ReviewTo::Previous));
        assert!(matches!(answer.stack, ChessStack::Changed { count: 3, .. }));
        assert_eq!(changed(&answer), [1, 2]);
        let answer = answered(&mut session, &mut screen, |s| s.review(ReviewTo::Next));
        assert_eq!(changed(&answer), [1, 2, 3]);
        // Back to the start, every kept layer differs: all are sent.
        let answer = answered(&mut session, &mut screen, |s| s.review(ReviewTo::First));
        assert!(matches!(answer.stack, ChessStack::All { .. }));
        let answer = answered(&mut session, &mut screen, |s| s.review(ReviewTo::Last));
        assert!(matches!(answer.stack, ChessStack::All { .. }));
        assert_eq!(answer.view.screen.layers.len(), 4);
    }

    #[test]
    fn an_answer_on_layers_the_screen_does_not_hold_is_refused_and_open_resyncs() {
        let dir = TestDir::new("chess-stack-stale");
        let mut session = ChessSession::open(dir.path(), false);
        let mut screen = ScreenCopy::default();
        screen.take(session.open_answer()).unwrap();
        screen
            .take(session.answer(|s| play(s, "e2t0e4t0")).unwrap())
            .unwrap();
        // Nothing kept (a reloaded page): a delta is refused.
        let answer = session.answer(|s| play(s, "d7t1d5t1")).unwrap();
        assert!(matches!(answer.stack, ChessStack::Changed { .. }));
        assert!(ScreenCopy::default().take(answer.clone()).is_err());
        screen.take(answer).unwrap();
        // An answer the screen never saw: the next one's base is not what it holds.
        session.answer(|s| play(s, "g1t2f3t2")).unwrap();
        let answer = session.answer(|s| play(s, "b8t3c6t3")).unwrap();
        let kept = format!("{screen:?}");
        assert!(screen.take(answer).is_err());
        assert_eq!(
            format!("{screen:?}"),
            kept,
            "a refused answer leaves the kept layers"
        );
        assert_eq!(screen.take(session.open_answer()).unwrap(), session.view());
        // A reader that only opens (a test through the bridge) changes no token.
        session.open_answer();
        let answer = session.answer(|s| play(s, "f1t4c4t4")).unwrap();
        assert_eq!(screen.take(answer).unwrap(), session.view());
    }

    /// One step of a random session, as the screen and other callers may make it.
    #[derive(Debug, Clone)]
    enum Step {
        /// A legal move (a travel one if `travel` and there is one), replacing the
        /// future while reviewing.
        Play {
            pick: usize,
            travel: bool,
        },
        /// A move the rules refuse: no answer.
        Refused,
        Review(usize),
        Previous,
        Next,
        New,
        /// Re-imports the document saved at an earlier step (or the current one).
        Import(usize),
        /// `chess_open`, the answer read by someone else (the screen does not see it).
        OpenElsewhere,
        /// The next answer never reaches the screen.
        Lost,
    }

    fn step() -> impl proptest::strategy::Strategy<Value = Step> {
        use proptest::prelude::*;
        prop_oneof![
            8 => (any::<usize>(), any::<bool>()).prop_map(|(pick, travel)| Step::Play { pick, travel }),
            1 => Just(Step::Refused),
            2 => any::<usize>().prop_map(Step::Review),
            1 => Just(Step::Previous),
            1 => Just(Step::Next),
            1 => Just(Step::New),
            1 => any::<usize>().prop_map(Step::Import),
            1 => Just(Step::OpenElsewhere),
            1 => Just(Step::Lost),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// Whatever happens, the screen's layers made whole from the answers equal the
        /// host's full view, or the screen finds out it cannot apply one and opens again.
        #[test]
        fn the_screens_layers_follow_every_answer(steps in proptest::collection::vec(step(), 1..36)) {
            let dir = TestDir::new("chess-stack-random");
            let mut session = ChessSession::open(dir.path(), false);
            let mut screen = ScreenCopy::default();
            screen.take(session.open_answer()).unwrap();
            let mut documents = Vec::new();
            let mut lost = false;
            let mut lose_next = false;
            for step in steps {
                documents.push(session.export().unwrap());
                let answer = match step {
                    Step::Play { pick, travel } => {
                        let mut viewed = session.session.viewed().clone();
                        let legal = viewed.legal_moves();
                        let travels: Vec<Move> = legal
                            .iter()
                            .copied()
                            .filter(|mv| mv.from.turn != mv.to.turn)
                            .collect();
                        let pool = if travel && !travels.is_empty() { travels } else { legal };
                        if pool.is_empty() {
                            continue;
                        }
                        let mv = pool[pick % pool.len()];
                        let replace_future = !session.session.at_end();
                        let revision = session.view().revision;
                        session.answer(|s| s.play(ChessPlayArgs { mv, revision, replace_future }))
                    }
                    Step::Refused => {
                        let refused = session.answer(|s| play(s, "a1t0a8t0"));
                        proptest::prop_assert!(refused.is_err());
                        continue;
                    }
                    Step::Review(to) => {
                        let cursor = to % (session.session.line().moves().count() + 1);
                        session.answer(|s| s.review(ReviewTo::Jump { cursor }))
                    }
                    Step::Previous => session.answer(|s| s.review(ReviewTo::Previous)),
                    Step::Next => session.answer(|s| s.review(ReviewTo::Next)),
                    Step::New => session.answer(|s| Ok(s.new_game())),
                    Step::Import(at) => {
                        let text = documents[at % documents.len()].clone();
                        session.answer(|s| s.import(ChessImportArgs { text }))
                    }
                    Step::OpenElsewhere => {
                        session.open_answer();
                        continue;
                    }
                    Step::Lost => {
                        lose_next = true;
                        continue;
                    }
                };
                let answer = answer.unwrap();
                if std::mem::take(&mut lose_next) {
                    lost = true;
                    continue;
                }
                match screen.take(answer) {
                    Ok(whole) => proptest::prop_assert_eq!(whole, session.view()),
                    Err(why) => {
                        proptest::prop_assert!(lost, "refused without a lost answer: {}", why);
                        let whole = screen.take(session.open_answer()).unwrap();
                        proptest::prop_assert_eq!(whole, session.view());
                    }
                }
                lost = false;
            }
        }
    }
}
