//! Tactics on every surface and on a square board, eyes, determinism and cancellation.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::*;
use crate::go::{Color, Graph, Point};
use crate::surfaces::graphs::graph;
use crate::surfaces::{Surface, SurfaceGame};

static NO_CANCEL: AtomicBool = AtomicBool::new(false);

fn limits(playouts: u32) -> Limits {
    Limits { playouts, seed: 7 }
}

/// A two-stone White chain with one liberty left, every other liberty a Black stone;
/// returns the diagram, a stone of the chain and its last liberty (the empty neighbour
/// of the chain with the most empty neighbours, so extending there saves it).
fn chain_in_atari(g: &Graph) -> (Vec<u8>, Point, Point) {
    let interior = |p: Point| g.neighbors(p).len() == 4;
    let x = (0..g.len() as Point)
        .find(|&p| interior(p) && g.neighbors(p).iter().all(|&q| interior(q)))
        .expect("an interior point");
    let x2 = g.neighbors(x)[0];
    let mut liberties: Vec<Point> = g
        .neighbors(x)
        .iter()
        .chain(g.neighbors(x2))
        .copied()
        .filter(|&q| q != x && q != x2)
        .collect();
    liberties.sort_unstable();
    liberties.dedup();
    let mut cells = vec![0u8; g.len()];
    cells[x as usize] = 2;
    cells[x2 as usize] = 2;
    let open = |cells: &[u8], p: Point| {
        g.neighbors(p)
            .iter()
            .filter(|&&q| cells[q as usize] == 0 && !liberties.contains(&q))
            .count()
    };
    let last = *liberties
        .iter()
        .max_by_key(|&&p| (open(&cells, p), std::cmp::Reverse(p)))
        .expect("liberties");
    for &p in &liberties {
        if p != last {
            cells[p as usize] = 1;
        }
    }
    (cells, x, last)
}

fn surface_roots(next: Color) -> Vec<(String, Root, Point, Point)> {
    let mut roots = Vec::new();
    for surface in Surface::ALL {
        let (cells, stone, last) = chain_in_atari(graph(surface));
        let game = SurfaceGame::study(surface, &cells, next, 1).expect("a valid study");
        roots.push((
            surface.variant().to_string(),
            Root::from_game(&game).unwrap(),
            stone,
            last,
        ));
    }
    let square = Graph::square(9);
    let (cells, stone, last) = chain_in_atari(&square);
    let root = Root::from_colorings(&square, &[&cells], next, 0, 13).unwrap();
    roots.push(("square9".into(), root, stone, last));
    roots
}

#[test]
fn captures_a_chain_in_atari_on_every_surface_and_on_a_square_board() {
    for (name, root, _, last) in surface_roots(Color::Black) {
        let report = search(&root, limits(Level::Steady.playouts()), &NO_CANCEL);
        assert_eq!(report.best, Action::Place { at: last }, "{name}");
        assert_eq!(report.stop, Stop::Budget);
        assert_eq!(report.playouts, Level::Steady.playouts());
    }
}

#[test]
fn saves_its_chain_from_atari_on_every_surface() {
    for surface in Surface::ALL {
        let (cells, stone, _) = chain_in_atari(graph(surface));
        let mut game = SurfaceGame::study(surface, &cells, Color::White, 1).unwrap();
        // Saving two stones on a 162-point board moves the random playouts' result by a
        // few points only: it takes the strongest budget to see it.
        let report = search(
            &Root::from_game(&game).unwrap(),
            limits(Level::Strong.playouts()),
            &NO_CANCEL,
        );
        game.apply(report.best).unwrap();
        assert!(
            game.go_board().liberty_count(stone) >= 2,
            "{surface:?}: {:?} leaves the chain in atari",
            report.best
        );
    }
}

#[test]
fn never_fills_its_own_eyes_and_passes_when_nothing_else_is_left() {
    for surface in Surface::ALL {
        let g = graph(surface);
        let first = (0..g.len() as Point)
            .find(|&p| g.neighbors(p).len() == 4)
            .unwrap();
        let second = (0..g.len() as Point)
            .rev()
            .find(|&p| g.neighbors(p).len() == 4 && !g.neighbors(p).contains(&first))
            .unwrap();
        let mut cells = vec![1u8; g.len()];
        cells[first as usize] = 0;
        cells[second as usize] = 0;
        let game = SurfaceGame::study(surface, &cells, Color::Black, 1).unwrap();
        for level in Level::ALL.into_iter().take(2) {
            let report = search(
                &Root::from_game(&game).unwrap(),
                limits(level.playouts()),
                &NO_CANCEL,
            );
            assert_eq!(report.best, Action::Pass, "{surface:?} {level:?}");
            assert_eq!(report.candidates.len(), 1, "only the pass is a candidate");
        }
    }
}

