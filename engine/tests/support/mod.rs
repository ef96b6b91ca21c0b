//! Fixture helpers shared by the surfaces tests: positions are always reached by a legal
//! replay from the empty board, so every fixture is also a valid game record.
#![allow(dead_code)]

use canon_engine::go::Color;
use canon_engine::surfaces::{Action, Applied, Rejection, Surface, SurfaceGame};

/// The point labelled `label` on `surface`.
pub fn pt(surface: Surface, label: &str) -> u16 {
    surface
        .parse_label(label)
        .unwrap_or_else(|| panic!("{label} is not a point of {surface}"))
}

/// A placement action at `label`.
pub fn at(surface: Surface, label: &str) -> Action {
    Action::Place {
        at: pt(surface, label),
    }
}

/// Places at `label` for the player to move, which must be legal.
pub fn place(game: &mut SurfaceGame, label: &str) -> Applied {
    let surface = game.surface();
    game.apply(at(surface, label))
        .unwrap_or_else(|rejection| panic!("{label} rejected: {rejection}"))
}

/// Tries a placement at `label`, which must be rejected; checks that nothing changed.
pub fn rejected(game: &mut SurfaceGame, label: &str) -> Rejection {
    let before = (
        game.board().to_vec(),
        game.side_to_move(),
        game.passes(),
        game.history_len(),
        game.actions().len(),
    );
    let surface = game.surface();
    let rejection = game
        .apply(at(surface, label))
        .expect_err("the placement should be rejected");
    let after = (
        game.board().to_vec(),
        game.side_to_move(),
        game.passes(),
        game.history_len(),
        game.actions().len(),
    );
    assert_eq!(before, after, "a rejected action changed the state");
    rejection
}

/// A game from the empty board in which Black and White place the listed stones in
/// turn (a player with no stone left passes), then `next` is to move. Panics if a setup
/// placement is illegal or captures: fixtures are plain legal prefixes.
pub fn setup(surface: Surface, black: &[&str], white: &[&str], next: Color) -> SurfaceGame {
    let mut game = SurfaceGame::new(surface, 1).expect("default komi");
    let (mut b, mut w) = (black.iter(), white.iter());
    loop {
        let stone = match game.side_to_move() {
            Some(Color::Black) => b.next(),
            _ => w.next(),
        };
        if b.len() == 0 && w.len() == 0 && stone.is_none() {
            break;
        }
        match stone {
            Some(label) => {
                let applied = place(&mut game, label);
                assert!(applied.captured.is_empty(), "setup stone {label} captured");
            }
            None => {
                game.apply(Action::Pass).expect("setup pass");
            }
        }
    }
    if game.side_to_move() != Some(next) {
        assert_eq!(game.passes(), 0, "setup would end with two passes");
        game.apply(Action::Pass).expect("setup pass");
    }
    assert_eq!(game.side_to_move(), Some(next));
    assert!(game.outcome().is_none());
    game
}

/// Labels of `points`.
pub fn labels(surface: Surface, points: &[u16]) -> Vec<String> {
    points.iter().map(|&p| surface.label(p).unwrap()).collect()
}

/// Points of `labels`, ascending.
pub fn points(surface: Surface, labels: &[&str]) -> Vec<u16> {
    let mut out: Vec<u16> = labels.iter().map(|l| pt(surface, l)).collect();
    out.sort_unstable();
    out
}
