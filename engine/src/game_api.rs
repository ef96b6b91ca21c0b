//! The vocabulary every game of the app speaks, so a host (session, engine job, file
//! routing) is written once for TimeGo, Go on three surfaces and Time Chess.
//!
//! A game is a *line*: a setup and the actions played from it, in order. A *cursor* counts
//! actions from the start of the line (`0..=action_count()`); the state at a cursor is the
//! line cut there. The trait only names what the games already do: each implementation
//! delegates to the game's own methods and record functions, whose behaviour (and error
//! messages) it does not change.

use std::fmt::{Debug, Display};

use crate::go::zobrist::mix;

/// One game's rules as the host sees them. Rejections are typed and leave the game as it
/// was; nothing here panics on bad input.
pub trait RulesGame: Clone + Debug + Sized {
    /// The players (a colour).
    type Side: Copy + Debug + Eq;
    /// One thing a player may do on their turn.
    type Action: Clone + Debug + Eq;
    /// What applying an action reports (captures, events, the outcome).
    type Applied: Debug;
    /// What probing a legal action reports without applying it.
    type Probe: Debug;
    /// Why an action is not legal now.
    type Rejection: Clone + Debug + Display + Eq;
    /// What a screen shows of the state: comparable, so two lines can be checked equal.
    type View: Clone + Debug + PartialEq;
    /// Why a document does not import.
    type RecordError: Clone + Debug + Display + Eq;

    /// The game's short name in file names, settings and routes (`timego`, …).
    const GAME: &'static str;
    /// The document kinds (`schema` values) [`RulesGame::import_record`] accepts, so a host
    /// can route a file by its kind; the first is the one [`RulesGame::export_record`]
    /// writes for a plain line.
    const DOCUMENT_KINDS: &'static [&'static str];
    /// Whether the exported document keeps the viewed cursor (otherwise an import views
    /// the end of the line).
    const RECORDS_CURSOR: bool;

    /// The player to move, `None` once the game has ended.
    fn side_to_move(&self) -> Option<Self::Side>;

    /// Every legal action of the player to move, in the game's fixed order (empty once
    /// ended).
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Whether `action` is legal now and what it would do, without changing the game.
    /// Agrees with [`RulesGame::apply`]: `Ok` exactly when applying succeeds.
    fn probe(&self, action: &Self::Action) -> Result<Self::Probe, Self::Rejection>;

    /// Plays `action` for the player to move; a rejection changes nothing.
    fn apply(&mut self, action: Self::Action) -> Result<Self::Applied, Self::Rejection>;

    /// The actions of the line, in order.
    fn line(&self) -> Vec<Self::Action>;

    /// The number of actions of the line (the cursor at its end).
    fn action_count(&self) -> usize;

    /// The state after the first `cursor` actions, `None` when the cursor is outside the
    /// line (or, for an analysis, inside the game prefix it branched from).
    fn state_at(&self, cursor: usize) -> Option<Self>;

    /// What a screen shows of the state at the end of the line.
    fn view(&self) -> Self::View;

    /// What a screen shows of the state at `cursor` (see [`RulesGame::state_at`]).
    fn view_at(&self, cursor: usize) -> Option<Self::View> {
        self.state_at(cursor).map(|state| state.view())
    }

    /// A fingerprint of the whole line (setup and every action; 16 hex digits, so it
    /// survives JSON): it changes on every change of the game, and a reply computed for
    /// another revision is stale.
    fn revision(&self) -> String;

    /// Imports a document of one of [`RulesGame::DOCUMENT_KINDS`]: the game and the cursor
    /// it was viewed at (the end of the line when the kind records no cursor).
    fn import_record(text: &str) -> Result<(Self, usize), Self::RecordError>;

    /// The document of the whole line viewed at `cursor` (clamped to the line), in the
    /// kind the game writes; kinds that record no cursor drop it.
    fn export_record(&self, cursor: usize) -> String;
}

/// The schema named by a JSON document, if it names one: what a host reads to route a
/// file to the game whose [`RulesGame::DOCUMENT_KINDS`] lists it.
pub fn document_kind(text: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Head {
        schema: String,
    }
    serde_json::from_str::<Head>(text)
        .ok()
        .map(|head| head.schema)
}

/// A revision string from a setup code and one code per action: splitmix64's finaliser
/// folded over them, as 16 hex digits.
pub(crate) fn fingerprint(setup: u64, actions: impl IntoIterator<Item = u64>) -> String {
    let mut hash = mix(setup);
    for code in actions {
        hash = mix(hash ^ code.wrapping_mul(crate::rng::GAMMA));
    }
    format!("{hash:016x}")
}