#[test]
fn a_seed_and_a_budget_give_the_same_report() {
    for (name, root, _, _) in surface_roots(Color::White) {
        let a = search(&root, limits(300), &NO_CANCEL);
        let b = search(&root, limits(300), &NO_CANCEL);
        assert_eq!(a, b, "{name}");
        let visits: u32 = a.candidates.iter().map(|c| c.visits).sum();
        assert_eq!(visits, 300, "every playout passes through one candidate");
    }
}

#[test]
fn candidates_are_the_legal_placements_without_own_eyes_plus_the_pass() {
    let game = SurfaceGame::new(Surface::Mobius, 1).unwrap();
    let root = Root::from_game(&game).unwrap();
    let report = search(&root, limits(50), &NO_CANCEL);
    assert_eq!(report.candidates.len(), game.legal_placements().len() + 1);
    for candidate in &report.candidates {
        assert!(game.probe(&candidate.action).is_ok());
        if candidate.visits == 0 {
            assert_eq!(candidate.win_rate, None);
        }
    }
}

#[test]
fn a_raised_flag_stops_the_search_at_once() {
    let game = SurfaceGame::new(Surface::Klein, 1).unwrap();
    let root = Root::from_game(&game).unwrap();
    let report = search(&root, limits(u32::MAX), &AtomicBool::new(true));
    assert_eq!((report.playouts, report.stop), (0, Stop::Cancelled));
    assert!(game.probe(&report.best).is_ok());

    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(30));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
        Instant::now()
    });
    let report = search(&root, limits(u32::MAX), &cancel);
    let stopped = Instant::now();
    let raised = raiser.join().unwrap();
    assert_eq!(report.stop, Stop::Cancelled);
    assert!(report.playouts > 0);
    // One playout is well under a millisecond even unoptimised; the margin is for a
    // loaded machine's scheduling.
    assert!(stopped.duration_since(raised) < Duration::from_millis(500));
}

#[test]
fn ended_games_and_bad_colorings_are_refused() {
    let mut game = SurfaceGame::new(Surface::Genus2, 1).unwrap();
    game.apply(Action::Pass).unwrap();
    game.apply(Action::Pass).unwrap();
    assert_eq!(Root::from_game(&game).err(), Some(RootError::Ended));
    let square = Graph::square(5);
    let error = Root::from_colorings(&square, &[&[0; 25], &[3; 25]], Color::Black, 0, 1)
        .err()
        .unwrap();
    assert!(matches!(error, RootError::Coloring { index: 1, .. }));
    assert_eq!(
        Root::from_colorings(&square, &[], Color::Black, 0, 1).err(),
        Some(RootError::NoHistory)
    );
}

#[test]
fn the_root_refuses_a_repeated_coloring_compared_in_full() {
    // A ko on 4×4: White captured at 5 (b2); Black may not retake at 6 at once.
    // Rows from the bottom: point = row * 4 + column.
    let square = Graph::square(4);
    let before: [u8; 16] = [0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 2, 0, 0, 0, 0, 0];
    let after: [u8; 16] = [0, 1, 2, 0, 1, 2, 0, 2, 0, 1, 2, 0, 0, 0, 0, 0];
    let root = Root::from_colorings(&square, &[&before, &after], Color::Black, 0, 1).unwrap();
    assert!(
        !root.legal().contains(&6),
        "retaking the ko repeats `before`"
    );
    let fresh = Root::from_colorings(&square, &[&after], Color::Black, 0, 1).unwrap();
    assert!(
        fresh.legal().contains(&6),
        "without that history it is a capture"
    );
}

#[test]
fn levels_have_names_and_growing_budgets() {
    for pair in Level::ALL.windows(2) {
        assert!(pair[0].playouts() < pair[1].playouts());
    }
    for level in Level::ALL {
        assert_eq!(Level::from_name(level.name()), Some(level));
    }
    assert_eq!(Level::from_name("hard"), None);
}
