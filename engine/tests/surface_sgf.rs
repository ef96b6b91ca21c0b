//! SGF export read back by a tiny SGF reader written here from the documented mapping
//! (not from the engine's): the moves equal the line's actions on every surface, and the
//! root names the surface, komi, result and a study's setup.

use canon_engine::go::Color;
use canon_engine::rng::SplitMix64;
use canon_engine::surfaces::sgf::{export, point_from_sgf, point_to_sgf};
use canon_engine::surfaces::{Action, Surface, SurfaceGame, STUDY_LABEL};

type Node = Vec<(String, Vec<String>)>;

/// Reads one game tree without variations: its nodes' properties in order.
fn read_sgf(text: &str) -> Vec<Node> {
    let mut nodes: Vec<Node> = Vec::new();
    let mut chars = text.chars().peekable();
    let mut ident = String::new();
    while let Some(c) = chars.next() {
        match c {
            '(' | ')' | '\n' | ' ' => {}
            ';' => nodes.push(Vec::new()),
            'A'..='Z' => ident.push(c),
            '[' => {
                let mut value = String::new();
                while let Some(v) = chars.next() {
                    match v {
                        '\\' => value.push(chars.next().unwrap()),
                        ']' => break,
                        other => value.push(other),
                    }
                }
                let node = nodes.last_mut().expect("a property outside a node");
                if ident.is_empty() {
                    node.last_mut()
                        .expect("a value without a property")
                        .1
                        .push(value);
                } else {
                    node.push((std::mem::take(&mut ident), vec![value]));
                }
                while chars.peek() == Some(&'\n') {
                    chars.next();
                }
            }
            other => panic!("unexpected {other:?} in SGF"),
        }
    }
    nodes
}

fn property<'a>(node: &'a Node, name: &str) -> Option<&'a [String]> {
    node.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_slice())
}

/// The point at SGF coordinates, by the mapping of docs/formats.md: columns from the
/// left (genus two's chart II from column k), rows from the top.
fn decode(surface: Surface, value: &str) -> u16 {
    let b = value.as_bytes();
    let (column, row) = (usize::from(b[0] - b'a'), usize::from(b[1] - b'a'));
    let ranks = surface.ranks();
    let (sheet, x) = if column >= 10 {
        (1, column - 10)
    } else {
        (0, column)
    };
    let y = ranks - 1 - row;
    (sheet * 81 + 9 * y + x) as u16
}

/// The actions an SGF's move nodes describe, with the colour of each move checked.
fn moves(surface: Surface, nodes: &[Node], first: Color) -> Vec<Action> {
    let mut player = first;
    let mut actions = Vec::new();
    for node in &nodes[1..] {
        let key = if player == Color::Black { "B" } else { "W" };
        let value = &property(node, key).unwrap_or_else(|| panic!("{key} expected: {node:?}"))[0];
        actions.push(if value.is_empty() {
            Action::Pass
        } else {
            Action::Place {
                at: decode(surface, value),
            }
        });
        player = player.opposite();
    }
    actions
}

/// A seeded line of mostly placements, some passes, ending by two passes, resignation
/// or not at all.
fn random_line(mut line: SurfaceGame, seed: u64, ending: usize) -> SurfaceGame {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..80 {
        let legal = line.legal_placements();
        if legal.is_empty() || rng.below(12) == 0 {
            if line.passes() == 1 {
                continue;
            }
            line.apply(Action::Pass).unwrap();
        } else {
            let at = legal[rng.below(legal.len())];
            line.apply(Action::Place { at }).unwrap();
        }
    }
    match ending {
        0 => {
            line.apply(Action::Pass).unwrap();
            if line.outcome().is_none() {
                line.apply(Action::Pass).unwrap();
            }
        }
        1 => {
            line.apply(Action::Resign).unwrap();
        }
        _ => {}
    }
    line
}

