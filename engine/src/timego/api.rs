//! TimeGo in the shared vocabulary: every method is the game's own, renamed where needed.

use super::{Action, Applied, Game, GameView, ProbeSummary, RecordError, Rejection, SCHEMA};
use crate::game_api::RulesGame;
use crate::go::Color;

impl RulesGame for Game {
    type Side = Color;
    type Action = Action;
    type Applied = Applied;
    type Probe = ProbeSummary;
    type Rejection = Rejection;
    type View = GameView;
    type RecordError = RecordError;

    const GAME: &'static str = "timego";
    const DOCUMENT_KINDS: &'static [&'static str] = &[SCHEMA];
    const RECORDS_CURSOR: bool = true;

    fn side_to_move(&self) -> Option<Color> {
        Game::side_to_move(self)
    }

    fn legal_actions(&self) -> Vec<Action> {
        Game::legal_actions(self)
    }

    fn probe(&self, action: &Action) -> Result<ProbeSummary, Rejection> {
        Game::probe(self, action)
    }

    fn apply(&mut self, action: Action) -> Result<Applied, Rejection> {
        Game::apply(self, action)
    }

    fn line(&self) -> Vec<Action> {
        self.actions().to_vec()
    }

    fn action_count(&self) -> usize {
        self.actions().len()
    }

    fn state_at(&self, cursor: usize) -> Option<Game> {
        Game::state_at(self, cursor).ok()
    }

    fn view(&self) -> GameView {
        Game::view(self)
    }

    fn revision(&self) -> String {
        Game::revision(self)
    }

    fn import_record(text: &str) -> Result<(Game, usize), RecordError> {
        Game::from_record(text.as_bytes())
    }

    fn export_record(&self, cursor: usize) -> String {
        let cursor = cursor.min(self.actions().len());
        self.to_json(cursor)
            .expect("a cursor within the line always exports")
    }
}
