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

const NEVER: &dyn Fn() -> bool = &|| false;

#[test]
fn think_is_deterministic_for_a_seed_and_reports_win_rate_candidates_and_ownership() {
    for (name, root, stone, last) in surface_roots(Color::Black) {
        let limits = ThinkLimits::deterministic(Level::Steady.playouts(), 7);
        let a = think(&root, &limits, 5, NEVER).unwrap();
        let b = think(&root, &limits, 5, NEVER).unwrap();
        assert_eq!(a, b, "{name}");
        assert_eq!(a.best, Action::Place { at: last }, "{name}");
        assert_eq!(
            (a.playouts, a.stop, a.to_move),
            (2_000, Stop::Budget, Color::Black)
        );
        assert_eq!(a.candidates.len(), 5, "{name}");
        assert!(a.candidates.windows(2).all(|w| w[0].visits >= w[1].visits));
        let rate = a.win_rate.unwrap();
        assert!((0.0..=1.0).contains(&rate), "{name}: {rate}");
        assert_eq!(a.black_win_rate, Some(rate), "Black is to move");
        assert_eq!(a.ownership.len(), root.graph.len());
        assert!(a.ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
        // Black captures the chain in atari: its points end Black's in most playouts.
        assert!(
            a.ownership[stone as usize] > 0.0,
            "{name}: {}",
            a.ownership[stone as usize]
        );
        // The same search as `search` chooses the same move.
        let report = search(
            &root,
            Limits {
                playouts: 2_000,
                seed: 7,
            },
            &NO_CANCEL,
        );
        assert_eq!(report.best, a.best, "{name}");
    }
}

#[test]
fn think_gives_white_its_own_win_rate_and_black_the_complement() {
    let (_, root, _, _) = surface_roots(Color::White).remove(0);
    let a = think(&root, &ThinkLimits::deterministic(300, 3), 3, NEVER).unwrap();
    assert_eq!(a.to_move, Color::White);
    let (mine, black) = (a.win_rate.unwrap(), a.black_win_rate.unwrap());
    assert!((mine + black - 1.0).abs() < 1e-9, "{mine} + {black}");
}

#[test]
fn think_stops_at_once_when_asked_and_at_its_hard_deadline() {
    let game = SurfaceGame::new(Surface::Klein, 1).unwrap();
    let root = Root::from_game(&game).unwrap();
    let limits = ThinkLimits::deterministic(u32::MAX, 1);
    assert_eq!(think(&root, &limits, 5, &|| true), Err(Stopped::Cancelled));

    // A flag raised by another thread ends an endless search.
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(30));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let stopped = think(&root, &limits, 5, &|| {
        cancel.load(std::sync::atomic::Ordering::Relaxed)
    });
    raiser.join().unwrap();
    assert_eq!(stopped, Err(Stopped::Cancelled));

    let deadline = ThinkLimits {
        hard_deadline_ms: Some(0),
        ..limits
    };
    assert_eq!(
        think(&root, &deadline, 5, NEVER),
        Err(Stopped::Deadline { deadline_ms: 0 })
    );
}

#[test]
fn the_soft_budget_answers_with_the_best_move_so_far() {
    let game = SurfaceGame::new(Surface::Mobius, 1).unwrap();
    let root = Root::from_game(&game).unwrap();
    let limits = ThinkLimits {
        soft_budget_ms: Some(0),
        hard_deadline_ms: Some(600_000),
        ..ThinkLimits::deterministic(u32::MAX, 1)
    };
    let analysis = think(&root, &limits, 5, NEVER).unwrap();
    assert_eq!(analysis.stop, Stop::Time);
    assert!(game.probe(&analysis.best).is_ok());
    assert_eq!(analysis.win_rate.is_some(), analysis.playouts > 0);
}

#[test]
fn levels_read_back_from_their_json_names_and_have_summaries() {
    for level in Level::ALL {
        let json = serde_json::to_string(&level).unwrap();
        assert_eq!(json, format!("\"{}\"", level.name()));
        assert_eq!(serde_json::from_str::<Level>(&json).unwrap(), level);
        assert!(!level.summary().is_empty());
    }
    assert_eq!(Level::default(), Level::Steady);
}

/// The playouts skip the superko probe on points no held coloring occupies, so the root
/// must mark every point a coloring of its history ever had a stone on.
#[test]
fn the_root_history_marks_every_point_ever_occupied() {
    let square = Graph::square(3);
    let mut earlier = [0u8; 9];
    earlier[4] = 1;
    let root =
        Root::from_colorings(&square, &[&[0; 9], &earlier, &[0; 9]], Color::Black, 0, 1).unwrap();
    for p in 0..9 {
        assert_eq!(root.history.is_fresh(p), p != 4, "point {p}");
    }
    let mut game = SurfaceGame::new(Surface::Klein, 1).unwrap();
    game.apply(crate::surfaces::rules::Action::Place { at: 5 })
        .unwrap();
    let root = Root::from_game(&game).unwrap();
    for p in 0..game.graph().len() as Point {
        assert_eq!(root.history.is_fresh(p), p != 5, "point {p}");
    }
}