#[test]
fn exported_moves_read_back_as_the_line_on_every_surface() {
    for (k, surface) in Surface::ALL.into_iter().enumerate() {
        for ending in 0..3 {
            let game = SurfaceGame::new(surface, 13).unwrap();
            let game = random_line(game, 7 + k as u64 * 10 + ending as u64, ending);
            let sgf = export(&game);
            let nodes = read_sgf(&sgf);
            let root = &nodes[0];
            let (w, h) = match surface {
                Surface::Mobius => (9, 11),
                Surface::Klein => (9, 18),
                Surface::Genus2 => (19, 9),
            };
            assert_eq!(property(root, "SZ").unwrap(), [format!("{w}:{h}")]);
            assert_eq!(property(root, "XS").unwrap(), [surface.variant()]);
            assert_eq!(property(root, "XG").unwrap(), [surface.id()]);
            assert_eq!(property(root, "KM").unwrap(), ["6.5"]);
            assert!(property(root, "C").unwrap()[0].contains(surface.id()));
            let mut expected = game.actions().to_vec();
            if expected.last() == Some(&Action::Resign) {
                expected.pop();
            }
            assert_eq!(
                moves(surface, &nodes, Color::Black),
                expected,
                "{surface:?}"
            );
            let result = property(root, "RE").map(|v| v[0].clone());
            match ending {
                0 => {
                    let score = game.outcome().unwrap().score;
                    let d = score.difference_half_points;
                    let margin = if d.abs() % 2 == 0 {
                        format!("{}", d.abs() / 2)
                    } else {
                        format!("{}.5", d.abs() / 2)
                    };
                    let side = if d > 0 { "B" } else { "W" };
                    assert_eq!(result, Some(format!("{side}+{margin}")));
                }
                1 => {
                    let loser_was_black = game.actions().len() % 2 == 1;
                    let winner = if loser_was_black { "W+R" } else { "B+R" };
                    assert_eq!(result.as_deref(), Some(winner));
                }
                _ => assert_eq!(result, None),
            }
        }
    }
}

#[test]
fn a_study_exports_its_diagram_as_setup_and_says_it_is_a_study() {
    for surface in Surface::ALL {
        let mut diagram = vec![0u8; surface.points()];
        for (k, cell) in diagram.iter_mut().enumerate() {
            if k % 7 == 3 {
                *cell = 1;
            } else if k % 11 == 5 {
                *cell = 2;
            }
        }
        let study = SurfaceGame::study(surface, &diagram, Color::White, -4).unwrap();
        let study = random_line(study, 99, 2);
        let nodes = read_sgf(&export(&study));
        let root = &nodes[0];
        let stones = |name: &str| -> Vec<u16> {
            let mut points: Vec<u16> = property(root, name)
                .unwrap()
                .iter()
                .map(|v| decode(surface, v))
                .collect();
            points.sort_unstable();
            points
        };
        let of = |cell: u8| -> Vec<u16> {
            (0..diagram.len())
                .filter(|&p| diagram[p] == cell)
                .map(|p| p as u16)
                .collect()
        };
        assert_eq!(stones("AB"), of(1));
        assert_eq!(stones("AW"), of(2));
        assert_eq!(property(root, "PL").unwrap(), ["W"]);
        assert_eq!(property(root, "KM").unwrap(), ["-2"]);
        assert!(property(root, "C").unwrap()[0].contains(STUDY_LABEL));
        assert_eq!(moves(surface, &nodes, Color::White), study.actions());
    }
}

#[test]
fn an_analysis_exports_the_game_prefix_and_its_own_moves() {
    let surface = Surface::Genus2;
    let game = random_line(SurfaceGame::new(surface, 1).unwrap(), 5, 2);
    let mut analysis = game.analysis_at(20).unwrap();
    analysis.apply(Action::Pass).unwrap();
    let nodes = read_sgf(&export(&analysis));
    assert_eq!(moves(surface, &nodes, Color::Black), analysis.actions());
    assert!(property(&nodes[0], "C").unwrap()[0].contains("the first 20 moves"));
}

#[test]
fn sgf_coordinates_count_rows_from_the_top_and_skip_column_j_on_genus_two() {
    let mobius = Surface::Mobius;
    assert_eq!(point_to_sgf(mobius, 0).unwrap(), "ak", "a1 is bottom left");
    assert_eq!(point_to_sgf(mobius, 98).unwrap(), "ia", "i11 is top right");
    let genus = Surface::Genus2;
    assert_eq!(point_to_sgf(genus, 81).unwrap(), "ki", "II:a1");
    assert_eq!(point_from_sgf(genus, "ja"), None, "column j is not a point");
    assert_eq!(point_from_sgf(genus, "ta"), None);
    for surface in Surface::ALL {
        for p in 0..surface.points() as u16 {
            let text = point_to_sgf(surface, p).unwrap();
            assert_eq!(point_from_sgf(surface, &text), Some(p));
            assert_eq!(decode(surface, &text), p);
        }
        assert_eq!(point_to_sgf(surface, surface.points() as u16), None);
    }
}

#[test]
fn text_values_are_escaped() {
    // The study label and comments contain no bracket, but the reader handles escapes:
    let nodes = read_sgf("(;C[a \\] b \\\\ c];B[aa])");
    assert_eq!(property(&nodes[0], "C").unwrap(), ["a ] b \\ c"]);
}
